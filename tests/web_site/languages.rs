//! The static site in French and in English (issue 38), as on `songo
//! gui` (tests/gui/languages.rs): a French browser gets the French page
//! throughout, the switch changes it at once and a reload keeps it; two
//! people play at one board, and their game comes back after a reload.

use songo_core::Variant;

use super::page_support::language::assert_one_language;
use super::page_support::{snapshot, wait_for, wait_until, Rng, MAX_PLIES};
use super::{assert_no_page_errors, screenshot_dir, wait_started, Web};

#[test]
fn the_static_site_speaks_french_to_a_french_browser_and_switches() {
    let Some(web) = Web::open_in(390, 844, "fr-FR") else {
        return;
    };
    let b = &web.b;
    b.emulate_phone(390, 844);
    b.goto(&format!("{}?no-pause", web.url()));
    wait_started(b);
    assert_one_language(b, "fr", "the static site as it opens");
    b.screenshot(&screenshot_dir().join("fr-static-site-390.png"));
    b.click(".pit[data-slot=\"a\"]");
    wait_until(b, "why a is not playable", |s| !s.message.is_empty());
    let s = snapshot(b);
    b.click("button[data-pit=\"C\"]");
    wait_until(b, "the answer", |t| {
        t.ply == s.ply + 2 && t.state == "your-move"
    });
    assert_one_language(b, "fr", "a move and its answer");
    b.click("[data-testid=analyse-play]");
    wait_for(
        b,
        "the analysis's lines",
        "return document.querySelectorAll('[data-testid=analysis-lines] li').length",
        |v| v.as_u64().is_some_and(|n| n > 0),
    );
    assert_one_language(b, "fr", "the analysis");
    b.click("[data-testid=tab-play]");
    b.select("[data-testid=language]", "en");
    assert_one_language(b, "en", "after the switch");
    b.refresh();
    wait_started(b);
    assert_one_language(b, "en", "after a reload");
    assert_no_page_errors(b);
}

#[test]
fn two_people_play_on_the_static_site_and_come_back_after_a_reload() {
    let Some(web) = Web::open_in(390, 844, "fr-FR") else {
        return;
    };
    let b = &web.b;
    b.emulate_phone(390, 844);
    b.goto(&web.url());
    wait_started(b);
    b.script(
        "const a = document.querySelector('[data-testid=animate]'); if (a.checked) a.click();",
    );
    b.select("[data-testid=variant]", Variant::Songo36Beginner.name());
    b.select("[data-testid=side]", "both");
    b.select("[data-testid=time-control]", "5+3");
    let before = snapshot(b).game;
    b.click("[data-testid=new-game]");
    let mut s = wait_until(b, "the two players' game", |s| s.game != before);
    assert_eq!(s.human, "both");
    let mut rng = Rng(0x77);
    for _ in 0..5 {
        let pit = s.enabled[rng.below(s.enabled.len())].clone();
        let ply = s.ply;
        b.click(&format!("button[data-pit=\"{pit}\"]"));
        s = wait_until(b, "the move", |t| t.ply == ply + 1);
    }
    // The default names are the page's language's.
    let board = b.script("return document.querySelector('[data-testid=board]').textContent");
    assert!(board.as_str().unwrap().contains("Sud"), "{board}");
    b.refresh();
    let back = wait_started(b);
    assert_eq!(
        (back.moves.as_str(), back.human.as_str()),
        (s.moves.as_str(), "both")
    );
    let mut s = back;
    b.script(
        "const a = document.querySelector('[data-testid=animate]'); if (a.checked) a.click();",
    );
    while s.state != "over" {
        let pit = s.enabled[rng.below(s.enabled.len())].clone();
        let ply = s.ply;
        b.click(&format!("button[data-pit=\"{pit}\"]"));
        s = wait_until(b, "the move", |t| t.ply == ply + 1);
        assert!(s.ply < MAX_PLIES);
    }
    assert_one_language(b, "fr", "a two-player game over on the static site");
    let listed = wait_for(
        b,
        "the games list",
        "return [...document.querySelectorAll('[data-testid=games] li')].map((l) => l.textContent)",
        |v| v.as_array().is_some_and(|a| a.len() == 1),
    );
    let entry = listed[0].as_str().unwrap();
    assert!(entry.contains("Sud") && entry.contains("Nord"), "{entry}");
    assert_no_page_errors(b);
}
