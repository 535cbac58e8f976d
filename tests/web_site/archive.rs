//! The finished games' archive of the static site (issue 43, docs/web.md):
//! each finished game is written once to IndexedDB under its id, so that
//! no later write of `localStorage["songo.room"]` (another tab's) can erase
//! it; the games that today's saved state holds move there once; and a
//! browser without IndexedDB keeps them in localStorage as before.

use serde_json::{json, Value};
use songo_core::record::parse_records;

use songo_core::Variant;

use super::page_support::{
    click_pit, delete_game, deleted_shown, finish_in_one_move, listed_ids, new_game, undo_delete,
    wait_games_listed, Rng,
};
use super::webdriver::Browser;
use super::{assert_no_page_errors, stored, wait_for_value, wait_started, Web};

/// The saved state of a page from before the archive: a finished game in
/// play, and two finished games (the same one twice) in `games`, without
/// ids.
const TODAY: &str = include_str!("../data/gui-room-before-archive.json");

/// Waits until the page's room has started (whatever its game's state).
pub(super) fn wait_connected(b: &Browser) {
    wait_for_value(
        b,
        "the page's room",
        "const c = document.querySelector('[data-testid=connection]');
         return c.dataset.connected === 'true' || null;",
    );
}

/// The archive as the page's origin holds it: `(id, text)` of every game
/// in IndexedDB `songo`, store `games`, by id.
pub(super) fn archived(b: &Browser) -> Vec<(String, String)> {
    b.script(
        "window.songoArchived = null;
         const open = indexedDB.open('songo', 1);
         // As web-room.js makes it, should this page be the first.
         open.onupgradeneeded = () => open.result.createObjectStore('games', { keyPath: 'id' });
         open.onerror = () => { window.songoArchived = { error: String(open.error) }; };
         open.onsuccess = () => {
           const db = open.result;
           const all = db.transaction('games').objectStore('games').getAll();
           all.onsuccess = () => { window.songoArchived = all.result; db.close(); };
           all.onerror = () => { window.songoArchived = { error: String(all.error) }; };
         };
         return null;",
    );
    let v = wait_for_value(b, "the archive read", "return window.songoArchived;");
    let games = v
        .as_array()
        .unwrap_or_else(|| panic!("the archive cannot be read: {v}"));
    games
        .iter()
        .map(|g| {
            (
                g["id"].as_str().expect("an id").to_string(),
                g["text"].as_str().expect("a record's text").to_string(),
            )
        })
        .collect()
}

/// Each archived game is one record whose `GameId` tag is its key.
fn check_archived(games: &[(String, String)]) {
    for (id, text) in games {
        let records = parse_records(text).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(records.len(), 1, "{id}: {text}");
        assert_eq!(records[0].tag("GameId"), Some(id.as_str()), "{text}");
    }
}

/// The finished games the saved state holds (`songo.room`'s `games`).
fn saved_games(b: &Browser) -> usize {
    let saved: Value =
        serde_json::from_str(stored(b, "songo.room").as_str().expect("a saved room"))
            .expect("saved as JSON");
    saved["games"].as_array().map_or(0, Vec::len)
}

