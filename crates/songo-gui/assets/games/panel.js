// The person's finished games (the room records each game when it ends,
// and keeps them across restarts): each opens on the analysis board, or
// opens and is reviewed at once, or is deleted (with an undo: nothing
// else ever removes a game); "Export all" saves them as one record file. The list is the room's, drawn as it comes: this panel keeps no
// state of its own.

import { server } from "../util.js";
import { loadRecord } from "../transport.js";
import { createGamesView } from "./view.js";
import * as messages from "./messages.js";
import { review } from "../review/messages.js";

/** @typedef {import("../room.js").PageMessage} PageMessage */

/**
 * @param {object} options
 * @param {(which: "play" | "analysis") => void} options.onSaved a record asked for
 * @param {() => void} options.showAnalysis
 * @param {() => string} options.reviewLimit the review's limit, as the analysis panel has it
 */
export function initGames({ onSaved, showAnalysis, reviewLimit }) {
  /** @param {PageMessage} message */
  const send = (message) => server.send(message);
  const view = createGamesView({
    onOpen: (id) => {
      send(messages.openGame(id));
      showAnalysis();
    },
    onReview: (id) => {
      send(messages.openGame(id));
      // The review's limit is the one chosen in the analysis panel.
      send(review("analysis", reviewLimit()));
      showAnalysis();
    },
    onDelete: (id) => send(messages.deleteGame(id)),
    onUndoDelete: () => send(messages.undoDelete()),
    onExport: () => {
      onSaved("play");
      send(messages.exportGames());
    },
    onImport: async (file) => {
      view.say(null);
      try {
        const answer = await loadRecord(file, { name: file.name, variant: "", importing: true });
        if (answer.message) view.say(answer.message);
      } catch {
        view.say({ id: "not-connected" });
      }
    },
  });
  return { render: view.render, say: view.say };
}
