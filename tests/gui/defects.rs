//! Defects of issue 28 found by a new user, each seen fixed in the
//! browser:
//!
//! - 1: Play from here takes the Level box, even when no game was started
//!   with it;
//! - 2 and 9: the review's list numbers the moves as the move list does
//!   (`4. G`, `4... e`), and a marked move's dot on the graph opens the same
//!   position as the list (the one before the move, its better move
//!   ringed);
//! - 5: a 100,000-character position pasted in the set-up is cut to the
//!   input's 200 and explained; one sent whole (past the input) gets the
//!   server's error, shown, and the connection stays;
//! - 7 (the review's part): during a review the analysis panel says that
//!   the engine is reviewing, not analysing;
//! - 11: the pit editor keeps its seven pits on one row, and refuses
//!   `1.5` seeds with a message, its button disabled;
//! - 12: a record opened at its last move shows that move in its list
//!   (scrolled), and while disconnected no pit is ringed green.

use songo_core::record::GameRecord;
use songo_core::{Game, Position, Variant};

use super::page_support::analysis::{open_analysis, set_up, ANALYSIS, TYPED};
use super::page_support::records::{upload, TempDir, BLUNDER};
use super::page_support::{wait_for, wait_until, Rng};
use super::webdriver::Browser;
use super::{tools, Server};

/// The seven inputs of each row of the pit editor: their tops, rounded.
const EDITOR_ROWS: &str = "return ['ABCDEFG', 'abcdefg'].map((row) => [...row].map((l) =>
    Math.round(document.querySelector(`input[data-edit=\"${l}\"]`).getBoundingClientRect().top)));";

fn one_row_each(b: &Browser, width: u32) {
    let rows = b.script(EDITOR_ROWS);
    for row in rows.as_array().unwrap() {
        let tops: Vec<i64> = serde_json::from_value(row.clone()).unwrap();
        assert!(
            tops.iter().all(|&t| t == tops[0]) && tops[0] > 0,
            "seven pits on one row at {width} px: {rows}"
        );
    }
}

/// The editor's count line and whether its button may be pressed.
const EDITOR_STATE: &str = "const t = document.querySelector('[data-testid=editor-total]');
    return [t.textContent, document.querySelector('[data-testid=editor-apply]').disabled];";

/// A songo40 game of `plies` moves (random, going on), as a record file.
fn long_record(plies: usize) -> (String, Game) {
    let v = Variant::Songo40;
    for seed in 1.. {
        let mut rng = Rng(0x10_0000 + seed);
        let mut game = Game::new(v, Position::startpos());
        while game.moves().len() < plies && !game.is_over() {
            let legal: Vec<_> = game.position().legal_moves(v).iter().collect();
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        if !game.is_over() {
            let mut record = GameRecord::from_game(&game, "Ann", "Bob", "-", None).unwrap();
            record.event = "long".into();
            return (record.to_string(), game);
        }
    }
    unreachable!()
}

/// The pits of each board ringed green as playable (the ring's colour
/// in their border or shadow): `[play, analysis]`.
const GREEN_RINGS: &str =
    "const green = (attr) => [...document.querySelectorAll(`button[${attr}]`)].filter((p) => {
    const c = getComputedStyle(p);
    return c.borderTopColor === 'rgb(127, 211, 106)' || c.boxShadow.includes('127, 211, 106');
  }).map((p) => p.getAttribute(attr));
  return [green('data-pit'), green('data-analysis-pit')];";

