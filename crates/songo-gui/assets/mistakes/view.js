// The practice's view: the list of the person's mistakes with their marks,
// the position before the mistake on a board (board.js), the answer sown,
// and the engine's verdict on it. Its hooks (docs/gui.md): the board's
// `data-exercise` (its number), `data-position`, `data-state` (`task`,
// `judging`, `judged`, `refused`) and `data-solved`; the verdict's
// `data-judgement`; each list item's `data-solved`.

import { el, find, stored } from "../util.js";
import { tell, tellSay } from "../i18n.js";
import { createBoard } from "../board.js";

/** @typedef {import("../room.js").MistakesView} MistakesView */
/** @typedef {import("../room.js").Say} Say */

/** An element of the panel by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);

/**
 * @param {object} on
 * @param {(pit: string) => void} on.onPit a pit tapped: the answer
 * @param {(index: number) => void} on.onOpen exercise `index` (from 1) afresh
 * @param {() => void} on.onStart a practice of the last review's mistakes
 */
export function createMistakesView({ onPit, onOpen, onStart }) {
  const root = byId("exercise-board");
  const board = createBoard(root, {
    pitAttr: "data-exercise-pit",
    slotAttr: "data-exercise-slot",
    capturedHook: "exercise-captured",
    onPit,
    onExplain: onPit,
  });
  board.layout("south");
  const number = byId("exercise-number");
  const title = byId("exercise-title");
  const task = byId("exercise-task");
  const why = byId("exercise-why");
  const verdict = byId("exercise-verdict");
  const again = find("[data-testid=exercise-again]", HTMLButtonElement);
  const next = find("[data-testid=exercise-next]", HTMLButtonElement);
  const list = byId("exercises");
  const progress = byId("mistakes-progress");
  const message = byId("mistakes-message");
  byId("mistakes-start").addEventListener("click", onStart);

  /** @type {MistakesView | null} */
  let shown = null;
  again.addEventListener("click", () => {
    if (shown?.exercise) onOpen(shown.exercise.index);
  });
  next.addEventListener("click", () => {
    if (shown?.exercise) onOpen(shown.exercise.index + 1);
  });

  /** @param {MistakesView} v */
  function drawList(v) {
    const items = v.exercises.map((e, i) => {
      const button = el("button", { type: "button", "data-testid": "exercise-item", "data-solved": String(e.solved) });
      tell(button, "exercise-item", { move: e.label, judgement: e.judgement, solved: e.solved ? "yes" : "no" });
      if (v.exercise && v.exercise.index === i + 1) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => onOpen(i + 1));
      const li = el("li", { "data-done": String(e.solved) });
      li.append(button);
      return li;
    });
    list.replaceChildren(...items);
    tell(progress, v.exercises.length ? "mistakes-progress" : null, { solved: v.solved, total: v.exercises.length });
  }

  return {
    /** @param {MistakesView} v @param {boolean} judgedNow the verdict has just come: the answer is sown */
    render(v, judgedNow) {
      const before = shown;
      shown = v;
      drawList(v);
      tell(message, null);
      const e = v.exercise;
      root.hidden = !e;
      if (!e) {
        tell(number, null);
        tell(title, "exercise-none");
        tell(task, null);
        why.hidden = true;
        verdict.hidden = true;
        again.hidden = true;
        next.hidden = true;
        return;
      }
      tell(number, "exercise-number", { n: e.index, total: v.exercises.length, move: e.label });
      tell(title, "exercise-title", { played: e.played, judgement: e.judgement, loss: e.loss / 100 });
      const said = e.state === "judging" ? "exercise-judging" : "exercise-task";
      const tried = e.tried ?? "";
      tell(task, said, { side: e.side, pit: tried });
      if (before?.exercise?.index !== e.index) {
        board.finish();
        board.layout(e.side);
      }
      root.dataset.exercise = String(e.index);
      root.dataset.state = e.state;
      root.dataset.solved = String(e.solved);
      const judged = e.state === "judged" && e.answer;
      root.dataset.position = judged && e.answer ? e.answer.after : e.position;
      const counts = judged && e.answer ? e.answer.pits : e.pits;
      board.mark({ counts, legal: e.state === "task" || e.state === "refused" ? e.legal : [], last: judged ? e.tried : null });
      board.players({}, judged && e.answer ? e.answer.captured : e.captured, judged ? null : e.side);
      if (judgedNow && e.answer && stored.get("animate", "true") === "true") {
        board.finish();
        board.draw(e.pits);
        board.animate(e.answer.sowing, counts);
      } else {
        board.draw(counts);
      }
      why.hidden = e.state !== "refused";
      tellSay(why, e.state === "refused" ? e.why : null);
      verdict.hidden = !e.verdict;
      verdict.dataset.judgement = e.verdict?.judgement ?? "";
      if (e.verdict) {
        const best = e.verdict.best;
        tell(verdict, "exercise-verdict", {
          pit: tried,
          judgement: e.verdict.judgement,
          loss: e.verdict.loss / 100,
          better: best ? "yes" : "no",
          best: best ?? "",
        });
      }
      again.hidden = e.state !== "judged";
      next.hidden = !(e.state === "judged" && e.index < v.exercises.length);
    },
    /** A refusal of the room's. @param {Say} m */
    say(m) {
      tellSay(message, m);
    },
    finish() {
      board.finish();
    },
  };
}
