// The songo GUI page. The room (the local server's, or the page's own in
// the static site: transport.js) keeps the games and judges every move;
// this script connects to it, routes its messages to the page's panels
// (play/, analysis/, review/, games/, rules/, learn/, puzzles/,
// mistakes/: each its state, view
// and messages, docs/gui.md) and switches between Play, Analysis and Learn. No build step and nothing fetched from elsewhere; its one
// library, Project Fluent's (fluent/), words every text in the person's
// language (i18n.js).

import { $$, find } from "./util.js";
import { initLanguages, setLanguage, language, onLanguage, tell } from "./i18n.js";
import { connect, kind, server } from "./transport.js";
import { initPlay } from "./play/panel.js";
import { initAnalysis } from "./analysis/panel.js";
import { initReview } from "./review/panel.js";
import { initGames } from "./games/panel.js";
import { initRules, onShownMove } from "./rules/panel.js";
import { initLearn } from "./learn/panel.js";
import { initLearnParts } from "./learn/parts.js";
import { initPuzzles } from "./puzzles/panel.js";
import { initMistakes } from "./mistakes/panel.js";
import { initSound } from "./sound.js";

/** @typedef {import("./room.js").RoomMessage} RoomMessage */
/** @typedef {import("./room.js").RecordMessage} RecordMessage */
/** @typedef {"play" | "analysis" | "learn"} Mode */

/** An element of the page by its test id. @param {string} id */
const byId = (id) => find(`[data-testid=${id}]`, HTMLElement);

// Every text is the catalogue's: the languages come before anything is
// drawn.
await initLanguages();
const languageSwitch = find("[data-testid=language]", HTMLSelectElement);
languageSwitch.value = language();
languageSwitch.addEventListener("change", () => setLanguage(languageSwitch.value));
onLanguage((code) => {
  languageSwitch.value = code;
});

/** @type {Mode} */
let mode = "play";

/** A saved record arrives as a message: offered as a download at once, and
 *  as a link to click (a browser may ask before a second automatic
 *  download). The link's href is a data: URL holding the record's text,
 *  where tools can read it. */
/** @type {"play" | "analysis"} */
let savedFrom = "play";
/** @param {"play" | "analysis"} which */
function onSaved(which) {
  savedFrom = which;
}
/** @param {RecordMessage} message */
function offer(message) {
  const link = find("[data-testid=download]", HTMLAnchorElement);
  link.href = `data:application/x-songo-record;charset=utf-8,${encodeURIComponent(message.text)}`;
  link.download = message.file_name;
  link.textContent = message.file_name;
  link.dataset.from = savedFrom;
  const line = byId("saved");
  // Shown under the button that saved it.
  const place = savedFrom === "play" ? find(".saved-play", HTMLElement) : byId("record-message");
  place.after(line);
  line.hidden = false;
  link.click();
}

/** The mode a tab or an address names (Play by default).
 *  @param {string | undefined} name @returns {Mode} */
function modeOf(name) {
  return name === "analysis" || name === "learn" ? name : "play";
}

/** @param {Mode} next */
function show(next) {
  mode = next;
  document.body.dataset.mode = next;
  byId("play-mode").hidden = next !== "play";
  byId("analysis-mode").hidden = next !== "analysis";
  byId("learn-mode").hidden = next !== "learn";
  for (const tab of $$(".tabs [role=tab]")) tab.setAttribute("aria-selected", String(tab.dataset.mode === next));
  if (location.hash !== `#${next}`) history.replaceState(null, "", `#${next}`);
  analysis.show(next === "analysis");
  learn.show(next === "learn");
}

// The review's limit is the analysis panel's select, and the next game's
// settings Play's New game form: the panels that use them ask their owner.
const play = initPlay({ onSaved, showAnalysis: () => show("analysis"), reviewLimit: () => review.limit() });
const analysis = initAnalysis({ onSaved, showPlay: () => show("play"), settings: () => play.settings() });
const review = initReview({
  analysis,
  // Practise the review's mistakes: in Learn, where the exercises are.
  practise: () => {
    learn.select("mistakes");
    show("learn");
    mistakes.start();
  },
});
const games = initGames({ onSaved, showAnalysis: () => show("analysis"), reviewLimit: () => review.limit() });
initRules();
const lessons = initLearn();
const puzzles = initPuzzles();
const mistakes = initMistakes();
const learn = initLearnParts({ lessons, puzzles, mistakes });
initSound();

