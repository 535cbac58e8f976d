// The opening book explorer (issue 30): the analysis position's book
// moves, best first, with the book's score (for the side to move, worded
// as the engine's lines word theirs), depth and visits. The room probes
// the book and sends the moves in the analysis view; a row plays its move
// through the board's own message, so the room's guard against a board
// that changed meanwhile covers it too.

import { $, el, find } from "../util.js";
import { tell, tellAttr } from "../i18n.js";

/** @typedef {import("../room.js").BookView} BookView */
/** @typedef {import("../room.js").AnalysisView} AnalysisView */

/** `onPlay(pit)`: the row's move, played as a click on its pit.
 *  @param {{onPlay: (pit: string) => void}} handlers */
export function createExplorer({ onPlay }) {
  const panel = find("[data-testid=explorer]", HTMLElement);
  const table = find("[data-testid=explorer-table]", HTMLElement);
  const body = find("[data-testid=explorer-moves]", HTMLElement);
  const empty = find("[data-testid=explorer-empty]", HTMLElement);

  // One listener for the whole body: a click anywhere on a row plays it
  // (a finger need not find the button); the button itself is what the
  // keyboard reaches (Tab, then Enter or Space).
  body.addEventListener("click", (event) => {
    const row = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("tr[data-move]"));
    if (row && row.dataset.move) onPlay(row.dataset.move);
  });

  /** Shows `book` (the view's) for the position `view` shows.
   *  @param {BookView} book @param {AnalysisView} view */
  function render(book, view) {
    const moves = view.result ? [] : book.moves;
    // The rows are made anew: a keyboard that played one stays in the
    // panel, on the new position's best move.
    const focused = panel.contains(document.activeElement);
    panel.dataset.state = moves.length ? "in-book" : book.positions ? "not-in-book" : "no-book";
    table.hidden = moves.length === 0;
    empty.hidden = moves.length > 0;
    tell(empty, book.positions ? "explorer-not-in-book" : "explorer-empty-book");
    const side = view.to_move;
    // Scores are the side to move's, as the engine's lines are.
    tell(find(".book-score-head", HTMLElement, table), "explorer-score", { side });
    body.replaceChildren(
      ...moves.map((m) => {
        const row = el("tr", {
          "data-move": m.pit,
          "data-score": m.score_text,
          "data-cp": String(m.score),
          "data-depth": String(m.depth),
          "data-visits": String(m.visits),
        });
        const play = el("button", { type: "button", "data-book-move": m.pit, "data-l10n-none": "" }, m.label);
        tellAttr(play, "aria-label", "explorer-play", {
          move: m.label,
          score: m.score_say,
          side,
          depth: m.depth,
          visits: m.visits,
        });
        const cell = el("td", { class: "book-move" });
        cell.append(play);
        const score = el("td", { class: "book-score" });
        tell(score, "explorer-score-cell", { score: m.score_say, side });
        const visits = el("td", { class: "book-visits" });
        tell(visits, "number", { n: m.visits });
        row.append(cell, score, el("td", { class: "book-depth", "data-l10n-none": "" }, String(m.depth)), visits);
        return row;
      }),
    );
    if (focused) ($("button", body) || panel).focus();
  }

  return { render };
}
