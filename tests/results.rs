//! `songo results` against `songo match`: one record gives the lines the
//! match printed, records joined give the statistics of the summed counts,
//! and files that do not go together are refused with their exit code.

use std::path::Path;
use std::process::Command;

use songo_lab::matches::report::pair_line;
use songo_lab::stats::{MatchStats, Pentanomial, Wdl};

const SONGO: &str = env!("CARGO_BIN_EXE_songo");

mod tb_support;
use tb_support::TempDir;

/// Exit code, standard output, standard error.
fn songo(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(SONGO).args(args).output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A three-engine match (one plays illegal moves, one has its own clock)
/// written to `record`; returns its report.
fn play(record: &Path, seed: &str, variant: &str, tc: &str) -> String {
    let (code, out, err) = songo(&[
        "match",
        "-v",
        variant,
        "-e",
        "name=engine",
        "-e",
        "name=flaky arg=sparring arg=--kind=illegal arg=--after=6",
        "-e",
        "arg=sparring arg=--kind=random depth=3",
        "--tc",
        tc,
        "-n",
        "6",
        "-c",
        "2",
        "--seed",
        seed,
        "--record",
        path(record),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    out
}

/// The lines of a report that are about the games, not the clocks.
fn game_lines(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|l| {
            (l.contains(" vs ") && !l.starts_with("Match: ")) || l.starts_with("Games ended")
        })
        .map(str::to_string)
        .chain(report.lines().filter_map(|l| {
            // The faults, without the least time left that records lack.
            let (name, rest) = l.split_once(": ")?;
            (!l.contains(" vs ") && ["engine", "flaky", "random"].contains(&name))
                .then(|| format!("{name}: {}", rest.split(';').next().unwrap_or(rest)))
        }))
        .collect()
}

/// `W-D-L a-b-c, pairs [p q r s t] (split n)` of a pair line.
fn counts(line: &str) -> (Wdl, Pentanomial, u64) {
    let after = |key: &str| line.split(key).nth(1).unwrap().to_string();
    let wdl: Vec<u64> = after("W-D-L ")
        .split(',')
        .next()
        .unwrap()
        .split('-')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    let pairs: Vec<u64> = after("pairs [")
        .split(']')
        .next()
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let split = after("(split ").trim_end_matches(')').parse().unwrap();
    (
        Wdl::new(wdl[0], wdl[1], wdl[2]),
        Pentanomial::new(pairs.try_into().unwrap()),
        split,
    )
}

#[test]
fn one_record_reads_as_its_match_and_pieces_join_as_their_sum() {
    let dir = TempDir::new("results");
    let (a, b) = (dir.0.join("a.pgn"), dir.0.join("b.pgn"));
    let match_a = play(&a, "1", "songo40", "depth=1");
    let match_b = play(&b, "2", "songo40", "depth=1");

    let (code, out, err) = songo(&["results", path(&a)]);
    assert_eq!(code, Some(0), "{err}");
    let head = out.lines().next().unwrap();
    assert!(
        head.starts_with("Records: 1 file(s), 18 games; songo40, "),
        "{out}"
    );
    for clock in ["engine at depth=1", "flaky at depth=1", "random at depth=3"] {
        assert!(head.contains(clock), "{out}");
    }
    assert_eq!(game_lines(&out), game_lines(&match_a), "{out}\n{match_a}");
    assert!(out.contains("flaky: 12 illegal moves"), "{out}");

    let (code, out, err) = songo(&["results", path(&a), path(&b)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("2 file(s), 36 games"), "{out}");
    assert!(out.contains("flaky: 24 illegal moves"), "{out}");
    let pieces = [&match_a, &match_b];
    for joined in out.lines().filter(|l| l.contains(" vs ")) {
        let (players, _) = joined.split_once(": ").unwrap();
        let mut sum = MatchStats::new();
        for piece in pieces {
            let line = piece
                .lines()
                .find(|l| l.starts_with(&format!("{players}: ")))
                .unwrap_or_else(|| panic!("{players} in {piece}"));
            let (wdl, pairs, split) = counts(line);
            sum.wdl = Wdl::new(
                sum.wdl.wins + wdl.wins,
                sum.wdl.draws + wdl.draws,
                sum.wdl.losses + wdl.losses,
            );
            let mut c = sum.pairs.counts;
            for (k, n) in pairs.counts.iter().enumerate() {
                c[k] += n;
            }
            sum.pairs = Pentanomial::new(c);
            sum.split += split;
        }
        let (first, second) = players.split_once(" vs ").unwrap();
        assert_eq!(joined, pair_line(first, second, &sum, None));
    }
}

#[test]
fn records_that_do_not_go_together_are_refused() {
    let dir = TempDir::new("results-refused");
    let (a, other) = (dir.0.join("a.pgn"), dir.0.join("other.pgn"));
    play(&a, "1", "songo40", "depth=1");
    play(&other, "1", "songo36-amateur", "depth=1");
    let deeper = dir.0.join("deeper.pgn");
    play(&deeper, "2", "songo40", "depth=2");
    let text = std::fs::read_to_string(&a).unwrap();
    let doubled = dir.0.join("doubled.pgn");
    std::fs::write(&doubled, format!("{text}{text}")).unwrap();
    let empty = dir.0.join("empty.pgn");
    std::fs::write(&empty, "").unwrap();
    let broken = dir.0.join("broken.pgn");
    std::fs::write(&broken, text.replacen("\n1. ", "\n1. Z ", 1)).unwrap();
    let missing = dir.0.join("missing.pgn");
    let one_name = dir.0.join("one-name.pgn");
    std::fs::write(&one_name, text.replace("\"flaky\"", "\"engine\"")).unwrap();
    let same_a = format!(
        "{}/../{}/a.pgn",
        path(&dir.0),
        dir.0.file_name().unwrap().to_str().unwrap()
    );

    for (args, code, message) in [
        (vec![path(&a), &same_a], 2, "is given twice"),
        (
            vec![path(&a), path(&other)],
            2,
            "is songo36-amateur, the games before it are songo40",
        ),
        (
            vec![path(&a), path(&deeper)],
            2,
            "plays at depth=2, in the games before it at depth=1",
        ),
        (vec![path(&one_name)], 3, "both sides are named engine"),
        (vec![path(&doubled)], 3, "a second time"),
        (vec![path(&empty)], 3, "no finished games"),
        (vec![path(&broken)], 3, "broken.pgn:"),
        (vec![path(&missing)], 1, "cannot read"),
    ] {
        let mut all = vec!["results"];
        all.extend(args);
        let (got, out, err) = songo(&all);
        assert_eq!(got, Some(code), "{all:?}: {out}{err}");
        assert!(err.contains(message), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.is_empty(), "{out}");
        // Each cause once: a message that repeats its source reads twice.
        let parts: Vec<&str> = err.trim().split(": ").collect();
        assert!(parts.windows(2).all(|w| w[0] != w[1]), "{err}");
    }
    let (code, _, err) = songo(&["results"]);
    assert_eq!(code, Some(2), "{err}");
}
