//! Learn (issue 39) in `songo gui`: every lesson of every variant done in
//! the page, each as the rules core plays it (page_support/learn.rs);
//! a lesson in French at phone width, with its wrong answer said, its
//! screenshot, and the progress kept after a restart of the server; a
//! puzzle failed and one solved with the rating moving, kept after a
//! restart, and a reviewed blunder practised (page_support/puzzles.rs);
//! a failed puzzle's replay stopped before its first sowing, the board
//! at rest at once (issue 44's endless animation).

use serde_json::Value;
use songo_core::Variant;

use super::page_support::language::assert_one_language;
use super::page_support::learn::{complete_lesson, lesson_ids, open_lesson, solved, LESSON};
use super::page_support::puzzles::{
    fail_puzzle, open_puzzles, practise_a_blunder, puzzle_at, solve_next_puzzle, PUZZLE,
};
use super::page_support::{wait_for, wait_until};
use super::webdriver::Browser;
use super::{data_dir, french_phone, screenshot_dir, tools, Server};

/// Learn within the phone's 390 px, every control a finger's size.
fn fits_a_phone(b: &Browser) {
    let width = b.script("return document.documentElement.scrollWidth");
    assert!(width.as_u64().unwrap() <= 390, "Learn is {width} px wide");
    let small = b.script(
        "return [...document.querySelectorAll('[data-testid=learn-mode] button, [data-testid=learn-mode] select')]
           .filter((e) => e.checkVisibility() && !e.closest('.pit'))
           .map((e) => [e.dataset.testid, e.getBoundingClientRect().height])
           .filter(([, h]) => h < 44)",
    );
    assert_eq!(small, Value::Array(vec![]), "controls under 44 px");
}

#[test]
fn every_lesson_of_every_variant_is_done_in_the_page() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start_in(&tools, 1280, 900, "en-US");
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    for v in Variant::ALL {
        let ids = lesson_ids(v);
        for id in &ids {
            complete_lesson(&b, v, id);
        }
        assert_eq!(solved(&b), ids, "{}: every lesson marked", v.name());
        let progress =
            b.script("return document.querySelector('[data-testid=lesson-progress]').textContent");
        assert_eq!(
            progress,
            Value::from(format!("{n} of {n} solved", n = ids.len())),
            "{}",
            v.name()
        );
    }
    b.screenshot(&screenshot_dir().join("desktop-lesson.png"));
}

