// The page's one channel to the room (the games, the engines, the
// records): every message the page sends passes through `server.send`,
// every message the room sends arrives through the `onMessage` given to
// `connect`, and a record file goes through `loadRecord`. Two
// implementations behind the same interface:
//
// - "websocket" (`songo gui`): the room runs in the local server; JSON
//   messages over `ws://HOST/ws`, records posted to `/api/record`.
// - "worker" (the static site, scripts/web-build.sh): the room runs in the
//   page, its engines in Web Workers running the engine as WebAssembly.
//   It lives in `web-room.js`, a module only the static site has
//   (crates/songo-gui/web/), loaded here when needed; see openWorker.
//
// The page does not guess which one it has: the build says so in
// `<meta name="songo-transport" content="websocket">`, which web-build.sh
// rewrites to "worker". `body[data-transport]` repeats it for the CSS, which
// hides the server-only controls (`[data-server-only]`) in the static site.

const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector("meta[name=songo-transport]"));
/** "websocket" or "worker". */
export const kind = meta?.content === "worker" ? "worker" : "websocket";
document.body.dataset.transport = kind;

/** @typedef {import("./room.js").PageMessage} PageMessage */
/** @typedef {import("./room.js").RoomMessage} RoomMessage */
/** @typedef {import("./room.js").RecordAnswer} RecordAnswer */

/**
 * What `connect` calls.
 * @typedef {object} Handlers
 * @property {(message: RoomMessage) => void} onMessage
 * @property {() => void} onOpen
 * @property {(id: string, args?: Record<string, any>) => void} onClose
 */

/**
 * The in-page room (web-room.js).
 * @typedef {object} PageRoom
 * @property {(message: PageMessage) => boolean} send
 * @property {(bytes: Uint8Array, name: string, variant: string, importing?: boolean) => RecordAnswer | Promise<RecordAnswer>} loadRecord
 */

/** The open channel: `send(message)` returns false when nothing was sent.
 *  @type {{send(message: PageMessage): boolean} | null} */
let channel = null;

/** The room's end, for every module of the page. */
export const server = {
  /** Sends a page message (an object, docs/gui.md's table); false (and
   *  nothing sent) when not connected.
   *  @param {PageMessage} message */
  send(message) {
    return channel ? channel.send(message) : false;
  },
};

/**
 * Opens the transport, once. `onMessage(message)` gets every room message
 * (an object); `onOpen()` each time the channel opens (the websocket
 * reconnects after a close); `onClose(id, args)` (a catalogue text) when it closes or cannot
 * open, with what to tell the person.
 * @param {Handlers} handlers
 */
export function connect(handlers) {
  if (kind === "worker") openWorker(handlers);
  else openWebSocket(handlers);
}

/**
 * Reads a record file into the room (the analysis board gets its first
 * game). `variant` is the variant of a game without a Variant tag. Resolves
 * to the answer `{ok, games, message}`; rejects when it could not be sent.
 * @param {File} file
 * @param {{name: string, variant: string, importing?: boolean}} about
 * @returns {Promise<RecordAnswer>}
 */
export async function loadRecord(file, { name, variant, importing = false }) {
  if (kind === "worker") {
    if (!room) throw new Error("the page's room is not running");
    // The room reads bytes, as the server does: a file that is not UTF-8
    // is refused by the record reader with its line, not mangled here.
    return room.loadRecord(new Uint8Array(await file.arrayBuffer()), name, variant, importing);
  }
  const query = new URLSearchParams({ name, variant, ...(importing ? { import: "1" } : {}) });
  const response = await fetch(`/api/record?${query}`, { method: "POST", body: file });
  return response.json();
}

// --- websocket -----------------------------------------------------------

/** @param {Handlers} handlers */
function openWebSocket({ onMessage, onOpen, onClose }) {
  let retry = 0;
  const open = () => {
    const socket = new WebSocket(`ws://${location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      channel = {
        send(message) {
          if (socket.readyState !== WebSocket.OPEN) return false;
          socket.send(JSON.stringify(message));
          return true;
        },
      };
      onOpen();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(message);
    });
    socket.addEventListener("close", () => {
      channel = null;
      onClose("connection-lost");
      retry = Math.min(retry + 1, 5);
      setTimeout(open, 500 * retry);
    });
  };
  open();
}

// --- worker (the room in the page) ---------------------------------------

/** The in-page room once open (for loadRecord).
 *  @type {PageRoom | null} */
let room = null;

/**
 * The contract with `web-room.js`: it exports
 *
 *   openRoom({ onMessage }) → Promise<{ send(message) → boolean,
 *                                       loadRecord(bytes, name, variant) → answer or Promise }>
 *
 * where the messages are the same objects as over the websocket (page
 * messages in, room messages out through `onMessage`, in order), and the
 * answer of loadRecord is `POST /api/record`'s body. It rejects, with
 * what to tell the person, when the room cannot start.
 * @param {Handlers} handlers
 */
async function openWorker({ onMessage, onOpen, onClose }) {
  try {
    const { openRoom } = await import("./web-room.js");
    room = await openRoom({ onMessage });
  } catch (error) {
    console.error(error);
    onClose("connection-failed", { detail: String(/** @type {Error} */ (error).message) });
    return;
  }
  channel = room;
  onOpen();
}
