// A Songo board: two rows of seven pits with their letters, seeds drawn
// and counted, the players beside the rows, and the sowing animation.
// The play board and the analysis board are two of these; each pit is a
// <button> carrying `pitAttr` (data-pit on the play board) inside a
// wrapper carrying `slotAttr`, which takes the clicks of a disabled
// button so the page can say why the pit cannot be played. With
// `clockHook` each player shows a clock (hidden until a timed game).

import { SOUTH, NORTH, LETTERS, el } from "./util.js";
import { t, tell, tellAttr } from "./i18n.js";

/** Seeds drawn in a pit; more are shown by the count alone. */
const MAX_DRAWN = 24;
/** The whole sowing lasts about this long… */
const SOWING_MS = 450;
/** …with each seed shown at least this long and at most that long. */
const STEP_MIN_MS = 10;
const STEP_MAX_MS = 90;
/** How long captured pits stay marked after the sowing. */
const TAKEN_MS = 350;

/**
 * @typedef {object} BoardOptions
 * @property {string} pitAttr the pits' buttons' attribute (`data-pit`)
 * @property {string} slotAttr their wrappers' (`data-slot`)
 * @property {string} capturedHook the captured counts' test ids' stem
 * @property {string} [clockHook] the clocks' test ids' stem: a board with clocks
 * @property {(letter: string) => void} onPit a pit played
 * @property {(letter: string) => void} onExplain a pit that cannot be played, clicked
 * @property {{seed(): void, capture(): void} | null} [sound] the sowing's sound (sound.js)
 */

/** @typedef {import("./room.js").Side} Side */
/** @typedef {import("./room.js").Sowing} Sowing */

/**
 * One pit's elements, and the count drawn (-1: none yet).
 * @typedef {{wrap: HTMLElement, button: HTMLButtonElement, seeds: HTMLElement, count: HTMLElement, shown: number}} Pit
 */

/**
 * One side's name, captured count and clock.
 * @typedef {{root: HTMLElement, name: HTMLElement, captured: HTMLElement, clock?: HTMLElement}} Player
 */

/**
 * A sowing under way.
 * @typedef {{final: number[], timer: ReturnType<typeof setInterval> | undefined, done(): void}} Animation
 */

/**
 * A step of the animation waiting for its time (`later`): a replayed
 * line's next move after its pause.
 * @typedef {{timer: ReturnType<typeof setTimeout>, step: () => void}} Planned
 */

/**
 * A player's name: a catalogue's (`{id, …}`: "You") or a record's (text).
 * @typedef {import("./room.js").Say | string} PlayerName
 */

/**
 * A board in `root`.
 * @param {HTMLElement} root
 * @param {BoardOptions} options
 */
