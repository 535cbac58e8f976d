//! The opening book's moves for the analysis board's explorer (issue 30),
//! probed here in the room like the tables' verdicts, so that `songo gui`
//! and the static site show the same book whatever engine analyses. The
//! room probes the book its host gives it (`RoomConfig::book`), by default
//! the one compiled into songo ([`songo_book::embedded()`]).

use serde::Serialize;
use songo_book::{Book, SCORE_LIMIT};
use songo_client::InfoScore;
use songo_core::record::move_label;
use songo_core::Game;

use crate::say::Say;

/// What the book says about the analysed position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookView {
    /// How many positions the book holds: with none at all the page says
    /// that there is no book, rather than that this position is not in it.
    pub positions: usize,
    /// The position's book moves, best first; empty when the book does not
    /// have the position, or the game is over there.
    pub moves: Vec<BookMoveView>,
}

/// One book move, as the explorer lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BookMoveView {
    /// The pit, as the board and the `analysis-move` message name it.
    pub pit: String,
    /// The move as the move list numbers it: `3. C`, `3... d`.
    pub label: String,
    /// The book's score of the move, in centiseeds for the side to move.
    pub score: i32,
    /// That score worded as the engine's lines word theirs (`+0.35`,
    /// `win in 3`), for the side to move too.
    pub score_text: String,
    /// The score for a person, in the page's language.
    pub score_say: Say,
    /// The depth the score stands for.
    pub depth: u8,
    /// How often the book's expansion went through the move.
    pub visits: u32,
}

/// The book's moves at the position `game` has reached.
pub fn explore(book: &Book, game: &Game) -> BookView {
    let position = game.position();
    // A game can be over with moves left (a repetition): nothing to play.
    let found = if game.is_over() {
        None
    } else {
        book.probe(game.variant(), &position)
    };
    let first = game.start().side_to_move();
    let ply = game.moves().len();
    BookView {
        positions: book.len(),
        moves: found
            .unwrap_or_default()
            .iter()
            .map(|m| BookMoveView {
                pit: m.mv.to_string(),
                label: move_label(first, ply, m.mv),
                score: i32::from(m.score),
                score_text: score_text(m.score),
                score_say: score_say(m.score),
                depth: m.depth,
                visits: m.visits,
            })
            .collect(),
    }
}

/// A book score as a person reads it. The book clamps proven results to
/// [`SCORE_LIMIT`], where the distance to the end is lost: those read as
/// a plain win or loss (the engine's wording would say "in 0").
/// [`score_text`] as meaning.
pub fn score_say(score: i16) -> Say {
    if score >= SCORE_LIMIT {
        Say::ScoreWin
    } else if score <= -SCORE_LIMIT {
        Say::ScoreLoss
    } else {
        crate::score::say(InfoScore::Cp(i32::from(score)))
    }
}

/// A book score in the page's notation (`+0.35`, `win in 3`): a plain
/// `win` or `loss` at [`SCORE_LIMIT`], as [`score_say`] explains.
pub fn score_text(score: i16) -> String {
    if score >= SCORE_LIMIT {
        "win".to_string()
    } else if score <= -SCORE_LIMIT {
        "loss".to_string()
    } else {
        crate::score::text(InfoScore::Cp(i32::from(score)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_book::{BookKey, BookMove};
    use songo_core::{Move, Position, Variant};

    fn scored(pit: &str, score: i16, depth: u8, visits: u32) -> BookMove {
        BookMove {
            mv: pit.parse::<Move>().unwrap(),
            score,
            depth,
            visits,
        }
    }

    #[test]
    fn moves_come_best_first_with_their_numbers_and_words() {
        let v = Variant::Songo40;
        let start = Position::startpos();
        let after_c = start.play(v, "C".parse().unwrap()).unwrap();
        let book = Book::from_positions([
            (
                BookKey::new(v, &start),
                vec![scored("C", -20, 10, 4), scored("E", 35, 12, 9)],
            ),
            (
                BookKey::new(v, &after_c),
                vec![scored("d", SCORE_LIMIT, 14, 1), scored("a", -150, 14, 2)],
            ),
        ]);
        let view = explore(&book, &Game::new(v, start));
        assert_eq!(view.positions, 2);
        let shown: Vec<(&str, &str, i32, &str, u8, u32)> = view
            .moves
            .iter()
            .map(|m| {
                (
                    m.pit.as_str(),
                    m.label.as_str(),
                    m.score,
                    m.score_text.as_str(),
                    m.depth,
                    m.visits,
                )
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("E", "1. E", 35, "+0.35", 12, 9),
                ("C", "1. C", -20, "-0.20", 10, 4)
            ]
        );
        // North's answer: numbered as the move list numbers it, and its
        // scores for North, the side to move.
        let game = Game::with_moves(v, start, ["C".parse().unwrap()]).unwrap();
        let view = explore(&book, &game);
        let labels: Vec<(&str, &str)> = view
            .moves
            .iter()
            .map(|m| (m.label.as_str(), m.score_text.as_str()))
            .collect();
        assert_eq!(labels, [("1... d", "win"), ("1... a", "-1.50")]);
        // Another variant's start is not in this book.
        let other = explore(&book, &Game::new(Variant::Songo36Amateur, start));
        assert!(other.moves.is_empty());
        assert_eq!(other.positions, 2);
    }

    #[test]
    fn scores_read_as_the_lines_read_theirs() {
        assert_eq!(score_text(0), "0.00");
        assert_eq!(score_text(125), "+1.25");
        assert_eq!(score_text(-5), "-0.05");
        assert_eq!(score_text(29_997), "win in 2");
        assert_eq!(score_text(-SCORE_LIMIT), "loss");
        assert_eq!(score_text(SCORE_LIMIT), "win");
    }
}
