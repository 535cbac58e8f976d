// songo's npm package as a user has it: tests/npm_package.rs builds it
// (scripts/npm-package.sh), packs it (`npm pack`), installs the tarball
// into a scratch project and runs this file there, so that `songo` below
// is the installed package and nothing of the repository.
//
//   SONGO_BENCH_NODES=849699 node --test      # in the scratch project
//
// SONGO_BENCH_NODES is the native `songo bench`'s node count (without it
// the bench's count is only printed).

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import {
  MAX_DEPTH, VARIANTS, goCommand, loadRules, parseBestMove, parseInfo, positionCommand, startEngine,
} from "songo";

/** A test that waits longer has failed: an engine that never answers must
 * not hang the run (tests/npm_package.rs waits for it). */
const PATIENCE = { timeout: 120_000 };

const rules = await loadRules();
/** Every engine a test starts, terminated at the end (a worker thread keeps node running). */
const engines = [];
function engine(handlers) {
  const e = startEngine(handlers);
  engines.push(e);
  return e;
}
after(() => engines.forEach((e) => e.terminate()));

test("the package declares its module, types and files", PATIENCE, () => {
  const pkg = createRequire(import.meta.url)("songo/package.json");
  assert.equal(pkg.type, "module");
  assert.equal(pkg.exports["."].types, "./index.d.ts");
  for (const file of ["index.d.ts", "worker.js", "songo_wasm_bg.wasm"]) assert.ok(pkg.files.includes(file), file);
});

test("a game from the start: moves, position, pits, captures, the side to move", PATIENCE, () => {
  const game = rules.newGame();
  assert.equal(game.variant, "songo40");
  assert.deepEqual(rules.variants, VARIANTS);
  assert.deepEqual(game.legalMoves(), ["A", "B", "C", "D", "E", "F", "G"]);
  assert.equal(game.fen(), "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg");
  assert.equal(game.toMove, "south");
  assert.equal(game.play(3), "C"); // a pit number of the side to move
  // C's five seeds sown into D, E, F, G and North's a.
  assert.deepEqual(game.pits, { south: [5, 5, 0, 6, 6, 6, 6], north: [6, 5, 5, 5, 5, 5, 5] });
  assert.equal(game.play("d"), "d");
  assert.deepEqual(game.moves, ["C", "d"]);
  assert.equal(game.toMove, "south");
  assert.equal(game.pits.south.length, 7);
  const seeds = (o) => o.south + o.north;
  const onBoard = [...game.pits.south, ...game.pits.north].reduce((a, b) => a + b, 0);
  assert.equal(onBoard + seeds(game.captured), 70);
  const copy = game.copy();
  assert.equal(game.undo(), "d");
  assert.deepEqual(game.moves, ["C"]);
  assert.deepEqual(copy.moves, ["C", "d"], "a copy is a game of its own");
  assert.equal(game.result(), null);
  assert.equal(positionCommand(copy), "position fen 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg moves C d");
});

test("a finished position is over, with its result", PATIENCE, () => {
  const game = rules.fromFen("0,0,0,0,0,0,0/0,0,0,0,0,0,5 s 40 25 -");
  assert.ok(game.isOver());
  assert.deepEqual(game.legalMoves(), []);
  assert.deepEqual(game.result(), {
    result: "1-0", winner: "south", reason: "threshold", scores: { south: 40, north: 25 },
  });
});

