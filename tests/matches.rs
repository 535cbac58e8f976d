//! The match runner's referee against real processes: the engine, and
//! sparring partners that crash, stall, lose on time or play nonsense.

use std::path::PathBuf;
use std::time::Duration;

use songo_core::{Game, GameStatus, Outcome, Position, Side, Variant};
use songo_lab::matches::{play_game, Ending, EngineSpec, Fault, GameSettings, MoveLimit, Opening};

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
fn check_consistent(r: &songo_lab::matches::GameReport, v: Variant) {
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
        let tc = MoveLimit::Depth(4);
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
    let movetime = MoveLimit::MoveTime(Duration::from_millis(20));
    let clock = MoveLimit::Clock {
        base: Duration::from_millis(300),
        inc: Duration::ZERO,
    };
    type Expect = fn(&Fault) -> bool;
    let cases: [(&str, MoveLimit, Expect); 7] = [
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
    let tc = MoveLimit::Depth(1);
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
    let tc = MoveLimit::Depth(1);
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
    let tc = MoveLimit::Clock {
        base: Duration::from_millis(500),
        inc: Duration::from_millis(10),
    };
    // The runner's clocks are under test, not the machine: on a loaded
    // machine the OS can deschedule an engine past any reserve, so a flag
    // falls only beyond a wide margin. Time losses are measured by the soak
    // match (scripts/soak.sh), not here.
    let s = GameSettings {
        time_margin: Duration::from_secs(2),
        ..settings(v)
    };
    let r = play_game([&engine, &engine], [tc, tc], &start(), &s);
    assert!(
        matches!(r.ending, Ending::Rules(_) | Ending::MaxPlies),
        "{}",
        r.ending
    );
    assert!(r.min_clock.iter().all(|c| c.is_some()));
}

fn songo(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(exe())
        .args(args)
        .output()
        .expect("songo runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn match_command_reports_faults_and_writes_a_readable_record() {
    let dir = std::env::temp_dir().join(format!("songo-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.pgn");
    let (ok, out, err) = songo(&[
        "match",
        "-e",
        "name=engine",
        "-e",
        "name=flaky arg=sparring arg=--kind=illegal arg=--after=4",
        "-e",
        "arg=sparring arg=--kind=random",
        "--tc",
        "depth=2",
        "-n",
        "4",
        "-c",
        "2",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("Finished 12 games"), "{out}");
    assert!(out.contains("flaky: 8 illegal moves"), "{out}");
    assert!(out.contains("engine: no faults"), "{out}");
    assert!(out.contains("engine vs random: "), "{out}");
    let text = std::fs::read_to_string(&record).unwrap();
    let games = songo_core::record::parse_records(&text).expect("the record reads back");
    assert_eq!(games.len(), 12);
    for g in &games {
        g.replay().expect("every recorded game replays");
        assert!(g.tag("Round").is_some());
    }
    let (ok, out, _) = songo(&["replay", record.to_str().unwrap()]);
    assert!(ok && out.contains("12 games"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let (ok, out, err) = songo(&[
        "match",
        "-e",
        "name=engine",
        "-e",
        "arg=sparring arg=--kind=random",
        "--tc",
        "depth=3",
        "-n",
        "400",
        "-c",
        "2",
        "--sprt",
        "0,50",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("accept"), "{out}");
    let played: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("Finished "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a Finished line");
    assert!(played < 100, "{out}");
}

#[test]
fn match_command_rejects_bad_arguments() {
    for args in [
        vec!["match", "-e", "name=a"],
        vec!["match", "-e", "name=a", "-e", "name=b", "--tc", "fast"],
        vec!["match", "-e", "name=a", "-e", "colour=b"],
        vec![
            "match", "-e", "name=a", "-e", "name=b", "-e", "name=c", "--sprt", "0,5",
        ],
        vec!["match", "-e", "name=a", "-e", "name=b", "--sprt", "5,0"],
        vec![
            "match",
            "-e",
            "name=a",
            "-e",
            "name=b",
            "--openings",
            "/nonexistent",
        ],
    ] {
        let (ok, out, err) = songo(&args);
        assert!(!ok, "{args:?}: {out}");
        assert!(
            !err.is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}
