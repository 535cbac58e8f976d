//! Which subtrees some search thread is inside right now: the shared
//! table of simplified ABDADA (Tom Kerrigan's form of Weill's algorithm).
//!
//! Lazy SMP alone lets two threads that reach the same node search the
//! same move at the same time. With this table, a thread that finds one of
//! its later moves busy puts it off to the end of its move list and
//! searches the next one; by the time it comes back, the other thread has
//! usually stored the result, and the deferred search is a table hit.
//!
//! Entries are the child positions' keys, one per slot and overwritten on
//! collision: a lost entry only means a move is searched twice, as it
//! would be without the table, and the search reads nothing else from it.

use std::sync::atomic::{AtomicU64, Ordering};

use songo_core::position::PITS_PER_ROW;

/// Slots of the table: far more than the nodes deep enough to be marked
/// that two threads are inside at once, and small enough (256 KB) to stay
/// in the cache.
const SLOTS: usize = 1 << 15;

/// Keys of the positions being searched by some thread.
pub struct BusyTable {
    slots: Box<[AtomicU64]>,
}

impl Default for BusyTable {
    fn default() -> Self {
        BusyTable {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl BusyTable {
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Whether some thread is searching the position of `key`.
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position of `key` as being searched.
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key`, unless another position took its slot.
    pub fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The order in which a node visits its moves `0..len`: in order, then
/// the ones put off with [`Visits::defer`], in the order they were.
pub struct Visits {
    len: usize,
    turn: usize,
    /// At most one move per pit of a row.
    deferred: [usize; PITS_PER_ROW],
    deferrals: usize,
}

impl Visits {
    pub fn new(len: usize) -> Visits {
        Visits {
            len,
            turn: 0,
            deferred: [0; PITS_PER_ROW],
            deferrals: 0,
        }
    }

    /// Puts move `i`, just returned by [`Visits::next`], off to the end.
    pub fn defer(&mut self, i: usize) {
        self.deferred[self.deferrals] = i;
        self.deferrals += 1;
    }
}

impl Iterator for Visits {
    /// The move to visit, and whether it may still be put off: only on the
    /// first pass, as a move put off once is searched when it comes back,
    /// busy or not.
    type Item = (usize, bool);

    fn next(&mut self) -> Option<(usize, bool)> {
        let turn = self.turn;
        self.turn += 1;
        if turn < self.len {
            Some((turn, true))
        } else if turn < self.len + self.deferrals {
            Some((self.deferred[turn - self.len], false))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deferred_moves_come_last_and_once() {
        let mut visits = Visits::new(5);
        let mut order = Vec::new();
        while let Some((i, first_pass)) = visits.next() {
            if first_pass && (i == 1 || i == 3) {
                visits.defer(i);
            } else {
                order.push(i);
            }
        }
        assert_eq!(order, [0, 2, 4, 1, 3]);
    }

    #[test]
    fn marks_last_from_enter_to_leave() {
        let t = BusyTable::default();
        let key = 0xDEAD_BEEF_0000_0042;
        assert!(!t.is_busy(key));
        t.enter(key);
        assert!(t.is_busy(key));
        t.leave(key);
        assert!(!t.is_busy(key));
    }

    #[test]
    fn a_colliding_key_takes_the_slot_and_keeps_it() {
        let t = BusyTable::default();
        let (a, b) = (7, 7 + SLOTS as u64);
        t.enter(a);
        t.enter(b);
        assert!(!t.is_busy(a), "the slot now holds the later key");
        t.leave(a);
        assert!(
            t.is_busy(b),
            "leaving the lost key does not clear the other"
        );
        t.leave(b);
        assert!(!t.is_busy(b));
    }
}
