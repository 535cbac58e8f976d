// The engine in WebAssembly under node: the module that
// scripts/wasm-engine-build.sh writes, driven through protocol lines as a
// web page's worker drives it, and its bench against the native count.
//
//   scripts/wasm-engine-build.sh target/wasm-engine
//   SONGO_WASM_DIR=target/wasm-engine SONGO_BENCH_NODES=3366931 node --test tests/web/
//
// SONGO_WASM_DIR is the build's OUT_DIR (default: target/wasm-engine);
// SONGO_BENCH_NODES the native `songo bench` node count, which
// tests/wasm_engine.rs reads from the native command (without it the
// bench's count is only printed). Each bench line goes to the test's
// diagnostics, for the speed comparison.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";

const dir = path.resolve(process.env.SONGO_WASM_DIR ?? "target/wasm-engine");
// The nodejs target of wasm-bindgen is a CommonJS module.
const { SongoEngine } = createRequire(import.meta.url)(path.join(dir, "nodejs", "songo_wasm.js"));

/** An engine and the lines it wrote since the last `take()`. */
function engine() {
  let lines = [];
  const e = new SongoEngine((line) => lines.push(line));
  return {
    send: (line) => e.send(line),
    take: () => {
      const said = lines;
      lines = [];
      return said;
    },
    bench: () => e.bench(),
  };
}

test("uci is answered with the greeting and uciok", () => {
  const e = engine();
  assert.equal(e.send("uci"), true);
  const said = e.take();
  assert.match(said[0], /^id name songo /);
  assert.ok(said.some((l) => l.startsWith("option name Hash type spin")), said.join("\n"));
  assert.equal(said.at(-1), "uciok");
});

test("isready is answered with readyok", () => {
  const e = engine();
  e.send("isready");
  assert.deepEqual(e.take(), ["readyok"]);
});

test("go depth 6 after a move gives a legal bestmove before it returns", () => {
  const e = engine();
  // A search, not the opening book's answer to a position near the start.
  e.send("setoption name OwnBook value false");
  e.send("position startpos moves C");
  e.send("go depth 6");
  const said = e.take();
  const best = said.find((l) => l.startsWith("bestmove "));
  assert.ok(best, said.join("\n"));
  assert.ok(said.some((l) => l.startsWith("info depth 6 ")), said.join("\n"));
  // The legal moves as the engine's own board shows them (songo-core's).
  e.send("d");
  const board = e.take();
  assert.ok(board.includes("Side to move: North"), board.join("\n"));
  const legal = board.find((l) => l.startsWith("Legal moves: ")).slice("Legal moves: ".length).split(" ");
  const move = best.split(" ")[1];
  assert.ok(legal.includes(move), `${best} not among ${legal}`);
});

test("lines that are not commands are errors and the session goes on", () => {
  const e = engine();
  e.send("xyzzy");
  e.send("uci\nisready");
  e.send("isready\r\n");
  assert.deepEqual(e.take(), [
    "info string error: unknown command 'xyzzy'",
    "info string error: line 1: control byte 0x0a at byte 4",
    "readyok",
  ]);
  assert.equal(e.send("quit"), false);
});

test("a book file is refused by name: the web engine has no files", () => {
  const e = engine();
  e.send("setoption name BookFile value /no/such.book");
  const said = e.take();
  assert.equal(said.length, 1, said.join("\n"));
  assert.match(said[0], /^info string error: setoption: BookFile \/no\/such\.book: cannot read it: /);
  e.send("isready");
  assert.deepEqual(e.take(), ["readyok"]);
});

test("a callback that is not a function is refused", () => {
  assert.throws(() => new SongoEngine("not a function"), /onLine must be a function/);
});

test("the bench's node count is the native one", (t) => {
  const line = engine().bench();
  t.diagnostic(`wasm bench: ${line}`);
  const m = line.match(/^(\d+) nodes (\d+) nps$/);
  assert.ok(m, line);
  const expected = process.env.SONGO_BENCH_NODES;
  if (expected === undefined) {
    t.skip("SONGO_BENCH_NODES not set: the count is not compared");
    return;
  }
  assert.equal(m[1], expected);
});
