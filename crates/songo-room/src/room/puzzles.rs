//! Learn's puzzle trainer (issue 39), a part of the room like the others.
//! It owns the person's choice (variant, theme, difficulty), their rating
//! and streak, the puzzles played in each variant, and the puzzle shown
//! with the person's progress through its line. All of it but the last
//! answer's details is kept in the saved state, so a reload or a restart
//! resumes the puzzle, the rating and the streak.
//!
//! The rules of the trainer (docs/learn.md, "The puzzle trainer"):
//! - the person plays the solver's moves; the room plays the defender's
//!   replies of the line;
//! - a wrong move is refused, and a second wrong move at the same point
//!   fails the puzzle: the right one is shown, then the whole line;
//! - a puzzle is rated once, as a Glicko-2 game against its difficulty's
//!   rating: lost at the first wrong move, won when the whole line is
//!   found without one;
//! - a puzzle played (solved or failed), or shown and left for the next
//!   one of the same choice, is not shown again until every puzzle the
//!   filters let through has been.

use std::collections::{BTreeMap, BTreeSet};

use songo_core::{Move, Position, Side, Variant};
use songo_learn::puzzle::{embedded, Puzzle, Theme, HARDEST};
use songo_learn::rating::{puzzle_rating, Rating};

use super::saved_form::{SavedPuzzle, SavedPuzzles};
use crate::learn_view::{PlyView, PuzzleState, PuzzleView, PuzzlesView, ThemeCount};
use crate::say::Say;
use crate::sowing::sowing;
use crate::view::side_name;

/// The variant whose puzzles are shown first: the room's first game's.
const FIRST_VARIANT: Variant = Variant::Songo40;
/// Wrong answers at one move of the line before the right one is shown
/// (the issue: "the right one shown after a second try").
const TRIES: u8 = 2;

/// The puzzles compiled in for `v`.
fn set(v: Variant) -> &'static [Puzzle] {
    &embedded::builtin(v).puzzles
}

/// A puzzle's id: a hash of its variant and position, stable across
/// builds that reorder or grow the set (an index would not be), and short
/// enough to keep thousands in the saved state.
pub(super) fn id_of(p: &Puzzle) -> String {
    // FNV-1a, 64 bits: no collision among a few thousand positions is
    // likely (about n²/2⁶⁵), and a collision only hides one puzzle.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format!("{} {}", p.variant, p.position).bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Each side's captured seeds, South first.
pub(super) fn captured(p: &Position) -> [u8; 2] {
    [Side::South, Side::North].map(|s| p.captured(s))
}

/// The legal move `m` from `p`, as the page animates it.
pub(super) fn ply_view(v: Variant, p: &Position, m: Move) -> PlyView {
    let after = p.make_move(v, m);
    PlyView {
        pit: m.to_string(),
        side: side_name(p.side_to_move()),
        sowing: Box::new(sowing(v, p, m)),
        after: after.to_string(),
        pits: after.pits().to_vec(),
        captured: captured(&after),
    }
}

/// How the puzzle shown stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Going,
    Solved,
    Failed,
}

/// The puzzle shown and the person's way through it.
struct Current {
    /// Its index in its variant's set.
    index: usize,
    /// The index in the solution of the solver's next move (0, 2, 4…).
    at: usize,
    /// Wrong answers at that move.
    tries: u8,
    /// Answers taken in this puzzle, right, wrong or forbidden: a page's
    /// answer names the count it saw, so that a second tap sent before the
    /// first's answer arrived is stale, not a second try.
    answers: u32,
    /// The rating has counted this puzzle (lost at a wrong move, or won).
    rated: bool,
    clean: bool,
    outcome: Outcome,
    /// The last wrong pit, and why the rules forbid it.
    tried: Option<(Move, Option<Say>)>,
    /// The moves the last answer played.
    played: Vec<Move>,
}

impl Current {
    fn new(index: usize) -> Current {
        Current {
            index,
            at: 0,
            tries: 0,
            answers: 0,
            rated: false,
            clean: true,
            outcome: Outcome::Going,
            tried: None,
            played: Vec::new(),
        }
    }
}

pub(super) struct Puzzles {
    variant: Variant,
    theme: Option<Theme>,
    difficulty: Option<u8>,
    rating: Rating,
    change: Option<f64>,
    streak: u32,
    /// The ids played in each variant since its filtered puzzles last
    /// started again.
    played: BTreeMap<Variant, BTreeSet<String>>,
    again: bool,
    current: Current,
}