/** @param {RoomMessage} message */
function onMessage(message) {
  switch (message.type) {
    case "state":
      play.render(message);
      break;
    case "engine-line":
      play.onEngineLine(message);
      break;
    case "illegal":
      play.onIllegal(message);
      break;
    case "analysis":
      analysis.render(message);
      review.at(message.ply);
      break;
    case "analysis-lines":
      analysis.onLines(message);
      break;
    case "review":
      review.render(message);
      break;
    case "record":
      offer(message);
      break;
    case "games":
      games.render(message);
      break;
    case "lessons":
      lessons.render(message);
      break;
    case "puzzles":
      puzzles.render(message);
      break;
    case "mistakes":
      mistakes.render(message);
      break;
    case "shown-move":
      onShownMove(message);
      break;
    // songo gui plays one game in one tab at a time (tabs.rs).
    case "elsewhere":
      byId("elsewhere").hidden = false;
      break;
    case "here":
      byId("elsewhere").hidden = true;
      break;
    case "error":
      // A page's own bug (a message the room could not read): its details
      // for whoever debugs it.
      if (message.message.detail) console.warn(`songo: ${message.message.detail}`);
      if (message.topic === "games") games.say(message.message);
      else if (message.topic === "record") analysis.recordMessageRoom(message.message, false);
      else if (message.topic === "set-up") analysis.setUpMessage(message.message);
      else if (message.topic === "analysis" || message.topic === "review") analysis.messageRoom(message.message);
      else if (message.topic === "lessons") lessons.say(message.message);
      else if (message.topic === "puzzles") puzzles.say(message.message);
      else if (message.topic === "mistakes") mistakes.say(message.message);
      // A message refused whole (too long, not JSON) has no topic: said
      // where the person is looking.
      else if (!message.topic && mode === "analysis") analysis.messageRoom(message.message);
      else play.sayRoom(message.message);
      break;
    default:
      break;
  }
}

function onOpen() {
  const connection = byId("connection");
  const said = kind === "worker" ? "connection-ready" : "connection-connected";
  tell(connection, said);
  connection.dataset.connected = "true";
  document.body.dataset.connected = "true";
  // The server stops analysing when no page is left: ask again.
  analysis.show(mode === "analysis");
}

/** @param {string} id @param {Record<string, any>} [args] */
function onClose(id, args) {
  const connection = byId("connection");
  tell(connection, id, args);
  connection.dataset.connected = "false";
  // No pit is playable while nothing would receive the move: the rings
  // go, and the buttons say so too (issue 38, defect 9); the next state
  // offers them again.
  document.body.dataset.connected = "false";
  for (const pit of /** @type {HTMLButtonElement[]} */ ($$("button[data-pit], button[data-analysis-pit], button[data-lesson-pit], button[data-puzzle-pit], button[data-exercise-pit]"))) pit.disabled = true;
}

for (const tab of $$(".tabs [role=tab]")) {
  tab.addEventListener("click", () => show(modeOf(tab.dataset.mode)));
}
byId("claim").addEventListener("click", () => server.send({ type: "claim" }));

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // Keys typed into a field are the field's. A dropdown keeps the focus
  // after it was used, and letters A–G pick none of its options: those
  // still play a pit (digits stay the dropdown's: levels are digits).
  const target = /** @type {Element} */ (event.target);
  if (target.closest("input:not([type=checkbox]), textarea")) return;
  if (target.closest("select") && !/^[a-g]$/i.test(event.key)) return;
  const handled = mode === "play" ? play.onKey(event) : mode === "learn" ? learn.onKey(event) : analysis.onKey(event);
  if (handled) event.preventDefault();
});

show(modeOf(location.hash.slice(1)));
connect({ onMessage, onOpen, onClose });
// The static site's own parts: its service worker (offline), `?bench`.
if (kind === "worker") import("./site.js");
