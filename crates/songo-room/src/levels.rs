//! The levels' measured strength, for the page's Level box: each level
//! against the one below it, from docs/strength.md ("Skill levels"), so
//! that a person picks a level by how much stronger it plays, not by its
//! number alone. A test reads that table and checks these numbers.

use serde::Serialize;

/// Strength levels the page offers (`Skill Level` of the protocol).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// Elo of level `n + 2` over level `n + 1` (the table's "2 vs 1", "3 vs
/// 2" and so on, rounded), songo40, as the GUI plays them (`go movetime
/// 2000`), measured with the engine of 76a3757 and the levels of
/// 31eda84.
pub const ELO_STEPS: [i32; 9] = [269, 282, 196, 230, 220, 198, 186, 205, 258];

/// A level and its strength, for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelView {
    /// The level, within [`LEVELS`].
    pub level: u8,
    /// Elo over level 1 (0 for level 1): the steps up to it, added.
    pub elo: i32,
}

/// Elo of `level` over level 1 (the steps up to it, added; a level past
/// the table has them all).
pub fn elo_over_level_1(level: u8) -> i32 {
    let steps = usize::from(level.saturating_sub(1)).min(ELO_STEPS.len());
    ELO_STEPS[..steps].iter().sum()
}

/// Every level the room plays, with its strength.
pub fn views() -> Vec<LevelView> {
    LEVELS
        .map(|level| LevelView {
            level,
            elo: elo_over_level_1(level),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "Elo" column of docs/strength.md's "Skill levels" table, by
    /// its "N vs N-1" rows, rounded to whole Elo.
    fn documented_steps() -> Vec<(u8, i32)> {
        let doc = include_str!("../../../docs/strength.md");
        let section = doc
            .split("## Skill levels")
            .nth(1)
            .expect("docs/strength.md has a Skill levels section");
        let section = section.split("\n## ").next().unwrap_or(section);
        section
            .lines()
            .filter_map(|line| {
                let cells: Vec<&str> = line.split('|').map(str::trim).collect();
                // | pair | games | W–D–L | score | Elo |
                let (higher, lower) = cells.get(1)?.split_once(" vs ")?;
                let (higher, lower): (u8, u8) = (higher.parse().ok()?, lower.parse().ok()?);
                assert_eq!(higher, lower + 1, "{line}");
                let elo = cells.get(5)?.split_whitespace().next()?;
                let elo: f64 = elo.trim_start_matches('+').parse().ok()?;
                Some((higher, elo.round() as i32))
            })
            .collect()
    }

    #[test]
    fn the_steps_are_those_of_docs_strength_md() {
        let documented = documented_steps();
        let ours: Vec<(u8, i32)> = (2..).zip(ELO_STEPS).collect();
        assert_eq!(documented, ours);
        assert_eq!(elo_over_level_1(1), 0);
        let to_5: i32 = documented[..4].iter().map(|(_, elo)| elo).sum();
        assert_eq!(elo_over_level_1(5), to_5);
        let all = views();
        assert_eq!(all.len(), LEVELS.count());
        // Every level but the first has a step of its own.
        assert_eq!(ELO_STEPS.len() + 1, all.len());
        assert_eq!(all[9].elo, ELO_STEPS.iter().sum::<i32>());
        // The sum docs/strength.md quotes (issue 44).
        let doc = include_str!("../../../docs/strength.md").replace('\n', " ");
        let said = format!("(level 10: +{} Elo over level 1,", elo_over_level_1(10));
        assert!(doc.contains(&said), "docs/strength.md should say {said:?}");
    }
}