#[test]
fn editor_long_paste_play_from_here_level_record_scroll_and_offline_rings() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    open_analysis(&b);
    wait_for(&b, "the analysis board", ANALYSIS, |v| v["position"] != "");

    // Defect 11: seven pits a row at 1280 px (and on a phone), whole seeds
    // only.
    b.click("[data-testid=editor] summary");
    one_row_each(&b, 1280);
    b.resize(390, 844);
    one_row_each(&b, 390);
    b.resize(1280, 900);
    b.clear("input[data-edit=A]");
    b.send_keys("input[data-edit=A]", "1.5");
    let v = b.script(EDITOR_STATE);
    assert_eq!(
        v,
        serde_json::json!([
            "1.5 is not a number of seeds for pit A: whole seeds only.",
            true
        ])
    );
    b.clear("input[data-edit=A]");
    b.send_keys("input[data-edit=A]", "5");
    let v = b.script(EDITOR_STATE);
    assert_eq!(v[1], false, "whole again: {v}");
    b.click("[data-testid=editor] summary");

    // Defect 5: a 100,000-character paste. The input keeps 200 of them, and
    // the server explains why they are no position.
    let connection = "return document.querySelector('[data-testid=connection]').dataset.connected";
    b.script(
        "window.songoDropped = 0;
         new MutationObserver(() => { if (document.querySelector('[data-testid=connection]').dataset.connected !== 'true') window.songoDropped += 1; })
           .observe(document.querySelector('[data-testid=connection]'), {attributes: true});",
    );
    let long = "5,".repeat(50_000);
    b.clear("[data-testid=position-input]");
    b.click("[data-testid=position-input]");
    b.cdp("Input.insertText", serde_json::json!({ "text": long }));
    let kept =
        b.script("return document.querySelector('[data-testid=position-input]').value.length");
    assert_eq!(kept, 200, "the input takes 200 characters at most");
    b.click("[data-testid=set-up]");
    let v = wait_for(&b, "the reason", ANALYSIS, |v| v["message"] != "");
    assert!(
        v["message"].as_str().unwrap().starts_with("Bad position"),
        "{v}"
    );
    // Sent whole (a tool filling the input past its limit): the server's
    // error, in the analysis' message, and the page stays connected.
    b.script("document.querySelector('[data-testid=analysis-message]').textContent = ''; document.querySelector('[data-testid=set-up-message]').textContent = ''");
    b.script(&format!(
        "const i = document.querySelector('[data-testid=position-input]'); i.value = '{long}';
         document.querySelector('[data-testid=set-up]').click();"
    ));
    let v = wait_for(&b, "the server's error", ANALYSIS, |v| v["message"] != "");
    let message = v["message"].as_str().unwrap();
    assert!(
        message.contains("message too long") && message.ends_with("at most 65536)"),
        "{v}"
    );
    set_up(&b, Variant::Songo36Amateur, TYPED);
    wait_for(&b, "the typed position", ANALYSIS, |v| {
        v["position"] == TYPED
    });
    assert_eq!(b.script(connection), "true");
    assert_eq!(
        b.script("return window.songoDropped"),
        0,
        "never disconnected"
    );

    // Defect 1: Level 2 chosen, no game started with it; Play from here
    // plays at level 2, and the box says so still.
    b.click("[data-testid=tab-play]");
    let level = "return document.querySelector('[data-testid=level]').value";
    assert_ne!(b.script(level), "2", "the default level is not 2");
    b.select("[data-testid=level]", "2");
    open_analysis(&b);
    b.click("[data-testid=play-from-here]");
    let s = wait_until(&b, "the game from the typed position", |s| {
        s.start == TYPED && s.state == "your-move"
    });
    assert_eq!(
        (s.human.as_str(), s.variant.as_str()),
        ("south", "songo36-amateur")
    );
    let names = b.script(
        "return [...document.querySelectorAll('[data-testid=board] .who .name')].map((n) => n.textContent)",
    );
    assert!(
        names
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n == "North · The computer (level 2)"),
        "{names}"
    );
    assert_eq!(b.script(level), "2", "the Level box keeps 2");
    // Its engine plays at level 2: the record says so.
    b.click("[data-testid=save-play]");
    let (text, _) = super::page_support::records::saved_record(&b, "");
    assert!(text.contains("[North \"songo (level 2)\"]"), "{text}");

    // Defect 12: a long record opens at its last move, shown in its list.
    let files = TempDir::new("defects");
    let (record, game) = long_record(90);
    open_analysis(&b);
    upload(&b, &files.file("long.pgn", &record));
    let v = wait_for(&b, "the long record", ANALYSIS, |v| {
        v["plies"] == 90 && v["ply"] == 90
    });
    assert_eq!(v["position"], game.position().to_string());
    let list = b.script(
        "const l = document.querySelector('[data-testid=analysis-moves]'); const c = l.querySelector('.current');
         const lr = l.getBoundingClientRect(); const cr = c.getBoundingClientRect();
         return {ply: c.dataset.ply, scroll: l.scrollTop, scrolls: l.scrollHeight > l.clientHeight,
           visible: cr.top >= lr.top && cr.bottom <= lr.bottom};",
    );
    assert_eq!(list["ply"], "90", "{list}");
    assert_eq!(list["scrolls"], true, "a list longer than its box: {list}");
    assert!(list["scroll"].as_f64() > Some(0.0), "{list}");
    assert_eq!(list["visible"], true, "the last move in sight: {list}");

    // While disconnected, no pit of either board is ringed green (both
    // have playable pits until then).
    b.click("[data-testid=tab-play]");
    let rings = b.script(GREEN_RINGS);
    assert!(
        rings
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r.as_array().is_some_and(|r| !r.is_empty())),
        "the playable pits are ringed while connected: {rings}"
    );
    drop(server);
    wait_for(&b, "the lost connection", connection, |v| v == "false");
    assert_eq!(b.script(GREEN_RINGS), serde_json::json!([[], []]));
}

