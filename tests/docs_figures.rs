//! Figures the documents quote that a change of the search or the rules
//! would make stale (issue 44): each is made again here by the command the
//! document gives, and compared. What a run cannot repeat (speeds, times)
//! is masked; everything else must be the same.
//!
//! - docs/speed.md's `songo bench` and `songo perft` outputs;
//! - the bench's node count quoted by docs/web.md and songo-wasm's docs;
//! - the README's protocol example: its depth-12 lines and best move;
//! - docs/tour.md's outputs: `songo analyze`, `songo play`, `songo
//!   review`, `songo match`, `songo tb generate` and `probe`;
//! - docs/book.md: a small `songo book build`; the embedded book's
//!   figures (`songo book stats`, `songo book probe`; docs/json.md);
//!   `songo analyze --json` (docs/json.md, protocol.md);
//! - docs/learn.md: the lessons compiled in (`songo lessons check`), the
//!   puzzle sets' counts, bytes, themes and difficulties, the rating tables;
//! - what the code fixes: the bench's positions, depth and table
//!   (docs/speed.md, docs/tour.md), the toolchains (README.md's
//!   rust-version, docs/web.md's wasm-bindgen), docs/speed.md's perft to
//!   depth 11, and docs/tablebases.md's boards and file sizes;
//! - docs/book.md's counts of balanced openings, docs/tuning-history.md's
//!   technique tables (their searches are still today's), docs/eval.md's
//!   last generation (the net compiled in).
//!
//! docs/web.md's size figures are checked by tests/web_site (files.rs),
//! which builds the site.

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
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("docs_figures-{name}"));
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
    assert_quoted(
        "docs/tour.md's songo analyze",
        &quoted,
        &said(cmd, &o),
        &mask,
    );
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
    assert_quoted(
        "docs/tour.md's songo play",
        &quoted,
        &said("songo play", &o),
        &same,
    );
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
    assert_quoted(
        "docs/tour.md's songo review",
        &quoted,
        &said(cmd, &o),
        &same,
    );
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
    assert_quoted(
        "docs/tour.md's songo match",
        &quoted,
        &said("songo match", &o),
        &mask,
    );
}

#[test]
fn the_tours_tables_are_songo_tbs() {
    let generate = "songo tb generate --variant songo40 --max-seeds 11 --dir tables";
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
    let fen = "0,0,3,0,1,2,0/1,0,0,2,1,0,1 s 30 29 -";
    assert_eq!(
        quoted[probe_at],
        format!("$ songo tb probe --dir tables --variant songo40 --fen \"{fen}\"")
    );
    let o = songo_in(
        &dir,
        &[
            "tb",
            "probe",
            "--dir",
            "tables",
            "--variant",
            "songo40",
            "--fen",
            fen,
        ],
    );
    let same = |l: &str| l.trim_end().to_string();
    assert_quoted(
        "docs/tour.md's songo tb probe",
        &quoted[probe_at + 1..],
        &said("songo tb probe", &o),
        &same,
    );

    // docs/tablebases.md's analysis with the tables, of the same position.
    let analyze =
        format!("songo analyze --variant songo40 --fen \"{fen}\" --depth 10 --tablebases tables");
    let quoted = block(&doc("docs/tablebases.md"), &format!("$ {analyze}"));
    let o = songo_in(
        &dir,
        &[
            "analyze",
            "--variant",
            "songo40",
            "--fen",
            fen,
            "--depth",
            "10",
            "--tablebases",
            "tables",
        ],
    );
    assert_quoted(
        "docs/tablebases.md's songo analyze --tablebases",
        &quoted,
        &said(&analyze, &o),
        &same,
    );
}

// ---------------------------------------------------------------------
// The books, the lessons and the puzzles compiled in: docs/book.md,
// docs/json.md, docs/learn.md.

/// `n` with a separator every three digits: `17,311` (`sep` `,`) or
/// `29 719` (`sep` ` `).
fn grouped(n: u64, sep: &str) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

