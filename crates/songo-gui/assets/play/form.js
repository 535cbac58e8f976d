// The New game form: the next game's settings (variant, side, level,
// engine, the players' names, a clock or the engine's think time). It
// owns the form's controls: it reads them into plain settings
// (game-settings.js), which Play's New game and Analysis's Play from here
// send, and shows the game in progress's settings when a game starts.

import { $$, el, find } from "../util.js";
import { tell, t } from "../i18n.js";
import { timingOf } from "../game-settings.js";

/** @typedef {import("../room.js").View} View */
/** @typedef {import("../room.js").LevelView} LevelView */
/** @typedef {import("../game-settings.js").GameSettings} GameSettings */

/** A line under the variant that says what it is, for a player.
 *  @type {Record<string, string>} */
const VARIANT_ABOUT = {
  songo40: "about-songo40",
  "songo36-beginner": "about-songo36-beginner",
  "songo36-amateur": "about-songo36-amateur",
};

/** Each side's name in the page's language (Sud, Nord), when none is typed. */
const DEFAULT_NAMES = { south: "default-south", north: "default-north" };

/** @param {string} id */
const select = (id) => find(`[data-testid=${id}]`, HTMLSelectElement);
/** @param {string} id */
const input = (id) => find(`[data-testid=${id}]`, HTMLInputElement);

/** The form, its controls found once.
 *  @param {{onSubmit: () => void}} handlers */
export function createGameForm({ onSubmit }) {
  const form = find("[data-testid=new-game-form]", HTMLFormElement);
  const variant = select("variant");
  const side = select("side");
  const level = select("level");
  const timeControl = select("time-control");
  const think = select("think-time");
  const engine = select("engine");
  const minutes = input("tc-minutes");
  const increment = input("tc-increment");
  const names = { south: input("name-south"), north: input("name-north") };
  const customTc = find("[data-testid=custom-tc]", HTMLElement);
  const thinkChoice = find(".think-choice", HTMLElement);

  for (let n = 1; n <= 10; n++) {
    const option = el("option", { value: String(n) });
    level.append(option);
    nameLevel(option, n);
  }

  /** The custom fields with a custom clock; the think time without one. */
  function showTimingChoices() {
    const custom = timeControl.value === "custom";
    customTc.hidden = !custom;
    // Hidden fields are not checked: a bad one must not block the form.
    for (const field of /** @type {HTMLInputElement[]} */ ($$("input", customTc))) field.disabled = !custom;
    // The engine's think time is for a game against it.
    thinkChoice.hidden = timeControl.value !== "none" || side.value === "both";
  }
  timeControl.addEventListener("change", showTimingChoices);
  showTimingChoices();

  const describeVariant = () => tell(find("[data-testid=variant-about]", HTMLElement), VARIANT_ABOUT[variant.value]);
  variant.addEventListener("change", describeVariant);
  describeVariant();

  /** The names' fields, for two people. */
  function showNames() {
    const two = side.value === "both";
    find("[data-testid=names]", HTMLElement).hidden = !two;
    // The engine plays no side between two people: its settings rest.
    find(".level-choice", HTMLElement).hidden = two;
    showTimingChoices();
  }
  side.addEventListener("change", showNames);
  showNames();

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit();
  });

  /** The settings as the form has them now.
   *  @returns {GameSettings} */
  function settings() {
    // A clock the form cannot write (one a message set) carries its own.
    const own = timeControl.selectedOptions[0];
    return {
      variant: variant.value,
      side: side.value,
      level: Number(level.value),
      engine: Number(engine.value || 0),
      // As typed, else each side's name in the page's language.
      names: [names.south.value.trim() || t(DEFAULT_NAMES.south), names.north.value.trim() || t(DEFAULT_NAMES.north)],
      timing: timingOf({
        choice: timeControl.value,
        thinkMs: think.value,
        own:
          own && own.dataset.baseMs ? { base_ms: Number(own.dataset.baseMs), inc_ms: Number(own.dataset.incMs) } : null,
        minutes: minutes.value,
        seconds: increment.value,
      }),
    };
  }

  /** The clock of the game started, in the clock's controls.
   *  @param {NonNullable<View["clock"]>} clock */
  function showClock(clock) {
    const { base_ms: base, inc_ms: inc } = clock.tc;
    let option = [...timeControl.options].find((o) => o.value === clock.label);
    const fits = base % 60_000 === 0 && inc % 1000 === 0 && base / 60_000 <= Number(minutes.max);
    if (!option && !fits) {
      // Not whole minutes and seconds (a message's own clock): offered
      // as it is, so that the next game can have it again.
      const attrs = { value: clock.label, "data-base-ms": String(base), "data-inc-ms": String(inc), "data-l10n-none": "" };
      option = el("option", attrs, clock.label);
      timeControl.insertBefore(option, timeControl.querySelector("option[value=custom]"));
    }
    if (option) {
      timeControl.value = option.value;
    } else {
      timeControl.value = "custom";
      minutes.value = String(base / 60_000);
      increment.value = String(inc / 1000);
    }
  }

  /** The engine's think time of the game started, offered if the list
   *  lacks it. @param {number} ms */
  function showThinkTime(ms) {
    const value = String(ms);
    if (![...think.options].some((o) => o.value === value)) {
      const option = el("option", { value });
      think.append(option);
      tell(option, "think-option", { seconds: ms / 1000 });
    }
    think.value = value;
  }

  /** The form shows the current game's settings when a game starts.
   *  @param {View} s */
  function show(s) {
    variant.value = s.variant;
    describeVariant();
    side.value = s.human;
    if (s.names) {
      names.south.value = s.names[0];
      names.north.value = s.names[1];
    }
    showNames();
    level.value = String(s.level);
    if (s.clock) {
      showClock(s.clock);
    } else {
      timeControl.value = "none";
      showThinkTime(s.think_ms);
    }
    showTimingChoices();
    engine.replaceChildren(...s.engines.map((name, i) => el("option", { value: String(i) }, name)));
    engine.value = String(s.engine);
    find(".engine-choice", HTMLElement).hidden = s.engines.length < 2;
  }

  /** Each level's name, with its measured strength once the room gave it.
   *  @param {LevelView[]} levels */
  function labelLevels(levels) {
    for (const { level: n, elo } of levels || []) {
      const option = /** @type {HTMLOptionElement | null} */ (level.querySelector(`option[value="${n}"]`));
      if (option) nameLevel(option, n, elo);
    }
  }

  return { settings, show, labelLevels };
}

/** A level's name, with its measured strength once the room gave it
 *  (docs/strength.md's steps, added up).
 *  @param {HTMLOptionElement} option @param {number} level @param {number} [elo] */
function nameLevel(option, level, elo) {
  const which = level === 1 ? "weakest" : level === 10 ? "strongest" : "other";
  /** @type {{level: number, which: string, elo?: number}} */
  const args = { level, which };
  if (elo !== undefined && level > 1) args.elo = elo;
  tell(option, args.elo === undefined ? "level-name" : "level-name-elo", args);
}
