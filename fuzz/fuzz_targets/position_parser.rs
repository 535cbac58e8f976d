//! The position-string parser on arbitrary bytes: no panic; an accepted
//! position has 70 seeds, survives every legal move of every variant and
//! prints to a string that parses back to it.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod fuzz_support;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_support::check_position_bytes(data);
});
