// What the rules panel sends the room (docs/gui.md's table).

/** @typedef {import("../room.js").ShowMoveMessage} ShowMoveMessage */
/** @typedef {import("./view.js").Diagram} Diagram */

/** How the diagram's move goes on its position, answered with
 *  `shown-move` tagged with the diagram's id; nothing is played.
 *  @param {Diagram & {move: string}} d
 *  @returns {ShowMoveMessage} */
export const showMove = (d) => ({ type: "show-move", variant: d.variant, position: d.position, pit: d.move, tag: d.id });
