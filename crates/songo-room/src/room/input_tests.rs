//! Fast input: a move chosen on a board that has changed since is
//! refused, in play and on the analysis board (issue 28, defect 3).

use super::tests::{answer, room};
use super::*;
use crate::messages::Topic;

fn illegal_why(r: &Reply) -> Say {
    match &r.to_sender[..] {
        [Outgoing::Illegal { why, .. }] => why.clone(),
        other => panic!("not an illegal move: {other:?}"),
    }
}

#[test]
fn a_move_chosen_on_an_old_board_is_not_played() {
    let (mut t, jobs) = room(&["songo"]);
    let game = t.view().game_id;
    let first = t.on_page(&format!(
        r#"{{"type":"move","pit":"D","ply":0,"game":{game}}}"#
    ));
    assert!(first.changed());
    answer(&mut t, &jobs, "e");
    // The second of two quick keys, chosen on the board before D.
    let second = t.on_page(&format!(
        r#"{{"type":"move","pit":"E","ply":0,"game":{game}}}"#
    ));
    assert!(illegal_why(&second) == Say::Stale, "{second:?}");
    assert_eq!(t.view().moves, ["D", "e"]);
    // Chosen on the board shown now: played.
    let third = t.on_page(&format!(
        r#"{{"type":"move","pit":"E","ply":2,"game":{game}}}"#
    ));
    assert!(third.changed());
    assert_eq!(t.view().moves, ["D", "e", "E"]);
    // A move for a game that is no longer played.
    t.on_page(r#"{"type":"new-game","variant":"songo40","side":"south","level":1}"#);
    let old = t.on_page(&format!(
        r#"{{"type":"move","pit":"A","ply":0,"game":{game}}}"#
    ));
    assert_eq!(illegal_why(&old), Say::Stale);
    assert!(t.view().moves.is_empty());
    // Without ply and game (an older page): the current board.
    assert!(t.on_page(r#"{"type":"move","pit":"A"}"#).changed());
}

#[test]
fn an_analysis_move_chosen_on_another_ply_is_not_played() {
    let (mut t, _) = room(&["songo"]);
    assert!(t
        .on_page(r#"{"type":"analysis-move","pit":"C","ply":0}"#)
        .changed());
    let stale = t.on_page(r#"{"type":"analysis-move","pit":"b","ply":0}"#);
    match &stale.to_sender[..] {
        [Outgoing::Error { message, topic }] => {
            assert_eq!(
                *message,
                Say::PitRefused {
                    pit: "b".into(),
                    why: Box::new(Say::Stale)
                }
            );
            assert_eq!(*topic, Some(Topic::Analysis));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(t.analysis_view().moves, ["C"]);
    assert!(t
        .on_page(r#"{"type":"analysis-move","pit":"b","ply":1}"#)
        .changed());
}
