//! The whole protocol loop: the input is a session of command lines fed to
//! a fresh engine, with the invariants checked after every line (no panic,
//! 70 seeds, a refused `position` changes nothing, `isready` answered) and
//! a final `stop`, `isready`, `quit`.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod fuzz_support;

/// Longer sessions teach the fuzzer nothing more and run slower.
const MAX_LINES: usize = 48;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut h = fuzz_support::Harness::new();
    for line in text.lines().take(MAX_LINES) {
        if !h.line(line) {
            return; // `quit` ends the session, as in the real loop
        }
    }
    h.finish();
});
