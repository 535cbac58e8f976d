// Play's view: draws the state (state.js) into the page. The hooks on
// [data-testid=board] (data-position, data-state, enabled pits…) are set
// as soon as a state arrives; the sowing animation only redraws the seeds
// afterwards, so tools never wait for it. Every element of Play but the
// New game form's (form.js) is looked up here.

import { el, find, stored } from "../util.js";
import { tell, tellSay, t } from "../i18n.js";
import { createBoard } from "../board.js";
import { sound } from "../sound.js";
import { other } from "./state.js";

/** @typedef {import("../room.js").View} View */
/** @typedef {import("../room.js").Side} Side */
/** @typedef {import("../room.js").Say} Say */
/** @typedef {import("../room.js").EngineLineMessage} EngineLineMessage */
/** @typedef {import("./state.js").PlayState} PlayState */
/** @typedef {import("./state.js").Change} Change */

/** Tenths show under 10 s. */
const TENTHS_BELOW_MS = 10_000;

/** `m:ss`, and tenths under 10 s (`0:07.3`).
 *  @param {number} ms */
function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const s = Math.floor(tenths / 10);
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return ms < TENTHS_BELOW_MS ? `${text}.${tenths % 10}` : text;
}

/** An element of the page by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);
/** @param {string} id */
const button = (id) => find(`[data-testid=${id}]`, HTMLButtonElement);
/** @param {string} id */
const checkbox = (id) => find(`[data-testid=${id}]`, HTMLInputElement);

/**
 * What the person does, for the panel.
 * @typedef {object} PlayActions
 * @property {(letter: string) => void} onPit a pit clicked or typed
 * @property {(letter: string) => void} onExplain a pit that cannot be played, clicked
 * @property {() => void} onTakeBack
 * @property {() => void} onResign
 * @property {() => void} onHint
 * @property {() => void} onFlip
 * @property {() => void} onRestartEngine
 * @property {() => void} onSave
 * @property {() => void} onAnalyse
 * @property {() => void} onReview
 * @property {() => void} onTurnBoard the board's turning switched
 * @property {(kind: string) => void} onAskNo a question answered no
 */

/** Play's view over `state`.
 *  @param {PlayState} state @param {PlayActions} actions */
