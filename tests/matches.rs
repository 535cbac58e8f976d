//! The match runner's referee against real processes: the engine, and
//! sparring partners that crash, stall, lose on time or play nonsense.

use std::path::PathBuf;
use std::time::Duration;

use songo::matches::{play_game, Ending, EngineSpec, Fault, GameSettings, Opening, TimeControl};
use songo::{Game, GameStatus, Outcome, Position, Side, Variant};

fn exe() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_songo"))
}

fn settings(v: Variant) -> GameSettings {
    GameSettings {
        variant: v,
        max_plies: 400,
        time_margin: Duration::ZERO,
        stall_timeout: Duration::from_millis(600),
        default_cmd: exe(),
    }
}

fn spec(text: &str) -> EngineSpec {
    text.parse().expect("a valid engine spec")
}

fn start() -> Opening {
    Opening {
        start: Position::startpos(),
        moves: Vec::new(),
    }
}

/// The game the referee reports must be the one the rules core replays.
fn check_consistent(r: &songo::matches::GameReport, v: Variant) {
    let g = Game::with_moves(v, r.game.start(), r.game.moves().iter().copied()).expect("legal");
    assert_eq!(g.status(), r.game.status());
    if let Ending::Rules(reason) = r.ending {
        let GameStatus::Over {
            outcome,
            reason: why,
            ..
        } = g.status()
        else {
            panic!("ended by the rules but the game goes on");
        };
        assert_eq!((outcome, why), (r.outcome, reason));
    }
}

#[test]
fn engine_beats_random_by_the_rules_in_every_variant() {
    for v in Variant::ALL {
        let engine = spec("name=songo");
        let random = spec("arg=sparring arg=--kind=random arg=--seed=7");
        let tc = TimeControl::Depth(4);
        for (pair, engine_side) in [
            ([&engine, &random], Side::South),
            ([&random, &engine], Side::North),
        ] {
            let r = play_game(pair, [tc, tc], &start(), &settings(v));
            check_consistent(&r, v);
            assert!(
                matches!(r.ending, Ending::Rules(_)),
                "{v}: {} ({:?})",
                r.ending,
                r.game.moves()
            );
            assert_eq!(r.outcome, Outcome::Win(engine_side), "{v}: {}", r.ending);
        }
    }
}

#[test]
fn faults_lose_the_game_against_the_faulty_side() {
    let v = Variant::Songo40;
    let good = spec("arg=sparring arg=--kind=random");
    let movetime = TimeControl::MoveTime(Duration::from_millis(20));
    let clock = TimeControl::Clock {
        base: Duration::from_millis(300),
        inc: Duration::ZERO,
    };
    type Expect = fn(&Fault) -> bool;
    let cases: [(&str, TimeControl, Expect); 7] = [
        ("illegal", movetime, |f| matches!(f, Fault::Illegal(_))),
        ("garbage", movetime, |f| matches!(f, Fault::Malformed(_))),
        ("crash", movetime, |f| *f == Fault::Crash),
        ("stall", movetime, |f| *f == Fault::Stall),
        ("stall", clock, |f| *f == Fault::Stall),
        ("slow", clock, |f| matches!(f, Fault::TimeLoss { .. })),
        ("crash", clock, |f| *f == Fault::Crash),
    ];
    for (kind, tc, expected) in cases {
        for after in [0, 3] {
            let bad = spec(&format!(
                "arg=sparring arg=--kind={kind} arg=--after={after}"
            ));
            for bad_side in Side::BOTH {
                let pair = match bad_side {
                    Side::South => [&bad, &good],
                    Side::North => [&good, &bad],
                };
                let r = play_game(pair, [tc, tc], &start(), &settings(v));
                let Ending::Fault { side, fault } = &r.ending else {
                    panic!("{kind}: ended by {}", r.ending);
                };
                assert_eq!(*side, bad_side, "{kind}");
                assert!(expected(fault), "{kind} under {tc}: {fault}");
                assert_eq!(r.outcome, Outcome::Win(bad_side.opponent()));
                // The faulty engine made `after` good moves first.
                let its_moves = r.game.moves().len() / 2;
                assert_eq!(its_moves, after as usize, "{kind}");
                check_consistent(&r, v);
            }
        }
    }
}

#[test]
fn a_missing_program_is_a_start_fault() {
    let missing = spec("cmd=/nonexistent/engine");
    let good = spec("arg=sparring arg=--kind=random");
    let tc = TimeControl::Depth(1);
    let r = play_game(
        [&good, &missing],
        [tc, tc],
        &start(),
        &settings(Variant::Songo40),
    );
    assert!(matches!(
        r.ending,
        Ending::Fault {
            side: Side::North,
            fault: Fault::Start(_)
        }
    ));
    assert_eq!(r.outcome, Outcome::Win(Side::South));
}

#[test]
fn ply_limit_counts_the_position() {
    let v = Variant::Songo36Beginner;
    let a = spec("arg=sparring arg=--kind=random arg=--seed=1");
    let b = spec("arg=sparring arg=--kind=random arg=--seed=2");
    let tc = TimeControl::Depth(1);
    let s = GameSettings {
        max_plies: 6,
        ..settings(v)
    };
    let opening = Opening {
        start: Position::startpos(),
        moves: "C d".split(' ').map(|m| m.parse().unwrap()).collect(),
    };
    let r = play_game([&a, &b], [tc, tc], &opening, &s);
    assert_eq!(r.ending, Ending::MaxPlies);
    assert_eq!(r.opening_plies, 2);
    assert_eq!(r.game.moves().len(), 8);
    assert_eq!(r.outcome, r.game.position().outcome(v));
}

#[test]
fn clocked_games_keep_time() {
    let v = Variant::Songo40;
    let engine = spec("name=songo");
    let tc = TimeControl::Clock {
        base: Duration::from_millis(500),
        inc: Duration::from_millis(10),
    };
    let r = play_game([&engine, &engine], [tc, tc], &start(), &settings(v));
    assert!(
        matches!(r.ending, Ending::Rules(_) | Ending::MaxPlies),
        "{}",
        r.ending
    );
    assert!(r.min_clock.iter().all(|c| c.is_some()));
}
