//! The exit codes of the `songo` command (documented in `songo --help`),
//! through the real binary.

mod cli_support;

use cli_support::{songo, text};

// ---------------------------------------------------------------- exit codes

/// Runs songo and checks its exit code, that standard error is one
/// `error: ` line holding every `expect`, and that nothing panicked.
fn assert_exit(args: &[&str], code: i32, expect: &[&str]) {
    let out = songo(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: stderr {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    for e in expect {
        assert!(err.contains(e), "{args:?}: {e:?} not in {err}");
    }
}

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn help_documents_the_exit_codes() {
    let out = songo(&["--help"]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    let codes = s
        .split_once("Exit codes:")
        .unwrap_or_else(|| panic!("no exit codes in {s}"))
        .1;
    for (code, meaning) in [
        ("0", "success"),
        ("1", "the job failed"),
        ("2", "bad command line"),
        ("3", "bad input data"),
        ("141", "standard output was closed by its reader"),
    ] {
        assert!(
            codes.contains(&format!("\n  {code}  {meaning}")),
            "{code} {meaning}: {codes}"
        );
    }
}

#[test]
fn a_bad_command_line_exits_with_2() {
    assert_exit(&["--bogus"], 2, &["'--bogus'"]);
    assert_exit(
        &["perft", "--depth", "1", "--colour", "red"],
        2,
        &["--colour"],
    );
    // Values are parsed with the command line: the message names the
    // argument and says what is wrong.
    assert_exit(
        &["perft", "--fen", "garbage", "--depth", "1"],
        2,
        &["'garbage'", "--fen", "expected 5 fields"],
    );
    assert_exit(
        &["match", "-e", "name=a", "-e", "colour=b"],
        2,
        &["'colour=b'", "--engine", "unknown key 'colour'"],
    );
    assert_exit(
        &["match", "-e", "name=a", "-e", "name=b", "--tc", "fast"],
        2,
        &["--tc", "'fast' is not a number of seconds", "movetime=MS"],
    );
    // Arguments that parse but do not go together.
    assert_exit(
        &["match", "-e", "name=a"],
        2,
        &["at least two engines", "got 1"],
    );
    assert_exit(
        &[
            "match", "-e", "name=a", "-e", "name=b", "-e", "name=c", "--sprt", "0,5",
        ],
        2,
        &["--sprt needs exactly two engines, got 3"],
    );
    assert_exit(&["tune", "--games", "0"], 2, &["--games"]);
    assert_exit(
        &["tune", "--games", "1", "--learning-rate=-1"],
        2,
        &["--learning-rate", "-1"],
    );
}

#[test]
fn a_failed_job_exits_with_1() {
    assert_exit(
        &["tb", "probe", "--dir", "/nonexistent/tables"],
        1,
        &[
            "--dir /nonexistent/tables",
            "tablebase directory /nonexistent/tables is missing",
        ],
    );
    // An engine that cannot start stops the match before its first game.
    assert_exit(
        &[
            "match",
            "-e",
            "name=songo",
            "-e",
            "name=ghost cmd=/nonexistent/engine",
            "--tc",
            "depth=1",
            "-n",
            "2",
        ],
        1,
        &["engine 'ghost' failed to start", "/nonexistent/engine"],
    );
    // ...and so does one that exits instead of answering the handshake.
    assert_exit(
        &[
            "match",
            "-e",
            "name=songo",
            "-e",
            "name=mute cmd=true",
            "--tc",
            "depth=1",
        ],
        1,
        &["engine 'mute' failed to start: the engine exited"],
    );
    // ...and so does one that refuses an option it was given: its games
    // would measure something else.
    assert_exit(
        &[
            "match",
            "-e",
            "name=songo",
            "-e",
            "name=tuned option.SearchParams=rfp_margin=1",
            "--tc",
            "depth=1",
        ],
        1,
        &["engine 'tuned' failed to start: it refused a setting: setoption: SearchParams: rfp_margin"],
    );
    assert_exit(
        &[
            "match",
            "-e",
            "name=a",
            "-e",
            "name=b",
            "--openings",
            "/nonexistent/o.txt",
        ],
        1,
        &["cannot read the openings file /nonexistent/o.txt"],
    );
}

#[test]
fn bad_input_data_exits_with_3_and_names_the_file_and_line() {
    let dir = temp_dir("bad-input");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two good, one bad\n5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\n\n5,5,5/5 s 0 0 Gg\n",
    )
    .unwrap();
    let file = openings.to_str().unwrap();
    assert_exit(
        &["match", "-e", "name=a", "-e", "name=b", "--openings", file],
        3,
        &[
            &format!("openings file {file}, line 4: not a position: "),
            "7 counts",
        ],
    );
    // A file that is not a table where a table should be.
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let table = tables.join("songo40-10.sgtb");
    std::fs::write(&table, "not a table").unwrap();
    assert_exit(
        &[
            "tb",
            "generate",
            "--variant",
            "songo40",
            "--max-seeds",
            "10",
            "--dir",
            tables.to_str().unwrap(),
        ],
        3,
        &[
            "cannot generate the songo40 tables",
            &format!("tablebase file {}", table.display()),
        ],
    );
    // Probing skips the broken file with a warning: nothing in the tables.
    let out = songo(&["tb", "probe", "--dir", tables.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(text(&out.stderr).starts_with("warning: tablebase file"));
    assert!(text(&out.stdout).contains("not in the tables"));
    // A damaged puzzle file, to export or to continue: refused with the
    // file and the line, and a generator does not touch it.
    let puzzles = dir.join("songo40.puzzles");
    let good = "songo-puzzles 1\nvariant songo40\ngames 3\npuzzles 1\n\
        5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\tC d A\tquiet\t2\t1\n";
    for (damage, line, why) in [
        (
            "\tC d A\t",
            5,
            "move 3 of the solution, G, is illegal there",
        ),
        ("\tC d A\t", 5, "the solution has 2 moves"),
        (
            "\npuzzles 1",
            4,
            "the header counts 2 puzzles, the file holds 1",
        ),
        ("variant songo40", 2, "'songo41' is not a variant"),
        ("5,5,5,5,5,5,5/", 5, "bad position"),
    ] {
        let damaged = match why {
            w if w.starts_with("move 3") => good.replace(damage, "\tC d G\t"),
            w if w.starts_with("the solution has 2") => good.replace(damage, "\tC d\t"),
            w if w.starts_with("the header") => good.replace(damage, "\npuzzles 2"),
            w if w.starts_with("'songo41'") => good.replace(damage, "variant songo41"),
            _ => good.replace(damage, "5,5,5,5,5,5,9/"),
        };
        std::fs::write(&puzzles, &damaged).unwrap();
        let file = puzzles.to_str().unwrap();
        let named = format!("the puzzle file {file} is damaged: line {line}: ");
        assert_exit(&["puzzles", "export", file], 3, &[&named, why]);
        assert_exit(
            &["puzzles", "generate", "--puzzles", "5", "--out", file],
            3,
            &[&named, why],
        );
        assert_eq!(std::fs::read_to_string(&puzzles).unwrap(), damaged);
    }
    std::fs::write(&puzzles, b"\xff\xfe not text").unwrap();
    assert_exit(
        &["puzzles", "export", puzzles.to_str().unwrap()],
        3,
        &["is damaged: line 1: not a songo puzzle file"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tablebase_help_suggests_a_relative_directory() {
    for sub in ["generate", "probe"] {
        let out = songo(&["tb", sub, "--help"]);
        assert!(out.status.success());
        let s = text(&out.stdout);
        assert!(s.contains(&format!("songo tb {sub} ")), "{s}");
        assert!(s.contains("--dir tables/"), "{s}");
        assert!(!s.contains("/work"), "{s}");
    }
}

/// `songo gui --listen` takes an address or an address with its port; a
/// wrong one or a port given twice is a usage error that says which form
/// is wanted (a person first tried `--listen 0.0.0.0:0`).
#[test]
fn gui_listen_takes_an_address_or_an_address_and_port() {
    assert_exit(
        &["gui", "--no-open", "--listen", "localhost"],
        2,
        &["'localhost' is not an IP address", "0.0.0.0:8040"],
    );
    assert_exit(
        &["gui", "--no-open", "--listen", "127.0.0.1:0", "--port", "0"],
        2,
        &["the port is given twice"],
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["gui", "--no-open", "--listen", "127.0.0.1:0"])
        .env("XDG_DATA_HOME", temp_dir("gui-listen"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("Listening on http://127.0.0.1:") && !line.contains(":0/"),
        "{line}"
    );
}

/// `songo gui --book FILE`: a file that cannot be read fails (1), one that
/// is not a book is bad input (3), both before anything is served.
#[test]
fn gui_book_must_be_a_readable_book() {
    let dir = temp_dir("gui-book");
    let missing = dir.join("missing.book");
    assert_exit(
        &["gui", "--no-open", "--book", missing.to_str().unwrap()],
        1,
        &["cannot read the opening book", "missing.book"],
    );
    let garbage = dir.join("garbage.book");
    // Longer than the header, so that the first check is the magic.
    std::fs::write(&garbage, "not a book at all, only words. ".repeat(4)).unwrap();
    assert_exit(
        &["gui", "--no-open", "--book", garbage.to_str().unwrap()],
        3,
        &["garbage.book is not a usable opening book", "SONGOBK"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}
