//! The time the engine reads (a timer, not a game's clocks). On `wasm32-unknown-unknown` the standard
//! library has none (`Instant::now` panics there): web-time reads the
//! browser's (`performance.now`, `Date.now`) instead.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::Instant;

/// A seed that differs from run to run, for when the system's random
/// source is not compiled in (the `os-rng` feature): the wall clock's
/// nanoseconds, mixed so that close times give unrelated seeds.
#[cfg(not(feature = "os-rng"))]
pub(crate) fn time_seed() -> u64 {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    use std::time::{SystemTime, UNIX_EPOCH};
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    use web_time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    songo_core::rng::SplitMix::new(nanos).next_u64()
}
