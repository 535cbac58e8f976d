//! One `Say` of each kind with sample arguments: what the catalogue tests
//! (this crate's and songo-gui's) give every language to word.

use super::{Say, Seeds, SideName, Value};

impl Say {
    /// One of each, with sample arguments, for the catalogue tests: a
    /// text for each in every language.
    pub fn every() -> Vec<Say> {
        let south = SideName::South;
        let s = |t: &str| t.to_string();
        let why = || Box::new(Say::EmptyPit);
        vec![
            Say::GameOver,
            Say::NotYours { owner: south },
            Say::EmptyPit,
            Say::MustFeed { opponent: south },
            Say::FeedMore { opponent: south },
            Say::InterditSolo,
            Say::InterditDuo,
            Say::LastPit,
            Say::OverOnTime { side: south },
            Say::YourTimeRanOut,
            Say::EnginesMove,
            Say::Stale,
            Say::NotAPit { text: s("x") },
            Say::PitRefused {
                pit: s("C"),
                why: why(),
            },
            Say::PlayerYou,
            Say::PlayerEngine {
                engine: s("songo"),
                level: 3,
            },
            Say::PlayerNamed { name: s("Ada") },
            Say::EndThreshold,
            Say::EndFewSeeds,
            Say::EndEmptyRow,
            Say::EndCannotFeed,
            Say::EndRepetition,
            Say::EndTime { side: south },
            Say::EndTimeForfeit,
            Say::EndIllegalMove,
            Say::EndCrash,
            Say::EndStall,
            Say::EndMaxMoves,
            Say::EndOther { text: s("agreed") },
            Say::EndUnfinished,
            Say::SownNoCapture { pit: s("C") },
            Say::SownToStore {
                pit: s("G"),
                seeds: 1,
            },
            Say::SownCaptured {
                pit: s("E"),
                seeds: 4,
                pits: vec![s("c"), s("d")],
            },
            Say::SownCapturedAndStore {
                pit: s("G"),
                seeds: 6,
                pits: vec![s("a"), s("b"), s("c")],
            },
            Say::ScoreSeeds { seeds: Seeds(150) },
            Say::ScoreWinIn { moves: 3 },
            Say::ScoreLossIn { moves: 1 },
            Say::ScoreOver,
            Say::ScoreWin,
            Say::ScoreLoss,
            Say::ScoreTbWin,
            Say::ScoreTbLoss,
            Say::EngineStartFailed {
                engine: s("songo"),
                why: s("No such file or directory"),
            },
            Say::EngineCrashed { engine: s("songo") },
            Say::EngineStalled {
                engine: s("songo"),
                seconds: 30,
            },
            Say::EngineSilent { engine: s("songo") },
            Say::EngineNoMove {
                engine: s("songo"),
                line: s("bestmove (none)"),
            },
            Say::EngineIllegalMove {
                engine: s("songo"),
                text: s("Z"),
            },
            Say::EngineNoScore {
                line: s("bestmove C"),
                ply: 3,
            },
            Say::UnknownVariant { text: s("chess") },
            Say::UnknownSide { text: s("east") },
            Say::BadLevel { level: 11 },
            Say::NoEngine { engine: 2 },
            Say::ThinkWithClock,
            Say::BadThinkTime {
                ms: 5,
                min: 100,
                max: 60_000,
            },
            Say::BadClockBase {
                ms: 5,
                min: 1_000,
                max: 10_800_000,
            },
            Say::BadClockIncrement {
                ms: 70_000,
                max: 60_000,
            },
            Say::NothingToTakeBack,
            Say::TakeBackNotAgreed,
            Say::LostByResignation { side: south },
            Say::BadName {
                name: s(""),
                max: 40,
            },
            Say::EndResigned { side: south },
            Say::EndResignation,
            Say::LostOnTime { side: south },
            Say::HintForYourMove,
            Say::HintEngineDown,
            Say::BadMessage { detail: s("EOF") },
            Say::BadPosition {
                problem: Box::new(Say::PositionTotal { total: 69 }),
            },
            Say::PositionFields { found: 4 },
            Say::PositionRows { text: s("5,5") },
            Say::PositionCount {
                field: s("pit count"),
                text: s("x"),
            },
            Say::PositionTotal { total: 69 },
            Say::PositionSide { text: s("w") },
            Say::PositionFlags { text: s("Q") },
            Say::NoSuchPly { ply: 9, moves: 4 },
            Say::OverHere,
            Say::RecordUnreadable {
                line: 3,
                game: 1,
                problem: Box::new(Say::RecordComment),
            },
            Say::RecordEmpty,
            Say::RecordNotText,
            Say::RecordBadTag,
            Say::RecordTagTwice { tag: s("Event") },
            Say::RecordTagMissing { tag: s("Variant") },
            Say::RecordTagValue {
                tag: s("Variant"),
                value: s("chess"),
            },
            Say::RecordToken { text: s("Z9") },
            Say::RecordComment,
            Say::RecordNoResult,
            Say::RecordIllegal {
                ply: 2,
                pit: s("a"),
            },
            Say::RecordAfterEnd {
                ply: 40,
                pit: s("C"),
            },
            Say::RecordDisagrees,
            Say::RecordOther,
            Say::RecordMoveBad {
                ply: 2,
                problem: why(),
            },
            Say::NoLoadedGame { index: 3 },
            Say::NoFinishedGame { index: 3 },
            Say::NoFinishedGameId {
                game: s("20261206-073150-123-abcdef12"),
            },
            Say::FinishedDoesNotReplay { index: 3 },
            Say::NothingToExport,
            Say::GamesImported {
                imported: 3,
                duplicates: 2,
                unfinished: 1,
            },
            Say::ArchiveFailed {
                detail: s("No space left on device"),
            },
            Say::StateNotKept {
                detail: s("Read-only file system"),
            },
            Say::NothingDeleted,
            Say::NoSuchLesson {
                lesson: s("sow"),
                variant: s("songo40"),
            },
            Say::DeleteFailed {
                detail: s("Read-only file system"),
            },
            Say::NoSuchTheme {
                theme: s("sacrifice"),
            },
            Say::BadDifficulty { max: 7 },
            Say::NoPuzzles {
                variant: s("songo40"),
            },
            Say::NoReviewDone,
            Say::NoMistakes,
            Say::NoSuchExercise { index: 3 },
            Say::ReviewUnderWay,
            Say::FileRefused {
                file: s("games.pgn"),
                problem: Box::new(Say::RecordEmpty),
            },
            Say::BadLines { lines: 4, max: 3 },
            Say::FileTooLarge { mib: 4 },
            Say::MessageTooLong {
                bytes: 70_000,
                max: 65_536,
            },
            Say::BadReviewLimit {
                max_depth: 30,
                min_ms: 10,
                max_ms: 60_000,
            },
            Say::NothingToReview,
            Say::NoReviewRunning,
            Say::LimitDepth { depth: 12 },
            Say::LimitMovetime { ms: 500 },
            Say::TbVerdict {
                side: south,
                worst: Value::Draw,
                best: Value::Win,
                seeds: 12,
                lo: 2,
                hi: 2,
                share: false,
            },
            Say::TbGameOver,
            Say::TbNoTables {
                variant: s("songo40"),
            },
            Say::TbTooManySeeds {
                seeds: 40,
                variant: s("songo40"),
                max: 20,
            },
            Say::TbPitSevenUnplayed,
            Say::TbRepetition,
            Say::TbUnreadable {
                seeds: 12,
                variant: s("songo40"),
            },
        ]
    }
}
