//! The engine's text, issue 28:
//!
//! - defect 6: three MultiPV lines at the start of songo40 are, in every
//!   update the page shows, best first and all of one depth;
//! - defect 7: after the analysis engine crashes (its process killed
//!   here) its last lines are gone and a Restart is offered; a forced
//!   result says "forced", not "depth 127"; in a game, the engine's line
//!   says whose score it is ("for the computer"), with `≥`/`≤` for a bound and
//!   "forced" for a forced result. (The review's part, "reviewing" rather
//!   than "analysing", is in defects.rs.)

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::Variant;

use super::page_support::analysis::{open_analysis, set_up, ANALYSIS};
use super::page_support::{click_pit, new_game, wait_for, wait_until, Rng};
use super::webdriver::Browser;
use super::{tools, Server};

/// A songo36-beginner endgame, South to move, that the engine searches to
/// its end at once (it reports depth 127): every line's result is forced.
const FORCED: &str = "0,0,3,1,2,0,1/0,0,0,0,2,1,0 s 29 31 -";

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `PID (COMMAND) STATE PPID …`; the command may hold spaces.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(pid) {
            out.push(child);
        }
    }
    out
}

/// A line's score, to compare: seeds, or a forced end (nearer is more).
fn score_value(text: &str) -> f64 {
    let text = text.trim_start_matches(['≥', '≤', ' ']);
    if let Some(n) = text.strip_prefix("win in ") {
        1e6 - n.parse::<f64>().unwrap()
    } else if let Some(n) = text.strip_prefix("loss in ") {
        -1e6 + n.parse::<f64>().unwrap()
    } else if text == "tb win" {
        1e5
    } else if text == "tb loss" {
        -1e5
    } else {
        text.parse()
            .unwrap_or_else(|_| panic!("not a score: {text:?}"))
    }
}

/// Records the lines each time the page redraws them, on the position
/// shown then.
const LINES_LOG: &str = "
window.songoLines = [];
const list = document.querySelector('[data-testid=analysis-lines]');
new MutationObserver(() => window.songoLines.push({
    position: document.querySelector('[data-testid=analysis-board]').dataset.position,
    lines: [...list.querySelectorAll('li')].map((l) => ({multipv: Number(l.dataset.multipv),
      depth: l.dataset.depth, score: l.dataset.score, shown: l.querySelector('.line-depth').textContent}))}))
  .observe(list, {childList: true, subtree: true});
return null;";

/// Records the play engine's status line each time it changes, with the
/// engine's raw line then (both are set from one message).
const STATUS_LOG: &str = "
window.songoStatus = [];
const status = document.querySelector('[data-testid=engine-status]');
const log = document.querySelector('[data-testid=engine-log]');
new MutationObserver(() => window.songoStatus.push([status.textContent, log.textContent.split('\\n').pop()]))
  .observe(status, {childList: true, characterData: true, subtree: true});
return null;";

