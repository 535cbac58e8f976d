// The songo GUI page. The server keeps the game and judges every move;
// this script shows its state and sends the person's actions over a
// WebSocket. No build step, no library, nothing fetched from elsewhere.
"use strict";

(() => {
  const $ = (selector) => document.querySelector(selector);
  const SOUTH = "ABCDEFG";
  const NORTH = "abcdefg";
  const MAX_LOG = 60;
  /** Seeds drawn in a pit; more are shown by the count alone. */
  const MAX_DRAWN = 24;

  const board = $("[data-testid=board]");
  const pits = {};
  let state = null;
  let socket = null;
  let flipped = false;
  let gameId = null;
  let retry = 0;
  const log = [];

  function el(tag, attrs = {}, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The fourteen pits, built once and moved between the rows.
  for (const letter of SOUTH + NORTH) {
    const wrap = el("div", { class: "pit", "data-slot": letter });
    const button = el("button", { type: "button", "data-pit": letter, disabled: "" });
    const seeds = el("span", { class: "seeds", "aria-hidden": "true" });
    const count = el("span", { class: "count" }, "0");
    const label = el("span", { class: "letter" }, letter);
    button.append(seeds, count);
    wrap.append(button, label);
    button.addEventListener("click", () => play(letter));
    // A disabled button lets the click through to its pit: say why.
    wrap.addEventListener("click", (event) => {
      if (event.target.closest("button") !== button || button.disabled) explain(letter);
    });
    pits[letter] = { wrap, button, seeds, count, shown: -1 };
  }
  const players = {
    south: el("div", { class: "who", "data-side": "south" }),
    north: el("div", { class: "who", "data-side": "north" }),
  };
  for (const side of ["south", "north"]) {
    const p = players[side];
    p.append(
      el("span", { class: "name" }),
      el("span", { class: "captured" }, "captured "),
    );
    p.querySelector(".captured").append(el("b", { "data-testid": `captured-${side}` }, "0"));
  }

  for (let level = 1; level <= 10; level++) {
    const name = level === 1 ? "1 (weakest)" : level === 10 ? "10 (full strength)" : String(level);
    $("[data-testid=level]").append(el("option", { value: String(level) }, name));
  }

  /** The side shown at the bottom: the person's, unless flipped. */
  function bottomSide() {
    const human = state ? state.human : "south";
    const other = human === "south" ? "north" : "south";
    return flipped ? other : human;
  }

  function layout() {
    const bottom = bottomSide();
    // Sowing runs counter-clockwise: A..G left to right below, a..g right
    // to left above (and the other way round with North below).
    const [below, above] = bottom === "south" ? [SOUTH, NORTH] : [NORTH, SOUTH];
    const rowBottom = $("#row-bottom");
    const rowTop = $("#row-top");
    rowBottom.replaceChildren(...[...below].map((l) => pits[l].wrap));
    rowTop.replaceChildren(...[...above].reverse().map((l) => pits[l].wrap));
    rowBottom.dataset.side = bottom;
    rowTop.dataset.side = bottom === "south" ? "north" : "south";
    $("#player-bottom").replaceChildren(players[bottom]);
    $("#player-top").replaceChildren(players[rowTop.dataset.side]);
  }

  function drawSeeds(pit, n) {
    if (pit.shown === n) return;
    pit.shown = n;
    const dots = [];
    for (let i = 0; i < Math.min(n, MAX_DRAWN); i++) dots.push(el("i"));
    pit.seeds.replaceChildren(...dots);
    pit.seeds.dataset.size = n <= 6 ? "l" : n <= 12 ? "m" : "s";
    pit.count.textContent = String(n);
  }

  function say(text) {
    $("[data-testid=message]").textContent = text;
  }

  function engineName() {
    return state ? state.engines[state.engine] : "the engine";
  }

  function render(s) {
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
    board.dataset.game = String(s.game_id);
    board.dataset.variant = s.variant;
    board.dataset.human = s.human;
    board.dataset.position = s.position;
    board.dataset.state = s.state;
    board.dataset.ply = String(s.moves.length);
    board.dataset.moves = s.moves.join(" ");
    board.dataset.engine = s.engine_status;
    board.dataset.toMove = s.to_move;

    const letters = SOUTH + NORTH;
    for (let i = 0; i < 14; i++) {
      const letter = letters[i];
      const pit = pits[letter];
      drawSeeds(pit, s.pits[i]);
      const legal = s.legal.includes(letter);
      pit.button.disabled = !legal;
      pit.wrap.classList.toggle("legal", legal);
      pit.wrap.classList.toggle("last", s.last === letter);
      pit.button.setAttribute(
        "aria-label",
        `pit ${letter}, ${s.pits[i]} seed${s.pits[i] === 1 ? "" : "s"}${legal ? ", playable" : ""}`,
      );
    }
    for (const side of ["south", "north"]) {
      const who = side === s.human ? "You" : `${engineName()} (level ${s.level})`;
      const p = players[side];
      p.querySelector(".name").textContent = `${side === "south" ? "South" : "North"} · ${who}`;
      p.querySelector("b").textContent = String(s.captured[side === "south" ? 0 : 1]);
      p.classList.toggle("to-move", s.state !== "over" && s.to_move === side);
    }

    const status = $("[data-testid=status]");
    if (s.state === "over") {
      status.textContent = "Game over";
    } else if (s.state === "your-move") {
      status.textContent = `Your move (${s.human === "south" ? "South" : "North"})`;
    } else if (s.engine_status === "failed") {
      status.textContent = `Waiting for the engine “${engineName()}”: restart it below`;
    } else {
      status.textContent = `${engineName()} is thinking…`;
    }
    if (s.last) status.textContent += ` · last move ${s.last}`;

    const result = $("[data-testid=result]");
    if (s.result) {
      const r = s.result;
      const winner = r.winner
        ? `${r.winner === s.human ? "You win" : `${engineName()} wins`} (${r.winner === "south" ? "South" : "North"})`
        : "Draw";
      result.replaceChildren(
        el("strong", { class: "score" }, r.score),
        document.createTextNode(
          ` ${winner}: ${r.reason}. Final score South ${r.scores[0]} – North ${r.scores[1]}.`,
        ),
      );
      result.dataset.result = r.score;
      result.hidden = false;
    } else {
      result.replaceChildren();
      result.dataset.result = "";
      result.hidden = true;
    }

    const moves = $("[data-testid=moves]");
    const items = [];
    for (let i = 0; i < s.moves.length; i += 2) {
      const li = el("li", { value: String(i / 2 + 1) });
      for (const j of [i, i + 1]) {
        if (j >= s.moves.length) break;
        const span = el("span", { class: "move" }, s.moves[j]);
        if (j === s.moves.length - 1) span.classList.add("last");
        li.append(span);
      }
      items.push(li);
    }
    moves.replaceChildren(...items);
    moves.scrollTop = moves.scrollHeight;

    const failed = s.engine_status === "failed";
    const engineStatus = $("[data-testid=engine-status]");
    engineStatus.dataset.status = s.engine_status;
    if (failed) {
      engineStatus.textContent = `${s.engine_message} The game is kept: restart the engine to go on.`;
    } else if (s.engine_status === "thinking") {
      engineStatus.textContent = `${engineName()} is thinking…`;
    } else {
      engineStatus.textContent = `${engineName()} is ready.`;
    }
    $("[data-testid=restart-engine]").hidden = !failed;
    $("[data-testid=take-back]").disabled = !s.moves.some((m) =>
      s.human === "south" ? SOUTH.includes(m) : NORTH.includes(m),
    );
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
      if (info.depth !== undefined) parts.push(`depth ${info.depth}`);
      if (info.score !== undefined) parts.push(`score ${info.score}`);
      parts.push(`line ${info.pv.join(" ")}`);
      $("[data-testid=engine-status]").textContent = `${engineName()} is thinking: ${parts.join(", ")}`;
    }
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      say("Not connected to the server.");
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
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
    send({ type: "move", pit: letter });
  }

  function connect() {
    const connection = $("[data-testid=connection]");
    socket = new WebSocket(`ws://${location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      connection.textContent = "connected";
      connection.dataset.connected = "true";
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state") render(message);
      else if (message.type === "engine-line") onEngineLine(message);
      else if (message.type === "illegal") say(`Pit ${message.pit}: ${message.why}.`);
      else if (message.type === "error") say(message.message);
    });
    socket.addEventListener("close", () => {
      connection.textContent = "disconnected: reconnecting…";
      connection.dataset.connected = "false";
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 500 * retry);
    });
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
  $("[data-testid=flip]").addEventListener("click", () => {
    flipped = !flipped;
    layout();
  });
  $("[data-testid=restart-engine]").addEventListener("click", () => {
    send({ type: "restart-engine" });
  });
  document.addEventListener("keydown", (event) => {
    if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("select, input, textarea")) return;
    const key = event.key.toLowerCase();
    let index = "abcdefg".indexOf(key);
    if (index < 0 || key.length !== 1) index = "1234567".indexOf(key);
    if (index < 0 || key.length !== 1) return;
    event.preventDefault();
    play((state.human === "south" ? SOUTH : NORTH)[index]);
  });

  layout();
  connect();
})();
