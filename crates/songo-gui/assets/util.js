// Small helpers shared by the page's modules, and the one way to talk to
// the room (transport.js; app.js opens it).

export const SOUTH = "ABCDEFG";
export const NORTH = "abcdefg";
export const LETTERS = SOUTH + NORTH;

/** The first element `selector` finds (in `root`), if any.
 *  @param {string} selector
 *  @param {ParentNode} [root] */
export const $ = (selector, root = document) => /** @type {HTMLElement | null} */ (root.querySelector(selector));

/** Every element `selector` finds (in `root`).
 *  @param {string} selector
 *  @param {ParentNode} [root] */
export const $$ = (selector, root = document) => /** @type {HTMLElement[]} */ ([...root.querySelectorAll(selector)]);

/**
 * The element of the page `selector` names, which index.html has: its
 * absence, or another kind of element, is the page's own bug, said at once
 * rather than as a null read later.
 * @template {Element} T
 * @param {string} selector
 * @param {{new (): T, prototype: T}} type `HTMLSelectElement`…
 * @param {ParentNode} [root]
 * @returns {T}
 */
export function find(selector, type, root = document) {
  const e = root.querySelector(selector);
  if (!(e instanceof type)) throw new Error(`songo: the page has no ${type.name} ${selector}`);
  return e;
}

/** An element with attributes and, optionally, its text.
 *  @template {keyof HTMLElementTagNameMap} K
 *  @param {K} tag
 *  @param {Record<string, string>} [attrs]
 *  @param {string} [text]
 *  @returns {HTMLElementTagNameMap[K]} */
export function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** An SVG element (the review's graph).
 *  @param {string} tag
 *  @param {Record<string, string | number>} [attrs] */
export function svg(tag, attrs = {}) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Each variant's name for a person (the catalogue's), by its id.
 *  @type {Record<string, string>} */
export const VARIANT_NAMES = {
  songo40: "variant-songo40",
  "songo36-beginner": "variant-songo36-beginner",
  "songo36-amateur": "variant-songo36-amateur",
};

/** Move `ply` (from 1) of a game from `start`, as the move lists number
 *  it: `18. E` for South's, `18… g` for North's.
 *  @param {string} start @param {number} ply @param {string} move */
export function moveLabel(start, ply, move) {
  const offset = start.split(" ")[1] === "n" ? 1 : 0;
  const number = Math.floor((ply - 1 + offset) / 2) + 1;
  const north = (ply - 1 + offset) % 2 === 1;
  return `${number}${north ? "…" : "."} ${move}`;
}

/** The room's end (transport.js): `server.send(message)`. */
export { server } from "./transport.js";

/** The pit a key names for `toMove`, on Learn's boards: a letter a–g (of
 *  either case) or a digit 1–7 counts along the mover's row; none for
 *  another key.
 *  @param {string} key @param {"south" | "north"} toMove @returns {string | null} */
export function pitOfKey(key, toMove) {
  const mover = toMove === "south" ? SOUTH : NORTH;
  if (/^[1-7]$/.test(key)) return mover[Number(key) - 1];
  if (/^[a-g]$/i.test(key)) return mover[key.toLowerCase().charCodeAt(0) - 97];
  return null;
}

/** A remembered setting (localStorage, which may be unavailable). */
export const stored = {
  /** @param {string} key @param {string} fallback */
  get(key, fallback) {
    try {
      const v = localStorage.getItem(`songo.${key}`);
      return v === null ? fallback : v;
    } catch {
      return fallback;
    }
  },
  /** @param {string} key @param {string | boolean} value */
  set(key, value) {
    try {
      localStorage.setItem(`songo.${key}`, String(value));
    } catch {
      // Private browsing: the setting lasts as long as the page.
    }
  },
};
