// Analysis: a board to set up, step through and explore, with the
// engine's lines live, an evaluation bar, the opening book's moves
// (explorer.js), the tablebases' verdicts, and records loaded and saved. The server holds the board's game; this
// module shows it and sends what the person does.

import { $, $$, el, LETTERS, server, sideName } from "./util.js";
import { createBoard } from "./board.js";
import { createExplorer } from "./explorer.js";
import { loadRecord } from "./transport.js";
import { timingOfForm } from "./play.js";

/** The bar is full at this many centiseeds (score.rs, BAR_RANGE). */
const BAR_RANGE = 1500;

export function initAnalysis({ onSaved, showPlay }) {
  const root = $("[data-testid=analysis-board]");
  const board = createBoard(root, {
    pitAttr: "data-analysis-pit",
    slotAttr: "data-analysis-slot",
    capturedHook: "analysis-captured",
    onPit: play,
    onExplain: explain,
  });
  // A book move is played as a click on its pit would play it.
  const explorer = createExplorer({ onPlay: play });
  let view = null;
  let flipped = false;
  /** A pit to show as the better move, at a ply (from the review). */
  let suggestion = null;

  const message = (text) => {
    $("[data-testid=analysis-message]").textContent = text;
  };
  /** What became of a record loaded or saved; `ok` false for a refusal. */
  const recordMessage = (text, ok = true) => {
    const out = $("[data-testid=record-message]");
    out.textContent = text;
    out.dataset.ok = String(ok);
  };
  const send = (m) => {
    if (!server.send(m)) message("Not connected to the server.");
  };

  /** The board's variant the set-up form last followed. */
  let shownVariant = null;

  function render(v) {
    const moved = !view || view.id !== v.id;
    // Another game: the review's suggestion was for the old one.
    if (!view || view.start !== v.start || view.moves.join(" ") !== v.moves.join(" ")) suggestion = null;
    view = v;
    root.dataset.position = v.position;
    root.dataset.ply = String(v.ply);
    root.dataset.plies = String(v.moves.length);
    root.dataset.moves = v.moves.join(" ");
    root.dataset.variant = v.variant;
    root.dataset.start = v.start;
    root.dataset.toMove = v.to_move;
    board.layout(flipped ? "north" : "south");
    board.draw(v.pits);
    const hint = suggestion && suggestion.ply === v.ply ? suggestion.pit : null;
    board.mark({ counts: v.pits, legal: v.legal, last: v.last, hint });
    const names = v.origin.south ? { south: v.origin.south, north: v.origin.north } : {};
    board.players(names, v.captured, v.result ? null : v.to_move);
    if (moved) message("");

    const status = $("[data-testid=analysis-status]");
    const where = v.ply === 0 ? "start" : `after ${v.ply} of ${v.moves.length} moves`;
    status.textContent = v.result
      ? `Game over (${where})`
      : `${sideName(v.to_move)} to move · ${v.variant} · ${where}`;

    const result = $("[data-testid=analysis-result]");
    result.hidden = !v.result;
    result.textContent = v.result
      ? `${v.result.score}: ${v.result.reason}. Final score South ${v.result.scores[0]} – North ${v.result.scores[1]}.`
      : "";

    $("[data-testid=nav-first]").disabled = v.ply === 0;
    $("[data-testid=nav-prev]").disabled = v.ply === 0;
    $("[data-testid=nav-next]").disabled = v.ply >= v.moves.length;
    $("[data-testid=nav-last]").disabled = v.ply >= v.moves.length;
    $("[data-testid=play-from-here]").disabled = Boolean(v.result);

    renderMoves(v);
    renderOrigin(v);
    renderEngine(v);
    renderLines(v.lines);
    explorer.render(v.book, v);
    renderTablebase(v.tablebase);
    if (!$("[data-testid=editor]").open) fillEditor(v);
    // The set-up form follows the board when its variant changes, not at
    // every update: a variant just picked by hand stays picked.
    if (v.variant !== shownVariant) {
      $("[data-testid=analysis-variant]").value = v.variant;
      shownVariant = v.variant;
    }
  }

  function renderMoves(v) {
    const list = $("[data-testid=analysis-moves]");
    const items = [];
    const start = el("li", { class: "start", value: "0" });
    const startSpan = el("span", { class: "move", "data-ply": "0" }, "start");
    start.append(startSpan);
    items.push(start);
    const offset = v.start.split(" ")[1] === "n" ? 1 : 0;
    for (let i = -offset; i < v.moves.length; i += 2) {
      const li = el("li", { value: String((i + offset) / 2 + 1) });
      for (const j of [i, i + 1]) {
        if (j >= v.moves.length) break;
        const span = el("span", { class: "move" }, j < 0 ? "…" : v.moves[j]);
        if (j >= 0) span.dataset.ply = String(j + 1);
        li.append(span);
      }
      items.push(li);
    }
    list.replaceChildren(...items);
    for (const span of $$("[data-ply]", list)) {
      span.classList.toggle("current", Number(span.dataset.ply) === v.ply);
    }
    // The move shown in sight (a record opens at its last move): the list
    // scrolls, not the page.
    const current = $(".current", list);
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }

  function renderOrigin(v) {
    const o = v.origin;
    const players = o.south ? ` (South ${o.south}, North ${o.north})` : "";
    const changed = o.modified ? ", changed" : "";
    const text = {
      start: "The start position.",
      "set-up": "A position set up.",
      play: `The game played${players}${changed}.`,
      record: `${o.name}, game ${o.game} of ${o.games.length}${players}${changed}.`,
    }[o.kind];
    $("[data-testid=analysis-origin]").textContent = text || "";
    const select = $("[data-testid=record-game]");
    select.closest("label").hidden = o.kind !== "record" || o.games.length < 2;
    select.replaceChildren(
      ...o.games.map((g) =>
        el("option", { value: String(g.index) }, `${g.index}. ${g.south} – ${g.north} ${g.result} (${g.plies} moves)`),
      ),
    );
    if (o.game) select.value = String(o.game);
  }

  function renderEngine(v) {
    const status = $("[data-testid=analysis-engine]");
    status.dataset.status = v.engine_status;
    const failed = v.engine_status === "failed";
    if (failed) status.textContent = v.engine_message;
    else if (v.engine_status === "thinking") status.textContent = `${v.engine} is analysing…`;
    // A review keeps the engine busy: no lines come meanwhile.
    else if (v.engine_status === "reviewing") status.textContent = `${v.engine} is reviewing the game; the analysis waits.`;
    else status.textContent = v.running && !v.result ? `${v.engine} is idle.` : `${v.engine}: off.`;
    $("[data-testid=restart-analyst]").hidden = !failed;
    $("[data-testid=multipv]").value = String(v.lines_wanted);
  }

  /** "depth 14/20", or "forced" when the search reached every end. */
  function lineDepth(l) {
    if (l.forced) return "forced";
    return l.depth === null ? "" : `depth ${l.depth}${l.seldepth ? "/" + l.seldepth : ""}`;
  }

  function renderLines(lines) {
    const list = $("[data-testid=analysis-lines]");
    const mover = view ? sideName(view.to_move) : "";
    list.replaceChildren(
      ...lines.map((l) => {
        const s = l.score;
        const bound = s && s.bound !== "exact" ? (s.bound === "lower" ? "≥ " : "≤ ") : "";
        const li = el("li", {
          "data-multipv": String(l.multipv),
          "data-depth": l.depth === null ? "" : String(l.depth),
          "data-score": s ? s.text : "",
          "data-pv": l.pv.join(" "),
        });
        const wdl = s ? `W ${pct(s.wdl[0])} D ${pct(s.wdl[1])} L ${pct(s.wdl[2])}` : "";
        li.append(
          el("strong", { class: "line-score", title: `for ${mover}` }, s ? bound + s.text : "?"),
          el("span", { class: "line-depth" }, lineDepth(l)),
          el("span", { class: "line-wdl", title: `win/draw/loss for ${mover}` }, wdl),
          el("span", { class: "line-pv" }, l.pv.join(" ")),
        );
        return li;
      }),
    );
    // The bar follows the best line.
    const best = lines.find((l) => l.multipv === 1);
    const bar = $("[data-testid=eval-bar]");
    if (best && best.score) {
      const south = best.score.south;
      bar.dataset.south = String(south);
      const forSouth = best.score.south_text;
      bar.dataset.text = forSouth;
      // North's share of the bar, from the top.
      const north = 50 - (50 * Math.max(-BAR_RANGE, Math.min(BAR_RANGE, south))) / BAR_RANGE;
      $(".eval-north", bar).style.height = `${north}%`;
      $("[data-testid=eval-text]").textContent = forSouth;
      bar.title = `South: ${forSouth}`;
    } else {
      bar.dataset.south = "";
      bar.dataset.text = "";
      $(".eval-north", bar).style.height = "50%";
      $("[data-testid=eval-text]").textContent = "";
    }
  }

  function renderTablebase(tb) {
    const panel = $("[data-testid=tablebase]");
    panel.hidden = !tb;
    if (!tb) return;
    panel.dataset.verdict = tb.worst ? (tb.worst === tb.best ? tb.worst : `${tb.worst}-${tb.best}`) : "";
    $("[data-testid=tb-verdict]").textContent = tb.verdict
      ? `${view ? sideName(view.to_move) : ""}: ${tb.verdict}`
      : `No verdict: ${tb.note}.`;
    $("[data-testid=tb-moves]").replaceChildren(
      ...tb.moves.map((m) => {
        const result = m.worst ? (m.worst === m.best ? m.worst : `${m.worst}-${m.best}`) : "";
        return el("li", { "data-move": m.pit, "data-result": result }, `${m.pit}: ${result || "not in the tables"}`);
      }),
    );
  }

  function onLines(m) {
    if (view && m.id === view.id) {
      view.lines = m.lines;
      renderLines(m.lines);
    }
  }

  // The position editor: fourteen pits, the captured seeds, the side to
  // move and the pit-7 flags; the total is checked as the person types,
  // the position string is judged by the server.
  const grid = $("[data-testid=editor-grid]");
  const inputs = {};
  const number = (key) => {
    const input = el("input", { type: "number", min: "0", max: "70", step: "1", inputmode: "numeric", "data-edit": key });
    input.addEventListener("input", total);
    inputs[key] = input;
    return input;
  };
  for (const [label, letters] of [
    ["North", "gfedcba"],
    ["South", "ABCDEFG"],
  ]) {
    // One row of seven, whatever the width (it wrapped one pit at 1280 px).
    const row = el("div", { class: "editor-row pits" }, "");
    row.append(el("span", { class: "editor-label" }, label));
    for (const l of letters) {
      const cell = el("label", { class: "editor-pit" }, l);
      cell.append(number(l));
      row.append(cell);
    }
    grid.append(row);
  }
  const extra = el("div", { class: "editor-row" });
  for (const side of ["south", "north"]) {
    const cell = el("label", { class: "editor-pit wide" }, `${sideName(side)} captured`);
    cell.append(number(`captured-${side}`));
    extra.append(cell);
  }
  const toMove = el("select", { "data-edit": "side" });
  toMove.append(el("option", { value: "s" }, "South to move"), el("option", { value: "n" }, "North to move"));
  extra.append(toMove);
  for (const side of ["south", "north"]) {
    const box = el("input", { type: "checkbox", "data-edit": `unplayed-${side}` });
    const label = el("label", { class: "check" });
    label.append(box, document.createTextNode(` ${sideName(side)}'s pit 7 not played yet`));
    inputs[`unplayed-${side}`] = box;
    extra.append(label);
  }
  grid.append(extra);

  function fillEditor(v) {
    v.pits.forEach((n, i) => {
      inputs[LETTERS[i]].value = String(n);
    });
    inputs["captured-south"].value = String(v.captured[0]);
    inputs["captured-north"].value = String(v.captured[1]);
    const fields = v.position.split(" ");
    toMove.value = fields[1];
    inputs["unplayed-south"].checked = fields[4].includes("G");
    inputs["unplayed-north"].checked = fields[4].includes("g");
    total();
  }

  /** The editor's fields as a position string (as typed: the server
   *  explains any bad count). */
  function editedPosition() {
    const row = (letters) => [...letters].map((l) => inputs[l].value.trim() || "0").join(",");
    const flags =
      (inputs["unplayed-south"].checked ? "G" : "") + (inputs["unplayed-north"].checked ? "g" : "") || "-";
    return `${row("ABCDEFG")}/${row("abcdefg")} ${toMove.value} ${inputs["captured-south"].value.trim() || "0"} ${
      inputs["captured-north"].value.trim() || "0"
    } ${flags}`;
  }

  /** The first count that is not a whole number of seeds (0–70), if any. */
  function badCount() {
    const keys = [...LETTERS, "captured-south", "captured-north"];
    return keys.find((k) => {
      const text = inputs[k].value.trim();
      return text !== "" && !/^[0-9]+$/.test(text);
    });
  }

  function total() {
    const keys = [...LETTERS, "captured-south", "captured-north"];
    const sum = keys.reduce((acc, k) => acc + (Number(inputs[k].value) || 0), 0);
    const out = $("[data-testid=editor-total]");
    const bad = badCount();
    out.dataset.total = String(sum);
    out.classList.toggle("bad", sum !== 70 || bad !== undefined);
    $("[data-testid=editor-apply]").disabled = bad !== undefined;
    if (bad !== undefined) {
      const what = bad.startsWith("captured") ? `${sideName(bad.slice(9))}'s captured seeds` : `pit ${bad}`;
      out.textContent = `${inputs[bad].value.trim()} is not a number of seeds for ${what}: whole seeds only.`;
      return;
    }
    out.textContent =
      sum === 70
        ? "70 seeds in all, as every variant has."
        : `${sum} seeds in all: every variant has 70, ${sum < 70 ? `add ${70 - sum}` : `remove ${sum - 70}`}.`;
  }

  function setUp(position) {
    message("");
    send({ type: "set-up", variant: $("[data-testid=analysis-variant]").value, position });
  }

  function play(letter) {
    if (!view || !view.legal.includes(letter)) return explain(letter);
    message("");
    // The board it was chosen on (its ply, the view's id): the room
    // refuses it if the board changed before it arrived (a double click,
    // another position set up meanwhile).
    send({ type: "analysis-move", pit: letter, ply: view.ply, id: view.id });
  }

  function explain(letter) {
    if (!view) return;
    if (view.result) message(`Pit ${letter}: the game is over.`);
    // The server says why (it knows the rules).
    else send({ type: "analysis-move", pit: letter, ply: view.ply, id: view.id });
  }

  const goto = (ply) => {
    if (view) send({ type: "goto", ply: Math.max(0, Math.min(view.moves.length, ply)) });
  };

  $("[data-testid=set-up-form]").addEventListener("submit", (event) => {
    event.preventDefault();
    setUp($("[data-testid=position-input]").value);
  });
  $("[data-testid=editor-apply]").addEventListener("click", () => {
    const position = editedPosition();
    $("[data-testid=position-input]").value = position;
    setUp(position);
  });
  $("[data-testid=nav-first]").addEventListener("click", () => goto(0));
  $("[data-testid=nav-prev]").addEventListener("click", () => view && goto(view.ply - 1));
  $("[data-testid=nav-next]").addEventListener("click", () => view && goto(view.ply + 1));
  $("[data-testid=nav-last]").addEventListener("click", () => view && goto(view.moves.length));
  $("[data-testid=analysis-flip]").addEventListener("click", () => {
    flipped = !flipped;
    if (view) render(view);
  });
  $("[data-testid=analysis-moves]").addEventListener("click", (event) => {
    const span = event.target.closest("[data-ply]");
    if (span) goto(Number(span.dataset.ply));
  });
  $("[data-testid=play-from-here]").addEventListener("click", () => {
    // The level and the clock chosen in Play's form, even without a new
    // game started.
    send({ type: "play-from-here", level: Number($("[data-testid=level]").value), ...timingOfForm() });
    showPlay();
  });
  $("[data-testid=multipv]").addEventListener("change", () => switchEngine());
  $("[data-testid=analyse]").addEventListener("change", () => switchEngine());
  $("[data-testid=restart-analyst]").addEventListener("click", () => send({ type: "restart-analyst" }));
  $("[data-testid=record-game]").addEventListener("change", (event) => {
    send({ type: "load-game", index: Number(event.target.value) });
  });
  $("[data-testid=save-analysis]").addEventListener("click", () => {
    onSaved("analysis");
    send({ type: "save", game: "analysis" });
  });
  $("[data-testid=load-record]").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    recordMessage(`Reading ${file.name}…`);
    try {
      const answer = await loadRecord(file, {
        name: file.name,
        variant: $("[data-testid=analysis-variant]").value,
      });
      recordMessage(
        answer.ok
          ? `${file.name}: ${answer.games} game${answer.games === 1 ? "" : "s"}, every move checked.`
          : answer.message,
        answer.ok,
      );
    } catch (error) {
      recordMessage(`${file.name} could not be sent: ${error.message}.`, false);
    }
  });

  /** Live analysis on or off: on while this mode is shown and the box ticked. */
  let shown = false;
  function switchEngine() {
    // Not connected yet: app.js asks again once the socket is open.
    const message = { type: "analyse", on: shown && $("[data-testid=analyse]").checked };
    // Until the room's board has come, the select shows only its default:
    // the room's own count of lines (restored after a reload) stays.
    if (view) message.lines = Number($("[data-testid=multipv]").value);
    server.send(message);
  }

  return {
    render,
    onLines,
    message,
    recordMessage,
    goto,
    /** The better move of a reviewed move, shown at the ply before it. */
    suggest(ply, pit) {
      suggestion = pit ? { ply, pit } : null;
      goto(ply);
    },
    show(active) {
      shown = active;
      switchEngine();
    },
    onKey(event) {
      if (!view) return false;
      const steps = { ArrowLeft: view.ply - 1, ArrowRight: view.ply + 1, Home: 0, End: view.moves.length };
      if (!(event.key in steps)) return false;
      goto(steps[event.key]);
      return true;
    },
  };
}

const pct = (permille) => `${Math.round(permille / 10)}%`;
