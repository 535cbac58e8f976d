// The rules for a page: songo-core's game through the WebAssembly module
// (crates/songo-wasm's SongoGame), with values shaped for JavaScript.
// Loaded once, then every call is synchronous; every mistake throws an
// Error whose message is the rules' reason, and leaves the game as it was.

import { VARIANTS } from "./protocol.js";
import { loadWasm } from "./wasm.js";

/** @param {unknown} value */
const shown = (value) => (typeof value === "string" ? `'${value}'` : String(value));

/**
 * @param {unknown} variant
 * @returns {string}
 */
function checkVariant(variant) {
  if (typeof variant !== "string") {
    throw new TypeError(`the variant is a name such as 'songo40', not ${shown(variant)}`);
  }
  return variant;
}

/** A game: its start, its moves, the position they led to. */
export class Game {
  /** @type {any} the module's SongoGame */
  #game;

  /** @param {any} game */
  constructor(game) {
    this.#game = game;
  }

  /** The variant's name. */
  get variant() {
    return this.#game.variant();
  }

  /** The side to move: "south" or "north". */
  get toMove() {
    return this.#game.toMove();
  }

  /** Seeds in each pit, pit 1 first: South's A–G, North's a–g. */
  get pits() {
    const all = Array.from(this.#game.pits());
    return { south: all.slice(0, 7), north: all.slice(7) };
  }

  /** Seeds each side has captured. */
  get captured() {
    const [south, north] = this.#game.captured();
    return { south, north };
  }

  /** The moves played from the start, as pit letters. */
  get moves() {
    return this.#game.moves();
  }

  /** The legal moves' pit letters, in pit order; none once over. */
  legalMoves() {
    return this.#game.legalMoves();
  }

  /**
   * Plays a move: a pit letter (`C`, or `c` for North), or a pit number
   * 1–7 of the side to move. Returns its letter.
   * @param {string | number} move
   */
  play(move) {
    if (typeof move === "number" && Number.isInteger(move)) move = String(move);
    if (typeof move !== "string") {
      throw new TypeError(`a move is a pit letter or number, not ${shown(move)}`);
    }
    return this.#game.play(move);
  }

  /** Takes back the last move: its letter, or null at the start. */
  undo() {
    return this.#game.undo() ?? null;
  }

  /** The position as a string (protocol.md's form). */
  fen() {
    return this.#game.fen();
  }

  /** The start position as a string. */
  startFen() {
    return this.#game.startFen();
  }

  isOver() {
    return this.#game.isOver();
  }

  /** How the game ended, or null while it goes on. */
  result() {
    const text = this.#game.result();
    if (text === undefined) return null;
    const [south, north] = this.#game.finalScores();
    return {
      result: text,
      winner: this.#game.winner() || null,
      reason: this.#game.endReason(),
      scores: { south, north },
    };
  }

  /** The same game, apart from this one. */
  copy() {
    return new Game(this.#game.clone());
  }

  toString() {
    return this.fen();
  }
}

/** The rules, once songo's WebAssembly module is loaded. */
export async function loadRules() {
  const { SongoGame } = await loadWasm();
  return Object.freeze({
    variants: VARIANTS,
    /** @param {string} [variant] */
    newGame: (variant = "songo40") => new Game(new SongoGame(checkVariant(variant), "")),
    /**
     * @param {string} fen
     * @param {string} [variant]
     */
    fromFen(fen, variant = "songo40") {
      if (typeof fen !== "string" || !fen.trim()) {
        throw new TypeError(`a position is a string such as '${"5,".repeat(6)}5/${"5,".repeat(6)}5 s 0 0 Gg', not ${shown(fen)}`);
      }
      return new Game(new SongoGame(checkVariant(variant), fen));
    },
  });
}
