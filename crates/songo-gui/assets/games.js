// The person's finished games (the room records each game against the
// engine when it ends, and keeps them across restarts): a list with date,
// variant, players and result; each opens on the analysis board, or opens
// and is reviewed at once; "Export all" saves them as one record file.

import { $, el, server } from "./util.js";

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
          const li = el("li", { "data-game": String(g.index), "data-result": g.result });
          const text = `${g.date} · ${g.variant} · ${g.south} – ${g.north} · ${g.result} (${g.termination}), ${g.plies} plies`;
          const open = el("button", { type: "button", "data-action": "analyse" }, "Analyse");
          const review = el("button", { type: "button", "data-action": "review" }, "Review");
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
          li.append(el("span", { class: "game-text" }, text), open, review);
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
