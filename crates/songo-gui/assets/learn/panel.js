// Learn (issue 39): short lessons, each a position and one task. The room
// holds the lessons (songo-learn's, checked by the rules core), judges
// each answer and keeps the progress; this panel shows the list with its
// marks, the task, the board, why a wrong pit is wrong, the right move
// sown, and the next lesson.

import { pitOfKey, server } from "../util.js";
import { createLearnState } from "./state.js";
import { createLearnView } from "./view.js";
import * as messages from "./messages.js";

/** @typedef {import("../room.js").LessonsView} LessonsView */
/** @typedef {import("../room.js").Say} Say */

export function initLearn() {
  const state = createLearnState();
  const view = createLearnView({
    onPit: (pit) => {
      const v = state.view;
      if (v) server.send(messages.move(pit, v.lesson.id));
    },
    onOpen: (variant, lesson) => server.send(messages.open(variant, lesson)),
  });
  return {
    /** The room's lessons view. @param {LessonsView} v */
    render(v) {
      view.render(v, state.update(v));
    },
    /** A refusal of the room's about the lessons; a stale answer (a
     *  double tap) is not said. @param {Say} message */
    say(message) {
      if (message.id !== "stale") view.say(message);
    },
    /** A key in Learn: a pit letter (or 1–7) of the side to move answers.
     *  @param {KeyboardEvent} event */
    onKey(event) {
      const v = state.view;
      if (!v || v.lesson.state === "solved") return false;
      const pit = pitOfKey(event.key, v.lesson.to_move);
      if (!pit) return false;
      server.send(messages.move(pit, v.lesson.id));
      return true;
    },
    /** Learn shown or hidden: an animation left running ends. @param {boolean} on */
    show(on) {
      if (!on) view.finish();
    },
  };
}
