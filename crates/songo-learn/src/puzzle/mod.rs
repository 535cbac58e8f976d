//! Puzzles: a position from one of songo's own games where one move is
//! clearly best, with the line that follows it, its themes and its
//! difficulty (docs/learn.md, "Puzzles").
//!
//! - [`mod@format`]: a set's file, one variant per file: a header of the
//!   generator's settings and progress, then one puzzle a line; reading
//!   checks every puzzle against the rules, with a typed error per damage;
//! - [`themes`]: what a puzzle is about, found from its position and
//!   solution with the rules core alone;
//! - [`sowing`]: what a move does, pit by pit (the chain, the laps, the
//!   grand slam), which the themes need and the rules core keeps packed;
//! - [`embedded`]: the set compiled in, one file per variant under
//!   `data/`.
//!
//! The generator (`songo puzzles generate`) lives in the command: this
//! crate has no search and no I/O.

pub mod embedded;
pub mod format;
pub mod sowing;
pub mod themes;

use songo_core::{Move, Position, Variant};

pub use format::{Header, PuzzleError, PuzzleErrorKind, PuzzleSet};
pub use themes::Theme;

/// The fixed search depths of the difficulty ladder: a puzzle's difficulty
/// is `k` when a search of `DIFFICULTY_DEPTHS[k - 1]` plies first plays
/// the solution's move and every deeper depth of the ladder does too, and
/// [`HARDEST`] when none of them does (only the deep search that made the
/// puzzle finds it).
pub const DIFFICULTY_DEPTHS: [u32; 6] = [1, 2, 4, 6, 8, 10];
/// The difficulty of a move none of the ladder's depths finds.
pub const HARDEST: u8 = DIFFICULTY_DEPTHS.len() as u8 + 1;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The variant it is played in.
    pub variant: Variant,
    /// The position to solve; the side to move is the solver.
    pub position: Position,
    /// The whole line: the solver's moves and the defender's replies in
    /// turn, starting and ending with a move of the solver.
    pub solution: Vec<Move>,
    /// Its themes, in [`Theme::ALL`]'s order.
    pub themes: Vec<Theme>,
    /// 1 (a one-ply search finds it) to [`HARDEST`].
    pub difficulty: u8,
    /// The index of the self-play game it was found in (for the seed of
    /// the set's header).
    pub game: u64,
}

impl Puzzle {
    /// The puzzle as one JSON object on one line, as `songo puzzles export`
    /// prints it: `{"variant","fen","solution","themes","difficulty"}`, the
    /// keys in the order issue 39 gives (a struct keeps its fields' order;
    /// `serde_json`'s maps sort theirs).
    pub fn to_json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Line {
            variant: &'static str,
            fen: String,
            solution: Vec<char>,
            themes: Vec<&'static str>,
            difficulty: u8,
        }
        let line = Line {
            variant: self.variant.name(),
            fen: self.position.to_string(),
            solution: self.solution.iter().map(|m| m.letter()).collect(),
            themes: self.themes.iter().map(|t| t.name()).collect(),
            difficulty: self.difficulty,
        };
        serde_json::to_string(&line).expect("strings and a number serialise")
    }

    /// The positions of the line: the puzzle's, then the one after each
    /// move of the solution (the moves were checked when the puzzle was
    /// read or made).
    pub fn positions(&self) -> Vec<Position> {
        let mut at = self.position;
        let mut all = vec![at];
        for &m in &self.solution {
            at = at.make_move(self.variant, m);
            all.push(at);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The export line's keys come in the issue's order, whatever
    /// `serde_json` does with maps. (`to_json` only writes: the line
    /// need not be a real puzzle.)
    #[test]
    fn the_json_line_has_the_issues_key_order() {
        let p = Puzzle {
            variant: Variant::Songo40,
            position: "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 -".parse().unwrap(),
            solution: ["C", "d", "A"].map(|m| m.parse().unwrap()).to_vec(),
            themes: vec![Theme::Capture, Theme::ChainCapture],
            difficulty: 3,
            game: 9,
        };
        assert_eq!(
            p.to_json(),
            "{\"variant\":\"songo40\",\"fen\":\"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 -\",\
             \"solution\":[\"C\",\"d\",\"A\"],\"themes\":[\"capture\",\"chain-capture\"],\
             \"difficulty\":3}"
        );
    }
}
