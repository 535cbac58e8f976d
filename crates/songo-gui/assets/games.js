// The person's finished games (the room records each game against the
// engine when it ends, and keeps them across restarts): a list with date,
// variant, players and result; each opens on the analysis board, or opens
// and is reviewed at once; "Export all" saves them as one record file.

import { $, el, server, VARIANT_NAMES } from "./util.js";
import { tell } from "./i18n.js";

export function initGames({ onSaved, showAnalysis }) {
  const send = (message) => server.send(message);

  function render(view) {
    const list = $("[data-testid=games]");
    $("[data-testid=games-empty]").hidden = view.games.length > 0;
    $("[data-testid=export-games]").disabled = view.games.length === 0;
    // Newest first: the game just finished is at the top.
    list.replaceChildren(
      ...view.games
        .slice()
        .reverse()
        .map((g) => {
          // Numbered as the analysis numbers it ("game 2 of 2"), newest
          // first (issue 38, defect 4).
          const li = el("li", { "data-game": String(g.index), "data-result": g.result, value: String(g.index) });
          const text = el("span", { class: "game-text" });
          // The record's date (`YYYY.MM.DD`), written as the language
          // writes dates (06/12/2026).
          const [year, month, day] = g.date.split(".").map(Number);
          tell(text, "games-entry", {
            year,
            month,
            day,
            variant: { id: VARIANT_NAMES[g.variant] },
            south: g.players[0],
            north: g.players[1],
            result: g.result,
            termination: g.termination,
            moves: Math.ceil(g.plies / 2),
          });
          const open = el("button", { type: "button", "data-action": "analyse" });
          tell(open, "analyse");
          const review = el("button", { type: "button", "data-action": "review" });
          tell(review, "review");
          open.addEventListener("click", () => {
            send({ type: "open-game", index: g.index });
            showAnalysis();
          });
          review.addEventListener("click", () => {
            send({ type: "open-game", index: g.index });
            // The review's limit is the one chosen in the analysis panel.
            const [kind, amount] = $("[data-testid=review-limit]").value.split(":");
            send({ type: "review", game: "analysis", [kind]: Number(amount) });
            showAnalysis();
          });
          li.append(text, open, review);
          return li;
        }),
    );
  }

  $("[data-testid=export-games]").addEventListener("click", () => {
    onSaved("play");
    send({ type: "export-games" });
  });

  return { render };
}
