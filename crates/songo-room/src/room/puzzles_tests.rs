//! The puzzle trainer in the room: a line solved with the defender's
//! replies played, a wrong move refused and a second one failing, the
//! rating moving once a puzzle, filters, no repeats until the filtered
//! puzzles are all played, and all of it kept in the saved state.

use songo_core::Variant;
use songo_learn::puzzle::{embedded, Puzzle};

use super::puzzles::id_of;
use super::tests::{error_of, room};
use super::*;
use crate::learn_view::{PuzzleState, PuzzlesView};
use crate::messages::Topic;

/// The puzzles view among `messages`.
fn puzzles(messages: &[Outgoing]) -> &PuzzlesView {
    messages
        .iter()
        .find_map(|m| match m {
            Outgoing::Puzzles(v) => Some(&**v),
            _ => None,
        })
        .expect("a puzzles view")
}

/// The puzzle the view shows, from the set compiled in.
fn shown(v: &PuzzlesView) -> &'static Puzzle {
    let variant: Variant = v.variant.parse().unwrap();
    embedded::builtin(variant)
        .puzzles
        .iter()
        .find(|p| id_of(p) == v.puzzle.id)
        .expect("the puzzle shown is in the set")
}

fn answer(t: &mut Room, v: &PuzzlesView, pit: &str) -> Reply {
    t.on_page(&format!(
        r#"{{"type":"puzzle-move","pit":"{pit}","puzzle":"{}","step":{},"answers":{}}}"#,
        v.puzzle.id, v.puzzle.step, v.puzzle.answers
    ))
}

/// A legal move of the position shown that is not the one wanted.
fn wrong(v: &PuzzlesView) -> String {
    let wanted = shown(v).solution[2 * v.puzzle.step].to_string();
    v.puzzle
        .legal
        .iter()
        .find(|m| **m != wanted)
        .expect("another legal move")
        .clone()
}

/// Plays the rest of the line shown; the last view.
fn solve(t: &mut Room, mut v: PuzzlesView) -> PuzzlesView {
    let p = shown(&v);
    while v.puzzle.state != PuzzleState::Solved {
        let m = p.solution[2 * v.puzzle.step].to_string();
        let r = answer(t, &v, &m);
        let next = puzzles(&r.broadcast).clone();
        // The solver's move and the defender's reply, or the last move.
        let replied = 2 * next.puzzle.step < p.solution.len();
        assert_eq!(next.puzzle.just_played.len(), if replied { 2 } else { 1 });
        assert_eq!(next.puzzle.just_played[0].pit, m);
        v = next;
    }
    v
}

#[test]
fn a_line_found_without_a_wrong_move_wins_the_rating_and_the_streak() {
    let (mut t, _) = room(&["songo"]);
    // The welcome's puzzle: songo40's, any theme and difficulty.
    let v = t.puzzles.view();
    assert_eq!((v.rating, v.streak, v.change), (1500, 0, None));
    assert_eq!(v.puzzle.state, PuzzleState::Task);
    let p = shown(&v);
    assert_eq!(v.puzzle.position, p.position.to_string());
    assert_eq!(v.puzzle.steps, p.solution.len().div_ceil(2));
    let end = solve(&mut t, v.clone());
    assert!(end.puzzle.clean);
    assert!(end.rating > 1500 && end.change.unwrap() > 0, "{end:?}");
    assert_eq!(end.streak, 1);
    assert!(end.puzzle.legal.is_empty());
    // The whole line, to replay, from the puzzle's position.
    assert_eq!(end.puzzle.line.len(), p.solution.len());
    assert_eq!(end.puzzle.start.as_deref(), Some(&*p.position.to_string()));
    assert_eq!(end.played, 1);
    // A stale answer (a double tap) changes nothing.
    let again = answer(&mut t, &v, &p.solution[0].to_string());
    assert_eq!(error_of(&again), (Say::Stale, Some(Topic::Puzzles)));
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo40"}"#);
    assert_ne!(puzzles(&r.broadcast).puzzle.id, v.puzzle.id);
}

