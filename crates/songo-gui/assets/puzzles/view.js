// The puzzle trainer's view: the filters, the rating and the streak, the
// task, the board (board.js), why a pit is wrong, the answer shown after
// a second wrong move, and the whole line replayed once the puzzle ends.
// Its hooks (docs/gui.md): the board's `data-puzzle`, `data-variant`,
// `data-position` (the room's position now), `data-state` (`task`,
// `wrong`, `solved`, `failed`), `data-step` and `data-animating`; the
// rating's `data-rating` and `data-change`; the streak's `data-streak`.

import { el, find, stored } from "../util.js";
import { t, tell, tellSay } from "../i18n.js";
import { createBoard } from "../board.js";

/** @typedef {import("../room.js").PuzzlesView} PuzzlesView */
/** @typedef {import("../room.js").PlyView} PlyView */
/** @typedef {import("../room.js").Say} Say */
/** @typedef {import("./state.js").Change} Change */

/** Each theme's catalogue id, by its name in the puzzle files. */
const THEMES = {
  capture: "theme-capture",
  quiet: "theme-quiet",
  "chain-capture": "theme-chain-capture",
  "second-lap": "theme-second-lap",
  feeding: "theme-feeding",
  "noble-pit": "theme-noble-pit",
  tablebase: "theme-tablebase",
  "interdit-sec": "theme-interdit-sec",
};
/** A theme's name in the person's language (a theme of a later build: its name).
 *  @param {string} name */
const themeName = (name) => (name in THEMES ? t(THEMES[/** @type {keyof typeof THEMES} */ (name)]) : name);

/** The pause before a replayed line's first move, and between its moves,
 *  so that a person follows it move by move (each move is sown in under
 *  half a second, board.js). */
const REPLAY_PAUSE_MS = 900;

/** An element of the panel by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);

/**
 * @param {object} on
 * @param {(pit: string) => void} on.onPit a pit tapped: the answer
 * @param {(variant: string, theme: string, difficulty: number | null) => void} on.onNext the next puzzle with these filters
 */
