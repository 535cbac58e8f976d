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

mod cli_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use cli_support::{assert_ran, lossy, native_bench_nodes};

/// The script's exit status when a tool it needs is missing.
const MISSING_TOOL: i32 = 3;

/// Skips the test with `why`, or fails it when `SONGO_WEB=required`.
fn missing(why: &str) {
    if std::env::var("SONGO_WEB").as_deref() == Ok("required") {
        panic!("SONGO_WEB=required but {why}");
    }
    eprintln!("skipped: {why}");
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
        return missing(lossy(&built.stderr).trim());
    }
    assert_ran("scripts/wasm-engine-build.sh", &built);
    eprint!("{}", lossy(&built.stdout));

    let tested = Command::new("node")
        .arg("--test")
        .arg(root.join("tests/web/engine.test.mjs"))
        .env("SONGO_WASM_DIR", &out_dir)
        .env("SONGO_BENCH_NODES", native_bench_nodes().to_string())
        .output()
        .expect("node runs");
    assert_ran("node --test tests/web/engine.test.mjs", &tested);
    let report = lossy(&tested.stdout);
    // The bench's line, for the speed comparison of docs; and a guard
    // that the count was compared, not skipped.
    for line in report.lines().filter(|l| l.contains("wasm bench:")) {
        eprintln!("{line}");
    }
    assert!(report.contains("# skipped 0"), "{report}");
}
