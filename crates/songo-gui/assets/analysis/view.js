// The analysis board's view: draws the state (state.js) into the page:
// the board and its hooks, where the board is, the move list, the game's
// origin, the engine's lines and the evaluation bar, the tablebases, the
// explorer (explorer.js) and the position editor (editor.js). Every element
// of the mode but the review's is looked up here.

import { $, $$, el, find, moveLabel, VARIANT_NAMES } from "../util.js";
import { tell, tellSay, tellAttr } from "../i18n.js";
import { createBoard } from "../board.js";
import { createExplorer } from "./explorer.js";
import { createEditor } from "./editor.js";

/** @typedef {import("../room.js").AnalysisView} AnalysisView */
/** @typedef {import("../room.js").LineView} LineView */
/** @typedef {import("../room.js").TbView} TbView */
/** @typedef {import("../room.js").Say} Say */
/** @typedef {import("./state.js").AnalysisState} AnalysisState */

/** Where the board's game comes from (the view's `origin.kind`).
 *  @type {Record<string, string>} */
const ORIGINS = {
  start: "origin-start",
  "set-up": "origin-set-up",
  play: "origin-play",
  record: "origin-record",
  games: "origin-games",
};

/** The bar is full at this many centiseeds (score.rs, BAR_RANGE). */
const BAR_RANGE = 1500;

/** Per mille as a whole per cent (the catalogue writes the sign).
 *  @param {number} permille */
const pct = (permille) => Math.round(permille / 10);

/** An element of the page by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);
/** @param {string} id */
const button = (id) => find(`[data-testid=${id}]`, HTMLButtonElement);

/**
 * What the person does, for the panel.
 * @typedef {object} AnalysisActions
 * @property {(letter: string) => void} onPit a pit clicked or typed, or a book move
 * @property {(letter: string) => void} onExplain a pit that cannot be played, clicked
 * @property {(position: string) => void} onSetUp the position typed, or the editor's
 * @property {(ply: number) => void} onGoto
 * @property {(step: "first" | "prev" | "next" | "last") => void} onStep
 * @property {() => void} onFlip
 * @property {() => void} onPlayFromHere
 * @property {() => void} onEngineSwitch the engine's box or its count of lines changed
 * @property {() => void} onRestartAnalyst
 * @property {(index: number) => void} onLoadGame another game of the record file
 * @property {() => void} onSave
 * @property {(file: File) => void} onLoadRecord
 */

/** The analysis board's view over `state`.
 *  @param {AnalysisState} state @param {AnalysisActions} actions */
