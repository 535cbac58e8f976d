//! Game records: writing, reading, round trips, errors, and `songo replay`.

use std::process::Command;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo_core::record::{
    parse_records, read_records, Adjudication, EndMismatch, GameRecord, GameResult,
    ParseRecordError, ReadGame, ReadOptions, RecordError, TagSyntaxError, Termination,
};
use songo_core::{EndReason, Game, Move, Position, Side, Variant};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

/// A songo40 game that ends after 14 plies: North wins, South's row empty.
const SHORT_GAME: &str = "E c F c C e D f B d A f G b";

fn short_game() -> Game {
    Game::with_moves(Variant::Songo40, Position::startpos(), moves(SHORT_GAME)).unwrap()
}

const GOLDEN: &str = r#"[Event "songo match"]
[Variant "songo40"]
[South "alpha"]
[North "beta \"b\""]
[Result "0-1"]
[TimeControl "10+0.1"]
[Termination "no seeds"]
[PlyCount "14"]
[Round "1"]

1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 0-1
"#;

#[test]
fn golden_text_of_a_short_game() {
    let mut r =
        GameRecord::from_game(&short_game(), "alpha", r#"beta "b""#, "10+0.1", None).unwrap();
    r.event = "songo match".into();
    r.set_tag("Round", "1").unwrap();
    assert_eq!(r.result, GameResult::NorthWins);
    assert_eq!(r.termination, Termination::Rules(EndReason::EmptyRow));
    assert_eq!(r.to_string(), GOLDEN);
    let back: GameRecord = GOLDEN.parse().unwrap();
    assert_eq!(back, r);
}

#[test]
fn from_game_covers_every_ending() {
    let over = short_game();
    let ongoing = Game::with_moves(Variant::Songo40, Position::startpos(), moves("E c F")).unwrap();
    let r = GameRecord::from_game(&ongoing, "a", "b", "-", None).unwrap();
    assert_eq!(
        (r.result, r.termination),
        (GameResult::Unfinished, Termination::Unterminated)
    );
    let r = GameRecord::from_game(
        &ongoing,
        "a",
        "b",
        "-",
        Some((Adjudication::TimeForfeit, GameResult::SouthWins)),
    )
    .unwrap();
    assert_eq!(
        r.termination,
        Termination::Adjudicated(Adjudication::TimeForfeit)
    );
    assert_eq!(r.result, GameResult::SouthWins);
    assert_eq!(r.moves, moves("E c F"));
    // An adjudication needs a result, and cannot follow the rules' end.
    assert_eq!(
        GameRecord::from_game(
            &ongoing,
            "a",
            "b",
            "-",
            Some((Adjudication::Crash, GameResult::Unfinished))
        ),
        Err(EndMismatch::UndecidedAdjudication(Adjudication::Crash))
    );
    assert!(matches!(
        GameRecord::from_game(
            &over,
            "a",
            "b",
            "-",
            Some((Adjudication::Stall, GameResult::Draw))
        ),
        Err(EndMismatch::AlreadyOver {
            actual: EndReason::EmptyRow,
            ..
        })
    ));
}

/// Random games of every variant and every kind of ending, some from a
/// position taken out of another game.
fn random_records(rng: &mut StdRng, count: usize) -> Vec<GameRecord> {
    const MAX_PLIES: usize = 160;
    let adjudications = [
        Adjudication::TimeForfeit,
        Adjudication::IllegalMove,
        Adjudication::Crash,
        Adjudication::Stall,
        Adjudication::MaxPlies,
    ];
    let results = [
        GameResult::SouthWins,
        GameResult::NorthWins,
        GameResult::Draw,
    ];
    let mut starts = vec![Position::startpos()];
    let mut out = Vec::new();
    for i in 0..count {
        let v = Variant::ALL[i % 3];
        let start = starts[rng.random_range(0..starts.len())];
        let mut g = Game::new(v, start);
        let limit = rng.random_range(0..MAX_PLIES);
        while !g.is_over() && g.moves().len() < limit {
            let legal: Vec<Move> = g.position().legal_moves(v).iter().collect();
            g.play(legal[rng.random_range(0..legal.len())]).unwrap();
            if rng.random_range(0..40) == 0 && !g.is_over() {
                starts.push(g.position());
            }
        }
        let adjudication = (!g.is_over() && rng.random_range(0..3) > 0).then(|| {
            (
                adjudications[rng.random_range(0..adjudications.len())],
                results[rng.random_range(0..results.len())],
            )
        });
        let mut r = GameRecord::from_game(
            &g,
            &format!("engine {i}"),
            "other \\ one",
            "40/60",
            adjudication,
        )
        .unwrap();
        r.event = format!("test \"{}\"", i / 10);
        r.set_tag("Round", (i + 1).to_string()).unwrap();
        if i % 4 == 0 {
            r.set_tag("Opening", format!("{}", g.start())).unwrap();
        }
        out.push(r);
    }
    out
}

#[test]
fn round_trip_of_many_games() {
    let mut rng = StdRng::seed_from_u64(20240601);
    let records = random_records(&mut rng, 300);
    let mut file = String::new();
    for r in &records {
        file.push_str(&format!("{r}\n"));
    }
    let back = parse_records(&file).unwrap();
    assert_eq!(back, records);
    // Writing what was read gives the same text.
    let again: String = back.iter().map(|r| format!("{r}\n")).collect();
    assert_eq!(again, file);
    // Every kind of ending, FEN starts with either side to move, were covered.
    let ends: std::collections::HashSet<String> = records
        .iter()
        .map(|r| r.termination.text().to_string())
        .collect();
    for t in [
        "few seeds",
        "no seeds",
        "unterminated",
        "time forfeit",
        "max plies",
    ] {
        assert!(ends.contains(t), "{t} not covered: {ends:?}");
    }
    assert!(records
        .iter()
        .any(|r| r.start.side_to_move() == Side::North));
    assert!(records
        .iter()
        .any(|r| r.start != Position::startpos() && r.start.side_to_move() == Side::South));
    assert!(file.contains("[FEN \""));
}

#[test]
fn comments_and_a_fen_start_with_north_to_move() {
    let text = r#"
; A match file may start with comments.
[Event "fen test"] ; a comment after a tag
[Variant "songo40"]
[South "s"]
[North "n"]
[Result "0-1"]
[TimeControl "-"]
[Termination "No Seeds"]
[PlyCount "5"]
[FEN "8,0,3,2,1,1,10/10,9,0,9,0,0,8 n 2 7 Gg"]
[Opening "late"]

{ North to move, so the first move is numbered 1... }
1... d 2. A { a comment
  over two lines } 2... f ; renumbered after a comment
3.G b
0-1

[Event "second"]
[Variant "songo36-beginner"]
[South "s"]
[North "n"]
[Result "*"]
[TimeControl "-"]
[Termination "unterminated"]
[PlyCount "0"]

*
"#;
    let games = parse_records(text).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(
        g.start.to_string(),
        "8,0,3,2,1,1,10/10,9,0,9,0,0,8 n 2 7 Gg"
    );
    assert_eq!(g.moves, moves("d A f G b"));
    assert_eq!(g.termination, Termination::Rules(EndReason::EmptyRow));
    assert_eq!(g.extra_tags, [("Opening".to_string(), "late".to_string())]);
    let written = g.to_string();
    assert!(
        written.contains("\n1... d 2. A f 3. G b 0-1\n"),
        "{written}"
    );
    assert_eq!(written.parse::<GameRecord>().unwrap(), *g);
    assert_eq!(games[1].moves, []);
    assert_eq!(games[1].result, GameResult::Unfinished);
    assert!(parse_records("").unwrap().is_empty());
    assert!(parse_records("; nothing\n\n{ at all }\n")
        .unwrap()
        .is_empty());
}

#[test]
fn the_protocol_example_is_a_valid_record() {
    let doc = include_str!("../protocol.md");
    let section = &doc[doc.find("## Game records").expect("the section exists")..];
    let start = section.find("```\n").unwrap() + 4;
    let example = &section[start..start + section[start..].find("```\n").unwrap()];
    let games = parse_records(example).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[1].termination,
        Termination::Adjudicated(Adjudication::TimeForfeit)
    );
    // The example is exactly what a writer produces.
    let written: Vec<String> = games.iter().map(|g| g.to_string()).collect();
    assert_eq!(written.join("\n"), example);
}

