// The rules panel's view: one section per idea, each with its words from
// the catalogue and small diagrams drawn by the page's own board
// (board.js) from fixed positions (diagrams.json), and the room's answer
// to "Show me" drawn on its diagram. A diagram's state is its hooks
// (`data-position`, `data-state`): what it shows is all there is to it.

import { el } from "../util.js";
import { tell, tellSay } from "../i18n.js";
import { createBoard } from "../board.js";

/** @typedef {import("../room.js").ShownMoveMessage} ShownMoveMessage */

/**
 * One diagram of diagrams.json.
 * @typedef {object} Diagram
 * @property {string} id
 * @property {string} section
 * @property {string} variant
 * @property {string} position
 * @property {string | null} move
 * @property {string | null} after
 * @property {string} caption the caption's catalogue id
 */

/**
 * A diagram drawn: its board, its figure, the line that says why a move
 * is refused, its button.
 * @typedef {{board: ReturnType<typeof createBoard>, box: HTMLElement, why: HTMLElement,
 *   reset: () => void, show: HTMLElement | null}} Shown
 */

/** The sections in order, each with its title and paragraphs' ids. */
const SECTIONS = [
  { id: "board", title: "rules-board-title", texts: ["rules-board-text"] },
  { id: "sowing", title: "rules-sowing-title", texts: ["rules-sowing-text", "rules-sowing-text-2"] },
  { id: "capture", title: "rules-capture-title", texts: ["rules-capture-text", "rules-capture-text-2"] },
  { id: "feeding", title: "rules-feeding-title", texts: ["rules-feeding-text"] },
  { id: "noble", title: "rules-noble-title", texts: ["rules-noble-text", "rules-noble-text-2"] },
  { id: "end", title: "rules-end-title", texts: ["rules-end-text", "rules-end-text-2"] },
];

/** The diagrams' boards, by diagram id: to animate the room's answer.
 *  @type {Map<string, Shown>} */
const shown = new Map();

/** One diagram: a small board at its position, its caption, and "Show
 *  me" when it has a move. Hooks: `[data-testid=rules-diagram]` with
 *  `data-diagram`, `data-position` (what the board shows now) and
 *  `data-state` (`start`, `shown`, `refused`).
 *  @param {Diagram} d @param {(d: Diagram & {move: string}) => void} onShow */
function diagram(d, onShow) {
  const box = el("figure", {
    class: "rules-diagram",
    "data-testid": "rules-diagram",
    "data-diagram": d.id,
    "data-variant": d.variant,
    "data-position": d.position,
    "data-state": "start",
  });
  const root = el("div", { class: "board small" });
  const board = createBoard(root, {
    pitAttr: "data-rules-pit",
    slotAttr: "data-rules-slot",
    capturedHook: `rules-captured-${d.id}`,
    onPit: () => {},
    onExplain: () => {},
  });
  const counts = () => d.position.split(" ")[0].split(/[,/]/).map(Number);
  const captured = () => d.position.split(" ").slice(2, 4).map(Number);
  const reset = () => {
    board.finish();
    board.layout("south");
    board.draw(counts());
    board.mark({ counts: counts(), last: null });
    board.players({}, captured(), d.position.split(" ")[1] === "s" ? "south" : "north");
    box.dataset.position = d.position;
    box.dataset.state = "start";
    tell(why, null);
  };
  const caption = el("figcaption", {});
  tell(caption, d.caption);
  const why = el("p", { class: "message", role: "alert" });
  box.append(root, caption);
  const move = d.move;
  if (move) {
    const show = el("button", { type: "button", "data-testid": "rules-show", class: "rules-show" });
    tell(show, "rules-show");
    show.addEventListener("click", () => {
      reset();
      onShow({ ...d, move });
    });
    box.append(show, why);
  }
  shown.set(d.id, { board, box, why, reset, show: box.querySelector(".rules-show") });
  reset();
  return box;
}

/** The room's answer to "Show me": the move sown on its diagram, or why
 *  the rules forbid it.
 *  @param {ShownMoveMessage} message */
export function drawShownMove(message) {
  const d = shown.get(message.tag);
  if (!d) return;
  if (message.why) {
    tellSay(d.why, message.why);
    d.box.dataset.state = "refused";
    return;
  }
  // The room sends the sowing and the position after it with every
  // answer that is not a refusal.
  if (!message.sowing || !message.after) return;
  d.box.dataset.position = message.after;
  d.box.dataset.state = "shown";
  d.board.mark({ counts: message.pits, last: message.sowing.pit });
  const [south, north] = message.after.split(" ").slice(2, 4).map(Number);
  const toMove = message.after.split(" ")[1] === "s" ? "south" : "north";
  d.board.players({}, [south, north], toMove);
  d.board.animate(message.sowing, message.pits);
  if (d.show) tell(d.show, "rules-again");
}

/** The panel's sections and diagrams, from diagrams.json, into `body`.
 *  @param {HTMLElement} body @param {(d: Diagram & {move: string}) => void} onShow a diagram's Show me */
export async function render(body, onShow) {
  const response = await fetch(new URL("./diagrams.json", import.meta.url));
  if (!response.ok) throw new Error(`rules/diagrams.json: ${response.status}`);
  /** @type {{diagrams: Diagram[]}} */
  const { diagrams } = await response.json();
  const intro = el("p", {});
  tell(intro, "rules-intro");
  /** @type {HTMLElement[]} */
  const parts = [intro];
  for (const section of SECTIONS) {
    const part = el("section", { class: "rules-section", "data-section": section.id });
    const title = el("h3", {});
    tell(title, section.title);
    part.append(title);
    for (const id of section.texts) {
      const p = el("p", {});
      tell(p, id);
      part.append(p);
    }
    for (const d of diagrams.filter((x) => x.section === section.id)) part.append(diagram(d, onShow));
    parts.push(part);
  }
  // The reference, in English, for engine authors.
  const link = el("a", { href: "rules.md", "data-testid": "rules-reference", target: "_blank", rel: "noopener" });
  tell(link, "rules-reference");
  const reference = el("p", { class: "help" });
  reference.append(link);
  parts.push(reference);
  body.replaceChildren(...parts);
  body.dataset.loaded = "true";
}
