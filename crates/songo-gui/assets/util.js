// Small helpers shared by the page's modules, and the one way to talk to
// the server (app.js opens the socket).

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

/** The server's end of the WebSocket; app.js sets `socket`. */
export const server = {
  socket: null,
  /** Sends a message; false (and nothing sent) when not connected. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  },
};

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
