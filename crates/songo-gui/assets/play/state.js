// Play's state: the room's last view of the game played and what the page
// keeps beside it (the board flipped, the clocks' moment, the engine's
// output). Updated from the room's messages only; no DOM here, so that
// what the page decides (who sits at the bottom, what a key plays, whether
// a move is sown) reads as plain data.

import { SOUTH, NORTH } from "../util.js";

/** @typedef {import("../room.js").View} View */
/** @typedef {import("../room.js").Side} Side */
/** @typedef {import("../room.js").Say} Say */

/** The engine's output kept for [data-testid=engine-log]. */
const MAX_LOG = 60;

/**
 * What changed with a state, for the view.
 * @typedef {object} Change
 * @property {View | null} previous the state before
 * @property {boolean} newGame another game (or the first)
 * @property {boolean} firstGame the page's first state
 * @property {boolean} sideChanged the person's side changed (or the first state)
 * @property {boolean} moved the moves changed (or another game)
 * @property {boolean} oneMore one move more in the same game, with its sowing
 */

/** @param {Side} side @returns {Side} */
export const other = (side) => (side === "south" ? "north" : "south");

export class PlayState {
  /** The room's last state of the game played. @type {View | null} */
  view = null;
  /** @type {number | null} */
  gameId = null;
  /** Flipped by the person; a new game starts unflipped. */
  flipped = false;
  /** The clocks as the last state gave them, and when it came (ms,
   *  `performance.now()`). @type {{left: [number, number], running: Side | null, at: number} | null} */
  clocks = null;
  /** The engine's last lines. @type {string[]} */
  log = [];

  /** Takes the room's state `s`, come at `now`.
   *  @param {View} s @param {number} now
   *  @returns {Change} */
  receive(s, now) {
    const previous = this.view;
    const newGame = s.game_id !== this.gameId;
    const change = {
      previous,
      newGame,
      firstGame: this.gameId === null,
      sideChanged: !previous || previous.human !== s.human,
      moved: newGame || !previous || previous.moves.length !== s.moves.length,
      oneMore: Boolean(
        previous &&
          previous.game_id === s.game_id &&
          s.moves.length === previous.moves.length + 1 &&
          s.sowing &&
          s.sowing.before === previous.position,
      ),
    };
    this.view = s;
    if (newGame) {
      this.gameId = s.game_id;
      this.log.length = 0;
      this.flipped = false;
    }
    this.clocks = s.clock ? { left: s.clock.left_ms, running: s.clock.running, at: now } : null;
    return change;
  }

  /** One line of the engine's output; the lines kept, as shown.
   *  @param {string} line */
  addLine(line) {
    this.log.push(line);
    if (this.log.length > MAX_LOG) this.log.shift();
    return this.log.join("\n");
  }

  /** Two people at one board (the state's `human` is `both`). */
  twoPlayers() {
    return Boolean(this.view && this.view.human === "both");
  }

  /** The engine's name: a program's, the same in every language (none
   *  before the first state). */
  engineName() {
    return this.view ? this.view.engines[this.view.engine] : null;
  }

  /** A side's player as the page names them: a person's own name
   *  between two people, else "You" or the engine at its level.
   *  @param {View} s @param {Side} side
   *  @returns {Say} */
  playerOf(s, side) {
    if (s.human === "both") return { id: "player-named", name: s.names ? s.names[side === "south" ? 0 : 1] : "" };
    return side === s.human ? { id: "player-you" } : { id: "player-engine", engine: this.engineName(), level: s.level };
  }

  /** The side shown at the bottom: the person's (between two people,
   *  South's, or the side to move's when the board turns), unless
   *  flipped.
   *  @param {boolean} turnBoard
   *  @returns {Side} */
  bottom(turnBoard) {
    const s = this.view;
    let bottom = s ? s.human : "south";
    if (bottom === "both") bottom = turnBoard && s && s.state !== "over" ? s.to_move : "south";
    return this.flipped ? other(bottom) : bottom;
  }

  /** The side whose move it is for the person: between two people, the
   *  side to move. */
  personSide() {
    const s = this.view;
    if (!s) return null;
    return s.human === "both" ? s.to_move : s.human;
  }

  /** A move of the person's (between two people, any move) to take back,
   *  in a game not lost on time or by resignation. */
  canTakeBack() {
    const s = this.view;
    if (!s) return false;
    // A finished game is in the games list as it ended: nothing of it is
    // taken back (issue 43: a take-back after the end changed a listed
    // game).
    const ended = s.state === "over";
    return (
      !ended && s.moves.some((m) => s.human === "both" || (s.human === "south" ? SOUTH.includes(m) : NORTH.includes(m)))
    );
  }

  /** A game in progress, with a move played: not to abandon without a word. */
  inProgress() {
    const s = this.view;
    return Boolean(s && s.state !== "over" && s.moves.length > 0);
  }

  /** `letter` is playable now. @param {string} letter */
  legal(letter) {
    return Boolean(this.view && this.view.legal.includes(letter));
  }

  /** The pit a key plays (`A`–`G` or `1`–`7`, either case: the person's
   *  pit of that letter or number), or null.
   *  @param {string} key */
  pitOfKey(key) {
    const side = this.personSide();
    if (!side) return null;
    const k = key.toLowerCase();
    let index = "abcdefg".indexOf(k);
    if (index < 0 || k.length !== 1) index = "1234567".indexOf(k);
    if (index < 0 || k.length !== 1) return null;
    return (side === "south" ? SOUTH : NORTH)[index];
  }

  /** Both clocks as of `now`: the running one counted down since the
   *  state came; null without a clock.
   *  @param {Side} side @param {number} now */
  clockAt(side, now) {
    const c = this.clocks;
    if (!c) return null;
    const running = c.running === side;
    const given = c.left[side === "south" ? 0 : 1];
    return { ms: running ? Math.max(0, given - (now - c.at)) : given, running };
  }
}
