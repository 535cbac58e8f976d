//! The rules for JavaScript (issue 42, the npm package): a game of
//! songo-core behind a small typed class, so that a page asks the legal
//! moves, plays one and reads the position without speaking the protocol
//! to an engine. Every mistake of the caller (an unknown variant, a
//! damaged position string, a move that is not one, or not legal) comes
//! back as a JavaScript `Error` whose message is the rules core's reason;
//! nothing panics across the boundary.
//!
//! ```js
//! const game = new SongoGame("songo40", "");   // "" is the start position
//! game.legalMoves();                            // ["A", "B", …, "G"]
//! game.play("C");                               // or "3": South's pit 3
//! game.fen();                                   // "5,5,…/… n 0 0 Gg"
//! ```
//!
//! The package's `rules.js` wraps it with defaults and JavaScript-shaped
//! values (`{south, north}` objects); this is the part that needs wasm.

use std::fmt;

use songo_core::{
    EndReason, Game, GameStatus, IllegalReason, Move, Outcome, ParseMoveError, ParsePositionError,
    ParseVariantError, Position, Side, Variant,
};
use wasm_bindgen::prelude::*;

/// What the caller got wrong, each in the rules core's words.
#[derive(Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Not one of the three variants' names.
    Variant(ParseVariantError),
    /// A position string that does not parse (protocol.md's form).
    Position(ParsePositionError),
    /// Text that names no pit.
    MoveText(ParseMoveError),
    /// A pit the rules forbid in this position, and why.
    Illegal {
        /// The move asked for.
        mv: Move,
        /// Why the rules refuse it.
        reason: IllegalReason,
        /// The moves the rules allow there.
        legal: Vec<Move>,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Variant(e) => e.fmt(f),
            RulesError::Position(e) => write!(f, "bad position: {e}"),
            RulesError::MoveText(e) => e.fmt(f),
            RulesError::Illegal { mv, reason, legal } => {
                write!(f, "move {mv} is illegal here: {reason}")?;
                if !legal.is_empty() {
                    let names: Vec<String> = legal.iter().map(Move::to_string).collect();
                    write!(f, " (legal: {})", names.join(" "))?;
                }
                Ok(())
            }
        }
    }
}

/// wasm-bindgen turns it into a JavaScript `Error` with this message.
impl std::error::Error for RulesError {}

/// A game of `variant` from `fen`, or from the start when `fen` is empty.
pub fn new_game(variant: &str, fen: &str) -> Result<Game, RulesError> {
    let variant: Variant = variant.parse().map_err(RulesError::Variant)?;
    let start = if fen.trim().is_empty() {
        Position::startpos()
    } else {
        fen.parse().map_err(RulesError::Position)?
    };
    Ok(Game::new(variant, start))
}

/// Plays `text` (a pit letter, or a pit number of the side to move) on
/// `game`; the game is unchanged when it fails.
pub fn play(game: &mut Game, text: &str) -> Result<Move, RulesError> {
    let position = game.position();
    let mv = Move::parse(text, position.side_to_move()).map_err(RulesError::MoveText)?;
    // The one check that knows the game's history (a third repetition ends
    // it even where the position alone has moves), then the reason in
    // words from the position.
    match game.play(mv) {
        Ok(()) => Ok(mv),
        Err(_) => Err(RulesError::Illegal {
            mv,
            reason: if game.is_over() {
                IllegalReason::GameOver
            } else {
                position
                    .why_illegal(game.variant(), mv)
                    .unwrap_or(IllegalReason::GameOver)
            },
            legal: legal_moves(game),
        }),
    }
}

/// The legal moves now: none once the game is over (a third repetition
/// included, which the position alone does not know).
pub fn legal_moves(game: &Game) -> Vec<Move> {
    if game.is_over() {
        return Vec::new();
    }
    game.position().legal_moves(game.variant()).iter().collect()
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

/// The end's reason as a word the package's types list.
fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Threshold => "threshold",
        EndReason::FewSeeds => "few-seeds",
        EndReason::EmptyRow => "empty-row",
        EndReason::CannotFeed => "cannot-feed",
        EndReason::Repetition => "repetition",
    }
}

fn names(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    moves.into_iter().map(|m| m.to_string()).collect()
}

/// A game for JavaScript: songo-core's `Game` (the start, the moves, the
/// positions they led to, for the third-repetition rule).
#[wasm_bindgen]
pub struct SongoGame {
    game: Game,
}