export function createPlayView(state, actions) {
  const root = byId("board");
  const board = createBoard(root, {
    pitAttr: "data-pit",
    slotAttr: "data-slot",
    capturedHook: "captured",
    clockHook: "clock",
    sound,
    onPit: actions.onPit,
    onExplain: actions.onExplain,
  });
  const message = byId("message");
  const animate = checkbox("animate");
  animate.checked = stored.get("animate", "true") === "true";
  animate.addEventListener("change", () => {
    stored.set("animate", animate.checked);
    if (!animate.checked) board.finish();
  });
  // Whether the board turns to the player to move (two people passing a
  // phone across a table; off: a board flat between them).
  const turnBoard = checkbox("turn-board");
  turnBoard.checked = stored.get("turn-board", "false") === "true";
  turnBoard.addEventListener("change", () => {
    stored.set("turn-board", turnBoard.checked);
    actions.onTurnBoard();
  });
  const ask = createAsk(actions.onAskNo);
  const buttons = {
    takeBack: button("take-back"),
    resign: button("resign"),
    hint: button("hint"),
    restart: button("restart-engine"),
  };
  const on = (/** @type {HTMLElement} */ b, /** @type {() => void} */ f) => b.addEventListener("click", f);
  on(buttons.takeBack, actions.onTakeBack);
  on(buttons.resign, actions.onResign);
  on(buttons.hint, actions.onHint);
  on(button("flip"), actions.onFlip);
  on(buttons.restart, actions.onRestartEngine);
  on(button("save-play"), actions.onSave);
  on(button("analyse-play"), actions.onAnalyse);
  on(button("review-play"), actions.onReview);

  /** The engine's name: a program's, the same in every language (none
   *  before the first state: the catalogue's word for it). */
  const engineName = () => state.engineName() ?? t("the-engine");

  function layout() {
    board.layout(state.bottom(turnBoard.checked));
  }

  /** Shows both clocks as of now. */
  function tickClocks() {
    for (const side of /** @type {Side[]} */ (["south", "north"])) {
      const clock = board.clock(side);
      const now = state.clockAt(side, performance.now());
      if (!now) {
        if (!clock.hidden) {
          clock.hidden = true;
          clock.dataset.ms = "";
          clock.dataset.running = "false";
        }
        continue;
      }
      clock.hidden = false;
      clock.dataset.ms = String(Math.round(now.ms));
      clock.dataset.running = String(now.running);
      clock.classList.toggle("low", now.ms < TENTHS_BELOW_MS);
      clock.textContent = clockText(now.ms);
    }
  }

  /** The new state's start: a new game's fresh panel, the layout, the
   *  question gone with the moves it was about.
   *  @param {View} s @param {Change} change @param {() => void} showForm */
  function begin(s, change, showForm) {
    if (change.newGame) {
      // A game started from the form, low on a phone: the board comes
      // into sight.
      if (!change.firstGame && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: "start" });
      byId("engine-log").textContent = "";
      say(null);
      showForm();
    }
    if (change.sideChanged || change.newGame || (state.twoPlayers() && turnBoard.checked)) layout();
    if (change.moved) ask.hide();
  }

  /** The hooks, exact at once. @param {View} s */
  function hooks(s) {
    root.dataset.game = String(s.game_id);
    root.dataset.variant = s.variant;
    root.dataset.human = s.human;
    root.dataset.start = s.start;
    root.dataset.position = s.position;
    root.dataset.state = s.state;
    root.dataset.ply = String(s.moves.length);
    root.dataset.moves = s.moves.join(" ");
    root.dataset.engine = s.engine_status;
    root.dataset.toMove = s.to_move;
  }

  /** The seeds (one move more in the same game: sown seed by seed), the
   *  rings, the players.
   *  @param {View} s @param {Change} change */
  function drawBoard(s, change) {
    if (animate.checked && change.oneMore && s.sowing) board.animate(s.sowing, s.pits);
    else {
      board.finish();
      board.draw(s.pits);
    }
    const hint = s.hint && s.hint.state === "ready" ? s.hint.pit : null;
    board.mark({ counts: s.pits, legal: s.legal, last: s.last, hint });
    // What the last move did, in words (sowing.rs says it).
    const effect = byId("move-effect");
    if (s.sowing && s.moves.length) {
      const mover = other(s.to_move);
      if (s.human === "both") tell(effect, "player-played", { player: state.playerOf(s, mover), effect: s.sowing.summary });
      else tell(effect, mover === s.human ? "you-played" : "engine-played", { engine: engineName(), effect: s.sowing.summary });
    } else {
      tell(effect, null);
    }
    const names = { south: state.playerOf(s, "south"), north: state.playerOf(s, "north") };
    board.players(names, s.captured, s.state === "over" ? null : s.to_move);
  }






  /** The state just taken (`change`: what changed with it).
   *  @param {Change} change @param {() => void} showForm the form shows the new game's settings */
  function render(change, showForm) {
    const s = state.view;
    if (!s) return;
    begin(s, change, showForm);
    hooks(s);
    drawBoard(s, change);
    /** @type {Names} */
    const names = { engineName, playerOf: (side) => state.playerOf(s, side) };
    renderStatus(s, names);
    tickClocks();
    renderResult(s, names);
    renderMoves(s);
    renderHint(s, buttons.hint);
    renderEngine(s, names, buttons.restart);
    buttons.takeBack.disabled = !state.canTakeBack();
    buttons.resign.disabled = s.state === "over";
  }

  /** The engine's output (`log`: the lines kept), and while it thinks its
   *  own score, said as whose it is.
   *  @param {string} log @param {EngineLineMessage["info"]} info */
  function engineLine(log, info) {
    byId("engine-log").textContent = log;
    const s = state.view;
    if (!info || !s || s.engine_status !== "thinking" || !info.pv.length) return;
    const status = byId("engine-status");
    tell(status, "engine-line", {
      engine: engineName(),
      hinting: s.hint && s.hint.state === "thinking" ? "yes" : "no",
      forced: info.forced ? "yes" : "no",
      depth: info.depth === undefined ? 0 : info.depth,
      bound: info.bound || "exact",
      scored: info.say ? "yes" : "no",
      score: info.say || "",
      line: info.pv.join(" "),
    });
  }

  /** Says `id` (with `args`) under the board; nothing: clears it.
   *  @param {string | null} id @param {Record<string, any>} [args] */
  function say(id, args) {
    tell(message, id, args);
  }

  return {
    render,
    layout,
    tickClocks,
    engineLine,
    say,
    /** The room's `Say` under the board. @param {Say} said */
    sayRoom: (said) => tellSay(message, said),
    ask: ask.show,
    /** While the last move is still being drawn, a tap or a key plays
     *  nothing. */
    animating: () => root.dataset.animating === "true",
    /** Shows the board at rest at once. */
    finish: () => board.finish(),
  };
}

/**
 * How the view names the engine and the players (state.js's).
 * @typedef {{engineName: () => string, playerOf: (side: Side) => Say}} Names
 */

/** @param {View} s @param {Names} names */
function renderStatus(s, { engineName, playerOf }) {
  const status = byId("status");
  const last = s.last || "none";
  if (s.state === "over") {
    tell(status, "status-over", { last });
  } else if (s.human === "both") {
    tell(status, "status-turn", { player: playerOf(s.to_move), side: s.to_move, last });
  } else if (s.state === "your-move") {
    tell(status, "status-your-move", { side: s.human, last });
  } else if (s.engine_status === "failed") {
    tell(status, "status-engine-down", { engine: engineName(), last });
  } else {
    tell(status, "status-thinking", { engine: engineName(), last });
  }
}

