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
