// The review of the analysis board's game: started here, run by the
// server's analysis engine, shown as a graph of the score over the game
// (drawn here in SVG) and a list of the marked moves with the better move
// for each; a click goes to the position where the move was played.

import { $, el, svg, server } from "./util.js";
import { tell, tellAttr, t, onLanguage } from "./i18n.js";

/** The graph shows scores up to this many seeds either way. */
const GRAPH_SEEDS = 10;
const WIDTH = 300;
const HEIGHT = 120;
const MARKED = ["inaccuracy", "mistake", "blunder"];

export function initReview({ analysis }) {
  let review = null;
  let ply = 0;
  const send = (m) => {
    if (!server.send(m)) tell($("[data-testid=record-message]"), "not-connected");
  };

  $("[data-testid=review]").addEventListener("click", () => {
    const [kind, amount] = $("[data-testid=review-limit]").value.split(":");
    send({ type: "review", game: "analysis", [kind]: Number(amount) });
  });
  $("[data-testid=cancel-review]").addEventListener("click", () => send({ type: "cancel-review" }));

  function render(r) {
    review = r;
    const status = $("[data-testid=review-status]");
    status.dataset.state = r.state;
    status.dataset.done = String(r.done);
    status.dataset.total = String(r.total);
    const counts = {};
    for (const m of r.moves) counts[`${m.side}-${m.judgement}`] = (counts[`${m.side}-${m.judgement}`] || 0) + 1;
    const count = (side, j) => counts[`${side}-${j}`] || 0;
    const args = {
      limit: r.limit || "",
      done: r.done,
      total: r.total,
      why: r.message || "",
      southInaccuracies: count("south", "inaccuracy"),
      southMistakes: count("south", "mistake"),
      southBlunders: count("south", "blunder"),
      northInaccuracies: count("north", "inaccuracy"),
      northMistakes: count("north", "mistake"),
      northBlunders: count("north", "blunder"),
    };
    const id = {
      none: null,
      running: "review-running",
      done: "review-done",
      failed: "review-failed",
      cancelled: "review-cancelled",
    }[r.state];
    tell(status, id, args);
    const progress = $("[data-testid=review-progress]");
    progress.hidden = r.state !== "running";
    progress.max = Math.max(1, r.total);
    progress.value = r.done;
    $("[data-testid=cancel-review]").hidden = r.state !== "running";
    $("[data-testid=review]").disabled = r.state === "running";
    drawGraph();
    renderMoves(r);
  }

  function renderMoves(r) {
    const [inaccuracy, mistake, blunder] = r.thresholds;
    const list = $("[data-testid=review-moves]");
    tellAttr(list, "title", "review-thresholds", {
      inaccuracy: inaccuracy / 100,
      mistake: mistake / 100,
      blunder: blunder / 100,
    });
    list.replaceChildren(
      ...r.moves
        .filter((m) => MARKED.includes(m.judgement))
        .map((m) => {
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
          const open = () => openMove(m);
          li.addEventListener("click", open);
          li.addEventListener("keydown", (e) => {
            if (e.key === "Enter") open();
          });
          return li;
        }),
    );
  }

  /** A marked move, from the list or the graph: the position before it,
   *  where the better move was, with that move suggested. */
  function openMove(m) {
    analysis.suggest(m.ply - 1, m.best);
  }

  /** The score curve (South up), the marked moves as dots, the ply shown. */
  function drawGraph() {
    const graph = $("[data-testid=review-graph]");
    const curve = review ? review.curve : [];
    // An SVG element has no `hidden` property: the attribute it is.
    graph.toggleAttribute("hidden", curve.length < 2);
    $("[data-testid=review-graph-note]").hidden = curve.length < 2;
    if (curve.length < 2) return graph.replaceChildren();
    const n = curve.length - 1;
    const x = (i) => (i / n) * WIDTH;
    const y = (cs) => {
      const seeds = Math.max(-GRAPH_SEEDS, Math.min(GRAPH_SEEDS, cs / 100));
      return HEIGHT / 2 - (seeds / GRAPH_SEEDS) * (HEIGHT / 2 - 4);
    };
    const points = curve.map((cs, i) => `${x(i).toFixed(1)},${y(cs).toFixed(1)}`);
    const parts = [
      svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT / 2, class: "north-half" }),
      svg("rect", { x: 0, y: HEIGHT / 2, width: WIDTH, height: HEIGHT / 2, class: "south-half" }),
      svg("polygon", { points: `0,${HEIGHT / 2} ${points.join(" ")} ${WIDTH},${HEIGHT / 2}`, class: "area" }),
      svg("polyline", { points: points.join(" "), class: "curve" }),
      svg("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: "zero" }),
      svg("line", { x1: x(ply), y1: 0, x2: x(ply), y2: HEIGHT, class: "cursor", "data-testid": "review-cursor" }),
    ];
    for (const m of review.moves) {
      if (!MARKED.includes(m.judgement)) continue;
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
        openMove(m);
      });
      parts.push(dot);
    }
    graph.replaceChildren(...parts);
  }

  // The dots' titles are the graph's own: drawn again in a new language.
  onLanguage(() => drawGraph());

  // A click on the graph goes to the nearest position.
  $("[data-testid=review-graph]").addEventListener("click", (event) => {
    if (!review || review.curve.length < 2) return;
    const box = event.currentTarget.getBoundingClientRect();
    const n = review.curve.length - 1;
    analysis.goto(Math.round(((event.clientX - box.left) / box.width) * n));
  });

  return {
    render,
    /** The analysis board moved to `p`: the graph's cursor follows. */
    at(p) {
      if (p !== ply) {
        ply = p;
        drawGraph();
      }
    },
  };
}
