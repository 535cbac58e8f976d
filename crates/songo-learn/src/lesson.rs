//! Lessons: see the crate documentation. (Being written.)