#[wasm_bindgen]
impl SongoGame {
    /// A game of `variant` (`songo40`, `songo36-amateur`,
    /// `songo36-beginner`) from the position string `fen` (protocol.md's
    /// form), or from the start when `fen` is empty. Throws an `Error`
    /// naming what is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: &str) -> Result<SongoGame, JsError> {
        Ok(SongoGame {
            game: new_game(variant, fen)?,
        })
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.game.variant().name().to_string()
    }

    /// The legal moves, pit letters in pit order (`A`–`G` South's,
    /// `a`–`g` North's); empty once the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        names(legal_moves(&self.game))
    }

    /// Plays a move (a pit letter, or a pit number 1–7 of the side to
    /// move) and returns its letter; throws an `Error` with the rules'
    /// reason, the game unchanged, when it is not legal.
    pub fn play(&mut self, text: &str) -> Result<String, JsError> {
        Ok(play(&mut self.game, text)?.to_string())
    }

    /// Takes back the last move: its letter, or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|m| m.to_string())
    }

    /// The current position as a string (protocol.md's form).
    pub fn fen(&self) -> String {
        self.game.position().to_string()
    }

    /// The start position as a string.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.game.start().to_string()
    }

    /// The moves played from the start, as letters.
    pub fn moves(&self) -> Vec<String> {
        names(self.game.moves().iter().copied())
    }

    /// Whether the game has ended.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The 14 pits' seeds: South's pits 1–7 (`A`–`G`), then North's
    /// (`a`–`g`), each in its owner's sowing order.
    pub fn pits(&self) -> Vec<u8> {
        self.game.position().pits().to_vec()
    }

    /// The seeds each side has captured: `[south, north]`.
    pub fn captured(&self) -> Vec<u8> {
        let p = self.game.position();
        vec![p.captured(Side::South), p.captured(Side::North)]
    }

    /// `"south"` or `"north"`.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> String {
        side_name(self.game.position().side_to_move()).to_string()
    }

    /// `1-0`, `0-1` or `1/2-1/2` (South's score first) once over.
    pub fn result(&self) -> Option<String> {
        match self.game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over { outcome, .. } => Some(outcome.score_text().to_string()),
        }
    }

    /// The winner's side once over: `"south"`, `"north"`, or `""` for a draw.
    pub fn winner(&self) -> Option<String> {
        match self.game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over { outcome, .. } => Some(match outcome {
                Outcome::Win(side) => side_name(side).to_string(),
                Outcome::Draw => String::new(),
            }),
        }
    }

    /// Why the game ended (`threshold`, `few-seeds`, `empty-row`,
    /// `cannot-feed`, `repetition`), once over.
    #[wasm_bindgen(js_name = endReason)]
    pub fn end_reason(&self) -> Option<String> {
        match self.game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over { reason, .. } => Some(reason_name(reason).to_string()),
        }
    }

    /// The final scores once over, `[south, north]` (rule 5.2: a
    /// `songo36` side's own row counts too).
    #[wasm_bindgen(js_name = finalScores)]
    pub fn final_scores(&self) -> Option<Vec<u8>> {
        match self.game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over { scores, .. } => Some(scores.to_vec()),
        }
    }

    /// The same game, apart from this one.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> SongoGame {
        SongoGame {
            game: self.game.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_the_start_plays_letters_and_numbers() {
        let mut game = new_game("songo40", "").unwrap();
        assert_eq!(
            names(legal_moves(&game)),
            ["A", "B", "C", "D", "E", "F", "G"]
        );
        assert_eq!(play(&mut game, "3").unwrap().to_string(), "C");
        assert_eq!(play(&mut game, "d").unwrap().to_string(), "d");
        assert_eq!(game.moves().len(), 2);
    }

    #[test]
    fn each_mistake_is_said_in_the_rules_words_and_changes_nothing() {
        let e = new_game("songo99", "").unwrap_err();
        assert!(
            e.to_string().starts_with("unknown variant 'songo99'"),
            "{e}"
        );
        let e = new_game("songo40", "5,5,5/5 s 0 0 Gg").unwrap_err();
        assert!(e.to_string().starts_with("bad position: "), "{e}");

        let mut game = new_game("songo40", "").unwrap();
        let e = play(&mut game, "c").unwrap_err();
        assert_eq!(
            e.to_string(),
            "move c is illegal here: it is North's pit (legal: A B C D E F G)"
        );
        let e = play(&mut game, "Z").unwrap_err();
        assert!(matches!(e, RulesError::MoveText(_)), "{e}");
        assert!(game.moves().is_empty());
    }

    #[test]
    fn a_finished_game_has_no_moves_and_refuses_one() {
        // South captured 40: over by the threshold.
        let mut game = new_game("songo40", "0,0,0,0,0,0,0/0,0,0,0,0,0,5 s 40 25 -").unwrap();
        assert!(game.is_over());
        assert!(legal_moves(&game).is_empty());
        let e = play(&mut game, "G").unwrap_err();
        assert_eq!(e.to_string(), "move G is illegal here: the game is over");
    }
}
