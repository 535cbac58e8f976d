//! Figures the documents quote that a change of the search or the rules
//! would make stale (issue 44): each is made again here by the command the
//! document gives, and compared. What a run cannot repeat (speeds, times)
//! is masked; everything else must be the same.
//!
//! - docs/speed.md's `songo bench` and `songo perft` outputs;
//! - the bench's node count quoted by docs/web.md and songo-wasm's docs;
//! - the README's protocol example: its depth-12 lines and best move.

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
