// What the Learn panel sends the room (docs/gui.md's table).

/** @typedef {import("../room.js").LessonOpenMessage} LessonOpenMessage */
/** @typedef {import("../room.js").LessonMoveMessage} LessonMoveMessage */

/** Lesson `lesson` of `variant` afresh; without one, the first not solved.
 *  @param {string} variant @param {string} [lesson]
 *  @returns {LessonOpenMessage} */
export const open = (variant, lesson) => (lesson ? { type: "lesson-open", variant, lesson } : { type: "lesson-open", variant });

/** An answer: a pit of the lesson shown (its id: an answer to a lesson
 *  no longer shown is refused).
 *  @param {string} pit @param {string} lesson
 *  @returns {LessonMoveMessage} */
export const move = (pit, lesson) => ({ type: "lesson-move", pit, lesson });