/** @param {View} s @param {Names} names */
function renderResult(s, { engineName }) {
  const result = byId("result");
  if (!s.result) {
    result.replaceChildren();
    result.dataset.result = "";
    result.hidden = true;
    return;
  }
  const r = s.result;
  const winner = !r.winner ? "draw" : s.human === "both" ? "named" : r.winner === s.human ? "you" : "engine";
  // On time or by resignation the game ended before the rules did: the
  // seeds captured so far, not a final score.
  const words = el("span", { class: "result-text" });
  tell(words, r.on_time || r.resigned ? "result-captured" : "result-final", {
    variant: s.variant,
    winner,
    side: r.winner || "",
    engine: engineName(),
    name: r.winner && s.human === "both" && s.names ? s.names[r.winner === "south" ? 0 : 1] : "",
    reason: r.reason,
    south: r.scores[0],
    north: r.scores[1],
  });
  result.replaceChildren(el("strong", { class: "score", "data-l10n-none": "" }, r.score), " ", words);
  result.dataset.result = r.score;
  result.hidden = false;
}

/** @param {View} s */
function renderMoves(s) {
  const moves = byId("moves");
  const items = [];
  // A game played on from a position with North to move starts "1...".
  const offset = s.start.split(" ")[1] === "n" ? 1 : 0;
  for (let i = -offset; i < s.moves.length; i += 2) {
    const li = el("li", { value: String((i + offset) / 2 + 1) });
    for (const j of [i, i + 1]) {
      if (j >= s.moves.length) break;
      const span = el("span", { class: "move" }, j < 0 ? "…" : s.moves[j]);
      if (j === s.moves.length - 1) span.classList.add("last");
      li.append(span);
    }
    items.push(li);
  }
  moves.replaceChildren(...items);
  moves.scrollTop = moves.scrollHeight;
}

/** @param {View} s @param {HTMLButtonElement} button Hint */
function renderHint(s, button) {
  const text = byId("hint-text");
  const h = s.hint;
  text.dataset.move = h && h.pit ? h.pit : "";
  text.dataset.score = h && h.score ? h.score.text : "";
  text.dataset.state = h ? h.state : "";
  if (!h) {
    text.hidden = true;
    tell(text, null);
  } else if (h.state === "thinking") {
    text.hidden = false;
    tell(text, "hint-thinking");
  } else if (h.state === "ready") {
    text.hidden = false;
    // The pit (ringed in blue) and what it is worth: the engine's depth
    // and line stay in the hooks (data-score) and the engine's output.
    tell(text, "hint-ready", {
      pit: h.pit,
      scored: h.score ? "yes" : "no",
      score: h.score ? h.score.say : "",
    });
  } else {
    text.hidden = false;
    tell(text, "hint-failed");
  }
  button.disabled = s.state !== "your-move" || s.engine_status === "failed" || Boolean(h && h.state === "thinking");
}

/** @param {View} s @param {Names} names @param {HTMLButtonElement} restart */
function renderEngine(s, { engineName }, restart) {
  const failed = s.engine_status === "failed";
  const engineStatus = byId("engine-status");
  engineStatus.dataset.status = s.engine_status;
  if (failed) {
    tell(engineStatus, "engine-failed-kept", { why: s.engine_message });
  } else if (s.human === "both" && s.engine_status !== "thinking") {
    // Between two people the engine only gives hints.
    tell(engineStatus, "engine-hints-only", { engine: engineName() });
  } else if (s.engine_status === "thinking") {
    const hinting = s.hint && s.hint.state === "thinking";
    tell(engineStatus, hinting ? "engine-hinting" : "engine-thinking", { engine: engineName() });
  } else {
    tell(engineStatus, "engine-ready", { engine: engineName() });
  }
  restart.hidden = !failed;
}

/** The question to the players beside the board: yes runs its `then`.
 *  @param {(kind: string) => void} onNo */
function createAsk(onNo) {
  const ask = byId("ask");
  const yes = button("ask-yes");
  const no = button("ask-no");
  /** @type {(() => void) | null} */
  let onYes = null;
  function hide() {
    ask.hidden = true;
    ask.dataset.ask = "";
    onYes = null;
  }
  /**
   * @param {string} kind `data-ask`
   * @param {string} question @param {Record<string, any>} args
   * @param {string} yesText @param {string} noText
   * @param {() => void} then
   */
  function show(kind, question, args, yesText, noText, then) {
    ask.dataset.ask = kind;
    const text = byId("ask-question");
    tell(text, question, args);
    tell(yes, yesText);
    tell(no, noText);
    onYes = then;
    ask.hidden = false;
    // Beside the board, which may be far above the button pressed.
    ask.scrollIntoView({ block: "nearest" });
    yes.focus();
  }
  yes.addEventListener("click", () => {
    const then = onYes;
    hide();
    if (then) then();
  });
  no.addEventListener("click", () => {
    const kind = ask.dataset.ask || "";
    hide();
    onNo(kind);
  });
  return { show, hide };
}
