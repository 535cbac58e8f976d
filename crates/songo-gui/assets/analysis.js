// Analysis: a board to set up, step through and explore, with the
// engine's lines live, an evaluation bar, the opening book's moves
// (explorer.js), the tablebases' verdicts, and records loaded and saved. The server holds the board's game; this
// module shows it and sends what the person does.

import { $, $$, el, LETTERS, server, moveLabel, VARIANT_NAMES } from "./util.js";
import { tell, tellSay, tellAttr } from "./i18n.js";
import { createBoard } from "./board.js";
import { createExplorer } from "./explorer.js";
import { loadRecord } from "./transport.js";
import { timingOfForm } from "./play.js";

/** Where the board's game comes from (the view's `origin.kind`). */
const ORIGINS = {
  start: "origin-start",
  "set-up": "origin-set-up",
  play: "origin-play",
  record: "origin-record",
  games: "origin-games",
};

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

  /** Says `id` (with `args`) under the board; nothing: clears it. */
  const message = (id, args) => {
    tell($("[data-testid=analysis-message]"), id, args);
  };
  /** The room's `Say` under the board. */
  const messageRoom = (said) => tellSay($("[data-testid=analysis-message]"), said);
  /** A refused position, under the Set up button where it was asked
   *  (issue 38, defect 5). */
  const setUpMessage = (said) => tellSay($("[data-testid=set-up-message]"), said);
  /** A record's refusal goes with the next thing done on the board. */
  const clearOldErrors = () => {
    const out = $("[data-testid=record-message]");
    if (out.dataset.ok === "false") recordMessage(null);
    tell($("[data-testid=set-up-message]"), null);
  };
  /** What became of a record loaded or saved (a catalogue id, or the
   *  room's `Say`); `ok` false for a refusal. */
  const recordMessage = (id, args, ok = true) => {
    const out = $("[data-testid=record-message]");
    tell(out, id, args);
    out.dataset.ok = String(ok);
  };
  const recordMessageRoom = (said, ok) => {
    const out = $("[data-testid=record-message]");
    tellSay(out, said);
    out.dataset.ok = String(ok);
  };
  const send = (m) => {
    if (!server.send(m)) message("not-connected");
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
    const p = v.origin.players;
    const names = p ? { south: p[0], north: p[1] } : {};
    board.players(names, v.captured, v.result ? null : v.to_move);
    if (moved) message(null);

    // Moves as the move list numbers them: "after 18… g".
    const status = $("[data-testid=analysis-status]");
    tell(status, "analysis-where", {
      over: v.result ? "yes" : "no",
      side: v.to_move,
      variant: { id: VARIANT_NAMES[v.variant] },
      at: v.ply === 0 ? "start" : "move",
      move: v.ply === 0 ? "" : moveLabel(v.start, v.ply, v.moves[v.ply - 1]),
    });

    const result = $("[data-testid=analysis-result]");
    result.hidden = !v.result;
    if (v.result) {
      tell(result, "analysis-result", {
        score: v.result.score,
        reason: v.result.reason,
        south: v.result.scores[0],
        north: v.result.scores[1],
      });
    } else {
      tell(result, null);
    }

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
    const startSpan = el("span", { class: "move", "data-ply": "0" });
    tell(startSpan, "moves-start");
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
    tell($("[data-testid=analysis-origin]"), ORIGINS[o.kind], {
      named: o.players ? "yes" : "no",
      south: o.players ? o.players[0] : "",
      north: o.players ? o.players[1] : "",
      changed: o.modified ? "yes" : "no",
      name: o.name || "",
      game: o.game || 0,
      games: o.games.length,
    });
    const select = $("[data-testid=record-game]");
    select.closest("label").hidden = !["record", "games"].includes(o.kind) || o.games.length < 2;
    select.replaceChildren(
      ...o.games.map((g) => {
        const option = el("option", { value: String(g.index) });
        tell(option, "record-game-option", {
          index: g.index,
          south: g.players[0],
          north: g.players[1],
          result: g.result,
          moves: Math.ceil(g.plies / 2),
        });
        return option;
      }),
    );
    if (o.game) select.value = String(o.game);
  }

  function renderEngine(v) {
    const status = $("[data-testid=analysis-engine]");
    status.dataset.status = v.engine_status;
    const failed = v.engine_status === "failed";
    const engine = { engine: v.engine };
    if (failed) tellSay(status, v.engine_message);
    else if (v.engine_status === "thinking") tell(status, "analyst-thinking", engine);
    // A review keeps the engine busy: no lines come meanwhile.
    else if (v.engine_status === "reviewing") tell(status, "analyst-reviewing", engine);
    else tell(status, v.running && !v.result ? "analyst-idle" : "analyst-off", engine);
    $("[data-testid=restart-analyst]").hidden = !failed;
    $("[data-testid=multipv]").value = String(v.lines_wanted);
  }

  /** "depth 14/20", or "forced" when the search reached every end. */
  function lineDepth(span, l) {
    if (l.forced) tell(span, "line-forced");
    else if (l.depth === null) tell(span, null);
    else tell(span, "line-depth", { depth: l.depth, seldepth: l.seldepth || 0 });
  }

  function renderLines(lines) {
    const list = $("[data-testid=analysis-lines]");
    const mover = { side: view ? view.to_move : "south" };
    list.replaceChildren(
      ...lines.map((l) => {
        const s = l.score;
        const li = el("li", {
          "data-multipv": String(l.multipv),
          "data-depth": l.depth === null ? "" : String(l.depth),
          "data-score": s ? s.text : "",
          "data-pv": l.pv.join(" "),
        });
        const score = el("strong", { class: "line-score" });
        if (s) tell(score, "line-score", { bound: s.bound, score: s.say, ...mover });
        else score.append(el("span", { "data-l10n-none": "" }, "?"));
        const depth = el("span", { class: "line-depth" });
        lineDepth(depth, l);
        const wdl = el("span", { class: "line-wdl" });
        if (s) {
          tell(wdl, "line-wdl", { win: pct(s.wdl[0]), draw: pct(s.wdl[1]), loss: pct(s.wdl[2]), ...mover });
        }
        li.append(score, depth, wdl, el("span", { class: "line-pv", "data-l10n-none": "" }, l.pv.join(" ")));
        return li;
      }),
    );
    // The bar follows the best line.
    const best = lines.find((l) => l.multipv === 1);
    const bar = $("[data-testid=eval-bar]");
    if (best && best.score) {
      const south = best.score.south;
      bar.dataset.south = String(south);
      bar.dataset.text = best.score.south_text;
      // North's share of the bar, from the top.
      const north = 50 - (50 * Math.max(-BAR_RANGE, Math.min(BAR_RANGE, south))) / BAR_RANGE;
      $(".eval-north", bar).style.height = `${north}%`;
      tellSay($("[data-testid=eval-text]"), best.score.south_say);
      tellAttr(bar, "title", "eval-bar-south", { score: best.score.south_say });
    } else {
      bar.dataset.south = "";
      bar.dataset.text = "";
      $(".eval-north", bar).style.height = "50%";
      tell($("[data-testid=eval-text]"), null);
    }
  }

  function renderTablebase(tb) {
    const panel = $("[data-testid=tablebase]");
    panel.hidden = !tb;
    if (!tb) return;
    panel.dataset.verdict = tb.worst ? (tb.worst === tb.best ? tb.worst : `${tb.worst}-${tb.best}`) : "";
    if (tb.verdict) tellSay($("[data-testid=tb-verdict]"), tb.verdict);
    else tell($("[data-testid=tb-verdict]"), "tb-no-verdict", { why: tb.note });
    $("[data-testid=tb-moves]").replaceChildren(
      ...tb.moves.map((m) => {
        const result = m.worst ? (m.worst === m.best ? m.worst : `${m.worst}-${m.best}`) : "";
        const li = el("li", { "data-move": m.pit, "data-result": result });
        tell(li, "tb-move", { pit: m.pit, worst: m.worst || "none", best: m.best || "none" });
        return li;
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
  for (const [side, letters] of [
    ["north", "gfedcba"],
    ["south", "ABCDEFG"],
  ]) {
    // One row of seven, whatever the width (it wrapped one pit at 1280 px).
    const row = el("div", { class: "editor-row pits" }, "");
    const name = el("span", { class: "editor-label" });
    tell(name, "side-name", { side });
    row.append(name);
    for (const l of letters) {
      const cell = el("label", { class: "editor-pit" });
      cell.append(el("span", { "data-l10n-none": "" }, l), number(l));
      row.append(cell);
    }
    grid.append(row);
  }
  const extra = el("div", { class: "editor-row" });
  for (const side of ["south", "north"]) {
    const cell = el("label", { class: "editor-pit wide" });
    const name = el("span", {});
    tell(name, "editor-captured", { side });
    cell.append(name, number(`captured-${side}`));
    extra.append(cell);
  }
  const toMove = el("select", { "data-edit": "side" });
  for (const [value, side] of [
    ["s", "south"],
    ["n", "north"],
  ]) {
    const option = el("option", { value });
    tell(option, "editor-to-move", { side });
    toMove.append(option);
  }
  extra.append(toMove);
  for (const side of ["south", "north"]) {
    const box = el("input", { type: "checkbox", "data-edit": `unplayed-${side}` });
    const label = el("label", { class: "check" });
    const text = el("span", {});
    tell(text, "editor-unplayed", { side });
    label.append(box, " ", text);
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
      const captured = bad.startsWith("captured");
      tell(out, "editor-bad-count", {
        text: inputs[bad].value.trim(),
        what: captured ? "captured" : "pit",
        side: captured ? bad.slice(9) : "",
        pit: captured ? "" : bad,
      });
      return;
    }
    tell(out, "editor-total", { total: sum, state: sum === 70 ? "ok" : sum < 70 ? "short" : "over", diff: Math.abs(70 - sum) });
  }

  function setUp(position) {
    message(null);
    clearOldErrors();
    send({ type: "set-up", variant: $("[data-testid=analysis-variant]").value, position });
  }

  function play(letter) {
    if (!view || !view.legal.includes(letter)) return explain(letter);
    message(null);
    clearOldErrors();
    // The board it was chosen on (its ply, the view's id): the room
    // refuses it if the board changed before it arrived (a double click,
    // another position set up meanwhile).
    send({ type: "analysis-move", pit: letter, ply: view.ply, id: view.id });
  }

  function explain(letter) {
    if (!view) return;
    if (view.result) message("pit-refused", { pit: letter, why: { id: "game-over" } });
    // The server says why (it knows the rules).
    else send({ type: "analysis-move", pit: letter, ply: view.ply, id: view.id });
  }

  const goto = (ply) => {
    if (!view) return;
    clearOldErrors();
    send({ type: "goto", ply: Math.max(0, Math.min(view.moves.length, ply)) });
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
    recordMessage("record-reading", { file: file.name });
    try {
      const answer = await loadRecord(file, {
        name: file.name,
        variant: $("[data-testid=analysis-variant]").value,
      });
      if (answer.ok) recordMessage("record-read", { file: file.name, games: answer.games });
      else recordMessageRoom(answer.message, false);
    } catch (error) {
      console.error(error);
      recordMessage("record-not-sent", { file: file.name }, false);
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
    messageRoom,
    setUpMessage,
    recordMessage,
    recordMessageRoom,
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

/** Per mille as a whole per cent (the catalogue writes the sign). */
const pct = (permille) => Math.round(permille / 10);
