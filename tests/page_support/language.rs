//! One language on the page: every visible text and every `aria-label`,
//! `title` and `placeholder` comes from the catalogue of the language the
//! page shows (`<html lang>`), and no word of the other language's
//! catalogue is on it.
//!
//! What is not language is marked so by the page (`data-l10n-none`: move
//! letters, counts, position strings, names of engines, players and files,
//! the engine's own output), or carries its own `lang` (the language
//! switch names each language in itself; the rules document, in English
//! until the players' rules panel replaces it).

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::webdriver::Browser;

/// Every visible text of the page with where it is, and those that come
/// from no catalogue.
const TEXTS: &str = r#"
const lang = document.documentElement.lang;
const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
const exempt = (el) => {
  if (el.closest('[data-l10n-none], script, style, noscript, template')) return true;
  const tagged = el.closest('[lang]');
  return tagged !== null && tagged !== document.documentElement && tagged.lang !== lang;
};
const texts = [];
const loose = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const text = n.textContent.trim();
  const host = n.parentElement;
  if (!text || !host || !shown(host) || exempt(host)) continue;
  // An option is shown by its select, which checkVisibility does not see.
  texts.push(text);
  if (!host.closest('[data-l10n-id]')) loose.push(`${text} in ${host.outerHTML.slice(0, 160)}`);
}
for (const el of document.querySelectorAll('select')) {
  if (!shown(el) || exempt(el)) continue;
  for (const o of el.options) {
    if (exempt(o)) continue;
    texts.push(o.textContent.trim());
    if (!o.closest('[data-l10n-id]')) loose.push(`${o.textContent} in an option of ${el.outerHTML.slice(0, 100)}`);
  }
}
for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
  if (!(el instanceof SVGElement) && !shown(el)) continue;
  if (exempt(el)) continue;
  for (const name of ['aria-label', 'title']) {
    if (!el.hasAttribute(name)) continue;
    texts.push(el.getAttribute(name));
    if (!el.dataset.l10nId && !el.hasAttribute(`data-l10n-attr-${name}`)) {
      loose.push(`${name}="${el.getAttribute(name)}" on ${el.outerHTML.slice(0, 160)}`);
    }
  }
}
return { lang, texts, loose, errors: window.songoL10nErrors || [] };
"#;

/// The words of a catalogue's texts (not its ids, variables, selector
/// keys or function names), lowercased, of three letters or more.
fn words(ftl: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in ftl.lines() {
        let line = line.trim();
        // Comments, and a message's or an attribute's name alone on its
        // line (its text follows on the next ones).
        let name_only = line
            .strip_suffix(" =")
            .is_some_and(|name| !name.contains(' ') && !name.contains('{'));
        if line.starts_with('#') || name_only {
            continue;
        }
        // `id =` and `.attr =` name things; the text follows.
        let text = match line.split_once(" = ") {
            Some((name, rest)) if !name.contains(' ') => rest,
            _ => line,
        };
        let mut cleaned = String::new();
        let mut skip = false;
        for ch in text.chars() {
            match ch {
                // Selector keys `[south]` and `*[other]`.
                '[' => skip = true,
                ']' => skip = false,
                _ if skip => {}
                _ => cleaned.push(ch),
            }
        }
        for token in cleaned.split(|c: char| !c.is_alphabetic() && c != '$' && c != '_') {
            if token.starts_with('$') || token.chars().count() < 3 {
                continue;
            }
            // NUMBER, SIGNED; a function's option (useGrouping).
            if token.chars().skip(1).any(char::is_uppercase)
                || token.chars().all(char::is_uppercase)
            {
                continue;
            }
            out.insert(token.to_lowercase());
        }
    }
    out
}

fn catalogue(lang: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/songo-gui/assets/i18n")
        .join(format!("{lang}.ftl"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The words both languages write the same: names, Songo's own rule
/// names, and words French and English share. Every other word of one
/// catalogue, seen on the page in the other language, is a text left
/// untranslated (even one copied into that language's catalogue).
const SHARED: &[&str] = &[
    "songo",
    "elo",
    "interdit",
    "solo",
    "duo",
    "amateur",
    "analyse",
    "score",
    "position",
    "positions",
    "table",
    "tables",
    "verdict",
    "minutes",
    "min",
    "page",
    "message",
    "mode",
    "base",
    "final",
    "gain",
    "long",
    "abandon",
    "capture",
    "direct",
    "grenier",
    "noble",
    "possible",
    "sec",
    "fang",
    "beti",
];

/// The words of `lang`'s catalogue that the other language does not
/// write: on a page in the other language, each is a text left
/// untranslated.
pub fn own_words(lang: &str) -> BTreeSet<String> {
    let mut mine = words(&catalogue(lang));
    for w in SHARED {
        mine.remove(*w);
    }
    mine
}

/// Checks that the page shows `lang` and only `lang` now (`when` says
/// where in the test, for the failure message).
pub fn assert_one_language(b: &Browser, lang: &str, when: &str) {
    let v = b.script(TEXTS);
    assert_eq!(v["lang"], lang, "{when}: <html lang>");
    let loose: Vec<&str> = v["loose"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        loose.is_empty(),
        "{when} ({lang}): texts from no catalogue: {loose:#?}"
    );
    let errors = &v["errors"];
    assert!(
        errors.as_array().is_some_and(Vec::is_empty),
        "{when} ({lang}): the catalogue lacked texts: {errors}"
    );
    let other = if lang == "fr" { "en" } else { "fr" };
    let foreign = own_words(other);
    let mut found = Vec::new();
    for text in v["texts"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
    {
        for token in text.split(|c: char| !c.is_alphabetic()) {
            if foreign.contains(&token.to_lowercase()) {
                found.push(format!("{token} (in \"{text}\")"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{when} ({lang}): words of {other}: {found:#?}"
    );
}
