//! The numbers that shape the search, each with the reason for its value.
//! How they were measured, and the values tried and dropped, are in
//! `docs/tuning-history.md`; `songo bench` changes with any of them.
//!
//! The ones a tuner may set, and a test may turn off, are the fields of
//! [`SearchParams`], passed with each search; the others are constants.
//! [`SearchParams::without`] turns off one [`Technique`] at a time.

use crate::eval::SEED;
use crate::score::{Score, INFINITE};

// Aspiration windows (see `root::search_line`); the first window's
// half-width is `SearchParams::aspiration_margin`.

/// Windows from this depth on: shallower iterations cost too little to be worth guessing.
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 4;
/// A failed window's margin grows by this factor, so a few re-searches reach any score.
pub(super) const ASPIRATION_WIDEN_FACTOR: Score = 2;
/// Margins beyond this fall back to a full window: the guess was far off
/// (a first margin beyond it means no window at all).
pub(super) const ASPIRATION_FULL_WINDOW_THRESHOLD: Score = 20 * SEED;

// Move ordering (see `Worker::ordered_children`): the table move, then
// captures by seeds taken, then the two killers of the ply, then the rest
// in pit order.

/// The transposition-table move goes first: it was best the last time.
pub(super) const TT_MOVE_BONUS: i32 = 1 << 30;
/// Captures next, plus the seeds taken: they change the score most.
pub(super) const CAPTURE_BONUS: i32 = 1 << 28;
/// The killers of the ply next, newest first: quiet moves that cut off a sibling.
pub(super) const KILLER_BONUS: [i32; 2] = [1 << 27, 1 << 26];

// Late move reductions: quiet moves late in the order are searched
// shallower first, and again at full depth only if they beat alpha (where
// and by how much: the `lmr_` fields of `SearchParams`).

/// Plies a late move is reduced by: one, the least that saves work.
pub(super) const LMR_REDUCTION_PLIES: i32 = 1;

// Threads.

/// Nodes this deep mark the children they search, for other threads to put
/// off: shallower, the marking costs more than the work it saves.
pub(super) const ABDADA_MIN_DEPTH: i32 = 3;
/// Odd-numbered helpers start this many plies beyond the frontier, so that threads leapfrog.
pub(super) const SMP_AHEAD_PLIES: u32 = 1;

// Bookkeeping.

/// Nodes between two additions to the shared node count: rare enough not to contend.
pub(super) const FLUSH_INTERVAL_NODES: u64 = 1024;
/// Nodes between two looks at the clock: often enough for milliseconds, rare enough to be free.
pub(super) const CLOCK_INTERVAL_NODES: u64 = 64;

/// The search's tunables that are set at run time: by a tuner (SPSA needs
/// many values in one process), or by a test that needs the plain minimax
/// value ([`SearchParams::without_pruning`]). The default is the engine's.
/// [`SearchParams::TUNABLES`] names each with its range, for a tuner and
/// for `name=value` settings ([`ParamSetting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Reverse futility pruning (`Worker::negamax`, step 6): a non-PV node
    /// this many plies or fewer from the horizon whose static evaluation
    /// beats beta by `rfp_margin` per ply left is cut off without a search.
    /// Deeper, a search finds too much that the evaluation cannot see.
    pub rfp_max_depth: i32,
    /// Centiseeds per ply left (see `rfp_max_depth`): about what the score
    /// of a quiet position moves by in one ply.
    pub rfp_margin: Score,
    /// Futility pruning (`Worker::negamax`, step 8): this many plies or
    /// fewer from the horizon, a non-PV node whose static evaluation is
    /// below alpha by `futility_margin` per ply left skips its quiet moves
    /// after the first (not the table move nor the killers).
    pub futility_max_depth: i32,
    /// Centiseeds per ply left (see `futility_max_depth`): more than a
    /// quiet move gains in a ply, most of the time.
    pub futility_margin: Score,
    /// Singular extensions (`Worker::negamax`, step 7): from this depth
    /// left, a table move whose stored score the other moves cannot reach
    /// within `se_margin` per ply (a search without it, at half the depth)
    /// is searched a ply deeper: the line hangs on it.
    pub se_min_depth: i32,
    /// Centiseeds per ply left below the table score that the other moves
    /// must reach for the table move not to be singular.
    pub se_margin: Score,
    /// Internal iterative reduction: from this depth left, a node the
    /// table knows no move for is searched a ply shallower (a node never
    /// searched before is rarely on the line that matters, and its search
    /// leaves a move for the next iteration).
    pub iir_min_depth: i32,
    /// Half-width of the first aspiration window, in centiseeds: most
    /// iterations' scores land within it. Above 20 seeds, no window: every
    /// iteration is searched with a full one.
    pub aspiration_margin: Score,
    /// Late moves are reduced from this depth left on: shallower, a reduced
    /// search is almost no search.
    pub lmr_min_depth: i32,
    /// Quiet moves from this index in the order on may be reduced: the
    /// earlier ones are the likely best.
    pub lmr_min_move_index: i32,
    /// From this depth left…
    pub lmr_deep_min_depth: i32,
    /// …and this move index on, a late move is reduced one ply more: deep
    /// nodes' late moves are rarely best.
    pub lmr_deep_min_move_index: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            rfp_max_depth: 5,
            rfp_margin: SEED,
            futility_max_depth: 3,
            futility_margin: SEED * 3 / 2,
            se_min_depth: 6,
            se_margin: 4,
            iir_min_depth: 4,
            aspiration_margin: 40,
            lmr_min_depth: 3,
            lmr_min_move_index: 2,
            lmr_deep_min_depth: 6,
            lmr_deep_min_move_index: 4,
        }
    }
}

