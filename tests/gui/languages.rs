//! The page in French and in English (issue 38): it opens in the
//! browser's language, every panel it shows in every state reached here
//! (a refused pit, moves, a hint, a game lost on time, the take-back that
//! follows, the analysis with its lines, a bad position, the editor, a
//! review, the games list) speaks only that language, and the switch
//! changes it at once without losing the game, remembered after a reload.

use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::Variant;

use super::page_support::language::assert_one_language;
use super::page_support::{
    click_pit, new_game, review_at_depth_6, snapshot, wait_for, wait_until, Rng, PATIENCE,
};
use super::webdriver::Browser;
use super::{http, screenshot_dir, tools, Server};

/// Waits until `css`'s text is not empty, and returns it.
fn text_of(b: &Browser, what: &str, css: &str) -> String {
    let script = format!(
        "const e = document.querySelector('{css}'); return e && !e.hidden ? e.textContent : '';"
    );
    wait_for(b, what, &script, |v| {
        v.as_str().is_some_and(|t| !t.trim().is_empty())
    })
    .as_str()
    .unwrap()
    .to_string()
}

fn elsewhere_shown(b: &Browser, shown: bool) {
    let script = "return !document.querySelector('[data-testid=elsewhere]').hidden";
    wait_for(b, "the other tab's notice", script, |v| {
        v.as_bool() == Some(shown)
    });
}

/// Everything a person meets, in `lang` (`fr` or `en`), the browser asking
/// for `locale`; then the switch to the other language.
fn walk(lang: &str, locale: &str) {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start_in(&tools, 390, 844, locale);
    b.emulate_phone(390, 844);
    b.goto(&server.url());
    let s = wait_until(&b, "the first state", |s| s.state == "your-move");
    assert_eq!(s.lang, lang, "the browser's language");
    assert_one_language(&b, lang, "the page as it opens");
    b.screenshot(&screenshot_dir().join(format!("{lang}-opens-390.png")));

    // A pit of the other side, and an illegal pit: said why.
    b.click(".pit[data-slot=\"a\"]");
    text_of(&b, "why a is not playable", "[data-testid=message]");
    assert_one_language(&b, lang, "an opponent's pit clicked");

    // A game with moves, the engine's lines, a hint.
    let mut rng = Rng(7);
    let s = new_game(&b, Variant::Songo36Amateur, "south", 1);
    let s = click_pit(&b, &s, &mut rng);
    text_of(&b, "the move's effect", "[data-testid=move-effect]");
    b.click("[data-testid=hint]");
    wait_for(
        &b,
        "the hint",
        "return document.querySelector('[data-testid=hint-text]').dataset.state",
        |v| v == "ready" || v == "failed",
    );
    assert_one_language(&b, lang, "a game with a hint");
    b.script("window.scrollTo(0, 0)");
    b.screenshot(&screenshot_dir().join(format!("{lang}-in-game-390.png")));
    assert!(s.ply >= 2);

    // A game lost on time, through a second page's message (the form's
    // least clock is a minute): the notice of the other tab, then the
    // browser takes the game back and loses on time.
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(
        r#"{"type":"new-game","variant":"songo40","side":"north","level":1,"tc":{"base_ms":2000,"inc_ms":0}}"#,
    );
    elsewhere_shown(&b, true);
    assert_one_language(&b, lang, "the game open in another tab");
    b.click("[data-testid=claim]");
    elsewhere_shown(&b, false);
    let deadline = Instant::now() + PATIENCE;
    while snapshot(&b).result.is_empty() {
        assert!(Instant::now() < deadline, "no loss on time");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(ws);
    // A take-back after it: refused, and said why.
    b.click("[data-testid=take-back]");
    std::thread::sleep(Duration::from_millis(300));
    assert_one_language(&b, lang, "a game lost on time");
    b.screenshot(&screenshot_dir().join(format!("{lang}-lost-on-time-390.png")));

    // The analysis: its lines, a bad position, the editor's complaint, a
    // review of the game played.
    b.click("[data-testid=analyse-play]");
    wait_for(
        &b,
        "the analysis's lines",
        "return document.querySelectorAll('[data-testid=analysis-lines] li').length",
        |v| v.as_u64().is_some_and(|n| n > 0),
    );
    assert_one_language(&b, lang, "the analysis");
    b.clear("[data-testid=position-input]");
    b.send_keys("[data-testid=position-input]", "5,5,5/5 s 0 0 Gg");
    b.click("[data-testid=set-up]");
    text_of(&b, "the bad position", "[data-testid=set-up-message]");
    b.script("document.querySelector('[data-testid=editor]').open = true");
    b.clear("input[data-edit=\"A\"]");
    b.send_keys("input[data-edit=\"A\"]", "x");
    assert_one_language(&b, lang, "a bad position and a bad count");
    b.script("document.querySelector('[data-testid=editor]').open = false");
    // The game played, back on the board, reviewed.
    b.click("[data-testid=tab-play]");
    b.click("[data-testid=analyse-play]");
    review_at_depth_6(&b, &["done"]);
    assert_one_language(&b, lang, "a review");

    // The games list holds the game lost on time.
    b.click("[data-testid=tab-play]");
    text_of(&b, "the games list", "[data-testid=games] li");
    assert_one_language(&b, lang, "the games list");

    // The switch: the other language at once, the game as it was.
    let other = if lang == "fr" { "en" } else { "fr" };
    let before = snapshot(&b);
    b.select("[data-testid=language]", other);
    let after = snapshot(&b);
    assert_eq!((after.position, after.ply), (before.position, before.ply));
    assert_one_language(&b, other, "after the switch");
    // Remembered: a reload keeps it, whatever the browser asks.
    b.refresh();
    wait_for(
        &b,
        "the page again",
        "return document.documentElement.lang",
        |v| v == other,
    );
    // (A game lost on time, which the shared checks do not know.)
    wait_for(
        &b,
        "the game again",
        "return document.querySelector('[data-testid=board]').dataset.position",
        |v| v.as_str().is_some_and(|p| !p.is_empty()),
    );
    assert_one_language(&b, other, "after a reload");
    let chosen: Value = b.script("return document.querySelector('[data-testid=language]').value");
    assert_eq!(chosen, other);
}

#[test]
fn the_page_speaks_french_throughout_for_a_french_browser() {
    walk("fr", "fr-FR");
}

#[test]
fn the_page_speaks_english_throughout_for_an_english_browser() {
    walk("en", "en-US");
}
