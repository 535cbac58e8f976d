//! Every `Say` once, with its id and its JSON form.
use super::*;

/// A number per variant: adding one fails to compile here until it is
/// counted, and the test below then wants it in [`Say::every`].
fn ordinal(s: &Say) -> usize {
    use Say::*;
    match s {
        GameOver => 0,
        NotYours { .. } => 1,
        EmptyPit => 2,
        MustFeed { .. } => 3,
        FeedMore { .. } => 4,
        InterditSolo => 5,
        InterditDuo => 6,
        LastPit => 7,
        OverOnTime { .. } => 8,
        YourTimeRanOut => 9,
        EnginesMove => 10,
        Stale => 11,
        NotAPit { .. } => 12,
        PitRefused { .. } => 13,
        EndThreshold => 14,
        EndFewSeeds => 15,
        EndEmptyRow => 16,
        EndCannotFeed => 17,
        EndRepetition => 18,
        EndTime { .. } => 19,
        EndTimeForfeit => 20,
        EndIllegalMove => 21,
        EndCrash => 22,
        EndStall => 23,
        EndMaxMoves => 24,
        EndOther { .. } => 25,
        EndUnfinished => 26,
        SownNoCapture { .. } => 27,
        SownToStore { .. } => 28,
        SownCaptured { .. } => 29,
        SownCapturedAndStore { .. } => 30,
        ScoreSeeds { .. } => 31,
        ScoreWinIn { .. } => 32,
        ScoreLossIn { .. } => 33,
        ScoreOver => 34,
        ScoreTbWin => 35,
        ScoreTbLoss => 36,
        EngineStartFailed { .. } => 37,
        EngineCrashed { .. } => 38,
        EngineStalled { .. } => 39,
        EngineSilent { .. } => 40,
        EngineNoMove { .. } => 41,
        EngineIllegalMove { .. } => 42,
        EngineNoScore { .. } => 43,
        UnknownVariant { .. } => 44,
        UnknownSide { .. } => 45,
        BadLevel { .. } => 46,
        NoEngine { .. } => 47,
        ThinkWithClock => 48,
        BadThinkTime { .. } => 49,
        BadClockBase { .. } => 50,
        BadClockIncrement { .. } => 51,
        NothingToTakeBack => 52,
        LostOnTime { .. } => 53,
        HintForYourMove => 54,
        HintEngineDown => 55,
        BadMessage { .. } => 56,
        BadPosition { .. } => 57,
        PositionFields { .. } => 58,
        PositionRows { .. } => 59,
        PositionCount { .. } => 60,
        PositionTotal { .. } => 61,
        PositionSide { .. } => 62,
        PositionFlags { .. } => 63,
        NoSuchPly { .. } => 64,
        OverHere => 65,
        RecordUnreadable { .. } => 66,
        RecordEmpty => 67,
        RecordNotText => 68,
        RecordBadTag => 69,
        RecordTagTwice { .. } => 70,
        RecordTagMissing { .. } => 71,
        RecordTagValue { .. } => 72,
        RecordToken { .. } => 73,
        RecordComment => 74,
        RecordNoResult => 75,
        RecordIllegal { .. } => 76,
        RecordAfterEnd { .. } => 77,
        RecordDisagrees => 78,
        RecordOther => 79,
        RecordMoveBad { .. } => 80,
        NoLoadedGame { .. } => 81,
        NoFinishedGame { .. } => 82,
        FinishedDoesNotReplay { .. } => 83,
        NothingToExport => 84,
        BadReviewLimit { .. } => 85,
        NothingToReview => 86,
        NoReviewRunning => 87,
        LimitDepth { .. } => 88,
        LimitMovetime { .. } => 89,
        TbVerdict { .. } => 90,
        TbGameOver => 91,
        TbNoTables { .. } => 92,
        TbTooManySeeds { .. } => 93,
        TbPitSevenUnplayed => 94,
        TbRepetition => 95,
        TbUnreadable { .. } => 96,
        FileRefused { .. } => 97,
        BadLines { .. } => 98,
        ScoreWin => 99,
        ScoreLoss => 100,
        FileTooLarge { .. } => 101,
        MessageTooLong { .. } => 102,
        PlayerYou => 103,
        PlayerEngine { .. } => 104,
        PlayerNamed { .. } => 105,
        TakeBackNotAgreed => 106,
        LostByResignation { .. } => 107,
        BadName { .. } => 108,
        EndResigned { .. } => 109,
        EndResignation => 110,
        ArchiveFailed { .. } => 111,
        StateNotKept { .. } => 112,
        NoFinishedGameId { .. } => 113,
        GamesImported { .. } => 114,
        NothingDeleted => 115,
        DeleteFailed { .. } => 116,
        NoSuchLesson { .. } => 117,
        NoSuchTheme { .. } => 118,
        BadDifficulty { .. } => 119,
        NoPuzzles { .. } => 120,
        NoReviewDone => 121,
        NoMistakes => 122,
        NoSuchExercise { .. } => 123,
        ReviewUnderWay => 124,
    }
}
const VARIANTS: usize = 125;

#[test]
fn every_lists_each_variant_once() {
    let mut seen = [false; VARIANTS];
    for s in Say::every() {
        let i = ordinal(&s);
        assert!(i < VARIANTS, "{s:?}: VARIANTS is too small");
        assert!(!seen[i], "{s:?} twice");
        seen[i] = true;
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "Say::every misses ordinals {missing:?}");
}

#[test]
fn ids_are_distinct_and_arguments_are_fields() {
    let all = Say::every();
    let mut ids: Vec<String> = all.iter().map(Say::id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all.len());
    let json = serde_json::to_value(Say::SownCaptured {
        pit: "E".into(),
        seeds: 4,
        pits: vec!["c".into(), "d".into()],
    })
    .unwrap();
    assert_eq!(
        json,
        serde_json::json!({"id": "sown-captured", "pit": "E", "seeds": 4, "pits": ["c", "d"]})
    );
    let seeds = serde_json::to_value(Say::ScoreSeeds { seeds: Seeds(-150) }).unwrap();
    assert_eq!(
        seeds,
        serde_json::json!({"id": "score-seeds", "seeds": -1.5})
    );
}

#[test]
fn every_illegal_reason_has_its_own_id() {
    use songo_core::{Move, Position, Variant};
    // An empty pit, and a pit of the other side, from the rules core.
    let p = Position::startpos();
    let empty = "0,5,5,5,5,5,10/5,5,5,5,5,5,5 s 0 0 Gg"
        .parse::<Position>()
        .unwrap();
    let m = |t: &str| Move::parse(t, songo_core::Side::South).unwrap();
    assert_eq!(
        empty.why_illegal(Variant::Songo40, m("A")).map(Say::from),
        Some(Say::EmptyPit)
    );
    assert_eq!(p.why_illegal(Variant::Songo40, m("A")), None);
}
