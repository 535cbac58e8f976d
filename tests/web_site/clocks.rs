//! Timed games and finished games on the static site (issue 44, "static
//! site parity"), as `songo gui`'s tests show them on the server's page
//! (tests/gui/clocks.rs, games.rs, persistence.rs): here the room and its
//! deadline run in the page. The clocks tick while a side thinks and a
//! person who lets theirs run out loses on time, with no click; a finished
//! game is listed once with its result; a reload gives a timed game back
//! its clocks, the side to move's running on, and shows a finished game
//! at its end, listed once still.

use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::Variant;

use super::archive::{archived, wait_connected};
use super::page_support::analysis::ANALYSIS;
use super::page_support::clocks::{clocks, clocks_until, ticks_down, NORTH, SOUTH};
use super::page_support::{
    click_pit, finish_in_one_move, listed, new_game, snapshot, wait_for, wait_until, Rng,
};
use super::webdriver::Browser;
use super::{assert_no_page_errors, stored, wait_for_value, wait_started, Web};

/// Sends `message` (a page message, docs/gui.md) through the page's own
/// transport, as the page sends its messages: for what the form cannot
/// ask, as `songo gui`'s tests send it over a second socket.
fn send(b: &Browser, message: &str) {
    let sent = b.script(&format!(
        "return import(new URL('transport.js', location.href).href)
           .then((t) => t.server.send({message}));"
    ));
    assert_eq!(sent, Value::Bool(true), "not sent: {message}");
}

/// Waits until the finished games are in the archive alone: written to
/// IndexedDB and out of the saved state (`songo.room`'s `games`). A page
/// loaded after that lists them from the archive only.
fn wait_archived_only(b: &Browser) {
    wait_for_value(
        b,
        "the finished games in the archive alone",
        "const saved = JSON.parse(localStorage.getItem('songo.room'));
         return saved !== null && !(saved.games && saved.games.length) || null;",
    );
}

/// The clocks of the saved state, `[south, north]` ms, as the room kept
/// them after the last move.
fn saved_clocks(b: &Browser) -> [u64; 2] {
    let saved: Value =
        serde_json::from_str(stored(b, "songo.room").as_str().expect("a saved room"))
            .expect("saved as JSON");
    let left = &saved["play"]["clock"]["left_ms"];
    let ms = |i: usize| {
        left[i]
            .as_u64()
            .unwrap_or_else(|| panic!("no clock saved: {saved}"))
    };
    [ms(SOUTH), ms(NORTH)]
}

