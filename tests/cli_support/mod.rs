//! Running the real binary, shared by the command-line test files.

#![allow(dead_code)] // each test file takes the parts it needs

use std::process::{Command, Output, Stdio};

pub fn songo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// A failure: non-zero exit, a message on stderr, no panic, nothing on stdout.
pub fn assert_clean_error(args: &[&str], expect: &str) {
    let out = songo(args);
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(err.contains(expect), "{args:?}: stderr {err:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(
        out.stdout.is_empty(),
        "{args:?}: stdout {:?}",
        text(&out.stdout)
    );
}

/// Bytes a command wrote, as text whatever they hold (for messages).
pub fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Panics with what the command said unless it succeeded.
pub fn assert_ran(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what}: {}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        lossy(&out.stdout),
        lossy(&out.stderr)
    );
}

/// N of a bench result line `N nodes X nps` (the native bench's last line,
/// and the web engine's).
pub fn bench_nodes(line: &str) -> Option<u64> {
    match line.split(' ').collect::<Vec<_>>()[..] {
        [n, "nodes", x, "nps"] if x.parse::<u64>().is_ok() => n.parse().ok(),
        _ => None,
    }
}

/// The native `songo bench`'s node count, read from the command (so the
/// count lives in one place, the engine). Run once per test binary.
pub fn native_bench_nodes() -> u64 {
    static NODES: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *NODES.get_or_init(|| {
        let out = songo(&["bench"]);
        assert_ran("songo bench", &out);
        let said = lossy(&out.stdout);
        let last = said.lines().last().expect("songo bench prints its result");
        bench_nodes(last).unwrap_or_else(|| panic!("not the bench's last line: {last:?}"))
    })
}
