// The protocol's helpers (protocol.md): the lines the typed calls of
// engine.js send, built from checked values, and the lines they read
// back. A page that speaks the protocol itself may use them too.
//
// Each check throws a TypeError or a RangeError with a message before
// anything reaches the engine, since the engine's own answer to a bad
// line is an `info string error:` line that nobody may be reading.

/** The variants' names, the default first. */
export const VARIANTS = Object.freeze(["songo40", "songo36-amateur", "songo36-beginner"]);

/** The deepest search the engine makes (songo-core's MAX_PLY less one). */
export const MAX_DEPTH = 127;

/** The limits a search may take, and the least value of each. */
const LIMITS = { depth: 1, movetime: 1, nodes: 1 };

/**
 * The `go` line of a search with these limits. A limit is required:
 * without threads the engine runs a search to its end inside one call,
 * and nothing but terminating its worker stops it.
 * @param {{depth?: number, movetime?: number, nodes?: number}} limits
 */
export function goCommand(limits) {
  if (limits === null || typeof limits !== "object") {
    throw new TypeError("the search's limits must be an object such as {depth: 8}");
  }
  const parts = ["go"];
  for (const [name, value] of Object.entries(limits)) {
    if (value === undefined) continue;
    if (!(name in LIMITS)) {
      throw new RangeError(`unknown search limit '${name}' (expected depth, movetime or nodes)`);
    }
    const least = LIMITS[/** @type {keyof LIMITS} */ (name)];
    if (!Number.isSafeInteger(value) || value < least || (name === "depth" && value > MAX_DEPTH)) {
      const most = name === "depth" ? ` to ${MAX_DEPTH}` : " or more";
      throw new RangeError(`${name} must be a whole number from ${least}${most}, not ${String(value)}`);
    }
    parts.push(name, String(value));
  }
  if (parts.length === 1) {
    throw new RangeError("a search needs a limit: depth, movetime or nodes");
  }
  return parts.join(" ");
}

/**
 * The `position` line of a game: its start and every move, so that the
 * engine knows the history the third-repetition rule reads.
 * @param {{startFen(): string, moves: readonly string[]}} game
 */
export function positionCommand(game) {
  const moves = game.moves.length ? ` moves ${game.moves.join(" ")}` : "";
  return `position fen ${game.startFen()}${moves}`;
}

/**
 * An `info depth …` line read into values; `null` for any other line.
 * @param {string} line
 */
export function parseInfo(line) {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "info" || words[1] !== "depth") return null;
  /** @type {import("./index.js").Info} */
  const info = {
    depth: 0, seldepth: 0, multipv: 1, score: null, bound: "exact",
    nodes: 0, nps: 0, time: 0, hashfull: 0, tbhits: 0, pv: [],
  };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    switch (word) {
      case "depth": case "seldepth": case "multipv": case "nodes":
      case "nps": case "time": case "hashfull": case "tbhits":
        info[word] = Number(words[++i]);
        break;
      case "score": {
        const kind = words[++i];
        const value = Number(words[++i]);
        info.score = kind === "mate" ? { mate: value } : { cp: value };
        break;
      }
      case "lowerbound": case "upperbound":
        info.bound = word === "lowerbound" ? "lower" : "upper";
        break;
      case "wdl":
        info.wdl = [Number(words[i + 1]), Number(words[i + 2]), Number(words[i + 3])];
        i += 3;
        break;
      case "pv":
        // The principal variation ends the line.
        info.pv = words.slice(i + 1);
        i = words.length;
        break;
      default:
        break; // a field of a later version: its value is skipped with it
    }
  }
  return info;
}

/**
 * A `bestmove` line read: the move (`null` for `bestmove (none)`, a game
 * already over) and the reply to ponder on, when named; `null` for any
 * other line.
 * @param {string} line
 */
export function parseBestMove(line) {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "bestmove" || words.length < 2) return null;
  const move = words[1] === "(none)" ? null : words[1];
  const ponder = words[2] === "ponder" && words[3] ? words[3] : null;
  return { move, ponder };
}
