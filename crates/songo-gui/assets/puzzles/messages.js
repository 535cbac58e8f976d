// What the puzzle trainer sends the room (docs/gui.md's table).

/** @typedef {import("../room.js").PuzzleNextMessage} PuzzleNextMessage */
/** @typedef {import("../room.js").PuzzleMoveMessage} PuzzleMoveMessage */

/** The next puzzle of `variant` that the filters let through (none: any).
 *  @param {string} variant @param {string} theme "" for any @param {number | null} difficulty
 *  @returns {PuzzleNextMessage} */
export function next(variant, theme, difficulty) {
  /** @type {PuzzleNextMessage} */
  const m = { type: "puzzle-next", variant };
  if (theme) m.theme = theme;
  if (difficulty) m.difficulty = difficulty;
  return m;
}

/** A move in puzzle `puzzle` (its id) when `step` of its moves were found
 *  and `answers` answers taken: a move chosen on an older board (a double
 *  tap) is refused as stale.
 *  @param {string} pit @param {import("../room.js").PuzzleView} p
 *  @returns {PuzzleMoveMessage} */
export const move = (pit, p) => ({ type: "puzzle-move", pit, puzzle: p.id, step: p.step, answers: p.answers });
