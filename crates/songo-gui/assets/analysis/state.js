// The analysis board's state: the room's last view of it, and what the
// page keeps beside it (flipped, the review's suggested move, whether the
// mode is shown). Updated from the room's messages only; no DOM here.

/** @typedef {import("../room.js").AnalysisView} AnalysisView */
/** @typedef {import("../room.js").AnalysisLinesMessage} AnalysisLinesMessage */

export class AnalysisState {
  /** The room's last view of the board. @type {AnalysisView | null} */
  view = null;
  flipped = false;
  /** A pit to show as the better move, at a ply (from the review).
   *  @type {{ply: number, pit: string} | null} */
  suggestion = null;
  /** The board's variant the set-up form last followed. @type {string | null} */
  variantShown = null;
  /** The mode is on screen (live analysis runs only then). */
  shown = false;

  /** Takes the room's view `v`; whether the position shown changed.
   *  @param {AnalysisView} v */
  receive(v) {
    const old = this.view;
    const moved = !old || old.id !== v.id;
    // Another game: the review's suggestion was for the old one.
    if (!old || old.start !== v.start || old.moves.join(" ") !== v.moves.join(" ")) this.suggestion = null;
    this.view = v;
    return moved;
  }

  /** The engine's lines as they come: kept when they are the position
   *  shown's.
   *  @param {AnalysisLinesMessage} m */
  takeLines(m) {
    if (!this.view || m.id !== this.view.id) return false;
    this.view.lines = m.lines;
    return true;
  }

  /** The review's better move at `ply` (none: forgotten).
   *  @param {number} ply @param {string | null} pit */
  suggest(ply, pit) {
    this.suggestion = pit ? { ply, pit } : null;
  }

  /** The pit ringed as the better move, at the ply shown. */
  hint() {
    const v = this.view;
    return v && this.suggestion && this.suggestion.ply === v.ply ? this.suggestion.pit : null;
  }

  /** The set-up form follows the board when its variant changes, not at
   *  every update (a variant just picked by hand stays picked): the
   *  variant to show, or null. */
  followVariant() {
    const v = this.view;
    if (!v || v.variant === this.variantShown) return null;
    this.variantShown = v.variant;
    return v.variant;
  }

  /** `ply` within the game. @param {number} ply */
  within(ply) {
    return Math.max(0, Math.min(this.view ? this.view.moves.length : 0, ply));
  }

  /** The ply a key steps to (← → Home End), or null.
   *  @param {string} key */
  plyOfKey(key) {
    const v = this.view;
    if (!v) return null;
    /** @type {Record<string, number>} */
    const steps = { ArrowLeft: v.ply - 1, ArrowRight: v.ply + 1, Home: 0, End: v.moves.length };
    return key in steps ? steps[key] : null;
  }
}
