//! Endgame tablebases: the exact result of every position with few seeds
//! on the board, by retrograde analysis, one table per variant and seed
//! count (10 up to a maximum; below 10 seeds the game is over).
//!
//! # What a table stores
//!
//! A table is indexed by *board*: the 14 pit counts seen from the side to
//! move (the position is rotated when North moves, see [`index`]). The
//! captured counts are not part of the index. Instead each board stores a
//! number of seeds from which the result for *any* captured counts follows:
//!
//! - `songo36-*`: the mover's **share**, how many of the `S` seeds on the
//!   board end up in his final score (5.2: captured later, or left in his
//!   row at the end). With `c` seeds captured by the mover now, his final
//!   score is `c + share`: he wins when `c + share > 35`, draws at 35.
//!   So the least captured count with which the mover wins is
//!   `36 - share`, the least with which he draws `35 - share`.
//! - `songo40`: the **margin gain**, the seeds the mover will still capture
//!   less those the opponent will. With margin `m` now (mover's captured
//!   less the opponent's), the final margin is `m + gain`: a win at 5 or
//!   more, a loss at -5 or less, else a draw. The least captured count
//!   with which the mover wins is `ceil((75 - S - gain) / 2)`.
//!
//! Why one number suffices: the moves, the sowing and the end of the game
//! by 5.1 items 2–5 depend on the board only; only the capture thresholds
//! (5.1 item 1) read the captured counts. But a player past a threshold wins
//! every continuation (in `songo36-*` his captured count alone is more than
//! 35, in `songo40` 40 captured means a margin of at least 10), so stopping
//! the game there or playing it on to its natural end gives the same
//! result. The tables solve the game without item 1, where the result is a
//! monotone function of a number of seeds, and the real result follows
//! from the thresholds above. Hence the outcome is monotone in the mover's
//! captured count (`tests/tb.rs` checks both that and the thresholds
//! against an exhaustive solver of the real rules).
//!
//! # Repetitions
//!
//! Captures are irreversible, so a position can only repeat within one seed
//! count, and no capture happens along a cycle. The third occurrence ends
//! the game, scored by 5.2 at that position (the search does the same).
//!
//! - `songo40`: seeds on the board belong to nobody, so a game ended by
//!   repetition has gained nothing since the cycle began: a cycle is worth
//!   a gain of 0, wherever it is closed. The table stores the value of the
//!   game in which an endless non-capturing play is worth 0. This is the
//!   exact value of the real game whenever no position with as many seeds
//!   on the board has occurred twice in the game before (the forcing
//!   strategies behind a non-zero value never revisit a position, and any
//!   repetition scores 0 in any case).
//! - `songo36-*`: a repetition is scored with the seeds each player has in
//!   his row at the repeated position, so the result of a cycle depends on
//!   where it is closed, which depends on the history. The tables score no
//!   cycle by any position: each board stores two numbers, each the exact
//!   value of the game without the repetition rule in which *endless play*
//!   (a continuation that never captures again, in this count or in a
//!   smaller one) is scored at an extreme. `lo` is the share the mover can
//!   force when endless play gives him **none** of the seeds then on the
//!   board; `hi` is the least share the opponent can hold him to when
//!   endless play gives the mover **all** of them. "The mover" is the side
//!   to move at the board looked up, whoever moves when the endless play
//!   starts. Each side's strategy for its bound reaches a capture or the
//!   end without repeating a position, so the real share lies in
//!   `lo..=hi` (under the same history condition), and is exact when they
//!   meet (protocol.md, "Endgame tablebases", has a worked example). A
//!   verdict is then a range: "win", or "draw or win", and so on, and the
//!   search only cuts off with what is proven.
//!
//! The search probes inside the tree only at positions just reached by a
//! capture (no earlier position can repeat there), so a cutoff never
//! contradicts what the search itself would prove; at the root it keeps
//! only the moves the tables do not prove worse than another.
//!
//! # Pit-7 flags, Capture Solo, feeding
//!
//! - `songo40`: the tables hold the boards where both pit-7 flags are
//!   cleared (`-`). A position where a flag is still set is not probed (the
//!   search handles it); such a position can only reach flag-free tables
//!   after its owner plays pit 7.
//! - `songo36-*`: the flags are kept but change nothing in the moves, so
//!   the tables apply whatever the flags. (They can only make two equal
//!   boards count as different positions for the repetition rule, which
//!   the `lo..=hi` bounds already cover.)
//! - Capture Solo (amateur) and the direct gain (`songo40`) capture one
//!   seed: they are exits to the count below, like any capture.
//! - Feeding, Interdit Solo/Duo, the grand slam and the C1 exception are
//!   all decided by the rules core ([`songo_core::movegen`]), which the
//!   generator calls for every move: the tables know no rule of their own.