#[test]
fn a_second_wrong_move_fails_and_the_rating_counts_the_puzzle_once() {
    let (mut t, _) = room(&["songo"]);
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo36-amateur"}"#);
    let v = puzzles(&r.broadcast).clone();
    let r = answer(&mut t, &v, &wrong(&v));
    let once = puzzles(&r.broadcast).clone();
    assert_eq!(once.puzzle.state, PuzzleState::Wrong);
    assert!(!once.puzzle.clean);
    assert!(once.rating < 1500 && once.change.unwrap() < 0);
    assert_eq!(
        once.puzzle.position, v.puzzle.position,
        "a wrong move is refused"
    );
    let r = answer(&mut t, &once, &wrong(&once));
    let failed = puzzles(&r.broadcast).clone();
    assert_eq!(failed.puzzle.state, PuzzleState::Failed);
    assert_eq!(failed.rating, once.rating, "rated once");
    assert_eq!(failed.streak, 0);
    let p = shown(&v);
    assert_eq!(failed.puzzle.answer, Some(p.solution[0].to_string()));
    assert_eq!(failed.puzzle.line.len(), p.solution.len());
    assert_eq!(failed.played, 1, "a failed puzzle is played");

    // A wrong move, then the right line: solved, but not rated again.
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo36-amateur"}"#);
    let v = puzzles(&r.broadcast).clone();
    let r = answer(&mut t, &v, &wrong(&v));
    let lost = puzzles(&r.broadcast).clone();
    let end = solve(&mut t, lost.clone());
    assert!(!end.puzzle.clean);
    assert_eq!(end.rating, lost.rating);
    assert_eq!(end.streak, 0);
}

#[test]
fn a_double_tap_is_one_answer_and_next_leaves_the_puzzle_shown() {
    let (mut t, _) = room(&["songo"]);
    // The welcome's puzzle: songo40's, any theme and difficulty.
    let v = t.puzzles.view();
    let pit = wrong(&v);
    let first = answer(&mut t, &v, &pit);
    assert_eq!(puzzles(&first.broadcast).puzzle.state, PuzzleState::Wrong);
    // The second tap was sent on the same view: stale, not a second try.
    let second = answer(&mut t, &v, &pit);
    assert_eq!(error_of(&second), (Say::Stale, Some(Topic::Puzzles)));
    assert_eq!(t.puzzles.view().puzzle.state, PuzzleState::Wrong);
    // "Next" on a puzzle left unfinished shows another; the one left is
    // not shown again at once.
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo40"}"#);
    let next = puzzles(&r.broadcast).clone();
    assert_ne!(next.puzzle.id, v.puzzle.id);
    assert_eq!(next.played, 1);
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo40"}"#);
    let third = puzzles(&r.broadcast);
    assert!(![&v.puzzle.id, &next.puzzle.id].contains(&&third.puzzle.id));
}

#[test]
fn a_forbidden_pit_is_explained_and_not_counted() {
    let (mut t, _) = room(&["songo"]);
    // The welcome's puzzle: songo40's, any theme and difficulty.
    let v = t.puzzles.view();
    let forbidden = [
        "A", "B", "C", "D", "E", "F", "G", "a", "b", "c", "d", "e", "f", "g",
    ]
    .into_iter()
    .map(|m| {
        let side = shown(&v).position.side_to_move();
        songo_core::Move::parse(m, side).map(|m| m.to_string())
    })
    .filter_map(Result::ok)
    .find(|m| !v.puzzle.legal.contains(m));
    let Some(pit) = forbidden else {
        return; // every pit is legal in this puzzle: nothing to forbid
    };
    let r = answer(&mut t, &v, &pit);
    let after = puzzles(&r.broadcast);
    assert_eq!(after.puzzle.state, PuzzleState::Task);
    assert!(matches!(after.puzzle.why, Some(Say::PitRefused { .. })));
    assert!(after.puzzle.clean);
    assert_eq!(after.rating, 1500);
}

