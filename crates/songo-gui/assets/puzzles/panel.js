// Learn's puzzle trainer (issue 39): puzzles made by the engine from its
// own games, one after another. The room holds the puzzles, judges every
// move, plays the defender's replies, rates the person (Glicko-2) and
// keeps the streak and the puzzles played; this panel shows them.

import { pitOfKey, server } from "../util.js";
import { onLanguage } from "../i18n.js";
import { createPuzzlesState } from "./state.js";
import { createPuzzlesView } from "./view.js";
import * as messages from "./messages.js";

/** @typedef {import("../room.js").PuzzlesView} PuzzlesView */
/** @typedef {import("../room.js").Say} Say */

export function initPuzzles() {
  const state = createPuzzlesState();
  const view = createPuzzlesView({
    onPit: (pit) => {
      const v = state.view;
      if (v) server.send(messages.move(pit, v.puzzle));
    },
    onNext: (variant, theme, difficulty) => server.send(messages.next(variant, theme, difficulty)),
  });
  // The themes' names are joined here: drawn again in a new language.
  onLanguage(() => {
    const v = state.view;
    if (v) view.render(v, { otherPuzzle: false, answered: false, overNow: false });
  });
  return {
    /** The room's puzzles view. @param {PuzzlesView} v */
    render(v) {
      view.render(v, state.update(v));
    },
    /** A refusal of the room's about the puzzles: the filters go back to
     *  those in force. A stale answer (a double tap) is not said: the
     *  board already shows what the first tap did.
     *  @param {Say} message */
    say(message) {
      if (message.id === "stale") return;
      const v = state.view;
      if (v) view.render(v, { otherPuzzle: false, answered: false, overNow: false });
      view.say(message);
    },
    /** A key: a pit letter (or 1–7) of the side to move answers.
     *  @param {KeyboardEvent} event */
    onKey(event) {
      const v = state.view;
      if (!v || !["task", "wrong"].includes(v.puzzle.state)) return false;
      const pit = pitOfKey(event.key, v.puzzle.to_move);
      if (!pit) return false;
      server.send(messages.move(pit, v.puzzle));
      return true;
    },
    /** Shown or hidden: an animation left running ends. @param {boolean} on */
    show(on) {
      if (!on) view.finish();
    },
  };
}
