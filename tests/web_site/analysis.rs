//! The analysis board on the static site, through the shared checks
//! (tests/page_support): the lines of a set-up position, a move on the
//! board, bad positions and the editor; a record saved as a download and
//! loaded back (read in the page, no upload); reviews.

use serde_json::Value;
use songo_core::{Position, Variant};

use super::page_support::analysis::{
    bad_positions_and_the_editor, check_lines, two_lines_on_a_typed_position, ANALYSIS, TYPED,
};
use super::page_support::records::{hints_records_and_play_on, review_the_blunder};
use super::page_support::{click_pit, new_game, wait_for, Rng};
use super::Web;

#[test]
fn analysis_lines_for_a_set_up_position() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    let v = two_lines_on_a_typed_position(b);

    // The best line's first move played on the board: the rules core's
    // position, and two new lines for it.
    let best = v["lines"][0]["pv"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let variant = Variant::Songo36Amateur;
    let p: Position = TYPED.parse().unwrap();
    let after = p
        .play(variant, best.parse().expect("a move"))
        .expect("a legal move")
        .to_string();
    b.click(&format!("button[data-analysis-pit=\"{best}\"]"));
    let w = wait_for(b, "two lines after the move", ANALYSIS, |w| {
        w["position"] == after.as_str()
            && w["lines"]
                .as_array()
                .is_some_and(|l| l.len() == 2 && l.iter().all(|x| x["depth"].as_u64() >= Some(4)))
    });
    assert_eq!((w["ply"].as_u64(), w["plies"].as_u64()), (Some(1), Some(1)));
    assert_eq!(w["moves"], best);
    check_lines(&w, variant, 2, 4);
    // One step back: the set-up position again.
    b.click("[data-testid=nav-prev]");
    wait_for(b, "the set-up position", ANALYSIS, |w| {
        w["position"] == TYPED && w["ply"] == 0
    });

    bad_positions_and_the_editor(b);
    web.assert_own_origin_only();
}

#[test]
fn a_record_saved_and_loaded_back() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    web.start();
    hints_records_and_play_on(&web.b);
    web.assert_own_origin_only();
}

#[test]
fn reviews_of_a_record_and_of_the_game_played() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    // The blunder of the records' test, found at depth 6.
    review_the_blunder(b, "depth:6", |_| {});

    // The game played, reviewed from the Play tab at that depth: the
    // analysis board shows it, every position reviewed, the graph drawn.
    b.click("[data-testid=tab-play]");
    let mut rng = Rng(0x4e71e);
    let mut s = new_game(b, Variant::Songo40, "south", 1);
    for _ in 0..3 {
        if s.state == "your-move" {
            s = click_pit(b, &s, &mut rng);
        }
    }
    b.click("[data-testid=review-play]");
    let status = "const s = document.querySelector('[data-testid=review-status]'); \
                  const g = document.querySelector('[data-testid=review-graph]'); \
                  return {state: s.dataset.state, done: Number(s.dataset.done), total: Number(s.dataset.total), \
                  text: s.textContent, graph: !g.hasAttribute('hidden') && g.getBoundingClientRect().height > 50, \
                  curves: g.querySelectorAll('polyline').length, \
                  shown: !document.querySelector('[data-testid=analysis-mode]').hidden};";
    let done = wait_for(b, "the review of the game played", status, |v| {
        v["state"] == "done" || v["state"] == "failed"
    });
    let positions = s.ply as u64 + 1;
    assert_eq!(done["state"], "done", "{done}");
    assert_eq!(
        (done["done"].as_u64(), done["total"].as_u64()),
        (Some(positions), Some(positions)),
        "{done}"
    );
    assert_eq!(
        (&done["graph"], &done["curves"], &done["shown"]),
        (&Value::Bool(true), &Value::from(1), &Value::Bool(true)),
        "{done}"
    );
    assert!(
        done["text"]
            .as_str()
            .unwrap()
            .starts_with("Reviewed at depth 6."),
        "{done}"
    );
    let v = b.script(ANALYSIS);
    assert_eq!(
        v["moves"],
        s.moves.as_str(),
        "the game played, on the board"
    );
    assert!(
        v["origin"].as_str().unwrap().starts_with("The game played"),
        "{v}"
    );
    web.assert_own_origin_only();
}
