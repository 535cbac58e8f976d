//! Game records from outside: files that are not clean text (read as
//! bytes), and other tools' records (cutegames' PGN, in tests/data/records).
//! `songo replay` on such files is tested in the root package
//! (tests/replay.rs).

mod record_support;

use record_support::*;
use songo_core::record::{
    parse_records, read_records, Adjudication, EndMismatch, GameRecord, GameResult,
    ParseRecordError, ReadGame, ReadOptions, RecordError, Termination,
};
use songo_core::{EndReason, Position, Side, Variant};

// ---------------------------------------------------------------------------
// Bytes: a record file that is not clean text
// ---------------------------------------------------------------------------

fn read(bytes: &[u8]) -> Result<Vec<ReadGame>, ParseRecordError> {
    read_records(bytes, &ReadOptions::default())
}

#[test]
fn invalid_utf8_in_a_tag_is_an_error_naming_the_line() {
    let bytes = golden_with_line(3, b"[South \"al\xFFpha\"]");
    let e = read(&bytes).unwrap_err();
    assert_eq!(
        (e.line, e.game, &e.kind),
        (3, 1, &RecordError::InvalidUtf8 { column: 11 })
    );
    assert_eq!(
        e.to_string(),
        "line 3 (game 1): invalid UTF-8 at column 11: a record is UTF-8 text"
    );
    // Latin-1 text (é as one byte) is not read as something else.
    let bytes = golden_with_line(1, b"[Event \"caf\xE9\"]");
    assert_eq!(
        read(&bytes).unwrap_err().kind,
        RecordError::InvalidUtf8 { column: 12 }
    );
    // Before the first tag, the game number is 0.
    let e = read(b"; \xC3\x28 comment\n").unwrap_err();
    assert_eq!((e.line, e.game), (1, 0));
}

#[test]
fn invalid_utf8_in_the_movetext_is_an_error_naming_the_line() {
    let bytes = golden_with_line(MOVES_LINE, b"1. E c 2. F \xC0\x80 0-1");
    let e = read(&bytes).unwrap_err();
    assert_eq!(
        (e.line, e.game, e.kind),
        (MOVES_LINE, 1, RecordError::InvalidUtf8 { column: 13 })
    );
    // Even inside a comment: nothing is dropped silently.
    let bytes = golden_with_line(MOVES_LINE, b"1. E c { \xFE } 2. F c 0-1");
    assert_eq!(read(&bytes).unwrap_err().line, MOVES_LINE);
}

#[test]
fn nul_and_control_bytes_are_errors_naming_the_line() {
    let bytes = golden_with_line(4, b"[North \"beta\0\"]");
    let e = read(&bytes).unwrap_err();
    assert!(e.to_string().contains("U+0000"), "{e}");
    assert_eq!(
        (e.line, e.kind),
        (
            4,
            RecordError::ControlCharacter {
                character: '\0',
                column: 13
            }
        )
    );
    let bytes = golden_with_line(MOVES_LINE, b"1. E c\x1B[0m 2. F c 0-1");
    let e = read(&bytes).unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (
            MOVES_LINE,
            RecordError::ControlCharacter {
                character: '\u{1b}',
                column: 7
            }
        )
    );
    // A tab is whitespace, not an error.
    let tabbed = GOLDEN.replace("1. E c 2. F c", "1.\tE c\t2. F c");
    assert_eq!(read(tabbed.as_bytes()).unwrap().len(), 1);
}

