//! One playing tab per browser (issue 43, docs/web.md): the static site's
//! tabs share one localStorage and one IndexedDB, so one tab plays (it
//! holds the Web Lock `songo-play`) and the others show `songo gui`'s
//! notice `[data-testid=elsewhere]`, write nothing and run no engine; "play
//! here instead" makes a tab the playing one, with the game as the other
//! tab left it.

use super::page_support::{click_pit, wait_until, Rng};
use super::webdriver::Browser;
use super::{assert_no_page_errors, stored, wait_for_value, Web};

/// Whether the page shows the notice that another tab plays.
fn paused(b: &Browser) -> bool {
    b.script("return !document.querySelector('[data-testid=elsewhere]').hidden")
        == serde_json::Value::Bool(true)
}

fn wait_paused(b: &Browser, want: bool) {
    wait_for_value(
        b,
        if want {
            "the notice shown"
        } else {
            "the notice hidden"
        },
        &format!(
            "return !document.querySelector('[data-testid=elsewhere]').hidden === {want} || null;"
        ),
    );
    assert_eq!(paused(b), want);
}

/// Waits until the page's room has started (whatever its game's state).
fn wait_connected(b: &Browser) {
    wait_for_value(
        b,
        "the page's room",
        "const c = document.querySelector('[data-testid=connection]');
         return c.dataset.connected === 'true' || null;",
    );
}

/// A paused tab's pits cannot be played: the notice covers them (a
/// person's click lands on it), and a click that reaches one all the same
/// (a script's) moves nothing and writes nothing.
fn assert_not_playable(b: &Browser) {
    let covered = b.script(
        "const pit = document.querySelector('button[data-pit]');
         const r = pit.getBoundingClientRect();
         const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
         return document.querySelector('[data-testid=elsewhere]').contains(hit);",
    );
    assert_eq!(covered, true, "the notice covers the pits");
    let before = stored(b, "songo.room");
    let moves = b.script("return document.querySelector('[data-testid=board]').dataset.moves;");
    b.script(
        "const pit = [...document.querySelectorAll('button[data-pit]')].find((p) => !p.disabled);
         if (pit) pit.click();
         return null;",
    );
    std::thread::sleep(std::time::Duration::from_millis(400));
    assert_eq!(
        stored(b, "songo.room"),
        before,
        "a paused tab writes nothing"
    );
    assert_eq!(
        b.script("return document.querySelector('[data-testid=board]').dataset.moves;"),
        moves,
        "a paused tab plays no move"
    );
    assert!(paused(b));
}

#[test]
fn one_tab_plays_and_another_can_claim_the_game() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    wait_paused(b, false);
    let tab_a = web.new_window();
    let tab_b = b.window();
    // Tab B, opened while A plays: the notice, and no move.
    b.goto(&web.url());
    wait_connected(b);
    wait_paused(b, true);
    assert_not_playable(b);

    // A plays a move (and the engine answers).
    b.switch_to(&tab_a);
    wait_paused(b, false);
    let s = wait_until(b, "tab A's game", |s| s.state == "your-move");
    let played = click_pit(b, &s, &mut Rng(0x7ab5));
    assert_eq!(played.state, "your-move", "{played:?}");

    // B claims the game: it shows A's game, and plays on it.
    b.switch_to(&tab_b);
    b.click("[data-testid=claim]");
    wait_paused(b, false);
    let s = wait_until(b, "A's game in tab B", |s| {
        s.moves == played.moves && s.position == played.position && s.state == "your-move"
    });
    assert_eq!(s.position, played.position);
    let board = b.script("return document.querySelector('[data-testid=board]').dataset.position;");
    assert_eq!(board, serde_json::Value::String(played.position.clone()));
    let on = click_pit(b, &s, &mut Rng(0xb0b));
    assert!(on.ply > s.ply, "{on:?}");
    assert_no_page_errors(b);

    // A now says that another tab plays, and plays nothing.
    b.switch_to(&tab_a);
    wait_paused(b, true);
    assert_not_playable(b);
    // And claims the game back: with B's moves.
    b.click("[data-testid=claim]");
    wait_paused(b, false);
    wait_until(b, "B's game in tab A", |s| {
        s.moves == on.moves && s.position == on.position
    });
    assert_no_page_errors(b);
    b.switch_to(&tab_b);
    wait_paused(b, true);
    assert_no_page_errors(b);
}
