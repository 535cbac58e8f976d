// A board that plays songo, built on the npm package alone (docs/npm.md):
// the rules say which pits may be played and what a move does, and the
// engine in its worker answers. The person plays South.
//
// For tests and scripts, #board carries data-state (loading, your-move,
// thinking, over, failed) and data-fen (the position's string).

import { loadRules, startEngine } from "songo";

const board = document.getElementById("board");
const status = document.getElementById("status");

/** @param {string} state @param {string} text */
function say(state, text) {
  board.dataset.state = state;
  status.textContent = text;
}

const rules = await loadRules().catch((error) => {
  say("failed", error.message);
  throw error;
});
const engine = startEngine({ onError: (text) => say("failed", `The engine failed: ${text}`) });
let game = rules.newGame("songo40");

/** Draws the position; the legal pits are enabled on the person's move. */
function draw() {
  const playable = board.dataset.state === "your-move" ? game.legalMoves() : [];
  const { south, north } = game.pits;
  // North's row is seen from across the board: pit g on the left.
  const rows = { north: [..."abcdefg"].map((p, i) => [p, north[i]]).reverse(),
                 south: [..."ABCDEFG"].map((p, i) => [p, south[i]]) };
  for (const [side, pits] of Object.entries(rows)) {
    document.getElementById(side).replaceChildren(...pits.map(([pit, seeds]) => {
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
  document.getElementById("captured").textContent =
    `Captured: you ${game.captured.south}, the engine ${game.captured.north}`;
  document.getElementById("moves").textContent = game.moves.join(" ");
}

/** Says the end, or whose move it is, and draws. */
function settle() {
  const result = game.result();
  if (result) {
    const who = { south: "You win", north: "The engine wins" }[result.winner] ?? "A draw";
    say("over", `${who}: ${result.result} (${result.reason}).`);
  } else if (game.toMove === "south") {
    say("your-move", "Your move.");
  } else {
    say("thinking", "The engine thinks…");
  }
  draw();
}

/** The person's move, then the engine's answers until it is the person's again. */
async function play(pit) {
  if (board.dataset.state !== "your-move") return;
  game.play(pit);
  settle();
  const playing = game;
  while (board.dataset.state === "thinking") {
    try {
      const move = await engine.bestMove(game, { movetime: 300 });
      if (playing !== game) return; // a new game began meanwhile
      game.play(move);
    } catch (error) {
      say("failed", error.message);
      return;
    }
    settle();
  }
}

document.getElementById("new-game").addEventListener("click", () => {
  game = rules.newGame("songo40");
  settle();
});

try {
  await engine.ready;
  await engine.setOption("Skill Level", 4); // of 1–10: a fair opponent
  settle();
} catch (error) {
  say("failed", error.message);
}
