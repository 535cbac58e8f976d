//! The lessons compiled in, replayed; and damaged files refused, each
//! naming the file.

use super::*;

const NAME: &str = "damaged.json";

/// The compiled-in file with one text replaced, parsed as `NAME`.
fn damaged(from: &str, to: &str) -> LessonError {
    assert!(BUILTIN_TEXT.contains(from), "{from} is not in the file");
    let text = BUILTIN_TEXT.replacen(from, to, 1);
    let e = Lessons::parse(NAME, &text).expect_err("a damaged file is refused");
    assert!(e.to_string().starts_with(NAME), "{e}");
    e
}

#[test]
fn every_lesson_compiled_in_replays_through_the_rules_core() {
    let lessons = Lessons::parse(BUILTIN_NAME, BUILTIN_TEXT).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lessons.all().len(), builtin().all().len());
}

#[test]
fn each_variant_has_8_to_12_lessons_that_teach_all_its_rules() {
    for v in Variant::ALL {
        let of: Vec<_> = builtin().of(v).collect();
        assert!(
            (8..=12).contains(&of.len()),
            "{}: {} lessons",
            v.name(),
            of.len()
        );
        for rule in Rule::ALL.into_iter().filter(|r| r.is_of(v)) {
            assert!(
                of.iter().any(|l| l.rules.contains(&rule)),
                "{}: no lesson teaches {}",
                v.name(),
                rule.name()
            );
        }
    }
}

#[test]
fn a_lesson_judges_right_illegal_and_wrong_moves() {
    let chain = builtin().get("chain").unwrap();
    let v = Variant::Songo40;
    let m = |t: &str| t.parse::<Move>().unwrap();
    assert!(
        matches!(chain.judge(v, m("E")), Judged::Right(a) if a.after.captured(songo_core::Side::South) == 17)
    );
    assert_eq!(chain.judge(v, m("D")), Judged::Wrong);
    assert!(matches!(
        chain.judge(v, m("a")),
        Judged::Illegal(IllegalReason::NotYours { .. })
    ));
    let noble = builtin().get("noble-forbidden").unwrap();
    assert_eq!(
        noble.judge(Variant::Songo36Beginner, m("G")),
        Judged::Illegal(IllegalReason::InterditSolo)
    );
}

#[test]
fn a_wrong_expected_position_is_refused() {
    let e = damaged(
        "\"after\": \"5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 Gg\"",
        "\"after\": \"5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 G\"",
    );
    assert!(
        matches!(&e, LessonError::Fault { lesson, fault: Fault::After { .. }, .. } if lesson == "sow"),
        "{e}"
    );
}

#[test]
fn a_wrong_reason_is_refused() {
    let e = damaged("\"why\": \"interdit-solo\"", "\"why\": \"interdit-duo\"");
    assert!(
        matches!(&e, LessonError::Fault { lesson, fault: Fault::Reason { .. }, .. } if lesson == "noble-forbidden"),
        "{e}"
    );
    // A move said to be legal but wrong that the rules forbid.
    let e = damaged(
        "{\"move\": \"G\", \"why\": \"last-pit\"}",
        "{\"move\": \"G\"}",
    );
    assert!(
        matches!(
            e,
            LessonError::Fault {
                fault: Fault::Reason { .. },
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn an_illegal_accepted_move_is_refused() {
    // chain's answer E changed to G, an empty pit.
    let e = damaged(
        "{\"move\": \"E\", \"after\": \"2,2,2,5,0,3,1/",
        "{\"move\": \"G\", \"after\": \"2,2,2,5,0,3,1/",
    );
    assert!(
        matches!(
            e,
            LessonError::Fault {
                fault: Fault::AcceptedIllegal { .. },
                ..
            }
        ),
        "{e}"
    );
    // last-pit's answer F changed to G, which it refuses.
    let e = damaged(
        "{\"move\": \"F\", \"after\": \"2,2,2,2,2,0,4/",
        "{\"move\": \"G\", \"after\": \"2,2,2,2,2,0,4/",
    );
    assert!(
        matches!(
            e,
            LessonError::Fault {
                fault: Fault::Both { .. },
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_wrong_end_is_refused() {
    let e = damaged("\"end\": \"threshold\"", "\"end\": \"few-seeds\"");
    assert!(
        matches!(
            e,
            LessonError::Fault {
                fault: Fault::End { .. },
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn broken_json_unknown_fields_and_bad_values_are_refused() {
    let e = damaged("\"format\": 1,", "\"format\": 1");
    assert!(matches!(e, LessonError::Json { line: 3, .. }), "{e}");
    let e = damaged("\"format\": 1,", "\"format\": 2,");
    assert!(matches!(e, LessonError::Format { found: 2, .. }), "{e}");
    let e = damaged("\"id\": \"chain\",", "\"id\": \"chain\", \"colour\": 1,");
    assert!(matches!(e, LessonError::Json { .. }), "{e}");
    let e = damaged("\"id\": \"chain\",", "\"id\": \"capture\",");
    assert!(matches!(&e, LessonError::Field { what: "id", .. }), "{e}");
    let e = damaged("\"rules\": [\"chain\"]", "\"rules\": [\"chains\"]");
    assert!(matches!(&e, LessonError::Field { what: "rule", .. }), "{e}");
    let e = damaged(
        "\"position\": \"2,2,2,5,5,2,0/5,1,1,5,5,5,5 s 13 12 -\"",
        "\"position\": \"2,2,2,5,5,2,0/5,1,1,5,5,5,5 s 13 13 -\"",
    );
    assert!(
        matches!(
            &e,
            LessonError::Field {
                what: "position",
                ..
            }
        ),
        "{e}"
    );
    let e = damaged("\"variants\": [\"songo40\"]", "\"variants\": [\"songo41\"]");
    assert!(
        matches!(
            &e,
            LessonError::Field {
                what: "variant",
                ..
            }
        ),
        "{e}"
    );
    let e = damaged(
        "\"task\": \"lesson-chain-task\"",
        "\"task\": \"Capture two pits\"",
    );
    assert!(matches!(&e, LessonError::Field { what: "task", .. }), "{e}");
    // A rule of another variant.
    let e = damaged("\"rules\": [\"chain\"]", "\"rules\": [\"direct-gain\"]");
    assert!(
        matches!(
            e,
            LessonError::Fault {
                fault: Fault::Rule { .. },
                ..
            }
        ),
        "{e}"
    );
    assert!(matches!(
        Lessons::parse(NAME, "{\"format\": 1, \"lessons\": []}"),
        Err(LessonError::Empty { .. })
    ));
    assert!(matches!(
        Lessons::parse(NAME, ""),
        Err(LessonError::Json { .. })
    ));
}
