//! The puzzle set compiled in: one file per variant under `data/`, made by
//! the command docs/learn.md gives (`songo puzzles generate`), read by
//! [`set`]. A test reads every one, so that [`set`] never fails on them.

use std::sync::OnceLock;

use songo_core::Variant;

use super::format::{PuzzleError, PuzzleSet};

/// The file compiled in for `v`, as text.
pub fn text(v: Variant) -> &'static str {
    match v {
        Variant::Songo36Beginner => include_str!("../../data/songo36-beginner.puzzles"),
        Variant::Songo36Amateur => include_str!("../../data/songo36-amateur.puzzles"),
        Variant::Songo40 => include_str!("../../data/songo40.puzzles"),
    }
}

/// The name of the file compiled in for `v`, for messages.
pub fn file_name(v: Variant) -> String {
    format!("{v}.puzzles")
}

/// The set compiled in for `v`, read and checked.
pub fn set(v: Variant) -> Result<PuzzleSet, PuzzleError> {
    PuzzleSet::parse(text(v))
}

/// The set compiled in for `v`, read once. The crate's tests read every
/// set with [`set`], so that this cannot fail in a build whose tests pass
/// (as the lessons compiled in).
pub fn builtin(v: Variant) -> &'static PuzzleSet {
    static SETS: [OnceLock<PuzzleSet>; Variant::ALL.len()] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    SETS[v.index()].get_or_init(|| {
        set(v).unwrap_or_else(|e| {
            panic!(
                "the puzzles compiled in, {}: {e} (the crate's tests say so)",
                file_name(v)
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::themes::detect;
    use crate::puzzle::Theme;

    /// Every set compiled in reads, is its variant's, and each puzzle's
    /// themes are what the rules find.
    #[test]
    fn every_set_compiled_in_reads_back() {
        for v in Variant::ALL {
            let set = set(v).unwrap_or_else(|e| panic!("{}: {e}", file_name(v)));
            assert_eq!(set.header.variant, v);
            assert_eq!(set.to_text(), text(v), "{v}: written back the same");
            for p in &set.puzzles {
                let tables = p.themes.contains(&Theme::Tablebase);
                assert_eq!(p.themes, detect(v, &p.position, &p.solution, tables), "{p}");
            }
        }
    }
}
