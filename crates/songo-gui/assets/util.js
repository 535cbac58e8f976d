// Small helpers shared by the page's modules, and the one way to talk to
// the room (transport.js; app.js opens it).

export const SOUTH = "ABCDEFG";
export const NORTH = "abcdefg";
export const LETTERS = SOUTH + NORTH;

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** An element with attributes and, optionally, its text. */
export function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** An SVG element (the review's graph). */
export function svg(tag, attrs = {}) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Each variant's name for a person (the catalogue's), by its id. */
export const VARIANT_NAMES = {
  songo40: "variant-songo40",
  "songo36-beginner": "variant-songo36-beginner",
  "songo36-amateur": "variant-songo36-amateur",
};

/** Move `ply` (from 1) of a game from `start`, as the move lists number
 *  it: `18. E` for South's, `18… g` for North's. */
export function moveLabel(start, ply, move) {
  const offset = start.split(" ")[1] === "n" ? 1 : 0;
  const number = Math.floor((ply - 1 + offset) / 2) + 1;
  const north = (ply - 1 + offset) % 2 === 1;
  return `${number}${north ? "…" : "."} ${move}`;
}

/** The room's end (transport.js): `server.send(message)`. */
export { server } from "./transport.js";

/** A remembered setting (localStorage, which may be unavailable). */
export const stored = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(`songo.${key}`);
      return v === null ? fallback : v;
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`songo.${key}`, String(value));
    } catch {
      // Private browsing: the setting lasts as long as the page.
    }
  },
};
