//! Game records: writing, reading, round trips and errors. Records that
//! are not clean text, and other tools' records, are in record_input.rs;
//! `songo replay` is tested in the root package (tests/replay.rs).

mod record_support;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use record_support::*;
use songo_core::record::{
    parse_records, Adjudication, EndMismatch, GameRecord, GameResult, RecordError, TagSyntaxError,
    Termination,
};
use songo_core::{EndReason, Game, Move, Position, Side, Variant};

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
        // Comments anywhere in the movetext, some long enough to wrap.
        if i % 3 == 0 {
            let after = (i * 7) % (r.moves.len() + 1);
            let words = "-3.10 blunder, lost 5.20; better C ".repeat(1 + i % 5);
            r.add_comment(after, &format!("note {i}: {words}"));
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
    assert!(records.iter().any(|r| r.comments.contains_key(&0)));
    assert!(
        file.contains("... "),
        "a North move after a comment is numbered"
    );
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
    // `{…}` comments are kept where they stand, one line each; `;` ones
    // are not.
    assert_eq!(
        g.comments.iter().collect::<Vec<_>>(),
        [
            (
                &0,
                &"North to move, so the first move is numbered 1...".to_string()
            ),
            (&2, &"a comment over two lines".to_string())
        ]
    );
    assert_eq!(
        g.movetext(1000),
        "{North to move, so the first move is numbered 1...} 1... d 2. A \
         {a comment over two lines} 2... f 3. G b 0-1"
    );
    let written = g.to_string();
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
    // protocol.md is the workspace's, at the top of the repository.
    let doc = include_str!("../../../protocol.md");
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
