//! `songo book …` through the real binary: a build reproducible whatever
//! the threads and however it was interrupted, probing, statistics,
//! balanced openings, and bad book files. Tiny books at shallow depths,
//! so that the whole file runs in seconds.

mod cli_support;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cli_support::{assert_ran, lossy, songo};
use songo_book::{Book, BookStats};
use songo_core::{Position, Variant};

/// A directory of its own under the system's temporary one, removed when
/// the test ends.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("songo-book-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn build(out: &str, extra: &[&str]) {
    let mut args = vec!["book", "build", "--out", out];
    args.extend_from_slice(extra);
    let ran = songo(&args);
    assert_ran(&format!("{args:?}"), &ran);
}

/// The book most tests read: 40 songo40 positions at depth 3, and a few
/// of songo36-amateur. Built once per run of this file, under Cargo's
/// directory for tests' files (one file, made again by each run).
fn shared_book() -> &'static Path {
    static BOOK: OnceLock<PathBuf> = OnceLock::new();
    BOOK.get_or_init(|| {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("book_cli-shared.book");
        let _ = std::fs::remove_file(&path);
        let out = path.display().to_string();
        build(
            &out,
            &[
                "-v",
                "songo40",
                "--positions",
                "40",
                "--depth",
                "3",
                "--threads",
                "2",
            ],
        );
        build(
            &out,
            &["-v", "songo36-amateur", "--positions", "45", "--depth", "3"],
        );
        path
    })
}

fn read(path: &Path) -> Book {
    Book::from_bytes(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn a_build_gives_the_same_bytes_at_once_or_resumed_whatever_the_threads() {
    let dir = TempDir::new("determinism");
    let (once, resumed) = (dir.file("once.book"), dir.file("resumed.book"));
    let common = ["--variant", "songo40", "--depth", "4", "--seed", "3"];
    build(
        &once,
        &[&common[..], &["--positions", "6", "--threads", "1"]].concat(),
    );
    build(
        &resumed,
        &[&common[..], &["--positions", "3", "--threads", "2"]].concat(),
    );
    assert_eq!(read(Path::new(&resumed)).len(), 3);
    build(
        &resumed,
        &[&common[..], &["--positions", "6", "--threads", "2"]].concat(),
    );
    let (a, b) = (
        std::fs::read(&once).unwrap(),
        std::fs::read(&resumed).unwrap(),
    );
    assert_eq!(a, b, "built at once and in two runs");
    let book = Book::from_bytes(&a).unwrap();
    assert_eq!(book.len(), 6);
    // The start and five positions after it, all of songo40.
    let stats = BookStats::of(&book);
    assert_eq!(stats.variants[Variant::Songo40.index()].reachable, 6);
    assert!(!dir.0.join("once.book.tmp").exists());
}

#[test]
fn a_build_reports_each_variant() {
    let dir = TempDir::new("report");
    let out = dir.file("three.book");
    let ran = songo(&[
        "book",
        "build",
        "--out",
        &out,
        "--positions",
        "4",
        "--depth",
        "2",
    ]);
    assert_ran("build", &ran);
    let said = lossy(&ran.stdout);
    for v in Variant::ALL {
        assert!(said.contains(&format!("{v}: ")), "{v} in {said}");
    }
    assert!(said.contains("main line, "), "{said}");
    assert!(said.contains("positions per ply: 1"), "{said}");
    assert!(lossy(&ran.stderr).contains("--positions reached"));
    // Fewest positions grow first: 4 positions over 3 variants.
    let stats = BookStats::of(&read(Path::new(&out)));
    let counts: Vec<usize> = stats.variants.iter().map(|s| s.reachable).collect();
    assert_eq!(counts, [2, 1, 1]);
}

#[test]
fn probe_lists_the_book_moves_best_first() {
    let path = shared_book();
    let book = read(path);
    let start = Position::startpos();
    let moves = book.probe(Variant::Songo40, &start).unwrap();
    let ran = songo(&[
        "book",
        "probe",
        "--book",
        path.to_str().unwrap(),
        "-v",
        "songo40",
    ]);
    assert_ran("probe", &ran);
    let said = lossy(&ran.stdout);
    let lines: Vec<&str> = said.lines().collect();
    assert!(
        lines[0].ends_with(&format!("{start}: {} book moves", moves.len())),
        "{said}"
    );
    assert_eq!(lines.len(), 2 + moves.len(), "{said}");
    for (line, m) in lines[2..].iter().zip(moves) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], m.mv.to_string(), "{said}");
        assert_eq!(fields[1], m.score.to_string(), "{said}");
        assert_eq!(fields[3], m.depth.to_string(), "{said}");
        assert_eq!(fields[4], m.visits.to_string(), "{said}");
    }
    let scores: Vec<i16> = moves.iter().map(|m| m.score).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");

    // --moves from the start, in JSON.
    let best = moves[0].mv.to_string();
    let ran = songo(&[
        "book",
        "probe",
        "--book",
        path.to_str().unwrap(),
        "--moves",
        &best,
        "--json",
    ]);
    assert_ran("probe --json", &ran);
    let json: serde_json::Value = serde_json::from_slice(&ran.stdout).unwrap();
    let after = start.make_move(Variant::Songo40, moves[0].mv);
    assert_eq!(json["position"], after.to_string());
    assert_eq!(json["in_book"], true);
    let replies = book.probe(Variant::Songo40, &after).unwrap();
    assert_eq!(json["moves"].as_array().unwrap().len(), replies.len());
    assert_eq!(json["moves"][0]["move"], replies[0].mv.to_string());
    assert_eq!(json["moves"][0]["score"], replies[0].score);

    // songo36-beginner is not in this book: said, and not an error.
    let ran = songo(&[
        "book",
        "probe",
        "--book",
        path.to_str().unwrap(),
        "-v",
        "songo36-beginner",
    ]);
    assert_ran("probe a position not in the book", &ran);
    assert!(lossy(&ran.stdout).ends_with(": not in the book\n"));
    // The embedded book answers without --book.
    assert_ran("probe the embedded book", &songo(&["book", "probe"]));
}