#[test]
fn filters_choose_and_bad_filters_are_refused() {
    let (mut t, _) = room(&["songo"]);
    let r = t.on_page(
        r#"{"type":"puzzle-next","variant":"songo40","theme":"chain-capture","difficulty":3}"#,
    );
    let v = puzzles(&r.broadcast).clone();
    assert_eq!(v.theme.as_deref(), Some("chain-capture"));
    assert!(v.puzzle.themes.contains(&"chain-capture".to_string()));
    assert_eq!(v.puzzle.difficulty, 3);
    let set = &embedded::builtin(Variant::Songo40).puzzles;
    let expected = set
        .iter()
        .filter(|p| p.difficulty == 3 && p.themes.iter().any(|t| t.name() == "chain-capture"))
        .count();
    assert_eq!(v.total, expected);
    assert!(v.themes.iter().all(|c| c.count > 0));
    for (message, say) in [
        (
            r#"{"type":"puzzle-next","variant":"songo40","theme":"sacrifice"}"#,
            Say::NoSuchTheme {
                theme: "sacrifice".into(),
            },
        ),
        (
            r#"{"type":"puzzle-next","variant":"songo40","difficulty":9}"#,
            Say::BadDifficulty { max: 7 },
        ),
    ] {
        assert_eq!(error_of(&t.on_page(message)), (say, Some(Topic::Puzzles)));
    }
}

#[test]
fn no_puzzle_comes_twice_until_the_filtered_ones_are_all_played() {
    let (mut t, _) = room(&["songo"]);
    // The smallest choice of a theme and a difficulty with two puzzles
    // or more.
    let v = Variant::Songo36Beginner;
    let set = &embedded::builtin(v).puzzles;
    let (theme, difficulty, n) = set
        .iter()
        .flat_map(|p| p.themes.iter().map(move |&th| (th, p.difficulty)))
        .map(|(th, d)| {
            let n = set
                .iter()
                .filter(|p| p.difficulty == d && p.themes.contains(&th))
                .count();
            (th, d, n)
        })
        .filter(|&(_, _, n)| (2..=6).contains(&n))
        .min_by_key(|&(_, _, n)| n)
        .expect("a small choice");
    let next = format!(
        r#"{{"type":"puzzle-next","variant":"{v}","theme":"{}","difficulty":{difficulty}}}"#,
        theme.name()
    );
    let mut seen = std::collections::BTreeSet::new();
    for k in 0..n {
        let r = t.on_page(&next);
        let shown = puzzles(&r.broadcast).clone();
        assert!(!shown.again);
        assert_eq!(shown.played, k);
        assert!(
            seen.insert(shown.puzzle.id.clone()),
            "{} twice",
            shown.puzzle.id
        );
        solve(&mut t, shown);
    }
    let r = t.on_page(&next);
    let v = puzzles(&r.broadcast);
    assert!(v.again, "all played: they start again");
    assert_eq!(v.played, 0);
    assert!(seen.contains(&v.puzzle.id));
}

#[test]
fn rating_streak_and_the_puzzle_under_way_survive_a_restart() {
    let (mut t, _) = room(&["songo"]);
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo40"}"#);
    solve(&mut t, puzzles(&r.broadcast).clone());
    // The next one, its first move found (when it has a second), or a
    // wrong answer given.
    let r = t.on_page(r#"{"type":"puzzle-next","variant":"songo40"}"#);
    let v = puzzles(&r.broadcast).clone();
    let r = if shown(&v).solution.len() > 1 {
        answer(&mut t, &v, &shown(&v).solution[0].to_string())
    } else {
        answer(&mut t, &v, &wrong(&v))
    };
    let before = puzzles(&r.broadcast).clone();
    let saved = t.saved();
    let text = serde_json::to_string(&saved).unwrap();
    let (mut u, _) = room(&["songo"]);
    u.restore(&serde_json::from_str(&text).unwrap()).unwrap();
    let after = u.puzzles.view();
    assert_eq!(
        (after.rating, after.deviation, after.streak, after.played),
        (
            before.rating,
            before.deviation,
            before.streak,
            before.played
        )
    );
    assert_eq!(after.puzzle.id, before.puzzle.id);
    assert_eq!(after.puzzle.step, before.puzzle.step);
    assert_eq!(after.puzzle.position, before.puzzle.position);
    assert_eq!(after.puzzle.clean, before.puzzle.clean);
    assert_eq!(after.puzzle.state, before.puzzle.state);
    assert_eq!(after.puzzle.tried, before.puzzle.tried);
    // Damaged puzzle data costs the puzzle, never the room.
    let mut bad = saved.clone();
    if let Some(p) = bad.puzzles.as_mut() {
        p.puzzle.id = "nonsense".into();
        p.puzzle.at = 99;
        p.rating.deviation = f64::NAN;
    }
    let (mut w, _) = room(&["songo"]);
    w.restore(&bad).unwrap();
    assert_eq!(w.puzzles.view().deviation, 350);
}