/// Issue 43's two tabs (two windows of one browser: one localStorage, one
/// IndexedDB): tab B is opened, then tab A, which waits while B plays
/// (`tabs.rs`); A claims the game and finishes one; B claims it back and
/// lists that game, read from the archive, then plays a move, writing its
/// saved state: after a reload of either tab the game is listed, once.
/// Before the archive and the one playing tab, B's write erased it.
#[test]
fn a_game_finished_in_one_tab_survives_a_move_in_a_tab_opened_before() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    let tab_b = web.new_window();
    let tab_a = b.window();
    b.goto(&web.url());
    wait_connected(b);
    b.click("[data-testid=claim]");
    wait_started(b);
    finish_in_one_move(b);
    wait_games_listed(b, 1);

    // Tab B, opened before, claims the game back: A's finished game is
    // listed; B starts a game and plays a move.
    b.switch_to(&tab_b);
    b.click("[data-testid=claim]");
    wait_games_listed(b, 1);
    let s = new_game(b, Variant::Songo40, "south", 1);
    let moved = click_pit(b, &s, &mut Rng(0x7ab5));
    assert_eq!(saved_games(b), 0, "B's saved state holds no finished game");
    assert_no_page_errors(b);

    b.refresh();
    let again = wait_started(b);
    assert_eq!(again.moves, moved.moves, "B's game, resumed");
    wait_games_listed(b, 1);
    let games = archived(b);
    assert_eq!(games.len(), 1, "{games:?}");
    check_archived(&games);

    // Tab A reloaded too (it waits: B plays): the same game, once.
    b.switch_to(&tab_a);
    b.refresh();
    wait_connected(b);
    wait_games_listed(b, 1);
    assert_no_page_errors(b);
}

/// The other order: tab A is opened first, then tab B (both before the
/// game ends); A, which plays, finishes a game; B claims the game and
/// plays a move: after a reload of either tab the game is listed, once.
/// Before the archive, B's stale room erased it here too.
#[test]
fn a_game_finished_in_one_tab_survives_a_move_in_a_tab_opened_after() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    let tab_a = web.new_window();
    let tab_b = b.window();
    b.goto(&web.url());
    wait_connected(b);
    b.switch_to(&tab_a);
    finish_in_one_move(b);
    wait_games_listed(b, 1);
    b.switch_to(&tab_b);
    b.click("[data-testid=claim]");
    wait_games_listed(b, 1);
    let s = new_game(b, Variant::Songo40, "south", 1);
    let moved = click_pit(b, &s, &mut Rng(0x7ab6));
    assert_eq!(saved_games(b), 0, "B's saved state holds no finished game");

    b.refresh();
    let again = wait_started(b);
    assert_eq!(again.moves, moved.moves, "B's game, resumed");
    wait_games_listed(b, 1);
    let games = archived(b);
    assert_eq!(games.len(), 1, "{games:?}");
    check_archived(&games);
    b.switch_to(&tab_a);
    b.refresh();
    wait_connected(b);
    wait_games_listed(b, 1);
    assert_no_page_errors(b);
    b.switch_to(&tab_b);
    assert_no_page_errors(b);
}

/// Issue 43's migration: a saved state of today's format (finished games
/// inside `songo.room`, without ids) is read, its games listed, moved
/// into IndexedDB under their ids and out of the saved state; after
/// reloads they are listed exactly once each.
#[test]
fn today_s_saved_games_move_to_indexeddb_once() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    // Set before the page loads, from another page of the site.
    b.goto(&format!("{}/manifest.webmanifest", web.origin()));
    b.script(&format!(
        "localStorage.setItem('songo.room', {}); return null;",
        serde_json::to_string(TODAY.trim()).unwrap()
    ));
    b.goto(&web.url());
    wait_connected(b);
    wait_games_listed(b, 2);
    // Moved: in the archive (the same game twice: two ids), out of the
    // saved state once written.
    wait_for_value(
        b,
        "the saved state without its games",
        "const saved = JSON.parse(localStorage.getItem('songo.room'));
         return saved.format === 1 && saved.games === undefined;",
    );
    let games = archived(b);
    assert_eq!(games.len(), 2, "{games:?}");
    assert_ne!(games[0].0, games[1].0);
    check_archived(&games);

    for _ in 0..2 {
        b.refresh();
        wait_connected(b);
        wait_games_listed(b, 2);
        // The list after the archive's games joined: still two.
        std::thread::sleep(std::time::Duration::from_millis(300));
        wait_games_listed(b, 2);
        assert_eq!(archived(b), games, "nothing archived again");
        assert_eq!(saved_games(b), 0);
    }
    assert_no_page_errors(b);
}

