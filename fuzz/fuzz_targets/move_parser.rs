//! The move parser on arbitrary bytes: it accepts exactly a pit letter, or
//! a pit number 1-7 of the mover, and nothing else.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod fuzz_support;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_support::check_move_text(&String::from_utf8_lossy(data));
});
