//! `songo replay`: games and boards printed, bad files refused without a
//! panic, records of other tools played with `--variant`. The records
//! themselves (writing, reading, errors) are tested in songo-core, whose
//! golden game and record files these tests share.

#[path = "../crates/songo-core/tests/record_support/mod.rs"]
mod record_support;

use std::process::Command;

use record_support::*;

fn replay(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("replay")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One of songo-core's record files of other tools.
fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/songo-core/tests/data/records")
        .join(name)
}

#[test]
fn replay_prints_games_and_boards() {
    let second = GOLDEN.replace("[Round \"1\"]", "[Round \"2\"]");
    let path = temp_file("two.pgn", &format!("{GOLDEN}\n{second}"));
    let p = path.to_str().unwrap();
    let (ok, out, err) = replay(&[p]);
    assert!(ok, "{err}");
    assert!(out.contains("Game 1"), "{out}");
    assert!(out.contains("Game 2"), "{out}");
    assert!(out.contains("Round: 2"), "{out}");
    assert!(out.contains("Result: 0-1 (no seeds)"), "{out}");
    assert!(!out.contains("+----+"), "no boards without --boards");

    let (ok, out, _) = replay(&[p, "--game", "2", "--boards"]);
    assert!(ok);
    assert!(!out.contains("Game 1"), "{out}");
    // The start board and one board after each of the 14 moves.
    assert_eq!(out.matches("Position: ").count(), 15, "{out}");
    assert!(
        out.contains("State: over (player to move has no seeds), result 0-1"),
        "{out}"
    );

    let (ok, _, err) = replay(&[p, "--game", "3"]);
    assert!(!ok);
    assert!(err.contains("game 3") && err.contains("2 games"), "{err}");
}

#[test]
fn replay_reports_bad_files_without_panicking() {
    let (ok, _, err) = replay(&["/nonexistent/file.pgn"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/file.pgn"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let bad = GOLDEN.replace("3. C e", "3. C C");
    let path = temp_file("bad.pgn", &bad);
    let (ok, _, err) = replay(&[path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains(":11:") && err.contains("ply 6: move C is illegal"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");

    let path = temp_file("binary.pgn", "\u{0}\u{1}[[[");
    let (ok, _, err) = replay(&[path.to_str().unwrap()]);
    assert!(!ok && !err.contains("panicked"), "{err}");
}

#[test]
fn replay_help_documents_variant_and_what_is_accepted() {
    let (ok, out, err) = replay(&["--help"]);
    assert!(ok, "{err}");
    for text in [
        "--variant <VARIANT>",
        "cutegames",
        "no Variant tag",
        "no Termination tag",
        "startpos",
        "byte order mark",
        "songo replay --variant songo40",
    ] {
        assert!(out.contains(text), "{text:?} not in:\n{out}");
    }
}

#[test]
fn replay_of_an_empty_file_counts_no_games() {
    let path = temp_bytes("empty.pgn", b"");
    let (ok, out, err) = replay(&[path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "0 games: 0 South wins, 0 North wins, 0 draws, 0 unfinished\n"
    );
}

#[test]
fn replay_refuses_a_huge_line_without_panicking() {
    // One huge line of movetext: the moves run past the end of the game.
    let text = GOLDEN.replace(" 0-1", &" A".repeat(2 << 20));
    let path = temp_bytes("huge.pgn", text.as_bytes());
    let (ok, _, err) = replay(&[path.to_str().unwrap()]);
    assert!(
        !ok && err.contains(":11:") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn replay_refuses_files_that_are_not_text() {
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "utf8-tag.pgn",
            golden_with_line(3, b"[South \"al\xFFpha\"]"),
            ":3: game 1: invalid UTF-8 at column 11",
        ),
        (
            "utf8-moves.pgn",
            golden_with_line(MOVES_LINE, b"1. E c \xFF"),
            ":11: game 1: invalid UTF-8 at column 8",
        ),
        (
            "nul.pgn",
            golden_with_line(5, b"[Result \"0-1\"]\0"),
            ":5: game 1: control character U+0000 at column 15",
        ),
        (
            "binary.pgn",
            vec![0x7F, b'E', b'L', b'F', 2, 1, 1, 0, 0xFF, 0xFE],
            ":1: control character U+007F at column 1",
        ),
    ];
    for (name, bytes, want) in cases {
        let path = temp_bytes(name, &bytes);
        let (ok, out, err) = replay(&[path.to_str().unwrap()]);
        assert!(!ok, "{name}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

#[test]
fn replay_plays_cutegames_records_as_the_given_variant() {
    for name in [
        "cutegames-white-black.pgn",
        "cutegames-real-south-north.pgn",
        "cutegames-real-default-tags.pgn",
        "cutegames-real-out-of-time.pgn",
    ] {
        let path = data(name);
        let p = path.to_str().unwrap();
        let (ok, out, err) = replay(&["--variant", "songo40", p]);
        assert!(ok, "{name}: {err}");
        assert!(
            err.contains("no Variant tag") && err.contains("playing them as songo40 (--variant)"),
            "{name}: {err}"
        );
        assert!(out.contains("Variant: songo40"), "{name}: {out}");
        assert!(out.contains("no Termination tag: derived"), "{name}: {out}");

        let (ok, out, err) = replay(&[p]);
        assert!(!ok && out.is_empty(), "{name}");
        assert!(
            err.contains(":1: game 1: the game has no Variant tag")
                && err.contains("--variant (songo36-beginner, songo36-amateur or songo40)"),
            "{name}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let path = data("cutegames-white-black.pgn");
    let (ok, out, err) = replay(&["-v", "songo40", "--game", "3", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "songo replay: {}: no Variant tag: playing it as songo40 (--variant)",
            path.display()
        )
    );
    assert!(
        out.contains("Result: 0-1 (time forfeit; no Termination tag: derived)"),
        "{out}"
    );
    // Our own records need no --variant and get no note.
    let own = temp_file("own.pgn", GOLDEN);
    let (ok, _, err) = replay(&["--variant", "songo40", own.to_str().unwrap()]);
    assert!(ok && err.is_empty(), "{err}");
}
