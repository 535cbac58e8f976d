//! Practise your mistakes: the person's own mistakes of a finished review
//! become exercises (not the engine's), an answer is judged by a review of
//! that move at the review's limit, and a good answer solves it.

use songo_client::review::{GameReview, Judgement, MoveReview};

use super::tests::{answer, error_of, moves, room};
use super::*;
use crate::learn_view::{ExerciseState, MistakesView};
use crate::link::{Job, Limit};
use crate::messages::Topic;

fn mistakes(messages: &[Outgoing]) -> &MistakesView {
    messages
        .iter()
        .find_map(|m| match m {
            Outgoing::Mistakes(v) => Some(&**v),
            _ => None,
        })
        .expect("a mistakes view")
}

/// The last review job: its process, ticket and game.
fn last_review(jobs: &super::tests::Jobs) -> (u64, u64, songo_core::Game, Limit) {
    jobs.lock()
        .unwrap()
        .iter()
        .rev()
        .find_map(|(g, j)| match j {
            Job::Review {
                ticket,
                game,
                limit,
            } => Some((*g, *ticket, game.clone(), *limit)),
            _ => None,
        })
        .expect("a review job")
}

/// A review of `played` where moves `bad` (plies from 0) are blunders that
/// `A` or `a` would have avoided.
fn review_of(played: &[songo_core::Move], bad: &[usize]) -> GameReview {
    GameReview {
        moves: played
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let blunder = bad.contains(&i);
                let best = if m.side() == songo_core::Side::South {
                    "A"
                } else {
                    "a"
                };
                MoveReview {
                    ply: i,
                    mover: m.side(),
                    pv: vec![],
                    played: m,
                    best: Some(if blunder { best.parse().unwrap() } else { m }),
                    before: 0,
                    after: if blunder { -900 } else { 0 },
                    loss: if blunder { 900 } else { 0 },
                    judgement: if blunder {
                        Judgement::Blunder
                    } else {
                        Judgement::Good
                    },
                }
            })
            .collect(),
        curve: vec![0; played.len() + 1],
    }
}