#[test]
fn stats_are_the_books() {
    let path = shared_book();
    let stats = BookStats::of(&read(path));
    let ran = songo(&["book", "stats", "--book", path.to_str().unwrap()]);
    assert_ran("stats", &ran);
    let said = lossy(&ran.stdout);
    let bytes = std::fs::metadata(path).unwrap().len();
    let head = format!(
        "{} positions, {} moves, {bytes} bytes",
        stats.positions, stats.moves
    );
    assert!(said.lines().next().unwrap().ends_with(&head), "{said}");
    assert_eq!(stats.positions, 45);
    for s in &stats.variants {
        if s.reachable == 0 {
            assert!(
                said.contains(&format!("{}: not in the book", s.variant)),
                "{said}"
            );
            continue;
        }
        assert!(
            said.contains(&format!("{}: {} positions\n", s.variant, s.reachable)),
            "{said}"
        );
        let line: Vec<String> = s.main_line.iter().map(|m| m.to_string()).collect();
        let main = format!("main line, {} plies: {}", line.len(), line.join(" "));
        assert!(said.contains(&main), "{main} in {said}");
        let per_ply: Vec<String> = s.by_ply.iter().map(|n| n.to_string()).collect();
        assert!(said.contains(&format!("positions per ply: {}\n", per_ply.join(" "))));
        assert_eq!(s.by_ply.iter().sum::<usize>(), s.reachable);
    }
    assert_eq!(stats.variants[Variant::Songo40.index()].reachable, 40);
    assert_eq!(stats.variants[Variant::Songo36Amateur.index()].reachable, 5);
}

/// The positions `plies` book moves from the start, every move within
/// `max` of even and the game going on, the position's own book value too.
fn balanced(book: &Book, v: Variant, plies: usize, max: i16) -> HashSet<Position> {
    let mut layer = HashSet::from([Position::startpos()]);
    for _ in 0..plies {
        let mut next = HashSet::new();
        for p in &layer {
            for m in book.probe(v, p).unwrap_or_default() {
                let after = p.make_move(v, m.mv);
                if m.score.abs() <= max && !after.is_over(v) {
                    next.insert(after);
                }
            }
        }
        layer = next;
    }
    layer.retain(|p| book.probe(v, p).is_none_or(|m| m[0].score.abs() <= max));
    layer
}