export function createAnalysisView(state, actions) {
  const root = byId("analysis-board");
  const board = createBoard(root, {
    pitAttr: "data-analysis-pit",
    slotAttr: "data-analysis-slot",
    capturedHook: "analysis-captured",
    onPit: actions.onPit,
    onExplain: actions.onExplain,
  });
  // A book move is played as a click on its pit would play it.
  const explorer = createExplorer({ onPlay: actions.onPit });
  const positionInput = find("[data-testid=position-input]", HTMLInputElement);
  const editor = createEditor({
    onApply: (position) => {
      positionInput.value = position;
      actions.onSetUp(position);
    },
  });
  const variant = find("[data-testid=analysis-variant]", HTMLSelectElement);
  const multipv = find("[data-testid=multipv]", HTMLSelectElement);
  const analyse = find("[data-testid=analyse]", HTMLInputElement);
  const recordGame = find("[data-testid=record-game]", HTMLSelectElement);
  const nav = { first: button("nav-first"), prev: button("nav-prev"), next: button("nav-next"), last: button("nav-last") };
  wire(actions, { nav, positionInput, multipv, analyse, recordGame });

  /** @param {AnalysisView} v */
  function hooks(v) {
    root.dataset.position = v.position;
    root.dataset.ply = String(v.ply);
    root.dataset.plies = String(v.moves.length);
    root.dataset.moves = v.moves.join(" ");
    root.dataset.variant = v.variant;
    root.dataset.start = v.start;
    root.dataset.toMove = v.to_move;
  }

  /** @param {AnalysisView} v */
  function drawBoard(v) {
    board.layout(state.flipped ? "north" : "south");
    board.draw(v.pits);
    board.mark({ counts: v.pits, legal: v.legal, last: v.last, hint: state.hint() });
    const p = v.origin.players;
    const names = p ? { south: p[0], north: p[1] } : {};
    board.players(names, v.captured, v.result ? null : v.to_move);
  }

  /** Where the board is, moves as the move list numbers them ("after
   *  18… g"), and the result. @param {AnalysisView} v */
  function renderWhere(v) {
    const status = byId("analysis-status");
    tell(status, "analysis-where", {
      over: v.result ? "yes" : "no",
      side: v.to_move,
      variant: { id: VARIANT_NAMES[v.variant] },
      at: v.ply === 0 ? "start" : "move",
      move: v.ply === 0 ? "" : moveLabel(v.start, v.ply, v.moves[v.ply - 1]),
    });
    const result = byId("analysis-result");
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
    nav.first.disabled = v.ply === 0;
    nav.prev.disabled = v.ply === 0;
    nav.next.disabled = v.ply >= v.moves.length;
    nav.last.disabled = v.ply >= v.moves.length;
    button("play-from-here").disabled = Boolean(v.result);
  }

  /** The state's board, all of it. */
  function render() {
    const v = state.view;
    if (!v) return;
    hooks(v);
    drawBoard(v);
    renderWhere(v);
    renderMoves(v);
    renderOrigin(v, recordGame);
    renderEngine(v, multipv);
    renderLines(v.lines, v.to_move);
    explorer.render(v.book, v);
    renderTablebase(v.tablebase);
    editor.fill(v);
    const followed = state.followVariant();
    if (followed !== null) variant.value = followed;
  }

  return {
    render,
    /** The engine's lines as they come. @param {LineView[]} lines */
    renderLines: (lines) => renderLines(lines, state.view ? state.view.to_move : "south"),
    /** The set-up form's variant (a record without a Variant tag is read in it). */
    variant: () => variant.value,
    /** The engine's box and its count of lines. */
    engineWanted: () => ({ on: analyse.checked, lines: Number(multipv.value) }),
    /** Brings the board into sight: on a phone a reviewed move is tapped
     *  far below it (the newcomer's finding). */
    reveal: () => root.scrollIntoView({ block: "nearest" }),
  };
}

/** What the controls do.
 *  @param {AnalysisActions} actions
 *  @param {{nav: Record<"first" | "prev" | "next" | "last", HTMLButtonElement>, positionInput: HTMLInputElement,
 *    multipv: HTMLSelectElement, analyse: HTMLInputElement, recordGame: HTMLSelectElement}} controls */
function wire(actions, { nav, positionInput, multipv, analyse, recordGame }) {
  find("[data-testid=set-up-form]", HTMLFormElement).addEventListener("submit", (event) => {
    event.preventDefault();
    actions.onSetUp(positionInput.value);
  });
  for (const step of /** @type {const} */ (["first", "prev", "next", "last"])) {
    nav[step].addEventListener("click", () => actions.onStep(step));
  }
  button("analysis-flip").addEventListener("click", actions.onFlip);
  byId("analysis-moves").addEventListener("click", (event) => {
    const span = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-ply]"));
    if (span) actions.onGoto(Number(span.dataset.ply));
  });
  button("play-from-here").addEventListener("click", actions.onPlayFromHere);
  multipv.addEventListener("change", actions.onEngineSwitch);
  analyse.addEventListener("change", actions.onEngineSwitch);
  button("restart-analyst").addEventListener("click", actions.onRestartAnalyst);
  recordGame.addEventListener("change", () => actions.onLoadGame(Number(recordGame.value)));
  button("save-analysis").addEventListener("click", actions.onSave);
  const load = find("[data-testid=load-record]", HTMLInputElement);
  load.addEventListener("change", () => {
    const file = load.files ? load.files[0] : undefined;
    load.value = "";
    if (file) actions.onLoadRecord(file);
  });
}