/// The rows of the markdown table of `doc` whose header line is `header`.
fn table(doc: &str, header: &str) -> Vec<Vec<String>> {
    let at = doc
        .find(&format!("{header}\n"))
        .unwrap_or_else(|| panic!("no table {header:?}"));
    doc[at..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

fn assert_contains(path: &str, text: &str, want: &str) {
    assert!(
        text.contains(want),
        "{path} should say {want:?}: the code, or the command the document names, says so"
    );
}

#[test]
fn the_embedded_books_figures_are_songo_book_stats() {
    let o = songo(&["book", "stats"]);
    let s = said("songo book stats", &o);
    // `the embedded book: 3000 positions, 17311 moves, 186520 bytes`
    let head: Vec<u64> = s.out[0]
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    let [positions, moves, bytes] = head[..] else {
        panic!("{:?}", s.out[0])
    };
    let book = doc("docs/book.md");
    let per_variant = positions / 3;
    assert_contains(
        "docs/book.md",
        &book,
        &format!(
            "**{positions} positions** ({per_variant} per variant), {} moves,\n**{} bytes** ({} gzipped",
            grouped(moves, ","),
            grouped(bytes, ","),
            grouped(gzipped_file("crates/songo-book/books/songo.book"), ",")
        ),
    );
    // Each variant's row: positions, main line, plies and the fullest.
    let rows = table(
        &book,
        "| variant | positions | main line | plies with positions |",
    );
    let mut lines = s.out[1..].iter();
    let mut seen = 0;
    while let Some(first) = lines.next() {
        let (variant, count) = first.split_once(": ").expect("VARIANT: N positions");
        let main = lines
            .next()
            .unwrap()
            .trim()
            .strip_prefix("main line, ")
            .unwrap();
        let per_ply: Vec<u64> = lines
            .next()
            .unwrap()
            .trim()
            .strip_prefix("positions per ply: ")
            .unwrap()
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let most = *per_ply.iter().max().unwrap();
        let ply = per_ply.iter().position(|&n| n == most).unwrap();
        let want = vec![
            variant.to_string(),
            count.trim_end_matches(" positions").to_string(),
            main.to_string(),
            format!("0–{} (most at ply {ply}: {most})", per_ply.len() - 1),
        ];
        let row = rows
            .iter()
            .find(|r| r[0] == variant)
            .unwrap_or_else(|| panic!("docs/book.md: no row for {variant}"));
        assert_eq!(row, &want, "docs/book.md's row of {variant}");
        seen += 1;
    }
    assert_eq!(seen, rows.len(), "docs/book.md: a row per variant");
}

#[test]
fn the_book_probe_examples_are_songo_book_probes() {
    let cmd = "songo book probe --moves F";
    let quoted = block(&doc("docs/book.md"), &format!("$ {cmd}"));
    let o = songo(&cmd.split(' ').skip(1).collect::<Vec<_>>());
    let same = |l: &str| l.trim_end().to_string();
    assert_quoted(
        "docs/book.md's songo book probe",
        &quoted,
        &said(cmd, &o),
        &same,
    );

    // docs/json.md's line, cut short after the first move.
    let quoted = block(&doc("docs/json.md"), &format!("$ {cmd} --json"));
    let o = songo(&["book", "probe", "--moves", "F", "--json"]);
    let line = text(&o.stdout);
    let (shown, _) = quoted[0].split_once('…').expect("a line cut short with …");
    assert!(
        line.starts_with(shown),
        "docs/json.md's songo book probe --json:\n  {}\nthe command says\n  {line}",
        quoted[0]
    );
}

#[test]
fn the_analysis_json_examples_are_songo_analyzes() {
    let o = songo(&["analyze", "--json"]);
    let s = said("songo analyze --json", &o);
    // The speed and the time go.
    let mask = |l: &str| match serde_json::from_str::<serde_json::Value>(l) {
        Ok(mut v) => {
            if let Some(o) = v.as_object_mut() {
                o.remove("nps");
                o.remove("time_ms");
            }
            v.to_string()
        }
        Err(_) => l.to_string(),
    };
    for path in ["docs/json.md", "protocol.md"] {
        let quoted = block(&doc(path), "$ songo analyze --json");
        assert_quoted(
            &format!("{path}'s songo analyze --json"),
            &quoted,
            &s,
            &mask,
        );
    }
}

#[test]
fn the_lessons_figures_are_the_lessons_compiled_in() {
    let quoted = block(&doc("docs/learn.md"), "$ songo lessons check");
    let o = songo(&["lessons", "check"]);
    assert_eq!(quoted, said("songo lessons check", &o).out, "docs/learn.md");
    let lessons = songo_learn::lesson::builtin();
    let per: Vec<usize> = songo_core::Variant::ALL
        .iter()
        .map(|&v| lessons.of(v).count())
        .collect();
    let (least, most) = (per.iter().min().unwrap(), per.iter().max().unwrap());
    assert_contains(
        "docs/learn.md",
        &doc("docs/learn.md"),
        &format!(
            "{} lessons, {least} or {most} for each variant",
            lessons.all().len()
        ),
    );
}

fn gzipped(bytes: &[u8]) -> u64 {
    let mut gzip = Command::new("gzip")
        .args(["-9", "-c"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gzip runs");
    let mut stdin = gzip.stdin.take().unwrap();
    let input = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let out = gzip.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    out.stdout.len() as u64
}

/// `gzip -9 -c PATH`'s bytes (the file's name in its header, as the
/// documents measured it).
fn gzipped_file(path: &str) -> u64 {
    let o = Command::new("gzip")
        .args(["-9", "-c", path])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("gzip runs");
    assert!(o.status.success(), "gzip {path}");
    o.stdout.len() as u64
}

#[test]
fn the_puzzle_sets_figures_are_the_sets_compiled_in() {
    let learn = doc("docs/learn.md");
    let g = |n: u64| grouped(n, " ");
    let rows = table(&learn, "| variant | puzzles | games | bytes | gzipped |");
    let themes = table(
        &learn,
        "| variant | capture | quiet | chain | second lap | feeding | noble pit | tables | Interdit Sec |",
    );
    let difficulties = table(&learn, "| variant | 1 | 2 | 3 | 4 | 5 | 6 | 7 |");
    let export = songo(&["puzzles", "export"]);
    let export = said("songo puzzles export", &export).out;
    // `cat crates/songo-learn/data/*.puzzles`: by name.
    let mut all = std::collections::BTreeMap::new();
    for v in songo_core::Variant::ALL {
        let name = v.to_string();
        let path = format!("crates/songo-learn/data/{name}.puzzles");
        let file = doc(&path);
        all.insert(name.clone(), file.clone());
        let header = |key: &str| {
            file.lines()
                .find_map(|l| l.strip_prefix(&format!("{key} ")))
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or_else(|| panic!("{path}: no {key}"))
        };
        let want = vec![
            name.clone(),
            header("puzzles").to_string(),
            header("games").to_string(),
            g(file.len() as u64),
            g(gzipped_file(&path)),
        ];
        let row = rows
            .iter()
            .find(|r| r[0] == name)
            .expect("a row per variant");
        assert_eq!(row, &want, "docs/learn.md's shipped set of {name}");

        // The themes and difficulties, counted from `songo puzzles export`.
        let mut by_theme = [0u64; 8];
        let mut by_difficulty = [0u64; 7];
        for line in &export {
            let p: serde_json::Value = serde_json::from_str(line).expect("JSON lines");
            if p["variant"] != name.as_str() {
                continue;
            }
            for t in p["themes"].as_array().unwrap() {
                let t = songo_learn::puzzle::Theme::from_name(t.as_str().unwrap()).unwrap();
                let i = songo_learn::puzzle::Theme::ALL
                    .iter()
                    .position(|&x| x == t)
                    .unwrap();
                by_theme[i] += 1;
            }
            by_difficulty[p["difficulty"].as_u64().unwrap() as usize - 1] += 1;
        }
        let counted = |counts: &[u64]| {
            std::iter::once(name.clone())
                .chain(counts.iter().map(u64::to_string))
                .collect::<Vec<_>>()
        };
        let row = themes.iter().find(|r| r[0] == name).unwrap();
        assert_eq!(row, &counted(&by_theme), "docs/learn.md's themes of {name}");
        let row = difficulties.iter().find(|r| r[0] == name).unwrap();
        assert_eq!(
            row,
            &counted(&by_difficulty),
            "docs/learn.md's difficulties of {name}"
        );
    }
    let all: Vec<u8> = all.values().flat_map(|f| f.bytes()).collect();
    let json: String = export.iter().map(|l| format!("{l}\n")).collect();
    assert_contains(
        "docs/learn.md",
        &learn,
        &format!(
            "the three files weigh {} bytes, **{} KB\ngzipped** (`gzip -9` of the three together: {} bytes); exported as\nJSON lines they would be {} bytes, {} gzipped",
            g(all.len() as u64),
            (gzipped(&all) + 500) / 1000,
            g(gzipped(&all)),
            g(json.len() as u64),
            g(gzipped(json.as_bytes())),
        ),
    );
}

#[test]
fn the_first_puzzles_ratings_are_the_modules() {
    use songo_learn::rating::{puzzle_rating, Rating};
    let rows = table(
        &doc("docs/learn.md"),
        "| difficulty | puzzle rating | solved: rating, deviation | failed: rating, deviation |",
    );
    assert_eq!(rows.len(), 7);
    for (d, row) in (1u8..=7).zip(&rows) {
        let puzzle = puzzle_rating(d);
        let after = |score| {
            let r = Rating::new().after(puzzle, score);
            format!("{:.0}, {:.0}", r.rating, r.deviation)
        };
        let want = vec![
            d.to_string(),
            format!("{:.0}", puzzle.rating),
            after(1.0),
            after(0.0),
        ];
        assert_eq!(row, &want, "docs/learn.md's difficulty {d}");
    }
}

#[test]
fn a_rating_settles_as_docs_learn_says() {
    use songo_learn::rating::{puzzle_rating, Rating};
    // Difficulty-4 puzzles failed and solved in turn.
    let mut r = Rating::new();
    let mut after = vec![r];
    for i in 0..100 {
        r = r.after(puzzle_rating(4), if i % 2 == 1 { 1.0 } else { 0.0 });
        after.push(r);
    }
    let learn = doc("docs/learn.md").replace('\n', " ");
    let d = |n: usize| after[n].deviation.round();
    let said = format!(
        "deviation is {} after 10 puzzles, {} after 20, {} after 50 and {} after 100 \
         (the volatility adds back what each result takes), the rating near {}",
        d(10),
        d(20),
        d(50),
        d(100),
        after[100].rating.round()
    );
    assert_contains("docs/learn.md", &learn, &said);
}

// ---------------------------------------------------------------------
// Figures the code fixes: the bench's shape, the toolchains, the perft
// of docs/speed.md, the tables' sizes.

#[test]
fn the_benchs_shape_and_count_are_the_engines() {
    use songo_engine::bench::{BENCH_DEPTH, BENCH_HASH_MB, BENCH_POSITIONS};
    let n = BENCH_POSITIONS.len();
    let speed = doc("docs/speed.md").replace('\n', " ");
    assert_contains(
        "docs/speed.md",
        &speed,
        &format!("`songo bench` searches {n} fixed positions to depth {BENCH_DEPTH};"),
    );
    assert_contains(
        "docs/tour.md",
        &doc("docs/tour.md"),
        &format!("The search benchmark ({n} positions, depth {BENCH_DEPTH})"),
    );
    // The count in words, beside the block the first test checks.
    let quoted = block(&doc("docs/speed.md"), "$ songo bench");
    let total: u64 = quoted
        .last()
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("N nodes X nps");
    assert_contains(
        "docs/speed.md",
        &speed,
        &format!(
            "Search, `songo bench` ({n} positions, depth {BENCH_DEPTH}, {BENCH_HASH_MB} MB, one thread): {} nodes",
            grouped(total, ",")
        ),
    );
}

#[test]
fn the_toolchains_the_documents_name_are_the_builds() {
    // The README's oldest toolchain is Cargo.toml's rust-version.
    let manifest = doc("Cargo.toml");
    let rust = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("rust-version in Cargo.toml");
    assert_contains(
        "README.md",
        &doc("README.md"),
        &format!("a Rust toolchain ({rust} or newer)"),
    );
    // docs/web.md's wasm-bindgen command is Cargo.lock's crate.
    let lock = doc("Cargo.lock");
    let at = lock
        .find("name = \"wasm-bindgen\"\nversion = \"")
        .expect("wasm-bindgen in Cargo.lock");
    let version = lock[at..]
        .lines()
        .nth(1)
        .unwrap()
        .split('"')
        .nth(1)
        .unwrap();
    assert_contains(
        "docs/web.md",
        &doc("docs/web.md").replace('\n', " "),
        &format!("wasm-bindgen-cli --version {version} --no-default-features"),
    );
}

#[test]
fn the_perft_count_of_docs_speed_is_songo_perfts() {
    let speed = doc("docs/speed.md").replace('\n', " ");
    let o = songo(&["perft", "--variant", "songo40", "--depth", "11"]);
    let s = said("songo perft", &o);
    let leaves: u64 = s
        .out
        .iter()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .expect("Nodes searched: N");
    assert_contains(
        "docs/speed.md",
        &speed,
        &format!(
            "`songo40` start position to depth 11 ({} leaves)",
            grouped(leaves, ",")
        ),
    );
}

#[test]
fn the_tables_sizes_are_the_formats() {
    use songo_core::Variant;
    use songo_tb::file::{values_len, HEADER_BYTES};
    let rows = table(
        &doc("docs/tablebases.md"),
        "| S | boards | file songo40 | file songo36 | CPU songo40 | CPU songo36-amateur | CPU songo36-beginner | exact boards songo36 (am. / beg.) |",
    );
    assert!(!rows.is_empty());
    for row in rows {
        let s: u8 = row[0].parse().expect("a seed count");
        let mb = |v| {
            format!(
                "{:.1} MB",
                (values_len(v, s) + HEADER_BYTES as u64) as f64 / 1e6
            )
        };
        assert_eq!(
            row[1..4],
            [
                grouped(songo_tb::index::boards(s), ","),
                mb(Variant::Songo40),
                mb(Variant::Songo36Amateur),
            ],
            "docs/tablebases.md, {s} seeds"
        );
    }
}

#[test]
fn the_book_build_example_is_songo_book_builds() {
    // The same command gives the same book whatever the threads
    // (docs/book.md); only the time goes.
    let cmd = "songo book build --out r.book --positions 30 --depth 8";
    let quoted = block(&doc("docs/book.md"), &format!("$ {cmd}"));
    let o = songo_in(
        &scratch("book"),
        &cmd.split(' ').skip(1).collect::<Vec<_>>(),
    );
    let mask = |l: &str| mask_words(l, &["in", "s,"], &[]);
    assert_quoted(
        "docs/book.md's songo book build",
        &quoted,
        &said(cmd, &o),
        &mask,
    );
}

#[test]
fn the_balanced_openings_counts_are_songo_book_openings() {
    // How many positions qualify: all of them, asked for more than there
    // can be.
    let book = doc("docs/book.md");
    let rows = table(
        &book,
        "| variant | balanced openings (file) | split pairs, balanced | split pairs, random 6-ply |",
    );
    for v in songo_core::Variant::ALL {
        let o = songo(&[
            "book",
            "openings",
            "--variant",
            v.name(),
            "--plies",
            "6",
            "--max-score",
            "100",
            "--count",
            "1000000",
            "--seed",
            "1",
        ]);
        let qualify = said("songo book openings", &o).out.len();
        let row = rows
            .iter()
            .find(|r| r[0] == v.name())
            .unwrap_or_else(|| panic!("docs/book.md: no row for {v}"));
        let want = if qualify <= 100 {
            format!("{qualify} (all that qualify)")
        } else {
            format!("100 (of {qualify} that qualify)")
        };
        assert!(
            row[1].starts_with(&want),
            "docs/book.md's {v}: {:?}, songo book openings makes {qualify}",
            row[1]
        );
    }
}

#[test]
fn the_technique_tables_are_of_todays_search() {
    // docs/tuning-history.md's tables of each technique turned off come
    // from `technique_effects` (too long for the suite); their searches
    // with every technique are the bench's at depths 8 to 14, which a
    // change of the search changes: then the tables must be made again.
    let history = doc("docs/tuning-history.md");
    let header = "| without | nodes with / without | acted | best move kept | score change ≤ | loss ≤ | losses at one depth ≤ |";
    let tuned_at = history.find(header).expect("the tuned evaluation's table");
    let nn_at = tuned_at
        + header.len()
        + history[tuned_at + header.len()..]
            .find(header)
            .expect("the net's table");
    for (eval, at) in [("tuned", tuned_at), ("nn", nn_at)] {
        let sum: u64 = (8..=14)
            .map(|depth| {
                let d = depth.to_string();
                let o = songo(&["bench", "--depth", &d, "--eval", eval]);
                let out = said("songo bench", &o).out;
                out.last()
                    .and_then(|l| l.split(' ').next())
                    .and_then(|n| n.parse::<u64>().ok())
                    .expect("N nodes X nps")
            })
            .sum();
        for row in table(&history[at..], header) {
            assert!(
                row[1].starts_with(&format!("{} / ", grouped(sum, ","))),
                "docs/tuning-history.md, {eval}, {}: {} nodes with every technique, the bench \
                 at depths 8 to 14 searches {sum}: run technique_effects again",
                row[0],
                row[1]
            );
        }
    }
}

#[test]
fn the_embedded_net_is_docs_evals_last_generation() {
    // The table's last row names the net compiled in, by its SHA-256
    // (`sha256sum`, as docs/eval.md reads it): a new net needs its row.
    let net = "crates/songo-engine/nets/every-variant.nnue";
    let o = Command::new("sha256sum")
        .arg(net)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("sha256sum runs");
    assert_ran("sha256sum", &o);
    let sum = text(&o.stdout)
        .split(' ')
        .next()
        .expect("a checksum")
        .to_string();
    let eval = doc("docs/eval.md");
    let rows = table(
        &eval,
        "| gen | data: the engine that played, `songo datagen` commands, size | training (`songo train`) | net file (SHA-256) | against the generation before, 1 s + 10 ms |",
    );
    let last = rows.last().expect("a generation");
    assert!(
        last[3].contains(&format!("`{sum}`")),
        "docs/eval.md: the last generation's net is {:?}, the net compiled in ({net}) is {sum}",
        last[3]
    );
}
