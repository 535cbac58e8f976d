// Play: the game against the engine, or between two people at one board.
// The room keeps the game and judges every move; this panel joins the
// state (state.js), the view (view.js), the New game form (form.js) and
// the messages (messages.js): the room's messages update the state, the
// view draws it, and what the person does is sent as a message.
//
// The clocks: each state carries both sides' time left when the room made
// it, and which clock runs; between states the page counts the running
// one down itself. The room alone decides a loss on time.

import { server } from "../util.js";
import { PlayState, other } from "./state.js";
import { createPlayView } from "./view.js";
import { createGameForm } from "./form.js";
import * as messages from "./messages.js";
import { review } from "../review/messages.js";

/** @typedef {import("../room.js").View} View */
/** @typedef {import("../room.js").EngineLineMessage} EngineLineMessage */
/** @typedef {import("../room.js").IllegalMessage} IllegalMessage */
/** @typedef {import("../room.js").PageMessage} PageMessage */

/** How often the running clock is redrawn: tenths show under 10 s. */
const CLOCK_TICK_MS = 100;

/**
 * @param {object} options
 * @param {(which: "play" | "analysis") => void} options.onSaved a record asked for
 * @param {() => void} options.showAnalysis
 * @param {() => string} options.reviewLimit the review's limit, as the analysis panel has it (`depth:12`)
 */
export function initPlay({ onSaved, showAnalysis, reviewLimit }) {
  const state = new PlayState();
  /** Says `id` (with `args`) under the board; nothing: clears it.
   *  @param {string | null} id @param {Record<string, any>} [args] */
  const say = (id, args) => view.say(id, args);
  /** @param {PageMessage} message */
  const send = (message) => {
    if (!server.send(message)) say("not-connected");
  };

  function explain(/** @type {string} */ letter) {
    const s = state.view;
    if (!s) return;
    const why = s.why[letter];
    if (why) {
      say("pit-refused", { pit: letter, why });
    } else if (!s.legal.includes(letter)) {
      // Between two people the pit is the other player's, whose turn it
      // is not: named, not "yours".
      if (state.twoPlayers()) say("pit-not-their-turn", { pit: letter, player: state.playerOf(s, s.to_move) });
      else say("pit-not-yours", { pit: letter });
    }
  }

  function play(/** @type {string} */ letter) {
    const s = state.view;
    if (!s || !state.legal(letter)) return explain(letter);
    // A move is never played on a board the person has not seen: while
    // the last move is still being drawn, a tap or a key plays nothing
    // and shows the board at once (issue 38, defect 3: a double tap
    // played twice).
    // It says so: a tap that seems to do nothing reads as a broken page.
    if (view.animating()) {
      view.finish();
      return say("move-shown-choose-again");
    }
    say(null);
    // The board it was chosen on: the room refuses a move for a board that
    // changed before it arrived (a double click, keys typed fast), rather
    // than play it on a position the person has not seen.
    send(messages.move(letter, s.moves.length, s.game_id));
  }

  function takeBack() {
    say(null);
    const s = state.view;
    if (!state.twoPlayers() || !s) return send(messages.takeBack());
    // Between two people, the one who did not play the move agrees.
    const asker = state.playerOf(s, other(s.to_move));
    const args = { asker, other: state.playerOf(s, s.to_move) };
    view.ask("take-back", "take-back-question", args, "take-back-accept", "take-back-refuse", () => {
      send(messages.takeBack(true));
      say("take-back-done");
    });
  }

  function resign() {
    say(null);
    const s = state.view;
    if (!s || s.state === "over") return;
    // Between two people, the side to move resigns.
    const player = state.playerOf(s, state.personSide() ?? s.to_move);
    view.ask("resign", "resign-question", { player }, "resign-yes", "resign-no", () => send(messages.resign()));
  }

  const view = createPlayView(state, {
    onPit: play,
    onExplain: explain,
    onTakeBack: takeBack,
    onResign: resign,
    onHint: () => {
      say(null);
      send(messages.hint());
    },
    onFlip: () => {
      state.flipped = !state.flipped;
      view.layout();
    },
    onRestartEngine: () => send(messages.restartEngine()),
    onSave: () => {
      onSaved("play");
      send(messages.save());
    },
    onAnalyse: () => {
      send(messages.analyseGame());
      showAnalysis();
    },
    onReview: () => {
      send(review("play", reviewLimit()));
      showAnalysis();
    },
    onTurnBoard: () => view.layout(),
    onAskNo: (kind) => {
      if (kind === "take-back") say("take-back-refused");
    },
  });

  const startNewGame = () => send(messages.newGame(form.settings()));
  const form = createGameForm({
    onSubmit: () => {
      say(null);
      // A game in progress is not abandoned without a word (issue 38,
      // defect 10).
      if (state.inProgress()) {
        view.ask("new-game", "new-game-question", {}, "new-game-yes", "new-game-no", startNewGame);
        return;
      }
      startNewGame();
    },
  });
  setInterval(view.tickClocks, CLOCK_TICK_MS);
  view.layout();

  return {
    /** The room's state of the game. @param {View} s */
    render(s) {
      const change = state.receive(s, performance.now());
      view.render(change, () => form.show(s));
      form.labelLevels(s.levels);
    },
    /** @param {EngineLineMessage} message */
    onEngineLine(message) {
      view.engineLine(state.addLine(message.line), message.info);
    },
    /** Keys A–G / 1–7 play the person's pit, whichever side they play;
     *  whether the key was Play's. @param {KeyboardEvent} event */
    onKey(event) {
      const pit = state.pitOfKey(event.key);
      if (pit === null) return false;
      play(pit);
      return true;
    },
    say,
    sayRoom: view.sayRoom,
    /** @param {IllegalMessage} m */
    onIllegal: (m) => say("pit-refused", { pit: m.pit, why: m.why }),
    /** The next game's settings, as the form has them (Play from here). */
    settings: () => form.settings(),
  };
}