#[test]
fn the_persons_mistakes_become_exercises_judged_by_the_engine() {
    let (mut t, jobs) = room(&["songo"]);
    let r = t.on_page(r#"{"type":"mistakes-start"}"#);
    assert_eq!(error_of(&r), (Say::NoReviewDone, Some(Topic::Mistakes)));
    for (pit, reply) in [("C", "d"), ("E", "a")] {
        t.on_page(&format!(r#"{{"type":"move","pit":"{pit}"}}"#));
        answer(&mut t, &jobs, reply);
    }
    t.on_page(r#"{"type":"review","game":"play","depth":6}"#);
    let (g, ticket, _, _) = last_review(&jobs);
    // Blunders by the person (ply 2, E) and by the engine (ply 3, a).
    let review = review_of(&moves("C d E a"), &[2, 3]);
    t.on_engine(g, LinkEvent::Reviewed { ticket, review });

    let r = t.on_page(r#"{"type":"mistakes-start"}"#);
    let v = mistakes(&r.broadcast).clone();
    assert_eq!(v.exercises.len(), 1, "only the person's own: {v:?}");
    assert_eq!(v.exercises[0].label, "2. E");
    let e = v.exercise.clone().unwrap();
    assert_eq!((e.played.as_str(), e.judgement.as_str()), ("E", "blunder"));
    assert_eq!(e.side, "south");
    assert_eq!(e.state, ExerciseState::Task);
    assert_eq!(v.limit, Some(Say::LimitDepth { depth: 6 }));

    // The move of the game again: judged as the review judged it.
    let r = t.on_page(r#"{"type":"mistake-move","pit":"E","index":1}"#);
    let e = mistakes(&r.broadcast).exercise.clone().unwrap();
    assert_eq!(e.state, ExerciseState::Judged);
    assert_eq!(e.verdict.as_ref().unwrap().judgement, "blunder");
    assert_eq!(e.verdict.as_ref().unwrap().best, None, "not given away");
    assert!(!e.solved);

    // Another move: the analyst reviews that one move at the same limit.
    let jobs_before = jobs.lock().unwrap().len();
    let r = t.on_page(r#"{"type":"mistake-move","pit":"F","index":1}"#);
    assert_eq!(
        mistakes(&r.broadcast).exercise.as_ref().unwrap().state,
        ExerciseState::Judging
    );
    assert!(jobs.lock().unwrap().len() > jobs_before);
    let (g, ticket, game, limit) = last_review(&jobs);
    assert_eq!(limit, Limit::Depth(6));
    assert_eq!(game.moves(), &moves("C d F")[..]);
    // A second answer while the first is judged is stale.
    let r = t.on_page(r#"{"type":"mistake-move","pit":"B","index":1}"#);
    assert_eq!(error_of(&r), (Say::Stale, Some(Topic::Mistakes)));
    let mut verdict = review_of(&moves("C d F"), &[]);
    verdict.moves[2].loss = 300;
    verdict.moves[2].best = Some("A".parse().unwrap());
    // A verdict of another search is dropped.
    let out = t.on_engine(
        g,
        LinkEvent::Reviewed {
            ticket: ticket + 100,
            review: verdict.clone(),
        },
    );
    assert!(out.iter().all(|m| !matches!(m, Outgoing::Mistakes(_))));
    let out = t.on_engine(
        g,
        LinkEvent::Reviewed {
            ticket,
            review: verdict.clone(),
        },
    );
    let e = mistakes(&out).exercise.clone().unwrap();
    assert_eq!(e.state, ExerciseState::Judged);
    let judged = e.verdict.unwrap();
    assert_eq!((judged.judgement.as_str(), judged.loss), ("mistake", 300));
    // The second miss (the game's move was the first): the engine's move
    // is said now, not before.
    assert_eq!(judged.best.as_deref(), Some("A"));
    assert!(!e.solved);
    // The review itself is untouched by the verdict.
    assert_eq!(t.review_view().state, "done");

    // A good answer solves it.
    verdict.moves[2].loss = 0;
    t.on_page(r#"{"type":"mistake-move","pit":"F","index":1}"#);
    let (g, ticket, _, _) = last_review(&jobs);
    let out = t.on_engine(
        g,
        LinkEvent::Reviewed {
            ticket,
            review: verdict,
        },
    );
    let v = mistakes(&out);
    assert!(v.exercise.as_ref().unwrap().solved);
    assert_eq!(v.solved, 1);
    // The engine's own best is judged at once, good.
    let r = t.on_page(r#"{"type":"mistake-move","pit":"A","index":1}"#);
    let e = mistakes(&r.broadcast).exercise.clone().unwrap();
    assert_eq!(e.verdict.unwrap().judgement, "good");
    // A pit the rules forbid (the last pit, in songo40) is explained.
    let r = t.on_page(r#"{"type":"mistake-move","pit":"G","index":1}"#);
    let e = mistakes(&r.broadcast).exercise.clone().unwrap();
    assert_eq!(e.state, ExerciseState::Refused);
    assert!(matches!(e.why, Some(Say::PitRefused { .. })));
    let r = t.on_page(r#"{"type":"mistake-open","index":2}"#);
    assert_eq!(
        error_of(&r),
        (Say::NoSuchExercise { index: 2 }, Some(Topic::Mistakes))
    );
}

#[test]
fn between_two_people_both_sides_are_practised() {
    let (mut t, jobs) = room(&["songo"]);
    t.on_page(
        r#"{"type":"new-game","variant":"songo40","side":"both","level":3,"names":["Ada","Bob"]}"#,
    );
    for pit in ["C", "d", "E", "a"] {
        t.on_page(&format!(r#"{{"type":"move","pit":"{pit}"}}"#));
    }
    t.on_page(r#"{"type":"review","game":"play","movetime":100}"#);
    let (g, ticket, _, _) = last_review(&jobs);
    let review = review_of(&moves("C d E a"), &[1, 2]);
    t.on_engine(g, LinkEvent::Reviewed { ticket, review });
    let r = t.on_page(r#"{"type":"mistakes-start"}"#);
    let v = mistakes(&r.broadcast);
    let labels: Vec<&str> = v.exercises.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(labels, ["1... d", "2. E"]);
    // A review without mistakes of theirs offers none.
    let (mut u, jobs) = room(&["songo"]);
    u.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut u, &jobs, "d");
    u.on_page(r#"{"type":"review","game":"play","depth":2}"#);
    let (g, ticket, _, _) = last_review(&jobs);
    let review = review_of(&moves("C d"), &[1]);
    u.on_engine(g, LinkEvent::Reviewed { ticket, review });
    let r = u.on_page(r#"{"type":"mistakes-start"}"#);
    assert_eq!(error_of(&r), (Say::NoMistakes, Some(Topic::Mistakes)));
}
