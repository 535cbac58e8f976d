// What the games list sends the room (docs/gui.md's table).

/** @typedef {import("../room.js").OpenGameMessage} OpenGameMessage */

/** The finished game of archive id `id` on the analysis board.
 *  @param {string} id @returns {OpenGameMessage} */
export const openGame = (id) => ({ type: "open-game", id });

/** Every finished game in one record file.
 *  @returns {{type: "export-games"}} */
export const exportGames = () => ({ type: "export-games" });
