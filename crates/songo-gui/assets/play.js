// Play: the game against the engine. The server keeps the game and
// judges every move; this module shows its state (the automation hooks
// on [data-testid=board] first of all) and sends the person's actions.
//
// The hooks (data-position, data-state, enabled pits…) are set as soon as
// a state arrives; the sowing animation only redraws the seeds
// afterwards, so tools never wait for it.
//
// The clocks: each state carries both sides' time left when the room made
// it, and which clock runs; between states the page counts the running
// one down itself. The room alone decides a loss on time.

import { $, $$, el, SOUTH, NORTH, server, stored } from "./util.js";
import { tell, tellSay, t } from "./i18n.js";
import { createBoard } from "./board.js";
import { sound } from "./sound.js";

const MAX_LOG = 60;
/** How often the running clock is redrawn: tenths show under 10 s. */
const CLOCK_TICK_MS = 100;
const TENTHS_BELOW_MS = 10_000;

/** The timing the New game form asks for, as the room's messages take
 *  it: `{tc: {base_ms, inc_ms}}` for a clock, else `{think_ms}`. Play from
 *  here (analysis.js) sends the same. */
export function timingOfForm() {
  const select = $("[data-testid=time-control]");
  const choice = select.value;
  if (choice === "none") return { think_ms: Number($("[data-testid=think-time]").value) };
  // A clock the form cannot write (one a message set) carries its own.
  const own = select.selectedOptions[0];
  if (own && own.dataset.baseMs) {
    return { tc: { base_ms: Number(own.dataset.baseMs), inc_ms: Number(own.dataset.incMs) } };
  }
  let minutes;
  let seconds;
  if (choice === "custom") {
    minutes = Number($("[data-testid=tc-minutes]").value);
    seconds = Number($("[data-testid=tc-increment]").value);
  } else {
    [minutes, seconds] = choice.split("+").map(Number);
  }
  // The room checks the range and says what is wrong.
  return { tc: { base_ms: Math.round(minutes * 60_000), inc_ms: Math.round(seconds * 1000) } };
}

/** `m:ss`, and tenths under 10 s (`0:07.3`). */
function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const s = Math.floor(tenths / 10);
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return ms < TENTHS_BELOW_MS ? `${text}.${tenths % 10}` : text;
}