impl Puzzles {
    pub(super) fn new() -> Puzzles {
        let mut puzzles = Puzzles {
            variant: FIRST_VARIANT,
            theme: None,
            difficulty: None,
            rating: Rating::new(),
            change: None,
            streak: 0,
            played: BTreeMap::new(),
            again: false,
            current: Current::new(0),
        };
        puzzles.pick();
        puzzles
    }

    fn puzzle(&self) -> &'static Puzzle {
        &set(self.variant)[self.current.index]
    }

    fn admits(&self, p: &Puzzle) -> bool {
        self.theme.is_none_or(|t| p.themes.contains(&t))
            && self.difficulty.is_none_or(|d| p.difficulty == d)
    }

    /// The indices of the puzzles the filters let through.
    fn admitted(&self) -> Vec<usize> {
        (0..set(self.variant).len())
            .filter(|&i| self.admits(&set(self.variant)[i]))
            .collect()
    }

    fn was_played(&self, p: &Puzzle) -> bool {
        self.played
            .get(&self.variant)
            .is_some_and(|ids| ids.contains(&id_of(p)))
    }

    /// Shows the next puzzle: of those the filters let through and not
    /// played yet, the one whose rating is nearest the person's (the
    /// first in the set among equals). When all have been played, they
    /// start again. The filters admit at least one puzzle.
    fn pick(&mut self) {
        let all = self.admitted();
        let fresh: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| !self.was_played(&set(self.variant)[i]))
            .collect();
        self.again = fresh.is_empty();
        if self.again {
            let ids: BTreeSet<String> = all.iter().map(|&i| id_of(&set(self.variant)[i])).collect();
            if let Some(played) = self.played.get_mut(&self.variant) {
                played.retain(|id| !ids.contains(id));
            }
        }
        let choice = if self.again { all } else { fresh };
        let distance = |i: &usize| {
            let r = puzzle_rating(set(self.variant)[*i].difficulty).rating;
            // Whole points: the order of equals is the set's.
            (r - self.rating.rating).abs().round() as i64
        };
        let index = choice.iter().copied().min_by_key(distance).unwrap_or(0);
        self.current = Current::new(index);
    }

    /// The next puzzle of `variant` with these filters (a theme's name, a
    /// difficulty; none: any). With the same choice, the puzzle shown, if
    /// left unfinished, counts as seen: "next" never shows it again at
    /// once. (Another choice only replaces it: it may come again.)
    pub(super) fn next(
        &mut self,
        variant: &str,
        theme: Option<&str>,
        difficulty: Option<u8>,
    ) -> Result<(), Say> {
        self.choose(variant, theme, difficulty, true)
    }

    /// Sets the filters and shows a puzzle of them; `leave`: the puzzle
    /// shown is left (not when a saved state is restored).
    fn choose(
        &mut self,
        variant: &str,
        theme: Option<&str>,
        difficulty: Option<u8>,
        leave: bool,
    ) -> Result<(), Say> {
        let Ok(v) = variant.parse::<Variant>() else {
            return Err(Say::UnknownVariant {
                text: variant.to_string(),
            });
        };
        let theme = match theme {
            None => None,
            Some(name) => Some(Theme::from_name(name).ok_or_else(|| Say::NoSuchTheme {
                theme: name.to_string(),
            })?),
        };
        if let Some(d) = difficulty {
            if !(1..=HARDEST).contains(&d) {
                return Err(Say::BadDifficulty { max: HARDEST });
            }
        }
        let admits = |p: &Puzzle| {
            theme.is_none_or(|t| p.themes.contains(&t))
                && difficulty.is_none_or(|d| p.difficulty == d)
        };
        if !set(v).iter().any(admits) {
            return Err(Say::NoPuzzles {
                variant: v.name().to_string(),
            });
        }
        let same = (v, theme, difficulty) == (self.variant, self.theme, self.difficulty);
        if leave && same && self.current.outcome == Outcome::Going {
            let id = id_of(self.puzzle());
            self.played.entry(self.variant).or_default().insert(id);
        }
        self.variant = v;
        self.theme = theme;
        self.difficulty = difficulty;
        self.pick();
        Ok(())
    }

    /// The position the solver is at, after the moves found.
    fn position(&self) -> Position {
        let p = self.puzzle();
        p.positions()[self.current.at]
    }

    /// Rates the puzzle shown, once: `won` against its difficulty.
    fn rate(&mut self, won: bool) {
        if self.current.rated {
            return;
        }
        self.current.rated = true;
        let before = self.rating.rating;
        let puzzle = puzzle_rating(self.puzzle().difficulty);
        self.rating = self.rating.after(puzzle, if won { 1.0 } else { 0.0 });
        self.change = Some(self.rating.rating - before);
        self.streak = if won { self.streak + 1 } else { 0 };
    }

    fn finish(&mut self, outcome: Outcome) {
        self.current.outcome = outcome;
        let id = id_of(self.puzzle());
        self.played.entry(self.variant).or_default().insert(id);
    }

    /// The person's answer `pit` to puzzle `id` at its move `step` (the
    /// solver's moves found when it was chosen): an answer to another
    /// puzzle or another move is stale (a double tap, another tab).
    pub(super) fn answer(
        &mut self,
        pit: &str,
        id: &str,
        (step, answers): (usize, u32),
    ) -> Result<(), Say> {
        let puzzle = self.puzzle();
        if id != id_of(puzzle)
            || step != self.current.at / 2
            || answers != self.current.answers
            || self.current.outcome != Outcome::Going
        {
            return Err(Say::Stale);
        }
        let v = self.variant;
        let here = self.position();
        let Ok(m) = Move::parse(pit, here.side_to_move()) else {
            return Err(Say::NotAPit {
                text: pit.to_string(),
            });
        };
        self.current.answers += 1;
        let wanted = puzzle.solution[self.current.at];
        if m == wanted {
            let reply = puzzle.solution.get(self.current.at + 1).copied();
            self.current.played = std::iter::once(m).chain(reply).collect();
            self.current.tried = None;
            self.current.tries = 0;
            self.current.at += self.current.played.len();
            if reply.is_none() {
                let clean = self.current.clean;
                self.rate(clean);
                self.finish(Outcome::Solved);
            }
            return Ok(());
        }
        self.current.played.clear();
        if let Some(why) = here.why_illegal(v, m) {
            // A pit the rules forbid is explained, not counted.
            let why = Say::PitRefused {
                pit: m.to_string(),
                why: Box::new(why.into()),
            };
            self.current.tried = Some((m, Some(why)));
            return Ok(());
        }
        self.current.tried = Some((m, None));
        self.current.clean = false;
        self.current.tries += 1;
        self.rate(false);
        if self.current.tries >= TRIES {
            self.finish(Outcome::Failed);
        }
        Ok(())
    }

    pub(super) fn view(&self) -> PuzzlesView {
        let v = self.variant;
        let themes = Theme::ALL
            .iter()
            .map(|&t| ThemeCount {
                theme: t.name().to_string(),
                count: set(v).iter().filter(|p| p.themes.contains(&t)).count(),
            })
            .filter(|t| t.count > 0)
            .collect();
        let difficulties: BTreeSet<u8> = set(v).iter().map(|p| p.difficulty).collect();
        let admitted = self.admitted();
        let played = admitted
            .iter()
            .filter(|&&i| self.was_played(&set(v)[i]))
            .count();
        PuzzlesView {
            variant: v.name().to_string(),
            theme: self.theme.map(|t| t.name().to_string()),
            difficulty: self.difficulty,
            themes,
            difficulties: difficulties.into_iter().collect(),
            total: admitted.len(),
            played,
            again: self.again,
            rating: self.rating.rating.round() as i32,
            deviation: self.rating.deviation.round() as i32,
            change: self.change.map(|c| c.round() as i32),
            streak: self.streak,
            puzzle: self.puzzle_view(),
        }
    }

    fn puzzle_view(&self) -> PuzzleView {
        let (v, p, c) = (self.variant, self.puzzle(), &self.current);
        let positions = p.positions();
        let here = positions[c.at.min(positions.len() - 1)];
        let over = c.outcome != Outcome::Going;
        let played_from = c.at - c.played.len();
        let played = c
            .played
            .iter()
            .zip(&positions[played_from..])
            .map(|(&m, q)| ply_view(v, q, m))
            .collect();
        let (tried, why) = match &c.tried {
            Some((m, why)) => (Some(m.to_string()), why.clone()),
            None => (None, None),
        };
        let line = if over {
            p.solution
                .iter()
                .zip(&positions)
                .map(|(&m, q)| ply_view(v, q, m))
                .collect()
        } else {
            Vec::new()
        };
        PuzzleView {
            id: id_of(p),
            themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
            difficulty: p.difficulty,
            rating: puzzle_rating(p.difficulty).rating.round() as i32,
            solver: side_name(p.position.side_to_move()),
            step: c.at.div_ceil(2),
            steps: p.solution.len().div_ceil(2),
            position: here.to_string(),
            pits: here.pits().to_vec(),
            captured: captured(&here),
            to_move: side_name(here.side_to_move()),
            legal: if over {
                Vec::new()
            } else {
                here.legal_moves(v).iter().map(|m| m.to_string()).collect()
            },
            state: match c.outcome {
                Outcome::Solved => PuzzleState::Solved,
                Outcome::Failed => PuzzleState::Failed,
                Outcome::Going if c.tries > 0 => PuzzleState::Wrong,
                Outcome::Going => PuzzleState::Task,
            },
            clean: c.clean,
            answers: c.answers,
            tried,
            why,
            answer: (c.outcome == Outcome::Failed).then(|| p.solution[c.at].to_string()),
            just_played: played,
            start: over.then(|| p.position.to_string()),
            start_pits: over.then(|| p.position.pits().to_vec()),
            start_captured: over.then(|| captured(&p.position)),
            line,
        }
    }

    /// What is kept: all but the last answer's details.
    pub(super) fn saved(&self) -> SavedPuzzles {
        let c = &self.current;
        SavedPuzzles {
            variant: self.variant.name().to_string(),
            theme: self.theme.map(|t| t.name().to_string()),
            difficulty: self.difficulty,
            rating: self.rating,
            streak: self.streak,
            played: self
                .played
                .iter()
                .map(|(v, ids)| (v.name().to_string(), ids.iter().cloned().collect()))
                .collect(),
            puzzle: SavedPuzzle {
                id: id_of(self.puzzle()),
                at: c.at,
                tries: c.tries,
                rated: c.rated,
                clean: c.clean,
                tried: c
                    .tried
                    .as_ref()
                    .filter(|(_, why)| why.is_none())
                    .map(|(m, _)| m.to_string()),
                over: match c.outcome {
                    Outcome::Going => None,
                    Outcome::Solved => Some("solved".to_string()),
                    Outcome::Failed => Some("failed".to_string()),
                },
            },
        }
    }
}

