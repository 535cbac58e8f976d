//! `songo puzzles generate` and `export` through the real binary: the same
//! bytes whole, resumed after a stop or a kill, and at any thread count;
//! the set exported as JSON lines; a file made with other settings refused.
//! (A damaged file's exit code is in `exit_codes.rs`, `--mpi` in
//! `puzzles_mpi.rs`, the shipped set in `puzzles_shipped.rs`.)

mod cli_support;
mod tb_support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cli_support::{assert_ran, lossy, songo};
use tb_support::TempDir;

/// Shallow searches: a few seconds for every run here, and every stage of
/// the generator (screen, make, ladder, verify, line) still runs.
const FAST: [&str; 6] = [
    "--screen-depth",
    "4",
    "--depth",
    "6",
    "--verify-depth",
    "10",
];

fn args(variant: &str, puzzles: u64, out: &Path, threads: &str) -> Vec<String> {
    let mut a: Vec<String> = ["puzzles", "generate", "-v", variant, "--seed", "5"]
        .map(String::from)
        .to_vec();
    a.extend(FAST.map(String::from));
    a.extend([
        "--puzzles".into(),
        puzzles.to_string(),
        "--threads".into(),
        threads.into(),
        "--out".into(),
        out.display().to_string(),
    ]);
    a
}

fn generate(args: &[String]) -> std::process::Output {
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = songo(&a);
    assert_ran(&a.join(" "), &o);
    o
}

#[test]
fn resumed_and_threaded_runs_write_the_same_bytes() {
    let dir = TempDir::new("puzzles-resume");
    for variant in ["songo40", "songo36-amateur"] {
        let whole = dir.0.join(format!("{variant}-whole.puzzles"));
        let o = generate(&args(variant, 12, &whole, "1"));
        let bytes = std::fs::read(&whole).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.contains("\npuzzles 12\n") || text.contains("\npuzzles 13\n"),
            "{text}"
        );
        // The report: counts per theme and per difficulty.
        let err = lossy(&o.stderr);
        assert!(err.contains("by theme: capture "), "{err}");
        assert!(err.contains("by difficulty: 1: "), "{err}");

        // Stopped at 5 puzzles, then the same command to the end.
        let resumed = dir.0.join(format!("{variant}-resumed.puzzles"));
        generate(&args(variant, 5, &resumed, "1"));
        let part = std::fs::read_to_string(&resumed).unwrap();
        generate(&args(variant, 12, &resumed, "1"));
        assert!(
            std::fs::read(&resumed).unwrap() == bytes,
            "{variant}: resumed"
        );
        let first_lines: Vec<&str> = part.lines().skip(12).collect();
        assert!(
            text.contains(&first_lines.join("\n")),
            "the part is the start"
        );

        // Run again when done: nothing changes.
        generate(&args(variant, 12, &resumed, "1"));
        assert!(
            std::fs::read(&resumed).unwrap() == bytes,
            "{variant}: rerun"
        );

        // Three threads: the same bytes.
        let threaded = dir.0.join(format!("{variant}-threads.puzzles"));
        generate(&args(variant, 12, &threaded, "3"));
        assert!(
            std::fs::read(&threaded).unwrap() == bytes,
            "{variant}: threads"
        );

        // Export: one JSON object a line, the fields the issue names.
        let o = songo(&["puzzles", "export", whole.to_str().unwrap()]);
        assert_ran("export", &o);
        let lines: Vec<serde_json::Value> = lossy(&o.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert!(lines.len() >= 12);
        for l in &lines {
            assert_eq!(l["variant"], variant);
            assert!(l["fen"].as_str().unwrap().contains('/'));
            assert_eq!(l["solution"].as_array().unwrap().len() % 2, 1);
            assert!(!l["themes"].as_array().unwrap().is_empty());
            assert!((1..=7).contains(&l["difficulty"].as_u64().unwrap()));
            assert_eq!(l.as_object().unwrap().len(), 5);
        }
    }
}

/// Killed while it runs, at whatever point, then run again: the bytes of
/// a run never stopped.
#[test]
fn a_killed_run_continues_to_the_same_bytes() {
    let dir = TempDir::new("puzzles-kill");
    let whole = dir.0.join("whole.puzzles");
    generate(&args("songo36-beginner", 30, &whole, "2"));
    let killed = dir.0.join("killed.puzzles");
    let a = args("songo36-beginner", 30, &killed, "2");
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(&a)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !killed.exists() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let part = std::fs::read_to_string(&killed).unwrap();
    eprintln!("killed with {}", part.lines().nth(11).unwrap_or("?"));
    generate(&a);
    assert!(std::fs::read(&killed).unwrap() == std::fs::read(&whole).unwrap());
}

#[test]
fn other_settings_are_refused_and_the_file_kept() {
    let dir = TempDir::new("puzzles-mismatch");
    let out = dir.0.join("a.puzzles");
    generate(&args("songo40", 2, &out, "1"));
    let before = std::fs::read(&out).unwrap();
    let mut other = args("songo40", 4, &out, "1");
    let depth = other.iter().position(|a| a == "--depth").unwrap();
    other[depth + 1] = "5".into();
    let a: Vec<&str> = other.iter().map(String::as_str).collect();
    let o = songo(&a);
    assert_eq!(o.status.code(), Some(2), "{}", lossy(&o.stderr));
    assert!(
        lossy(&o.stderr).contains("was made with depth 6, not 5: use another --out"),
        "{}",
        lossy(&o.stderr)
    );
    let mut variant = args("songo36-beginner", 4, &out, "1");
    variant[3] = "songo36-beginner".into();
    let a: Vec<&str> = variant.iter().map(String::as_str).collect();
    let o = songo(&a);
    assert_eq!(o.status.code(), Some(2), "{}", lossy(&o.stderr));
    assert!(lossy(&o.stderr).contains("made with variant songo40"));
    assert!(std::fs::read(&out).unwrap() == before);

    // A verifying search not 4 plies deeper is refused before any work.
    let shallow = dir.0.join("b.puzzles");
    let o = songo(&[
        "puzzles",
        "generate",
        "--depth",
        "10",
        "--verify-depth",
        "13",
        "--out",
        shallow.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", lossy(&o.stderr));
    assert!(!shallow.exists());
}

#[test]
fn export_without_a_file_prints_the_set_compiled_in() {
    let o = songo(&["puzzles", "export"]);
    assert_ran("export", &o);
    let mut seen = std::collections::BTreeMap::new();
    for l in lossy(&o.stdout).lines() {
        // The key order, as written (a parsed object forgets it).
        let at = |key: &str| l.find(&format!("\"{key}\":")).unwrap_or(usize::MAX);
        let keys = ["variant", "fen", "solution", "themes", "difficulty"].map(at);
        assert!(keys[0] == 1 && keys.is_sorted() && keys[4] < l.len(), "{l}");
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        *seen
            .entry(v["variant"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    for variant in songo_core::Variant::ALL {
        let set = songo_learn::puzzle::embedded::set(variant).unwrap();
        assert_eq!(
            seen.get(variant.name()).copied().unwrap_or(0),
            set.puzzles.len(),
            "{variant}"
        );
    }
}
