//! Tablebase files on disk: written by the generator, read back, damaged
//! on purpose, and read by the `songo` command (`uci` and `analyze`).
//! The tables' values are checked against a reference solver in `tb.rs`.

use std::sync::atomic::AtomicBool;

use songo_core::{Position, Variant};
use songo_tb::generate::{build, generate, no_progress, NoProgress};
use songo_tb::{file, Table, Tablebases, TbError};

mod tb_support;
use tb_support::{replace, TempDir};

#[test]
fn files_round_trip_and_report_damage() {
    let dir = TempDir::new("files");
    let v = Variant::Songo40;
    let made = build(v, 11, Some(&dir.0), &no_progress, &mut |_| {}).unwrap();
    // Tables written to a directory are mapped back from their files.
    let t10 = made[10].as_ref().unwrap();
    assert!(t10.is_mapped());
    let in_memory = generate(v, 10, &[], &NoProgress);
    assert!(!in_memory.is_mapped());
    assert_eq!(&in_memory, t10);
    assert_eq!(&Table::read(&dir.0, v, 10).unwrap(), t10);
    // Building again reads the files instead of solving.
    let mut reused = 0;
    build(v, 11, Some(&dir.0), &no_progress, &mut |r| {
        reused += r.reused as usize
    })
    .unwrap();
    assert_eq!(reused, 2);

    let path = dir.0.join(file::file_name(v, 10));
    let bytes = std::fs::read(&path).unwrap();
    // Every damage but the values' is found by `open` (which maps the
    // file), and the same way by `read` (which also checks the values).
    let damaged = |f: &dyn Fn(&mut Vec<u8>)| -> TbError {
        let mut b = bytes.clone();
        f(&mut b);
        replace(&path, &b);
        let read = Table::read(&dir.0, v, 10).unwrap_err();
        match Table::open(&dir.0, v, 10) {
            Err(opened) => assert_eq!(opened.to_string(), read.to_string()),
            Ok(_) => assert!(matches!(read, TbError::Checksum { .. }), "{read}"),
        }
        read
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
        damaged(&|b| b[16] ^= 1),
        TbError::Mismatch {
            field: "board count",
            ..
        }
    ));
    assert!(matches!(damaged(&|b| b.push(0)), TbError::Truncated { .. }));
    assert!(matches!(
        damaged(&|b| {
            let last = b.len() - 1;
            b[last] ^= 1
        }),
        TbError::Checksum { .. }
    ));
    std::fs::remove_file(&path).unwrap();
    let missing = Table::read(&dir.0, v, 10).unwrap_err();
    assert!(matches!(missing, TbError::Missing { .. }));
    assert!(missing.to_string().contains("missing"), "{missing}");

    // Through Tablebases: a bad header is found when the directory is
    // opened, and ends the variant's range there...
    replace(&path, &bytes[..100]);
    let tb = Tablebases::open(&dir.0).unwrap();
    assert_eq!(tb.max_seeds(v), 0);
    assert!(matches!(tb.problems(), [TbError::Truncated { .. }]));
    let p: Position = "1,1,1,1,1,1,1/1,1,1,0,0,0,0 s 30 30 -".parse().unwrap();
    assert_eq!(p.seeds_on_board(), 10);
    assert!(tb.probe(&p, v).is_none());
    let mut mismatched = bytes.clone();
    mismatched[13] = 12;
    replace(&path, &mismatched);
    let tb = Tablebases::open(&dir.0).unwrap();
    assert_eq!(tb.max_seeds(v), 0);
    assert!(matches!(
        tb.problems(),
        [TbError::Mismatch {
            field: "seed count",
            expected: 10,
            found: 12,
            ..
        }]
    ));
    // ...and again when a table is mapped (the directory may have changed
    // since), with the same typed errors: the probe then fails softly.
    replace(&path, &bytes);
    let tb = Tablebases::open(&dir.0).unwrap();
    assert_eq!(tb.max_seeds(v), 11);
    replace(&path, &bytes[..bytes.len() - 7]);
    assert!(tb.probe(&p, v).is_none());
    assert!(matches!(
        tb.table(v, 10),
        Err(TbError::Truncated { expected, found, .. }) if expected == found + 7
    ));
    assert!(matches!(tb.preload(v), Err(TbError::Truncated { .. })));
    replace(&path, &bytes);
    let tb = Tablebases::open(&dir.0).unwrap();
    replace(&path, &mismatched);
    assert!(matches!(
        tb.preload(v),
        Err(TbError::Mismatch {
            field: "seed count",
            ..
        })
    ));
    // A damaged value passes the header checks: the table maps and is
    // probed, and `verify` (what `songo tb verify` runs) finds it.
    let mut corrupt = bytes.clone();
    corrupt[file::HEADER_BYTES + 5] ^= 0x40;
    replace(&path, &corrupt);
    let tb = Tablebases::open(&dir.0).unwrap();
    assert_eq!(tb.max_seeds(v), 11);
    assert_eq!(
        tb.preload(v).unwrap(),
        (t10.raw_values().unwrap().len() + made[11].as_ref().unwrap().raw_values().unwrap().len())
            as u64
    );
    assert!(tb.probe(&p, v).is_some());
    assert!(tb.read_ahead(v, &AtomicBool::new(false)));
    assert!(!tb.read_ahead(v, &AtomicBool::new(true)));
    assert!(tb.verify(v, 11).is_ok());
    assert!(matches!(tb.verify(v, 10), Err(TbError::Checksum { .. })));
    // A file replaced while mapped: the map keeps the old file.
    let before = tb.table(v, 10).unwrap();
    replace(&path, &bytes);
    assert_eq!(before.raw_values().unwrap(), &corrupt[file::HEADER_BYTES..]);
    assert!(before.verify().is_err());
    assert!(Table::read(&dir.0, v, 10).is_ok());
    assert!(matches!(
        Tablebases::open(&dir.0.join("nope")),
        Err(TbError::Missing { .. })
    ));
}

