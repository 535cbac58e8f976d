// The page's languages: every text a person reads comes from a catalogue
// (i18n/en.ftl, i18n/fr.ftl, in Project Fluent's format) through
// @fluent/bundle (fluent/, kept unchanged by scripts/fluent-vendor.sh).
//
// An element shows a catalogue text through its attributes, as Fluent's
// own DOM bindings do: `data-l10n-id` names the message and
// `data-l10n-args` holds its arguments as JSON. Static elements carry them
// in index.html; the page's modules set them with `tell`. So a change of
// language only walks the document again: nothing is asked of the room,
// and nothing of the game is lost.
//
// The room says things as meaning (songo-room's `Say`: `{id, ...args}`);
// `tellSay` shows one. Arguments may be lists (pits: "c and d", "c et d")
// and other `Say`s (the reason inside "pit C: …"), worded here first.
//
// Elements whose text is not language (move letters, numbers, position
// strings, names of engines, players and files, the engine's own output)
// carry `data-l10n-none`; the browser tests hold every other visible text
// to its catalogue.

import { FluentBundle, FluentResource } from "./fluent/index.js";

/** The languages, each named in itself for the switch.
 *  @type {Record<string, string>} */
export const LANGUAGES = { fr: "Français", en: "English" };
const FALLBACK = "en";
const STORE_KEY = "songo.lang";

/** What went wrong in wording a text (a missing id, a bad argument): on
 *  the console, and kept for the browser tests (`window.songoL10nErrors`). */
/** @param {string} text */
function complain(text) {
  console.error(`songo: ${text}`);
  const page = /** @type {any} */ (window);
  (page.songoL10nErrors ||= []).push(text);
}

/** @type {Record<string, FluentBundle>} */
const bundles = {};
let lang = FALLBACK;
/** @type {((code: string) => void)[]} */
const listeners = [];

/** The language the browser asks for: French for any `fr-*`, English
 *  otherwise (the first of `navigator.languages` that is one of ours). */
export function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = tag.toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return FALLBACK;
}

function storedLanguage() {
  try {
    const v = localStorage.getItem(STORE_KEY);
    return v && v in LANGUAGES ? v : null;
  } catch {
    return null;
  }
}

/** Loads both catalogues (a switch is then immediate) and applies the
 *  remembered language, else the browser's. */
export async function initLanguages() {
  await Promise.all(
    Object.keys(LANGUAGES).map(async (code) => {
      const url = new URL(`./i18n/${code}.ftl`, import.meta.url);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const bundle = new FluentBundle(code, { useIsolating: false, functions: { SIGNED: signed(code) } });
      const errors = bundle.addResource(new FluentResource(await response.text()));
      for (const e of errors) complain(`${code}.ftl: ${e}`);
      bundles[code] = bundle;
    }),
  );
  setLanguage(storedLanguage() || browserLanguage(), false);
}

export const language = () => lang;

/** Switches the page to `code` at once; remembered unless `remember` is
 *  false (the browser's own choice is not a choice to keep). */
/** @param {string} code @param {boolean} [remember] */
export function setLanguage(code, remember = true) {
  if (!(code in LANGUAGES)) return;
  lang = code;
  document.documentElement.lang = code;
  if (remember) {
    try {
      localStorage.setItem(STORE_KEY, code);
    } catch {
      // Private browsing: the choice lasts as long as the page.
    }
  }
  translateAll();
  for (const f of listeners) f(code);
}

/** `f(code)` after every change of language.
 *  @param {(code: string) => void} f */
export function onLanguage(f) {
  listeners.push(f);
}

/** `SIGNED($seeds)`: a score in seeds with its sign and two decimals, in
 *  the language's number format (`+1.50`, `+1,50`; `0.00`);
 *  `SIGNED($n, decimals: 0)` a whole number with its sign (`+5`). */
