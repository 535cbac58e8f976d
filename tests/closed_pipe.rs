//! A closed pipe is no error: `songo perft --depth 9 | head -1` and the
//! like end quietly with exit code 141 (128 + SIGPIPE, as a shell shows
//! for the tools the signal kills; `crate::error` documents it), or 0 when
//! all was written before the reader left; never with a panic or an
//! `error:` line. A closed standard error (where the progress goes) does
//! not stop the job.

mod cli_support;
mod tb_support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

use cli_support::text;
use tb_support::TempDir;

/// The exit code of a tool whose output was closed under it.
const CLOSED: i32 = 141;

const PROBED: &str = "1,1,1,1,1,1,1/1,1,1,0,0,0,0 s 30 30 -";

/// A pipe whose reading end is already closed: every write to the other
/// end fails with EPIPE, whatever the timing.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer.into()
}

fn songo() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_songo"));
    cmd.stdin(Stdio::null());
    cmd
}

/// Neither a panic nor an error message on standard error.
fn assert_quiet(what: &str, out: &Output) {
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert!(!err.contains("error"), "{what}: {err}");
}

/// Songo40 tables up to 10 seeds in a fresh directory, made with standard
/// error closed (the count logs its passes there): the job is done all
/// the same.
fn tables(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    let out = songo()
        .args([
            "tb",
            "generate",
            "--variant",
            "songo40",
            "--max-seeds",
            "10",
        ])
        .arg("--no-checkpoints")
        .arg("--dir")
        .arg(&dir.0)
        .stderr(closed_pipe())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("songo40 10 seeds:"));
    assert!(dir.0.join("songo40-10.sgtb").is_file());
    dir
}

/// The commands under test, each writing several lines on standard output.
fn commands(tables: &TempDir) -> Vec<Vec<String>> {
    let dir = tables.0.to_str().unwrap();
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        args(&["perft", "--depth", "6"]),
        args(&[
            "tb",
            "probe",
            "--dir",
            dir,
            "--variant",
            "songo40",
            "--fen",
            PROBED,
        ]),
        args(&["analyze", "--depth", "30"]),
        args(&["analyze", "--depth", "30", "--json"]),
        args(&["bench", "--depth", "2"]),
    ]
}

#[test]
fn a_closed_output_ends_every_tool_quietly_with_141() {
    let dir = tables("closed-output");
    for args in commands(&dir) {
        let out = songo()
            .args(&args)
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(CLOSED), "{args:?}: {out:?}");
        assert_quiet(&format!("{args:?}"), &out);
    }
}

#[test]
fn a_reader_that_leaves_after_one_line_ends_every_tool_quietly() {
    let dir = tables("early-reader");
    for args in commands(&dir) {
        let mut child = songo()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        // The reader is dropped: the pipe is closed.
        let out = child.wait_with_output().unwrap();
        assert!(!first.is_empty(), "{args:?}: {}", text(&out.stderr));
        let code = out.status.code();
        assert!(
            code == Some(0) || code == Some(CLOSED),
            "{args:?}: {code:?}"
        );
        assert_quiet(&format!("{args:?}"), &out);
    }
}

#[test]
fn a_closed_standard_error_does_not_stop_the_job() {
    for (args, last) in [
        (&["perft", "--depth", "4"][..], "Nodes searched: "),
        (&["bench", "--depth", "2"][..], " nps"),
    ] {
        let out = songo()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(closed_pipe())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let s = text(&out.stdout);
        assert!(s.lines().last().unwrap().contains(last), "{args:?}: {s}");
    }
}