test("a whole game against itself, every move legal, the engine's board the rules' at every ply", PATIENCE, async () => {
  const lines = [];
  const e = engine({ onLine: (line) => lines.push(line) });
  await e.ready;
  /** The engine's own board (`d`) at the game's position: its lines. */
  const engineBoard = async (game) => {
    await e.setOption("UCI_Variant", game.variant);
    lines.length = 0;
    e.send(positionCommand(game));
    e.send("d");
    await e.setOption("MultiPV", 1); // answered after the lines before it
    return lines.slice();
  };
  const game = rules.newGame("songo36-amateur");
  let searched = 0;
  for (;;) {
    const board = await engineBoard(game);
    assert.ok(board.some((l) => l.includes(game.fen())), `${game.fen()} not in\n${board.join("\n")}`);
    const legal = game.legalMoves();
    assert.ok(board.includes(`Legal moves: ${legal.join(" ")}`), `${legal} not the engine's in\n${board.join("\n")}`);
    if (game.isOver()) break;
    const analysis = await e.analyse(game, { depth: 3 });
    assert.ok(legal.includes(analysis.move), `${analysis.move} not among ${legal} at ${game.fen()}`);
    assert.equal(analysis.pv[0], analysis.move);
    assert.ok(analysis.score && ("cp" in analysis.score || "mate" in analysis.score), JSON.stringify(analysis));
    searched += analysis.nodes;
    game.play(analysis.move);
    assert.ok(game.moves.length < 1000, "the game ends");
  }
  const result = game.result();
  assert.ok(["1-0", "0-1", "1/2-1/2"].includes(result.result), JSON.stringify(result));
  assert.ok(searched > 0);
});

test("bestMove plays a level-1 move; a finished game has none", PATIENCE, async () => {
  const e = engine();
  await e.setOption("Skill Level", 1);
  const game = rules.newGame();
  const move = await e.bestMove(game, { movetime: 50 });
  assert.ok(game.legalMoves().includes(move), move);
  const over = rules.fromFen("0,0,0,0,0,0,0/0,0,0,0,0,0,5 s 40 25 -");
  await assert.rejects(e.bestMove(over, { depth: 2 }), /the game is over/);
});

test("an illegal move throws the rules' reason and changes nothing", PATIENCE, () => {
  const game = rules.newGame();
  game.play("C");
  const before = game.fen();
  assert.throws(() => game.play("C"), { message: "move C is illegal here: it is South's pit (legal: a b c d e f g)" });
  assert.throws(() => game.play("Z"), /'Z' is not a move/);
  assert.throws(() => game.play(8), /'8' is not a move/);
  assert.throws(() => game.play(null), TypeError);
  assert.equal(game.fen(), before);
  assert.deepEqual(game.moves, ["C"]);
  const over = rules.fromFen("0,0,0,0,0,0,0/0,0,0,0,0,0,5 s 40 25 -");
  assert.throws(() => over.play("G"), { message: "move G is illegal here: the game is over" });
});

test("a damaged position string is refused, saying what is wrong", PATIENCE, () => {
  assert.throws(() => rules.fromFen("5,5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 Gg"), /^Error: bad position: pits field/);
  assert.throws(() => rules.fromFen("5,5,5,5,5,5,5/5,5,5,5,5,5,6 s 0 0 Gg"), /total 71 seeds, not 70/);
  assert.throws(() => rules.fromFen("5,5,5,5,5,5,5/5,5,5,5,5,5,5 x 0 0 Gg"), /side to move 'x'/);
  assert.throws(() => rules.fromFen(""), TypeError);
  assert.throws(() => rules.fromFen(42), TypeError);
});