/// The puzzles part as `saved` left it. Ids this build's sets do not hold
/// are dropped; a puzzle shown that it does not hold, or a step past its
/// line, gives the next puzzle instead, rather than refusing the room; a
/// rating that is not finite starts afresh.
pub(super) fn restored(saved: &SavedPuzzles) -> Puzzles {
    let mut puzzles = Puzzles::new();
    let finite = [
        saved.rating.rating,
        saved.rating.deviation,
        saved.rating.volatility,
    ]
    .iter()
    .all(|x| x.is_finite());
    if finite && saved.rating.deviation > 0.0 && saved.rating.volatility > 0.0 {
        puzzles.rating = saved.rating;
    }
    puzzles.streak = saved.streak;
    for (name, ids) in &saved.played {
        let Ok(v) = name.parse::<Variant>() else {
            continue;
        };
        let known: BTreeSet<String> = set(v)
            .iter()
            .map(id_of)
            .filter(|id| ids.contains(id))
            .collect();
        if !known.is_empty() {
            puzzles.played.insert(v, known);
        }
    }
    let filters = (saved.theme.as_deref(), saved.difficulty);
    if puzzles
        .choose(&saved.variant, filters.0, filters.1, false)
        .is_err()
    {
        return puzzles;
    }
    let s = &saved.puzzle;
    let found = set(puzzles.variant).iter().position(|p| id_of(p) == s.id);
    if let Some(index) = found {
        let length = set(puzzles.variant)[index].solution.len();
        let outcome = match s.over.as_deref() {
            None => Outcome::Going,
            Some("solved") => Outcome::Solved,
            Some(_) => Outcome::Failed,
        };
        // The solver's moves are at even indices; an over line stands at
        // its end (solved) or at the move it failed.
        let fits =
            s.at.is_multiple_of(2) && s.at < length || outcome == Outcome::Solved && s.at == length;
        if fits && s.tries <= TRIES {
            let side = set(puzzles.variant)[index].position.side_to_move();
            let tried = s.tried.as_deref().and_then(|m| Move::parse(m, side).ok());
            puzzles.current = Current {
                index,
                at: s.at,
                tries: s.tries,
                answers: 0,
                rated: s.rated,
                clean: s.clean,
                outcome,
                tried: tried.map(|m| (m, None)),
                played: Vec::new(),
            };
        }
    }
    puzzles
}