#[test]
fn openings_are_distinct_balanced_book_lines() {
    let path = shared_book();
    let book = read(path);
    let v = Variant::Songo40;
    let dir = TempDir::new("openings");
    let out = dir.file("openings.txt");
    let all = balanced(&book, v, 2, 150);
    assert!(all.len() >= 3, "{} balanced positions", all.len());
    let args = |count: &str, seed: &str| {
        songo(&[
            "book",
            "openings",
            "--book",
            path.to_str().unwrap(),
            "-v",
            "songo40",
            "--plies",
            "2",
            "--max-score",
            "150",
            "--count",
            count,
            "--seed",
            seed,
            "--out",
            &out,
        ])
    };
    let ran = args("3", "5");
    assert_ran("openings", &ran);
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<Position> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 3, "distinct");
    assert!(lines.iter().all(|p| all.contains(p)), "{text}");
    // The same seed, the same file; more than exist: said, and all written.
    assert_ran("openings again", &args("3", "5"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    let ran = args("100000", "5");
    assert_ran("too many openings", &ran);
    assert!(lossy(&ran.stderr).contains(&format!("only {} positions", all.len())));
    let every: HashSet<Position> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(every, all);
    // What songo match reads.
    let ran = songo(&[
        "match",
        "-e",
        "arg=sparring arg=--kind=random",
        "-e",
        "arg=sparring arg=--kind=greedy",
        "--openings",
        &out,
        "-n",
        "2",
        "--tc",
        "nodes=10",
    ]);
    assert_ran("a match from the openings", &ran);
    // To standard output without --out.
    let ran = songo(&[
        "book",
        "openings",
        "--book",
        path.to_str().unwrap(),
        "--plies",
        "2",
        "--max-score",
        "150",
        "--count",
        "3",
        "--seed",
        "5",
    ]);
    assert_ran("openings to standard output", &ran);
    assert_eq!(lossy(&ran.stdout), text);
}

/// docs/openings/ are the embedded book's balanced openings, made by
/// docs/book.md's command: made again here, they must be the same bytes,
/// so that a new book cannot leave stale openings behind.
#[test]
fn the_documented_openings_are_the_embedded_books() {
    let dir = TempDir::new("documented-openings");
    for v in Variant::ALL {
        let out = dir.file(&format!("{v}.txt"));
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
            "100",
            "--seed",
            "1",
            "--out",
            &out,
        ]);
        assert_ran(&format!("{v}: book openings"), &o);
        let made = std::fs::read_to_string(&out).unwrap();
        let path = format!(
            "{}/docs/openings/{v}-book-6.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(
            made == kept,
            "{path} is not what docs/book.md's command makes from the embedded book"
        );
    }
}

#[test]
fn bad_book_files_are_named_and_exit_with_3_missing_ones_with_1() {
    let dir = TempDir::new("bad");
    let good = shared_book();
    let mut bytes = std::fs::read(good).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    let damaged = dir.file("damaged.book");
    std::fs::write(&damaged, &bytes).unwrap();
    let truncated = dir.file("truncated.book");
    std::fs::write(&truncated, &bytes[..40]).unwrap();
    let missing = dir.file("missing.book");
    let cases: [(&[&str], &str); 4] = [
        (&["book", "probe", "--book"], ""),
        (&["book", "stats", "--book"], ""),
        (
            &[
                "book",
                "openings",
                "--plies",
                "2",
                "--max-score",
                "50",
                "--count",
                "2",
                "--book",
            ],
            "",
        ),
        (
            &[
                "book",
                "build",
                "--positions",
                "50",
                "--depth",
                "2",
                "--out",
            ],
            "",
        ),
    ];
    for (args, _) in cases {
        for (file, code, says) in [
            (&damaged, 3, "checksum"),
            (&truncated, 3, "truncated"),
            (&missing, 1, "cannot read the book file"),
        ] {
            if args[1] == "build" && file == &missing {
                continue; // a build starts a missing book
            }
            let mut all = args.to_vec();
            all.push(file);
            let ran = songo(&all);
            let err = lossy(&ran.stderr);
            assert_eq!(ran.status.code(), Some(code), "{all:?}: {err}");
            assert!(err.starts_with("error: "), "{all:?}: {err}");
            assert!(err.contains(file.as_str()), "{all:?}: {err}");
            assert!(err.contains(says), "{all:?}: {says} in {err}");
            assert!(!err.contains("panicked"), "{err}");
        }
    }
    // The build left the damaged file as it was.
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);
    // A bad --moves is a command-line error.
    let ran = songo(&["book", "probe", "--moves", "E E"]);
    assert_eq!(ran.status.code(), Some(2), "{}", lossy(&ran.stderr));
}
