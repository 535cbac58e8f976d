//! Puzzles: see the crate documentation. (Being written.)
