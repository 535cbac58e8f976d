//! Playing from an opening book (`OwnBook`, `BookFile`, `BookVariety`):
//! which book the engine probes, whether a `go` is answered from it, and
//! the move it answers with. The book itself (its format, probing,
//! choosing within a margin) is the `songo-book` crate's; this module only
//! decides when the engine uses it.
//!
//! A `go` is answered from the book, at once and without a search, when
//! all of these hold:
//!
//! - `OwnBook` is on and `Skill Level` is full strength (the weaker levels
//!   keep their meaning: their depth caps and random choices would mean
//!   little after book moves of full strength);
//! - the `go` does not ask for a search: no `infinite`, `ponder`,
//!   `searchmoves` or `mate` (a depth, a node count, a move time or a
//!   clock are all answered from the book, as issue 30 asks);
//! - the book has the game's current position, in the game's variant;
//! - the game's history cannot matter: the current position has not
//!   occurred before, and no book move leads back to a position of the
//!   game (the book knows positions, not games, so a repetition is the
//!   search's to judge).

use std::sync::Arc;

use songo_book::Book;
use songo_core::{Game, Move};

use crate::score::{Score, TB_BOUND, TB_WIN};
use crate::timeman::Limits;

/// `BookVariety`'s default, in centiseeds: a tenth of a seed. Book scores
/// come from searches of different depths and trees, so two moves this
/// close are equal as far as the book can tell; choosing among them varies
/// the engine's games (a match of two songos, a person replaying a game)
/// without giving away anything the book can measure. Wider margins trade
/// strength for variety.
pub const BOOK_VARIETY_DEFAULT: u16 = 10;
/// `BookVariety`'s largest value: ten seeds, beyond any sensible margin.
pub const BOOK_VARIETY_MAX: u16 = 1000;

/// The book compiled in: [`songo_book::embedded()`] with the
/// `embedded-book` feature, an empty book without it (then the embedded
/// book's bytes are not referenced, and not linked in).
pub fn embedded_book() -> &'static Book {
    #[cfg(feature = "embedded-book")]
    return songo_book::embedded();
    #[cfg(not(feature = "embedded-book"))]
    {
        static EMPTY: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        EMPTY.get_or_init(Book::empty)
    }
}

/// The book the engine probes: the one compiled in, or a file's.
#[derive(Clone, Debug, Default)]
pub enum BookSource {
    /// [`embedded_book`].
    #[default]
    Embedded,
    /// The book of `BookFile`, read when the option was set.
    File(Arc<Book>),
}

impl BookSource {
    pub fn book(&self) -> &Book {
        match self {
            BookSource::Embedded => embedded_book(),
            BookSource::File(book) => book,
        }
    }
}

/// Whether `go` with these limits may be answered from the book: not
/// when it asks for a search of its own (`infinite`, `ponder`,
/// `searchmoves`, `mate`).
fn limits_allow_book(limits: &Limits) -> bool {
    !limits.infinite && !limits.ponder && limits.searchmoves.is_empty() && limits.mate.is_none()
}

/// The book's answer to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookAnswer {
    /// The move played.
    pub mv: Move,
    /// The book's best reply to it, if the book has the position after it
    /// (the move to ponder on).
    pub reply: Option<Move>,
    /// The move's book score for the side to move, on the engine's scale
    /// (centiseeds as they are; a proven result, a win or loss of unknown
    /// distance, as a table's verdict is).
    pub score: Score,
    /// The depth behind that score.
    pub depth: u32,
    /// How often the book's expansion went through the move.
    pub visits: u32,
}

/// The engine's score of a book score: centiseeds as they are; a proven
/// result (the book clamps mates and table wins to
/// [`songo_book::SCORE_LIMIT`], without their distance) becomes a win or
/// loss of unknown distance, [`TB_WIN`], as a table's verdict is.
pub fn engine_score(book_score: i16) -> Score {
    let s = Score::from(book_score);
    if s >= TB_BOUND {
        TB_WIN
    } else if s <= -TB_BOUND {
        -TB_WIN
    } else {
        s
    }
}

/// What a `go` asks of the book, besides the game.
#[derive(Clone, Copy, Debug)]
pub struct BookUse<'a> {
    /// `OwnBook`.
    pub own_book: bool,
    /// Whether `Skill Level` is full strength.
    pub full_strength: bool,
    /// `BookVariety`, in centiseeds.
    pub variety: u16,
    /// The `go`'s limits.
    pub limits: &'a Limits,
}