impl SearchParams {
    /// No pruning by the static evaluation: a node's value no longer
    /// depends on its window, so the search's value does not depend on the
    /// order it meets the moves in (reductions still depend on it).
    pub fn without_pruning() -> Self {
        SearchParams {
            rfp_max_depth: 0,
            futility_max_depth: 0,
            ..SearchParams::default()
        }
    }

    /// These parameters with `technique` turned off, and nothing else
    /// changed. A tuner's ranges do not reach every off value (a minimum
    /// depth must exceed any depth searched): these are for tests and
    /// measurements, not for the `SearchParams` option.
    pub fn without(self, technique: Technique) -> Self {
        match technique {
            Technique::ReverseFutility => SearchParams {
                rfp_max_depth: 0,
                ..self
            },
            Technique::Futility => SearchParams {
                futility_max_depth: 0,
                ..self
            },
            Technique::SingularExtensions => SearchParams {
                se_min_depth: NEVER,
                ..self
            },
            Technique::Iir => SearchParams {
                iir_min_depth: NEVER,
                ..self
            },
            Technique::Lmr => SearchParams {
                lmr_min_depth: NEVER,
                ..self
            },
            Technique::Aspiration => SearchParams {
                aspiration_margin: INFINITE,
                ..self
            },
        }
    }

    /// Every field, by name, with the range a tuner may move it in.
    pub const TUNABLES: &'static [Tunable] = &[
        Tunable::new("rfp_max_depth", 0, 10, 1.0, |p| &mut p.rfp_max_depth),
        Tunable::new("rfp_margin", 20, 400, 15.0, |p| &mut p.rfp_margin),
        Tunable::new("futility_max_depth", 0, 10, 1.0, |p| {
            &mut p.futility_max_depth
        }),
        Tunable::new("futility_margin", 20, 600, 20.0, |p| &mut p.futility_margin),
        Tunable::new("se_min_depth", 2, 20, 1.0, |p| &mut p.se_min_depth),
        Tunable::new("se_margin", 1, 100, 2.0, |p| &mut p.se_margin),
        Tunable::new("iir_min_depth", 2, 12, 1.0, |p| &mut p.iir_min_depth),
        Tunable::new("aspiration_margin", 5, 200, 5.0, |p| {
            &mut p.aspiration_margin
        }),
        Tunable::new("lmr_min_depth", 1, 10, 1.0, |p| &mut p.lmr_min_depth),
        Tunable::new("lmr_min_move_index", 1, 10, 1.0, |p| {
            &mut p.lmr_min_move_index
        }),
        Tunable::new("lmr_deep_min_depth", 2, 20, 1.0, |p| {
            &mut p.lmr_deep_min_depth
        }),
        Tunable::new("lmr_deep_min_move_index", 1, 10, 1.0, |p| {
            &mut p.lmr_deep_min_move_index
        }),
    ];

    /// The tunable called `name`.
    pub fn tunable(name: &str) -> Result<&'static Tunable, ParamError> {
        Self::TUNABLES
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| ParamError::Unknown {
                name: name.to_string(),
            })
    }

    /// These parameters with `setting` applied.
    pub fn with(mut self, setting: ParamSetting) -> Self {
        setting.tunable.set(&mut self, setting.value);
        self
    }
}

/// A minimum depth no node reaches: the technique it gates never acts.
const NEVER: i32 = i32::MAX;

/// A technique of the search that [`SearchParams`] can turn off, each
/// alone (see [`SearchParams::without`]); what each one did in a search is
/// counted in its [`super::SearchStats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// Reverse futility pruning (`rfp_*`).
    ReverseFutility,
    /// Futility pruning (`futility_*`).
    Futility,
    /// Singular extensions and their multi-cut (`se_*`).
    SingularExtensions,
    /// Internal iterative reduction (`iir_min_depth`).
    Iir,
    /// Late move reductions (`lmr_*`).
    Lmr,
    /// Aspiration windows at the root (`aspiration_margin`).
    Aspiration,
}

