// The engine for a page: worker.js in a Web Worker (a worker thread under
// node), spoken to in protocol.md lines or through typed calls that
// return promises. Every failure reaches the caller as a rejected promise
// or a thrown Error with a message: a bad argument, the engine's refusal,
// an engine that did not load or was terminated.

import { goCommand, positionCommand } from "./protocol.js";

/** Where node's worker threads are; a name, not a literal, so that no
 * bundler tries to resolve it for a page. */
const WORKER_THREADS = "node:worker_threads";

/**
 * The worker, the same way in a page and under node: messages in, its
 * messages and failures out.
 * @param {(data: any) => void} onMessage
 * @param {(text: string) => void} onFailure
 * @returns {{post: (message: object) => void, end: () => void}}
 */
function openWorker(onMessage, onFailure) {
  if (typeof Worker === "function") {
    // This exact form (a URL of import.meta.url, type module) is the one
    // bundlers recognise and bundle the worker for.
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (event) => onMessage(event.data);
    // A worker script that does not load at all (a missing file) ends here.
    worker.onerror = (event) => {
      event.preventDefault();
      onFailure(`the engine's worker failed: ${event.message || "it could not be loaded"}`);
    };
    return { post: (message) => worker.postMessage(message), end: () => worker.terminate() };
  }
  // Node has worker threads instead, loaded asynchronously: the messages
  // of the meantime wait in a queue, in order.
  /** @type {any} */
  let thread = null;
  let ended = false;
  /** @type {object[]} */
  const queue = [];
  import(/* webpackIgnore: true */ /* @vite-ignore */ WORKER_THREADS).then(
    ({ Worker: Thread }) => {
      if (ended) return;
      thread = new Thread(new URL("./worker.js", import.meta.url));
      thread.on("message", onMessage);
      thread.on("error", (/** @type {Error} */ error) => onFailure(`the engine's thread failed: ${error.message}`));
      thread.on("exit", (/** @type {number} */ code) => {
        if (!ended) onFailure(`the engine's thread exited (code ${code})`);
      });
      for (const message of queue.splice(0)) thread.postMessage(message);
    },
    (/** @type {Error} */ error) => onFailure(`no worker threads here: ${error.message}`),
  );
  return {
    post: (message) => (thread ? thread.postMessage(message) : queue.push(message)),
    end: () => {
      ended = true;
      thread?.terminate();
    },
  };
}

/**
 * A position's engine request needs a game of the rules (rules.js), or
 * anything shaped like one.
 * @param {unknown} game
 */
function checkGame(game) {
  const g = /** @type {any} */ (game);
  if (!g || typeof g.variant !== "string" || typeof g.startFen !== "function"
      || !Array.isArray(g.moves) || typeof g.isOver !== "function") {
    throw new TypeError("expected a game of the rules (loadRules().newGame())");
  }
  return /** @type {import("./index.js").Game} */ (g);
}

/** No control byte: one protocol line, as the engine reads it. */
const ONE_LINE = /^[^\x00-\x1f\x7f]*$/;

/**
 * Starts an engine in its own worker.
 * @param {{onLine?: (line: string) => void, onError?: (text: string) => void}} [handlers]
 */
export function startEngine({ onLine = () => {}, onError = () => {} } = {}) {
  if (typeof onLine !== "function" || typeof onError !== "function") {
    throw new TypeError("startEngine: onLine and onError must be functions");
  }
  /** @type {() => void} */
  let loaded = () => {};
  /** @type {(error: Error) => void} */
  let notLoaded = () => {};
  const ready = new Promise((resolve, reject) => {
    loaded = () => resolve(undefined);
    notLoaded = reject;
  });
  // Handled here too, so that a caller that never awaits it is not told of
  // an unhandled rejection (onError says it).
  ready.catch(() => {});

  /** Why the engine takes no more requests, once it does not. */
  let stopped = "";
  let nextId = 1;
  /** @type {Map<number, {resolve: (value: any) => void, reject: (error: Error) => void}>} */
  const pending = new Map();
  /** @param {string} why */
  const stop = (why) => {
    stopped = why;
    notLoaded(new Error(why));
    for (const { reject } of pending.values()) reject(new Error(why));
    pending.clear();
  };
  /** @param {string} text */
  const fail = (text) => {
    if (stopped) return;
    stop(text);
    port.end();
    onError(text);
  };
  const port = openWorker((data) => {
    if (data?.ready) loaded();
    else if (typeof data?.line === "string") onLine(data.line);
    else if (typeof data?.id === "number") {
      const request = pending.get(data.id);
      pending.delete(data.id);
      if (typeof data.error === "string") request?.reject(new Error(data.error));
      else request?.resolve(data.value);
    } else if (typeof data?.fatal === "string") fail(data.fatal);
  }, fail);

  /** @param {object} message */
  const request = (message) =>
    new Promise((resolve, reject) => {
      if (stopped) throw new Error(stopped);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      port.post({ id, ...message });
    });

  /**
   * @param {unknown} game
   * @param {unknown} limits
   */
  const analyse = async (game, limits) => {
    const g = checkGame(game);
    const go = goCommand(/** @type {any} */ (limits));
    const { move, ponder, info, book } = await request({
      search: { variant: g.variant, position: positionCommand(g), go },
    });
    return {
      move,
      ponder,
      score: info?.score ?? null,
      depth: info?.depth ?? 0,
      nodes: info?.nodes ?? 0,
      pv: info?.pv ?? (move ? [move] : []),
      book,
      info,
    };
  };

  return {
    ready,
    /** @param {string} line */
    send(line) {
      if (typeof line !== "string") throw new TypeError("send: a line is a string");
      if (stopped) throw new Error(stopped);
      port.post({ line });
    },
    bench: () => request({ bench: true }),
    /**
     * @param {string} name
     * @param {string | number | boolean} value
     */
    async setOption(name, value) {
      if (typeof name !== "string" || !name.trim() || !ONE_LINE.test(name)) {
        throw new TypeError("setOption: the option's name is a non-empty string of one line");
      }
      if (!["string", "number", "boolean"].includes(typeof value) || !ONE_LINE.test(String(value))) {
        throw new TypeError(`setOption ${name}: the value is a string, number or boolean of one line`);
      }
      await request({ setoption: { name, value: String(value) } });
    },
    analyse,
    /**
     * @param {unknown} game
     * @param {unknown} limits
     */
    async bestMove(game, limits) {
      if (checkGame(game).isOver()) throw new Error("the game is over: there is no move to play");
      const { move } = await analyse(game, limits);
      if (move === null) throw new Error("the engine found no move to play");
      return move;
    },
    terminate() {
      if (!stopped) stop("the engine was terminated");
      port.end();
    },
  };
}
