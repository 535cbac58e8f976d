// The puzzle trainer's state: the room's last view, and what a new one
// changes for the drawing. No DOM: the view draws what this says.

/** @typedef {import("../room.js").PuzzlesView} PuzzlesView */

/**
 * What changed from one view to the next.
 * @typedef {object} Change
 * @property {boolean} otherPuzzle another puzzle is shown
 * @property {boolean} answered an answer played moves (the solver's and the reply): they are sown
 * @property {boolean} overNow the puzzle has just ended: its whole line replays
 */

export function createPuzzlesState() {
  /** @type {PuzzlesView | null} */
  let last = null;
  return {
    /** The view from the room; what it changes.
     *  @param {PuzzlesView} v
     *  @returns {Change} */
    update(v) {
      const before = last;
      last = v;
      const same = before !== null && before.variant === v.variant && before.puzzle.id === v.puzzle.id;
      const over = (/** @type {PuzzlesView} */ p) => p.puzzle.state === "solved" || p.puzzle.state === "failed";
      return {
        otherPuzzle: !same,
        answered: same && before !== null && v.puzzle.step > before.puzzle.step,
        overNow: same && before !== null && over(v) && !over(before),
      };
    },
    /** The last view, if any. */
    get view() {
      return last;
    },
  };
}
