//! `songo lessons check` through the real binary: the lessons compiled in
//! and a copy of their file pass with a count per variant; a damaged file
//! is refused with exit code 3, naming the file and what is wrong, and an
//! unreadable one with exit code 1 (issue 39: "a damaged puzzle or lesson
//! file is refused with a clear error, exit code 3, the file named").

mod cli_support;
mod tb_support;

use std::path::Path;

use cli_support::{assert_ran, lossy, songo};
use songo_core::Variant;
use songo_learn::lesson::{builtin, BUILTIN_TEXT};
use tb_support::TempDir;

/// The report `check` must print for the lessons compiled in: a line per
/// variant, then `ok`.
fn expected_report() -> String {
    let mut want: String = Variant::ALL
        .iter()
        .map(|&v| format!("{v}: {} lessons\n", builtin().of(v).count()))
        .collect();
    want.push_str("ok\n");
    want
}

/// Runs `songo lessons check FILE` on a file that must be refused as
/// damaged: exit code 3, one `error:` line naming the file and holding
/// each of `expect`, nothing on standard output, no panic.
fn refused(file: &Path, expect: &[&str]) {
    let path = file.to_str().unwrap();
    let o = songo(&["lessons", "check", path]);
    let err = lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{path}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.starts_with(&format!("error: the lesson file is damaged: {path}: ")),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    for e in expect {
        assert!(err.contains(e), "{e:?} not in {err}");
    }
    assert!(o.stdout.is_empty(), "{}", lossy(&o.stdout));
}

/// The file compiled in with one text replaced, written to `dir/name`.
fn damaged(dir: &TempDir, name: &str, from: &str, to: &str) -> std::path::PathBuf {
    assert!(BUILTIN_TEXT.contains(from), "{from} is not in the file");
    let path = dir.0.join(name);
    std::fs::write(&path, BUILTIN_TEXT.replacen(from, to, 1)).unwrap();
    path
}

#[test]
fn the_lessons_compiled_in_pass() {
    let o = songo(&["lessons", "check"]);
    assert_ran("lessons check", &o);
    assert_eq!(lossy(&o.stdout), expected_report());
    assert!(o.stderr.is_empty(), "{}", lossy(&o.stderr));
}

#[test]
fn a_good_copy_of_the_lesson_file_passes() {
    let dir = TempDir::new("lessons-good");
    let copy = dir.0.join("lessons.json");
    let source =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/songo-learn/lessons/lessons.json");
    std::fs::copy(&source, &copy).unwrap();
    let o = songo(&["lessons", "check", copy.to_str().unwrap()]);
    assert_ran("lessons check lessons.json", &o);
    assert_eq!(lossy(&o.stdout), expected_report());
}

#[test]
fn a_file_for_some_variants_says_what_they_do_not_teach() {
    let dir = TempDir::new("lessons-one");
    let text = r#"{"format": 1, "lessons": [{
        "id": "sow", "variants": ["songo40"], "rules": ["sowing"],
        "title": "lesson-sow-title", "task": "lesson-sow-task",
        "wrong": "lesson-sow-wrong", "done": "lesson-sow-done",
        "position": "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
        "accept": [{"move": "C", "after": "5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 Gg"}]
    }]}"#;
    let path = dir.0.join("one.json");
    std::fs::write(&path, text).unwrap();
    let o = songo(&["lessons", "check", path.to_str().unwrap()]);
    assert_ran("lessons check one.json", &o);
    let out = lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "songo36-beginner: 0 lessons", "{out}");
    assert_eq!(lines[1], "songo36-amateur: 0 lessons", "{out}");
    assert!(
        lines[2].starts_with("songo40: 1 lesson, not taught: ") && lines[2].contains("capture"),
        "{out}"
    );
    assert!(!lines[2].contains("sowing"), "{out}");
    assert_eq!(lines[3..], ["ok"], "{out}");
}

#[test]
fn a_wrong_expected_position_is_refused_naming_the_lesson() {
    let dir = TempDir::new("lessons-after");
    let file = damaged(
        &dir,
        "after.json",
        "\"after\": \"5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 Gg\"",
        "\"after\": \"5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 G\"",
    );
    refused(
        &file,
        &[
            "lesson sow: in songo36-beginner C leaves 5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 Gg",
            "the file says 5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 G",
        ],
    );
}

#[test]
fn an_unknown_variant_is_refused() {
    let dir = TempDir::new("lessons-variant");
    let file = damaged(
        &dir,
        "variant.json",
        "\"variants\": [\"songo36-beginner\", \"songo36-amateur\", \"songo40\"]",
        "\"variants\": [\"songo36-beginner\", \"songo38\", \"songo40\"]",
    );
    refused(
        &file,
        &[
            "lesson sow: variant \"songo38\" is wrong",
            "unknown variant",
        ],
    );
}

#[test]
fn bad_json_is_refused_with_its_line() {
    let dir = TempDir::new("lessons-json");
    // A comma dropped between the first two lessons: the reader names the
    // second one's opening brace, the line after the first one's end.
    let end = "    },\n    {";
    let line = BUILTIN_TEXT[..BUILTIN_TEXT.find(end).unwrap()]
        .matches('\n')
        .count()
        + 2;
    let file = damaged(&dir, "json.json", end, "    }\n    {");
    let at = format!("expected `,` or `]` at line {line} column 5");
    refused(&file, &["not a lesson file: ", &at]);
    // Cut short.
    let cut = dir.0.join("cut.json");
    std::fs::write(&cut, &BUILTIN_TEXT[..BUILTIN_TEXT.len() / 2]).unwrap();
    refused(&cut, &["not a lesson file: ", "EOF while parsing"]);
    // Not text at all.
    let binary = dir.0.join("binary.json");
    std::fs::write(&binary, b"\xff\xfe\x00 not text").unwrap();
    refused(&binary, &["not a lesson file: ", "line 1"]);
    // Another version of the format.
    let format = damaged(&dir, "format.json", "\"format\": 1", "\"format\": 2");
    refused(
        &format,
        &["lesson file format 2, this version reads format 1"],
    );
}

#[test]
fn a_missing_file_fails_with_1() {
    let dir = TempDir::new("lessons-missing");
    let path = dir.0.join("none.json");
    let o = songo(&["lessons", "check", path.to_str().unwrap()]);
    let err = lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "error: cannot read the lesson file {}: ",
            path.display()
        )),
        "{err}"
    );
    assert!(o.stdout.is_empty());
    // A directory is no file either.
    let o = songo(&["lessons", "check", dir.0.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", lossy(&o.stderr));
}