export function createBoard(root, { pitAttr, slotAttr, capturedHook, clockHook, onPit, onExplain, sound = null }) {
  /** @type {Record<string, Pit>} */
  const pits = {};
  const parts = {
    top: el("div", { class: "player" }),
    rowTop: el("div", { class: "row row-top" }),
    rowBottom: el("div", { class: "row row-bottom" }),
    bottom: el("div", { class: "player" }),
  };
  root.replaceChildren(parts.top, parts.rowTop, parts.rowBottom, parts.bottom);

  for (const letter of LETTERS) {
    const wrap = el("div", { class: "pit", [slotAttr]: letter });
    const button = el("button", { type: "button", [pitAttr]: letter, disabled: "" });
    const seeds = el("span", { class: "seeds", "aria-hidden": "true" });
    const count = el("span", { class: "count", "data-l10n-none": "" }, "0");
    const label = el("span", { class: "letter", "data-l10n-none": "" }, letter);
    button.append(seeds, count);
    wrap.append(button, label);
    button.addEventListener("click", () => onPit(letter));
    // A disabled button lets the click through to its pit: say why.
    wrap.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target);
      if (target.closest("button") !== button || button.disabled) onExplain(letter);
    });
    pits[letter] = { wrap, button, seeds, count, shown: -1 };
  }

  /** A side's name, captured count and (with `clockHook`) clock.
   *  @param {Side} side
   *  @returns {Player} */
  function makePlayer(side) {
    const p = el("div", { class: "who", "data-side": side });
    const captured = el("span", { class: "captured" });
    const label = el("span", {});
    tell(label, "captured-label");
    captured.append(label, " ");
    const name = el("span", { class: "name" });
    p.append(name, captured);
    // `${capturedHook}-south` and `-north`: the counts' hooks (docs/gui.md).
    const count = el("b", { "data-testid": `${capturedHook}-${side}`, "data-l10n-none": "" }, "0");
    captured.append(count);
    if (!clockHook) return { root: p, name, captured: count };
    // `${clockHook}-south` and `-north` (docs/gui.md): Play's view sets them.
    const clock = el("span", {
      class: "clock",
      "data-testid": `${clockHook}-${side}`,
      "data-ms": "",
      "data-running": "false",
      role: "timer",
      "data-l10n-none": "",
      hidden: "",
    });
    tellAttr(clock, "aria-label", "clock-label", { side });
    p.insertBefore(clock, captured);
    return { root: p, name, captured: count, clock };
  }
  /** @type {Record<Side, Player>} */
  const players = { south: makePlayer("south"), north: makePlayer("north") };

  /** @type {Animation | null} */
  let animation = null;

  /** @param {string} letter @param {number} n */
  function drawPit(letter, n) {
    const pit = pits[letter];
    if (pit.shown === n) return;
    pit.shown = n;
    const dots = [];
    for (let i = 0; i < Math.min(n, MAX_DRAWN); i++) dots.push(el("i"));
    pit.seeds.replaceChildren(...dots);
    pit.seeds.dataset.size = n <= 6 ? "l" : n <= 12 ? "m" : "s";
    pit.count.textContent = String(n);
  }

  /** @param {number[]} counts */
  function drawAll(counts) {
    for (let i = 0; i < 14; i++) drawPit(LETTERS[i], counts[i]);
  }

  /** Moves waiting for the one being sown: a fast engine's answer comes
   *  while the person's own move is still sown, and both are shown. */
  /** @type {[Sowing, number[]][]} */
  const queue = [];
  /** Steps waiting for their time (`later`), first due first.
   *  @type {Planned[]} */
  const planned = [];
  /** While `finish` runs the steps planned: their sowings only queue, to
   *  be shown at their end. */
  let finishing = false;

  // `data-animating` is this board's alone, and says exactly whether
  // anything of the animation is left: a sowing under way (the queue
  // waits behind it) or a step planned. (A view that marked it itself
  // left it on for good when its own timers were cleared: issue 44.)
  const busy = () => animation !== null || planned.length > 0;
  function markBusy() {
    root.dataset.animating = String(busy());
  }

  /** Ends the sowing under way (its final counts drawn). */
  function end() {
    if (!animation) return;
    const a = animation;
    animation = null;
    clearInterval(a.timer);
    for (const letter of LETTERS) pits[letter].wrap.classList.remove("sowing-from", "sown");
    markBusy();
    a.done();
  }

  /** The sowing under way is over: the next one waiting starts. */
  function next() {
    end();
    const waiting = queue.shift();
    if (waiting) start(...waiting);
  }

  /** Stops every sowing and every step planned, showing the end at once:
   *  the steps run now, their sowings drawn at their end. */
  function finish() {
    const steps = planned.splice(0);
    for (const p of steps) clearTimeout(p.timer);
    finishing = true;
    try {
      for (const p of steps) p.step();
    } finally {
      finishing = false;
      const last = queue.pop();
      queue.length = 0;
      end();
      if (last) drawAll(last[1]);
      markBusy();
    }
  }

  /** Sows one move seed by seed, then draws `final`.
   *  @param {Sowing} sowing @param {number[]} final */
  function start(sowing, final) {
    const counts = sowing.pits.slice();
    const origin = LETTERS.indexOf(sowing.pit);
    counts[origin] = 0;
    drawAll(counts);
    pits[sowing.pit].wrap.classList.add("sowing-from");
    const steps = sowing.path.length + (sowing.store ? 1 : 0);
    const step = Math.max(STEP_MIN_MS, Math.min(STEP_MAX_MS, Math.floor(SOWING_MS / Math.max(steps, 1))));
    let i = 0;
    /** @type {HTMLElement | null} */
    let previous = null;
    root.dataset.animating = "true";
    /** @type {Animation} */
    const a = {
      final,
      timer: undefined,
      // The end: the final counts, and the pits the move captured marked.
      done() {
        /** @type {HTMLElement[]} */
        const taken = [];
        for (let k = 0; k < 14; k++) {
          if (counts[k] > 0 && a.final[k] === 0) taken.push(pits[LETTERS[k]].wrap);
        }
        drawAll(a.final);
        if (taken.length) sound?.capture();
        for (const w of taken) w.classList.add("taken");
        setTimeout(() => taken.forEach((w) => w.classList.remove("taken")), TAKEN_MS);
      },
    };
    a.timer = setInterval(() => {
      if (previous) previous.classList.remove("sown");
      if (i < sowing.path.length) {
        const index = sowing.path[i++];
        counts[index] += 1;
        drawPit(LETTERS[index], counts[index]);
        sound?.seed();
        previous = pits[LETTERS[index]].wrap;
        previous.classList.add("sown");
        return;
      }
      next();
    }, step);
    animation = a;
  }

  // A page hidden mid-sowing (another tab, a minimised window) ends its
  // animations at once, for the same reason.
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) finish();
  });

  return {
    pits,

    /** The clock element of `side` (with `clockHook`).
     *  @param {Side} side */
    clock(side) {
      const clock = players[side].clock;
      if (!clock) throw new Error("songo: a board without clocks");
      return clock;
    },

    /** Puts `bottom` ("south" or "north") nearest the person. Sowing runs
     *  counter-clockwise: A..G left to right below, a..g right to left
     *  above (and the other way round with North below).
     *  @param {Side} bottom */
    layout(bottom) {
      const top = bottom === "south" ? "north" : "south";
      const [below, above] = bottom === "south" ? [SOUTH, NORTH] : [NORTH, SOUTH];
      parts.rowBottom.replaceChildren(...[...below].map((l) => pits[l].wrap));
      parts.rowTop.replaceChildren(...[...above].reverse().map((l) => pits[l].wrap));
      parts.rowBottom.dataset.side = bottom;
      parts.rowTop.dataset.side = top;
      parts.bottom.replaceChildren(players[bottom].root);
      parts.top.replaceChildren(players[top].root);
    },

    /** Shows the seeds of `counts` (A–G, a–g), unless an animation is
     *  drawing them: then they are drawn when it ends.
     *  @param {number[]} counts */
    draw(counts) {
      if (animation) {
        animation.final = counts;
        return;
      }
      drawAll(counts);
    },

    /** Which pits are playable, the last move, the hint.
     *  @param {{counts: number[], legal?: string[], last?: string | null, hint?: string | null}} marks */
    mark({ counts, legal = [], last = null, hint = null }) {
      LETTERS.split("").forEach((letter, i) => {
        const pit = pits[letter];
        const playable = legal.includes(letter);
        pit.button.disabled = !playable;
        pit.wrap.classList.toggle("legal", playable);
        pit.wrap.classList.toggle("last", last === letter);
        pit.wrap.classList.toggle("hint", hint === letter);
        const n = counts[i];
        tellAttr(pit.button, "aria-label", "pit-label", {
          pit: letter,
          seeds: n,
          playable: playable ? "yes" : "no",
          suggested: hint === letter ? "yes" : "no",
        });
      });
    },

    /** The players' names, their captured seeds, the side to move (none
     *  once the game is over).
     *  @param {Partial<Record<Side, PlayerName>>} names
     *  @param {number[]} captured South's, North's
     *  @param {Side | null} toMove */
    players(names, captured, toMove) {
      for (const side of /** @type {Side[]} */ (["south", "north"])) {
        const p = players[side];
        // A name is a catalogue's ({id, …}: "You") or a record's (text).
        const name = names[side];
        // A player named as the side (the default names, Sud / Nord) is
        // not named twice ("Sud · Sud").
        const same = typeof name === "string" && name.trim() === t("side-name", { side });
        tell(p.name, "player-name", { side, named: name && !same ? "yes" : "no", name: name || "" });
        const n = captured[side === "south" ? 0 : 1];
        p.captured.textContent = String(n);
        // Read out whole: "captured 4" alone says nothing of whose.
        tellAttr(p.captured, "aria-label", "captured-aria", { side, seeds: n });
        p.root.classList.toggle("to-move", toMove === side);
      }
      return players;
    },

    /** Animates `sowing` (the server's path of a move, see sowing.rs)
     *  seed by seed, then draws `final`. The hooks are not touched: the
     *  caller has set them already.
     *  @param {Sowing} sowing @param {number[]} final */
    animate(sowing, final) {
      if (animation || finishing) queue.push([sowing, final]);
      // Nobody sees a hidden page's board, and its timers are throttled
      // (to one a second, or less, in a background tab): sown there, a
      // move would take minutes and keep the board animating. Drawn at
      // once instead, as the end of an animation is.
      else if (document.hidden) drawAll(final);
      else start(sowing, final);
    },

    /** Runs `step` in `ms` as a part of the animation (a replayed line's
     *  next move, after its pause): the board is animating from now until
     *  the step has run and what it sows is sown; `finish` runs it at once.
     *  @param {number} ms @param {() => void} step */
    later(ms, step) {
      /** @type {Planned} */
      const p = {
        timer: setTimeout(() => {
          planned.splice(planned.indexOf(p), 1);
          try {
            step();
          } finally {
            markBusy();
          }
        }, ms),
        step,
      };
      planned.push(p);
      markBusy();
    },

    /** Stops an animation (those waiting and those planned too), showing
     *  the end at once. */
    finish,

    get animating() {
      return busy();
    },
  };
}
