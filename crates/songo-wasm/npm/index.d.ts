// The types of songo's npm package (docs/npm.md), kept by hand beside the
// JavaScript they describe (index.js and the modules it re-exports).

/** A variant's name. */
export type Variant = "songo40" | "songo36-amateur" | "songo36-beginner";

/** A side: South moves first and plays pits A–G, North plays a–g. */
export type Side = "south" | "north";

/** The variants' names, the default first. */
export declare const VARIANTS: readonly Variant[];

/** The deepest search the engine makes. */
export declare const MAX_DEPTH: number;

/** Why a game ended (RULES.md, 5.1). */
export type EndReason = "threshold" | "few-seeds" | "empty-row" | "cannot-feed" | "repetition";

/** How a finished game ended. */
export interface GameResult {
  /** South's score first. */
  result: "1-0" | "0-1" | "1/2-1/2";
  /** null for a draw. */
  winner: Side | null;
  reason: EndReason;
  /** The final scores (RULES.md, 5.2). */
  scores: { south: number; north: number };
}

/**
 * A game: its start, its moves and the position they led to (the
 * third-repetition rule reads the history). Every method that is given
 * a mistake throws an Error with the rules' reason and changes nothing.
 */
export interface Game {
  readonly variant: Variant;
  readonly toMove: Side;
  /** Seeds in each pit, pit 1 first: South's A–G, North's a–g. */
  readonly pits: { south: number[]; north: number[] };
  /** Seeds each side has captured. */
  readonly captured: { south: number; north: number };
  /** The moves played from the start, as pit letters. */
  readonly moves: string[];
  /** The legal moves' pit letters, in pit order; none once over. */
  legalMoves(): string[];
  /**
   * Plays a pit letter (`C`; `c` is North's), or a pit number 1–7 of the
   * side to move; returns its letter. Throws when it is not legal.
   */
  play(move: string | number): string;
  /** Takes back the last move: its letter, or null at the start. */
  undo(): string | null;
  /** The position as a string (protocol.md's form). */
  fen(): string;
  /** The start position as a string. */
  startFen(): string;
  isOver(): boolean;
  /** How it ended, or null while it goes on. */
  result(): GameResult | null;
  /** The same game, apart from this one. */
  copy(): Game;
}

/** The rules, once songo's WebAssembly module is loaded. */
export interface Rules {
  readonly variants: readonly Variant[];
  /** A game from the start. Throws for an unknown variant. */
  newGame(variant?: Variant): Game;
  /** A game from a position string. Throws for a damaged one. */
  fromFen(fen: string, variant?: Variant): Game;
}

/** Loads the module once (rejects with why it did not load). */
export declare function loadRules(): Promise<Rules>;

/** A score from the side to move's view. */
export type Score =
  /** The expected final margin in hundredths of a seed. */
  | { cp: number }
  /** A forced win in N of its own moves; negative: a loss after -N. */
  | { mate: number };

/** An `info depth …` line, read. */
export interface Info {
  depth: number;
  seldepth: number;
  multipv: number;
  score: Score | null;
  bound: "exact" | "lower" | "upper";
  /** Win, draw and loss in permille, with `UCI_ShowWDL`. */
  wdl?: [number, number, number];
  nodes: number;
  nps: number;
  /** Milliseconds. */
  time: number;
  hashfull: number;
  tbhits: number;
  pv: string[];
}

/** A search's limits: at least one (a search cannot be stopped). */
export interface Limits {
  /** Plies, 1 to MAX_DEPTH. */
  depth?: number;
  /** Milliseconds, 1 or more. */
  movetime?: number;
  /** Nodes, 1 or more. */
  nodes?: number;
}

/** What a search found. */
export interface Analysis {
  /** The move to play; null when the game was over. */
  move: string | null;
  /** The reply the engine expects. */
  ponder: string | null;
  score: Score | null;
  depth: number;
  nodes: number;
  /** The principal variation, the move first. */
  pv: string[];
  /** Whether the opening book answered (no search was made). */
  book: boolean;
  /** The last `info` line of the principal variation, read. */
  info: Info | null;
}

export interface EngineHandlers {
  /** Every line the engine writes, in order (the typed calls' too). */
  onLine?: (line: string) => void;
  /** Once, when the engine did not load or failed: start another. */
  onError?: (text: string) => void;
}

/**
 * An engine in its own worker. A search runs to its end: lines and
 * requests sent meanwhile wait their turn; to stop it, terminate the
 * engine and start another. Every promise rejects with an Error whose
 * message says why: a bad argument, the engine's refusal, a failure.
 */
export interface Engine {
  /** Resolves once the engine is loaded; rejects if it does not load. */
  readonly ready: Promise<void>;
  /** Sends one protocol line (protocol.md); answers come to onLine. */
  send(line: string): void;
  /** The fixed bench: `N nodes X nps`, N equal to the native `songo bench`'s. */
  bench(): Promise<string>;
  /** Sets an option (`Skill Level`, `Hash`, …); rejects with the engine's reason. */
  setOption(name: string, value: string | number | boolean): Promise<void>;
  /** Searches the game's position, with its history, to the limits. */
  analyse(game: Game, limits: Limits): Promise<Analysis>;
  /** The move the engine plays; rejects when the game is over. */
  bestMove(game: Game, limits: Limits): Promise<string>;
  /** Ends the worker: pending calls reject. Under node it keeps the process alive until then. */
  terminate(): void;
}

/** Starts an engine in a Web Worker (a worker thread under node). */
export declare function startEngine(handlers?: EngineHandlers): Engine;

/** The `go` line of these limits; throws a RangeError for a bad one. */
export declare function goCommand(limits: Limits): string;

/** The `position fen … moves …` line of a game. */
export declare function positionCommand(game: Pick<Game, "startFen" | "moves">): string;

/** An `info depth …` line read, or null for another line. */
export declare function parseInfo(line: string): Info | null;

/** A `bestmove` line read (move null for `bestmove (none)`), or null for another line. */
export declare function parseBestMove(line: string): { move: string | null; ponder: string | null } | null;