export function initPlay({ onSaved, showAnalysis }) {
  const root = $("[data-testid=board]");
  const board = createBoard(root, {
    pitAttr: "data-pit",
    slotAttr: "data-slot",
    capturedHook: "captured",
    clockHook: "clock",
    sound,
    onPit: play,
    onExplain: explain,
  });
  /** The clocks as the last state gave them, and when it came. */
  let clocks = null;
  setInterval(tickClocks, CLOCK_TICK_MS);
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
    const option = el("option", { value: String(level) });
    $("[data-testid=level]").append(option);
    nameLevel(option, level);
  }

  /** A level's name, with its measured strength once the room gave it
   *  (docs/strength.md's steps, added up). */
  function nameLevel(option, level, elo) {
    const which = level === 1 ? "weakest" : level === 10 ? "strongest" : "other";
    const args = { level, which };
    if (elo !== undefined && level > 1) args.elo = elo;
    tell(option, args.elo === undefined ? "level-name" : "level-name-elo", args);
  }

  function labelLevels(levels) {
    for (const { level, elo } of levels || []) {
      const option = $(`[data-testid=level] option[value="${level}"]`);
      if (option) nameLevel(option, level, elo);
    }
  }

  const timeControl = $("[data-testid=time-control]");
  /** The custom fields with a custom clock; the think time without one. */
  function showTimingChoices() {
    const custom = timeControl.value === "custom";
    $("[data-testid=custom-tc]").hidden = !custom;
    // Hidden fields are not checked: a bad one must not block the form.
    for (const input of $$("[data-testid=custom-tc] input")) input.disabled = !custom;
    // The engine's think time is for a game against it.
    $(".think-choice").hidden = timeControl.value !== "none" || $("[data-testid=side]").value === "both";
  }
  timeControl.addEventListener("change", showTimingChoices);
  showTimingChoices();

  /** A line under the variant that says what it is, for a player. */
  const VARIANT_ABOUT = {
    songo40: "about-songo40",
    "songo36-beginner": "about-songo36-beginner",
    "songo36-amateur": "about-songo36-amateur",
  };
  const variantSelect = $("[data-testid=variant]");
  const describeVariant = () => tell($("[data-testid=variant-about]"), VARIANT_ABOUT[variantSelect.value]);
  variantSelect.addEventListener("change", describeVariant);
  describeVariant();

  /** Shows both clocks as of now: the running one counted down since
   *  the state came. */
  function tickClocks() {
    for (const side of ["south", "north"]) {
      const clock = board.clock(side);
      if (!clocks) {
        if (!clock.hidden) {
          clock.hidden = true;
          clock.dataset.ms = "";
          clock.dataset.running = "false";
        }
        continue;
      }
      const running = clocks.running === side;
      const given = clocks.left[side === "south" ? 0 : 1];
      const ms = running ? Math.max(0, given - (performance.now() - clocks.at)) : given;
      clock.hidden = false;
      clock.dataset.ms = String(Math.round(ms));
      clock.dataset.running = String(running);
      clock.classList.toggle("low", ms < TENTHS_BELOW_MS);
      clock.textContent = clockText(ms);
    }
  }

  /** Says `id` (with `args`) under the board; nothing: clears it. */
  function say(id, args) {
    tell($("[data-testid=message]"), id, args);
  }

  /** The room's `Say` under the board. */
  function sayRoom(message) {
    tellSay($("[data-testid=message]"), message);
  }

  /** The engine's name: a program's, the same in every language (none
   *  before the first state: the catalogue's word for it). */
  function engineName() {
    return state ? state.engines[state.engine] : t("the-engine");
  }

  /** Two people at one board (the state's `human` is `both`). */
  const twoPlayers = () => Boolean(state && state.human === "both");

  /** A side's player as the page names them: a person's own name
   *  between two people, else "You" or the engine at its level. */
  function playerOf(s, side) {
    if (s.human === "both") return { id: "player-named", name: s.names[side === "south" ? 0 : 1] };
    return side === s.human ? { id: "player-you" } : { id: "player-engine", engine: engineName(), level: s.level };
  }

  /** Whether the board turns to the player to move (two people passing a
   *  phone across a table; off: a board flat between them). */
  const turnBoard = $("[data-testid=turn-board]");
  turnBoard.checked = stored.get("turn-board", "false") === "true";
  turnBoard.addEventListener("change", () => {
    stored.set("turn-board", turnBoard.checked);
    layout();
  });

  /** The side shown at the bottom: the person's (between two people,
   *  South's, or the side to move's when the board turns), unless
   *  flipped. */
  function layout() {
    let bottom = state ? state.human : "south";
    if (bottom === "both") bottom = turnBoard.checked && state.state !== "over" ? state.to_move : "south";
    const other = bottom === "south" ? "north" : "south";
    board.layout(flipped ? other : bottom);
  }

  function render(s) {
    const previous = state;
    const newGame = s.game_id !== gameId;
    const sideChanged = !state || state.human !== s.human;
    state = s;
    if (newGame) {
      // A game started from the form, low on a phone: the board comes
      // into sight.
      if (gameId !== null && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: "start" });
      gameId = s.game_id;
      log.length = 0;
      $("[data-testid=engine-log]").textContent = "";
      say(null);
      setForm(s);
    }
    if (sideChanged || newGame) {
      if (newGame) flipped = false;
      layout();
    } else if (twoPlayers() && turnBoard.checked) {
      layout();
    }
    if (newGame || !previous || previous.moves.length !== s.moves.length) hideAsk();
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
    // What the last move did, in words (sowing.rs says it).
    const effect = $("[data-testid=move-effect]");
    if (s.sowing && s.moves.length) {
      const mover = s.to_move === "south" ? "north" : "south";
      if (s.human === "both") tell(effect, "player-played", { player: playerOf(s, mover), effect: s.sowing.summary });
      else tell(effect, mover === s.human ? "you-played" : "engine-played", { engine: engineName(), effect: s.sowing.summary });
    } else {
      tell(effect, null);
    }
    const names = {};
    for (const side of ["south", "north"]) names[side] = playerOf(s, side);
    board.players(names, s.captured, s.state === "over" ? null : s.to_move);

    const status = $("[data-testid=status]");
    const last = s.last || "none";
    if (s.state === "over") {
      tell(status, "status-over", { last });
    } else if (s.human === "both") {
      tell(status, "status-turn", { player: playerOf(s, s.to_move), side: s.to_move, last });
    } else if (s.state === "your-move") {
      tell(status, "status-your-move", { side: s.human, last });
    } else if (s.engine_status === "failed") {
      tell(status, "status-engine-down", { engine: engineName(), last });
    } else {
      tell(status, "status-thinking", { engine: engineName(), last });
    }

    clocks = s.clock
      ? { left: s.clock.left_ms, running: s.clock.running, at: performance.now() }
      : null;
    tickClocks();
    labelLevels(s.levels);

    renderResult(s);
    renderMoves(s);
    renderHint(s);
    renderEngine(s);
    // A move of the person's (between two people, any move) to take
    // back, in a game not lost on time or by resignation.
    const ended = s.result && (s.result.on_time || s.result.resigned);
    $("[data-testid=take-back]").disabled =
      ended ||
      !s.moves.some((m) => s.human === "both" || (s.human === "south" ? SOUTH.includes(m) : NORTH.includes(m)));
    $("[data-testid=resign]").disabled = s.state === "over";
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
    const winner = !r.winner ? "draw" : s.human === "both" ? "named" : r.winner === s.human ? "you" : "engine";
    // On time the game ended before the rules did: the seeds captured so
    // far, not a final score.
    const words = el("span", { class: "result-text" });
    tell(words, r.on_time ? "result-captured" : "result-final", {
      winner,
      side: r.winner || "",
      engine: engineName(),
      name: r.winner && s.human === "both" ? s.names[r.winner === "south" ? 0 : 1] : "",
      reason: r.reason,
      south: r.scores[0],
      north: r.scores[1],
    });
    result.replaceChildren(el("strong", { class: "score", "data-l10n-none": "" }, r.score), " ", words);
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
      tell(text, null);
    } else if (h.state === "thinking") {
      text.hidden = false;
      tell(text, "hint-thinking");
    } else if (h.state === "ready") {
      text.hidden = false;
      // The pit (ringed in blue) and what it is worth: the engine's depth
      // and line stay in the hooks (data-score) and the engine's output.
      tell(text, "hint-ready", {
        pit: h.pit,
        scored: h.score ? "yes" : "no",
        score: h.score ? h.score.say : "",
      });
    } else {
      text.hidden = false;
      tell(text, "hint-failed");
    }
    $("[data-testid=hint]").disabled =
      s.state !== "your-move" || s.engine_status === "failed" || (h && h.state === "thinking");
  }

  function renderEngine(s) {
    const failed = s.engine_status === "failed";
    const engineStatus = $("[data-testid=engine-status]");
    engineStatus.dataset.status = s.engine_status;
    if (failed) {
      tell(engineStatus, "engine-failed-kept", { why: s.engine_message });
    } else if (s.human === "both" && s.engine_status !== "thinking") {
      // Between two people the engine only gives hints.
      tell(engineStatus, "engine-hints-only", { engine: engineName() });
    } else if (s.engine_status === "thinking") {
      const hinting = s.hint && s.hint.state === "thinking";
      tell(engineStatus, hinting ? "engine-hinting" : "engine-thinking", { engine: engineName() });
    } else {
      tell(engineStatus, "engine-ready", { engine: engineName() });
    }
    $("[data-testid=restart-engine]").hidden = !failed;
  }

  /** The form shows the current game's settings when a game starts. */
  function setForm(s) {
    $("[data-testid=variant]").value = s.variant;
    describeVariant();
    $("[data-testid=side]").value = s.human;
    if (s.names) {
      $("[data-testid=name-south]").value = s.names[0];
      $("[data-testid=name-north]").value = s.names[1];
    }
    showNames();
    $("[data-testid=level]").value = String(s.level);
    if (s.clock) {
      const { base_ms: base, inc_ms: inc } = s.clock.tc;
      let option = [...timeControl.options].find((o) => o.value === s.clock.label);
      const minutes = $("[data-testid=tc-minutes]");
      const fits = base % 60_000 === 0 && inc % 1000 === 0 && base / 60_000 <= Number(minutes.max);
      if (!option && !fits) {
        // Not whole minutes and seconds (a message's own clock): offered
        // as it is, so that the next game can have it again.
        option = el("option", { value: s.clock.label, "data-base-ms": base, "data-inc-ms": inc, "data-l10n-none": "" }, s.clock.label);
        timeControl.insertBefore(option, timeControl.querySelector("option[value=custom]"));
      }
      if (option) {
        timeControl.value = option.value;
      } else {
        timeControl.value = "custom";
        minutes.value = String(base / 60_000);
        $("[data-testid=tc-increment]").value = String(inc / 1000);
      }
    } else {
      timeControl.value = "none";
      const think = $("[data-testid=think-time]");
      const value = String(s.think_ms);
      if (![...think.options].some((o) => o.value === value)) {
        const option = el("option", { value });
        think.append(option);
        tell(option, "think-option", { seconds: s.think_ms / 1000 });
      }
      think.value = value;
    }
    showTimingChoices();
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
      // The engine's own score: said as whose it is.
      tell($("[data-testid=engine-status]"), "engine-line", {
        engine: engineName(),
        hinting: state.hint && state.hint.state === "thinking" ? "yes" : "no",
        forced: info.forced ? "yes" : "no",
        depth: info.depth === undefined ? 0 : info.depth,
        bound: info.bound || "exact",
        scored: info.say ? "yes" : "no",
        score: info.say || "",
        line: info.pv.join(" "),
      });
    }
  }

  function send(message) {
    if (!server.send(message)) say("not-connected");
  }

  function explain(letter) {
    if (!state) return;
    const why = state.why[letter];
    if (why) {
      say("pit-refused", { pit: letter, why });
    } else if (!state.legal.includes(letter)) {
      // Between two people the pit is the other player's, whose turn it
      // is not: named, not "yours".
      if (twoPlayers()) say("pit-not-their-turn", { pit: letter, player: playerOf(state, state.to_move) });
      else say("pit-not-yours", { pit: letter });
    }
  }

  function play(letter) {
    if (!state || !state.legal.includes(letter)) return explain(letter);
    // A move is never played on a board the person has not seen: while
    // the last move is still being drawn, a tap or a key plays nothing
    // and shows the board at once (issue 38, defect 3: a double tap
    // played twice).
    if (root.dataset.animating === "true") return board.finish();
    say(null);
    // The board it was chosen on: the room refuses a move for a board that
    // changed before it arrived (a double click, keys typed fast), rather
    // than play it on a position the person has not seen.
    send({ type: "move", pit: letter, ply: state.moves.length, game: state.game_id });
  }

  /** The names' fields and the board's turning, for two people. */
  const sideSelect = $("[data-testid=side]");
  function showNames() {
    const two = sideSelect.value === "both";
    $("[data-testid=names]").hidden = !two;
    // The engine plays no side between two people: its settings rest.
    $(".level-choice").hidden = two;
    showTimingChoices();
  }
  sideSelect.addEventListener("change", showNames);
  showNames();

  /** The players' names as typed, else each side's name in the page's
   *  language (Sud, Nord). */
  const DEFAULT_NAMES = { south: "default-south", north: "default-north" };
  function playerNames() {
    return ["south", "north"].map((side) => $(`[data-testid=name-${side}]`).value.trim() || t(DEFAULT_NAMES[side]));
  }

  /** Starts the game the form describes. */
  function startNewGame() {
    const side = sideSelect.value;
    send({
      type: "new-game",
      variant: $("[data-testid=variant]").value,
      side,
      level: Number($("[data-testid=level]").value),
      engine: Number($("[data-testid=engine]").value || 0),
      ...(side === "both" ? { names: playerNames() } : {}),
      ...timingOfForm(),
    });
  }

  $("[data-testid=new-game-form]").addEventListener("submit", (event) => {
    event.preventDefault();
    say(null);
    // A game in progress is not abandoned without a word (issue 38,
    // defect 10).
    if (state && state.state !== "over" && state.moves.length > 0) {
      askPlayers("new-game", "new-game-question", {}, "new-game-yes", "new-game-no", startNewGame);
      return;
    }
    startNewGame();
  });

  // A question to the players beside the board: yes runs `onYes`.
  const ask = $("[data-testid=ask]");
  let onYes = null;
  function askPlayers(kind, question, args, yes, no, then) {
    ask.dataset.ask = kind;
    tell($("[data-testid=ask-question]"), question, args);
    tell($("[data-testid=ask-yes]"), yes);
    tell($("[data-testid=ask-no]"), no);
    onYes = then;
    ask.hidden = false;
    // Beside the board, which may be far above the button pressed.
    ask.scrollIntoView({ block: "nearest" });
    $("[data-testid=ask-yes]").focus();
  }
  function hideAsk() {
    ask.hidden = true;
    ask.dataset.ask = "";
    onYes = null;
  }
  $("[data-testid=ask-yes]").addEventListener("click", () => {
    const then = onYes;
    hideAsk();
    if (then) then();
  });
  $("[data-testid=ask-no]").addEventListener("click", () => {
    const kind = ask.dataset.ask;
    hideAsk();
    if (kind === "take-back") say("take-back-refused");
  });

  $("[data-testid=take-back]").addEventListener("click", () => {
    say(null);
    if (!twoPlayers()) return send({ type: "take-back" });
    // Between two people, the one who did not play the move agrees.
    const mover = state.to_move === "south" ? "north" : "south";
    askPlayers(
      "take-back",
      "take-back-question",
      { asker: playerOf(state, mover), other: playerOf(state, state.to_move) },
      "take-back-accept",
      "take-back-refuse",
      () => {
        send({ type: "take-back", agreed: true });
        say("take-back-done");
      },
    );
  });
  $("[data-testid=resign]").addEventListener("click", () => {
    say(null);
    if (!state || state.state === "over") return;
    const side = twoPlayers() ? state.to_move : state.human;
    askPlayers("resign", "resign-question", { player: playerOf(state, side) }, "resign-yes", "resign-no", () =>
      send({ type: "resign" }),
    );
  });
  $("[data-testid=hint]").addEventListener("click", () => {
    say(null);
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
    // Between two people, the keys are the side to move's.
    const side = state.human === "both" ? state.to_move : state.human;
    play((side === "south" ? SOUTH : NORTH)[index]);
    return true;
  }

  layout();
  return {
    render,
    onEngineLine,
    onKey,
    say,
    sayRoom,
    onIllegal: (m) => say("pit-refused", { pit: m.pit, why: m.why }),
  };
}