export function createPuzzlesView({ onPit, onNext }) {
  const root = byId("puzzle-board");
  const board = createBoard(root, {
    pitAttr: "data-puzzle-pit",
    slotAttr: "data-puzzle-slot",
    capturedHook: "puzzle-captured",
    onPit,
    // A pit the rules forbid is an answer too: the room says why.
    onExplain: onPit,
  });
  board.layout("south");
  const variant = find("[data-testid=puzzle-variant]", HTMLSelectElement);
  const theme = find("[data-testid=puzzle-theme]", HTMLSelectElement);
  const difficulty = find("[data-testid=puzzle-difficulty]", HTMLSelectElement);
  const info = byId("puzzle-info");
  const task = byId("puzzle-task");
  const step = byId("puzzle-step");
  const why = byId("puzzle-why");
  const done = byId("puzzle-done");
  const replay = find("[data-testid=puzzle-replay]", HTMLButtonElement);
  const next = find("[data-testid=puzzle-next]", HTMLButtonElement);
  const rating = byId("puzzle-rating");
  const streak = byId("puzzle-streak");
  const progress = byId("puzzle-progress");
  const message = byId("puzzle-message");

  /** @type {PuzzlesView | null} */
  let shown = null;
  const chosen = () => {
    const d = Number(difficulty.value);
    onNext(variant.value, theme.value, d > 0 ? d : null);
  };
  // Another variant keeps no filter: its themes are its own.
  variant.addEventListener("change", () => onNext(variant.value, "", null));
  theme.addEventListener("change", chosen);
  difficulty.addEventListener("change", chosen);
  next.addEventListener("click", () => {
    if (shown) onNext(shown.variant, shown.theme ?? "", shown.difficulty);
  });
  replay.addEventListener("click", () => {
    if (shown) replayLine(shown);
  });

  /** The choices: each theme with its count, each difficulty.
   *  @param {PuzzlesView} v */
  function drawFilters(v) {
    variant.value = v.variant;
    const any = el("option", { value: "" });
    tell(any, "puzzle-any-theme");
    const themes = v.themes.map((c) => {
      const o = el("option", { value: c.theme });
      tell(o, "puzzle-theme-count", { theme: themeName(c.theme), count: c.count });
      return o;
    });
    theme.replaceChildren(any, ...themes);
    theme.value = v.theme ?? "";
    const anyD = el("option", { value: "" });
    tell(anyD, "puzzle-any-difficulty");
    const levels = v.difficulties.map((d) => {
      const o = el("option", { value: String(d) });
      tell(o, "puzzle-difficulty-n", { n: d });
      return o;
    });
    difficulty.replaceChildren(anyD, ...levels);
    difficulty.value = v.difficulty ? String(v.difficulty) : "";
  }

  /** The rating, its last change, the streak, the progress.
   *  @param {PuzzlesView} v */
  function drawStanding(v) {
    rating.dataset.rating = String(v.rating);
    rating.dataset.change = v.change === null ? "" : String(v.change);
    const change = v.change === null ? "none" : v.change >= 0 ? "up" : "down";
    tell(rating, "puzzle-rating", { rating: v.rating, change, delta: Math.abs(v.change ?? 0) });
    streak.dataset.streak = String(v.streak);
    tell(streak, "puzzle-streak", { streak: v.streak });
    tell(progress, v.again ? "puzzle-progress-again" : "puzzle-progress", { played: v.played, total: v.total });
  }

  /** The moves `plies` sown one after the other, from `from`.
   *  @param {PlyView[]} plies @param {number[]} from */
  function sow(plies, from) {
    stopReplay();
    if (stored.get("animate", "true") !== "true" || plies.length === 0) {
      board.draw(plies.length ? plies[plies.length - 1].pits : from);
      return;
    }
    board.draw(from);
    for (const ply of plies) board.animate(ply.sowing, ply.pits);
  }

  /** Ends a replay under way (its moves planned on the board), and its
   *  animation: the board at rest at the line's end. */
  function stopReplay() {
    board.finish();
  }

  /** The whole line again from the puzzle's position, a move at a time
   *  with a pause before each (at once, without the animation).
   *  @param {PuzzlesView} v */
  function replayLine(v) {
    const p = v.puzzle;
    if (!p.start_pits || !p.start_captured) return;
    stopReplay();
    const end = p.line[p.line.length - 1];
    if (stored.get("animate", "true") !== "true" || !end) {
      board.players({}, end ? end.captured : p.start_captured, null);
      board.draw(end ? end.pits : p.start_pits);
      return;
    }
    board.players({}, p.start_captured, null);
    board.draw(p.start_pits);
    // Planned on the board, which is animating from its first pause on,
    // and which a stop (another puzzle, Learn left, the animation turned
    // off) brings to rest at the line's end.
    p.line.forEach((ply, i) => {
      board.later(REPLAY_PAUSE_MS * (i + 1) + 450 * i, () => {
        board.mark({ counts: ply.sowing.pits, legal: [], last: ply.pit });
        board.players({}, ply.captured, null);
        board.animate(ply.sowing, ply.pits);
      });
    });
  }

  return {
    /** @param {PuzzlesView} v @param {Change} change */
    render(v, change) {
      shown = v;
      const p = v.puzzle;
      const over = p.state === "solved" || p.state === "failed";
      drawFilters(v);
      drawStanding(v);
      tell(message, null);
      const themes = p.themes.map(themeName).join(", ");
      tell(info, "puzzle-info", { difficulty: p.difficulty, themes, rating: p.rating });
      const said = { task: "puzzle-task", wrong: "puzzle-task", solved: "puzzle-solved", failed: "puzzle-failed" }[p.state];
      tell(task, said, { side: p.solver });
      // The line's moves to find, and the reply the room played.
      const reply = p.just_played.length > 1 ? p.just_played[1].pit : "";
      const stepId = over || p.steps < 2 ? null : p.step === 0 ? "puzzle-step-first" : reply ? "puzzle-step-reply" : "puzzle-step";
      const defender = p.solver === "south" ? "north" : "south";
      tell(step, stepId, { n: p.step + 1, steps: p.steps, pit: reply, side: defender });
      if (change.otherPuzzle) {
        stopReplay();
        board.layout(p.solver);
      }
      root.dataset.puzzle = p.id;
      root.dataset.variant = v.variant;
      root.dataset.state = p.state;
      root.dataset.step = String(p.step);
      root.dataset.position = p.position;
      const last = p.just_played.length ? p.just_played[0].pit : null;
      board.mark({ counts: p.pits, legal: p.legal, last: over ? null : last });
      // The pit of a wrong answer, ringed in red beside what is said of it.
      for (const [letter, pit] of Object.entries(board.pits)) {
        pit.wrap.classList.toggle("tried", p.state === "wrong" && p.tried === letter);
      }
      if (change.overNow) {
        replayLine(v);
      } else if (change.answered) {
        const before = p.just_played.length ? p.just_played[0].sowing.pits : p.pits;
        board.players({}, p.captured, over ? null : p.to_move);
        sow(p.just_played, before);
      } else {
        board.players({}, p.captured, over ? null : p.to_move);
        if (!board.animating) board.draw(p.pits);
      }
      // A wrong pit: the rules' reason, or that it is not the move.
      why.hidden = !p.tried;
      why.dataset.pit = p.tried ?? "";
      if (p.why) tellSay(why, p.why);
      else if (p.tried) tell(why, "puzzle-wrong", { pit: p.tried, last: p.state === "failed" ? "yes" : "no" });
      else tell(why, null);
      done.hidden = !over;
      done.dataset.state = over ? p.state : "";
      const line = p.line.map((m) => m.pit).join(" ");
      if (p.state === "solved") tell(done, "puzzle-solved-text", { clean: p.clean ? "yes" : "no", line });
      else if (p.state === "failed") tell(done, "puzzle-failed-text", { pit: p.answer ?? "", line });
      replay.hidden = !over;
    },
    /** A refusal of the room's. @param {Say} m */
    say(m) {
      tellSay(message, m);
    },
    /** Ends an animation under way, and a replay. */
    finish() {
      stopReplay();
    },
  };
}
