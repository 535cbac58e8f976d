// songo's WebAssembly module (crates/songo-wasm, wasm-bindgen's `web`
// glue beside it), loaded once per thread: by the rules in the page and
// by each engine's worker.
//
// A page fetches the .wasm from beside this file (bundlers see the `new
// URL(…, import.meta.url)` and copy it). Node's fetch reads no `file:`
// address, so there the bytes come from the file itself.

import init, * as glue from "./songo_wasm.js";

/** @type {Promise<typeof glue> | null} */
let loading = null;

/** The module's exports once it is loaded; rejects with why it is not. */
export function loadWasm() {
  loading ??= (async () => {
    const url = new URL("./songo_wasm_bg.wasm", import.meta.url);
    const source = url.protocol === "file:" ? await readFileBytes(url) : url;
    await init({ module_or_path: source });
    return glue;
  })().catch((error) => {
    // A failure (the network, a missing file) is not kept: a later call
    // tries again.
    loading = null;
    throw new Error(`songo's WebAssembly module did not load: ${error?.message ?? error}`);
  });
  return loading;
}

/** Node's files; a name, not a literal, so that no bundler tries to
 * resolve it for a page (only node, a `file:` address, takes the path). */
const FS = "node:fs/promises";

/** @param {URL} url @returns {Promise<Uint8Array>} */
async function readFileBytes(url) {
  const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ FS);
  return fs.readFile(url);
}
