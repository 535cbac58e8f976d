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

export const sideName = (side) => (side === "south" ? "South" : "North");

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
