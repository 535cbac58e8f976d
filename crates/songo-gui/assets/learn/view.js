// The Learn panel's view: the variant's lessons with their marks, the
// task, the lesson's board (board.js), why a wrong pit is wrong, the right
// move sown, the next lesson. Its hooks (docs/gui.md): the board's
// `data-lesson`, `data-position` (what it shows: the position after the
// move once solved), `data-state` (`task`, `wrong`, `solved`) and
// `data-animating`; each list item's `data-lesson` and `data-done`.

import { el, find, stored } from "../util.js";
import { tell, tellSay } from "../i18n.js";
import { createBoard } from "../board.js";

/** @typedef {import("../room.js").LessonsView} LessonsView */
/** @typedef {import("../room.js").Say} Say */
/** @typedef {import("./state.js").Change} Change */

/** An element of the panel by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);

/**
 * @param {object} on
 * @param {(pit: string) => void} on.onPit a pit tapped: the answer
 * @param {(variant: string, lesson?: string) => void} on.onOpen a lesson (or a variant's first not solved) to show
 */
export function createLearnView({ onPit, onOpen }) {
  const root = byId("lesson-board");
  const board = createBoard(root, {
    pitAttr: "data-lesson-pit",
    slotAttr: "data-lesson-slot",
    capturedHook: "lesson-captured",
    onPit,
    // A pit the rules forbid is an answer too: the room says why.
    onExplain: onPit,
  });
  board.layout("south");
  const variant = find("[data-testid=lesson-variant]", HTMLSelectElement);
  const list = byId("lessons");
  const progress = byId("lesson-progress");
  const title = byId("lesson-title");
  const number = byId("lesson-number");
  const task = byId("lesson-task");
  const why = byId("lesson-why");
  const rule = byId("lesson-why-rule");
  const hint = byId("lesson-why-hint");
  const done = byId("lesson-done");
  const doneText = byId("lesson-done-text");
  const end = byId("lesson-end");
  const again = byId("lesson-again");
  const next = byId("lesson-next");
  const message = byId("lesson-message");

  /** @type {LessonsView | null} */
  let shown = null;
  variant.addEventListener("change", () => onOpen(variant.value));
  again.addEventListener("click", () => {
    if (shown) onOpen(shown.variant, shown.lesson.id);
  });
  next.addEventListener("click", () => {
    if (shown?.lesson.next) onOpen(shown.variant, shown.lesson.next);
  });

  /** The list, each lesson a button with its mark.
   *  @param {LessonsView} v */
  function drawList(v) {
    const items = v.lessons.map((l, i) => {
      const button = el("button", { type: "button", "data-testid": "lesson-item", "data-lesson": l.id, "data-done": String(l.done) });
      const name = el("span", {});
      tell(name, l.title);
      // The mark is drawn by the style sheet; read out, it is said.
      const mark = el("span", { class: "visually-hidden" });
      tell(mark, l.done ? "lesson-solved-mark" : null);
      button.append(el("span", { class: "lesson-n", "data-l10n-none": "" }, `${i + 1}.`), " ", name, mark);
      if (l.id === v.lesson.id) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => onOpen(v.variant, l.id));
      const li = el("li", { "data-done": String(l.done) });
      li.append(button);
      return li;
    });
    list.replaceChildren(...items);
    tell(progress, "lesson-progress", { solved: v.solved, total: v.lessons.length });
  }

  return {
    /** @param {LessonsView} v @param {Change} change */
    render(v, change) {
      shown = v;
      const l = v.lesson;
      variant.value = v.variant;
      drawList(v);
      tell(message, null);
      tell(number, "lesson-number", { n: l.index, total: v.lessons.length });
      tell(title, l.texts.title);
      tell(task, l.texts.task);
      if (change.otherLesson) board.finish();
      const solved = l.state === "solved" && l.sowing && l.after && l.after_pits && l.after_captured;
      const counts = solved && l.after_pits ? l.after_pits : l.pits;
      root.dataset.lesson = l.id;
      root.dataset.variant = v.variant;
      root.dataset.state = l.state;
      root.dataset.position = solved && l.after ? l.after : l.position;
      board.mark({ counts, legal: l.state === "solved" ? [] : l.legal, last: l.state === "solved" ? l.tried : null });
      board.players({}, solved && l.after_captured ? l.after_captured : l.captured, l.state === "solved" ? null : l.to_move);
      // The pit of a wrong answer, ringed in red beside what is said of it.
      for (const [letter, pit] of Object.entries(board.pits)) {
        pit.wrap.classList.toggle("tried", l.state === "wrong" && l.tried === letter);
      }
      if (solved && change.solvedNow && l.sowing && stored.get("animate", "true") === "true") {
        board.animate(l.sowing, counts);
      } else {
        board.draw(counts);
      }
      // A wrong pit: the rules' reason, or what it does and the lesson's words.
      why.hidden = l.state !== "wrong";
      why.dataset.pit = l.state === "wrong" && l.tried ? l.tried : "";
      tellSay(rule, l.state === "wrong" ? (l.why ?? l.effect) : null);
      if (l.state === "wrong" && !l.why) tell(hint, l.texts.wrong);
      else tell(hint, null);
      done.hidden = l.state !== "solved";
      if (l.state === "solved") {
        tell(doneText, l.texts.done);
        // A lesson that ends the game: how, and the final scores.
        if (l.end && l.scores) tell(end, "lesson-end", { how: l.end, south: l.scores[0], north: l.scores[1] });
        else tell(end, null);
      }
      next.hidden = l.state !== "solved" || !l.next;
    },
    /** A refusal of the room's. @param {Say} m */
    say(m) {
      tellSay(message, m);
    },
    /** Ends an animation under way. */
    finish() {
      board.finish();
    },
  };
}
