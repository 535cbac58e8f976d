//! Game records in and out of the page: the rules core's PGN-style format
//! (protocol.md, "Game records"). A saved game is written by
//! [`GameRecord`]'s `Display`; an uploaded file is bytes read in memory by
//! the core's reader, which checks every move, so a bad file is refused
//! with the line at fault and nothing in the room is touched.

use songo_core::record::{read_records, Adjudication, GameRecord, GameResult, ReadOptions};
use songo_core::{Game, Side, Variant};

use crate::clock::TimeControl;
use crate::say::Say;
// The room's clock type: web-time's, which is std's on native and the
// browser's on wasm32-unknown-unknown (where std's has no clock).
use web_time::{SystemTime, UNIX_EPOCH};

/// The largest record file the page may upload (a long match's file).
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;

/// The `Event` of the games played in the GUI.
pub const EVENT: &str = "songo gui";

/// The person's name in a record.
pub const PERSON: &str = "Human";

/// A record's player as a person reads the name: the person who plays
/// here, an engine at a level (as [`of_play`] writes them), or a name.
pub fn player(name: &str) -> Say {
    if name == PERSON {
        return Say::PlayerYou;
    }
    let engine = name
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once(" (level "))
        .and_then(|(engine, level)| Some((engine, level.parse::<u8>().ok()?)));
    match engine {
        Some((engine, level)) => Say::PlayerEngine {
            engine: engine.to_string(),
            level,
        },
        None => Say::PlayerNamed {
            name: name.to_string(),
        },
    }
}

/// How a game in the room was played: who against whom, on which clock,
/// and who lost on time.
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    /// The side the person played (ignored when `names` is given).
    pub human: Side,
    /// The engine's name, written with its level as the other player.
    pub engine: &'a str,
    /// The engine's `Skill Level`, 1–10.
    pub level: u8,
    /// Two people at one board, by name (South first): no engine played.
    pub names: Option<&'a [String; 2]>,
    /// The time control (none: untimed, `TimeControl "-"`).
    pub tc: Option<TimeControl>,
    /// The side that ran out of time: the record ends `time forfeit`.
    pub forfeit: Option<Side>,
    /// The side that resigned: the record ends `resignation`.
    pub resigned: Option<Side>,
    /// The plies at which a hint was shown: the next move is marked.
    pub hinted: &'a [usize],
}

/// The comment on a move played after a hint.
pub const HINT_COMMENT: &str = "hint";

/// The record of a game played in the room, dated `now`.
pub fn of_play(game: &Game, played: &Played, now: SystemTime) -> GameRecord {
    let opponent = format!("{} (level {})", played.engine, played.level);
    let (south, north) = match (played.names, played.human) {
        (Some([south, north]), _) => (south.clone(), north.clone()),
        (None, Side::South) => (PERSON.to_string(), opponent),
        (None, Side::North) => (opponent, PERSON.to_string()),
    };
    let tc = played.tc.map_or_else(|| "-".to_string(), |tc| tc.pgn());
    // A game the rules ended was not lost on time (the room stops the
    // clocks at the end), so the adjudication never contradicts the board.
    let forfeit = played
        .forfeit
        .map(|loser| (Adjudication::TimeForfeit, loser))
        .or(played
            .resigned
            .map(|loser| (Adjudication::Resignation, loser)))
        .filter(|_| !game.is_over())
        .map(|(how, loser)| (how, GameResult::win(loser.opponent())));
    let mut record = GameRecord::from_game(game, &south, &north, &tc, forfeit)
        .expect("an adjudication only of a game the rules did not end");
    for &ply in played.hinted {
        if ply < game.moves().len() {
            record.add_comment(ply + 1, HINT_COMMENT);
        }
    }
    finish(record, EVENT, now)
}

/// The record of any game, finished by the rules or unterminated (`*`).
pub fn of_game(game: &Game, south: &str, north: &str, event: &str, now: SystemTime) -> GameRecord {
    let record = GameRecord::from_game(game, south, north, "-", None)
        .expect("a game without adjudication always has a record");
    finish(record, event, now)
}

fn finish(mut record: GameRecord, event: &str, now: SystemTime) -> GameRecord {
    record.event = event.to_string();
    record
        .set_tag("Date", date(now))
        .expect("Date is a free tag");
    record
}

/// The file name a saved record is offered under: `songo40-20250115-1423.pgn`.
pub fn file_name(v: Variant, now: SystemTime) -> String {
    format!("{v}-{}", file_stamp(now))
}

/// The end of a saved record's file name: `20250115-1423.pgn` (UTC).
pub fn file_stamp(now: SystemTime) -> String {
    let (y, m, d, hh, mm) = civil(now);
    format!("{y:04}{m:02}{d:02}-{hh:02}{mm:02}.pgn")
}

/// A record file's games, every move checked; the error names the line
/// (and the game) at fault. `variant` is for records of other tools that
/// have no `Variant` tag.
pub fn read(bytes: &[u8], variant: Option<Variant>) -> Result<Vec<GameRecord>, Say> {
    let games = read_records(bytes, &ReadOptions { variant }).map_err(|e| Say::from(&e))?;
    if games.is_empty() {
        return Err(Say::RecordEmpty);
    }
    Ok(games.into_iter().map(|g| g.record).collect())
}

