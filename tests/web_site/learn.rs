//! Learn (issue 39) on the static site, its room in the page: lessons
//! done as the rules core plays them (page_support/learn.rs), and the
//! progress kept in the browser (localStorage `songo.room`) across a
//! reload.

use songo_core::Variant;

use super::page_support::learn::{complete_lesson, solved, LESSON};
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
