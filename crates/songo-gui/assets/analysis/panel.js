// Analysis: a board to set up, step through and explore, with the
// engine's lines live, an evaluation bar, the opening book's moves
// (explorer.js), the tablebases' verdicts, and records loaded and saved.
// The room holds the board's game; this panel joins the state (state.js),
// the view (view.js) and the messages (messages.js). Play from here takes
// the next game's settings as the New game form has them, through
// `settings` (given by app.js): this panel reads no control of Play's.

import { find, server } from "../util.js";
import { tell, tellSay } from "../i18n.js";
import { loadRecord } from "../transport.js";
import { AnalysisState } from "./state.js";
import { createAnalysisView } from "./view.js";
import * as messages from "./messages.js";

/** @typedef {import("../room.js").AnalysisView} AnalysisView */
/** @typedef {import("../room.js").AnalysisLinesMessage} AnalysisLinesMessage */
/** @typedef {import("../room.js").PageMessage} PageMessage */
/** @typedef {import("../room.js").Say} Say */
/** @typedef {import("../game-settings.js").GameSettings} GameSettings */

/** An element of the page by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);

/**
 * @param {object} options
 * @param {(which: "play" | "analysis") => void} options.onSaved a record asked for
 * @param {() => void} options.showPlay
 * @param {() => GameSettings} options.settings the next game's settings (Play's New game form)
 */
export function initAnalysis({ onSaved, showPlay, settings }) {
  const state = new AnalysisState();

  /** Says `id` (with `args`) under the board; nothing: clears it.
   *  @param {string | null} id @param {Record<string, any>} [args] */
  const message = (id, args) => {
    const out = byId("analysis-message");
    tell(out, id, args);
  };
  /** The room's `Say` under the board. @param {Say} said */
  const messageRoom = (said) => tellSay(byId("analysis-message"), said);
  /** A refused position, under the Set up button where it was asked
   *  (issue 38, defect 5). @param {Say | null} said */
  const setUpMessage = (said) => tellSay(byId("set-up-message"), said);
  /** What became of a record loaded or saved (a catalogue id); `ok` false
   *  for a refusal.
   *  @param {string | null} id @param {Record<string, any>} [args] @param {boolean} [ok] */
  const recordMessage = (id, args, ok = true) => {
    const out = byId("record-message");
    tell(out, id, args);
    out.dataset.ok = String(ok);
  };
  /** The same, in the room's words. @param {Say | undefined} said @param {boolean} ok */
  const recordMessageRoom = (said, ok) => {
    const out = byId("record-message");
    tellSay(out, said);
    out.dataset.ok = String(ok);
  };
  /** A record's refusal goes with the next thing done on the board. */
  const clearOldErrors = () => {
    if (byId("record-message").dataset.ok === "false") recordMessage(null);
    const setUp = byId("set-up-message");
    tell(setUp, null);
  };
  /** @param {PageMessage} m */
  const send = (m) => {
    if (!server.send(m)) message("not-connected");
  };

  /** @param {string} position */
  function setUp(position) {
    message(null);
    clearOldErrors();
    send(messages.setUp(view.variant(), position));
  }

  /** @param {string} letter */
  function play(letter) {
    const v = state.view;
    if (!v || !v.legal.includes(letter)) return explain(letter);
    message(null);
    clearOldErrors();
    // The board it was chosen on (its ply, the view's id): the room
    // refuses it if the board changed before it arrived (a double click,
    // another position set up meanwhile).
    send(messages.analysisMove(letter, v.ply, v.id));
  }

  /** @param {string} letter */
  function explain(letter) {
    const v = state.view;
    if (!v) return;
    if (v.result) message("pit-refused", { pit: letter, why: { id: "game-over" } });
    // The room says why (it knows the rules).
    else send(messages.analysisMove(letter, v.ply, v.id));
  }

  /** @param {number} ply */
  function goto(ply) {
    if (!state.view) return;
    clearOldErrors();
    send(messages.goto(state.within(ply)));
  }

  /** Live analysis on or off: on while this mode is shown and the box
   *  ticked. Not connected yet: app.js asks again once the socket is open. */
  function switchEngine() {
    const wanted = view.engineWanted();
    // Until the room's board has come, the select shows only its default:
    // the room's own count of lines (restored after a reload) stays.
    server.send(messages.analyse(state.shown && wanted.on, state.view ? wanted.lines : undefined));
  }

  /** @param {File} file */
  async function readRecord(file) {
    recordMessage("record-reading", { file: file.name });
    try {
      const answer = await loadRecord(file, { name: file.name, variant: view.variant() });
      if (answer.ok) recordMessage("record-read", { file: file.name, games: answer.games });
      else recordMessageRoom(answer.message, false);
    } catch (error) {
      console.error(error);
      recordMessage("record-not-sent", { file: file.name }, false);
    }
  }

  const view = createAnalysisView(state, {
    onPit: play,
    onExplain: explain,
    onSetUp: setUp,
    onGoto: goto,
    onStep: (step) => {
      const v = state.view;
      if (step === "first") goto(0);
      else if (!v) return;
      else if (step === "prev") goto(v.ply - 1);
      else if (step === "next") goto(v.ply + 1);
      else goto(v.moves.length);
    },
    onFlip: () => {
      state.flipped = !state.flipped;
      view.render();
    },
    onPlayFromHere: () => {
      send(messages.playFromHere(settings()));
      showPlay();
    },
    onEngineSwitch: switchEngine,
    onRestartAnalyst: () => send(messages.restartAnalyst()),
    onLoadGame: (index) => send(messages.loadGame(index)),
    onSave: () => {
      onSaved("analysis");
      send(messages.save());
    },
    onLoadRecord: readRecord,
  });

  return {
    /** The room's analysis board. @param {AnalysisView} v */
    render(v) {
      const moved = state.receive(v);
      view.render();
      if (moved) message(null);
    },
    /** The engine's lines as they come. @param {AnalysisLinesMessage} m */
    onLines(m) {
      if (state.takeLines(m)) view.renderLines(m.lines);
    },
    message,
    messageRoom,
    setUpMessage,
    recordMessage,
    recordMessageRoom,
    goto,
    /** The better move of a reviewed move, shown at the ply before it.
     *  @param {number} ply @param {string | null} pit */
    suggest(ply, pit) {
      state.suggest(ply, pit);
      goto(ply);
      view.reveal();
    },
    /** The mode shown or left. @param {boolean} active */
    show(active) {
      state.shown = active;
      switchEngine();
    },
    /** Keys ← → Home End step through the game; whether the key was the
     *  board's. @param {KeyboardEvent} event */
    onKey(event) {
      const ply = state.plyOfKey(event.key);
      if (ply === null) return false;
      goto(ply);
      return true;
    },
  };
}
