//! The report that ends a run: how many puzzles of each theme and each
//! difficulty the set holds.

use songo_learn::puzzle::{PuzzleSet, Theme, HARDEST};

/// The report's lines.
pub fn report(set: &PuzzleSet) -> String {
    let mut s = format!(
        "{} puzzles, {}, from {} games",
        set.puzzles.len(),
        set.header.variant,
        set.header.games
    );
    s += "\nby theme:";
    for t in Theme::ALL {
        let n = set.puzzles.iter().filter(|p| p.themes.contains(&t)).count();
        s += &format!(" {} {n},", t.name());
    }
    s.pop();
    s += "\nby difficulty:";
    for d in 1..=HARDEST {
        let n = set.puzzles.iter().filter(|p| p.difficulty == d).count();
        s += &format!(" {d}: {n},");
    }
    s.pop();
    let plies: usize = set.puzzles.iter().map(|p| p.solution.len()).sum();
    if !set.puzzles.is_empty() {
        s += &format!(
            "\nsolution lines: {:.2} plies on average",
            plies as f64 / set.puzzles.len() as f64
        );
    }
    s
}
