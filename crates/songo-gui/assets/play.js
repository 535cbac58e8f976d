// Play: the game against the engine. The server keeps the game and
// judges every move; this module shows its state (the automation hooks
// on [data-testid=board] first of all) and sends the person's actions.
//
// The hooks (data-position, data-state, enabled pits…) are set as soon as
// a state arrives; the sowing animation only redraws the seeds
// afterwards, so tools never wait for it.

import { $, el, SOUTH, NORTH, server, stored, sideName } from "./util.js";
import { createBoard } from "./board.js";
import { sound } from "./sound.js";

const MAX_LOG = 60;

export function initPlay({ onSaved, showAnalysis }) {
  const root = $("[data-testid=board]");
  const board = createBoard(root, {
    pitAttr: "data-pit",
    slotAttr: "data-slot",
    capturedHook: "captured",
    sound,
    onPit: play,
    onExplain: explain,
  });
  let state = null;
  let flipped = false;
  let gameId = null;
  const log = [];
  const animate = $("[data-testid=animate]");
  animate.checked = stored.get("animate", "true") === "true";
  animate.addEventListener("change", () => {
    stored.set("animate", animate.checked);
    if (!animate.checked) board.finish();
  });

  for (let level = 1; level <= 10; level++) {
    const name = level === 1 ? "1 (weakest)" : level === 10 ? "10 (full strength)" : String(level);
    $("[data-testid=level]").append(el("option", { value: String(level) }, name));
  }

  function say(text) {
    $("[data-testid=message]").textContent = text;
  }

  function engineName() {
    return state ? state.engines[state.engine] : "the engine";
  }

  /** The side shown at the bottom: the person's, unless flipped. */
  function layout() {
    const human = state ? state.human : "south";
    const other = human === "south" ? "north" : "south";
    board.layout(flipped ? other : human);
  }

  function render(s) {
    const previous = state;
    const newGame = s.game_id !== gameId;
    const sideChanged = !state || state.human !== s.human;
    state = s;
    if (newGame) {
      gameId = s.game_id;
      log.length = 0;
      $("[data-testid=engine-log]").textContent = "";
      say("");
      setForm(s);
    }
    if (sideChanged || newGame) {
      if (newGame) flipped = false;
      layout();
    }
    // The hooks first, exact at once.
    root.dataset.game = String(s.game_id);
    root.dataset.variant = s.variant;
    root.dataset.human = s.human;
    root.dataset.start = s.start;
    root.dataset.position = s.position;
    root.dataset.state = s.state;
    root.dataset.ply = String(s.moves.length);
    root.dataset.moves = s.moves.join(" ");
    root.dataset.engine = s.engine_status;
    root.dataset.toMove = s.to_move;

    // One move more in the same game: sow it, seed by seed.
    const sow =
      animate.checked &&
      previous &&
      previous.game_id === s.game_id &&
      s.moves.length === previous.moves.length + 1 &&
      s.sowing &&
      s.sowing.before === previous.position;
    if (sow) board.animate(s.sowing, s.pits);
    else {
      board.finish();
      board.draw(s.pits);
    }
    const hint = s.hint && s.hint.state === "ready" ? s.hint.pit : null;
    board.mark({ counts: s.pits, legal: s.legal, last: s.last, hint });
    // What the last move did, in words (sowing.rs writes it).
    const effect = $("[data-testid=move-effect]");
    const who = s.sowing ? (s.to_move === s.human ? engineName() : "You") : "";
    effect.textContent = s.sowing && s.moves.length ? `${who} played ${s.sowing.summary}` : "";
    const names = {};
    for (const side of ["south", "north"]) {
      names[side] = side === s.human ? "You" : `${engineName()} (level ${s.level})`;
    }
    board.players(names, s.captured, s.state === "over" ? null : s.to_move);

    const status = $("[data-testid=status]");
    if (s.state === "over") {
      status.textContent = "Game over";
    } else if (s.state === "your-move") {
      status.textContent = `Your move (${sideName(s.human)})`;
    } else if (s.engine_status === "failed") {
      status.textContent = `Waiting for the engine “${engineName()}”: restart it below`;
    } else {
      status.textContent = `${engineName()} is thinking…`;
    }
    if (s.last) status.textContent += ` · last move ${s.last}`;

    renderResult(s);
    renderMoves(s);
    renderHint(s);
    renderEngine(s);
    $("[data-testid=take-back]").disabled = !s.moves.some((m) =>
      s.human === "south" ? SOUTH.includes(m) : NORTH.includes(m),
    );
  }

  function renderResult(s) {
    const result = $("[data-testid=result]");
    if (!s.result) {
      result.replaceChildren();
      result.dataset.result = "";
      result.hidden = true;
      return;
    }
    const r = s.result;
    const winner = r.winner
      ? `${r.winner === s.human ? "You win" : `${engineName()} wins`} (${sideName(r.winner)})`
      : "Draw";
    result.replaceChildren(
      el("strong", { class: "score" }, r.score),
      document.createTextNode(
        ` ${winner}: ${r.reason}. Final score South ${r.scores[0]} – North ${r.scores[1]}.`,
      ),
    );
    result.dataset.result = r.score;
    result.hidden = false;
  }

  function renderMoves(s) {
    const moves = $("[data-testid=moves]");
    const items = [];
    // A game played on from a position with North to move starts "1...".
    const offset = s.start.split(" ")[1] === "n" ? 1 : 0;
    for (let i = -offset; i < s.moves.length; i += 2) {
      const li = el("li", { value: String((i + offset) / 2 + 1) });
      for (const j of [i, i + 1]) {
        if (j >= s.moves.length) break;
        const span = el("span", { class: "move" }, j < 0 ? "…" : s.moves[j]);
        if (j === s.moves.length - 1) span.classList.add("last");
        li.append(span);
      }
      items.push(li);
    }
    moves.replaceChildren(...items);
    moves.scrollTop = moves.scrollHeight;
  }

  function renderHint(s) {
    const text = $("[data-testid=hint-text]");
    const h = s.hint;
    text.dataset.move = h && h.pit ? h.pit : "";
    text.dataset.score = h && h.score ? h.score.text : "";
    text.dataset.state = h ? h.state : "";
    if (!h) {
      text.hidden = true;
      text.textContent = "";
    } else if (h.state === "thinking") {
      text.hidden = false;
      text.textContent = "Looking for a hint…";
    } else if (h.state === "ready") {
      text.hidden = false;
      const score = h.score ? `, score ${h.score.text} for you` : "";
      const depth = h.depth ? ` at depth ${h.depth}` : "";
      text.textContent = `Hint: play ${h.pit}${score}${depth}. Expected line: ${h.pv.join(" ")}`;
    } else {
      text.hidden = false;
      text.textContent = "The engine found no move to suggest.";
    }
    $("[data-testid=hint]").disabled =
      s.state !== "your-move" || s.engine_status === "failed" || (h && h.state === "thinking");
  }

  function renderEngine(s) {
    const failed = s.engine_status === "failed";
    const engineStatus = $("[data-testid=engine-status]");
    engineStatus.dataset.status = s.engine_status;
    if (failed) {
      engineStatus.textContent = `${s.engine_message} The game is kept: restart the engine to go on.`;
    } else if (s.engine_status === "thinking") {
      engineStatus.textContent =
        s.hint && s.hint.state === "thinking"
          ? `${engineName()} is looking for a hint…`
          : `${engineName()} is thinking…`;
    } else {
      engineStatus.textContent = `${engineName()} is ready.`;
    }
    $("[data-testid=restart-engine]").hidden = !failed;
  }

  /** The form shows the current game's settings when a game starts. */
  function setForm(s) {
    $("[data-testid=variant]").value = s.variant;
    $("[data-testid=side]").value = s.human;
    $("[data-testid=level]").value = String(s.level);
    const engines = $("[data-testid=engine]");
    engines.replaceChildren(...s.engines.map((name, i) => el("option", { value: String(i) }, name)));
    engines.value = String(s.engine);
    $(".engine-choice").hidden = s.engines.length < 2;
  }

  function onEngineLine(message) {
    log.push(message.line);
    if (log.length > MAX_LOG) log.shift();
    $("[data-testid=engine-log]").textContent = log.join("\n");
    const info = message.info;
    if (info && state && state.engine_status === "thinking" && info.pv.length) {
      const parts = [];
      if (info.forced) parts.push("forced");
      else if (info.depth !== undefined) parts.push(`depth ${info.depth}`);
      // The engine's own score: say whose it is.
      if (info.score !== undefined) parts.push(`score ${info.score} for ${engineName()}`);
      parts.push(`line ${info.pv.join(" ")}`);
      const what = state.hint && state.hint.state === "thinking" ? "looking for a hint" : "thinking";
      $("[data-testid=engine-status]").textContent = `${engineName()} is ${what}: ${parts.join(", ")}`;
    }
  }

  function send(message) {
    if (!server.send(message)) say("Not connected to the server.");
  }

  function explain(letter) {
    if (!state) return;
    const why = state.why[letter];
    if (why) {
      say(`Pit ${letter}: ${why}.`);
    } else if (!state.legal.includes(letter)) {
      say(`Pit ${letter} is not yours.`);
    }
  }

  function play(letter) {
    if (!state || !state.legal.includes(letter)) return explain(letter);
    say("");
    // The board it was chosen on: the room refuses a move for a board that
    // changed before it arrived (a double click, keys typed fast), rather
    // than play it on a position the person has not seen.
    send({ type: "move", pit: letter, ply: state.moves.length, game: state.game_id });
  }

  $("[data-testid=new-game-form]").addEventListener("submit", (event) => {
    event.preventDefault();
    say("");
    send({
      type: "new-game",
      variant: $("[data-testid=variant]").value,
      side: $("[data-testid=side]").value,
      level: Number($("[data-testid=level]").value),
      engine: Number($("[data-testid=engine]").value || 0),
    });
  });
  $("[data-testid=take-back]").addEventListener("click", () => {
    say("");
    send({ type: "take-back" });
  });
  $("[data-testid=hint]").addEventListener("click", () => {
    say("");
    send({ type: "hint" });
  });
  $("[data-testid=flip]").addEventListener("click", () => {
    flipped = !flipped;
    layout();
  });
  $("[data-testid=restart-engine]").addEventListener("click", () => {
    send({ type: "restart-engine" });
  });
  $("[data-testid=save-play]").addEventListener("click", () => {
    onSaved("play");
    send({ type: "save", game: "play" });
  });
  $("[data-testid=analyse-play]").addEventListener("click", () => {
    send({ type: "analyse-game" });
    showAnalysis();
  });
  $("[data-testid=review-play]").addEventListener("click", () => {
    const [kind, amount] = $("[data-testid=review-limit]").value.split(":");
    send({ type: "review", game: "play", [kind]: Number(amount) });
    showAnalysis();
  });

  /** Keys A–G / 1–7 play the person's pit, whichever side they play. */
  function onKey(event) {
    if (!state) return false;
    const key = event.key.toLowerCase();
    let index = "abcdefg".indexOf(key);
    if (index < 0 || key.length !== 1) index = "1234567".indexOf(key);
    if (index < 0 || key.length !== 1) return false;
    play((state.human === "south" ? SOUTH : NORTH)[index]);
    return true;
  }

  layout();
  return {
    render,
    onEngineLine,
    onKey,
    say,
    onIllegal: (m) => say(`Pit ${m.pit}: ${m.why}.`),
  };
}
