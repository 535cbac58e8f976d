//! The engine in WebAssembly under node: `scripts/wasm-engine-build.sh`
//! builds `crates/songo-wasm` for JavaScript, then `node --test
//! tests/web/engine.test.mjs` drives it with protocol lines (`uci`,
//! `isready`, a search to depth 6 whose best move must be legal) and
//! checks that its bench counts the nodes of the native `songo bench`.
//!
//! The test skips, saying why, when node, the wasm32 target or the
//! `wasm-bindgen` command of Cargo.lock's version is missing (the script
//! names each with the command that installs it), unless
//! `SONGO_WEB=required`: then it fails. `.ci/run` installs the tools
//! and sets it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The script's exit status when a tool it needs is missing.
const MISSING_TOOL: i32 = 3;

/// Skips the test with `why`, or fails it when `SONGO_WEB=required`.
fn missing(why: &str) {
    if std::env::var("SONGO_WEB").as_deref() == Ok("required") {
        panic!("SONGO_WEB=required but {why}");
    }
    eprintln!("skipped: {why}");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Panics with what the command said unless it succeeded.
fn check(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what}: {}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// The native bench's node count: the first number of `songo bench`'s
/// last line, `N nodes X nps`.
fn native_bench_nodes() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("bench")
        .output()
        .expect("songo bench runs");
    check("songo bench", &out);
    let said = text(&out.stdout);
    let last = said.lines().last().expect("songo bench prints its result");
    let nodes = last.split_whitespace().next().unwrap_or_default();
    assert!(
        nodes.parse::<u64>().is_ok() && last.ends_with(" nps"),
        "not the bench's last line: {last:?}"
    );
    nodes.to_string()
}

#[test]
fn the_wasm_engine_speaks_the_protocol_and_counts_the_native_bench_nodes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        _ => return missing("node is missing; install it with: apt-get install nodejs"),
    }
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wasm-engine");
    let built = Command::new(root.join("scripts/wasm-engine-build.sh"))
        .arg(&out_dir)
        .output()
        .expect("the build script runs");
    if built.status.code() == Some(MISSING_TOOL) {
        return missing(text(&built.stderr).trim());
    }
    check("scripts/wasm-engine-build.sh", &built);
    eprint!("{}", text(&built.stdout));

    let tested = Command::new("node")
        .arg("--test")
        .arg(root.join("tests/web/engine.test.mjs"))
        .env("SONGO_WASM_DIR", &out_dir)
        .env("SONGO_BENCH_NODES", native_bench_nodes())
        .output()
        .expect("node runs");
    check("node --test tests/web/engine.test.mjs", &tested);
    let report = text(&tested.stdout);
    // The bench's line, for the speed comparison of docs; and a guard
    // that the count was compared, not skipped.
    for line in report.lines().filter(|l| l.contains("wasm bench:")) {
        eprintln!("{line}");
    }
    assert!(report.contains("# skipped 0"), "{report}");
}
