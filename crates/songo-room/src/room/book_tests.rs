//! The explorer's book moves in the analysis view, from a small book the
//! tests give the room (never the embedded book's content, which grows
//! apart from these tests): best first, numbered, scored for the side to
//! move; played through the board's own message, never on a board that
//! changed since they were shown.

use songo_book::{BookKey, BookMove};
use songo_core::{Move, Position, Variant};

use super::tests::{error_of, room, room_with_book};
use super::*;
use crate::messages::Topic;

fn scored(pit: &str, score: i16, depth: u8, visits: u32) -> BookMove {
    BookMove {
        mv: pit.parse::<Move>().unwrap(),
        score,
        depth,
        visits,
    }
}

/// songo40's start (three moves) and the position after C (two).
fn small_book() -> Book {
    let v = Variant::Songo40;
    let start = Position::startpos();
    let after_c = start.play(v, "C".parse().unwrap()).unwrap();
    Book::from_positions([
        (
            BookKey::new(v, &start),
            vec![
                scored("C", 40, 12, 30),
                scored("E", -10, 12, 5),
                scored("G", 15, 11, 8),
            ],
        ),
        (
            BookKey::new(v, &after_c),
            vec![scored("c", -40, 11, 20), scored("e", -75, 10, 3)],
        ),
    ])
}

fn pits(view: &crate::view::AnalysisView) -> Vec<&str> {
    view.book.moves.iter().map(|m| m.pit.as_str()).collect()
}

#[test]
fn the_analysis_view_carries_the_positions_book_moves() {
    let (mut t, _) = room_with_book(&["songo"], small_book());
    let a = t.analysis_view();
    assert_eq!(a.book.positions, 2);
    assert_eq!(pits(&a), ["C", "G", "E"], "best first");
    let best = &a.book.moves[0];
    assert_eq!(
        (best.label.as_str(), best.score, best.score_text.as_str()),
        ("1. C", 40, "+0.40")
    );
    assert_eq!((best.depth, best.visits), (12, 30));

    // The best move played as the explorer plays it: the board's message,
    // with the ply and the view's id it was chosen on.
    let r = t.on_page(&format!(
        r#"{{"type":"analysis-move","pit":"C","ply":0,"id":{}}}"#,
        a.id
    ));
    assert!(r.changed(), "{r:?}");
    let b = t.analysis_view();
    assert_eq!(b.moves, ["C"]);
    assert_eq!(pits(&b), ["c", "e"]);
    assert_eq!(b.book.moves[1].label, "1... e");
    assert_eq!(b.book.moves[1].score_text, "-0.75", "for North, to move");

    // Off the book: no moves, the book still there.
    t.on_page(&format!(
        r#"{{"type":"analysis-move","pit":"e","ply":1,"id":{}}}"#,
        b.id
    ));
    let c = t.analysis_view();
    assert!(c.book.moves.is_empty());
    assert_eq!(c.book.positions, 2);
    // Stepping back shows the book's moves again.
    t.on_page(r#"{"type":"goto","ply":0}"#);
    assert_eq!(pits(&t.analysis_view()), ["C", "G", "E"]);
    // Another variant's start is another position.
    t.on_page(&format!(
        r#"{{"type":"set-up","variant":"songo36-amateur","position":"{}"}}"#,
        Position::startpos()
    ));
    assert!(t.analysis_view().book.moves.is_empty());
}

#[test]
fn a_book_move_chosen_on_another_position_is_not_played() {
    let (mut t, _) = room_with_book(&["songo"], small_book());
    let shown = t.analysis_view();
    // Meanwhile (another tab, a quick set-up) the board shows another
    // position at the same ply: the click was for the start.
    let other = "4,6,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg";
    assert!(t
        .on_page(&format!(
            r#"{{"type":"set-up","variant":"songo40","position":"{other}"}}"#
        ))
        .changed());
    let stale = t.on_page(&format!(
        r#"{{"type":"analysis-move","pit":"C","ply":0,"id":{}}}"#,
        shown.id
    ));
    let (message, topic) = error_of(&stale);
    assert!(
        matches!(&message, Say::PitRefused { why, .. } if **why == Say::Stale),
        "{message:?}"
    );
    assert_eq!(topic, Some(Topic::Analysis));
    let now = t.analysis_view();
    assert_eq!((now.position.as_str(), now.moves.len()), (other, 0));
    // Chosen on the board shown now: played.
    let r = t.on_page(&format!(
        r#"{{"type":"analysis-move","pit":"C","ply":0,"id":{}}}"#,
        now.id
    ));
    assert!(r.changed(), "{r:?}");
    assert_eq!(t.analysis_view().moves, ["C"]);
}

#[test]
fn the_book_goes_to_the_page_as_json() {
    let (t, _) = room_with_book(&["songo"], small_book());
    let Outgoing::Analysis(view) = t.analysis_message() else {
        panic!("not the analysis");
    };
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["book"]["positions"], 2);
    assert_eq!(
        json["book"]["moves"][0],
        serde_json::json!({
            "pit": "C", "label": "1. C", "score": 40, "score_text": "+0.40",
            "score_say": {"id": "score-seeds", "seeds": 0.4},
            "depth": 12, "visits": 30
        })
    );
}

#[test]
fn without_a_book_given_the_embedded_one_is_probed() {
    let (t, _) = room(&["songo"]);
    let a = t.analysis_view();
    let embedded = songo_book::embedded();
    // Not only equal to the embedded book (an empty one would be equal):
    // the book docs/book.md describes, with moves at the start.
    assert_eq!(a.book.positions, 3000);
    assert_eq!(a.book.positions, embedded.len());
    let start = embedded
        .probe(Variant::Songo40, &Position::startpos())
        .unwrap_or_default();
    assert!(!start.is_empty(), "songo40's start is in the book");
    let pits: Vec<&str> = a.book.moves.iter().map(|m| m.pit.as_str()).collect();
    let expected: Vec<String> = start.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(pits, expected, "the embedded book's moves, best first");
}
