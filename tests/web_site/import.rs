//! Import into the static site's finished games (issue 43): the export
//! imported back adds nothing and says so; another copy of a game, without
//! its id, is recognised; a new game joins the list and the IndexedDB
//! archive, and is still listed, once, after a reload.

use super::page_support::records::{saved_record, TempDir};
use super::page_support::{finish_in_one_move, wait_for, wait_games_listed};
use super::webdriver::Browser;
use super::{assert_no_page_errors, Web};

const MESSAGE: &str = "return document.querySelector('[data-testid=games-message]').textContent";

/// Imports `text` as a file named `name` and waits for the count said.
fn import(b: &Browser, files: &TempDir, name: &str, text: &str, said: &str) {
    let path = files.file(name, text);
    b.send_keys("[data-testid=import-games]", path.to_str().unwrap());
    wait_for(b, "the import's count", MESSAGE, |v| v == said);
}

#[test]
fn imported_games_join_the_list_once_and_stay_after_a_reload() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    let files = TempDir::new("web-import");
    web.start();
    finish_in_one_move(b);
    wait_games_listed(b, 1);
    b.click("[data-testid=export-games]");
    let (exported, _) = saved_record(b, "");
    import(
        b,
        &files,
        "export.pgn",
        &exported,
        "0 games imported, one already in the list.",
    );
    wait_games_listed(b, 1);

    // Another tool's copy (no GameId) is the same game; with another
    // player it is a new one.
    let start = exported.find("[GameId \"").unwrap();
    let end = start + exported[start..].find('\n').unwrap() + 1;
    let copy = format!("{}{}", &exported[..start], &exported[end..]);
    let other = copy.replacen("[South \"Human\"]", "[South \"Ada\"]", 1);
    import(
        b,
        &files,
        "other.pgn",
        &format!("{copy}\n{other}"),
        "One game imported, one already in the list.",
    );
    wait_games_listed(b, 2);
    assert_no_page_errors(b);

    // Back from IndexedDB (the game in play is over: no move to wait for).
    b.refresh();
    wait_games_listed(b, 2);
    assert_no_page_errors(b);
}