/** @param {string} code */
function signed(code) {
  /** @type {import("./fluent/index.js").FluentFunction} */
  const format = ([n], { decimals }) => {
    const digits = decimals === undefined ? 2 : Number(decimals.valueOf());
    const number = new Intl.NumberFormat(code, {
      signDisplay: "exceptZero",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return number.format(Number(n.valueOf()));
  };
  return format;
}

/** Lists as the language joins them ("c, d and e", "c, d et e"): British
 *  English, as the page's English is, has no comma before "and". */
const listLocale = (/** @type {string} */ code) => (code === "en" ? "en-GB" : code);

/** Arguments as Fluent takes them: lists joined in the language
 *  ("c, d and e"), a `Say` worded first, yes/no as `true`/`false`.
 *  @param {Record<string, any>} [args] */
function resolve(args) {
  if (!args) return undefined;
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v)) out[k] = new Intl.ListFormat(listLocale(lang), { type: "conjunction" }).format(v.map(String));
    else if (v && typeof v === "object" && "id" in v) out[k] = say(v);
    else if (typeof v === "boolean") out[k] = String(v);
    else if (v === null || v === undefined) out[k] = "";
    else out[k] = v;
  }
  return out;
}

/** @param {import("./fluent/ast.js").Pattern} pattern @param {Record<string, any>} [args] */
function format(pattern, args) {
  /** @type {Error[]} */
  const errors = [];
  const text = bundles[lang].formatPattern(pattern, resolve(args), errors);
  for (const e of errors) complain(`${lang}: ${e}`);
  return text;
}

/** The text of message `id` in the current language. A missing id shows
 *  as itself (and the catalogue test fails long before).
 *  @param {string} id
 *  @param {Record<string, any>} [args] */
export function t(id, args) {
  const message = bundles[lang]?.getMessage(id);
  if (!message || !message.value) {
    complain(`${lang}: no text for ${id}`);
    return id;
  }
  return format(message.value, args);
}

/** The room's `Say` (`{id, ...args}`) in the current language.
 *  @param {import("./room.js").Say} message */
export function say(message) {
  const { id, ...args } = message;
  return t(id, args);
}

/** Shows message `id` in `element` (its text and its attributes: `.title`,
 *  `.aria-label`, `.placeholder`), now and after every change of
 *  language. No id: the element is emptied.
 *  @param {HTMLElement} element
 *  @param {string | null} id
 *  @param {Record<string, any>} [args] */
export function tell(element, id, args) {
  if (!id) {
    delete element.dataset.l10nId;
    delete element.dataset.l10nArgs;
    element.textContent = "";
    return;
  }
  element.dataset.l10nId = id;
  if (args && Object.keys(args).length) element.dataset.l10nArgs = JSON.stringify(args);
  else delete element.dataset.l10nArgs;
  translate(element);
}

/** Shows the room's `Say` in `element` (none: emptied).
 *  @param {HTMLElement} element
 *  @param {import("./room.js").Say | null | undefined} message */
export function tellSay(element, message) {
  if (!message) return tell(element, null);
  const { id, ...args } = message;
  tell(element, id, args);
}

/** Sets one attribute (`title`, `aria-label`) of `element` from message
 *  `id`, kept in `data-l10n-attr-NAME` for the next change of language.
 *  @param {Element} element
 *  @param {string} name
 *  @param {string} id
 *  @param {Record<string, any>} [args] */
export function tellAttr(element, name, id, args) {
  element.setAttribute(`data-l10n-attr-${name}`, JSON.stringify([id, args || {}]));
  element.setAttribute(name, t(id, args));
}

/** @param {HTMLElement | SVGElement} element */
function translate(element) {
  const id = element.dataset.l10nId;
  if (id) {
    const message = bundles[lang]?.getMessage(id);
    if (!message) {
      complain(`${lang}: no text for ${id}`);
    } else {
      const args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : undefined;
      if (message.value) element.textContent = format(message.value, args);
      for (const [name, pattern] of Object.entries(message.attributes)) {
        element.setAttribute(name, format(pattern, args));
      }
    }
  }
  for (const attr of [...element.attributes]) {
    if (!attr.name.startsWith("data-l10n-attr-")) continue;
    const [attrId, attrArgs] = JSON.parse(attr.value);
    element.setAttribute(attr.name.slice("data-l10n-attr-".length), t(attrId, attrArgs));
  }
}

/** Every text of the document again, in the current language.
 *  @param {ParentNode} [root] */
export function translateAll(root = document) {
  // Only HTML and SVG elements are in the page: both have a dataset.
  const all = /** @param {string} s */ (s) => /** @type {NodeListOf<HTMLElement | SVGElement>} */ (root.querySelectorAll(s));
  for (const element of all("[data-l10n-id]")) translate(element);
  for (const element of all("*")) {
    if ([...element.attributes].some((a) => a.name.startsWith("data-l10n-attr-"))) translate(element);
  }
}