#[test]
fn crlf_and_lone_cr_line_endings_read_as_lf() {
    let lf = parse_records(GOLDEN).unwrap();
    for end in ["\r\n", "\r"] {
        let text = GOLDEN.replace('\n', end);
        let games: Vec<GameRecord> = read(text.as_bytes())
            .unwrap()
            .into_iter()
            .map(|g| g.record)
            .collect();
        assert_eq!(games, lf, "{end:?}");
        // Lines are counted the same way: an error names the same line.
        let bad = GOLDEN.replace("3. C e", "3. C C").replace('\n', end);
        let e = read(bad.as_bytes()).unwrap_err();
        assert_eq!(e.line, MOVES_LINE, "{end:?}");
        // Two games, the second after a blank line.
        let two = format!("{GOLDEN}\n{GOLDEN}").replace('\n', end);
        let games = read(two.as_bytes()).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].line, 13, "{end:?}");
    }
    // A file mixing them.
    let mixed = GOLDEN.replacen('\n', "\r\n", 3).replacen('\n', "\r", 2);
    assert_eq!(read(mixed.as_bytes()).unwrap()[0].record, lf[0]);
}

#[test]
fn a_utf8_bom_at_the_start_is_accepted() {
    let with_bom = format!("\u{feff}{GOLDEN}");
    let games = read(with_bom.as_bytes()).unwrap();
    assert_eq!(games[0].record, parse_records(GOLDEN).unwrap()[0]);
    assert_eq!(games[0].line, 1);
    assert_eq!(parse_records(&with_bom).unwrap().len(), 1);
    // With CRLF too, as Windows editors save it.
    let windows = with_bom.replace('\n', "\r\n");
    assert_eq!(read(windows.as_bytes()).unwrap().len(), 1);
    // A BOM alone is an empty file; elsewhere it is text, not skipped.
    assert!(read(b"\xEF\xBB\xBF").unwrap().is_empty());
    let late = format!("{GOLDEN}\n\u{feff}[Event \"x\"]\n");
    assert!(read(late.as_bytes()).is_err());
}

#[test]
fn an_empty_file_has_no_games() {
    for empty in [
        &b""[..],
        b"\n",
        b"\r\n\r\n",
        b"  \t\n",
        b"\r",
        b"; nothing\n",
    ] {
        assert!(read(empty).unwrap().is_empty(), "{empty:?}");
    }
}

#[test]
fn huge_lines_are_read_or_refused_without_harm() {
    const HUGE: usize = 4 << 20;
    // A 4 MB comment and a 4 MB tag value are read (and the value kept).
    let comment = format!("{{ {} }}", "x".repeat(HUGE));
    let text = GOLDEN.replace("1. E c", &format!("1. E {comment} c"));
    assert_eq!(read(text.as_bytes()).unwrap().len(), 1);
    let value = "v".repeat(HUGE);
    let text = GOLDEN.replace("[Round \"1\"]", &format!("[Opening \"{value}\"]"));
    let games = read(text.as_bytes()).unwrap();
    assert_eq!(games[0].record.tag("Opening").map(str::len), Some(HUGE));
    // A glued run of two million right move numbers is read (a loop, not
    // a recursion per number, so no stack overflow).
    let text = GOLDEN.replace("2. F c", &format!("2. F c {}", "3.".repeat(HUGE / 2)));
    assert_eq!(read(text.as_bytes()).unwrap().len(), 1);
    // Huge bad tokens are refused with a short message.
    for token in [
        format!("{}x", "3.".repeat(HUGE / 2)),
        format!("{}.", "9".repeat(HUGE)),
        "9".repeat(HUGE),
        "x".repeat(HUGE),
    ] {
        let text = GOLDEN.replace("2. F c", &format!("2. F c {token}"));
        let e = read(text.as_bytes()).unwrap_err();
        assert_eq!(e.line, MOVES_LINE);
        assert!(e.to_string().len() < 200, "{}", &e.to_string()[..200]);
    }
    // One huge line of movetext: the moves run past the end of the game.
    let text = GOLDEN.replace(" 0-1", &" A".repeat(HUGE / 2));
    let e = read(text.as_bytes()).unwrap_err();
    assert!(
        matches!(e.kind, RecordError::MoveAfterEnd { ply: 15, .. }),
        "{e}"
    );
}

// ---------------------------------------------------------------------------
// Records of other tools: cutegames' PGN
// ---------------------------------------------------------------------------

fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records")
        .join(name)
}

const SONGO40: ReadOptions = ReadOptions {
    variant: Some(Variant::Songo40),
};

fn read_data(name: &str, options: &ReadOptions) -> Result<Vec<ReadGame>, ParseRecordError> {
    read_records(&std::fs::read(data(name)).unwrap(), options)
}

fn extra(record: &GameRecord) -> Vec<&str> {
    record.extra_tags.iter().map(|(n, _)| n.as_str()).collect()
}

#[test]
fn cutegames_records_read_with_a_variant() {
    let games = read_data("cutegames-white-black.pgn", &SONGO40).unwrap();
    assert_eq!(games.len(), 3);
    for g in &games {
        assert_eq!(g.missing_tags, ["Variant", "TimeControl", "Termination"]);
        assert!(g.lacks("Variant") && !g.lacks("South"));
        assert_eq!(g.record.variant, Variant::Songo40);
        assert_eq!(g.record.time_control, "?");
        assert_eq!(g.record.event, "?");
        assert_eq!(g.record.result, GameResult::NorthWins);
    }
    assert_eq!(
        games.iter().map(|g| g.line).collect::<Vec<_>>(),
        [1, 16, 31]
    );

    let g = &games[0].record;
    assert_eq!(g.start, Position::startpos(), "FEN \"startpos\"");
    // White is player 1, who is South; the tag becomes South.
    assert_eq!(
        (g.south.as_str(), g.north.as_str()),
        ("songo-dev", "songo-base")
    );
    assert_eq!(g.moves.len(), 38);
    assert_eq!(g.termination, Termination::Rules(EndReason::Threshold));
    assert_eq!(extra(g), ["Site", "Date", "Round", "Winner", "Loser"]);
    assert_eq!(g.tag("Date"), Some("??"));

    let g = &games[1].record;
    assert_eq!(g.start.to_string(), "5,5,5,0,6,6,6/6,6,5,5,5,5,5 n 0 0 Gg");
    assert_eq!(g.ply_label(0).unwrap(), "1... e");
    assert_eq!(g.moves.len(), 202);
    assert_eq!(g.termination, Termination::Rules(EndReason::FewSeeds));

    let g = &games[2].record;
    assert_eq!(g.moves.len(), 40);
    assert_eq!(
        g.termination,
        Termination::Adjudicated(Adjudication::TimeForfeit)
    );
    assert_eq!(g.tag("Adjudicated"), Some("Out of time"));
}

#[test]
fn cutegames_records_rewritten_are_our_own_format() {
    let games = read_data("cutegames-white-black.pgn", &SONGO40).unwrap();
    let mut file = String::new();
    for g in &games {
        file.push_str(&format!("{}\n", g.record));
    }
    // Our writer writes every tag, so the default reader needs nothing.
    let back = read(file.as_bytes()).unwrap();
    for (g, b) in games.iter().zip(&back) {
        assert_eq!(b.record, g.record);
        assert!(b.missing_tags.is_empty());
    }
    assert!(file.starts_with(
        "[Event \"?\"]\n[Variant \"songo40\"]\n[South \"songo-dev\"]\n[North \"songo-base\"]\n\
         [Result \"0-1\"]\n[TimeControl \"?\"]\n[Termination \"capture threshold\"]\n\
         [PlyCount \"38\"]\n[Site \"CuteGames\"]\n"
    ));
    assert!(file.contains("[Termination \"time forfeit\"]"));
    assert!(!file.contains("startpos"));
    // And our own records read exactly as before, with nothing missing.
    let ours = read(GOLDEN.as_bytes()).unwrap();
    assert!(ours[0].missing_tags.is_empty());
    assert_eq!(ours[0].record.to_string(), GOLDEN);
}

