//! Learn's puzzle trainer and practice of one's mistakes (issue 39),
//! shared by both transports. Each puzzle's solution is read here from the
//! set compiled into songo (songo-learn's), independently of the page and
//! its room: a wrong move refused, a second one failing with the answer
//! shown and the line replayed, a whole line found, the rating moving
//! each time. A reviewed blunder practised: its position, an answer the
//! engine judges, the review's better move solving it.

use serde_json::Value;
use songo_core::Variant;
use songo_learn::puzzle::{embedded, Puzzle};

use super::analysis::{open_analysis, set_up, TYPED};
use super::{review_at_depth_6, wait_for};
use crate::webdriver::Browser;

/// Everything the puzzle trainer's hooks show at one moment.
pub const PUZZLE: &str = r#"
const b = document.querySelector('[data-testid=puzzle-board]');
const r = document.querySelector('[data-testid=puzzle-rating]');
const why = document.querySelector('[data-testid=puzzle-why]');
const done = document.querySelector('[data-testid=puzzle-done]');
return {
  shown: !document.querySelector('[data-testid=learn-mode]').hidden && !document.querySelector('[data-testid=puzzles-part]').hidden,
  puzzle: b.dataset.puzzle, variant: b.dataset.variant, position: b.dataset.position,
  state: b.dataset.state, step: Number(b.dataset.step), animating: b.dataset.animating === 'true',
  enabled: [...b.querySelectorAll('button[data-puzzle-pit]')].filter((p) => !p.disabled).map((p) => p.dataset.puzzlePit),
  rating: Number(r.dataset.rating), change: r.dataset.change, rating_text: r.textContent.trim(),
  streak: Number(document.querySelector('[data-testid=puzzle-streak]').dataset.streak),
  why: why.hidden ? '' : why.textContent.trim(), why_pit: why.dataset.pit,
  done: done.hidden ? '' : done.textContent.trim(),
  replay: !document.querySelector('[data-testid=puzzle-replay]').hidden,
  progress: document.querySelector('[data-testid=puzzle-progress]').textContent.trim(),
  message: document.querySelector('[data-testid=puzzle-message]').textContent.trim(),
};"#;

/// Everything the practice's hooks show at one moment.
pub const EXERCISE: &str = r#"
const b = document.querySelector('[data-testid=exercise-board]');
const v = document.querySelector('[data-testid=exercise-verdict]');
return {
  shown: !document.querySelector('[data-testid=learn-mode]').hidden && !document.querySelector('[data-testid=mistakes-part]').hidden,
  exercise: b.dataset.exercise, position: b.dataset.position, state: b.dataset.state,
  solved: b.dataset.solved === 'true', hidden: b.hidden,
  enabled: [...b.querySelectorAll('button[data-exercise-pit]')].filter((p) => !p.disabled).map((p) => p.dataset.exercisePit),
  title: document.querySelector('[data-testid=exercise-title]').textContent.trim(),
  verdict: v.hidden ? '' : v.textContent.trim(), judgement: v.dataset.judgement,
  items: [...document.querySelectorAll('[data-testid=exercise-item]')].map((i) => i.dataset.solved === 'true'),
  message: document.querySelector('[data-testid=mistakes-message]').textContent.trim(),
};"#;

/// The puzzle of `variant`'s set compiled in whose position is `position`.
pub fn puzzle_at(variant: Variant, position: &str) -> &'static Puzzle {
    embedded::builtin(variant)
        .puzzles
        .iter()
        .find(|p| p.position.to_string() == position)
        .unwrap_or_else(|| panic!("no puzzle of {variant} at {position}"))
}