/// Runs `songo` with `args` and `input` on standard input; returns its
/// exit code, standard output and standard error.
fn run_songo(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn damaged_files_are_reported_by_the_protocol_and_tb_verify() {
    let dir = TempDir::new("damaged");
    let v = Variant::Songo40;
    build(v, 12, Some(&dir.0), &no_progress, &mut |_| {}).unwrap();
    let d = dir.0.to_str().unwrap();
    let (code, out, _) = run_songo(&["tb", "verify", "--dir", d], "");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("songo40 12 seeds: ok"), "{out}");
    assert!(out.contains("songo36-amateur: no tables"), "{out}");

    let uci = |d: &str| {
        run_songo(
            &[],
            &format!("uci\nsetoption name TablebasePath value {d}\nisready\nquit\n"),
        )
        .1
    };
    let path = |s: u8| dir.0.join(file::file_name(v, s));
    let good = std::fs::read(path(12)).unwrap();
    let text = uci(d);
    assert!(text.contains("songo40 10-12 seeds"), "{text}");
    assert!(
        text.contains("info string tablebases of songo40 mapped in "),
        "{text}"
    );
    assert!(!text.contains("error"), "{text}");

    // A truncated file: the engine says so, and uses the tables below it.
    replace(&path(12), &good[..good.len() - 1]);
    let text = uci(d);
    assert!(text.contains("songo40 10-11 seeds"), "{text}");
    let expected = format!(
        "info string error: TablebasePath: tablebase file {} has {} bytes, its header needs {}",
        path(12).display(),
        good.len() - 1,
        good.len()
    );
    assert!(text.contains(&expected), "{text}");
    assert!(text.contains("readyok"), "{text}");
    let (code, out, err) = run_songo(&["tb", "verify", "--dir", d, "-v", "songo40"], "");
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(
        out.contains(&format!(
            "tablebase file {} has {} bytes, its header needs {}",
            path(12).display(),
            good.len() - 1,
            good.len()
        )),
        "{out}"
    );
    assert!(err.contains("1 tablebase file(s)"), "{err}");

    // A header that does not match the file's name.
    let mut other = good.clone();
    other[12] = 1;
    replace(&path(12), &other);
    let text = uci(d);
    assert!(text.contains("songo40 10-11 seeds"), "{text}");
    assert!(
        text.contains(&format!(
            "info string error: TablebasePath: tablebase file {}: variant is 1, expected 2",
            path(12).display()
        )),
        "{text}"
    );

    // A damaged value: the engine opens the file (it checks no checksum),
    // `songo tb verify` finds it.
    let mut corrupt = good.clone();
    corrupt[file::HEADER_BYTES + 1000] ^= 1;
    replace(&path(12), &corrupt);
    let text = uci(d);
    assert!(text.contains("songo40 10-12 seeds"), "{text}");
    let (code, out, err) = run_songo(&["tb", "verify", "--dir", d], "");
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(out.contains("songo40 11 seeds: ok"), "{out}");
    assert!(
        out.contains(&format!(
            "songo40 12 seeds: tablebase file {} is corrupt (checksum mismatch)",
            path(12).display()
        )),
        "{out}"
    );
    assert!(err.contains("failed verification"), "{err}");
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
    // A directory that is missing fails the job (exit code 1, `songo --help`).
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--tablebases"));
}

/// The flags the kernel shows for this process's mapping of `path`
/// (`VmFlags` in `/proc/self/smaps`: `rr` is `MADV_RANDOM`).
#[cfg(target_os = "linux")]
fn mapping_flags(path: &std::path::Path) -> Vec<String> {
    let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
    let name = path.canonicalize().unwrap();
    let mut lines = smaps
        .lines()
        .skip_while(|l| !l.ends_with(name.to_str().unwrap()));
    assert!(lines.next().is_some(), "{} is not mapped", name.display());
    let flags = lines.find(|l| l.starts_with("VmFlags:")).unwrap();
    flags
        .split_whitespace()
        .skip(1)
        .map(str::to_string)
        .collect()
}

/// Probes land anywhere in a table: a page not yet in memory must cost one
/// page read, not the disk's whole read-ahead window (8 MB here, several
/// milliseconds a probe, which made timed searches overrun their clocks).
/// The raw and the compressed files are mapped for random reads, and stay
/// so after a verification (which reads in order).
#[cfg(target_os = "linux")]
#[test]
fn tables_are_mapped_for_random_probes() {
    let dir = TempDir::new("advice");
    let v = Variant::Songo40;
    build(v, 10, Some(&dir.0), &no_progress, &mut |_| {}).unwrap();
    let raw = Table::open(&dir.0, v, 10).unwrap();
    let path = dir.0.join(file::file_name(v, 10));
    assert!(mapping_flags(&path).contains(&"rr".to_string()));
    raw.verify().unwrap();
    assert!(mapping_flags(&path).contains(&"rr".to_string()));

    songo_tb::compressed::compress(&dir.0, v, 10, 3).unwrap();
    let packed = Table::open_compressed(&dir.0, v, 10).unwrap();
    let path = dir.0.join(songo_tb::compressed::file_name(v, 10));
    assert!(mapping_flags(&path).contains(&"rr".to_string()));
    packed.verify().unwrap();
    assert!(mapping_flags(&path).contains(&"rr".to_string()));
}