/// The golden game with one line replaced: (line number, error).
fn error_in(line: usize, replacement: &str) -> (usize, RecordError) {
    let text: Vec<&str> = GOLDEN.lines().collect();
    let mut text: Vec<String> = text.iter().map(|l| l.to_string()).collect();
    text[line - 1] = replacement.to_string();
    let e = parse_records(&text.join("\n")).unwrap_err();
    assert_eq!(e.game, 1);
    (e.line, e.kind)
}

const MOVES_LINE: usize = 11;

#[test]
fn errors_name_the_line_and_the_problem() {
    let (line, kind) = error_in(3, r#"[South "alpha]"#);
    assert_eq!(line, 3);
    assert_eq!(
        kind,
        RecordError::BadTag(TagSyntaxError::NoClosingQuote("South".into()))
    );
    assert_eq!(
        kind.to_string(),
        "bad tag: tag South: the value has no closing quote"
    );

    let (line, kind) = error_in(2, r#"[Variant "songo41"]"#);
    assert_eq!(line, 2);
    assert!(
        matches!(kind, RecordError::BadTagValue { tag: "Variant", .. }),
        "{kind}"
    );

    let (line, kind) = error_in(4, r#"[South "again"]"#);
    assert_eq!((line, kind), (4, RecordError::DuplicateTag("South".into())));

    // The Variant is the one tag a game cannot do without (unless the
    // reader is given one: see the cutegames tests).
    let (line, kind) = error_in(2, "; no variant");
    assert_eq!((line, kind), (1, RecordError::MissingTag("Variant")));

    let (line, kind) = error_in(8, r#"[PlyCount "fourteen"]"#);
    assert_eq!(line, 8);
    assert!(matches!(
        kind,
        RecordError::BadTagValue {
            tag: "PlyCount",
            ..
        }
    ));

    let (line, kind) = error_in(MOVES_LINE, "1. E c 2. F x 0-1");
    assert_eq!(
        (line, kind),
        (MOVES_LINE, RecordError::BadToken("x".into()))
    );

    let (line, kind) = error_in(MOVES_LINE, "1. E c 3. F c 0-1");
    assert_eq!(line, MOVES_LINE);
    assert_eq!(
        kind,
        RecordError::BadMoveNumber {
            found: "3.".into(),
            expected: "2.".into()
        }
    );
    let (_, kind) = error_in(MOVES_LINE, "1. E 1. c 0-1");
    assert!(matches!(kind, RecordError::BadMoveNumber { ref expected, .. } if expected == "1..."));

    // Illegal: South's pits E and F are empty after 1. E c 2. F c, and G
    // (7 seeds) is restricted in songo40; lower case letters are North's.
    let (line, kind) = error_in(MOVES_LINE, "1. E c 2. F c 3. F");
    assert_eq!(line, MOVES_LINE);
    match kind {
        RecordError::IllegalMove { ply, mv, legal } => {
            assert_eq!((ply, mv.to_string()), (5, "F".to_string()));
            assert_eq!(legal.to_string(), "A B C D");
            let text = RecordError::IllegalMove { ply, mv, legal }.to_string();
            assert_eq!(text, "ply 5: move F is illegal (legal: A B C D)");
        }
        other => panic!("{other}"),
    }
    let (_, kind) = error_in(MOVES_LINE, "1. c");
    assert!(
        matches!(kind, RecordError::IllegalMove { ply: 1, .. }),
        "{kind}"
    );

    let (_, kind) = error_in(
        MOVES_LINE,
        "1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 8. A 0-1",
    );
    assert!(
        matches!(
            kind,
            RecordError::MoveAfterEnd {
                ply: 15,
                reason: EndReason::EmptyRow,
                ..
            }
        ),
        "{kind}"
    );

    let (line, kind) = error_in(
        MOVES_LINE,
        "1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 1-0",
    );
    assert_eq!(line, MOVES_LINE);
    assert_eq!(
        kind,
        RecordError::ResultMismatch {
            tag: GameResult::NorthWins,
            token: GameResult::SouthWins
        }
    );

    let (_, kind) = error_in(5, r#"[Result "1/2-1/2"]"#);
    assert_eq!(
        kind,
        RecordError::ResultMismatch {
            tag: GameResult::Draw,
            token: GameResult::NorthWins
        }
    );

    let (_, kind) = error_in(8, r#"[PlyCount "13"]"#);
    assert_eq!(kind, RecordError::PlyCountMismatch { tag: 13, moves: 14 });

    let (_, kind) = error_in(
        MOVES_LINE,
        "1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b",
    );
    assert_eq!(kind, RecordError::MissingResult);

    let (line, kind) = error_in(MOVES_LINE, "1. E c { never closed");
    assert_eq!((line, kind), (MOVES_LINE, RecordError::UnterminatedComment));
}

#[test]
fn result_and_termination_must_agree_with_the_board() {
    let with = |result: &str, termination: &str, movetext: &str| {
        let plies = movetext
            .split_whitespace()
            .filter(|t| t.len() == 1 && t.chars().all(char::is_alphabetic))
            .count();
        let text = GOLDEN
            .replace(r#"[Result "0-1"]"#, &format!(r#"[Result "{result}"]"#))
            .replace(
                r#"[Termination "no seeds"]"#,
                &format!(r#"[Termination "{termination}"]"#),
            )
            .replace(r#"[PlyCount "14"]"#, &format!(r#"[PlyCount "{plies}"]"#))
            .replace(
                "1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 0-1",
                &format!("{movetext} {result}"),
            );
        parse_records(&text).map(|_| ()).map_err(|e| e.kind)
    };
    let full = "1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b";
    let part = "1. E c 2. F c";
    assert_eq!(with("0-1", "no seeds", full), Ok(()));
    // The rules' outcome is North's win: a South win is refused.
    assert!(matches!(
        with("1-0", "no seeds", full),
        Err(RecordError::End(EndMismatch::WrongResult {
            rules: songo_core::Outcome::Win(Side::North),
            ..
        }))
    ));
    assert!(matches!(
        with("0-1", "few seeds", full),
        Err(RecordError::End(EndMismatch::WrongReason {
            claimed: EndReason::FewSeeds,
            actual: EndReason::EmptyRow
        }))
    ));
    assert!(matches!(
        with("0-1", "no seeds", part),
        Err(RecordError::End(EndMismatch::NotOver {
            claimed: EndReason::EmptyRow
        }))
    ));
    // Adjudications stand whatever the board says, but only while it goes on.
    assert_eq!(with("1-0", "time forfeit", part), Ok(()));
    assert_eq!(with("1/2-1/2", "max plies", part), Ok(()));
    assert!(matches!(
        with("0-1", "crash", full),
        Err(RecordError::End(EndMismatch::AlreadyOver { .. }))
    ));
    assert!(matches!(
        with("*", "stall", part),
        Err(RecordError::End(EndMismatch::UndecidedAdjudication(
            Adjudication::Stall
        )))
    ));
    assert_eq!(with("*", "unterminated", part), Ok(()));
    assert!(matches!(
        with("1-0", "unterminated", part),
        Err(RecordError::End(EndMismatch::UnterminatedWithResult(
            GameResult::SouthWins
        )))
    ));
    // Unknown termination text is kept and not checked.
    assert_eq!(with("1-0", "arbiter decision", part), Ok(()));
    assert_eq!(with("1/2-1/2", "arbiter decision", full), Ok(()));
}

#[test]
fn text_outside_games_is_an_error() {
    let e = parse_records("1. C d *\n").unwrap_err();
    assert_eq!((e.line, e.game), (1, 0));
    assert!(matches!(e.kind, RecordError::TextOutsideGame(_)));
    let e = parse_records(&format!("{GOLDEN}stray\n")).unwrap_err();
    assert_eq!((e.line, e.game), (12, 1));
    assert_eq!(e.kind, RecordError::TextOutsideGame("stray".into()));
    let e = parse_records(&format!("{GOLDEN}\n{}", GOLDEN.replace("0-1\n", "\n"))).unwrap_err();
    assert_eq!((e.game, e.kind), (2, RecordError::MissingResult));
    // A tag line in the middle of the moves: the first game has no result.
    let cut = GOLDEN.replace(" 0-1\n", "\n");
    let e = parse_records(&format!("{cut}{GOLDEN}")).unwrap_err();
    assert_eq!(
        (e.line, e.game, &e.kind),
        (12, 1, &RecordError::MissingResult)
    );
    assert_eq!(
        e.to_string(),
        "line 12 (game 1): the moves end without a result token (1-0, 0-1, 1/2-1/2 or *)"
    );
    let e = format!("{GOLDEN}\n{GOLDEN}")
        .parse::<GameRecord>()
        .unwrap_err();
    assert_eq!(e.kind, RecordError::NotOneGame(2));
}

// ---------------------------------------------------------------------------
// songo replay
// ---------------------------------------------------------------------------

fn replay(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("replay")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-record-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn replay_prints_games_and_boards() {
    let second = GOLDEN.replace("[Round \"1\"]", "[Round \"2\"]");
    let path = temp_file("two.pgn", &format!("{GOLDEN}\n{second}"));
    let p = path.to_str().unwrap();
    let (ok, out, err) = replay(&[p]);
    assert!(ok, "{err}");
    assert!(out.contains("Game 1"), "{out}");
    assert!(out.contains("Game 2"), "{out}");
    assert!(out.contains("Round: 2"), "{out}");
    assert!(out.contains("Result: 0-1 (no seeds)"), "{out}");
    assert!(!out.contains("+----+"), "no boards without --boards");

    let (ok, out, _) = replay(&[p, "--game", "2", "--boards"]);
    assert!(ok);
    assert!(!out.contains("Game 1"), "{out}");
    // The start board and one board after each of the 14 moves.
    assert_eq!(out.matches("Position: ").count(), 15, "{out}");
    assert!(
        out.contains("State: over (player to move has no seeds), result 0-1"),
        "{out}"
    );

    let (ok, _, err) = replay(&[p, "--game", "3"]);
    assert!(!ok);
    assert!(err.contains("game 3") && err.contains("2 games"), "{err}");
}

#[test]
fn replay_reports_bad_files_without_panicking() {
    let (ok, _, err) = replay(&["/nonexistent/file.pgn"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/file.pgn"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let bad = GOLDEN.replace("3. C e", "3. C C");
    let path = temp_file("bad.pgn", &bad);
    let (ok, _, err) = replay(&[path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains(":11:") && err.contains("ply 6: move C is illegal"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");

    let path = temp_file("binary.pgn", "\u{0}\u{1}[[[");
    let (ok, _, err) = replay(&[path.to_str().unwrap()]);
    assert!(!ok && !err.contains("panicked"), "{err}");
}

#[test]
fn replay_help_documents_variant_and_what_is_accepted() {
    let (ok, out, err) = replay(&["--help"]);
    assert!(ok, "{err}");
    for text in [
        "--variant <VARIANT>",
        "cutegames",
        "no Variant tag",
        "no Termination tag",
        "startpos",
        "byte order mark",
        "songo replay --variant songo40",
    ] {
        assert!(out.contains(text), "{text:?} not in:\n{out}");
    }
}

// ---------------------------------------------------------------------------
// Bytes: a record file that is not clean text
// ---------------------------------------------------------------------------

fn read(bytes: &[u8]) -> Result<Vec<ReadGame>, ParseRecordError> {
    read_records(bytes, &ReadOptions::default())
}

/// The golden game's bytes with line `line` (from 1) replaced.
fn golden_with_line(line: usize, replacement: &[u8]) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = GOLDEN.lines().map(|l| l.as_bytes().to_vec()).collect();
    lines[line - 1] = replacement.to_vec();
    lines.join(&b'\n')
}

fn temp_bytes(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = temp_file(name, "");
    std::fs::write(&path, bytes).unwrap();
    path
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
    let path = temp_bytes("empty.pgn", b"");
    let (ok, out, err) = replay(&[path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "0 games: 0 South wins, 0 North wins, 0 draws, 0 unfinished\n"
    );
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
    // songo replay says the same, without panicking.
    let path = temp_bytes("huge.pgn", text.as_bytes());
    let (ok, _, err) = replay(&[path.to_str().unwrap()]);
    assert!(
        !ok && err.contains(":11:") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn replay_refuses_files_that_are_not_text() {
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "utf8-tag.pgn",
            golden_with_line(3, b"[South \"al\xFFpha\"]"),
            ":3: game 1: invalid UTF-8 at column 11",
        ),
        (
            "utf8-moves.pgn",
            golden_with_line(MOVES_LINE, b"1. E c \xFF"),
            ":11: game 1: invalid UTF-8 at column 8",
        ),
        (
            "nul.pgn",
            golden_with_line(5, b"[Result \"0-1\"]\0"),
            ":5: game 1: control character U+0000 at column 15",
        ),
        (
            "binary.pgn",
            vec![0x7F, b'E', b'L', b'F', 2, 1, 1, 0, 0xFF, 0xFE],
            ":1: control character U+007F at column 1",
        ),
    ];
    for (name, bytes, want) in cases {
        let path = temp_bytes(name, &bytes);
        let (ok, out, err) = replay(&[path.to_str().unwrap()]);
        assert!(!ok, "{name}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
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

#[test]
fn replay_plays_cutegames_records_as_the_given_variant() {
    for name in [
        "cutegames-white-black.pgn",
        "cutegames-real-south-north.pgn",
        "cutegames-real-default-tags.pgn",
        "cutegames-real-out-of-time.pgn",
    ] {
        let path = data(name);
        let p = path.to_str().unwrap();
        let (ok, out, err) = replay(&["--variant", "songo40", p]);
        assert!(ok, "{name}: {err}");
        assert!(
            err.contains("no Variant tag") && err.contains("playing them as songo40 (--variant)"),
            "{name}: {err}"
        );
        assert!(out.contains("Variant: songo40"), "{name}: {out}");
        assert!(out.contains("no Termination tag: derived"), "{name}: {out}");

        let (ok, out, err) = replay(&[p]);
        assert!(!ok && out.is_empty(), "{name}");
        assert!(
            err.contains(":1: game 1: the game has no Variant tag")
                && err.contains("--variant (songo36-beginner, songo36-amateur or songo40)"),
            "{name}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let path = data("cutegames-white-black.pgn");
    let (ok, out, err) = replay(&["-v", "songo40", "--game", "3", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "songo replay: {}: no Variant tag: playing it as songo40 (--variant)",
            path.display()
        )
    );
    assert!(
        out.contains("Result: 0-1 (time forfeit; no Termination tag: derived)"),
        "{out}"
    );
    // Our own records need no --variant and get no note.
    let own = temp_file("own.pgn", GOLDEN);
    let (ok, _, err) = replay(&["--variant", "songo40", own.to_str().unwrap()]);
    assert!(ok && err.is_empty(), "{err}");
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
