// One engine in a worker: a Web Worker (a module worker) in a page, a
// worker thread under node, so that a search never blocks the page. The
// engine runs a search to its end inside one call (no threads in
// WebAssembly here): messages that come meanwhile wait their turn.
//
//   in:  {line}                          one protocol line, answered through {line}
//        {id, bench: true}               the fixed bench
//        {id, setoption: {name, value}}  an option, refused with the engine's reason
//        {id, search: {variant, position, go}}  a typed search (engine.js)
//   out: {ready: true}                   once loaded, before anything else
//        {line}                          every line the engine writes, in order
//        {id, value} / {id, error}       a request's answer
//        {fatal}                         it did not load, or trapped: start another

import { loadWasm } from "./wasm.js";
import { parseBestMove, parseInfo } from "./protocol.js";

// A page's worker has `self`; a worker thread has node's parentPort,
// whose messages wait until a listener is added below.
const inPage = typeof self === "object" && typeof self.postMessage === "function";
/** A name, not a literal: no bundler resolves it for a page. */
const WORKER_THREADS = "node:worker_threads";
/** @type {any} */
const port = inPage
  ? self
  : (await import(/* webpackIgnore: true */ /* @vite-ignore */ WORKER_THREADS)).parentPort;

/** @param {unknown} message */
const post = (message) => port.postMessage(message);

/** @typedef {import("./songo_wasm.js").SongoEngine} SongoEngine */

/** @type {string[] | null} the lines of the request running now, answered by value too */
let captured = null;

const engine = loadWasm().then(
  ({ SongoEngine }) =>
    new SongoEngine((line) => {
      captured?.push(line);
      post({ line });
    }),
);
engine.then(
  () => post({ ready: true }),
  (error) => post({ fatal: error.message }),
);

/**
 * The lines an engine writes while `run` sends it lines.
 * @param {() => void} run
 */
function capture(run) {
  /** @type {string[]} */
  const said = [];
  captured = said;
  try {
    run();
    return said;
  } finally {
    captured = null;
  }
}

/**
 * The engine's first error line among `said`, thrown as an Error.
 * @param {string[]} said
 */
function throwRefusal(said) {
  const refusal = said.find((l) => l.startsWith("info string error: "));
  if (refusal) throw new Error(refusal.slice("info string error: ".length));
}

/** @type {Record<string, (e: SongoEngine, args: any) => unknown>} */
const requests = {
  bench: (e) => e.bench(),
  setoption: (e, { name, value }) => {
    throwRefusal(capture(() => e.send(`setoption name ${name} value ${value}`)));
  },
  search: (e, { variant, position, go }) => {
    const said = capture(() => {
      e.send(`setoption name UCI_Variant value ${variant}`);
      e.send(position);
      e.send(go);
    });
    throwRefusal(said);
    const best = said.map(parseBestMove).findLast((b) => b !== null);
    if (!best) throw new Error(`the engine gave no best move: ${said.join(" | ")}`);
    // The last whole line of the principal variation (multipv 1, exact).
    const info = said.map(parseInfo).findLast((i) => i !== null && i.multipv === 1) ?? null;
    const book = said.some((l) => l.startsWith("info string book move "));
    return { move: best.move, ponder: best.ponder, info, book };
  },
};

// Every message waits for the same promise, so they run in the order
// they came, those sent before the engine had loaded included.
/** @param {any} data */
const onMessage = async (data) => {
  let e;
  try {
    e = await engine;
  } catch {
    return; // already said ({fatal})
  }
  if (typeof data?.line === "string") {
    try {
      e.send(data.line);
    } catch (error) {
      post({ fatal: `the engine failed: ${/** @type {Error} */ (error).message}` });
    }
    return;
  }
  const kind = Object.keys(requests).find((k) => data?.[k] !== undefined);
  if (kind === undefined) return;
  try {
    post({ id: data.id, value: requests[kind](e, data[kind]) });
  } catch (error) {
    post({ id: data.id, error: /** @type {Error} */ (error).message });
    // A trap leaves the module's memory in no known state: this engine
    // is done, and the page is told to start another.
    if (error instanceof WebAssembly.RuntimeError) post({ fatal: `the engine failed: ${error.message}` });
  }
};
if (inPage) port.onmessage = (/** @type {MessageEvent} */ event) => onMessage(event.data);
else port.on("message", onMessage);
