// Learn from your mistakes (issue 39): after a review, each mistake and
// blunder of the person's becomes an exercise. The room builds them from
// the review, has the analysis engine judge each answer as the review
// judged the game's moves, and says the verdict; this panel shows them.

import { pitOfKey, server } from "../util.js";
import { createMistakesView } from "./view.js";
import * as messages from "./messages.js";

/** @typedef {import("../room.js").MistakesView} MistakesView */
/** @typedef {import("../room.js").Say} Say */

export function initMistakes() {
  /** @type {MistakesView | null} */
  let last = null;
  const view = createMistakesView({
    onPit: (pit) => {
      const e = last?.exercise;
      if (e) server.send(messages.move(pit, e.index));
    },
    onOpen: (index) => server.send(messages.open(index)),
    onStart: () => server.send(messages.start()),
  });
  return {
    /** The room's practice. @param {MistakesView} v */
    render(v) {
      const before = last?.exercise;
      last = v;
      const e = v.exercise;
      const judgedNow = e !== null && e.state === "judged" && !(before?.index === e.index && before.state === "judged" && before.tried === e.tried);
      view.render(v, judgedNow);
    },
    /** A refusal of the room's about the practice; a stale answer (a
     *  double tap) is not said. @param {Say} message */
    say(message) {
      if (message.id !== "stale") view.say(message);
    },
    /** Asks the room for a practice of the last review's mistakes. */
    start() {
      server.send(messages.start());
    },
    /** A key: a pit of the person's side answers. @param {KeyboardEvent} event */
    onKey(event) {
      const e = last?.exercise;
      if (!e || !["task", "refused"].includes(e.state)) return false;
      const pit = pitOfKey(event.key, e.side);
      if (!pit) return false;
      server.send(messages.move(pit, e.index));
      return true;
    },
    /** Shown or hidden: an animation left running ends. @param {boolean} on */
    show(on) {
      if (!on) view.finish();
    },
  };
}