test("an unknown variant is refused", PATIENCE, () => {
  assert.throws(() => rules.newGame("songo41"), { message: /^unknown variant 'songo41' \(expected / });
  assert.throws(() => rules.fromFen("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg", "chess"), /unknown variant 'chess'/);
  assert.throws(() => rules.newGame(40), TypeError);
});

test("a negative depth and other bad limits reject before the engine searches", PATIENCE, async () => {
  const e = engine();
  const game = rules.newGame();
  await assert.rejects(e.analyse(game, { depth: -1 }), { name: "RangeError", message: "depth must be a whole number from 1 to 127, not -1" });
  await assert.rejects(e.analyse(game, { depth: 2.5 }), RangeError);
  await assert.rejects(e.analyse(game, { depth: MAX_DEPTH + 1 }), RangeError);
  await assert.rejects(e.analyse(game, { movetime: -5 }), /movetime must be a whole number from 1 or more/);
  await assert.rejects(e.analyse(game, { nodes: "many" }), RangeError);
  await assert.rejects(e.analyse(game, {}), /a search needs a limit/);
  await assert.rejects(e.analyse(game, { time: 5 }), /unknown search limit 'time'/);
  await assert.rejects(e.analyse(game, null), TypeError);
  await assert.rejects(e.analyse("5,5,5 s", { depth: 2 }), /expected a game of the rules/);
  // The engine is still there, and searches.
  assert.ok(game.legalMoves().includes((await e.analyse(game, { depth: 2 })).move));
});

test("the engine's own refusals reject with its reason; lines must be strings", PATIENCE, async () => {
  const e = engine();
  await assert.rejects(e.setOption("Skill Level", 99), /^Error: setoption: Skill Level takes a whole number from 1 to 10, not '99'/);
  await assert.rejects(e.setOption("No Such Option", 1), /setoption: /);
  await assert.rejects(e.setOption("Hash", "1\nquit"), TypeError);
  await assert.rejects(e.setOption("", 1), TypeError);
  assert.throws(() => e.send(42), TypeError);
  assert.throws(() => startEngine({ onLine: "not a function" }), TypeError);
});

test("a terminated engine rejects what is asked of it", PATIENCE, async () => {
  const e = startEngine();
  const pending = e.analyse(rules.newGame(), { depth: 30 });
  e.terminate();
  await assert.rejects(pending, /the engine was terminated/);
  await assert.rejects(e.bench(), /the engine was terminated/);
  assert.throws(() => e.send("isready"), /the engine was terminated/);
});

test("a package without its .wasm rejects, saying so, and never crashes", PATIENCE, async (t) => {
  // A copy of the installed package with its module missing, as a server
  // that does not serve it would leave a page.
  const dir = await mkdtemp(path.join(os.tmpdir(), "songo-npm-"));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const installed = path.dirname(createRequire(import.meta.url).resolve("songo/package.json"));
  await cp(installed, dir, { recursive: true });
  await rm(path.join(dir, "songo_wasm_bg.wasm"));
  const broken = await import(pathToFileURL(path.join(dir, "index.js")).href);
  await assert.rejects(broken.loadRules(), /^Error: songo's WebAssembly module did not load: .*songo_wasm_bg\.wasm/);
  let said = null;
  const e = broken.startEngine({ onError: (text) => { said = text; } });
  await assert.rejects(e.ready, /songo's WebAssembly module did not load/);
  await assert.rejects(e.bench(), /songo's WebAssembly module did not load/);
  assert.match(said, /songo's WebAssembly module did not load/);
  e.terminate();
});

test("the protocol's helpers", PATIENCE, () => {
  assert.equal(goCommand({ depth: 8, movetime: 500 }), "go depth 8 movetime 500");
  assert.deepEqual(
    parseInfo("info depth 12 seldepth 18 multipv 1 score cp 150 wdl 210 760 30 nodes 331181 nps 6899604 hashfull 52 tbhits 0 time 48 pv A a B"),
    {
      depth: 12, seldepth: 18, multipv: 1, score: { cp: 150 }, bound: "exact", wdl: [210, 760, 30],
      nodes: 331181, nps: 6899604, time: 48, hashfull: 52, tbhits: 0, pv: ["A", "a", "B"],
    },
  );
  assert.deepEqual(parseInfo("info depth 3 score mate -2 upperbound nodes 9 pv a").score, { mate: -2 });
  assert.equal(parseInfo("info string hello"), null);
  assert.deepEqual(parseBestMove("bestmove C ponder d"), { move: "C", ponder: "d" });
  assert.deepEqual(parseBestMove("bestmove (none)"), { move: null, ponder: null });
  assert.equal(parseBestMove("readyok"), null);
});

test("the bench's node count is the native one", PATIENCE, async (t) => {
  const line = await engine().bench();
  t.diagnostic(`npm package bench: ${line}`);
  const m = line.match(/^(\d+) nodes (\d+) nps$/);
  assert.ok(m, line);
  const expected = process.env.SONGO_BENCH_NODES;
  if (expected === undefined) {
    t.skip("SONGO_BENCH_NODES not set: the count is not compared");
    return;
  }
  assert.equal(m[1], expected);
});