#[test]
fn a_lesson_in_french_at_phone_width_and_its_progress_after_a_restart() {
    let Some(tools) = tools() else { return };
    let dir = data_dir("learn", "restart");
    let d = dir.to_str().unwrap();
    let (server, b) = french_phone(&tools, &dir);

    // A forbidden pit, said why in French, the screenshot of it.
    let v = Variant::Songo36Beginner;
    open_lesson(&b, v, "noble-forbidden");
    b.click(".pit[data-lesson-slot=\"G\"]");
    let said = wait_for(&b, "why G is forbidden", LESSON, |x| x["state"] == "wrong");
    assert!(
        said["why"].as_str().unwrap().contains("Interdit Solo"),
        "{said}"
    );
    assert_one_language(&b, "fr", "a lesson's wrong answer");
    b.script("window.scrollTo(0, 0)");
    b.screenshot(&screenshot_dir().join("fr-lesson-wrong-390.png"));
    let done = complete_lesson(&b, v, "noble-forbidden");
    assert_eq!(done["next"], true, "a next lesson offered");
    assert_one_language(&b, "fr", "a lesson solved");
    b.script("window.scrollTo(0, 0)");
    b.screenshot(&screenshot_dir().join("fr-lesson-390.png"));
    // Within the phone, every control a finger's size.
    fits_a_phone(&b);
    let pit = b.script(
        "return document.querySelector('button[data-lesson-pit=A]').getBoundingClientRect().width",
    );
    assert!(pit.as_f64().unwrap() >= 36.0, "a pit is {pit} px wide");

    b.click("[data-testid=lesson-next]");
    wait_for(&b, "the next lesson", LESSON, |x| {
        x["lesson"] == "noble-capture" && x["state"] == "task"
    });

    // A restart on the same data directory: the progress and the lesson
    // shown come back.
    drop(server);
    let again = Server::start(&["--data-dir", d]);
    b.goto(&format!("{}#learn", again.url()));
    let v = wait_for(&b, "Learn after the restart", LESSON, |x| {
        x["shown"] == true && x["lesson"] == "noble-capture"
    });
    assert_eq!(v["variant"], "songo36-beginner");
    assert_eq!(solved(&b), ["noble-forbidden"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzles_and_a_practised_blunder_in_french_at_phone_width_after_a_restart() {
    let Some(tools) = tools() else { return };
    let dir = data_dir("learn", "puzzles");
    let d = dir.to_str().unwrap();
    let (server, b) = french_phone(&tools, &dir);

    // A new player: failed once, then a whole line found.
    let v = Variant::Songo40;
    let first = open_puzzles(&b, v);
    assert_eq!(
        (first["rating"].as_u64(), first["streak"].as_u64()),
        (Some(1500), Some(0))
    );
    fail_puzzle(&b, v);
    assert_one_language(&b, "fr", "a failed puzzle");
    let solved = solve_next_puzzle(&b, v);
    assert_one_language(&b, "fr", "a solved puzzle");
    b.script("window.scrollTo(0, 0)");
    b.screenshot(&screenshot_dir().join("fr-puzzle-390.png"));
    fits_a_phone(&b);

    // A restart on the same data directory: the rating, the streak and
    // the puzzle shown come back. (The test's server takes a new port, so
    // the browser's memory of the Learn part shown is another origin's.)
    drop(server);
    let again = Server::start(&["--data-dir", d]);
    b.goto(&format!("{}#learn", again.url()));
    open_puzzles(&b, v);
    let back = wait_for(&b, "the puzzles after the restart", PUZZLE, |x| {
        x["shown"] == true && x["puzzle"] == solved["puzzle"]
    });
    assert_eq!(
        (&back["rating"], &back["streak"], &back["state"]),
        (&solved["rating"], &solved["streak"], &solved["state"])
    );

    // A blunder of a reviewed game, practised until solved.
    practise_a_blunder(&b);
    assert_one_language(&b, "fr", "a practised blunder");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Put in the page: as soon as the puzzle board says `failed` (its line's
/// replay marked, its first sowing still a pause away), Learn's lessons
/// are opened, in the same moment; what the board said then is noted.
const LESSONS_AT_THE_FAILURE: &str = "
window.songoAtFailure = null;
const board = document.querySelector('[data-testid=puzzle-board]');
const observer = new MutationObserver(() => {
  if (board.dataset.state !== 'failed') return;
  observer.disconnect();
  const marked = board.dataset.animating;
  const sowing = board.querySelector('.sowing-from') !== null;
  document.querySelector('[data-testid=learn-lessons]').click();
  window.songoAtFailure = {marked, sowing, after: board.dataset.animating};
});
observer.observe(board, {attributes: true, attributeFilter: ['data-state']});
return null;";

/// The seeds the puzzle board draws, A–G then a–g.
const PUZZLE_COUNTS: &str = "const b = document.querySelector('[data-testid=puzzle-board]');
return [...'ABCDEFGabcdefg'].map((l) => Number(b.querySelector(`button[data-puzzle-pit=\"${l}\"] .count`).textContent));";

/// The endless animation of issue 44: a puzzle's line replayed after it
/// ends was marked as animating by the puzzle view itself, before its
/// first sowing, and stopping the replay before that sowing (Learn's
/// lessons opened, the next puzzle asked for, the animation turned off)
/// left the mark on for good. Stopped then, the board is at rest at once,
/// at the line's end; and the next puzzle asked for during a replay's
/// first pause comes at rest.
#[test]
fn a_replay_stopped_before_its_first_sowing_leaves_the_board_at_rest() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let v = Variant::Songo40;
    open_puzzles(&b, v);
    let task = wait_for(&b, "a puzzle to solve", PUZZLE, |x| {
        x["state"] == "task" && x["step"] == 0 && x["animating"] == false
    });
    let p = puzzle_at(v, task["position"].as_str().unwrap());
    let wanted = p.solution[0].to_string();
    let wrong: Vec<&str> = task["enabled"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .filter(|m| *m != wanted)
        .collect();
    assert!(wrong.len() >= 2, "two wrong moves to fail with: {task}");

    b.script(LESSONS_AT_THE_FAILURE);
    b.click(&format!("button[data-puzzle-pit=\"{}\"]", wrong[0]));
    wait_for(&b, "the first wrong move", PUZZLE, |x| {
        x["state"] == "wrong"
    });
    b.click(&format!("button[data-puzzle-pit=\"{}\"]", wrong[1]));
    let seen = wait_for(&b, "the failure", "return window.songoAtFailure", |x| {
        !x.is_null()
    });
    assert_eq!(
        seen,
        serde_json::json!({"marked": "true", "sowing": false, "after": "false"}),
        "the replay marked before its first sowing, then stopped"
    );
    // Back in the puzzles: the failed puzzle at rest, at its line's end.
    b.click("[data-testid=learn-puzzles]");
    let failed = wait_for(&b, "the failed puzzle", PUZZLE, |x| {
        x["shown"] == true && x["state"] == "failed"
    });
    assert_eq!(failed["animating"], false, "{failed}");
    let end = p.positions().last().unwrap().pits();
    assert_eq!(
        b.script(PUZZLE_COUNTS),
        serde_json::json!(end),
        "the line's end drawn"
    );

    // The replay again, and at once the next puzzle: it comes at rest.
    b.click("[data-testid=puzzle-replay]");
    b.click("[data-testid=puzzle-next]");
    let next = wait_for(&b, "the next puzzle", PUZZLE, |x| {
        x["puzzle"] != failed["puzzle"] && x["state"] == "task"
    });
    let at_rest = wait_for(&b, "the next puzzle at rest", PUZZLE, |x| {
        x["animating"] == false
    });
    assert_eq!(at_rest["puzzle"], next["puzzle"]);
}
