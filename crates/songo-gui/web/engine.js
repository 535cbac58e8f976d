// An engine for the page: engine-worker.js in a Web Worker, spoken to in
// protocol.md lines. The static site's bench uses it (site.js), and the
// room in the page (web-room.js) starts its engines with it.

/**
 * Starts an engine. `onLine(line)` gets each line it writes, in order;
 * `onError(text)` once if it does not load or fails (then `terminate()`
 * it and start another). Returns
 *
 *   { ready: Promise (resolves once loaded, rejects with its error),
 *     send(line), bench() → Promise<"N nodes X nps">, terminate() }
 */
/**
 * @param {{ onLine?: (line: string) => void, onError?: (text: string) => void }} [handlers]
 */
export function startEngine({ onLine = () => {}, onError = () => {} } = {}) {
  const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  /** @type {() => void} */
  let loaded = () => {};
  /** @type {(error: Error) => void} */
  let failed = () => {};
  /** @type {Promise<void>} */
  const ready = new Promise((resolve, reject) => {
    loaded = resolve;
    failed = reject;
  });
  // Handled here too, so that a caller that never awaits it is not told of
  // an unhandled rejection (onError says it).
  ready.catch(() => {});
  /** @type {{resolve: (result: string) => void, reject: (error: Error) => void}[]} */
  const benches = [];
  /** @param {string} text */
  const fail = (text) => {
    failed(new Error(text));
    for (const b of benches.splice(0)) b.reject(new Error(text));
    onError(text);
  };
  worker.onmessage = ({ data }) => {
    if (data.ready) loaded();
    else if (typeof data.line === "string") onLine(data.line);
    else if (typeof data.bench === "string") benches.shift()?.resolve(data.bench);
    else if (typeof data.error === "string") fail(data.error);
  };
  // A worker script that does not load at all (a missing file) ends here.
  worker.onerror = (event) => {
    event.preventDefault();
    fail(`the engine's worker failed: ${event.message || "it could not be loaded"}`);
  };
  return {
    ready,
    /** @param {string} line */
    send(line) {
      worker.postMessage({ line });
    },
    /** @returns {Promise<string>} */
    bench() {
      return new Promise((resolve, reject) => {
        benches.push({ resolve, reject });
        worker.postMessage({ bench: true });
      });
    },
    terminate() {
      worker.terminate();
    },
  };
}
