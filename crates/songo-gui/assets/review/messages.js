// What the review sends the room (docs/gui.md's table). Play's Review and
// the games list's review send the same message, on their own game.

/** @typedef {import("../room.js").ReviewMessage} ReviewMessage */
/** @typedef {import("../room.js").ReviewLimit} ReviewLimit */

/** A review limit as the limit's select writes it (`depth:12`,
 *  `movetime:500`).
 *  @param {string} value
 *  @returns {ReviewLimit} */
export function reviewLimit(value) {
  const [kind, amount] = value.split(":");
  return kind === "movetime" ? { movetime: Number(amount) } : { depth: Number(amount) };
}

/** Review `game` (`"play"` copies the game played to the analysis board
 *  first) within `limit` (the select's value).
 *  @param {"play" | "analysis"} game @param {string} limit
 *  @returns {ReviewMessage} */
export const review = (game, limit) => ({ type: "review", game, ...reviewLimit(limit) });

/** @returns {{type: "cancel-review"}} */
export const cancelReview = () => ({ type: "cancel-review" });
