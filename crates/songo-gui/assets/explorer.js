// The opening book explorer (issue 30): the analysis position's book
// moves, best first, with the book's score (for the side to move, worded
// as the engine's lines word theirs), depth and visits. The room probes
// the book and sends the moves in the analysis view; a row plays its move
// through the board's own message, so the room's guard against a board
// that changed meanwhile covers it too.

import { $, el, sideName } from "./util.js";

/** `onPlay(pit)`: the row's move, played as a click on its pit. */
export function createExplorer({ onPlay }) {
  const panel = $("[data-testid=explorer]");
  const table = $("[data-testid=explorer-table]");
  const body = $("[data-testid=explorer-moves]");
  const empty = $("[data-testid=explorer-empty]");

  // One listener for the whole body: a click anywhere on a row plays it
  // (a finger need not find the button); the button itself is what the
  // keyboard reaches (Tab, then Enter or Space).
  body.addEventListener("click", (event) => {
    const row = event.target.closest("tr[data-move]");
    if (row) onPlay(row.dataset.move);
  });

  /** Shows `book` (the view's) for the position `view` shows. */
  function render(book, view) {
    const moves = view.result ? [] : book.moves;
    // The rows are made anew: a keyboard that played one stays in the
    // panel, on the new position's best move.
    const focused = panel.contains(document.activeElement);
    panel.dataset.state = moves.length ? "in-book" : book.positions ? "not-in-book" : "no-book";
    table.hidden = moves.length === 0;
    empty.hidden = moves.length > 0;
    empty.textContent = book.positions ? "Not in the book." : "Not in the book: the book is empty.";
    const mover = sideName(view.to_move);
    // Scores are the side to move's, as the engine's lines are.
    $(".book-score-head", table).textContent = `Score (${mover})`;
    body.replaceChildren(
      ...moves.map((m) => {
        const row = el("tr", {
          "data-move": m.pit,
          "data-score": m.score_text,
          "data-cp": String(m.score),
          "data-depth": String(m.depth),
          "data-visits": String(m.visits),
        });
        const play = el(
          "button",
          {
            type: "button",
            "data-book-move": m.pit,
            "aria-label": `Play ${m.label}: ${m.score_text} for ${mover}, depth ${m.depth}, ${m.visits} visits`,
          },
          m.label,
        );
        const cell = el("td", { class: "book-move" });
        cell.append(play);
        row.append(
          cell,
          el("td", { class: "book-score", title: `for ${mover}` }, m.score_text),
          el("td", { class: "book-depth" }, String(m.depth)),
          el("td", { class: "book-visits" }, m.visits.toLocaleString("en")),
        );
        return row;
      }),
    );
    if (focused) ($("button", body) || panel).focus();
  }

  return { render };
}