impl Technique {
    /// Every technique.
    pub const ALL: [Technique; 6] = [
        Technique::ReverseFutility,
        Technique::Futility,
        Technique::SingularExtensions,
        Technique::Iir,
        Technique::Lmr,
        Technique::Aspiration,
    ];
}

/// One field of [`SearchParams`] as a tuner sees it.
pub struct Tunable {
    /// The field's name.
    pub name: &'static str,
    /// The least value that keeps the search sound (a depth of 0 turns a
    /// pruning off).
    pub min: i32,
    /// The largest value worth trying.
    pub max: i32,
    /// A change of the value that shows in play but does not wreck it: the
    /// perturbation SPSA ends with (its `c_end`).
    pub step: f64,
    field: fn(&mut SearchParams) -> &mut i32,
}

impl Tunable {
    const fn new(
        name: &'static str,
        min: i32,
        max: i32,
        step: f64,
        field: fn(&mut SearchParams) -> &mut i32,
    ) -> Self {
        Tunable {
            name,
            min,
            max,
            step,
            field,
        }
    }

    /// The value in `p`.
    pub fn get(&self, p: &SearchParams) -> i32 {
        let mut copy = *p;
        *(self.field)(&mut copy)
    }

    /// Sets the value in `p`, held inside the range.
    pub fn set(&self, p: &mut SearchParams, value: i32) {
        *(self.field)(p) = value.clamp(self.min, self.max);
    }
}

impl std::fmt::Debug for Tunable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}, {}]", self.name, self.min, self.max)
    }
}

/// A `name=value` setting of one tunable, checked against its range.
#[derive(Clone, Copy, Debug)]
pub struct ParamSetting {
    /// The tunable set.
    pub tunable: &'static Tunable,
    /// Its value, within the tunable's range.
    pub value: i32,
}

/// Why a setting of a tunable was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No tunable has this name.
    #[error("no search parameter is called {name:?} (they are: {})", names())]
    Unknown {
        /// The name given.
        name: String,
    },
    /// The setting has no `=`.
    #[error("a parameter setting is name=value, not {text:?}")]
    Syntax {
        /// The setting as given.
        text: String,
    },
    /// The value is not a whole number within the tunable's range.
    #[error("{name} takes a whole number from {min} to {max}, not {value:?}")]
    Value {
        /// The tunable's name.
        name: &'static str,
        /// Its smallest value.
        min: i32,
        /// Its largest value.
        max: i32,
        /// The value as given.
        value: String,
    },
}

fn names() -> String {
    SearchParams::TUNABLES
        .iter()
        .map(|t| t.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl std::str::FromStr for ParamSetting {
    type Err = ParamError;

    fn from_str(s: &str) -> Result<Self, ParamError> {
        let (name, value) = s.split_once('=').ok_or_else(|| ParamError::Syntax {
            text: s.to_string(),
        })?;
        let tunable = SearchParams::tunable(name.trim())?;
        let refused = || ParamError::Value {
            name: tunable.name,
            min: tunable.min,
            max: tunable.max,
            value: value.trim().to_string(),
        };
        let value: i32 = value.trim().parse().map_err(|_| refused())?;
        if !(tunable.min..=tunable.max).contains(&value) {
            return Err(refused());
        }
        Ok(ParamSetting { tunable, value })
    }
}

impl std::fmt::Display for ParamSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.tunable.name, self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_names_its_own_field_and_holds_its_default() {
        let d = SearchParams::default();
        for (i, t) in SearchParams::TUNABLES.iter().enumerate() {
            assert!(t.min <= t.get(&d) && t.get(&d) <= t.max, "{t:?}");
            assert!(t.step > 0.0);
            let mut p = d;
            t.set(&mut p, t.get(&d) + 1);
            for (j, u) in SearchParams::TUNABLES.iter().enumerate() {
                assert_eq!(u.get(&p) != u.get(&d), i == j, "{t:?} moved {u:?}");
            }
        }
    }

    #[test]
    fn settings_parse_and_refuse() {
        let s: ParamSetting = "rfp_margin = 120".parse().unwrap();
        assert_eq!(SearchParams::default().with(s).rfp_margin, 120);
        assert_eq!(s.to_string(), "rfp_margin=120");
        assert!(matches!(
            "rfp".parse::<ParamSetting>(),
            Err(ParamError::Syntax { .. })
        ));
        assert!(matches!(
            "nope=3".parse::<ParamSetting>(),
            Err(ParamError::Unknown { .. })
        ));
        for bad in ["rfp_margin=x", "rfp_margin=5", "rfp_margin=1000"] {
            assert!(matches!(
                bad.parse::<ParamSetting>(),
                Err(ParamError::Value { .. })
            ));
        }
    }
}
