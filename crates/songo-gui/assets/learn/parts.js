// Learn's three parts, a tab each: the lessons, the puzzles, the person's
// own mistakes. The part chosen last is remembered in the browser; keys
// and the show/hide of Learn go to the part shown.

import { $$, find, stored } from "../util.js";

/** @typedef {"lessons" | "puzzles" | "mistakes"} Part */
/** @typedef {{onKey(event: KeyboardEvent): boolean, show(on: boolean): void}} PartPanel */

/** @param {string | undefined} name @returns {Part} */
const partOf = (name) => (name === "puzzles" || name === "mistakes" ? name : "lessons");

/** @param {Record<Part, PartPanel>} panels */
export function initLearnParts(panels) {
  /** @type {Part} */
  let current = partOf(stored.get("learn-part", "lessons"));
  let visible = false;
  const tabs = $$(".learn-parts [role=tab]");

  /** @param {Part} part */
  function select(part) {
    current = part;
    stored.set("learn-part", part);
    for (const tab of tabs) tab.setAttribute("aria-selected", String(tab.dataset.part === part));
    for (const name of /** @type {Part[]} */ (["lessons", "puzzles", "mistakes"])) {
      find(`[data-testid=${name}-part]`, HTMLElement).hidden = name !== part;
      panels[name].show(visible && name === part);
    }
  }
  for (const tab of tabs) tab.addEventListener("click", () => select(partOf(tab.dataset.part)));
  select(current);

  return {
    select,
    /** @param {KeyboardEvent} event */
    onKey(event) {
      return panels[current].onKey(event);
    },
    /** Learn shown or hidden. @param {boolean} on */
    show(on) {
      visible = on;
      panels[current].show(on);
    },
  };
}
