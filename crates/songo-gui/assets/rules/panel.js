// The rules panel, for players (issue 38): one section per idea (the
// board, sowing, capturing, feeding, the noble pit, the end), each with
// its words and small diagrams (view.js). "Show me" asks the room, which
// has the rules, to play the diagram's move (`show-move`, messages.js):
// the seeds are sown on the diagram, or the room says why the rules
// forbid that pit. The technical rules (docs/rules.md, served as rules.md)
// are linked, for engine authors.

import { find, server } from "../util.js";
import { tell } from "../i18n.js";
import { render, drawShownMove } from "./view.js";
import { showMove } from "./messages.js";

/** @typedef {import("../room.js").ShownMoveMessage} ShownMoveMessage */

/** The room's answer to "Show me": the move sown on its diagram, or why
 *  the rules forbid it.
 *  @param {ShownMoveMessage} message */
export function onShownMove(message) {
  drawShownMove(message);
}

/** The panel, drawn when first opened. */
export function initRules() {
  const panel = find("[data-testid=rules]", HTMLDetailsElement);
  const body = find("[data-testid=rules-text]", HTMLElement);
  panel.addEventListener("toggle", async () => {
    if (!panel.open || body.dataset.loaded === "true") return;
    try {
      await render(body, (d) => server.send(showMove(d)));
    } catch (error) {
      console.error(error);
      const p = document.createElement("p");
      tell(p, "rules-not-loaded");
      body.replaceChildren(p);
    }
  });
}
