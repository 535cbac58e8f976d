// The review's view: its status and progress, the score over the game as
// a graph (drawn here in SVG), and the list of the marked moves with the
// better move for each. Every element of the review is looked up here.

import { el, find, svg } from "../util.js";
import { tell, tellAttr, t } from "../i18n.js";

/** @typedef {import("../room.js").ReviewView} ReviewView */
/** @typedef {import("../room.js").ReviewedMove} ReviewedMove */
/** @typedef {import("./state.js").ReviewState} ReviewState */

/** The graph shows scores up to this many seeds either way. */
const GRAPH_SEEDS = 10;
const WIDTH = 300;
const HEIGHT = 120;

/** An element of the page by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);

/**
 * What the person does, for the panel.
 * @typedef {object} ReviewActions
 * @property {() => void} onReview review the board's game
 * @property {() => void} onCancel
 * @property {() => void} onPractise practise the finished review's mistakes
 * @property {(move: ReviewedMove) => void} onOpenMove a marked move, from the list or the graph
 * @property {(at: number) => void} onGraph a click on the graph, `at` from 0 (left) to 1 (right)
 */

/** The review's view over `state`.
 *  @param {ReviewState} state @param {ReviewActions} actions */
export function createReviewView(state, actions) {
  const graph = find("[data-testid=review-graph]", SVGSVGElement);
  const limit = find("[data-testid=review-limit]", HTMLSelectElement);
  const start = find("[data-testid=review]", HTMLButtonElement);
  const cancel = find("[data-testid=cancel-review]", HTMLButtonElement);
  start.addEventListener("click", actions.onReview);
  cancel.addEventListener("click", actions.onCancel);
  const practise = find("[data-testid=practise-mistakes]", HTMLButtonElement);
  practise.addEventListener("click", actions.onPractise);
  graph.addEventListener("click", (event) => {
    const box = graph.getBoundingClientRect();
    actions.onGraph((event.clientX - box.left) / box.width);
  });

  /** @param {ReviewView} r */
  function renderStatus(r) {
    const status = byId("review-status");
    status.dataset.state = r.state;
    status.dataset.done = String(r.done);
    status.dataset.total = String(r.total);
    const args = { limit: r.limit || "", done: r.done, total: r.total, why: r.message || "", ...state.counts() };
    const id = {
      none: null,
      running: "review-running",
      done: "review-done",
      failed: "review-failed",
      cancelled: "review-cancelled",
    }[r.state];
    tell(status, id, args);
    const progress = find("[data-testid=review-progress]", HTMLProgressElement);
    progress.hidden = r.state !== "running";
    progress.max = Math.max(1, r.total);
    progress.value = r.done;
    cancel.hidden = r.state !== "running";
    practise.hidden = r.state !== "done";
    start.disabled = r.state === "running";
  }

  /** @param {ReviewView} r */
  function renderMoves(r) {
    const [inaccuracy, mistake, blunder] = r.thresholds;
    const list = byId("review-moves");
    tellAttr(list, "title", "review-thresholds", {
      inaccuracy: inaccuracy / 100,
      mistake: mistake / 100,
      blunder: blunder / 100,
    });
    list.replaceChildren(...state.marked().map(moveItem));
  }

  /** @param {ReviewedMove} m */
  function moveItem(m) {
    const li = el("li", {
      "data-ply": String(m.ply),
      "data-judgement": m.judgement,
      "data-played": m.played,
      "data-best": m.best || "",
      class: m.judgement,
      tabindex: "0",
    });
    if (m.pv.length) tellAttr(li, "title", "review-line", { line: m.pv.join(" ") });
    const words = el("span", {});
    tell(words, "review-move", {
      side: m.side,
      judgement: m.judgement,
      loss: m.loss / 100,
      better: m.best ? "yes" : "no",
      best: m.best || "",
    });
    li.append(el("strong", { "data-l10n-none": "" }, m.label), " ", words);
    const open = () => actions.onOpenMove(m);
    li.addEventListener("click", open);
    li.addEventListener("keydown", (e) => {
      if (e.key === "Enter") open();
    });
    return li;
  }

  /** The score curve (South up), the marked moves as dots, the ply shown. */
  function drawGraph() {
    const curve = state.curve();
    // An SVG element has no `hidden` property: the attribute it is.
    graph.toggleAttribute("hidden", curve.length < 2);
    byId("review-graph-note").hidden = curve.length < 2;
    if (curve.length < 2) return graph.replaceChildren();
    const n = curve.length - 1;
    const x = (/** @type {number} */ i) => (i / n) * WIDTH;
    const y = (/** @type {number} */ cs) => {
      const seeds = Math.max(-GRAPH_SEEDS, Math.min(GRAPH_SEEDS, cs / 100));
      return HEIGHT / 2 - (seeds / GRAPH_SEEDS) * (HEIGHT / 2 - 4);
    };
    const points = curve.map((cs, i) => `${x(i).toFixed(1)},${y(cs).toFixed(1)}`);
    const ply = state.ply;
    const parts = [
      svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT / 2, class: "north-half" }),
      svg("rect", { x: 0, y: HEIGHT / 2, width: WIDTH, height: HEIGHT / 2, class: "south-half" }),
      svg("polygon", { points: `0,${HEIGHT / 2} ${points.join(" ")} ${WIDTH},${HEIGHT / 2}`, class: "area" }),
      svg("polyline", { points: points.join(" "), class: "curve" }),
      svg("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: "zero" }),
      svg("line", { x1: x(ply), y1: 0, x2: x(ply), y2: HEIGHT, class: "cursor", "data-testid": "review-cursor" }),
    ];
    for (const m of state.marked()) {
      const dot = svg("circle", {
        cx: x(m.ply).toFixed(1),
        cy: y(curve[m.ply]).toFixed(1),
        r: 3.5,
        class: m.judgement,
        "data-ply": m.ply,
      });
      const title = svg("title");
      title.textContent = t("review-dot", { move: m.label, judgement: m.judgement });
      dot.append(title);
      // The same as the list's entry: the position before the move, with
      // the better move shown (not the nearest position of the curve).
      dot.addEventListener("click", (event) => {
        event.stopPropagation();
        actions.onOpenMove(m);
      });
      parts.push(dot);
    }
    graph.replaceChildren(...parts);
  }

  return {
    /** The state's review, all of it. */
    render() {
      const r = state.review;
      if (!r) return;
      renderStatus(r);
      drawGraph();
      renderMoves(r);
    },
    drawGraph,
    /** The limit chosen (`depth:12`, `movetime:500`…): Play's Review and
     *  the games list's use it too. */
    limit: () => limit.value,
  };
}
