// The games list's view: the finished games, newest first, each with its
// date, variant, players and result, and its two buttons.

import { el, find, VARIANT_NAMES } from "../util.js";
import { tell, tellSay } from "../i18n.js";

/** @typedef {import("../room.js").GamesView} GamesView */
/** @typedef {import("../room.js").FinishedView} FinishedView */
/** @typedef {import("../room.js").Say} Say */

/**
 * What the person does, for the panel.
 * @typedef {object} GamesActions
 * @property {(id: string) => void} onOpen a game (by its archive id) to the analysis board
 * @property {(id: string) => void} onReview the same, reviewed
 * @property {(id: string) => void} onDelete a game out of the list
 * @property {() => void} onUndoDelete the game deleted last back
 * @property {() => void} onExport every game as one record file
 * @property {(file: File) => void} onImport a record file's games into the list
 */

/** @param {GamesActions} actions */
export function createGamesView(actions) {
  const list = find("[data-testid=games]", HTMLElement);
  const empty = find("[data-testid=games-empty]", HTMLElement);
  const exportAll = find("[data-testid=export-games]", HTMLButtonElement);
  const message = find("[data-testid=games-message]", HTMLElement);
  const deleted = find("[data-testid=games-deleted]", HTMLElement);
  const deletedText = find("[data-testid=games-deleted-text]", HTMLElement);
  find("[data-testid=undo-delete]", HTMLButtonElement).addEventListener("click", actions.onUndoDelete);
  exportAll.addEventListener("click", actions.onExport);
  const importFile = find("[data-testid=import-games]", HTMLInputElement);
  importFile.addEventListener("change", () => {
    const file = importFile.files && importFile.files[0];
    // The same file may be chosen again (after a failure): the input is
    // emptied once read.
    if (file) actions.onImport(file);
    importFile.value = "";
  });

  /** What the list says of game `g`: its date, variant, players, result.
   *  @param {HTMLElement} text @param {FinishedView} g */
  function describe(text, g) {
    // The record's date (`YYYY.MM.DD`), written as the language writes
    // dates (06/12/2026).
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
  }

  /** @param {FinishedView} g */
  function item(g) {
    // Numbered as the analysis numbers it ("game 2 of 2"), newest first
    // (issue 38, defect 4).
    const li = el("li", {
      "data-game": String(g.index),
      "data-id": g.id,
      "data-result": g.result,
      value: String(g.index),
    });
    const text = el("span", { class: "game-text" });
    describe(text, g);
    const open = el("button", { type: "button", "data-action": "analyse" });
    tell(open, "analyse");
    const review = el("button", { type: "button", "data-action": "review" });
    tell(review, "review");
    // By its id, which stays the game's whatever the list holds when the
    // room reads the message (issue 43).
    open.addEventListener("click", () => actions.onOpen(g.id));
    review.addEventListener("click", () => actions.onReview(g.id));
    // No confirmation: the undo beside the list puts it back.
    const remove = el("button", { type: "button", "data-action": "delete", class: "delete-game" });
    tell(remove, "delete-game");
    remove.addEventListener("click", () => actions.onDelete(g.id));
    li.append(text, open, review, remove);
    return li;
  }

  return {
    /** The room's list. @param {GamesView} view */
    render(view) {
      empty.hidden = view.games.length > 0;
      exportAll.disabled = view.games.length === 0;
      // Newest first: the game just finished is at the top.
      list.replaceChildren(...view.games.slice().reverse().map(item));
      deleted.hidden = !view.deleted;
      if (view.deleted) {
        deleted.dataset.id = view.deleted.id;
        describe(deletedText, view.deleted);
      }
    },
    /** What the room says of the games' storage (a write that failed),
     *  beside Export all, the way to keep a copy; an import's count; nothing:
     *  cleared. @param {Say | null} say */
    say(say) {
      tellSay(message, say);
    },
  };
}
