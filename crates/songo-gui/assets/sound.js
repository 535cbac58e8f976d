// The sowing's sound: a soft tick for each seed dropped and a lower knock
// for a capture, made with the Web Audio API (no sound file to fetch).
// On unless the person turns it off (`[data-testid=sound]`, remembered in
// localStorage). Browsers start audio only after a gesture on the page;
// until then, and wherever audio is missing, it stays silent.

import { $, find } from "./util.js";

const KEY = "songo.sound";
/** Seconds a tick and a knock last: short, so that fast sowings stay clear. */
const TICK_S = 0.045;
const KNOCK_S = 0.12;

/** @type {AudioContext | null} */
let context = null;

function enabled() {
  const box = /** @type {HTMLInputElement | null} */ ($("[data-testid=sound]"));
  return box?.checked ?? false;
}

function audio() {
  if (context === null) {
    // Safari before 14.1 named it with its prefix.
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  return context;
}

/** @param {number} frequency @param {number} seconds @param {number} volume */
function beep(frequency, seconds, volume) {
  if (!enabled()) return;
  const ctx = audio();
  if (!ctx || ctx.state !== "running") return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  osc.frequency.value = frequency;
  const t = ctx.currentTime;
  gain.gain.setValueAtTime(volume, t);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + seconds);
}

export const sound = {
  seed() {
    beep(880, TICK_S, 0.05);
  },
  capture() {
    beep(220, KNOCK_S, 0.12);
  },
};

export function initSound() {
  const box = find("[data-testid=sound]", HTMLInputElement);
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    // No storage (a locked-down browser): the default stays.
  }
  box.checked = stored !== "off";
  box.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, box.checked ? "on" : "off");
    } catch {
      // Not remembered, still applied.
    }
  });
  // Audio may start only after a gesture: the first one on the page.
  const wake = () => {
    const ctx = audio();
    if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
  };
  document.addEventListener("pointerdown", wake, { once: true });
  document.addEventListener("keydown", wake, { once: true });
}
