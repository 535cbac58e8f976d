//! Bounded fuzzing, part of the test suite: random and mutated inputs for
//! the position parser, the move parser and the whole protocol loop, with
//! the invariants of `fuzz_support` checked on every one.
//!
//! The amount of work is a number of iterations, not a time. The seeds are
//! fixed, so a failure reproduces; `SONGO_FUZZ_SEED=N` picks other seeds
//! and `SONGO_FUZZ_SCALE=K` runs K times as many iterations, for a longer
//! hunt: `SONGO_FUZZ_SCALE=100 cargo test --release --test fuzz`.
//! The coverage-guided targets of the same harness are in `fuzz/`.

mod fuzz_support;

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use fuzz_support::*;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn rng(stream: u64) -> StdRng {
    StdRng::seed_from_u64(env_number("SONGO_FUZZ_SEED", 0x50_4E60) ^ stream)
}

fn iterations(base: u64) -> u64 {
    base * env_number("SONGO_FUZZ_SCALE", 1).max(1)
}

#[test]
fn position_parser() {
    let mut rng = rng(1);
    let mut accepted = 0u64;
    let n = iterations(60_000);
    for i in 0..n {
        let text = match i % 4 {
            0 => random_text(&mut rng, 24),
            _ => {
                let (_, p, _) = random_position(&mut rng);
                let mut t = p.to_string();
                for _ in 0..rng.random_range(1..4) {
                    t = mutate(&mut rng, &t);
                }
                t
            }
        };
        check_position_text(&text);
        accepted += text.parse::<songo_core::Position>().is_ok() as u64;
        // The same string with raw bytes spliced in, as a pipe or a file
        // may deliver it: refused as text, or parsed as any other string.
        let raw = mutate_bytes(&mut rng, &text);
        check_position_bytes(&raw);
    }
    // The mutations must reach both sides of the parser (about 1.5% valid).
    assert!(
        accepted * 200 > n,
        "only {accepted} of {n} strings were valid"
    );
}

#[test]
fn random_positions_keep_70_seeds_under_every_variant() {
    let mut rng = rng(2);
    for _ in 0..iterations(5_000) {
        let (_, p, _) = random_position(&mut rng);
        check_position(&p);
    }
}

#[test]
fn move_parser() {
    let mut rng = rng(3);
    for c in (0u8..=0x7f).map(char::from) {
        check_move_text(&c.to_string());
        check_move_text(&format!(" {c}\t"));
    }
    for _ in 0..iterations(100_000) {
        let base = ["A", "g", "4", "7", "8", "0", "", " b ", "Ab"][rng.random_range(0..9)];
        let text = if rng.random_bool(0.5) {
            mutate(&mut rng, base)
        } else {
            random_text(&mut rng, 3)
        };
        check_move_text(&text);
    }
}

/// Sessions of random and mutated command lines, with a watchdog: a line
/// that does not return within a minute is a hang (a very loose bound, so
/// that a loaded machine does not trip it).
#[test]
fn protocol_loop() {
    let (beat, heard) = channel::<String>();
    let fuzzer = std::thread::spawn(move || {
        let mut rng = rng(4);
        let sessions = iterations(30);
        let mut lines = 0;
        for _ in 0..sessions {
            let mut h = Harness::new();
            let mut previous: Vec<String> = Vec::new();
            for _ in 0..120 {
                let line = if !previous.is_empty() && rng.random_bool(0.4) {
                    let base = &previous[rng.random_range(0..previous.len())];
                    mutate_command(&mut rng, base)
                } else {
                    random_command(&mut rng)
                };
                beat.send(line.clone()).unwrap();
                if !h.line(&line) {
                    // `quit`: start another engine for the rest.
                    h = Harness::new();
                }
                previous.push(line);
                if rng.random_bool(0.25) {
                    h.line("stop");
                }
            }
            lines += h.lines;
            h.finish();
        }
        lines
    });
    let mut last = String::new();
    loop {
        match heard.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => last = line,
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => panic!("the engine hangs after {last:?}"),
        }
    }
    let lines = fuzzer.join().expect("no invariant failed");
    assert!(lines > 3000, "{lines}");
}

