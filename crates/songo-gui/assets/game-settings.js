// The next game's settings, as the New game form (play/form.js) holds
// them: Play's New game sends them all, Analysis's Play from here its level
// and timing. Plain data: the form reads its controls into this, and the
// panels' messages read this, never the form.

/** @typedef {import("./room.js").Timing} Timing */
/** @typedef {import("./room.js").TimeControl} TimeControl */

/**
 * @typedef {object} GameSettings
 * @property {string} variant
 * @property {string} side `south`, `north`, or `both`: two players
 * @property {number} level
 * @property {number} engine the engine's index in the room's list
 * @property {[string, string]} names South's and North's, for two players
 * @property {Timing} timing a clock, or the engine's think time
 */

/**
 * The timing controls as the form has them, unread.
 * @typedef {object} TimingChoice
 * @property {string} choice the clock's select: `none`, `3+2`…, `custom`, or a message's own clock's label
 * @property {string} thinkMs the think time's select (ms)
 * @property {TimeControl | null} own the chosen option's own clock (one a message set), if it has one
 * @property {string} minutes the custom clock's fields
 * @property {string} seconds
 */

/** The timing as the room's messages take it: `{tc: {base_ms, inc_ms}}`
 *  for a clock, else `{think_ms}`.
 *  @param {TimingChoice} form
 *  @returns {Timing} */
export function timingOf({ choice, thinkMs, own, minutes, seconds }) {
  if (choice === "none") return { think_ms: Number(thinkMs) };
  // A clock the form cannot write (one a message set) carries its own.
  if (own) return { tc: own };
  let m;
  let s;
  if (choice === "custom") {
    m = Number(minutes);
    s = Number(seconds);
  } else {
    [m, s] = choice.split("+").map(Number);
  }
  // The room checks the range and says what is wrong.
  return { tc: { base_ms: Math.round(m * 60_000), inc_ms: Math.round(s * 1000) } };
}
