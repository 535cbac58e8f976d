//! The `Game` type: history, the third-repetition rule, undo, results.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo_core::{EndReason, Game, GameStatus, Move, PlayError, Position, Side, Variant};

fn random_game(v: Variant, start: Position, rng: &mut StdRng, max_plies: usize) -> Game {
    let mut g = Game::new(v, start);
    while !g.is_over() && g.moves().len() < max_plies {
        let moves: Vec<Move> = g.position().legal_moves(v).into_iter().collect();
        g.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    g
}

/// A random position with few seeds left, the kind of endgame where seeds
/// can circle the board without captures.
fn sparse_position(rng: &mut StdRng) -> Position {
    let board: u8 = rng.random_range(10..=14);
    let mut pits = [0u8; 14];
    for _ in 0..board {
        pits[rng.random_range(0..14)] += 1;
    }
    let south = (70 - board) / 2;
    Position::from_parts(
        pits,
        Side::South,
        [south, 70 - board - south],
        [false, false],
    )
    .unwrap()
}

#[test]
fn third_repetition_ends_random_games_exactly_when_due() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut by_repetition = 0;
    for v in Variant::ALL {
        for i in 0..20_000 {
            let start = if i % 2 == 0 {
                Position::startpos()
            } else {
                sparse_position(&mut rng)
            };
            let g = random_game(v, start, &mut rng, 400);
            let positions = g.positions();
            // No position reached its third occurrence before the last one.
            let mut seen = std::collections::HashMap::new();
            for (i, p) in positions.iter().enumerate() {
                let n = seen.entry(*p).or_insert(0);
                *n += 1;
                if *n == 3 {
                    assert_eq!(
                        i,
                        positions.len() - 1,
                        "{v}: game went on after a third repetition"
                    );
                }
            }
            if let GameStatus::Over {
                reason: EndReason::Repetition,
                ..
            } = g.status()
            {
                by_repetition += 1;
                assert_eq!(seen[&g.position()], 3);
                assert_eq!(g.repetitions(), 3);
                assert!(!g.position().is_over(v));
            }
        }
    }
    assert!(
        by_repetition > 0,
        "no random game ended by repetition: the test checks nothing"
    );
}

#[test]
fn a_known_cycle_ends_on_its_third_occurrence() {
    let start: Position = "0,0,1,2,0,1,0/1,2,1,2,0,2,0 s 29 29 -".parse().unwrap();
    let line = "D b E a F d C e D a E b F f C c D d E f F e A f B g G b C a A b B c C e D f A b \
                E d F c B a C e D d E f A b B e C c F f D d E e F f G g B e E a A b C f B c C e \
                F f D d F f E e F f G g D a C d D e A f E b B c D d F a C b E f F c D e E d F f G";
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let mut g = Game::new(Variant::Songo40, start);
    for (i, m) in moves.iter().enumerate() {
        assert!(!g.is_over(), "over before move {i}");
        g.play(*m).unwrap();
    }
    assert!(matches!(
        g.status(),
        GameStatus::Over {
            reason: EndReason::Repetition,
            ..
        }
    ));
    assert_eq!(g.repetitions(), 3);
    g.undo();
    assert_eq!(g.status(), GameStatus::Ongoing);
}

#[test]
fn undo_restores_every_earlier_state() {
    let mut rng = StdRng::seed_from_u64(11);
    for v in Variant::ALL {
        let mut g = random_game(v, Position::startpos(), &mut rng, 80);
        let positions = g.positions().to_vec();
        for i in (0..g.moves().len()).rev() {
            g.undo().unwrap();
            assert_eq!(g.position(), positions[i]);
            assert!(!g.is_over());
        }
        assert!(g.undo().is_none());
    }
}

#[test]
fn finished_games_report_the_rules_result() {
    let mut rng = StdRng::seed_from_u64(13);
    for v in Variant::ALL {
        for _ in 0..200 {
            let g = random_game(v, Position::startpos(), &mut rng, 5000);
            let GameStatus::Over {
                outcome,
                scores,
                reason,
            } = g.status()
            else {
                panic!("{v}: a random game did not end in 5000 plies");
            };
            let p = g.position();
            assert_eq!(scores, p.final_scores(v));
            assert_eq!(outcome, p.outcome(v));
            if reason != EndReason::Repetition {
                assert_eq!(p.end_reason(v), Some(reason));
            }
            let err = g.clone().play(Move::from_pit(0)).unwrap_err();
            assert_eq!(err, PlayError::GameOver { reason });
        }
    }
}

#[test]
fn illegal_moves_leave_the_game_unchanged() {
    let mut g = Game::new(Variant::Songo40, Position::startpos());
    let before = g.clone();
    assert!(matches!(
        g.play("a".parse().unwrap()),
        Err(PlayError::Illegal(_))
    ));
    assert_eq!(g, before);
    let (at, _) = Game::with_moves(
        Variant::Songo40,
        Position::startpos(),
        ["A", "a", "a"].map(|m| m.parse::<Move>().unwrap()),
    )
    .unwrap_err();
    assert_eq!(at, 2);
}
