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

/** A move in puzzle `puzzle` (its id) when `step` of its moves were found:
 *  a move chosen on an older board is refused as stale.
 *  @param {string} pit @param {string} puzzle @param {number} step
 *  @returns {PuzzleMoveMessage} */
export const move = (pit, puzzle, step) => ({ type: "puzzle-move", pit, puzzle, step });
