// The room in the page, for the "worker" transport (transport.js): the
// games, the analysis board and the reviews of `songo gui`'s server, run
// here by songo-wasm's `WebRoom` (the same Rust room, compiled to
// WebAssembly), with each engine in a Web Worker (engine.js). It speaks
// the same JSON messages as the server, so the page cannot tell them apart.
//
// The room never waits: each call returns the messages for the page. The
// engines are this module's to run: WebRoom asks through the host below
// to start one, send it a line, interrupt its search or end it. A worker
// cannot read while it searches, so an interrupt replaces it with a fresh
// one, and the room greets that one again.
//
// What the person does survives a reload: after every change the room's
// state (the game, its settings, the analysis board) is kept in
// localStorage, and put back when the page opens. Saved data that cannot
// be read is set aside under another key, never thrown away.
//
//   export async function openRoom({ onMessage })
//     → { send(message) → boolean,
//         loadRecord(bytes: Uint8Array, name, variant) → {ok, games, message} }

import init, { WebRoom } from "./songo_wasm.js";
import { startEngine } from "./engine.js";

/** Where the room's state is kept. */
export const STORE = "songo.room";
/** Where saved data that could not be restored is set aside. */
export const SET_ASIDE = "songo.room.unreadable";

/**
 * @param {{onMessage: (message: import("./room.js").RoomMessage) => void}} handlers
 * @returns {Promise<import("./transport.js").PageRoom>}
 */
export async function openRoom({ onMessage }) {
  await init();
  /** generation → the engine's handle (engine.js).
   *  @type {Map<number, ReturnType<typeof startEngine>>} */
  const engines = new Map();
  /** @type {WebRoom} */
  let room;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {string | null} */
  let kept = null;

  // Every message of the room, in order; then the state is kept and the
  // room's next deadline (a stalled engine) is set.
  /** @param {string[]} texts */
  const deliver = (texts) => {
    for (const text of texts) onMessage(JSON.parse(text));
    keep();
    clearTimeout(timer);
    const ms = room.deadlineMs();
    if (ms !== undefined) timer = setTimeout(() => deliver(room.wake()), Math.ceil(ms) + 1);
  };

  const keep = () => {
    const saved = room.saved();
    if (saved === kept) return;
    try {
      localStorage.setItem(STORE, saved);
      kept = saved;
    } catch {
      // Storage full or refused (a private window): the game goes on.
    }
  };

  // The room's calls into this host happen inside a room call: nothing
  // here may call the room back at once (wasm-bindgen refuses re-entry),
  // so whatever the room must hear comes later, as an event.
  /** @param {number} generation */
  const launch = (generation) => {
    const engine = startEngine({
      onLine: (line) => {
        if (engines.get(generation) === engine) deliver(room.engineLine(generation, line));
      },
      onError: () => {
        if (engines.get(generation) !== engine) return;
        engines.delete(generation);
        engine.terminate();
        deliver(room.engineClosed(generation));
      },
    });
    engines.set(generation, engine);
  };
  const host = {
    /** @param {number} generation */
    start(generation) {
      launch(generation);
    },
    /** @param {number} generation @param {string} line */
    send(generation, line) {
      engines.get(generation)?.send(line);
    },
    /** @param {number} generation */
    interrupt(generation) {
      engines.get(generation)?.terminate();
      launch(generation);
      setTimeout(() => {
        if (engines.has(generation)) deliver(room.engineRestarted(generation));
      });
    },
    /** @param {number} generation */
    end(generation) {
      engines.get(generation)?.terminate();
      engines.delete(generation);
    },
  };

  room = new WebRoom(host);
  // For scripts and tests that play many games, as `songo gui --no-pause`.
  if (new URLSearchParams(location.search).has("no-pause")) room.setPause(false);
  const first = room.welcome();
  const saved = storedState();
  /** @type {string[]} */
  let restored = [];
  if (saved !== null) {
    try {
      restored = room.restore(saved);
    } catch (error) {
      setAside(saved);
      restored = [
        JSON.stringify({
          type: "error",
          message: { id: "saved-set-aside", detail: String(/** @type {Error} */ (error).message) },
        }),
      ];
    }
  }
  // After the transport has opened: the page then shows what it gets.
  setTimeout(() => deliver(first.concat(restored)));

  return {
    send(message) {
      // Answered in a task of its own, as a server's answer comes: the
      // page's handlers expect the event that sent a message to finish
      // before its answer redraws the board (a click must not reach a pit
      // that its own move has just disabled). Tasks keep their order.
      const text = JSON.stringify(message);
      setTimeout(() => deliver(room.onPage(text)));
      return true;
    },
    loadRecord(bytes, name, variant) {
      const [answer, ...messages] = room.upload(bytes, variant || undefined, name);
      deliver(messages);
      return JSON.parse(answer);
    },
  };
}

function storedState() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null;
  }
}

/** @param {string} saved */
function setAside(saved) {
  try {
    localStorage.setItem(SET_ASIDE, saved);
    localStorage.removeItem(STORE);
  } catch {
    // Nothing more to do: the room starts fresh.
  }
}
