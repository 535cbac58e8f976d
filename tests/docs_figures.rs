//! Figures the documents quote that a change of the search or the rules
//! would make stale (issue 44): each is made again here by the command the
//! document gives, and compared. What a run cannot repeat (speeds, times)
//! is masked; everything else must be the same.
//!
//! - docs/speed.md's `songo bench` and `songo perft` outputs;
//! - the bench's node count quoted by docs/web.md and songo-wasm's docs;
//! - the README's protocol example: its depth-12 lines and best move;
//! - docs/tour.md's outputs: `songo analyze`, `songo play`, `songo
//!   review`, `songo match`, `songo tb generate` and `probe`.

mod cli_support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use cli_support::{assert_ran, songo, text};

fn doc(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The lines of `doc`'s ```text block whose first line is `first`, after it.
fn block(doc: &str, first: &str) -> Vec<String> {
    let at = doc
        .find(&format!("```text\n{first}\n"))
        .unwrap_or_else(|| panic!("no block starting {first:?}"));
    let body = &doc[at + "```text\n".len() + first.len() + 1..];
    let end = body.find("```").expect("the block ends");
    body[..end].lines().map(str::to_string).collect()
}

/// `line` with the value after each of `keys` (`nps 1677407`, `time
/// 238`) replaced by `#`: what a run cannot repeat.
fn masked(line: &str, keys: &[&str]) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let after_key = i > 0 && keys.contains(&words[i - 1]);
            if after_key {
                "#"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bench's last line, `N nodes X nps`, with its speed masked.
fn speed_masked(line: &str) -> String {
    match line.strip_suffix(" nps").and_then(|l| l.rsplit_once(' ')) {
        Some((nodes, _)) => format!("{nodes} # nps"),
        None => line.to_string(),
    }
}

/// `songo bench`'s lines as a person sees them (the positions on standard
/// error, the total on standard output), and its total.
fn bench() -> (Vec<String>, u64) {
    let o = songo(&["bench"]);
    assert_ran("songo bench", &o);
    let mut lines: Vec<String> = text(&o.stderr).lines().map(str::to_string).collect();
    let out = text(&o.stdout);
    lines.extend(out.lines().map(str::to_string));
    let total = out
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("N nodes X nps");
    (lines, total)
}

#[test]
fn the_bench_the_documents_quote_is_songo_benchs() {
    let (lines, total) = bench();
    let quoted = block(&doc("docs/speed.md"), "$ songo bench");
    let mask = |l: &String| speed_masked(l);
    assert_eq!(
        quoted.iter().map(mask).collect::<Vec<_>>(),
        lines.iter().map(mask).collect::<Vec<_>>(),
        "docs/speed.md's songo bench"
    );
    let written = format!("{total} nodes");
    for path in ["docs/web.md", "crates/songo-wasm/src/lib.rs"] {
        let text = doc(path);
        // The example with a count (docs/web.md also shows the API's
        // `"N nodes X nps"` form).
        let line = text
            .lines()
            .find(|l| {
                l.contains("engine.bench();")
                    && l.split('"')
                        .nth(1)
                        .is_some_and(|q| q.starts_with(|c: char| c.is_ascii_digit()))
            })
            .unwrap_or_else(|| panic!("{path}: no engine.bench() example with a count"));
        assert!(
            line.contains(&written),
            "{path}: {line:?}, songo bench says {written}"
        );
    }
}

#[test]
fn the_perft_the_documents_quote_is_songo_perfts() {
    let o = songo(&["perft", "--variant", "songo40", "--depth", "9"]);
    assert_ran("songo perft", &o);
    let mut lines: Vec<String> = text(&o.stdout).lines().map(str::to_string).collect();
    lines.extend(text(&o.stderr).lines().map(str::to_string));
    let quoted = block(
        &doc("docs/speed.md"),
        "$ songo perft --variant songo40 --depth 9",
    );
    // The last line is the speed: its leaves stay, its time goes.
    let mask = |l: &String| match l.split_once(" leaves in ") {
        Some((leaves, _)) => format!("{leaves} leaves in #"),
        None => l.clone(),
    };
    assert_eq!(
        quoted.iter().map(mask).collect::<Vec<_>>(),
        lines.iter().map(mask).collect::<Vec<_>>()
    );
}

#[test]
fn the_readme_protocol_example_is_what_the_engine_says() {
    let quoted = block(&doc("README.md"), "$ cargo run --release");
    let commands: Vec<&String> = quoted.iter().take_while(|l| *l != "…").collect();
    let said: Vec<&String> = quoted
        .iter()
        .filter(|l| l.starts_with("info ") || l.starts_with("bestmove"))
        .collect();
    assert!(commands.iter().any(|c| c.starts_with("go ")), "{quoted:?}");
    assert!(said.len() >= 2, "{quoted:?}");

    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("songo starts");
    let mut stdin = child.stdin.take().unwrap();
    for c in &commands {
        writeln!(stdin, "{c}").unwrap();
    }
    stdin.flush().unwrap();
    // Read to the best move before `quit`, which would stop the search.
    let mut out = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.starts_with("bestmove");
        out.push(line);
        if done {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let depth = said[0].split(' ').nth(2).expect("info depth N");
    // A line that failed its window (`upperbound`, `lowerbound`) is
    // followed by the exact one: the example shows those.
    let ours: Vec<&String> = out
        .iter()
        .filter(|l| {
            let exact = !l.contains("upperbound") && !l.contains("lowerbound");
            (l.starts_with(&format!("info depth {depth} ")) && exact) || l.starts_with("bestmove")
        })
        .collect();
    let mask = |l: &&String| masked(l, &["nps", "time"]);
    assert_eq!(
        said.iter().map(mask).collect::<Vec<_>>(),
        ours.iter().map(mask).collect::<Vec<_>>(),
        "README.md's protocol example"
    );
}

// ---------------------------------------------------------------------
// docs/tour.md: each block's output, made again by its command.

/// `line`'s words (so a column's padding does not count), with the word
/// after each of `after` and the word before each of `before` replaced
/// by `#`: what a run cannot repeat.
fn mask_words(line: &str, after: &[&str], before: &[&str]) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    (0..words.len())
        .map(|i| {
            let follows = i > 0 && after.contains(&words[i - 1]);
            let precedes = words.get(i + 1).is_some_and(|w| before.contains(w));
            if follows || precedes {
                "#"
            } else {
                words[i]
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A command's output as a person sees it: standard output's lines and
/// standard error's, each stream in its order.
struct Said {
    out: Vec<String>,
    err: Vec<String>,
}

fn said(what: &str, o: &std::process::Output) -> Said {
    assert_ran(what, o);
    let lines = |b: &[u8]| text(b).lines().map(|l| l.trim_end().to_string()).collect();
    Said {
        out: lines(&o.stdout),
        err: lines(&o.stderr),
    }
}

/// Every line `quoted` (but the `…` that stand for lines left out) is a
/// line of the output, in the order of its stream, once `mask` has taken
/// out what a run cannot repeat.
fn assert_quoted(what: &str, quoted: &[String], said: &Said, mask: &dyn Fn(&str) -> String) {
    let streams = [&said.out, &said.err];
    let mut next = [0, 0];
    for q in quoted.iter().filter(|q| q.trim() != "…") {
        let want = mask(q.trim_end());
        let found = (0..2).find_map(|s| {
            let from = next[s];
            streams[s][from..]
                .iter()
                .position(|l| mask(l) == want)
                .map(|i| (s, from + i))
        });
        match found {
            Some((s, i)) => next[s] = i + 1,
            None => panic!(
                "{what}: the document's line\n  {q}\nis not in the command's output (in its \
                 place); standard output:\n{}\nstandard error:\n{}",
                said.out.join("\n"),
                said.err.join("\n")
            ),
        }
    }
}

/// A directory of its own under the test's scratch space, emptied.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("docs_figures-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn songo_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

#[test]
fn the_tours_analysis_is_songo_analyzes() {
    let cmd = "songo analyze --variant songo36-amateur --moves C --depth 10";
    let quoted = block(&doc("docs/tour.md"), &format!("$ {cmd}"));
    let o = songo(&cmd.split(' ').skip(1).collect::<Vec<_>>());
    // A depth's line: its speed and time go (the word before the time,
    // `0.15s`, is the speed); the last line: `in 0.16 s` goes.
    let mask = |l: &str| {
        let mut words: Vec<String> = l.split_whitespace().map(str::to_string).collect();
        let time = words.iter().position(|w| {
            w.strip_suffix('s')
                .is_some_and(|n| n.contains('.') && n.parse::<f64>().is_ok())
        });
        if let Some(t) = time.filter(|&t| t > 0) {
            words[t - 1] = "#".into();
            words[t] = "#".into();
        }
        mask_words(&words.join(" "), &["in"], &[])
    };
    assert_quoted("docs/tour.md's songo analyze", &quoted, &said(cmd, &o), &mask);
}

#[test]
fn the_tours_game_in_the_terminal_is_songo_plays() {
    let quoted = block(
        &doc("docs/tour.md"),
        r"$ printf 'C\nhint\nquit\n' | songo play --level 2 --seed 7",
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["play", "--level", "2", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("songo starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"C\nhint\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let same = |l: &str| l.trim_end().to_string();
    assert_quoted("docs/tour.md's songo play", &quoted, &said("songo play", &o), &same);
}

#[test]
fn the_tours_review_is_songo_reviews() {
    let cmd = "songo review tests/data/review-blunder.pgn --depth 12";
    let quoted = block(&doc("docs/tour.md"), &format!("$ {cmd}"));
    let o = songo_in(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        &cmd.split(' ').skip(1).collect::<Vec<_>>(),
    );
    let same = |l: &str| l.trim_end().to_string();
    assert_quoted("docs/tour.md's songo review", &quoted, &said(cmd, &o), &same);
}

#[test]
fn the_tours_match_is_songo_matchs() {
    // Every move to a node count, every game after `ucinewgame`: the same
    // games whatever the machine; only the time goes.
    let first = "$ songo match -e name=full -e \"name=half nodes=1000\" --tc nodes=2000 -n 20 -c 2 --record games.pgn";
    let quoted = block(&doc("docs/tour.md"), first);
    let args = [
        "match",
        "-e",
        "name=full",
        "-e",
        "name=half nodes=1000",
        "--tc",
        "nodes=2000",
        "-n",
        "20",
        "-c",
        "2",
        "--record",
        "games.pgn",
    ];
    let o = songo_in(&scratch("match"), &args);
    let mask = |l: &str| mask_words(l, &["in"], &[]);
    assert_quoted("docs/tour.md's songo match", &quoted, &said("songo match", &o), &mask);
}

#[test]
fn the_tours_tables_are_songo_tbs() {
    let generate = "songo tb generate --variant songo40 --max-seeds 12 --dir tables";
    let quoted = block(&doc("docs/tour.md"), &format!("$ nice -n 19 {generate}"));
    let probe_at = quoted
        .iter()
        .position(|l| l.starts_with("$ songo tb probe"))
        .expect("the probe after the generation");
    let dir = scratch("tables");
    let o = songo_in(&dir, &generate.split(' ').skip(1).collect::<Vec<_>>());
    // What the machine decides goes: times, sweeps (the threads' timing),
    // memory.
    let mask = |l: &str| mask_words(l, &["solved", "CPU", "memory", "in"], &["sweeps;"]);
    assert_quoted(
        "docs/tour.md's songo tb generate",
        &quoted[..probe_at],
        &said(generate, &o),
        &mask,
    );
    let fen = "0,0,3,0,1,2,0/1,0,0,2,1,0,2 s 30 28 -";
    assert_eq!(
        quoted[probe_at],
        format!("$ songo tb probe --dir tables --variant songo40 --fen \"{fen}\"")
    );
    let o = songo_in(
        &dir,
        &["tb", "probe", "--dir", "tables", "--variant", "songo40", "--fen", fen],
    );
    let same = |l: &str| l.trim_end().to_string();
    assert_quoted(
        "docs/tour.md's songo tb probe",
        &quoted[probe_at + 1..],
        &said("songo tb probe", &o),
        &same,
    );
}
