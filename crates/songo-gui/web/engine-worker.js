// The engine in a Web Worker (a module worker): songo's engine compiled to
// WebAssembly (crates/songo-wasm, built by scripts/wasm-engine-build.sh),
// one engine per worker, so that a search never blocks the page. The page
// speaks protocol.md lines to it (engine.js wraps this for the page):
//
//   in:  {line: "go depth 10"}      one protocol line
//        {bench: true}              the fixed bench (`songo bench`'s)
//   out: {ready: true}              once the engine is loaded, before any answer
//        {line: "bestmove C"}       each line the engine writes, in order
//        {bench: "N nodes X nps"}   the bench's result, the native last line's form
//        {error: "…"}               it did not load, or failed (a trap): start another
//
// Without threads a search runs inside the `send` that starts it, so a
// `go` needs a limit (docs/web.md): lines sent meanwhile wait their turn.

import init, { SongoEngine } from "./songo_wasm.js";

const engine = init().then(() => new SongoEngine((line) => postMessage({ line })));
engine.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ error: `the engine did not load: ${error.message}` }),
);

// Every message waits for the same promise, so they are handled in the
// order they came, even those sent before the engine had loaded.
self.onmessage = async ({ data }) => {
  let e;
  try {
    e = await engine;
  } catch {
    return; // already reported
  }
  try {
    if (data.bench) postMessage({ bench: e.bench() });
    else if (typeof data.line === "string") e.send(data.line);
  } catch (error) {
    postMessage({ error: `the engine failed: ${/** @type {Error} */ (error).message}` });
  }
};
