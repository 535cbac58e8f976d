// What the practice of the person's mistakes sends the room (docs/gui.md's
// table).

/** @typedef {import("../room.js").MistakeOpenMessage} MistakeOpenMessage */
/** @typedef {import("../room.js").MistakeMoveMessage} MistakeMoveMessage */

/** A practice of the mistakes of the review finished last. */
export const start = () => /** @type {const} */ ({ type: "mistakes-start" });

/** Exercise `index` (from 1) afresh.
 *  @param {number} index @returns {MistakeOpenMessage} */
export const open = (index) => ({ type: "mistake-open", index });

/** An answer to exercise `index` (the one shown).
 *  @param {string} pit @param {number} index @returns {MistakeMoveMessage} */
export const move = (pit, index) => ({ type: "mistake-move", pit, index });
