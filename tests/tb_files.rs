//! Tablebase files on disk: written by the generator, read back, damaged
//! on purpose, and read by the `songo` command (`uci` and `analyze`).
//! The tables' values are checked against a reference solver in `tb.rs`.

use std::path::PathBuf;

use songo_core::{Position, Variant};
use songo_engine::tb::generate::{build, no_progress};
use songo_engine::tb::{file, Tablebases, TbError};

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("songo-tb-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn files_round_trip_and_report_damage() {
    let dir = TempDir::new("files");
    let v = Variant::Songo40;
    let made = build(v, 11, Some(&dir.0), &no_progress, &mut |_| {}).unwrap();
    let t10 = made[10].as_ref().unwrap();
    assert_eq!(&file::read(&dir.0, v, 10).unwrap(), t10);
    // Building again reads the files instead of solving.
    let mut reused = 0;
    build(v, 11, Some(&dir.0), &no_progress, &mut |r| {
        reused += r.reused as usize
    })
    .unwrap();
    assert_eq!(reused, 2);

    let path = dir.0.join(file::file_name(v, 10));
    let bytes = std::fs::read(&path).unwrap();
    let damaged = |f: &dyn Fn(&mut Vec<u8>)| -> TbError {
        let mut b = bytes.clone();
        f(&mut b);
        std::fs::write(&path, &b).unwrap();
        file::read(&dir.0, v, 10).unwrap_err()
    };
    assert!(matches!(
        damaged(&|b| b.truncate(b.len() - 1)),
        TbError::Truncated { .. }
    ));
    assert!(matches!(
        damaged(&|b| b.truncate(10)),
        TbError::Truncated { .. }
    ));
    assert!(matches!(
        damaged(&|b| b[0] = b'X'),
        TbError::BadMagic { .. }
    ));
    assert!(matches!(
        damaged(&|b| b[8] = 99),
        TbError::Version { found: 99, .. }
    ));
    assert!(matches!(
        damaged(&|b| b[12] = 0),
        TbError::Mismatch {
            field: "variant",
            ..
        }
    ));
    assert!(matches!(
        damaged(&|b| b[13] = 11),
        TbError::Mismatch {
            field: "seed count",
            ..
        }
    ));
    assert!(matches!(
        damaged(&|b| {
            let last = b.len() - 1;
            b[last] ^= 1
        }),
        TbError::Checksum { .. }
    ));
    std::fs::remove_file(&path).unwrap();
    let missing = file::read(&dir.0, v, 10).unwrap_err();
    assert!(matches!(missing, TbError::Missing { .. }));
    assert!(missing.to_string().contains("missing"), "{missing}");

    // Through Tablebases: a bad header is found when the directory is
    // opened, and ends the variant's range there...
    std::fs::write(&path, &bytes[..100]).unwrap();
    let tb = Tablebases::open(&dir.0).unwrap();
    assert_eq!(tb.max_seeds(v), 0);
    assert!(matches!(tb.problems(), [TbError::Truncated { .. }]));
    let p: Position = "1,1,1,1,1,1,1/1,1,1,0,0,0,0 s 30 30 -".parse().unwrap();
    assert_eq!(p.seeds_on_board(), 10);
    assert!(tb.probe(&p, v).is_none());
    // ...bad values when the table is read: the probe then fails softly.
    let mut corrupt = bytes.clone();
    corrupt[file::HEADER_BYTES + 5] ^= 0x40;
    std::fs::write(&path, &corrupt).unwrap();
    let tb = Tablebases::open(&dir.0).unwrap();
    assert_eq!(tb.max_seeds(v), 11);
    assert!(tb.probe(&p, v).is_none());
    assert!(matches!(tb.table(v, 10), Err(TbError::Checksum { .. })));
    assert!(matches!(
        Tablebases::open(&dir.0.join("nope")),
        Err(TbError::Missing { .. })
    ));
}

#[test]
fn engine_reads_tables_and_reports_them() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = TempDir::new("engine");
    build(
        Variant::Songo40,
        11,
        Some(&dir.0),
        &no_progress,
        &mut |_| {},
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!(
        "uci\nsetoption name TablebasePath value {}\nposition fen 1,1,1,1,1,1,1/1,1,1,1,0,0,0 s 30 29 -\nd\ngo depth 6\n",
        dir.0.display()
    );
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // A setoption during the search would stop it: wait for its bestmove.
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
    let mut text = String::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        text.push_str(&line);
        text.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    stdin
        .write_all(b"setoption name TablebasePath value /nonexistent/dir\nquit\n")
        .unwrap();
    drop(stdin);
    for line in lines {
        text.push_str(&line.unwrap());
        text.push('\n');
    }
    child.wait().unwrap();
    assert!(
        text.contains("option name TablebasePath type string"),
        "{text}"
    );
    assert!(text.contains("songo40 10-11 seeds"), "{text}");
    assert!(text.contains("Tablebase: "), "{text}");
    assert!(text.contains(" tbhits "), "{text}");
    assert!(text.contains("bestmove "), "{text}");
    assert!(
        text.contains("info string error: setoption: TablebasePath"),
        "{text}"
    );
}

#[test]
fn analyze_shows_the_tables_verdict() {
    use std::process::Command;
    let dir = TempDir::new("analyze");
    let v = Variant::Songo40;
    build(v, 11, Some(&dir.0), &no_progress, &mut |_| {}).unwrap();
    let fen = "1,1,1,1,1,1,1/1,1,1,1,0,0,0 s 30 29 -";
    let p: Position = fen.parse().unwrap();
    let tb = Tablebases::open(&dir.0).unwrap();
    let verdict = tb.probe(&p, v).unwrap();
    let run = |json: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_songo"));
        cmd.args([
            "analyze",
            "--variant",
            "songo40",
            "--fen",
            fen,
            "--depth",
            "4",
        ]);
        cmd.arg("--tablebases").arg(&dir.0);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run(false);
    assert!(
        text.contains(&format!("Tablebase: {verdict} for South")),
        "{text}"
    );
    let moves = text
        .lines()
        .find_map(|l| l.strip_prefix("Tablebase moves: "))
        .unwrap_or_else(|| panic!("{text}"));
    for (m, r) in tb.probe_moves(&p, v) {
        let (worst, best) = r.unwrap();
        assert!(worst == best, "the tables decide every move here");
        assert!(moves.contains(&format!("{m} {worst}")), "{moves}");
    }
    let json = run(true);
    let line = json.lines().nth(1).unwrap();
    assert!(line.starts_with(r#"{"type":"tablebase","#), "{json}");
    assert!(
        line.contains(&format!(
            r#""result":{{"worst":"{}","best":"{}"}}"#,
            verdict.worst, verdict.best
        )),
        "{line}"
    );
    let missing = Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["analyze", "--tablebases", "/nonexistent/dir"])
        .output()
        .unwrap();
    // A missing directory is a failure (exit code 1), not bad input.
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--tablebases"));
}
