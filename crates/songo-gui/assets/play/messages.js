// What Play sends the room, built exactly as docs/gui.md's table writes
// it. Pure: each function returns the message, the panel sends it.

/** @typedef {import("../room.js").MoveMessage} MoveMessage */
/** @typedef {import("../room.js").NewGameMessage} NewGameMessage */
/** @typedef {import("../room.js").TakeBackMessage} TakeBackMessage */
/** @typedef {import("../room.js").SaveMessage} SaveMessage */
/** @typedef {import("../room.js").AnalyseGameMessage} AnalyseGameMessage */
/** @typedef {import("../game-settings.js").GameSettings} GameSettings */

/** A pit played on the board the person saw: game `game` after `ply`
 *  moves (the room refuses it if that board changed before it arrived).
 *  @param {string} pit @param {number} ply @param {number} game
 *  @returns {MoveMessage} */
export const move = (pit, ply, game) => ({ type: "move", pit, ply, game });

/** The game the form describes; the names only between two people.
 *  @param {GameSettings} s
 *  @returns {NewGameMessage} */
export function newGame(s) {
  return {
    type: "new-game",
    variant: s.variant,
    side: s.side,
    level: s.level,
    engine: s.engine,
    ...(s.side === "both" ? { names: s.names } : {}),
    ...s.timing,
  };
}

/** Between two people, `agreed`: the other player said yes.
 *  @param {boolean} [agreed]
 *  @returns {TakeBackMessage} */
export const takeBack = (agreed = false) => (agreed ? { type: "take-back", agreed: true } : { type: "take-back" });

/** @returns {{type: "resign"}} */
export const resign = () => ({ type: "resign" });

/** @returns {{type: "hint"}} */
export const hint = () => ({ type: "hint" });

/** @returns {{type: "restart-engine"}} */
export const restartEngine = () => ({ type: "restart-engine" });

/** @returns {SaveMessage} */
export const save = () => ({ type: "save", game: "play" });

/** The game played to the analysis board, at its end.
 *  @returns {AnalyseGameMessage} */
export const analyseGame = () => ({ type: "analyse-game" });
