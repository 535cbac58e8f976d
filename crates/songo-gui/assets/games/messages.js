// What the games list sends the room (docs/gui.md's table).

/** @typedef {import("../room.js").OpenGameMessage} OpenGameMessage */

/** Finished game `index` (from 1) on the analysis board.
 *  @param {number} index @returns {OpenGameMessage} */
export const openGame = (index) => ({ type: "open-game", index });

/** Every finished game in one record file.
 *  @returns {{type: "export-games"}} */
export const exportGames = () => ({ type: "export-games" });
