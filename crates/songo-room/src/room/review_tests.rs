//! Reviews on the analyst: the moves marked, a review that fails with its
//! engine or with a position it cannot score, and the live analysis
//! after it.

use std::time::Duration;

use songo_client::review::{GameReview, Judgement, MoveReview};

use super::tests::{answer, moves, room};
use super::*;
use crate::link::{Failure, Job, Limit};
use crate::view::EngineStatus;

#[test]
fn a_review_runs_on_the_analyst_and_marks_moves() {
    let (mut t, jobs) = room(&["songo"]);
    for (pit, reply) in [("C", "d"), ("E", "a")] {
        t.on_page(&format!(r#"{{"type":"move","pit":"{pit}"}}"#));
        answer(&mut t, &jobs, reply);
    }
    t.on_page(r#"{"type":"analyse","on":true}"#);
    let r = t.on_page(r#"{"type":"review","game":"play","depth":6}"#);
    assert!(r.changed());
    let (g, ticket, limit) = jobs
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find_map(|(g, j)| match j {
            Job::Review {
                ticket,
                limit,
                game,
            } => {
                assert_eq!(game.moves().len(), 4);
                Some((*g, *ticket, *limit))
            }
            _ => None,
        })
        .expect("a review job");
    assert_eq!(limit, Limit::Depth(6));
    let v = t.review_view();
    assert_eq!(
        (v.state, v.done, v.total, v.limit),
        ("running", 0, 5, Some(Say::LimitDepth { depth: 6 }))
    );
    assert_eq!(t.analysis_view().engine_status, EngineStatus::Reviewing);
    let out = t.on_engine(
        g,
        LinkEvent::ReviewProgress {
            ticket,
            done: 2,
            total: 5,
        },
    );
    assert!(matches!(out[..], [Outgoing::Review(_)]));
    let played = moves("C d E a");
    let review = GameReview {
        moves: played
            .iter()
            .enumerate()
            .map(|(i, &m)| MoveReview {
                ply: i,
                mover: m.side(),
                pv: vec![m.to_string()],
                played: m,
                best: Some(if i == 2 { "G".parse().unwrap() } else { m }),
                before: 0,
                after: if i == 2 { -900 } else { 0 },
                loss: if i == 2 { 900 } else { 0 },
                judgement: if i == 2 {
                    Judgement::Blunder
                } else {
                    Judgement::Good
                },
            })
            .collect(),
        curve: vec![0, 0, 0, -900, -900],
    };
    let searches_before = jobs.lock().unwrap().len();
    t.on_engine(g, LinkEvent::Reviewed { ticket, review });
    let v = t.review_view();
    assert_eq!((v.state, v.done), ("done", 5));
    let blunder = &v.moves[2];
    assert_eq!(
        (
            blunder.judgement.as_str(),
            blunder.best.as_deref(),
            blunder.side.as_str()
        ),
        ("blunder", Some("G"), "south")
    );
    assert_eq!(v.moves[0].best, None, "the move played was the best");
    // Labelled as the move list and the record number moves.
    let labels: Vec<&str> = v.moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["1. C", "1... d", "2. E", "2... a"]);
    assert_eq!(v.curve.len(), 5);
    // Saved now, the record carries the review.
    let r = t.on_page(r#"{"type":"save","game":"analysis"}"#);
    let [Outgoing::Record { text, .. }] = &r.to_sender[..] else {
        panic!("{r:?}")
    };
    assert!(
        text.contains("[Annotator \"songo gui review, depth 6\"]"),
        "{text}"
    );
    assert!(
        text.contains("2. E {-9.00 blunder, lost 9.00; better G}"),
        "{text}"
    );
    let back: songo_core::record::GameRecord =
        text.parse().expect("an annotated record reads back");
    assert_eq!(back.moves, played);
    // The live analysis resumes after the review.
    let jobs_now = jobs.lock().unwrap();
    assert!(jobs_now.len() > searches_before);
    assert!(matches!(
        &jobs_now.last().unwrap().1,
        Job::Search { search, .. } if search.limit == Limit::Infinite
    ));
    drop(jobs_now);
    // A new line on the board drops the review.
    t.on_page(r#"{"type":"goto","ply":1}"#);
    assert_eq!(t.review_view().state, "done");
    t.on_page(r#"{"type":"analysis-move","pit":"a"}"#);
    assert_eq!(t.review_view().state, "none");
}

#[test]
fn a_failed_analyst_fails_its_review_and_is_restarted() {
    let (mut t, jobs) = room(&["songo"]);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    t.on_page(r#"{"type":"review","game":"play","movetime":100}"#);
    let (g, _) = jobs
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find_map(|(g, j)| matches!(j, Job::Review { .. }).then_some((*g, ())))
        .unwrap();
    t.on_engine(
        g,
        LinkEvent::Failed(Failure::Stalled(Duration::from_secs(6))),
    );
    let v = t.review_view();
    assert_eq!(v.state, "failed");
    assert!(matches!(
        v.message,
        Some(Say::EngineStalled { seconds: 6, .. })
    ));
    let a = t.analysis_view();
    assert_eq!(a.engine_status, EngineStatus::Failed);
    // The play engine is not touched.
    assert_eq!(t.view().engine_status, EngineStatus::Ready);
    t.on_page(r#"{"type":"restart-analyst"}"#);
    assert_eq!(t.analysis_view().engine_status, EngineStatus::Ready);
    assert!(t
        .on_engine(g, LinkEvent::Failed(Failure::Crashed))
        .is_empty());
}

#[test]
fn a_review_the_engine_cannot_score_fails_alone() {
    let (mut t, jobs) = room(&["songo"]);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    t.on_page(r#"{"type":"analyse","on":true}"#);
    t.on_page(r#"{"type":"review","game":"play","depth":3}"#);
    let (g, ticket) = jobs
        .lock()
        .unwrap()
        .iter()
        .rev()
        .find_map(|(g, j)| match j {
            Job::Review { ticket, .. } => Some((*g, *ticket)),
            _ => None,
        })
        .unwrap();
    let message = Say::EngineNoScore {
        line: "bestmove C".into(),
        ply: 0,
    };
    t.on_engine(
        g,
        LinkEvent::ReviewFailed {
            ticket,
            message: message.clone(),
        },
    );
    let v = t.review_view();
    assert_eq!(v.state, "failed");
    assert_eq!(v.message, Some(message));
    // The analyst is fine and analyses again.
    assert_eq!(t.analysis_view().engine_status, EngineStatus::Thinking);
    assert!(matches!(
        &jobs.lock().unwrap().last().unwrap().1,
        Job::Search { search, .. } if search.limit == Limit::Infinite
    ));
}
