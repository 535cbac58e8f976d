//! One playing tab per browser (issue 43, docs/web.md): the static site's
//! tabs share one localStorage and one IndexedDB, so one tab plays (it
//! holds the Web Lock `songo-play`) and the others show `songo gui`'s
//! notice `[data-testid=elsewhere]`, write nothing and run no engine; "play
//! here instead" makes a tab the playing one, with the game as the other
//! tab left it: handed over by that tab (a BroadcastChannel), or read from
//! localStorage when it does not answer in time. When the playing tab
//! closes, one waiting tab takes over by itself.

use std::time::{Duration, Instant};

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

/// Opens the page in a new window (a tab of the same browser) while
/// another tab plays: it shows the notice. Its handle.
fn open_waiting_tab(web: &Web) -> String {
    let b = &web.b;
    web.new_window();
    b.goto(&web.url());
    wait_connected(b);
    wait_paused(b, true);
    b.window()
}

/// The one tab of `tabs` that plays (the others show the notice), once
/// one does; panics if none does within a few seconds.
fn the_playing_tab(b: &Browser, tabs: &[&str]) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let playing: Vec<&str> = tabs
            .iter()
            .copied()
            .filter(|tab| {
                b.switch_to(tab);
                !paused(b)
            })
            .collect();
        assert!(playing.len() <= 1, "two tabs play: {playing:?}");
        if let [tab] = playing[..] {
            return tab.to_string();
        }
        assert!(
            Instant::now() < deadline,
            "no waiting tab took over by itself"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// When the playing tab closes, one waiting tab plays by itself (it was
/// queued for the lock), with the game as the closed tab left it, and
/// one only: the other still waits, and takes over in its turn.
#[test]
fn a_waiting_tab_takes_over_when_the_playing_tab_closes() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    wait_paused(b, false);
    let tab_a = b.window();
    let tab_b = open_waiting_tab(&web);
    let tab_c = open_waiting_tab(&web);

    // A plays a move (and the engine answers), then is closed.
    b.switch_to(&tab_a);
    let s = wait_until(b, "tab A's game", |s| s.state == "your-move");
    let played = click_pit(b, &s, &mut Rng(0xc105e));
    assert_eq!(played.state, "your-move", "{played:?}");
    b.close_window();

    // One of B and C plays A's game, with nobody's click.
    let first = the_playing_tab(b, &[&tab_b, &tab_c]);
    let second = if first == tab_b { &tab_c } else { &tab_b };
    b.switch_to(&first);
    let s = wait_until(b, "A's game in the tab that took over", |s| {
        s.moves == played.moves && s.position == played.position && s.state == "your-move"
    });
    // The other waits still, a while after.
    std::thread::sleep(Duration::from_millis(500));
    b.switch_to(second);
    assert!(paused(b), "only one tab takes over");
    b.switch_to(&first);
    assert!(!paused(b));
    let on = click_pit(b, &s, &mut Rng(0x7a4e));
    assert!(on.ply > s.ply, "{on:?}");
    assert_no_page_errors(b);

    // That one closed, the last tab takes over, with its move.
    b.close_window();
    assert_eq!(the_playing_tab(b, &[second]), *second);
    wait_until(b, "the game in the last tab", |s| {
        s.moves == on.moves && s.position == on.position
    });
    assert_no_page_errors(b);
}

/// Makes the page's localStorage writes fail from now on, as a full quota
/// does.
const REFUSE_WRITES: &str = "Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    return null;";

/// A claim is a handover: the tab that played stops and hands its room's
/// state over, so a move it could not write to localStorage (its writes
/// fail: the page says `state-not-kept`) is in the claiming tab's game.
#[test]
fn a_claim_gets_the_game_handed_over_by_the_tab_that_played() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    wait_paused(b, false);
    let tab_a = b.window();
    let tab_b = open_waiting_tab(&web);

    // A's writes fail; it plays a move (and the engine answers), which
    // localStorage never sees.
    b.switch_to(&tab_a);
    let s = wait_until(b, "tab A's game", |s| s.state == "your-move");
    let before = stored(b, "songo.room");
    b.script(REFUSE_WRITES);
    let played = click_pit(b, &s, &mut Rng(0x4a4d));
    assert_eq!(played.state, "your-move", "{played:?}");
    wait_for_value(
        b,
        "the games panel's message",
        "return document.querySelector('[data-testid=games-message]').textContent || null;",
    );
    assert_eq!(stored(b, "songo.room"), before, "A's move is not stored");

    // B claims the game: A's move is in it, and now in localStorage.
    b.switch_to(&tab_b);
    b.click("[data-testid=claim]");
    wait_paused(b, false);
    let s = wait_until(b, "A's game in tab B", |s| {
        s.moves == played.moves && s.position == played.position && s.state == "your-move"
    });
    assert_ne!(
        stored(b, "songo.room"),
        before,
        "B writes the state handed over"
    );
    let on = click_pit(b, &s, &mut Rng(0xb0b));
    assert!(on.ply > s.ply, "{on:?}");
    assert_no_page_errors(b);

    // A shows the notice, plays nothing, writes nothing.
    b.switch_to(&tab_a);
    wait_paused(b, true);
    assert_not_playable(b);
    assert_no_page_errors(b);
}

/// web-room.js's `HANDOVER_MS`: how long a claiming tab waits for the
/// other tab's state.
const HANDOVER: Duration = Duration::from_millis(1000);

/// A tab that played but does not answer the handover (frozen, or its
/// answer lost: here its BroadcastChannel sends nothing) does not block
/// the claim: after `HANDOVER`, the claiming tab plays the game that
/// localStorage holds.
#[test]
fn a_claim_without_an_answer_plays_from_the_storage_after_the_timeout() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    wait_paused(b, false);
    let tab_a = b.window();
    let tab_b = open_waiting_tab(&web);

    // A answers nothing; its move is written to localStorage.
    b.switch_to(&tab_a);
    b.script("BroadcastChannel.prototype.postMessage = function () {}; return null;");
    let s = wait_until(b, "tab A's game", |s| s.state == "your-move");
    let played = click_pit(b, &s, &mut Rng(0x51e7));
    assert_eq!(played.state, "your-move", "{played:?}");

    b.switch_to(&tab_b);
    let asked = Instant::now();
    b.click("[data-testid=claim]");
    wait_paused(b, false);
    let waited = asked.elapsed();
    assert!(waited >= HANDOVER, "B waited {waited:?} for an answer");
    wait_until(b, "A's game in tab B", |s| {
        s.moves == played.moves && s.position == played.position && s.state == "your-move"
    });
    assert_no_page_errors(b);
    b.switch_to(&tab_a);
    wait_paused(b, true);
    assert_not_playable(b);
    assert_no_page_errors(b);
}