//! # The crate
//!
//! [`Tablebases`] opens a directory of table files and probes it:
//! [`Tablebases::probe`] gives a [`Verdict`] on a position,
//! [`Tablebases::probe_moves`] one per legal move. [`score`] is the scale
//! the engine's scores share with the tables. The modules go in layers:
//! [`index`] (board ranks) ← [`file`](mod@file) (the format, its errors) ←
//! `mapped`, `compressed` ← [`Table`] ← [`Tablebases`] ← [`generate`].
//!
//! Features (all on by default): `files` maps table files and reads them
//! ahead of probes (memmap2, libc); `zstd` reads and writes compressed
//! files ([`compressed`]); `generate` is the retrograde generator (rayon).
//! Without any of them the crate builds for every target,
//! `wasm32-unknown-unknown` included, and reads table files into memory.
//!
//! # Example
//!
//! Make the 10- and 11-seed tables of `songo40` in a directory (seconds),
//! open the directory, and probe a position:
//!
//! ```
//! # #[cfg(feature = "generate")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use songo_core::{Position, Variant};
//! use songo_tb::generate::{build, no_progress};
//! use songo_tb::{Tablebases, TbValue};
//!
//! let dir = std::env::temp_dir().join(format!("songo-tb-doc-{}", std::process::id()));
//! build(Variant::Songo40, 11, Some(&dir), &no_progress, &mut |_| {})?;
//!
//! let tables = Tablebases::open(&dir)?;
//! assert_eq!(tables.max_seeds(Variant::Songo40), 11);
//! // 11 seeds on the board, both pit-7 flags cleared, South to move.
//! let p: Position = "1,1,1,1,1,1,1/2,1,1,0,0,0,0 s 30 29 -".parse()?;
//! let verdict = tables.probe(&p, Variant::Songo40).expect("covered");
//! assert!(verdict.is_exact()); // songo40 tables are always exact
//! println!("{verdict}"); // e.g. "win (mover's margin gain +3 of 11 seeds)"
//!
//! // The position is worth its best move: each move's verdict is given
//! // for South, the side to move, as (best case, worst case).
//! let moves = tables.probe_moves(&p, Variant::Songo40);
//! let best = moves.iter().filter_map(|(_, v)| v.map(|(b, _)| b)).max();
//! assert_eq!(best, verdict.exact());
//! let winning: Vec<String> = moves
//!     .iter()
//!     .filter(|(_, v)| *v == Some((TbValue::Win, TbValue::Win)))
//!     .map(|(m, _)| m.to_string())
//!     .collect();
//! println!("winning moves: {winning:?}");
//! std::fs::remove_dir_all(&dir)?;
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "generate"))]
//! # fn main() {}
//! ```

#![warn(missing_docs)]

#[cfg(feature = "zstd")]
pub mod compressed;
pub mod file;
#[cfg(feature = "generate")]
pub mod generate;
pub mod index;
#[cfg(feature = "files")]
mod mapped;
#[cfg(feature = "files")]
mod read_ahead;
pub mod score;
mod table;
mod tablebases;
mod verdict;

pub use file::{PathKind, TbError};
pub use table::Table;
pub use tablebases::{history_is_clean, open_file, Tablebases};
pub use verdict::{TbValue, Verdict};
