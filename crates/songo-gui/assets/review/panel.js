// The review of the analysis board's game: started here, run by the
// room's analysis engine, shown as a graph of the score over the game and
// a list of the marked moves with the better move for each; a click goes
// to the position where the move was played. Joins the state (state.js),
// the view (view.js) and the messages (messages.js).

import { find, server } from "../util.js";
import { tell, onLanguage } from "../i18n.js";
import { ReviewState } from "./state.js";
import { createReviewView } from "./view.js";
import * as messages from "./messages.js";

/** @typedef {import("../room.js").ReviewView} ReviewView */
/** @typedef {import("../room.js").PageMessage} PageMessage */

/**
 * @param {object} options
 * @param {{suggest(ply: number, pit: string | null): void, goto(ply: number): void}} options.analysis the board to open positions on
 * @param {() => void} options.practise practise the finished review's mistakes
 */
export function initReview({ analysis, practise }) {
  const state = new ReviewState();
  /** @param {PageMessage} m */
  const send = (m) => {
    if (!server.send(m)) tell(find("[data-testid=record-message]", HTMLElement), "not-connected");
  };
  const view = createReviewView(state, {
    onReview: () => send(messages.review("analysis", view.limit())),
    onCancel: () => send(messages.cancelReview()),
    onPractise: practise,
    // The position before the move, where the better move was, with that
    // move suggested.
    onOpenMove: (m) => analysis.suggest(m.ply - 1, m.best),
    // A click on the graph goes to the nearest position.
    onGraph: (at) => {
      const curve = state.curve();
      if (curve.length < 2) return;
      analysis.goto(Math.round(at * (curve.length - 1)));
    },
  });

  // The dots' titles are the graph's own: drawn again in a new language.
  onLanguage(() => view.drawGraph());

  return {
    /** The room's review. @param {ReviewView} r */
    render(r) {
      state.review = r;
      view.render();
    },
    /** The analysis board moved to `p`: the graph's cursor follows.
     *  @param {number} p */
    at(p) {
      if (state.at(p)) view.drawGraph();
    },
    /** The review limit chosen. */
    limit: view.limit,
  };
}
