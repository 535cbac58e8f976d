//! Learn (issue 39) on the static site, its room in the page: lessons
//! done as the rules core plays them (page_support/learn.rs), and the
//! progress kept in the browser (localStorage `songo.room`) across a
//! reload; puzzles failed and solved with the rating moving, kept across
//! a reload, and a reviewed blunder practised with the engine in the
//! page (page_support/puzzles.rs).

use songo_core::Variant;

use super::page_support::learn::{complete_lesson, solved, LESSON};
use super::page_support::puzzles::{
    fail_puzzle, open_puzzles, practise_a_blunder, solve_next_puzzle, PUZZLE,
};
use super::page_support::wait_for;
use super::{assert_no_page_errors, stored, wait_started, Web};

#[test]
fn lessons_are_done_and_their_progress_survives_a_reload() {
    let Some(web) = Web::open_in(390, 844, "en-US") else {
        return;
    };
    let b = &web.b;
    b.emulate_phone(390, 844);
    web.start();
    complete_lesson(b, Variant::Songo36Amateur, "noble-duo");
    complete_lesson(b, Variant::Songo36Amateur, "capture-solo");
    b.click("[data-testid=lesson-next]");
    wait_for(b, "the next lesson", LESSON, |v| {
        v["lesson"] == "end-36" && v["state"] == "task"
    });
    let kept = stored(b, "songo.room");
    assert!(
        kept.as_str()
            .is_some_and(|t| t.contains("\"capture-solo\"")),
        "the progress in localStorage: {kept}"
    );
    let shown = b.script(LESSON)["lesson"].clone();

    b.refresh();
    wait_started(b);
    let v = wait_for(b, "Learn after the reload", LESSON, |v| v["shown"] == true);
    assert_eq!(v["variant"], "songo36-amateur");
    assert_eq!(v["lesson"], shown);
    assert_eq!(solved(b), ["noble-duo", "capture-solo"]);
    assert_no_page_errors(b);
}

#[test]
fn puzzles_move_the_rating_survive_a_reload_and_a_blunder_is_practised() {
    let Some(web) = Web::open_in(390, 844, "en-US") else {
        return;
    };
    let b = &web.b;
    b.emulate_phone(390, 844);
    web.start();
    let v = Variant::Songo36Beginner;
    open_puzzles(b, v);
    fail_puzzle(b, v);
    let solved = solve_next_puzzle(b, v);
    b.script("window.scrollTo(0, 0)");
    b.screenshot(&super::screenshot_dir().join("site-puzzle-390.png"));
    let kept = stored(b, "songo.room");
    assert!(
        kept.as_str().is_some_and(|t| t.contains("\"streak\":1")),
        "the streak in localStorage: {kept}"
    );

    b.refresh();
    wait_started(b);
    let back = wait_for(b, "the puzzles after the reload", PUZZLE, |x| {
        x["shown"] == true && x["puzzle"] == solved["puzzle"]
    });
    assert_eq!(
        (&back["rating"], &back["streak"], &back["variant"]),
        (&solved["rating"], &solved["streak"], &solved["variant"])
    );
    practise_a_blunder(b);
    assert_no_page_errors(b);
}
