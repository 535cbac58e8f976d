//! Writing: a record's movetext, its move labels, and `Display` (the
//! whole game as it goes in a file).

use std::fmt;

use super::tags::escape;
use super::{GameRecord, LINE_WIDTH};
use crate::moves::Move;
use crate::position::Side;

impl GameRecord {
    /// The moves and the result token as written (`1. C d 2. E 1-0`), with
    /// lines broken before a token that would pass column `width` (a move
    /// number stays with its move); no final newline.
    pub fn movetext(&self, width: usize) -> String {
        let mut text = String::new();
        let mut column = 0;
        for unit in self.movetext_units() {
            if column > 0 && column + 1 + unit.len() > width {
                text.push('\n');
                column = 0;
            }
            if column > 0 {
                text.push(' ');
                column += 1;
            }
            text.push_str(&unit);
            column += unit.len();
        }
        text
    }

    /// The side that plays ply `ply` (from 0). Every move passes the turn
    /// (Songo has no passes), so the sides alternate from the start.
    fn mover(&self, ply: usize) -> Side {
        mover(self.start.side_to_move(), ply)
    }

    /// The label of ply `ply` (from 0) as in the movetext: `3. C` or `3... d`.
    pub fn ply_label(&self, ply: usize) -> Option<String> {
        let m = self.moves.get(ply)?;
        Some(move_label(self.start.side_to_move(), ply, *m))
    }

    /// The movetext units: `1. C`, `d`, `2. E`, …, then the result token.
    /// A move number stays with its move, so lines never end in a number.
    /// A comment is a unit per word (so that long ones wrap), and North's
    /// move after one carries its number again (`2... d`), as in PGN.
    fn movetext_units(&self) -> Vec<String> {
        let mut units = Vec::with_capacity(self.moves.len() + 1);
        let mut comment_before = self.push_comment(&mut units, 0);
        for (ply, m) in self.moves.iter().enumerate() {
            units.push(match self.mover(ply) {
                Side::North if ply > 0 && !comment_before => m.to_string(),
                _ => self.ply_label(ply).unwrap_or_default(),
            });
            comment_before = self.push_comment(&mut units, ply + 1);
        }
        units.push(self.result.to_string());
        units
    }

    /// The comment after `after` moves as units; whether there is one.
    fn push_comment(&self, units: &mut Vec<String>, after: usize) -> bool {
        let Some(text) = self.comments.get(&after) else {
            return false;
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let last = words.len().saturating_sub(1);
        for (i, w) in words.iter().enumerate() {
            let open = if i == 0 { "{" } else { "" };
            let close = if i == last { "}" } else { "" };
            units.push(format!("{open}{w}{close}"));
        }
        if words.is_empty() {
            units.push("{}".to_string());
        }
        true
    }
}

/// Who plays ply `ply` (0-based) from a start with `first` to move.
fn mover(first: Side, ply: usize) -> Side {
    if ply.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}

/// Move `m`, ply `ply` (0-based) of a game with `first` to move at the
/// start, as the movetext writes it with its number: `3. C` or `3... d`.
pub fn move_label(first: Side, ply: usize, m: Move) -> String {
    let number = move_number(first, ply);
    match mover(first, ply) {
        Side::South => format!("{number}. {m}"),
        Side::North => format!("{number}... {m}"),
    }
}

/// The move number of ply `ply` (0-based) from a start with `first` to move:
/// South's moves carry the numbers, North's share the one before.
pub fn move_number(first: Side, ply: usize) -> usize {
    match first {
        Side::South => ply / 2 + 1,
        Side::North => ply.div_ceil(2) + 1,
    }
}

/// One game: tags, a blank line, the movetext wrapped at [`LINE_WIDTH`],
/// and a final newline.
impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in self.tags() {
            writeln!(f, "[{name} \"{}\"]", escape(&value))?;
        }
        writeln!(f)?;
        writeln!(f, "{}", self.movetext(LINE_WIDTH))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::position::Position;
    use crate::variant::Variant;

    #[test]
    fn move_numbers() {
        assert_eq!(
            (0..5)
                .map(|p| move_number(Side::South, p))
                .collect::<Vec<_>>(),
            [1, 1, 2, 2, 3]
        );
        assert_eq!(
            (0..5)
                .map(|p| move_number(Side::North, p))
                .collect::<Vec<_>>(),
            [1, 2, 2, 3, 3]
        );
    }

    #[test]
    fn long_games_wrap_at_the_line_width() {
        // Display does not check legality, so any long move list will do.
        let mut r = GameRecord::new(Variant::Songo40, Position::startpos());
        r.moves = (0..200)
            .map(|i| Move::from_pit(if i % 2 == 0 { 2 } else { 9 }))
            .collect();
        let text = r.to_string();
        let movetext: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
        assert!(movetext.len() > 5);
        for line in &movetext {
            assert!(line.len() <= LINE_WIDTH, "{line:?}");
            assert!(
                !line.ends_with('.'),
                "a number stays with its move: {line:?}"
            );
        }
        let joined = movetext.join(" ");
        assert!(joined.starts_with("1. C c 2. C c"));
        assert!(joined.ends_with("100. C c *"));
    }

    #[test]
    fn comments_follow_their_move_and_renumber_north() {
        let mut r = GameRecord::new(Variant::Songo40, Position::startpos());
        r.moves = ["C", "d", "E"].iter().map(|m| m.parse().unwrap()).collect();
        r.add_comment(1, "+0.50 {good}\n move");
        r.add_comment(0, "opening");
        assert_eq!(
            r.movetext(LINE_WIDTH),
            "{opening} 1. C {+0.50 (good) move} 1... d 2. E *"
        );
    }
}
