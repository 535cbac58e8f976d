// What the analysis board sends the room, built exactly as docs/gui.md's
// table writes it. Pure: each function returns the message, the panel
// sends it.

/** @typedef {import("../room.js").SetUpMessage} SetUpMessage */
/** @typedef {import("../room.js").AnalysisMoveMessage} AnalysisMoveMessage */
/** @typedef {import("../room.js").GotoMessage} GotoMessage */
/** @typedef {import("../room.js").AnalyseMessage} AnalyseMessage */
/** @typedef {import("../room.js").PlayFromHereMessage} PlayFromHereMessage */
/** @typedef {import("../room.js").LoadGameMessage} LoadGameMessage */
/** @typedef {import("../room.js").SaveMessage} SaveMessage */
/** @typedef {import("../game-settings.js").GameSettings} GameSettings */

/** @param {string} variant @param {string} position
 *  @returns {SetUpMessage} */
export const setUp = (variant, position) => ({ type: "set-up", variant, position });

/** A pit played on the board shown: its ply and the view's id (the room
 *  refuses it if the board changed before it arrived).
 *  @param {string} pit @param {number} ply @param {number} id
 *  @returns {AnalysisMoveMessage} */
export const analysisMove = (pit, ply, id) => ({ type: "analysis-move", pit, ply, id });

/** @param {number} ply @returns {GotoMessage} */
export const goto = (ply) => ({ type: "goto", ply });

/** Live analysis on or off; `lines` (1–3) once the room's board has come,
 *  else the room keeps its own count.
 *  @param {boolean} on @param {number} [lines]
 *  @returns {AnalyseMessage} */
export const analyse = (on, lines) => (lines === undefined ? { type: "analyse", on } : { type: "analyse", on, lines });

/** A game from the position shown, at the form's level and timing (even
 *  without a new game started).
 *  @param {GameSettings} settings
 *  @returns {PlayFromHereMessage} */
export const playFromHere = (settings) => ({ type: "play-from-here", level: settings.level, ...settings.timing });

/** @returns {{type: "restart-analyst"}} */
export const restartAnalyst = () => ({ type: "restart-analyst" });

/** Another game of the record file loaded last.
 *  @param {number} index @returns {LoadGameMessage} */
export const loadGame = (index) => ({ type: "load-game", index });

/** @returns {SaveMessage} */
export const save = () => ({ type: "save", game: "analysis" });
