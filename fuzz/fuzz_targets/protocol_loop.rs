//! The whole protocol loop: the input is a session of raw byte lines fed to
//! a fresh engine, with the invariants checked after every line (no panic,
//! 70 seeds, a refused `position` changes nothing, `isready` answered) and
//! a final `stop`, `isready`, `quit`.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod fuzz_support;

/// Longer sessions teach the fuzzer nothing more and run slower.
const MAX_LINES: usize = 48;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut h = fuzz_support::Harness::new();
    // Raw bytes, as a pipe delivers them: lines that are not text must be
    // refused without ending the session.
    for line in data.split(|&b| b == b'\n').take(MAX_LINES) {
        if !h.bytes(line) {
            return; // `quit` ends the session, as in the real loop
        }
    }
    h.finish();
});