#[test]
fn real_cutegames_records_read() {
    for (name, count, colours) in [
        ("cutegames-real-south-north.pgn", 4, "South"),
        ("cutegames-real-default-tags.pgn", 2, "white"),
        ("cutegames-real-out-of-time.pgn", 2, "white"),
    ] {
        let games = read_data(name, &SONGO40).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(games.len(), count, "{name}");
        let text = std::fs::read_to_string(data(name)).unwrap();
        assert!(text.contains(&format!("[{colours} \"songo-")), "{name}");
        for g in &games {
            assert!(g.lacks("Variant") && g.lacks("Termination"), "{name}");
            assert!(g.record.south.starts_with("songo-"), "{name}");
            assert!(g.record.north.starts_with("songo-"), "{name}");
            assert!(matches!(
                g.record.termination,
                Termination::Rules(_) | Termination::Adjudicated(Adjudication::TimeForfeit)
            ));
        }
    }
    // The match started from a position string with North to move.
    let games = read_data("cutegames-real-south-north.pgn", &SONGO40).unwrap();
    assert_eq!(games[2].record.start.side_to_move(), Side::North);
    assert_eq!(games[3].record.result, GameResult::Draw);
    let games = read_data("cutegames-real-out-of-time.pgn", &SONGO40).unwrap();
    assert_eq!(games[0].record.moves, []);
    assert_eq!(games[0].record.event, "*");
}

#[test]
fn cutegames_records_need_a_variant() {
    let e = read_data("cutegames-white-black.pgn", &ReadOptions::default()).unwrap_err();
    assert_eq!(
        (e.line, e.game, e.kind),
        (1, 1, RecordError::MissingTag("Variant"))
    );
    // A Variant tag wins over the option.
    let text = GOLDEN.replace("songo40", "songo36-beginner");
    let g = read_records(text.as_bytes(), &SONGO40).unwrap();
    assert_eq!(g[0].record.variant, Variant::Songo36Beginner);
    assert!(g[0].missing_tags.is_empty());
}

/// A cutegames-style game of the short game, its tags changed by `edit`.
fn cutegames_game(edit: impl Fn(String) -> String) -> Result<Vec<ReadGame>, ParseRecordError> {
    let text = String::from(
        "[Event \"?\"]\n[Site \"CuteGames\"]\n[Date \"??\"]\n[Round \"1\"]\n\
         [South \"a\"]\n[North \"b\"]\n[Result \"0-1\"]\n[FEN \"startpos\"]\n\
         [Winner \"b\"]\n[Loser \"a\"]\n[PlyCount \"14\"]\n\n\
         1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 0-1\n\n\n",
    );
    read_records(edit(text).as_bytes(), &SONGO40)
}

#[test]
fn other_tag_differences_are_accepted() {
    let base = cutegames_game(|t| t).unwrap();
    assert_eq!(
        base[0].record.termination,
        Termination::Rules(EndReason::EmptyRow)
    );
    // Dates, rounds, events, unknown tags: kept as written.
    let g = cutegames_game(|t| {
        t.replace("\"??\"", "\"????.??.??\"").replace(
            "[Round \"1\"]",
            "[Round \"-\"]\n[Annotator \"x\"]\n[Mode \"UGI\"]",
        )
    })
    .unwrap();
    assert_eq!(g[0].record.tag("Date"), Some("????.??.??"));
    assert_eq!(g[0].record.tag("Round"), Some("-"));
    assert_eq!(g[0].record.tag("Mode"), Some("UGI"));
    // SetUp with a FEN, as PGN writers of chess do; the FEN of the start
    // position as a position string.
    let g = cutegames_game(|t| {
        t.replace(
            "[FEN \"startpos\"]",
            "[SetUp \"1\"]\n[FEN \"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\"]",
        )
    })
    .unwrap();
    assert_eq!(g[0].record.start, Position::startpos());
    assert_eq!(extra(&g[0].record)[..2], ["Site", "Date"]);
    assert_eq!(g[0].record.tag("SetUp"), Some("1"));
    // No FEN, no PlyCount, no Result tag, no players: all fine.
    let g = cutegames_game(|t| {
        t.replace("[FEN \"startpos\"]\n", "")
            .replace("[PlyCount \"14\"]\n", "")
            .replace("[Result \"0-1\"]\n", "")
            .replace("[South \"a\"]\n[North \"b\"]\n", "")
    })
    .unwrap();
    assert_eq!(g[0].record.result, GameResult::NorthWins);
    assert_eq!(
        (g[0].record.south.as_str(), g[0].record.north.as_str()),
        ("?", "?")
    );
    assert_eq!(
        g[0].missing_tags,
        [
            "Variant",
            "South",
            "North",
            "Result",
            "TimeControl",
            "Termination",
            "PlyCount"
        ]
    );
    // But what is there is checked.
    let e = cutegames_game(|t| t.replace("[PlyCount \"14\"]", "[PlyCount \"15\"]")).unwrap_err();
    assert_eq!(e.kind, RecordError::PlyCountMismatch { tag: 15, moves: 14 });
    let e = cutegames_game(|t| t.replace("[FEN \"startpos\"]", "[FEN \"start\"]")).unwrap_err();
    assert!(
        matches!(e.kind, RecordError::BadTagValue { tag: "FEN", .. }),
        "{e}"
    );
    assert_eq!(e.line, 8);
}