/// Opens Learn's puzzles in `variant`; the view shown.
pub fn open_puzzles(b: &Browser, variant: Variant) -> Value {
    if b.script(PUZZLE)["shown"] != true {
        b.click("[data-testid=tab-learn]");
        b.click("[data-testid=learn-puzzles]");
    }
    let v = wait_for(b, "the puzzles", PUZZLE, |v| {
        v["shown"] == true && v["puzzle"] != ""
    });
    if v["variant"] == variant.name() {
        return v;
    }
    b.select("[data-testid=puzzle-variant]", variant.name());
    wait_for(b, "the variant's puzzles", PUZZLE, |v| {
        v["variant"] == variant.name() && v["state"] == "task" && v["step"] == 0
    })
}

/// A pit the board offers that is not `wanted`.
fn other_than(v: &Value, wanted: &str) -> String {
    v["enabled"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|m| *m != wanted)
        .expect("a legal move that is not the answer")
        .to_string()
}

/// The puzzle shown failed: a wrong move refused (tapped twice at once: one
/// answer, nothing said of the second tap; the rating falls, the streak
/// ends), a second one failing with the answer said and the whole line
/// replayed. Returns the last view.
pub fn fail_puzzle(b: &Browser, variant: Variant) -> Value {
    let v = wait_for(b, "a puzzle to solve", PUZZLE, |v| {
        v["state"] == "task" && v["step"] == 0 && v["animating"] == false
    });
    let p = puzzle_at(variant, v["position"].as_str().unwrap());
    let wanted = p.solution[0].to_string();
    let wrong = other_than(&v, &wanted);
    b.script(&format!(
        "const p = document.querySelector('button[data-puzzle-pit=\"{wrong}\"]'); p.click(); p.click();"
    ));
    let once = wait_for(b, "the wrong move refused", PUZZLE, |v| {
        v["state"] == "wrong"
    });
    assert_eq!(once["position"], v["position"], "nothing played: {once}");
    assert!(
        once["rating"].as_f64() < v["rating"].as_f64(),
        "the rating falls: {v} → {once}"
    );
    assert!(once["change"].as_str().unwrap().starts_with('-'), "{once}");
    assert_eq!(once["streak"], 0);
    assert!(once["why"].as_str().unwrap().contains(&wrong), "{once}");
    // A pit the rules forbid, tapped after: its answer (explained, not
    // counted) comes after the second tap's, so once it shows, the second
    // tap has been answered too, and unsaid. (None forbidden: a moment.)
    let south = v["position"].as_str().unwrap().split(' ').nth(1) == Some("s");
    let offered = v["enabled"].as_array().unwrap();
    let forbidden = "ABCDEFGabcdefg".chars().map(String::from).find(|pit| {
        pit.starts_with(|c: char| c.is_ascii_uppercase()) == south
            && !offered.iter().any(|e| e == pit.as_str())
    });
    match &forbidden {
        Some(pit) => {
            b.click(&format!(".pit[data-puzzle-slot=\"{pit}\"]"));
            wait_for(b, "the forbidden pit explained", PUZZLE, |v| {
                v["why_pit"] == pit.as_str()
            });
        }
        None => std::thread::sleep(std::time::Duration::from_millis(300)),
    }
    let after = b.script(PUZZLE);
    assert_eq!(after["state"], "wrong", "a double tap is one try: {after}");
    assert_eq!(
        after["message"], "",
        "nothing said of the second tap: {after}"
    );
    assert_eq!(after["rating"], once["rating"], "rated once: {after}");
    let again = other_than(&once, &wanted);
    b.click(&format!("button[data-puzzle-pit=\"{again}\"]"));
    // The line replays from the puzzle's position: seen running.
    let failed = wait_for(b, "the puzzle failed", PUZZLE, |v| {
        v["state"] == "failed" && v["animating"] == true
    });
    assert_eq!(failed["rating"], once["rating"], "rated once");
    assert!(
        failed["done"].as_str().unwrap().contains(&wanted),
        "{failed}"
    );
    assert_eq!(failed["replay"], true);
    assert_eq!(failed["enabled"], serde_json::json!([]));
    failed
}

