// The Learn panel's state: the room's last lessons view, and what a new
// one changes for the drawing. No DOM: the view draws what this says.

/** @typedef {import("../room.js").LessonsView} LessonsView */

/**
 * What changed from one view to the next.
 * @typedef {object} Change
 * @property {boolean} solvedNow the lesson shown has just been solved: its move is sown
 * @property {boolean} otherLesson another lesson (or variant) is shown
 */

export function createLearnState() {
  /** @type {LessonsView | null} */
  let last = null;
  return {
    /** The view from the room; what it changes.
     *  @param {LessonsView} v
     *  @returns {Change} */
    update(v) {
      const before = last;
      last = v;
      const same = before !== null && before.variant === v.variant && before.lesson.id === v.lesson.id;
      return {
        solvedNow: v.lesson.state === "solved" && !(same && before?.lesson.state === "solved"),
        otherLesson: !same,
      };
    },
    /** The last view, if any. */
    get view() {
      return last;
    },
  };
}
