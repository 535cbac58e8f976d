//! The finished games' archive (issue 43): each finished game is written
//! once, when it ends, as its own entry under a stable id, apart from the
//! room's live state, so that no later write of that state (another tab,
//! another server, a restart) can remove or repeat it. The room gives
//! each game its id and hands the host what to write
//! ([`Room::take_unarchived`](crate::room::Room::take_unarchived)); the
//! host keeps the entries (`songo gui`: one file per game) and gives them
//! back when it starts ([`Room::add_archived`](crate::room::Room::add_archived)).
//!
//! An id is `YYYYMMDD-HHMMSS-mmm-hhhhhhhh`: when the game ended (UTC, to
//! the millisecond) and a hash of its record, so ids sort in the order
//! the games ended and two games never share one. The record carries it
//! in its `GameId` tag, so an exported file says which games it holds.

use songo_core::record::GameRecord;
use web_time::{SystemTime, UNIX_EPOCH};

use crate::records::civil;

/// The record's tag that holds its archive id.
pub const GAME_ID_TAG: &str = "GameId";

/// A finished game for the host to keep: its id and its record's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    /// The archive id (`YYYYMMDD-HHMMSS-mmm-hhhhhhhh`), also in the
    /// record's [`GAME_ID_TAG`] tag.
    pub id: String,
    /// The record as text, ready to write.
    pub text: String,
}

/// The id of a game that ended at `now`, with `record` (without its id);
/// `salt` makes another when that one is taken (the same game ended twice
/// in one millisecond).
pub fn new_id(record: &GameRecord, now: SystemTime, salt: u32) -> String {
    let (y, m, d, hh, mm) = civil(now);
    let since = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let (ss, ms) = (since.as_secs() % 60, since.subsec_millis());
    let hash = fnv(format!("{salt}\n{record}").as_bytes());
    format!("{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}-{ms:03}-{hash:08x}")
}

/// The id of game `index` (from 0) of a list saved before the archive:
/// only its date is known, so it sorts before that day's later games,
/// in the list's order; the same list always gets the same ids, so a
/// migration that is done again (after a crash) adds nothing twice.
pub fn legacy_id(record: &GameRecord, index: usize) -> String {
    let date: String = record
        .tag("Date")
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let date = if date.len() == 8 {
        date
    } else {
        "00000000".to_string()
    };
    let hash = fnv(format!("{index}\n{record}").as_bytes());
    format!("{date}-000000-{:03}-{hash:08x}", index % 1000)
}

/// The archive id a record carries, if it is a well-formed one.
pub fn id_of(record: &GameRecord) -> Option<&str> {
    record.tag(GAME_ID_TAG).filter(|id| is_id(id))
}

/// Whether `text` is an archive id (and so a safe file name).
pub fn is_id(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let hex = |s: &str| s.len() == 8 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    matches!(parts.as_slice(), [day, time, ms, hash]
        if digits(day, 8) && digits(time, 6) && digits(ms, 3) && hex(hash))
}

/// FNV-1a, 32 bits: enough to tell apart games that ended in the same
/// millisecond, and the same on every platform (std's hasher is not).
fn fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::{Position, Variant};
    use std::time::Duration;

    fn record(date: &str, south: &str) -> GameRecord {
        let mut r = GameRecord::new(Variant::Songo40, Position::startpos());
        r.set_tag("Date", date).unwrap();
        r.south = south.to_string();
        r
    }

    #[test]
    fn ids_say_when_a_game_ended_sort_by_it_and_differ_between_games() {
        // 2026-12-06 07:31:50.123 UTC.
        let at = UNIX_EPOCH + Duration::from_millis(1_796_542_310_123);
        let a = new_id(&record("2026.12.06", "Ada"), at, 0);
        assert!(a.starts_with("20261206-073150-123-"), "{a}");
        assert!(is_id(&a), "{a}");
        let b = new_id(&record("2026.12.06", "Béa"), at, 0);
        assert_ne!(a, b, "two games ending at the same moment");
        let later = new_id(
            &record("2026.12.06", "Ada"),
            at + Duration::from_millis(1),
            0,
        );
        assert!(a < later);
        assert_eq!(a, new_id(&record("2026.12.06", "Ada"), at, 0));
        assert_ne!(a, new_id(&record("2026.12.06", "Ada"), at, 1));
    }

    #[test]
    fn legacy_ids_keep_the_list_order_within_a_day_and_come_back_the_same() {
        let r = record("2026.12.05", "Ada");
        let first = legacy_id(&r, 0);
        let second = legacy_id(&r, 1);
        assert!(is_id(&first) && is_id(&second), "{first} {second}");
        assert!(first.starts_with("20261205-000000-000-"), "{first}");
        assert!(first < second);
        assert_ne!(first, second, "the same game twice in the list");
        assert_eq!(first, legacy_id(&r, 0));
        assert!(legacy_id(&record("?", "Ada"), 0).starts_with("00000000-"));
    }

    #[test]
    fn only_well_formed_ids_are_ids() {
        for bad in [
            "",
            "20261206-073150-123",
            "20261206-073150-123-ABCDEF12",
            "../../etc/passwd",
            "20261206-073150-123-abcdef12-x",
            "2026120x-073150-123-abcdef12",
        ] {
            assert!(!is_id(bad), "{bad}");
        }
        let mut r = record("2026.12.06", "Ada");
        assert_eq!(id_of(&r), None);
        r.set_tag(GAME_ID_TAG, "20261206-073150-123-abcdef12")
            .unwrap();
        assert_eq!(id_of(&r), Some("20261206-073150-123-abcdef12"));
        r.set_tag(GAME_ID_TAG, "../x").unwrap();
        assert_eq!(id_of(&r), None);
    }
}
