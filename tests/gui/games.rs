//! The person's finished games (issue 28, games that survive): a game
//! finished at level 1 is listed with its result; a second, finished from
//! a set-up position, comes first; "Analyse" opens one on the analysis
//! board, "Review" opens and reviews the other; "Export all" downloads one
//! record file holding both; and a restart of `songo gui` with the same
//! `--data-dir` still lists them. The first game's every move is told
//! under the board as the rules core has it (feedback.rs).

use songo_core::record::parse_records;
use songo_core::Variant;

use super::feedback::{check_move_effects, MOVE_EFFECT_LOG};
use super::page_support::analysis::ANALYSIS;
use super::page_support::records::{downloaded, saved_record};
use super::page_support::{listed, play_game, wait_for, wait_until, Rng};
use super::webdriver::Browser;
use super::{tools, Server};

// Shared with the static site's tests.
pub use super::page_support::{finish_in_one_move, LAST_MOVE};

#[test]
fn finished_games_are_listed_opened_reviewed_exported_and_kept() {
    let Some(tools) = tools() else { return };
    let dir = std::env::temp_dir().join(format!("songo-gui-games-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let server = Server::start(&["--data-dir", d]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let empty = "return [document.querySelector('[data-testid=games-empty]').hidden, \
                 document.querySelector('[data-testid=export-games]').disabled]";
    assert_eq!(b.script(empty), serde_json::json!([false, true]));

    // A whole game at level 1, every move told under the board.
    b.script(MOVE_EFFECT_LOG);
    let first = play_game(
        &b,
        Variant::Songo36Beginner,
        "south",
        1,
        &mut Rng(0x6a3e5),
        |_| {},
    );
    let captures = check_move_effects(&b, &first);
    assert!(captures > 0, "a whole game without a capture told");
    let list = listed(&b, 1);
    assert_eq!(
        (list[0].0.as_str(), list[0].1.as_str()),
        ("1", first.result.as_str())
    );
    assert!(
        // The variant by its own name (docs/gui.md, "Languages").
        list[0].2.contains("Songo 36 · Beginner") && list[0].2.contains(&first.result),
        "{list:?}"
    );
    assert_eq!(b.script(empty), serde_json::json!([true, false]));

    // A second one, newest first.
    let second = finish_in_one_move(&b);
    let list = listed(&b, 2);
    assert_eq!(
        list.iter()
            .map(|(g, r, _)| (g.as_str(), r.as_str()))
            .collect::<Vec<_>>(),
        [("2", second.result.as_str()), ("1", first.result.as_str())]
    );

    // "Analyse": the second game on the analysis board, at its end.
    b.click("[data-testid=tab-play]");
    b.click("[data-testid=games] li[data-game=\"2\"] button[data-action=analyse]");
    let v = wait_for(&b, "game 2 on the analysis board", ANALYSIS, |v| {
        v["start"] == LAST_MOVE && v["moves"] == "F"
    });
    assert_eq!((v["ply"].as_u64(), v["plies"].as_u64()), (Some(1), Some(1)));
    assert!(
        v["origin"]
            .as_str()
            .unwrap()
            .starts_with("Your games, game 2 of 2"),
        "{v}"
    );
    assert_eq!(b.script("return document.body.dataset.mode"), "analysis");

    // "Review": the first game opened and reviewed, at the analysis
    // panel's review limit.
    b.select("[data-testid=review-limit]", "depth:6");
    b.click("[data-testid=tab-play]");
    b.click("[data-testid=games] li[data-game=\"1\"] button[data-action=review]");
    let status = "const s = document.querySelector('[data-testid=review-status]'); \
                  return [s.dataset.state, Number(s.dataset.total)]";
    let done = wait_for(&b, "the review of game 1", status, |v| {
        v[0] == "done" || v[0] == "failed"
    });
    assert_eq!(done, serde_json::json!(["done", first.ply + 1]));
    let v = wait_for(&b, "game 1 on the board", ANALYSIS, |v| {
        v["moves"] == first.moves.as_str()
    });
    assert_eq!(v["start"], first.start.as_str());
    assert_eq!(b.script("return document.body.dataset.mode"), "analysis");

    // "Export all": one record file with both games, as the browser
    // downloads it.
    b.click("[data-testid=tab-play]");
    b.click("[data-testid=export-games]");
    let (text, name) = saved_record(&b, "");
    assert!(
        name.starts_with("songo-games-") && name.ends_with(".pgn"),
        "{name}"
    );
    let (export_path, file) = downloaded(&b, &name);
    assert_eq!(file, text);
    let records = parse_records(&file).expect("the exported file reads back");
    assert_eq!(records.len(), 2, "{file}");
    let moves = |i: usize| {
        records[i]
            .moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(moves(0), first.moves);
    assert_eq!(records[0].result.to_string(), first.result);
    assert_eq!(records[1].start.to_string(), LAST_MOVE);
    assert_eq!(moves(1), "F");
    assert_eq!(records[1].result.to_string(), second.result);
    // The list names each game by its archive id, the export's GameId.
    let ids = b.script(
        "return [...document.querySelectorAll('[data-testid=games] li')].map((li) => li.dataset.id)",
    );
    let exported: Vec<&str> = records
        .iter()
        .rev()
        .map(|r| r.tag("GameId").unwrap())
        .collect();
    assert_eq!(ids, serde_json::json!(exported), "newest first in the list");

    // Another songo gui on the same data directory lists them still.
    drop(server);
    let again = Server::start(&["--data-dir", d]);
    b.goto(&again.url());
    wait_until(&b, "the restarted server's page", |s| {
        s.start == LAST_MOVE && s.state == "over"
    });
    let kept = listed(&b, 2);
    assert_eq!(kept, list, "the list after a restart");
    assert_eq!(b.script(empty), serde_json::json!([true, false]));

    // Issue 43: the export imported back adds nothing, and says so.
    b.send_keys("[data-testid=import-games]", export_path.to_str().unwrap());
    let said = wait_for(
        &b,
        "the import's count",
        "return document.querySelector('[data-testid=games-message]').textContent",
        |v| v.as_str().is_some_and(|t| !t.is_empty()),
    );
    assert_eq!(said, "0 games imported, 2 already in the list.");
    assert_eq!(listed(&b, 2).len(), 2);
    // Another tool's copy of the first game (no GameId) is the same game;
    // the same game with another player is a new one.
    let first_id = file.find("[GameId \"").unwrap();
    let end = first_id + file[first_id..].find('\n').unwrap() + 1;
    let other = format!("{}{}", &file[..first_id], &file[end..]).replacen(
        "[South \"Human\"]",
        "[South \"Ada\"]",
        1,
    );
    let other_path = export_path.with_file_name("other.pgn");
    std::fs::write(&other_path, other).unwrap();
    b.send_keys("[data-testid=import-games]", other_path.to_str().unwrap());
    wait_for(
        &b,
        "the second import's count",
        "return document.querySelector('[data-testid=games-message]').textContent",
        |v| v == "One game imported, one already in the list.",
    );
    assert_eq!(listed(&b, 3).len(), 3);
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 43: a game deleted from the list leaves the archive for
/// `games/deleted/`; the undo puts it back in both, and survives a
/// restart; nothing else removes a game.
#[test]
fn a_deleted_game_leaves_the_archive_and_its_undo_survives_a_restart() {
    use super::page_support::{delete_game, deleted_shown, listed_ids, undo_delete};
    let Some(tools) = tools() else { return };
    let dir = std::env::temp_dir().join(format!("songo-gui-delete-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let games = dir.join("games");
    let file = |id: &str| games.join(format!("{id}.pgn"));
    let aside = |id: &str| games.join("deleted").join(format!("{id}.pgn"));
    let server = Server::start(&["--data-dir", d]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    finish_in_one_move(&b);
    finish_in_one_move(&b);
    listed(&b, 2);
    let ids = listed_ids(&b);
    let (newer, older) = (ids[0].clone(), ids[1].clone());
    assert!(file(&older).exists() && file(&newer).exists());

    b.click("[data-testid=tab-play]");
    delete_game(&b, &older, 1);
    assert!(!file(&older).exists(), "still in the archive");
    assert!(aside(&older).exists(), "not kept aside");
    assert!(file(&newer).exists());
    b.emulate_phone(390, 844);
    b.script("document.querySelector('[data-testid=games-panel]').scrollIntoView()");
    b.screenshot(&super::screenshot_dir().join("phone-game-deleted.png"));

    // A restart: the game stays deleted, and the undo is still offered.
    drop(server);
    let again = Server::start(&["--data-dir", d]);
    b.goto(&again.url());
    listed(&b, 1);
    assert_eq!(listed_ids(&b), vec![newer.clone()]);
    assert_eq!(deleted_shown(&b).as_deref(), Some(older.as_str()));
    undo_delete(&b, &older, 2);
    assert_eq!(listed_ids(&b), vec![newer.clone(), older.clone()]);
    assert!(file(&older).exists(), "the undo did not archive it again");

    // Deleted again, and a restart: still gone, the other still there.
    delete_game(&b, &older, 1);
    drop(again);
    let third = Server::start(&["--data-dir", d]);
    b.goto(&third.url());
    listed(&b, 1);
    assert_eq!(listed_ids(&b), vec![newer]);
    drop(third);
    let _ = std::fs::remove_dir_all(&dir);
}
