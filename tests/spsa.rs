//! `songo tune search` (SPSA over the search's tunables) as a user runs it:
//! a run killed anywhere and run again ends in the state an unbroken run
//! reaches, whatever the threads; a state file is never continued with
//! other settings; bad arguments and broken files are refused with their
//! exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-spsa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const PAIRS: &str = "160";

/// The test's run, with `extra` replacing the default of an option it names
/// (or adding an option).
fn command(state: &Path, threads: &str, extra: &[&str]) -> Command {
    let mut opts: Vec<(&str, &str)> = vec![
        ("-v", "songo36-beginner"),
        ("--nodes", "300"),
        ("--pairs", PAIRS),
        ("--batch", "4"),
        ("--seed", "5"),
        ("--threads", threads),
    ];
    for pair in extra.chunks(2) {
        match opts
            .iter_mut()
            .find(|(k, _)| *k == pair[0] && *k != "--param")
        {
            Some(o) => o.1 = pair[1],
            None => opts.push((pair[0], pair[1])),
        }
    }
    let mut c = Command::new(env!("CARGO_BIN_EXE_songo"));
    c.args(["tune", "search", "--state"]).arg(state);
    for (k, v) in opts {
        c.args([k, v]);
    }
    if !extra.contains(&"--param") {
        c.args(["--param", "rfp_margin", "--param", "lmr_min_depth"]);
    }
    c
}

fn run(state: &Path, threads: &str, extra: &[&str]) -> Output {
    command(state, threads, extra).output().unwrap()
}

fn done(state: &Path) -> u64 {
    std::fs::read_to_string(state)
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("done ").map(|n| n.parse().unwrap()))
        })
        .unwrap_or(0)
}

#[test]
fn a_killed_run_continues_to_the_state_of_an_unbroken_one() {
    let dir = temp_dir("resume");
    let whole = dir.join("whole.spsa");
    let out = run(&whole, "1", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("rfp_margin="), "{stdout}");
    assert!(stdout.contains("\nlmr_min_depth="), "{stdout}");
    let unbroken = std::fs::read_to_string(&whole).unwrap();
    assert!(unbroken.contains(&format!("done {PAIRS}\n")), "{unbroken}");

    // Killed after a few batches, on two threads, then run again.
    let broken = dir.join("broken.spsa");
    let mut child = command(&broken, "2", &[])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while done(&broken) < 12 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let at = done(&broken);
    assert!(
        at > 0 && at < PAIRS.parse().unwrap(),
        "killed at {at} pairs: no resume to test"
    );
    let out = run(&broken, "2", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), unbroken);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), stdout);

    // A finished run run again changes nothing and prints the same values.
    let out = run(&broken, "1", &[]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), stdout);
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), unbroken);
}

#[test]
fn a_state_file_is_not_continued_with_other_settings() {
    let dir = temp_dir("mismatch");
    let state = dir.join("s.spsa");
    let first = run(&state, "1", &["--pairs", "8"]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let before = std::fs::read_to_string(&state).unwrap();
    for other in [
        &["--pairs", "8", "--seed", "6"][..],
        &["--pairs", "8", "--nodes", "301"],
        &["--pairs", "9"],
    ] {
        let out = run(&state, "1", other);
        assert_eq!(out.status.code(), Some(2), "{other:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("was made with"), "{err}");
        assert_eq!(std::fs::read_to_string(&state).unwrap(), before);
    }
    let out = run(&state, "1", &["--pairs", "8", "--param", "rfp_margin"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("params"));
}

#[test]
fn bad_arguments_and_broken_files_are_refused() {
    let dir = temp_dir("bad");
    let state = dir.join("s.spsa");
    let out = run(&state, "1", &["--param", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nope") && err.contains("rfp_margin"), "{err}");
    for bad in [
        &["--pairs", "0"][..],
        &["--batch", "0"],
        &["--r-end", "0"],
        &["--r-end", "NaN"],
        &["--param", "rfp_margin", "--param", "rfp_margin"],
    ] {
        let out = run(&state, "1", bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    assert!(!state.exists(), "a refused run wrote its state");

    std::fs::write(&state, "songo-spsa 1\nvariant songo40\nnodes lots\n").unwrap();
    let out = run(&state, "1", &[]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3"), "{err}");

    let missing = dir.join("no-such-dir").join("s.spsa");
    let out = run(&missing, "1", &[]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_help_lists_every_tunable() {
    let out = Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["tune", "search", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for t in songo_engine::search::SearchParams::TUNABLES {
        assert!(help.contains(t.name), "{} missing from\n{help}", t.name);
    }
}
