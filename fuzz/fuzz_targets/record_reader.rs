//! The game-record reader on arbitrary bytes: no panic; every game it
//! accepts writes back in our own format and reads back the same.
#![no_main]

#[path = "../../tests/fuzz_support/mod.rs"]
mod fuzz_support;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_support::check_record_bytes(data);
});