/// Sessions whose lines are raw bytes: valid commands, commands with bytes
/// that are not text spliced in, and random bytes. Each bad line is refused
/// with an error and the session goes on; only `quit` ends it.
#[test]
fn protocol_loop_bytes() {
    let mut rng = rng(5);
    let mut refused = 0;
    for _ in 0..iterations(12) {
        let mut h = Harness::new();
        for _ in 0..100 {
            let command = random_command(&mut rng);
            let raw = match rng.random_range(0..3) {
                0 => command.into_bytes(),
                1 => mutate_bytes(&mut rng, &command),
                _ => (0..rng.random_range(0..24))
                    .map(|_| rng.random::<u8>())
                    .filter(|&b| b != b'\n')
                    .collect(),
            };
            refused += songo_cli::input::text_of(&raw, 1).is_err() as u32;
            if !h.bytes(&raw) {
                h = Harness::new();
            }
        }
        h.finish();
    }
    assert!(refused > 100, "only {refused} lines were not text");
}

/// Game records with bytes spliced in, lines dropped and duplicated: the
/// reader refuses or reads, never panics, and what it reads writes back.
#[test]
fn record_reader_on_raw_bytes() {
    let mut rng = rng(6);
    let base = std::fs::read("crates/songo-core/tests/data/records/cutegames-real-south-north.pgn")
        .or_else(|_| {
            std::fs::read("crates/songo-core/tests/data/records/cutegames-white-black.pgn")
        })
        .unwrap_or_else(|_| b"[Event \"?\"]\n\n1. A a 2. B b *\n".to_vec());
    let mut accepted = 0;
    for _ in 0..iterations(1500) {
        let mut bytes = base.clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..=bytes.len());
            match rng.random_range(0..4) {
                0 => bytes.insert(at, rng.random()),
                1 => {
                    let end = (at + rng.random_range(1..40)).min(bytes.len());
                    bytes.drain(at..end);
                }
                2 => {
                    let end = (at + rng.random_range(1..40)).min(bytes.len());
                    let span = bytes[at..end].to_vec();
                    bytes.splice(at..at, span);
                }
                _ => {
                    let bad: &[u8] =
                        [&b"\xff"[..], b"\x00", b"\r", b"\xc3", b"\n\n"][rng.random_range(0..5)];
                    bytes.splice(at..at, bad.iter().copied());
                }
            }
        }
        check_record_bytes(&bytes);
        accepted += songo_core::record::read_records(
            &bytes,
            &songo_core::record::ReadOptions {
                variant: Some(songo_core::Variant::Songo40),
            },
        )
        .is_ok() as u32;
    }
    assert!(accepted > 0, "no mutated file was accepted");
}

/// Regression cases: lines the fuzzers or reviews found worth keeping.
#[test]
fn protocol_regressions() {
    let mut h = Harness::new();
    for line in [
        "go perft 40",
        "isready",
        "stop",
        "bench 60",
        "d",
        "stop",
        "position fen 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg moves A a",
        "position fen 70,0,0,0,0,0,0/0,0,0,0,0,0,0 n 0 0 -",
        "go depth 3",
        "position fen 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg moves X",
        "position fen 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0",
        "go nodes 0",
        "go mate 0",
        "go depth 0",
        "go movetime 0",
        "go wtime 0 btime 0",
        "go searchmoves",
        "go infinite searchmoves g",
        "setoption name MultiPV value 7",
        "go depth 4",
        "setoption name Threads value 4",
        "go infinite",
        "ponderhit",
        "setoption name UCI_Variant value songo36-amateur",
        "position startpos moves 7 7 7",
        "go ponder",
        "ucinewgame",
        "query result",
        // Found by cargo-fuzz: an error message that quotes its input must
        // not read as the engine's own report of a failed search thread.
        "query resuefquery rMove Ovsearch thread failedsuefquery rMove Overheadyuer restop",
    ] {
        h.line(line);
    }
    // Input that used to end the engine at once and silently (the loop
    // read UTF-8 lines): one of each class of bytes that are not text.
    for raw in [
        &b"isready\xff"[..],
        b"\xc3",
        b"position startpos moves \xed\xa0\x80",
        b"go depth 2\x00",
        b"setoption name Hash\x1b value 8",
        b"\x7f",
        b"\xef\xbb\xbfisready",
    ] {
        assert!(h.bytes(raw), "{raw:?}");
    }
    h.finish();
}