/// The one decision whether the book answers a `go` (every condition of
/// the module's documentation), and its move in `game`'s current
/// position, chosen among those within `variety` centiseeds of the best
/// by a number from `random`. That number is drawn only when the book has
/// the position, so that positions out of the book leave the skill
/// levels' draws as they were. One probe of the position, one of the
/// position after the move (for the reply).
pub fn answer(
    book: &Book,
    game: &Game,
    asked: BookUse,
    random: impl FnOnce() -> u64,
) -> Option<BookAnswer> {
    if !asked.own_book || !asked.full_strength || !limits_allow_book(asked.limits) {
        return None;
    }
    let (v, p) = (game.variant(), game.position());
    let moves = book.probe(v, &p)?;
    let random = random();
    if game.is_over() || game.repetitions() > 1 {
        return None;
    }
    let seen = game.positions();
    if moves.iter().any(|m| seen.contains(&p.make_move(v, m.mv))) {
        return None;
    }
    let chosen = songo_book::choose(moves, asked.variety, random)?;
    let after = p.make_move(v, chosen.mv);
    let reply = book
        .probe(v, &after)
        .and_then(|replies| replies.first())
        .map(|r| r.mv);
    Some(BookAnswer {
        mv: chosen.mv,
        reply,
        score: engine_score(chosen.score),
        depth: u32::from(chosen.depth),
        visits: chosen.visits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_book::{BookKey, BookMove, SCORE_LIMIT};
    use songo_core::{Position, Variant};

    fn scored(p: &Position, letter: &str, score: i16) -> BookMove {
        BookMove {
            mv: Move::parse(letter, p.side_to_move()).unwrap(),
            score,
            depth: 9,
            visits: 4,
        }
    }

    fn start_book(v: Variant) -> Book {
        let start = Position::startpos();
        let after_e = start.make_move(v, Move::parse("E", start.side_to_move()).unwrap());
        Book::from_positions([
            (
                BookKey::new(v, &start),
                vec![scored(&start, "E", 40), scored(&start, "C", 35)],
            ),
            (BookKey::new(v, &after_e), vec![scored(&after_e, "b", -40)]),
        ])
    }

    /// [`answer`] to a `go depth 8` at full strength with `OwnBook`.
    fn answer_of(book: &Book, game: &Game, variety: u16, random: u64) -> Option<BookAnswer> {
        let limits = Limits::depth(8);
        let asked = BookUse {
            own_book: true,
            full_strength: true,
            variety,
            limits: &limits,
        };
        answer(book, game, asked, || random)
    }

    #[test]
    fn the_answer_names_the_move_its_reply_and_its_score() {
        let v = Variant::Songo40;
        let book = start_book(v);
        let game = Game::new(v, Position::startpos());
        let a = answer_of(&book, &game, 0, 12345).unwrap();
        assert_eq!(
            (a.mv.to_string(), a.score, a.depth, a.visits),
            ("E".to_string(), 40, 9, 4)
        );
        assert_eq!(a.reply.map(|m| m.to_string()), Some("b".to_string()));
        // Within 5 centiseeds, C (whose position after is not in the
        // book: no reply) can be chosen too.
        let chosen: std::collections::BTreeSet<String> = (0..16)
            .map(|r| answer_of(&book, &game, 5, r).unwrap().mv.to_string())
            .collect();
        assert_eq!(chosen.len(), 2);
        // Another variant's start is not in this book.
        assert!(answer_of(
            &book,
            &Game::new(Variant::Songo36Amateur, Position::startpos()),
            0,
            0
        )
        .is_none());
    }

    #[test]
    fn proven_book_scores_are_wins_of_unknown_distance() {
        assert_eq!(engine_score(SCORE_LIMIT), TB_WIN);
        assert_eq!(engine_score(-SCORE_LIMIT), -TB_WIN);
        assert_eq!(engine_score(-250), -250);
    }

    #[test]
    fn only_a_go_without_a_search_of_its_own_uses_the_book() {
        assert!(limits_allow_book(&Limits::depth(3)));
        assert!(limits_allow_book(&Limits::nodes(1000)));
        for asks_a_search in [
            Limits {
                infinite: true,
                ..Limits::default()
            },
            Limits {
                ponder: true,
                ..Limits::default()
            },
            Limits {
                mate: Some(3),
                ..Limits::default()
            },
            Limits {
                searchmoves: vec![Move::parse("A", songo_core::Side::South).unwrap()],
                ..Limits::default()
            },
        ] {
            assert!(!limits_allow_book(&asks_a_search), "{asks_a_search:?}");
        }
    }
}
