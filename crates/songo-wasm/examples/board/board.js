// A board that plays songo, built on the npm package alone (docs/npm.md):
// the rules say which pits may be played and what a move does, and the
// engine in its worker answers. The person plays South.
//
// For tests and scripts, #board carries data-state (loading, your-move,
// thinking, over, failed) and data-fen (the position's string); #engine
// says what the engine's last search found.

import { loadRules, startEngine } from "songo";

/** @param {string} id */
function element(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`index.html has no #${id}`);
  return found;
}
const board = element("board");

/** @returns {string} read anew: other calls change it while one awaits */
const state = () => board.dataset.state ?? "";

/** @param {string} to @param {string} text */
function say(to, text) {
  board.dataset.state = to;
  element("status").textContent = text;
}

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

const rules = await loadRules().catch((error) => {
  say("failed", message(error));
  throw error;
});
const engine = startEngine({ onError: (text) => say("failed", `The engine failed: ${text}`) });
let game = rules.newGame("songo40");

/** Draws the position; the legal pits are enabled on the person's move. */
function draw() {
  const playable = state() === "your-move" ? game.legalMoves() : [];
  const { south, north } = game.pits;
  // North's row is seen from across the board: pit g on the left.
  const rows = {
    north: [..."abcdefg"].map((pit, i) => ({ pit, seeds: north[i] })).reverse(),
    south: [..."ABCDEFG"].map((pit, i) => ({ pit, seeds: south[i] })),
  };
  for (const [side, pits] of Object.entries(rows)) {
    element(side).replaceChildren(...pits.map(({ pit, seeds }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pit";
      button.dataset.testid = `pit-${pit}`;
      button.disabled = !playable.includes(pit);
      button.innerHTML = `${seeds}<small>${pit}</small>`;
      button.addEventListener("click", () => play(pit));
      return button;
    }));
  }
  board.dataset.fen = game.fen();
  element("captured").textContent =
    `Captured: you ${game.captured.south}, the engine ${game.captured.north}`;
  element("moves").textContent = game.moves.join(" ");
}

/** Says the end, or whose move it is, and draws. */
function settle() {
  const result = game.result();
  if (result) {
    const who = result.winner === "south" ? "You win" : result.winner === "north" ? "The engine wins" : "A draw";
    say("over", `${who}: ${result.result} (${result.reason}).`);
  } else if (game.toMove === "south") {
    say("your-move", "Your move.");
  } else {
    say("thinking", "The engine thinks…");
  }
  draw();
}

/**
 * The person's move, then the engine's answers until it is the person's again.
 * @param {string} pit
 */
async function play(pit) {
  if (state() !== "your-move") return;
  game.play(pit);
  settle();
  const playing = game;
  while (state() === "thinking") {
    try {
      const { move, depth, score } = await engine.analyse(game, { movetime: 300 });
      if (playing !== game) return; // a new game began meanwhile
      if (move === null) throw new Error("the engine found no move");
      game.play(move);
      const seeds = score === null ? "" : "cp" in score ? `, ${(score.cp / 100).toFixed(2)} seeds` : `, mate ${score.mate}`;
      element("engine").textContent = `The engine played ${move} (depth ${depth}${seeds}).`;
    } catch (error) {
      say("failed", message(error));
      return;
    }
    settle();
  }
}

element("new-game").addEventListener("click", () => {
  game = rules.newGame("songo40");
  settle();
});

try {
  await engine.ready;
  await engine.setOption("Skill Level", 4); // of 1–10: a fair opponent
  settle();
} catch (error) {
  say("failed", message(error));
}
