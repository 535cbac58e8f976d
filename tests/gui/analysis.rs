//! The analysis board in the browser: a typed position analysed live
//! (lines, scores, the evaluation bar), bad positions explained (the
//! server's parser and the editor's seed count), the tablebases' verdicts
//! with `--tablebases`, and the sowing animation, which must leave the
//! hooks exact.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::Variant;

use super::page_support::analysis::{
    bad_positions_and_the_editor, open_analysis, set_up, two_lines_on_a_typed_position, ANALYSIS,
};
use super::page_support::language::assert_one_language;
use super::page_support::{check, new_game, snapshot, wait_for, wait_until, PATIENCE};
use super::webdriver::Browser;
use super::{tools, Server};

#[test]
fn a_typed_position_is_analysed_and_bad_ones_explained() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&format!("{}#analysis", server.url()));
    wait_until(&b, "the first state", |s| s.state == "your-move");
    two_lines_on_a_typed_position(&b);
    b.screenshot(&super::screenshot_dir().join("desktop-analysis.png"));
    b.resize(390, 844);
    b.screenshot(&super::screenshot_dir().join("phone-analysis.png"));
    b.resize(1280, 900);
    bad_positions_and_the_editor(&b);
}

#[test]
fn the_tablebases_give_their_verdicts() {
    let Some(tools) = tools() else { return };
    let dir = std::env::temp_dir().join(format!("songo-gui-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let songo = env!("CARGO_BIN_EXE_songo");
    let made = Command::new(songo)
        .args([
            "tb",
            "generate",
            "--variant",
            "songo40",
            "--max-seeds",
            "10",
            "--dir",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let server = Server::start(&["--tablebases", dir.to_str().unwrap()]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    open_analysis(&b);
    // The start position is far from the tables: they say why.
    let v = wait_for(&b, "the panel", ANALYSIS, |v| v["tb_hidden"] == false);
    assert_eq!(v["verdict"], "");
    assert!(
        v["tb_text"]
            .as_str()
            .unwrap()
            .contains("70 seeds on the board"),
        "{v}"
    );
    let p = "2,0,3,1,0,0,0/1,2,0,0,1,0,0 s 31 29 -";
    set_up(&b, Variant::Songo40, p);
    let v = wait_for(&b, "a verdict", ANALYSIS, |v| {
        v["position"] == p && v["verdict"] != ""
    });
    // The same verdict as `songo tb probe`.
    let probe = Command::new(songo)
        .args(["tb", "probe", "--variant", "songo40", "--fen", p, "--dir"])
        .arg(&dir)
        .output()
        .unwrap();
    let probe = String::from_utf8(probe.stdout).unwrap();
    let mut lines = probe.lines();
    let verdict = lines.next().unwrap().split_once(": ").unwrap().1;
    assert!(
        v["tb_text"].as_str().unwrap().ends_with(verdict),
        "{v} vs {probe}"
    );
    let moves: Vec<(String, String)> = serde_json::from_value(v["tb_moves"].clone()).unwrap();
    let expected: Vec<(String, String)> = lines
        .map(|l| {
            let (m, r) = l.split_once(": ").unwrap();
            (m.to_string(), r.to_string())
        })
        .collect();
    assert_eq!(moves, expected, "each move's result");
    // The tables' verdicts in the page's language, both.
    assert_one_language(&b, "en", "the tables' verdicts");
    b.select("[data-testid=language]", "fr");
    assert_one_language(&b, "fr", "the tables' verdicts");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_sowing_animation_leaves_the_hooks_exact() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let s = new_game(&b, Variant::Songo40, "south", 1);
    let animated = "return document.querySelector('[data-testid=animate]').checked";
    assert_eq!(b.script(animated), Value::Bool(true), "on by default");
    let drawn = "return [...'ABCDEFGabcdefg'].map((l) => Number(document.querySelector(`button[data-pit=\"${l}\"] .count`).textContent)).join(',')";
    let mut seen_animating = false;
    let mut clicked_while_sowing = 0;
    let mut ply = s.ply;
    let is_animating = "return document.querySelector('[data-testid=board]').dataset.animating";
    for round in 0..4 {
        let pit = snapshot(&b).enabled[0].clone();
        b.click(&format!("button[data-pit=\"{pit}\"]"));
        // The hooks are exact at every poll, while the seeds are still
        // being sown; a click during the engine's sowing plays nothing (a
        // move is never played on a board not yet drawn, issue 38) and
        // shows the board at once, and the next click plays.
        let deadline = Instant::now() + PATIENCE;
        loop {
            let s = snapshot(&b);
            check(&s);
            let animating = b.script(is_animating) == "true";
            seen_animating |= animating;
            if s.ply == ply + 2 && s.state == "your-move" {
                if animating && round < 3 {
                    // Clicked in the same task that sees the sowing drawn
                    // (a WebDriver click could land after its end).
                    let pit = s.enabled[0].clone();
                    let during = format!(
                        "const board = document.querySelector('[data-testid=board]');
                         if (board.dataset.animating !== 'true') return false;
                         document.querySelector('button[data-pit=\"{pit}\"]').click();
                         return true;"
                    );
                    if b.script(&during) == Value::Bool(true) {
                        clicked_while_sowing += 1;
                        std::thread::sleep(Duration::from_millis(300));
                        let after = snapshot(&b);
                        assert_eq!(after.ply, s.ply, "played on a board not yet drawn");
                        assert_ne!(b.script(is_animating), "true", "the click shows the board");
                        break;
                    }
                    continue;
                }
                if !animating {
                    // At rest, the drawn counts are the position's.
                    let pits = s.position.split(' ').next().unwrap().replace('/', ",");
                    assert_eq!(b.script(drawn), Value::String(pits));
                    break;
                }
            }
            assert!(Instant::now() < deadline, "no answer to {pit}: {s:?}");
            std::thread::sleep(Duration::from_millis(10));
        }
        ply += 2;
    }
    assert!(clicked_while_sowing > 0, "no click during a sowing");
    assert!(seen_animating, "the sowing was animated");
    // Off: remembered, and nothing animates.
    b.click("[data-testid=animate]");
    b.goto(&server.url());
    wait_until(&b, "the reloaded page", |s| s.ply == ply);
    assert_eq!(b.script(animated), Value::Bool(false), "remembered");
    b.click("button[data-pit]:not([disabled])");
    // As long as any wait for the engine: its move time alone is up to
    // 2 s, and a slow machine adds to it.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let s = snapshot(&b);
        check(&s);
        let animating =
            b.script("return document.querySelector('[data-testid=board]').dataset.animating");
        assert_ne!(animating, "true", "animation off");
        if s.ply == ply + 2 && s.state != "thinking" || s.state == "over" {
            let pits = s.position.split(' ').next().unwrap().replace('/', ",");
            assert_eq!(b.script(drawn), Value::String(pits));
            break;
        }
        assert!(Instant::now() < deadline, "{s:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A page hidden (another tab, a minimised window) mid-sowing ends the
/// sowing at once, and sows nothing while hidden: its timers would be
/// throttled to a tick a second or less, and the board would go on
/// animating for minutes (issue 44, the endless animation).
#[test]
fn a_hidden_page_ends_its_sowing_at_once_and_sows_nothing() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let s = new_game(&b, Variant::Songo40, "south", 1);
    let drawn = "[...'ABCDEFGabcdefg'].map((l) => Number(document.querySelector(`button[data-pit=\"${l}\"] .count`).textContent)).join(',')";
    // The page made hidden as a browser does: `document.hidden`, then the
    // event; read in the same task, before any timer could end the sowing.
    let hide = format!(
        "const board = document.querySelector('[data-testid=board]');
         if (board.dataset.animating !== 'true') return null;
         Object.defineProperty(document, 'hidden', {{ get: () => true, configurable: true }});
         document.dispatchEvent(new Event('visibilitychange'));
         return [board.dataset.animating, {drawn}, board.dataset.position];"
    );
    let pit = s.enabled[0].clone();
    b.click(&format!("button[data-pit=\"{pit}\"]"));
    let deadline = Instant::now() + PATIENCE;
    let seen = loop {
        let v = b.script(&hide);
        if !v.is_null() {
            break v;
        }
        assert!(Instant::now() < deadline, "no sowing seen");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(seen[0], "false", "still sowing once hidden: {seen}");
    let pits = seen[2]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .replace('/', ",");
    assert_eq!(seen[1], Value::String(pits), "the end drawn at once");
    // Hidden, the engine's answer (and any move after) is drawn, not sown.
    let s = wait_until(&b, "the engine's answer", |t| {
        t.ply == s.ply + 2 && t.state == "your-move"
    });
    check(&s);
    let state = format!(
        "return [document.querySelector('[data-testid=board]').dataset.animating, {drawn}]"
    );
    let v = b.script(&state);
    assert_eq!(v[0], "false", "sown while hidden: {v}");
    let pits = s.position.split(' ').next().unwrap().replace('/', ",");
    assert_eq!(v[1], Value::String(pits));
}