/** @param {AnalysisView} v */
function renderMoves(v) {
  const list = byId("analysis-moves");
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

/** @param {AnalysisView} v @param {HTMLSelectElement} select the record's games */
function renderOrigin(v, select) {
  const o = v.origin;
  const origin = byId("analysis-origin");
  tell(origin, ORIGINS[o.kind], {
    named: o.players ? "yes" : "no",
    south: o.players ? o.players[0] : "",
    north: o.players ? o.players[1] : "",
    changed: o.modified ? "yes" : "no",
    name: o.name || "",
    game: o.game || 0,
    games: o.games.length,
  });
  const label = /** @type {HTMLElement} */ (select.closest("label"));
  label.hidden = !["record", "games"].includes(o.kind) || o.games.length < 2;
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

/** @param {AnalysisView} v @param {HTMLSelectElement} multipv */
function renderEngine(v, multipv) {
  const status = byId("analysis-engine");
  status.dataset.status = v.engine_status;
  const failed = v.engine_status === "failed";
  const engine = { engine: v.engine };
  if (failed) tellSay(status, v.engine_message);
  else if (v.engine_status === "thinking") tell(status, "analyst-thinking", engine);
  // A review keeps the engine busy: no lines come meanwhile.
  else if (v.engine_status === "reviewing") tell(status, "analyst-reviewing", engine);
  else tell(status, v.running && !v.result ? "analyst-idle" : "analyst-off", engine);
  button("restart-analyst").hidden = !failed;
  multipv.value = String(v.lines_wanted);
}

/** "depth 14/20", or "forced" when the search reached every end.
 *  @param {HTMLElement} span @param {LineView} l */
function lineDepth(span, l) {
  if (l.forced) tell(span, "line-forced");
  else if (l.depth === null) tell(span, null);
  else tell(span, "line-depth", { depth: l.depth, seldepth: l.seldepth || 0 });
}

/** One line of the engine's, its scores for `mover` (the side to move).
 *  @param {LineView} l @param {{side: string}} mover */
function lineItem(l, mover) {
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
}

/** The lines, and the bar, which follows the best one.
 *  @param {LineView[]} lines @param {string} side the side to move */
function renderLines(lines, side) {
  const mover = { side };
  byId("analysis-lines").replaceChildren(...lines.map((l) => lineItem(l, mover)));
  const best = lines.find((l) => l.multipv === 1);
  const bar = byId("eval-bar");
  const north = find(".eval-north", HTMLElement, bar);
  if (best && best.score) {
    const south = best.score.south;
    bar.dataset.south = String(south);
    bar.dataset.text = best.score.south_text;
    // North's share of the bar, from the top.
    const share = 50 - (50 * Math.max(-BAR_RANGE, Math.min(BAR_RANGE, south))) / BAR_RANGE;
    north.style.height = `${share}%`;
    tellSay(byId("eval-text"), best.score.south_say);
    tellAttr(bar, "title", "eval-bar-south", { score: best.score.south_say });
  } else {
    bar.dataset.south = "";
    bar.dataset.text = "";
    north.style.height = "50%";
    const text = byId("eval-text");
    tell(text, null);
  }
}

/** @param {TbView | null} tb */
function renderTablebase(tb) {
  const panel = byId("tablebase");
  panel.hidden = !tb;
  if (!tb) return;
  panel.dataset.verdict = tb.worst ? (tb.worst === tb.best ? tb.worst : `${tb.worst}-${tb.best}`) : "";
  const verdict = byId("tb-verdict");
  if (tb.verdict) tellSay(verdict, tb.verdict);
  else tell(verdict, "tb-no-verdict", { why: tb.note });
  byId("tb-moves").replaceChildren(
    ...tb.moves.map((m) => {
      const result = m.worst ? (m.worst === m.best ? m.worst : `${m.worst}-${m.best}`) : "";
      const li = el("li", { "data-move": m.pit, "data-result": result });
      tell(li, "tb-move", { pit: m.pit, worst: m.worst || "none", best: m.best || "none" });
      return li;
    }),
  );
}
