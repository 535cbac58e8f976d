//! Learn in the room: a wrong answer refused with its reason, the right
//! one accepted and sown, progress kept in the saved state.

use super::tests::room;
use super::*;
use crate::messages::Topic;
use crate::view::{LessonState, LessonsView};

/// The lessons view among `messages`.
fn lessons(messages: &[Outgoing]) -> &LessonsView {
    messages
        .iter()
        .find_map(|m| match m {
            Outgoing::Lessons(v) => Some(&**v),
            _ => None,
        })
        .expect("a lessons view")
}

#[test]
fn a_forbidden_pit_is_refused_with_the_rules_reason() {
    let (mut t, _) = room(&["songo"]);
    let r = t.on_page(
        r#"{"type":"lesson-open","variant":"songo36-beginner","lesson":"noble-forbidden"}"#,
    );
    let v = lessons(&r.broadcast);
    assert_eq!(
        (v.variant.as_str(), v.lesson.id.as_str()),
        ("songo36-beginner", "noble-forbidden")
    );
    assert_eq!(v.lesson.state, LessonState::Task);
    assert!(!v.lesson.legal.contains(&"G".to_string()));
    let r = t.on_page(r#"{"type":"lesson-move","pit":"G","lesson":"noble-forbidden"}"#);
    let v = lessons(&r.broadcast);
    assert_eq!(v.lesson.state, LessonState::Wrong);
    assert_eq!(
        v.lesson.why,
        Some(Say::PitRefused {
            pit: "G".into(),
            why: Box::new(Say::InterditSolo)
        })
    );
    assert_eq!(v.solved, 0);
}

#[test]
fn a_legal_wrong_move_is_refused_with_what_it_would_do() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(r#"{"type":"lesson-open","variant":"songo40","lesson":"chain"}"#);
    let r = t.on_page(r#"{"type":"lesson-move","pit":"D","lesson":"chain"}"#);
    let v = lessons(&r.broadcast);
    assert_eq!(v.lesson.state, LessonState::Wrong);
    assert_eq!(v.lesson.why, None);
    assert_eq!(
        v.lesson.effect,
        Some(Say::SownCaptured {
            pit: "D".into(),
            seeds: 2,
            pits: vec!["b".into()]
        })
    );
    assert_eq!(v.lesson.texts.wrong, "lesson-chain-wrong");
}

#[test]
fn the_right_move_is_accepted_sown_and_counted() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(r#"{"type":"lesson-open","variant":"songo40","lesson":"chain"}"#);
    let r = t.on_page(r#"{"type":"lesson-move","pit":"E","lesson":"chain"}"#);
    let v = lessons(&r.broadcast);
    assert_eq!(v.lesson.state, LessonState::Solved);
    let lesson = songo_learn::lesson::builtin().get("chain").unwrap();
    assert_eq!(
        v.lesson.after.as_deref(),
        Some(lesson.accept[0].after.to_string().as_str())
    );
    let sowing = v.lesson.sowing.as_ref().unwrap();
    assert_eq!(sowing.captured, ["b", "c"]);
    assert_eq!(v.solved, 1);
    assert!(v.lessons.iter().any(|l| l.id == "chain" && l.done));
    assert_eq!(v.lesson.next.as_deref(), Some("grenier"));
    // Solved: another answer is stale.
    let r = t.on_page(r#"{"type":"lesson-move","pit":"D","lesson":"chain"}"#);
    assert!(matches!(
        &r.to_sender[..],
        [Outgoing::Error {
            message: Say::Stale,
            topic: Some(Topic::Lessons)
        }]
    ));
    // Without an id, the first lesson not solved opens.
    let r = t.on_page(r#"{"type":"lesson-open","variant":"songo40"}"#);
    assert_eq!(lessons(&r.broadcast).lesson.id, "sow");
}

#[test]
fn a_game_ending_lesson_says_how_and_the_scores() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(r#"{"type":"lesson-open","variant":"songo36-amateur","lesson":"end-few-36"}"#);
    let r = t.on_page(r#"{"type":"lesson-move","pit":"E","lesson":"end-few-36"}"#);
    let v = lessons(&r.broadcast);
    assert_eq!(v.lesson.end, Some(Say::EndFewSeeds));
    // songo36: each keeps the seeds left in his own row.
    assert_eq!(v.lesson.scores, Some([41, 29]));
}

#[test]
fn bad_lesson_messages_are_refused() {
    let (mut t, _) = room(&["songo"]);
    let refused = |t: &mut Room, text: &str| {
        let r = t.on_page(text);
        assert!(!r.changed(), "{text}");
        match &r.to_sender[..] {
            [Outgoing::Error { message, .. }] => message.clone(),
            other => panic!("{other:?}"),
        }
    };
    assert!(matches!(
        refused(
            &mut t,
            r#"{"type":"lesson-open","variant":"songo40","lesson":"capture-solo"}"#
        ),
        Say::NoSuchLesson { .. }
    ));
    assert!(matches!(
        refused(&mut t, r#"{"type":"lesson-open","variant":"songo41"}"#),
        Say::UnknownVariant { .. }
    ));
    assert_eq!(
        refused(
            &mut t,
            r#"{"type":"lesson-move","pit":"C","lesson":"chain"}"#
        ),
        Say::Stale
    );
    assert!(matches!(
        refused(&mut t, r#"{"type":"lesson-move","pit":"Z","lesson":"sow"}"#),
        Say::NotAPit { .. }
    ));
}

#[test]
fn progress_is_saved_and_restored() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(r#"{"type":"lesson-open","variant":"songo36-beginner","lesson":"sow"}"#);
    t.on_page(r#"{"type":"lesson-move","pit":"C","lesson":"sow"}"#);
    t.on_page(r#"{"type":"lesson-open","variant":"songo36-beginner","lesson":"chain"}"#);
    let saved = SavedRoom::from_json(&t.saved().to_json()).unwrap();
    let kept = saved.lessons.clone().unwrap();
    assert_eq!(kept.variant, "songo36-beginner");
    assert_eq!(kept.lesson, "chain");
    assert_eq!(kept.done["songo36-beginner"], ["sow"]);

    let (mut fresh, _) = room(&["songo"]);
    fresh.restore(&saved).unwrap();
    let Outgoing::Lessons(v) = fresh.lessons_message() else {
        unreachable!()
    };
    assert_eq!(
        (v.variant.as_str(), v.lesson.id.as_str(), v.solved),
        ("songo36-beginner", "chain", 1)
    );
    assert!(v.lessons[0].done);
    // Solved in one variant only.
    fresh.on_page(r#"{"type":"lesson-open","variant":"songo40","lesson":"sow"}"#);
    let Outgoing::Lessons(v) = fresh.lessons_message() else {
        unreachable!()
    };
    assert_eq!(v.solved, 0);
}

#[test]
fn unknown_saved_lessons_are_dropped_and_old_saves_have_none() {
    let (mut t, _) = room(&["songo"]);
    let mut saved = t.saved();
    saved.lessons = Some(SavedLessons {
        variant: "songo40".into(),
        lesson: "no-such-lesson".into(),
        done: [
            (
                "songo40".to_string(),
                vec!["sow".to_string(), "gone".to_string()],
            ),
            ("songo99".to_string(), vec!["sow".to_string()]),
        ]
        .into(),
    });
    t.restore(&saved).unwrap();
    let kept = t.saved().lessons.unwrap();
    assert_eq!(kept.done.len(), 1);
    assert_eq!(kept.done["songo40"], ["sow"]);
    assert_eq!(kept.lesson, "capture");
    // A saved state from before the lessons reads, with none solved.
    let mut json: serde_json::Value = serde_json::from_str(&t.saved().to_json()).unwrap();
    json.as_object_mut().unwrap().remove("lessons");
    let old = SavedRoom::from_json(&json.to_string()).unwrap();
    assert_eq!(old.lessons, None);
}
