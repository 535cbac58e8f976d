//! Splitting one seed count between processes: who owns which boards, and
//! what the processes must be able to say to each other.
//!
//! Each process (an MPI rank, say) owns a contiguous range of the board
//! ranks of the count being solved and keeps the working state of those
//! boards only; the smaller counts are files every process maps. A sweep
//! sends the updates for boards another process owns in batches (an
//! all-to-all exchange after every round of chunks), and a threshold's
//! pass ends when a sweep propagated nothing in any process (a global sum).
//! The values do not depend on the order updates arrive in (each family
//! is a least fixed point), so the tables are byte-identical to those of
//! a single process, whatever the number of processes.
//!
//! The library knows no message-passing system: the front end implements
//! [`Exchange`] (`songo tb generate` over MPI, behind the `mpi` feature of
//! the `songo` package); [`Alone`] is the single process.

/// What the processes solving one count together must be able to do. All
/// of them call the same methods in the same order (they are collective),
/// from one thread.
pub trait Exchange {
    /// This process's number, `0..processes()`.
    fn process(&self) -> usize;
    /// How many processes share the work.
    fn processes(&self) -> usize;
    /// Sends `outgoing[p]` to process `p`; returns everything the others
    /// sent to this one: each sender's words in the order it sent them, in
    /// one run, the senders in any order (`songo datagen --mpi` gathers
    /// framed games this way).
    fn all_to_all(&mut self, outgoing: Vec<Vec<u64>>) -> Vec<u64>;
    /// The sum of `x` over every process.
    fn sum(&mut self, x: u64) -> u64;
    /// The largest `x` of any process.
    fn max(&mut self, x: u64) -> u64;
    /// The smallest `x` of any process (the largest complement's).
    fn min(&mut self, x: u64) -> u64 {
        u64::MAX - self.max(u64::MAX - x)
    }
    /// Waits until every process has called it.
    fn barrier(&mut self);
}

/// One process doing all the work.
pub struct Alone;

impl Exchange for Alone {
    fn process(&self) -> usize {
        0
    }
    fn processes(&self) -> usize {
        1
    }
    fn all_to_all(&mut self, outgoing: Vec<Vec<u64>>) -> Vec<u64> {
        outgoing.into_iter().flatten().collect()
    }
    fn sum(&mut self, x: u64) -> u64 {
        x
    }
    fn max(&mut self, x: u64) -> u64 {
        x
    }
    fn barrier(&mut self) {}
}

/// The split of a count's boards between processes: process `p` owns the
/// ranks `bounds[p]..bounds[p + 1]`, near-equal ranges starting at
/// multiples of 64.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    bounds: Vec<u64>,
    own: usize,
}

impl Parts {
    /// `boards` split between `processes` processes, seen from process `own`.
    pub fn new(boards: u64, processes: usize, own: usize) -> Parts {
        assert!(own < processes, "process {own} of {processes}");
        let n = processes as u64;
        let mut bounds: Vec<u64> = (0..n)
            .map(|p| (boards as u128 * p as u128 / n as u128) as u64 / 64 * 64)
            .collect();
        bounds.push(boards);
        Parts { bounds, own }
    }

    /// The whole count in one process.
    pub fn whole(boards: u64) -> Parts {
        Parts::new(boards, 1, 0)
    }

    /// How many processes.
    pub fn count(&self) -> usize {
        self.bounds.len() - 1
    }

    /// This process's number.
    pub fn index(&self) -> usize {
        self.own
    }

    /// The first rank this process owns, and how many.
    pub fn own(&self) -> (u64, u64) {
        let (a, b) = (self.bounds[self.own], self.bounds[self.own + 1]);
        (a, b - a)
    }

    /// The process that owns board rank `k`.
    pub fn owner(&self, k: u64) -> usize {
        self.bounds[1..].partition_point(|&b| b <= k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_the_count_once() {
        for boards in [1u64, 63, 64, 1000, 1_144_066] {
            for n in 1..=5 {
                let parts: Vec<Parts> = (0..n).map(|p| Parts::new(boards, n, p)).collect();
                let mut next = 0;
                for (p, part) in parts.iter().enumerate() {
                    let (base, len) = part.own();
                    assert_eq!(base, next);
                    assert_eq!(base % 64, 0);
                    next = base + len;
                    for k in [base, base + len / 2, (base + len).saturating_sub(1)] {
                        if len > 0 {
                            assert_eq!(part.owner(k), p, "{boards} boards, {n} parts, rank {k}");
                        }
                    }
                }
                assert_eq!(next, boards);
            }
        }
    }
}
