//! What the rules core's reasons and errors, and the records' endings,
//! say to a person: each turned into its catalogue message.

use songo_core::record::{Adjudication, ParseRecordError, RecordError, Termination};
use songo_core::{EndReason, IllegalReason, ParsePositionError, PlayError};

use super::Say;
use crate::clock::{TimeControl, TimeControlError};

impl From<IllegalReason> for Say {
    fn from(r: IllegalReason) -> Say {
        match r {
            IllegalReason::GameOver => Say::GameOver,
            IllegalReason::NotYours { owner } => Say::NotYours {
                owner: owner.into(),
            },
            IllegalReason::Empty => Say::EmptyPit,
            IllegalReason::MustFeed { opponent } => Say::MustFeed {
                opponent: opponent.into(),
            },
            IllegalReason::FeedMore { opponent } => Say::FeedMore {
                opponent: opponent.into(),
            },
            IllegalReason::InterditSolo => Say::InterditSolo,
            IllegalReason::InterditDuo => Say::InterditDuo,
            IllegalReason::LastPit => Say::LastPit,
        }
    }
}

impl From<EndReason> for Say {
    fn from(r: EndReason) -> Say {
        match r {
            EndReason::Threshold => Say::EndThreshold,
            EndReason::FewSeeds => Say::EndFewSeeds,
            EndReason::EmptyRow => Say::EndEmptyRow,
            EndReason::CannotFeed => Say::EndCannotFeed,
            EndReason::Repetition => Say::EndRepetition,
        }
    }
}

impl From<&Termination> for Say {
    fn from(t: &Termination) -> Say {
        match t {
            Termination::Rules(r) => (*r).into(),
            Termination::Adjudicated(a) => match a {
                Adjudication::TimeForfeit => Say::EndTimeForfeit,
                Adjudication::IllegalMove => Say::EndIllegalMove,
                Adjudication::Crash => Say::EndCrash,
                Adjudication::Stall => Say::EndStall,
                Adjudication::MaxPlies => Say::EndMaxMoves,
                Adjudication::Resignation => Say::EndResignation,
            },
            Termination::Unterminated => Say::EndUnfinished,
            Termination::Other(text) => Say::EndOther { text: text.clone() },
        }
    }
}

impl From<&ParsePositionError> for Say {
    fn from(e: &ParsePositionError) -> Say {
        match e {
            ParsePositionError::FieldCount { found } => Say::PositionFields { found: *found },
            ParsePositionError::RowShape { found } => Say::PositionRows {
                text: found.clone(),
            },
            ParsePositionError::BadCount { field, text } => Say::PositionCount {
                field: (*field).to_string(),
                text: text.clone(),
            },
            ParsePositionError::SeedTotal { total } => Say::PositionTotal { total: *total },
            ParsePositionError::BadSide { text } => Say::PositionSide { text: text.clone() },
            ParsePositionError::BadFlags { text } => Say::PositionFlags { text: text.clone() },
        }
    }
}

impl From<&ParseRecordError> for Say {
    fn from(e: &ParseRecordError) -> Say {
        Say::RecordUnreadable {
            line: e.line,
            game: e.game,
            problem: Box::new((&e.kind).into()),
        }
    }
}

impl From<&RecordError> for Say {
    fn from(e: &RecordError) -> Say {
        match e {
            RecordError::InvalidUtf8 { .. } | RecordError::ControlCharacter { .. } => {
                Say::RecordNotText
            }
            RecordError::BadTag(_) => Say::RecordBadTag,
            RecordError::DuplicateTag(tag) => Say::RecordTagTwice { tag: tag.clone() },
            RecordError::MissingTag(tag) => Say::RecordTagMissing {
                tag: (*tag).to_string(),
            },
            RecordError::BadTagValue { tag, value, .. } => Say::RecordTagValue {
                tag: (*tag).to_string(),
                value: value.clone(),
            },
            RecordError::BadToken(text) | RecordError::TextOutsideGame(text) => {
                Say::RecordToken { text: text.clone() }
            }
            RecordError::BadMoveNumber { found, .. } => Say::RecordToken {
                text: found.clone(),
            },
            RecordError::UnterminatedComment => Say::RecordComment,
            RecordError::MissingResult => Say::RecordNoResult,
            RecordError::IllegalMove { ply, mv, .. } => Say::RecordIllegal {
                ply: *ply,
                pit: mv.to_string(),
            },
            RecordError::MoveAfterEnd { ply, mv, .. } => Say::RecordAfterEnd {
                ply: *ply,
                pit: mv.to_string(),
            },
            RecordError::ResultMismatch { .. }
            | RecordError::PlyCountMismatch { .. }
            | RecordError::End(_) => Say::RecordDisagrees,
            RecordError::NotOneGame(_) => Say::RecordOther,
        }
    }
}

impl From<&PlayError> for Say {
    fn from(e: &PlayError) -> Say {
        match e {
            PlayError::GameOver { .. } => Say::GameOver,
            PlayError::Illegal(e) => Say::RecordIllegal {
                ply: 0,
                pit: e.mv.to_string(),
            },
        }
    }
}

impl From<&TimeControlError> for Say {
    fn from(e: &TimeControlError) -> Say {
        match *e {
            TimeControlError::Base(ms) => Say::BadClockBase {
                ms,
                min: TimeControl::MIN_BASE_MS,
                max: TimeControl::MAX_BASE_MS,
            },
            TimeControlError::Increment(ms) => Say::BadClockIncrement {
                ms,
                max: TimeControl::MAX_INC_MS,
            },
        }
    }
}