/// The clocks tick and a flag falls, in the page's own room: a 4-second
/// clock (too short for the form, whose least is a minute: the page's
/// message, sent as the page sends it), the person North. The engine
/// moves first on its clock, which then stands; the person's runs down,
/// every reading lower than the one before, and nobody says anything:
/// the room's deadline, woken by the page's timer, ends the game, no
/// sooner than 4 s. The game is listed once, lost on time, and archived
/// with its clock; reloaded, the board still shows the loss, and opening
/// the game from the list (a page message to the restored room) lists
/// nothing more.
#[test]
fn a_timed_game_s_clocks_tick_and_the_person_loses_on_time() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    let first = web.start();
    // Untimed: no clock shown.
    let c = clocks(b);
    assert_eq!((c.hidden, c.ms), ([true, true], [None, None]), "{c:?}");

    let started = Instant::now();
    send(
        b,
        r#"{"type":"new-game","variant":"songo40","side":"north","level":1,"tc":{"base_ms":4000,"inc_ms":0}}"#,
    );
    let s = wait_until(b, "the timed game", |s| {
        s.game != first.game && s.state == "your-move"
    });
    assert_eq!((s.human.as_str(), s.ply), ("north", 1), "{s:?}");
    let c = clocks_until(b, "North's clock running", |c| c.running == [false, true]);
    assert_eq!(c.hidden, [false, false], "{c:?}");
    // The engine's move was charged to its clock.
    let south = c.ms[SOUTH].expect("South's clock");
    assert!(south < 4000, "{c:?}");
    assert!(c.ms[NORTH].is_some_and(|ms| ms <= 4000), "{c:?}");
    // The person's ticks down between the room's messages; South's
    // stands (ticks_down checks both).
    let seen = ticks_down(b, NORTH, 3);

    let over = clocks_until(b, "the loss on time", |c| !c.result.is_empty());
    assert!(
        started.elapsed() >= Duration::from_secs(4),
        "the flag fell after {:?}, readings {seen:?}",
        started.elapsed()
    );
    assert_eq!(
        (over.result.as_str(), over.state.as_str()),
        ("1-0", "over"),
        "{over:?}"
    );
    assert!(
        over.result_text.contains("North ran out of time") && over.result_text.contains("Captured"),
        "{over:?}"
    );
    assert_eq!(over.enabled, 0, "{over:?}");
    assert_eq!(
        (over.ms, over.running),
        ([Some(south), Some(0)], [false, false]),
        "{over:?}"
    );
    assert_eq!(over.text[NORTH], "0:00.0");
    let end = snapshot(b);

    // Listed once, lost on time; archived with its clock.
    let list = listed(b, 1);
    assert_eq!(list[0].1, "1-0", "{list:?}");
    assert!(
        list[0].2.contains("1-0") && list[0].2.contains("(time forfeit)"),
        "{list:?}"
    );
    wait_archived_only(b);
    let games = archived(b);
    assert_eq!(games.len(), 1, "{games:?}");
    for tag in [
        "[Termination \"time forfeit\"]",
        "[TimeControl \"4+0\"]",
        "[Result \"1-0\"]",
    ] {
        assert!(games[0].1.contains(tag), "{tag}: {}", games[0].1);
    }

    // Reloaded: the loss on time shown as it was (the shared checks do not
    // know a loss on time: compared with the board before), listed once.
    b.refresh();
    wait_connected(b);
    let again = clocks_until(b, "the loss on time, shown again", |c| !c.result.is_empty());
    assert_eq!(again, over, "the clocks and the result after the reload");
    let shown = snapshot(b);
    assert_eq!(
        (&shown.start, &shown.moves, &shown.position, &shown.state),
        (&end.start, &end.moves, &end.position, &end.state),
        "the board after the reload"
    );
    assert_eq!(listed(b, 1), list);
    // A page message to the restored room (the game opened from the list
    // on the analysis board; its answer comes with any listing it makes):
    // still one game.
    b.click("[data-testid=tab-play]");
    b.click("[data-testid=games] li button[data-action=analyse]");
    wait_for(b, "the game on the analysis board", ANALYSIS, |v| {
        v["moves"] == end.moves.as_str()
    });
    assert_eq!(listed(b, 1), list);
    assert_eq!(archived(b), games, "nothing archived again");
    assert_no_page_errors(b);
}