/// The label of ply `ply` (from 1) of a game from the start position, as
/// the move list numbers it: South's moves `N. X`, North's `N... x`.
fn label(ply: usize, m: &str) -> String {
    let number = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{number}. {m}")
    } else {
        format!("{number}... {m}")
    }
}

/// What the analysis board shows: its position and ply, and the pits
/// ringed as the better move.
const SHOWN: &str = "const a = document.querySelector('[data-testid=analysis-board]');
    return [a.dataset.position, Number(a.dataset.ply),
      [...document.querySelectorAll('.pit.hint')].map((p) => p.dataset.analysisSlot)];";

#[test]
fn review_numbered_as_the_move_list_its_dots_as_the_list_and_reviewing_said() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 1200);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let files = TempDir::new("review-labels");
    open_analysis(&b);
    // BLUNDER with North's answer a blunder too (e leaves the ten seeds
    // that a takes): a move of each side marked.
    let record = BLUNDER.replace("4. G a", "4. G e");
    upload(&b, &files.file("blunders.pgn", &record));
    wait_for(&b, "the loaded game", ANALYSIS, |v| v["plies"] == 8);
    // 0.1 s a position: long enough to look at the panel meanwhile.
    b.select("[data-testid=review-limit]", "movetime:100");
    b.click("[data-testid=review]");
    // Defect 7: during the review, the panel says so.
    let during = "const s = document.querySelector('[data-testid=review-status]');
        return [s.dataset.state, Number(s.dataset.done), Number(s.dataset.total),
          document.querySelector('[data-testid=analysis-engine]').textContent];";
    let v = wait_for(&b, "the review under way", during, |v| {
        v[0] == "running" && v[1].as_u64() >= Some(1) && v[1].as_u64() < v[2].as_u64()
    });
    let text = v[3].as_str().unwrap();
    assert!(
        text.contains("reviewing") && !text.contains("analysing"),
        "{v}"
    );
    let done = wait_for(&b, "the review", during, |v| {
        v[0] == "done" || v[0] == "failed"
    });
    assert_eq!(done[0], "done", "{done}");

    // Defect 2: each marked move labelled as the move list numbers it.
    let marked = b.script(
        "return [...document.querySelectorAll('[data-testid=review-moves] li')].map((l) =>
           [Number(l.dataset.ply), l.dataset.played, l.dataset.best, l.querySelector('strong').textContent,
            document.querySelector(`[data-testid=analysis-moves] [data-ply=\"${l.dataset.ply}\"]`).closest('li').value]);",
    );
    let marked: Vec<(usize, String, String, String, usize)> =
        serde_json::from_value(marked).unwrap();
    for (ply, label) in [(7, "4. G"), (8, "4... e")] {
        assert!(
            marked.iter().any(|m| m.0 == ply && m.3 == label),
            "{label} at ply {ply}: {marked:?}"
        );
    }
    let moves: Vec<&str> = record
        .lines()
        .last()
        .unwrap()
        .split(' ')
        .filter(|t| t.len() == 1 && t.chars().all(char::is_alphabetic))
        .collect();
    for (ply, played, _, shown, number) in &marked {
        assert_eq!(played, moves[ply - 1]);
        assert_eq!(*shown, label(*ply, played), "ply {ply}");
        assert_eq!(*number, ply.div_ceil(2), "the move list's number");
    }

    // Defect 9: a marked move's dot and its entry in the list open the
    // same position: the one before the move, the better move ringed.
    for (ply, _, best, _, _) in &marked {
        let mut seen = Vec::new();
        for how in ["circle", "li"] {
            b.click("[data-testid=nav-last]");
            wait_for(&b, "the end", SHOWN, |v| v[1] == 8);
            let target = if how == "circle" {
                format!("[data-testid=review-graph] circle[data-ply=\"{ply}\"]")
            } else {
                format!("[data-testid=review-moves] li[data-ply=\"{ply}\"]")
            };
            b.click(&target);
            let v = wait_for(&b, "the position before the move", SHOWN, |v| v[1] != 8);
            assert_eq!(v[1], ply - 1, "{how} of ply {ply}");
            if !best.is_empty() {
                assert_eq!(v[2], serde_json::json!([best]), "{how} of ply {ply}");
            }
            seen.push(v);
        }
        assert_eq!(seen[0], seen[1], "the dot and the list, ply {ply}");
    }
}