/// The next puzzle solved, its whole line found (the room playing the
/// defender's replies): the rating rises and the streak grows. Returns
/// the last view.
pub fn solve_next_puzzle(b: &Browser, variant: Variant) -> Value {
    let before = b.script(PUZZLE);
    b.click("[data-testid=puzzle-next]");
    let v = wait_for(b, "the next puzzle", PUZZLE, |v| {
        v["puzzle"] != before["puzzle"] && v["state"] == "task"
    });
    let p = puzzle_at(variant, v["position"].as_str().unwrap());
    let positions = p.positions();
    for (k, m) in p.solution.iter().step_by(2).enumerate() {
        let pit = m.to_string();
        b.click(&format!("button[data-puzzle-pit=\"{pit}\"]"));
        let after = wait_for(b, "the move found", PUZZLE, |v| {
            v["step"] == k + 1 && v["animating"] == false
        });
        // The solver's move and the defender's reply, as the rules play them.
        let at = (2 * k + 2).min(p.solution.len());
        assert_eq!(after["position"], positions[at].to_string(), "{after}");
    }
    let solved = wait_for(b, "the puzzle solved", PUZZLE, |v| v["state"] == "solved");
    assert!(
        solved["rating"].as_f64() > before["rating"].as_f64(),
        "the rating rises: {before} → {solved}"
    );
    assert!(!solved["change"].as_str().unwrap().starts_with('-'));
    assert_eq!(solved["streak"], before["streak"].as_u64().unwrap() + 1);
    assert!(!solved["done"].as_str().unwrap().is_empty());
    solved
}

/// A reviewed blunder turned into a solved exercise: on the analysis
/// board, [`TYPED`] (songo36-amateur, South to move, where G keeps +2.55
/// at depth 6 and D loses about 9 seeds) and D played; the review at depth
/// 6 marks it; "Practise your mistakes" opens it in Learn; E, judged by
/// the engine, is no better; G solves it. Returns the last view.
pub fn practise_a_blunder(b: &Browser) -> Value {
    open_analysis(b);
    set_up(b, Variant::Songo36Amateur, TYPED);
    wait_for(b, "the position set up", super::analysis::ANALYSIS, |v| {
        v["position"] == TYPED
    });
    b.click("button[data-analysis-pit=\"D\"]");
    wait_for(b, "D played", super::analysis::ANALYSIS, |v| v["ply"] == 1);
    review_at_depth_6(b, &["done"]);
    let marked = b.script(
        "const m = document.querySelector('[data-testid=review-moves] li[data-ply=\"1\"]');
         return m ? [m.dataset.judgement, m.dataset.best] : null",
    );
    assert_eq!(
        marked,
        serde_json::json!(["blunder", "G"]),
        "the review's mark"
    );
    b.click("[data-testid=practise-mistakes]");
    let e = wait_for(b, "the exercise", EXERCISE, |v| {
        v["shown"] == true && v["exercise"] == "1" && v["state"] == "task"
    });
    assert_eq!(e["position"], TYPED);
    assert_eq!(e["items"], serde_json::json!([false]));
    assert!(e["title"].as_str().unwrap().contains('D'), "{e}");
    b.click("button[data-exercise-pit=\"E\"]");
    let judged = wait_for(b, "the engine's verdict on E", EXERCISE, |v| {
        v["state"] == "judged"
    });
    assert!(
        ["mistake", "blunder"].contains(&judged["judgement"].as_str().unwrap()),
        "{judged}"
    );
    assert!(!judged["verdict"].as_str().unwrap().is_empty());
    assert_eq!(judged["solved"], false);
    b.click("[data-testid=exercise-again]");
    wait_for(b, "the exercise again", EXERCISE, |v| v["state"] == "task");
    b.click("button[data-exercise-pit=\"G\"]");
    let solved = wait_for(b, "the exercise solved", EXERCISE, |v| {
        v["state"] == "judged" && v["solved"] == true
    });
    assert_eq!(solved["judgement"], "good");
    assert_eq!(solved["items"], serde_json::json!([true]));
    solved
}