/// Without IndexedDB (a private window may refuse it: here `indexedDB`
/// throws), nothing is lost: a finished game stays in the saved state, as
/// before the archive, and is listed after a reload; the page says that
/// it is not in the archive.
#[test]
fn without_indexeddb_finished_games_stay_in_the_saved_state() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": "Object.defineProperty(window, 'indexedDB', {
            get() { throw new DOMException('refused', 'SecurityError'); } });" }),
    );
    web.start();
    finish_in_one_move(b);
    wait_games_listed(b, 1);
    assert_eq!(saved_games(b), 1);
    // And the games panel says so (`archive-failed`).
    let said =
        b.script("return document.querySelector('[data-testid=games-message]').textContent;");
    let said = said.as_str().unwrap_or_default();
    assert!(said.contains("could not be saved"), "{said:?}");
    b.refresh();
    wait_connected(b);
    wait_games_listed(b, 1);
    std::thread::sleep(std::time::Duration::from_millis(300));
    wait_games_listed(b, 1);
    assert_eq!(saved_games(b), 1);
    assert_no_page_errors(b);
}

/// A game deleted from the list leaves IndexedDB; the undo puts it back,
/// and survives a reload (issue 43).
#[test]
fn a_deleted_game_leaves_the_archive_and_its_undo_survives_a_reload() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    finish_in_one_move(b);
    finish_in_one_move(b);
    wait_games_listed(b, 2);
    let ids = listed_ids(b);
    let (newer, older) = (ids[0].clone(), ids[1].clone());
    let archived_ids = |b: &Browser| -> Vec<String> {
        let mut ids: Vec<String> = archived(b).into_iter().map(|(id, _)| id).collect();
        ids.sort();
        ids
    };
    let wait_archived = |b: &Browser, want: &[&String]| {
        let want: Vec<String> = want.iter().map(|s| (*s).clone()).collect();
        let deadline = std::time::Instant::now() + super::page_support::PATIENCE;
        while archived_ids(b) != want {
            assert!(
                std::time::Instant::now() < deadline,
                "archive: {:?}",
                archived_ids(b)
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };
    wait_archived(b, &[&older, &newer]);

    b.click("[data-testid=tab-play]");
    delete_game(b, &older, 1);
    wait_archived(b, &[&newer]);
    b.refresh();
    wait_games_listed(b, 1);
    assert_eq!(listed_ids(b), vec![newer.clone()]);
    assert_eq!(deleted_shown(b).as_deref(), Some(older.as_str()));
    b.click("[data-testid=tab-play]");
    undo_delete(b, &older, 2);
    wait_archived(b, &[&older, &newer]);
    b.refresh();
    wait_games_listed(b, 2);
    assert_eq!(deleted_shown(b), None);
    assert_no_page_errors(b);
}

/// Issue 43: a game lost on time is listed once, and archived once,
/// across three reloads. The clock is set in the saved state (a timed
/// game whose South has 300 ms left, South to move), as a page closed
/// just before its flag fell leaves it: the page loaded again finds the
/// loss on time.
#[test]
fn a_game_lost_on_time_is_listed_once_across_three_reloads() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    b.script(
        "const s = JSON.parse(localStorage.getItem('songo.room'));
         s.play.clock = { tc: { base_ms: 60000, inc_ms: 0 }, left_ms: [300, 60000] };
         localStorage.setItem('songo.room', JSON.stringify(s));
         return null;",
    );
    b.refresh();
    wait_for_value(
        b,
        "the loss on time",
        "return document.querySelector('[data-testid=result]').dataset.result === '0-1' || null;",
    );
    wait_games_listed(b, 1);
    for _ in 0..3 {
        b.refresh();
        wait_connected(b);
        wait_games_listed(b, 1);
        // Time for a second listing to come, if one would.
        std::thread::sleep(std::time::Duration::from_millis(500));
        wait_games_listed(b, 1);
    }
    let games = archived(b);
    assert_eq!(games.len(), 1, "{games:?}");
    check_archived(&games);
    assert!(games[0].1.contains("time forfeit"), "{}", games[0].1);
    assert_no_page_errors(b);
}