/// Checks the status lines recorded by [`STATUS_LOG`]: each with a score
/// says whose, a bound's says `≥`/`≤`, a forced result's says "forced".
/// Returns how many were forced and how many bounds.
fn check_status_lines(b: &Browser) -> (usize, usize) {
    let log = b.script("return window.songoStatus");
    let (mut forced, mut bounds) = (0, 0);
    for entry in log.as_array().unwrap() {
        let (status, line) = (entry[0].as_str().unwrap(), entry[1].as_str().unwrap());
        if !status.contains(": ") || !line.starts_with("info ") {
            continue; // "The computer is thinking…", "ready"
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let after = |w: &str| words.iter().position(|x| *x == w).map(|i| words[i + 1]);
        if let Some(score) = status.split("score ").nth(1) {
            assert!(
                score.contains(" for the computer, line "),
                "whose score: {status}"
            );
        }
        let depth: u32 = after("depth").and_then(|d| d.parse().ok()).unwrap_or(0);
        if depth >= 100 {
            forced += 1;
            assert!(
                status.contains(": forced, ") && !status.contains("depth"),
                "{status} for {line}"
            );
        } else if depth > 0 {
            assert!(
                status.contains(&format!("depth {depth}, ")),
                "{status} for {line}"
            );
        }
        if words.contains(&"lowerbound") {
            bounds += 1;
            assert!(status.contains("score ≥ "), "{status} for {line}");
        } else if words.contains(&"upperbound") {
            bounds += 1;
            assert!(status.contains("score ≤ "), "{status} for {line}");
        } else if status.contains("score ") {
            assert!(
                !status.contains('≥') && !status.contains('≤'),
                "{status} for {line}"
            );
        }
    }
    (forced, bounds)
}

#[test]
fn lines_in_order_gone_after_a_crash_forced_and_whose_score() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let engines = children(server.child.id());

    // Defect 6: three lines at songo40's start, in every update best
    // first, all of one depth.
    open_analysis(&b);
    wait_for(&b, "a line", ANALYSIS, |v| {
        v["lines"].as_array().is_some_and(|l| !l.is_empty())
    });
    b.script(LINES_LOG);
    b.select("[data-testid=multipv]", "3");
    let started = Instant::now();
    let updates = loop {
        let all = b.script("return window.songoLines");
        let all = all.as_array().unwrap();
        // From the first update of three lines on (the search asked for
        // three starts again from depth 1).
        let three: Vec<Value> = all
            .iter()
            .skip_while(|u| u["lines"].as_array().unwrap().len() < 3)
            .cloned()
            .collect();
        let deepest = three
            .iter()
            .filter_map(|u| u["lines"][0]["depth"].as_str()?.parse::<u32>().ok())
            .max()
            .unwrap_or(0);
        if deepest >= 14 || started.elapsed() > Duration::from_secs(5) {
            break three;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(updates.len() >= 8, "a few updates: {updates:?}");
    for u in &updates {
        let lines = u["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 3, "{u}");
        let numbers: Vec<u64> = lines
            .iter()
            .map(|l| l["multipv"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, [1, 2, 3], "{u}");
        assert!(
            lines.iter().all(|l| l["depth"] == lines[0]["depth"]),
            "one depth: {u}"
        );
        let scores: Vec<f64> = lines
            .iter()
            .map(|l| score_value(l["score"].as_str().unwrap()))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {u}");
    }

    // Defect 7: the analysis engine crashes (killed): its lines go, and a
    // Restart is offered; restarted, it analyses again.
    let analysts: Vec<u32> = children(server.child.id())
        .into_iter()
        .filter(|p| !engines.contains(p))
        .collect();
    assert_eq!(analysts.len(), 1, "one analysis engine: {analysts:?}");
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &analysts[0].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let failed = "return [document.querySelector('[data-testid=analysis-engine]').dataset.status,
        document.querySelectorAll('[data-testid=analysis-lines] li').length,
        document.querySelector('[data-testid=restart-analyst]').hidden,
        document.querySelector('[data-testid=eval-bar]').dataset.south]";
    let v = wait_for(&b, "the crash reported", failed, |v| v[0] == "failed");
    assert_eq!(
        v,
        serde_json::json!(["failed", 0, false, ""]),
        "no stale line"
    );
    // Nor any later: a North pit clicked now is refused by the room, and
    // once that answer is shown, whatever the room sent before it has
    // come too.
    b.click(".pit[data-analysis-slot=\"a\"]");
    wait_for(
        &b,
        "the room's answer to a refused pit",
        "return document.querySelector('[data-testid=analysis-message]').textContent",
        |m| m.as_str().is_some_and(|m| m.starts_with("Pit a: ")),
    );
    assert_eq!(b.script(failed), v, "still none");
    b.click("[data-testid=restart-analyst]");
    wait_for(&b, "lines again", ANALYSIS, |v| {
        v["lines"].as_array().is_some_and(|l| l.len() == 3)
    });

    // A forced result says so, not "depth 127".
    set_up(&b, Variant::Songo36Beginner, FORCED);
    let v = wait_for(
        &b,
        "forced lines",
        "return [document.querySelector('[data-testid=analysis-board]').dataset.position,
           [...document.querySelectorAll('[data-testid=analysis-lines] li .line-depth')].map((d) => d.textContent)]",
        |v| v[0] == FORCED && v[1].as_array().is_some_and(|l| !l.is_empty() && l.iter().all(|d| d == "forced")),
    );
    assert!(!v.to_string().contains("depth 1"), "{v}");

    // In a game from there at full strength, the engine's line says
    // whose score it is, and that its result is forced.
    b.click("[data-testid=tab-play]");
    b.select("[data-testid=level]", "10");
    b.script(STATUS_LOG);
    open_analysis(&b);
    b.click("[data-testid=play-from-here]");
    let mut s = wait_until(&b, "the game from there", |s| {
        s.start == FORCED && s.state == "your-move"
    });
    let mut rng = Rng(0xf0ced);
    while s.state == "your-move" && s.ply < 4 {
        s = click_pit(&b, &s, &mut rng);
    }
    let (forced, _) = check_status_lines(&b);
    assert!(forced > 0, "{:?}", b.script("return window.songoStatus"));

    // On a whole board, at full strength (2 s): whose score, and bounds
    // (when the search has any) as bounds.
    b.script("window.songoStatus.length = 0");
    let s = new_game(&b, Variant::Songo40, "south", 10);
    click_pit(&b, &s, &mut rng);
    let (_, bounds) = check_status_lines(&b);
    let seen = b.script("return window.songoStatus.length");
    assert!(seen.as_u64() > Some(3), "the engine's lines: {seen}");
    let _ = writeln!(
        std::io::stderr(),
        "engine text: {} updates of three lines in order, {forced} forced lines, \
             {bounds} bounds in a 2 s search",
        updates.len()
    );
}
