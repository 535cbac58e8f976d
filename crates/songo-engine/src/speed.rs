//! One nodes-per-second formula for every report (search lines, bench,
//! analysis), so that the figures of different tools compare.

use std::time::Duration;

/// Nodes per second; a time under a microsecond counts as one.
pub fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as u128 * 1_000_000 / time.as_micros().max(1)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_per_second() {
        assert_eq!(nps(5_000, Duration::from_millis(2)), 2_500_000);
        assert_eq!(nps(7, Duration::ZERO), 7_000_000);
    }
}