/// A reload of a timed game on the form's custom clock (1 minute, no
/// increment): the clocks come back as the room kept them after the last
/// move, not reset to the minute: the engine's exactly, stopped; the
/// person's, the side to move, running on from its time left (less only
/// by what the reload took) and ticking down. The form shows that clock
/// again, and the next move is charged to the restored clock.
#[test]
fn a_reload_gives_a_timed_game_back_its_clocks_running() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    b.select("[data-testid=time-control]", "custom");
    b.clear("[data-testid=tc-minutes]");
    b.send_keys("[data-testid=tc-minutes]", "1");
    b.clear("[data-testid=tc-increment]");
    b.send_keys("[data-testid=tc-increment]", "0");
    let s = new_game(b, Variant::Songo40, "south", 1);
    let c = clocks_until(b, "South's clock running", |c| c.running == [true, false]);
    assert_eq!(
        (c.hidden, c.ms[NORTH]),
        ([false, false], Some(60_000)),
        "{c:?}"
    );
    assert_eq!(c.text[NORTH], "1:00");
    // The person thinks (the clock seen ticking), then moves.
    ticks_down(b, SOUTH, 2);
    let moved = click_pit(b, &s, &mut Rng(0xc10c));
    assert_eq!(moved.state, "your-move", "{moved:?}");
    let c = clocks_until(b, "South's clock again", |c| c.running == [true, false]);
    let kept = saved_clocks(b);
    assert!(
        kept[SOUTH] < 60_000,
        "the person's time not charged: {kept:?}"
    );
    assert!(kept[NORTH] <= 60_000, "{kept:?}");
    assert_eq!(c.ms[NORTH], Some(kept[NORTH]), "{c:?} against {kept:?}");

    let reloaded = Instant::now();
    b.refresh();
    let again = wait_started(b);
    assert_eq!(
        (&again.moves, &again.position),
        (&moved.moves, &moved.position),
        "the game, resumed"
    );
    let c = clocks_until(b, "the clocks back", |c| {
        c.running == [true, false] && c.ms.iter().all(Option::is_some)
    });
    let took = reloaded.elapsed().as_millis() as u64;
    assert_eq!(c.hidden, [false, false], "{c:?}");
    assert_eq!(c.ms[NORTH], Some(kept[NORTH]), "the engine's clock: {c:?}");
    let south = c.ms[SOUTH].unwrap();
    assert!(
        south <= kept[SOUTH] && south + took + 1 >= kept[SOUTH],
        "the person's clock {south} ms, {took} ms after a reload from {} ms",
        kept[SOUTH]
    );
    // Still running for the side to move.
    ticks_down(b, SOUTH, 2);
    let form = b.script(
        "const v = (t) => document.querySelector(`[data-testid=${t}]`).value;
         return [v('time-control'), v('tc-minutes'), v('tc-increment')];",
    );
    assert_eq!(form, serde_json::json!(["custom", "1", "0"]));

    // The next move is charged to the restored clock.
    let after = click_pit(b, &again, &mut Rng(0xc10d));
    assert_eq!(after.state, "your-move", "{after:?}");
    let c = clocks_until(b, "South's clock after the move", |c| {
        c.running == [true, false]
    });
    assert!(
        c.ms[SOUTH].is_some_and(|ms| ms < south),
        "{c:?} after {south}"
    );
    assert!(
        c.ms[NORTH].is_some_and(|ms| ms <= kept[NORTH]),
        "{c:?} after {kept:?}"
    );
    assert_no_page_errors(b);
}

/// A finished game is listed once, numbered, with its result and variant;
/// once it is in the archive alone, a reload shows the board at the game's
/// end (every state checked against the rules core) and lists it once,
/// as it was.
#[test]
fn a_finished_game_is_listed_once_and_shown_at_its_end_after_a_reload() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    let end = finish_in_one_move(b);
    assert_eq!(end.result, "1-0", "{end:?}");
    let list = listed(b, 1);
    assert_eq!(
        (list[0].0.as_str(), list[0].1.as_str()),
        ("1", end.result.as_str()),
        "{list:?}"
    );
    assert!(
        list[0].2.contains("Songo 36 · Beginner") && list[0].2.contains(&end.result),
        "{list:?}"
    );
    wait_archived_only(b);

    b.refresh();
    wait_connected(b);
    let again = wait_until(b, "the finished game, shown again", |s| s.state == "over");
    assert_eq!(
        (
            &again.start,
            &again.moves,
            &again.position,
            &again.result,
            &again.result_text
        ),
        (
            &end.start,
            &end.moves,
            &end.position,
            &end.result,
            &end.result_text
        ),
        "the board after the reload"
    );
    assert!(again.enabled.is_empty(), "{again:?}");
    assert_eq!(listed(b, 1), list);
    assert_no_page_errors(b);
}
