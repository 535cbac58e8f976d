// What the games list sends the room (docs/gui.md's table).

/** @typedef {import("../room.js").OpenGameMessage} OpenGameMessage */
/** @typedef {import("../room.js").DeleteGameMessage} DeleteGameMessage */

/** The finished game of archive id `id` on the analysis board.
 *  @param {string} id @returns {OpenGameMessage} */
export const openGame = (id) => ({ type: "open-game", id });

/** Every finished game in one record file.
 *  @returns {{type: "export-games"}} */
export const exportGames = () => ({ type: "export-games" });

/** The finished game of archive id `id` out of the list (an undo puts it
 *  back). @param {string} id @returns {DeleteGameMessage} */
export const deleteGame = (id) => ({ type: "delete-game", id });

/** The game deleted last back in the list.
 *  @returns {{type: "undo-delete"}} */
export const undoDelete = () => ({ type: "undo-delete" });