/// `YYYY.MM.DD`, PGN's date form, in UTC.
pub fn date(now: SystemTime) -> String {
    let (y, m, d, _, _) = civil(now);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month, day, hour and minute of `now` in UTC.
pub(crate) fn civil(now: SystemTime) -> (i64, u32, u32, u32, u32) {
    let secs = now
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let minutes = (secs % 86_400) / 60;
    let (y, m, d) = date_of_day(days);
    (y, m, d, (minutes / 60) as u32, (minutes % 60) as u32)
}

/// The Gregorian date `days` after 1970-01-01. Counted in 400-year eras
/// (146097 days each) from 0000-03-01, so that the leap day ends a year:
/// the month of a day of the year then follows one linear formula.
fn date_of_day(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days from 0000-03-01
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of the era, 0..146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // year of the era
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the year from March 1
    let mp = (5 * doy + 2) / 153; // month from March, 0..11
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::{Move, Position};
    use std::time::Duration;

    #[test]
    fn dates() {
        assert_eq!(date_of_day(0), (1970, 1, 1));
        assert_eq!(date_of_day(59), (1970, 3, 1));
        assert_eq!(date_of_day(10_957), (2000, 1, 1));
        assert_eq!(date_of_day(11_016), (2000, 2, 29));
        assert_eq!(date_of_day(20_103), (2025, 1, 15));
        let t = UNIX_EPOCH + Duration::from_secs(20_103 * 86_400 + 14 * 3600 + 23 * 60 + 7);
        assert_eq!(date(t), "2025.01.15");
        assert_eq!(file_name(Variant::Songo40, t), "songo40-20250115-1423.pgn");
    }

    #[test]
    fn a_played_game_is_written_and_read_back() {
        let v = Variant::Songo36Amateur;
        let moves: Vec<Move> = ["C", "d", "E"].iter().map(|m| m.parse().unwrap()).collect();
        let game = Game::with_moves(v, Position::startpos(), moves.clone()).unwrap();
        let played = Played {
            human: Side::North,
            engine: "songo",
            level: 3,
            names: None,
            tc: None,
            forfeit: None,
            resigned: None,
            hinted: &[],
        };
        let record = of_play(&game, &played, UNIX_EPOCH);
        let text = record.to_string();
        assert!(text.contains("[South \"songo (level 3)\"]"), "{text}");
        assert!(text.contains("[North \"Human\"]"), "{text}");
        assert!(text.contains("[Date \"1970.01.01\"]"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        let back = read(text.as_bytes(), None).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!((back[0].variant, &back[0].moves), (v, &moves));
    }

    #[test]
    fn a_game_lost_on_time_says_so() {
        let v = Variant::Songo40;
        let game = Game::with_moves(v, Position::startpos(), [Move::from_pit(2)]).unwrap();
        let played = Played {
            human: Side::South,
            engine: "songo",
            level: 1,
            names: None,
            tc: Some(TimeControl::new(180_000, 2000).unwrap()),
            forfeit: Some(Side::North),
            resigned: None,
            hinted: &[],
        };
        let text = of_play(&game, &played, UNIX_EPOCH).to_string();
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.contains("[TimeControl \"180+2\"]"), "{text}");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        // And it reads back as written, the adjudication checked.
        let back = read(text.as_bytes(), None).unwrap();
        assert_eq!(back[0].result, GameResult::SouthWins);
    }

    #[test]
    fn a_game_between_two_people_names_them_marks_hints_and_resigns() {
        let v = Variant::Songo40;
        let moves: Vec<Move> = ["C", "d", "E"].iter().map(|m| m.parse().unwrap()).collect();
        let game = Game::with_moves(v, Position::startpos(), moves).unwrap();
        let names = ["Ada".to_string(), "Béa".to_string()];
        let played = Played {
            human: Side::South,
            engine: "songo",
            level: 3,
            names: Some(&names),
            tc: None,
            forfeit: None,
            resigned: Some(Side::South),
            hinted: &[1],
        };
        let text = of_play(&game, &played, UNIX_EPOCH).to_string();
        // Nothing says an engine played: the two names, no level.
        assert!(text.contains("[South \"Ada\"]"), "{text}");
        assert!(text.contains("[North \"Béa\"]"), "{text}");
        assert!(!text.contains("songo (level"), "{text}");
        assert!(text.contains("[Result \"0-1\"]"), "{text}");
        assert!(text.contains("[Termination \"resignation\"]"), "{text}");
        // The hint shown before North's d: d is marked.
        assert!(text.contains("1. C d {hint} 2. E"), "{text}");
        let back = read(text.as_bytes(), None).unwrap();
        assert_eq!(back[0].result, GameResult::NorthWins);
        assert_eq!(player("Ada"), Say::PlayerNamed { name: "Ada".into() });
        assert_eq!(player(PERSON), Say::PlayerYou);
        assert_eq!(
            player("songo (level 3)"),
            Say::PlayerEngine {
                engine: "songo".into(),
                level: 3
            }
        );
    }

    #[test]
    fn bad_files_name_their_line() {
        assert_eq!(read(b"", None).unwrap_err(), Say::RecordEmpty);
        let text = "[Variant \"songo40\"]\n\n1. C c 2. Q *\n";
        let e = read(text.as_bytes(), None).unwrap_err();
        assert!(
            matches!(&e, Say::RecordUnreadable { line: 3, problem, .. }
                if **problem == Say::RecordToken { text: "Q".into() }),
            "{e:?}"
        );
        // Bytes that are not text are refused, with their line.
        let e = read(b"[Variant \"songo40\"]\n\n1. C \xff *\n", None).unwrap_err();
        assert!(
            matches!(&e, Say::RecordUnreadable { line: 3, problem, .. }
                if **problem == Say::RecordNotText),
            "{e:?}"
        );
        // A record without a Variant tag needs the variant given.
        let bare = "[Result \"*\"]\n\n1. C *\n";
        assert!(read(bare.as_bytes(), None).is_err());
        assert_eq!(
            read(bare.as_bytes(), Some(Variant::Songo40)).unwrap().len(),
            1
        );
    }
}
