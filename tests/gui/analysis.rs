//! The analysis board in the browser: a typed position analysed live
//! (lines, scores, the evaluation bar), bad positions explained (the
//! server's parser and the editor's seed count), the tablebases' verdicts
//! with `--tablebases`, and the sowing animation, which must leave the
//! hooks exact.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::{Position, Variant};

use super::webdriver::Browser;
use super::{check, new_game, snapshot, tools, wait_until, Server, PATIENCE};

/// Polls `script` (which returns a value) until `done` accepts it.
pub fn wait_for(b: &Browser, what: &str, script: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let v = b.script(script);
        if done(&v) {
            return v;
        }
        assert!(Instant::now() < deadline, "waited too long for {what}: {v}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// The analysis board's hooks, read at once.
pub const ANALYSIS: &str = r#"
const a = document.querySelector('[data-testid=analysis-board]');
const bar = document.querySelector('[data-testid=eval-bar]');
const tb = document.querySelector('[data-testid=tablebase]');
return {
  position: a.dataset.position, ply: Number(a.dataset.ply), plies: Number(a.dataset.plies),
  moves: a.dataset.moves, variant: a.dataset.variant,
  enabled: [...document.querySelectorAll('button[data-analysis-pit]')].filter((x) => !x.disabled).map((x) => x.dataset.analysisPit),
  lines: [...document.querySelectorAll('[data-testid=analysis-lines] li')].map((l) => ({
    multipv: Number(l.dataset.multipv), depth: Number(l.dataset.depth || 0), score: l.dataset.score, pv: l.dataset.pv })),
  bar: bar.dataset.south, bar_text: bar.dataset.text,
  message: document.querySelector('[data-testid=analysis-message]').textContent,
  record_message: document.querySelector('[data-testid=record-message]').textContent,
  tb_hidden: tb.hidden, verdict: tb.dataset.verdict,
  tb_text: document.querySelector('[data-testid=tb-verdict]').textContent,
  tb_moves: [...document.querySelectorAll('[data-testid=tb-moves] li')].map((l) => [l.dataset.move, l.dataset.result]),
  origin: document.querySelector('[data-testid=analysis-origin]').textContent,
};"#;

/// Opens the Analysis tab.
pub fn open_analysis(b: &Browser) {
    b.click("[data-testid=tab-analysis]");
    wait_for(
        b,
        "the analysis board",
        "return document.querySelector('[data-testid=analysis-mode]').hidden",
        |v| v == &Value::Bool(false),
    );
}

/// Types a variant and a position into the set-up form and submits it.
fn set_up(b: &Browser, variant: Variant, position: &str) {
    b.select("[data-testid=analysis-variant]", variant.name());
    b.clear("[data-testid=position-input]");
    b.send_keys("[data-testid=position-input]", position);
    b.click("[data-testid=set-up]");
}

#[test]
fn a_typed_position_is_analysed_and_bad_ones_explained() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&format!("{}#analysis", server.url()));
    wait_until(&b, "the first state", |s| s.state == "your-move");
    open_analysis(&b);
    // Two lines of a position of the protocol's examples.
    b.select("[data-testid=multipv]", "2");
    // Every answer to the page's `analyse` messages (on connecting, on
    // opening the tab, for the two lines) redraws the set-up form with
    // the board's variant, and may come after the variant is chosen
    // below, setting up songo40 instead: waited for. Two lines on the
    // start position show that the last of them has come.
    wait_for(&b, "two lines on the start position", ANALYSIS, |v| {
        v["position"] == Position::startpos().to_string()
            && v["lines"].as_array().is_some_and(|l| l.len() == 2)
    });
    let p = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -";
    set_up(&b, Variant::Songo36Amateur, p);
    let v = wait_for(&b, "two lines at depth 6", ANALYSIS, |v| {
        v["position"] == p
            && v["lines"]
                .as_array()
                .is_some_and(|l| l.len() == 2 && l.iter().all(|x| x["depth"].as_u64() >= Some(6)))
    });
    let position: Position = p.parse().unwrap();
    let legal: Vec<String> = position
        .legal_moves(Variant::Songo36Amateur)
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut enabled: Vec<String> = serde_json::from_value(v["enabled"].clone()).unwrap();
    enabled.sort();
    assert_eq!(enabled, legal, "the legal pits are playable on the board");
    for line in v["lines"].as_array().unwrap() {
        let first = line["pv"].as_str().unwrap().split(' ').next().unwrap();
        assert!(legal.iter().any(|m| m == first), "{line}");
        assert!(!line["score"].as_str().unwrap().is_empty(), "{line}");
    }
    assert!(
        !v["bar"].as_str().unwrap().is_empty(),
        "the bar shows the best line: {v}"
    );
    assert_eq!(v["variant"], "songo36-amateur");
    b.screenshot(&super::screenshot_dir().join("desktop-analysis.png"));
    b.resize(390, 844);
    b.screenshot(&super::screenshot_dir().join("phone-analysis.png"));
    b.resize(1280, 900);

    // A bad position string: the parser's reason, the board unchanged.
    set_up(&b, Variant::Songo40, "5,5,5,5,5,5,5/5,5,5,5,5,5,4 s 0 0 Gg");
    let v = wait_for(&b, "the reason", ANALYSIS, |v| v["message"] != "");
    assert_eq!(
        v["message"],
        "Bad position: pits and captured counts total 69 seeds, not 70."
    );
    assert_eq!(v["position"], p);
    set_up(&b, Variant::Songo40, "5,5,5,5,5,5,5/5,5,5,5,5,5 n 0 0 Gg");
    let v = wait_for(&b, "the reason", ANALYSIS, |v| {
        v["message"].as_str().unwrap().contains("two rows of 7")
    });
    assert_eq!(v["position"], p);

    // The editor counts the seeds as they are typed.
    b.click("[data-testid=editor] summary");
    b.clear("input[data-edit=A]");
    b.send_keys("input[data-edit=A]", "20");
    let total = b.script(
        "const t = document.querySelector('[data-testid=editor-total]'); return [t.dataset.total, t.textContent];",
    );
    assert_eq!(total[0], "77", "{total}");
    assert!(total[1].as_str().unwrap().contains("remove 7"), "{total}");
    b.click("[data-testid=editor-apply]");
    let v = wait_for(&b, "the reason", ANALYSIS, |v| {
        v["message"].as_str().unwrap().contains("total 77 seeds")
    });
    assert_eq!(v["position"], p);
    // Corrected, it is set up: the typed count and North to move.
    b.clear("input[data-edit=A]");
    b.send_keys("input[data-edit=A]", "13");
    b.select("select[data-edit=side]", "n");
    b.click("[data-testid=editor-apply]");
    let q = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 n 0 6 -";
    let v = wait_for(&b, "the edited position", ANALYSIS, |v| v["position"] == q);
    assert_eq!(v["message"], "");

    // A pit of the side not to move is refused on the board, with why.
    b.click(".pit[data-analysis-slot=\"A\"]");
    let v = wait_for(&b, "the reason", ANALYSIS, |v| v["message"] != "");
    assert_eq!(v["message"], "Pit A: it is South's pit.");
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
        // being sown; the next click comes at once, during the engine's
        // sowing (seeds redrawn under the pointer must not eat it).
        let deadline = Instant::now() + PATIENCE;
        loop {
            let s = snapshot(&b);
            check(&s);
            let animating = b.script(is_animating) == "true";
            seen_animating |= animating;
            if s.ply == ply + 2 && s.state == "your-move" {
                if animating && round < 3 {
                    clicked_while_sowing += 1;
                    break;
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
