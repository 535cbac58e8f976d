// The rules panel, for players (issue 38): one section per idea (the
// board, sowing, capturing, feeding, the noble pit, the end), each with
// its words from the catalogue and small diagrams drawn by the page's own
// board (board.js) from fixed positions (rules/diagrams.json). "Show me"
// asks the room, which has the rules, to play the diagram's move
// (`show-move`): the seeds are sown on the diagram, or the room says why
// the rules forbid that pit. The technical rules (docs/rules.md, served as
// rules.md) are linked, for engine authors.

import { $, el, server } from "./util.js";
import { tell, tellSay } from "./i18n.js";
import { createBoard } from "./board.js";

/** The sections in order, each with its title and paragraphs' ids. */
const SECTIONS = [
  { id: "board", title: "rules-board-title", texts: ["rules-board-text"] },
  { id: "sowing", title: "rules-sowing-title", texts: ["rules-sowing-text", "rules-sowing-text-2"] },
  { id: "capture", title: "rules-capture-title", texts: ["rules-capture-text", "rules-capture-text-2"] },
  { id: "feeding", title: "rules-feeding-title", texts: ["rules-feeding-text"] },
  { id: "noble", title: "rules-noble-title", texts: ["rules-noble-text", "rules-noble-text-2"] },
  { id: "end", title: "rules-end-title", texts: ["rules-end-text", "rules-end-text-2"] },
];

/** The diagrams' boards, by diagram id: to animate the room's answer. */
const shown = new Map();

/** One diagram: a small board at its position, its caption, and "Show
 *  me" when it has a move. Hooks: `[data-testid=rules-diagram]` with
 *  `data-diagram`, `data-position` (what the board shows now) and
 *  `data-state` (`start`, `shown`, `refused`). */
function diagram(d) {
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
  if (d.move) {
    const show = el("button", { type: "button", "data-testid": "rules-show", class: "rules-show" });
    tell(show, "rules-show");
    show.addEventListener("click", () => {
      reset();
      server.send({ type: "show-move", variant: d.variant, position: d.position, pit: d.move, tag: d.id });
    });
    box.append(show, why);
  }
  shown.set(d.id, { board, box, why, reset, show: box.querySelector(".rules-show") });
  reset();
  return box;
}

/** The room's answer to "Show me": the move sown on its diagram, or why
 *  the rules forbid it. */
export function onShownMove(message) {
  const d = shown.get(message.tag);
  if (!d) return;
  if (message.why) {
    tellSay(d.why, message.why);
    d.box.dataset.state = "refused";
    return;
  }
  d.box.dataset.position = message.after;
  d.box.dataset.state = "shown";
  d.board.mark({ counts: message.pits, last: message.sowing.pit });
  const [south, north] = message.after.split(" ").slice(2, 4).map(Number);
  const toMove = message.after.split(" ")[1] === "s" ? "south" : "north";
  d.board.players({}, [south, north], toMove);
  d.board.animate(message.sowing, message.pits);
  tell(d.show, "rules-again");
}

async function render(body) {
  const response = await fetch(new URL("./rules/diagrams.json", import.meta.url));
  if (!response.ok) throw new Error(`rules/diagrams.json: ${response.status}`);
  const { diagrams } = await response.json();
  const intro = el("p", {});
  tell(intro, "rules-intro");
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
    for (const d of diagrams.filter((x) => x.section === section.id)) part.append(diagram(d));
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

export function initRules() {
  const panel = $("[data-testid=rules]");
  const body = $("[data-testid=rules-text]");
  panel.addEventListener("toggle", async () => {
    if (!panel.open || body.dataset.loaded === "true") return;
    try {
      await render(body);
    } catch (error) {
      console.error(error);
      const p = document.createElement("p");
      tell(p, "rules-not-loaded");
      body.replaceChildren(p);
    }
  });
}
