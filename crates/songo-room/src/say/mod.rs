//! What the room says to a person, as meaning rather than sentences: a
//! catalogue id and its arguments, `{"id": "captured", "pit": "d",
//! "seeds": 4}`. The page renders each from its language's catalogue
//! (Project Fluent, `crates/songo-gui/assets/i18n/`), so the same room
//! speaks French to one page and English to another, and the page can
//! switch language without asking the room again.
//!
//! Arguments are plain data: numbers (the catalogue words their plurals
//! and formats them by language), sides as `south`/`north`, pit letters,
//! lists of pits, and the texts of outside programs and files (an
//! engine's name, its output, a record's token), which no catalogue can
//! translate. A [`Say`] may carry another (the reason inside "pit C: …").
//!
//! Every id is a variant here, and [`Say::every`] lists one of each, so a
//! test checks that both catalogues have a text for everything the room
//! can send (`crates/songo-gui/tests/catalogues.rs`).

use serde::{Deserialize, Serialize, Serializer};
use songo_core::ParsePositionError;

/// A side, as the page names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SideName {
    /// `south`: the side whose pits are A–G.
    South,
    /// `north`: the side whose pits are a–g.
    North,
}

impl From<songo_core::Side> for SideName {
    fn from(s: songo_core::Side) -> Self {
        match s {
            songo_core::Side::South => SideName::South,
            songo_core::Side::North => SideName::North,
        }
    }
}

impl From<SideName> for songo_core::Side {
    fn from(s: SideName) -> Self {
        match s {
            SideName::South => songo_core::Side::South,
            SideName::North => songo_core::Side::North,
        }
    }
}

/// Centiseeds, written as seeds (`150` as `1.5`): the catalogue formats
/// the number with two decimals in its language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seeds(pub i32);

impl Serialize for Seeds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(f64::from(self.0) / 100.0)
    }
}

/// A result's value for a side, as the tables name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Value {
    /// `win`.
    Win,
    /// `draw`.
    Draw,
    /// `loss`.
    Loss,
}

