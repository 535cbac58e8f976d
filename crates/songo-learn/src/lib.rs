//! songo-learn: what the page teaches with (issue 39).
//!
//! - [`lesson`]: a lesson is a position, a task and the moves it accepts,
//!   checked by the rules core; the lessons compiled in cover every rule
//!   of each variant.
//! - [`puzzle`]: a puzzle is a position from a real game where one move
//!   is clearly best, with its solution line, themes and difficulty; the
//!   set compiled in is made by `songo puzzles generate`.
//! - [`rating`]: the puzzle trainer's Glicko-2 rating, each puzzle one
//!   result against the fixed rating of its difficulty.
//!
//! No I/O, no threads: it builds for every target, `wasm32-unknown-unknown`
//! included, so that the room runs it in `songo gui` and in the page.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod lesson;
pub mod puzzle;
pub mod rating;
