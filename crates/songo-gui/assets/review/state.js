// The review's state: the room's last review, and the ply the analysis
// board shows (the graph's cursor). No DOM here.

/** @typedef {import("../room.js").ReviewView} ReviewView */
/** @typedef {import("../room.js").Side} Side */

/** The judgements the review marks (the list, the graph's dots). */
export const MARKED = ["inaccuracy", "mistake", "blunder"];

export class ReviewState {
  /** @type {ReviewView | null} */
  review = null;
  ply = 0;

  /** The board moved to `ply`; whether the cursor moves.
   *  @param {number} ply */
  at(ply) {
    if (ply === this.ply) return false;
    this.ply = ply;
    return true;
  }

  /** The review's score curve (none before a review). */
  curve() {
    return this.review ? this.review.curve : [];
  }

  /** The moves the review marked. */
  marked() {
    return this.review ? this.review.moves.filter((m) => MARKED.includes(m.judgement)) : [];
  }

  /** Each side's count of each judgement, as the status words them. */
  counts() {
    /** @type {Record<string, number>} */
    const counts = {};
    for (const m of this.review ? this.review.moves : []) {
      counts[`${m.side}-${m.judgement}`] = (counts[`${m.side}-${m.judgement}`] || 0) + 1;
    }
    const count = (/** @type {Side} */ side, /** @type {string} */ j) => counts[`${side}-${j}`] || 0;
    return {
      southInaccuracies: count("south", "inaccuracy"),
      southMistakes: count("south", "mistake"),
      southBlunders: count("south", "blunder"),
      northInaccuracies: count("north", "inaccuracy"),
      northMistakes: count("north", "mistake"),
      northBlunders: count("north", "blunder"),
    };
  }
}