/// One thing the room says. Serialized as `{"id": …, args…}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum Say {
    // --- why a pit cannot be played (rules core, RULES.md 4) -------------
    /// The game is over: no move is legal.
    GameOver,
    /// The pit is the other side's.
    NotYours {
        /// The side the pit belongs to.
        owner: SideName,
    },
    /// The pit is empty (*case vide*).
    EmptyPit,
    /// The opponent has no seeds and this pit does not reach their row.
    MustFeed {
        /// The side without seeds.
        opponent: SideName,
    },
    /// The opponent has no seeds and another pit feeds more.
    FeedMore {
        /// The side without seeds.
        opponent: SideName,
    },
    /// Pit 7 with one seed that does not capture.
    InterditSolo,
    /// Pit 7 with two seeds that do not capture.
    InterditDuo,
    /// songo40's rule for pit 7.
    LastPit,
    /// The game ended on time (`side` lost).
    OverOnTime {
        /// The side that lost on time.
        side: SideName,
    },
    /// The person's own time ran out before the move arrived.
    YourTimeRanOut,
    /// It is the engine's move, not the person's.
    EnginesMove,
    /// The board changed between the choice and its arrival.
    Stale,
    /// Not a pit letter or number.
    NotAPit {
        /// What the page sent as the pit.
        text: String,
    },
    /// A pit refused on the analysis board, and why.
    PitRefused {
        /// The pit, as the board names it.
        pit: String,
        /// Why it was refused.
        why: Box<Say>,
    },

    // --- players ----------------------------------------------------------
    /// The person who plays here (a record's `Human`).
    PlayerYou,
    /// An engine at a level (a record's `songo (level 3)`).
    PlayerEngine {
        /// The engine's name.
        engine: String,
        /// Its level, 1–10.
        level: u8,
    },
    /// Anyone else, by the name a record gives.
    PlayerNamed {
        /// The name, as the record writes it.
        name: String,
    },

    // --- how a game ended ------------------------------------------------
    /// RULES 5.1: a side captured enough.
    EndThreshold,
    /// RULES 5.1: fewer than 10 seeds on the board.
    EndFewSeeds,
    /// RULES 5.1: the side to move has no seeds.
    EndEmptyRow,
    /// RULES 5.1: the side to move cannot feed.
    EndCannotFeed,
    /// RULES 5.1: a position for the third time.
    EndRepetition,
    /// `side` ran out of time.
    EndTime {
        /// The side that lost on time.
        side: SideName,
    },
    /// `side` resigned.
    EndResigned {
        /// The side that resigned.
        side: SideName,
    },
    /// A record's resignation (whose is in its result).
    EndResignation,
    /// A match runner ended it: time forfeit (whose time is not in the
    /// record's tag).
    EndTimeForfeit,
    /// A match runner ended it: an illegal move.
    EndIllegalMove,
    /// A match runner ended it: a player's program failed.
    EndCrash,
    /// A match runner ended it: a player did not answer.
    EndStall,
    /// A match runner ended it at its move limit.
    EndMaxMoves,
    /// A record's termination, as written (not a rule's).
    EndOther {
        /// The record's `Termination` tag.
        text: String,
    },
    /// The game is not finished.
    EndUnfinished,

    // --- what a move did (the move's effect line) --------------------------
    /// Sown, nothing captured.
    SownNoCapture {
        /// The pit played.
        pit: String,
    },
    /// The big pit's last seed went to the store (*grenier*).
    SownToStore {
        /// The pit played.
        pit: String,
        /// The seeds that went to the store.
        seeds: u8,
    },
    /// Seeds captured from `pits`.
    SownCaptured {
        /// The pit played.
        pit: String,
        /// The seeds captured.
        seeds: u8,
        /// The opponent's pits captured from.
        pits: Vec<String>,
    },
    /// Captured from `pits`, and one seed to the store.
    SownCapturedAndStore {
        /// The pit played.
        pit: String,
        /// The seeds captured from `pits` (the store's one apart).
        seeds: u8,
        /// The opponent's pits captured from.
        pits: Vec<String>,
    },

    // --- scores ----------------------------------------------------------
    /// Seeds ahead (`+1.50`) or behind.
    ScoreSeeds {
        /// The margin for the side the score is for, as seeds.
        seeds: Seeds,
    },
    /// A forced win in `moves` moves (the engine's `mate`).
    ScoreWinIn {
        /// Moves to the end, as the engine's `mate N` counts them.
        moves: u32,
    },
    /// A forced loss in `moves` moves.
    ScoreLossIn {
        /// Moves to the end, as the engine's `mate -N` counts them.
        moves: u32,
    },
    /// The game is over in the position scored.
    ScoreOver,
    /// A win (the book's, beyond its score range).
    ScoreWin,
    /// A loss (the book's).
    ScoreLoss,
    /// A win the tables prove.
    ScoreTbWin,
    /// A loss the tables prove.
    ScoreTbLoss,

    // --- the engines ---------------------------------------------------------
    /// An engine failed to start (the system's words in `why`).
    EngineStartFailed {
        /// The engine's name.
        engine: String,
        /// Why, in the system's words.
        why: String,
    },
    /// An engine's process ended.
    EngineCrashed {
        /// The engine's name.
        engine: String,
    },
    /// No move in `seconds`, not even after `stop`.
    EngineStalled {
        /// The engine's name.
        engine: String,
        /// How long it was waited for, in seconds.
        seconds: u64,
    },
    /// It did not answer `isready`.
    EngineSilent {
        /// The engine's name.
        engine: String,
    },
    /// It gave no move in a game that goes on (its `line`).
    EngineNoMove {
        /// The engine's name.
        engine: String,
        /// Its `bestmove` line, as written.
        line: String,
    },
    /// It played an illegal move.
    EngineIllegalMove {
        /// The engine's name.
        engine: String,
        /// The move, as the engine wrote it.
        text: String,
    },
    /// A review search came back without a score.
    EngineNoScore {
        /// The engine's `bestmove` line, as written.
        line: String,
        /// The position searched: plies from the game's start.
        ply: usize,
    },

    // --- a new game, a take-back, a hint -------------------------------------
    /// No such variant.
    UnknownVariant {
        /// The name sent.
        text: String,
    },
    /// A side other than south or north.
    UnknownSide {
        /// The side sent.
        text: String,
    },
    /// A level outside 1–10.
    BadLevel {
        /// The level sent.
        level: u8,
    },
    /// No engine with that index.
    NoEngine {
        /// The index sent.
        engine: usize,
    },
    /// A think time and a clock at once.
    ThinkWithClock,
    /// A think time out of range.
    BadThinkTime {
        /// The think time sent, in ms.
        ms: u64,
        /// The shortest allowed, in ms.
        min: u64,
        /// The longest allowed, in ms.
        max: u64,
    },
    /// A clock's base out of range.
    BadClockBase {
        /// The base sent, in ms.
        ms: u64,
        /// The shortest allowed, in ms.
        min: u64,
        /// The longest allowed, in ms.
        max: u64,
    },
    /// A clock's increment out of range.
    BadClockIncrement {
        /// The increment sent, in ms.
        ms: u64,
        /// The largest allowed, in ms.
        max: u64,
    },
    /// Nothing of the person's to take back.
    NothingToTakeBack,
    /// Between two people, a take-back the other did not agree to.
    TakeBackNotAgreed,
    /// The game was lost by resignation: no take-back.
    LostByResignation {
        /// The side that resigned.
        side: SideName,
    },
    /// A player's name that is not one (empty, too long, several lines).
    BadName {
        /// The name sent, trimmed.
        name: String,
        /// The most characters a name may have.
        max: usize,
    },
    /// The game was lost on time: no take-back.
    LostOnTime {
        /// The side that lost on time.
        side: SideName,
    },
    /// A hint is only for the person's own move.
    HintForYourMove,
    /// The engine is down: no hint.
    HintEngineDown,
    /// A message the room could not read (a page's bug: `detail` is
    /// serde's, for the console).
    BadMessage {
        /// serde's words.
        detail: String,
    },

    // --- the analysis board ------------------------------------------------
    /// A set-up position that does not parse.
    BadPosition {
        /// What is wrong with the position string.
        problem: Box<Say>,
    },
    /// Position string: not five fields.
    PositionFields {
        /// How many fields it has.
        found: usize,
    },
    /// Position string: the pits are not two rows of seven.
    PositionRows {
        /// The pits field, as sent.
        text: String,
    },
    /// Position string: a count that is not 0–70.
    PositionCount {
        /// Which count (`pit count`, `south captured count`, ...), in
        /// English.
        field: String,
        /// The count, as sent.
        text: String,
    },
    /// Position string: the seeds do not add up to 70.
    PositionTotal {
        /// The seeds they add up to.
        total: u32,
    },
    /// Position string: the side to move is not `s` or `n`.
    PositionSide {
        /// The side field, as sent.
        text: String,
    },
    /// Position string: the flags are not `Gg`, `G`, `g` or `-`.
    PositionFlags {
        /// The flags field, as sent.
        text: String,
    },
    /// No such ply in the board's game.
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The moves the game has (the last ply).
        moves: usize,
    },
    /// Nothing to play on from: the game is over there.
    OverHere,
    /// A number of analysis lines out of range.
    BadLines {
        /// The number sent.
        lines: u8,
        /// The most lines the analysis shows.
        max: u8,
    },

    // --- records and the games list -----------------------------------------
    /// A record that cannot be read, where and why.
    RecordUnreadable {
        /// The file's line at fault, from 1.
        line: usize,
        /// The game's number in the file, from 1 (0: before the first).
        game: usize,
        /// What is wrong there.
        problem: Box<Say>,
    },
    /// The file holds no game.
    RecordEmpty,
    /// Not UTF-8 text.
    RecordNotText,
    /// A tag line that is wrong.
    RecordBadTag,
    /// A tag twice.
    RecordTagTwice {
        /// The tag's name.
        tag: String,
    },
    /// A required tag missing.
    RecordTagMissing {
        /// The tag's name.
        tag: String,
    },
    /// A tag whose value does not parse.
    RecordTagValue {
        /// The tag's name.
        tag: String,
        /// Its value, as written.
        value: String,
    },
    /// A token that is not a move, number, result or comment.
    RecordToken {
        /// The token, as written.
        text: String,
    },
    /// A comment never closed.
    RecordComment,
    /// The moves end without a result.
    RecordNoResult,
    /// An illegal move in the record.
    RecordIllegal {
        /// The move's ply, from 1.
        ply: usize,
        /// The move's pit.
        pit: String,
    },
    /// A move after the game ended.
    RecordAfterEnd {
        /// The move's ply, from 1.
        ply: usize,
        /// The move's pit.
        pit: String,
    },
    /// The result or the move count disagrees with the moves.
    RecordDisagrees,
    /// Anything else the reader found wrong with the game.
    RecordOther,
    /// A game of the file that does not replay (move `ply`).
    RecordMoveBad {
        /// The move's ply, from 1.
        ply: usize,
        /// Why the move does not replay.
        problem: Box<Say>,
    },
    /// No game `index` in the loaded file.
    NoLoadedGame {
        /// The index asked for, from 1.
        index: usize,
    },
    /// No finished game `index`.
    NoFinishedGame {
        /// The index asked for, from 1 (0: none given).
        index: usize,
    },
    /// No finished game of archive id `game`.
    NoFinishedGameId {
        /// The archive id asked for.
        game: String,
    },
    /// A finished game that no longer replays.
    FinishedDoesNotReplay {
        /// The game's index in the list, from 1.
        index: usize,
    },
    /// No finished game to export.
    NothingToExport,
    /// A record file's games imported into the finished games: how many
    /// joined them, were there already, or were not finished.
    GamesImported {
        /// Games added to the finished games.
        imported: usize,
        /// Games skipped: the list had them already.
        duplicates: usize,
        /// Games skipped: not finished.
        unfinished: usize,
    },
    /// A finished game could not be written to the host's archive (full
    /// or read-only storage): it is kept in memory and the saved state
    /// until a write succeeds; `detail` is the system's words.
    ArchiveFailed {
        /// The system's words.
        detail: String,
    },
    /// The room's state could not be saved: the game in progress will not
    /// survive a restart; `detail` is the system's words.
    StateNotKept {
        /// The system's words.
        detail: String,
    },
    /// An undo of a delete with no game deleted to put back.
    NothingDeleted,
    /// A deleted game could not be removed from the host's archive: it
    /// comes back at the next start unless a later try succeeds.
    DeleteFailed {
        /// The system's words.
        detail: String,
    },

    // --- lessons -----------------------------------------------------------
    /// No lesson of that id in that variant.
    NoSuchLesson {
        /// The lesson id asked for.
        lesson: String,
        /// The variant's name.
        variant: String,
    },

    // --- puzzles and mistakes ----------------------------------------------
    /// A theme the puzzles do not have.
    NoSuchTheme {
        /// The theme's name sent.
        theme: String,
    },
    /// A difficulty outside 1 to `max`.
    BadDifficulty {
        /// The hardest difficulty.
        max: u8,
    },
    /// No puzzle of the variant passes the filters.
    NoPuzzles {
        /// The variant's name.
        variant: String,
    },
    /// Practice of mistakes asked before a review has finished.
    NoReviewDone,
    /// The finished review found no mistake or blunder of the person's.
    NoMistakes,
    /// No exercise of that number (from 1).
    NoSuchExercise {
        /// The number asked for.
        index: usize,
    },
    /// An answer to an exercise while a review runs on the analyst.
    ReviewUnderWay,
    /// An uploaded file over the size limit.
    FileTooLarge {
        /// The limit, in MiB.
        mib: u64,
    },
    /// A page's message over the size limit (a page's bug).
    MessageTooLong {
        /// The message's size, in bytes.
        bytes: usize,
        /// The limit, in bytes.
        max: usize,
    },
    /// An uploaded file refused, and why.
    FileRefused {
        /// The file's name, as the page gave it.
        file: String,
        /// Why it was refused.
        problem: Box<Say>,
    },

    // --- reviews -----------------------------------------------------------
    /// A review's limit out of range, or both limits.
    BadReviewLimit {
        /// The deepest review allowed (from 1).
        max_depth: u32,
        /// The shortest time a position allowed, in ms.
        min_ms: u64,
        /// The longest time a position allowed, in ms.
        max_ms: u64,
    },
    /// The game has no move.
    NothingToReview,
    /// No review to stop.
    NoReviewRunning,
    /// A review to this depth.
    LimitDepth {
        /// The depth of each search.
        depth: u32,
    },
    /// A review of this many milliseconds a position.
    LimitMovetime {
        /// The time of each search, in ms.
        ms: u64,
    },

    // --- the tables' verdicts ------------------------------------------------
    /// The tables' verdict for `side`, a value or a range, and what they
    /// store: the mover's share of the `seeds` on the board (songo36), or
    /// the mover's margin gain (songo40), `lo` to `hi`.
    TbVerdict {
        /// The side to move, whom the verdict is for.
        side: SideName,
        /// The worst result the verdict allows.
        worst: Value,
        /// The best result it allows (`worst` when exact).
        best: Value,
        /// Seeds on the board.
        seeds: u8,
        /// The stored value's lower bound.
        lo: i32,
        /// The stored value's upper bound.
        hi: i32,
        /// Whether the tables store a share (songo36) rather than a
        /// margin gain (songo40).
        share: bool,
    },
    /// The game is over: nothing to probe.
    TbGameOver,
    /// No tables of the variant.
    TbNoTables {
        /// The variant's name.
        variant: String,
    },
    /// More seeds than the tables hold.
    TbTooManySeeds {
        /// Seeds on the board.
        seeds: u8,
        /// The variant's name.
        variant: String,
        /// The most seeds the variant's tables hold.
        max: u8,
    },
    /// songo40: a pit 7 not played yet.
    TbPitSevenUnplayed,
    /// A repetition may decide.
    TbRepetition,
    /// A table that cannot be read.
    TbUnreadable {
        /// Seeds on the board: the table that was wanted.
        seeds: u8,
        /// The variant's name.
        variant: String,
    },
}

impl Say {
    /// Why a position string was refused.
    pub fn bad_position(e: &ParsePositionError) -> Say {
        Say::BadPosition {
            problem: Box::new(e.into()),
        }
    }

    /// The catalogue id, as the page looks it up.
    pub fn id(&self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => match map.get("id") {
                Some(serde_json::Value::String(id)) => id.clone(),
                _ => unreachable!("every Say is an object with an id"),
            },
            _ => unreachable!("every Say is an object with an id"),
        }
    }
}

mod every;
mod from;

#[cfg(test)]
mod tests;