#[test]
fn a_missing_termination_comes_from_the_board() {
    // The board says North won: a record claiming South's win is refused.
    let e = cutegames_game(|t| t.replace("0-1", "1-0")).unwrap_err();
    assert!(
        matches!(
            e.kind,
            RecordError::End(EndMismatch::WrongResult {
                result: GameResult::SouthWins,
                ..
            })
        ),
        "{e}"
    );
    assert_eq!(e.line, 13);
    // An unfinished game with *: unterminated.
    let part = |t: String, result: &str| {
        t.replace(
            "1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 0-1",
            &format!("1. E c 2. F {result}"),
        )
        .replace("[PlyCount \"14\"]", "[PlyCount \"3\"]")
        .replace("[Result \"0-1\"]", &format!("[Result \"{result}\"]"))
    };
    let g = cutegames_game(|t| part(t, "*")).unwrap();
    assert_eq!(g[0].record.termination, Termination::Unterminated);
    // A decided result with the game going on and nothing saying why.
    let e = cutegames_game(|t| part(t, "1-0")).unwrap_err();
    assert_eq!(
        e.kind,
        RecordError::End(EndMismatch::Unexplained(GameResult::SouthWins))
    );
    assert!(e.to_string().contains("no Termination"), "{e}");
    // cutegames' adjudications: ours when they are ours, else kept as text.
    let adjudicated = |text: &str, result: &str| {
        let text = text.to_string();
        cutegames_game(move |t| {
            part(t, result).replace("[FEN", &format!("[Adjudicated \"{text}\"]\n[FEN"))
        })
    };
    let g = adjudicated("Out of time", "1-0").unwrap();
    assert_eq!(
        g[0].record.termination,
        Termination::Adjudicated(Adjudication::TimeForfeit)
    );
    let g = adjudicated("Gameover mismatch", "*").unwrap();
    assert_eq!(
        g[0].record.termination,
        Termination::Other("Gameover mismatch".into())
    );
    let g = adjudicated("Resigned", "0-1").unwrap();
    assert_eq!(
        g[0].record.termination,
        Termination::Other("Resigned".into())
    );
    let e = adjudicated("Crashed", "*").unwrap_err();
    assert_eq!(
        e.kind,
        RecordError::End(EndMismatch::UndecidedAdjudication(Adjudication::Crash))
    );
    // A Termination tag wins over the Adjudicated one.
    let g = cutegames_game(|t| {
        part(t, "1-0").replace(
            "[FEN",
            "[Termination \"stall\"]\n[Adjudicated \"Out of time\"]\n[FEN",
        )
    })
    .unwrap();
    assert_eq!(
        g[0].record.termination,
        Termination::Adjudicated(Adjudication::Stall)
    );
}
