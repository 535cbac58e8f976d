//! The UGI exchange of the cutegames tournament manager
//! (github.com/kz04px/cutegames, its `ugi.md`, `src/engine/engine_ugi.cpp`
//! and `src/match/play.cpp` at 409ac9f), replayed command for command
//! against the real binary, with every reply checked against the grammar
//! cutegames parses:
//!
//! - `ugi` is answered by `id …` and `option name … type …` lines, then
//!   `ugiok` (cutegames skips everything before `ugiok`);
//! - `isready` by `readyok`;
//! - `query p1turn|gameover` by `response true|false`, `query result` by
//!   `response p1win|p2win|draw|none`: cutegames takes the first line of
//!   exactly two words whose first is `response`;
//! - `go …` by `info …` lines, then `bestmove M`: cutegames takes the first
//!   line of exactly two words whose first is `bestmove`, so a
//!   `bestmove M ponder P` line is skipped and the manager waits forever.
//!
//! Between a command and its answer only `info` lines may come (cutegames
//! skips them); an `info string error: …` means the engine rejected a
//! command cutegames sent and fails the test.
//!
//! A game goes as `play_game` in cutegames' `play.cpp` does, with the
//! settings of its example `settings.json` (`"protocol": {"askturn": true}`,
//! gameover asked of the side to move, clock 1000 ms + 10 ms): both engines
//! `isready` and `uginewgame`; player 1's engine is asked whose turn it is;
//! then every ply: `position`/`query p1turn` twice to player 1's engine,
//! and to the engine to move `isready`, `position` twice, `query gameover`,
//! `go p1time … p2time … p1inc … p2inc …`, the clock being charged the time
//! from `go` to `bestmove`. At the end both engines get `isready`,
//! `position`, `position`/`query gameover` and `position`/`query result`,
//! and must agree.

mod book_support;
mod protocol_support;

use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);

/// A running engine, with the transcript of the exchange for messages.
struct Engine {
    name: &'static str,
    io: protocol_support::Engine,
    log: Vec<String>,
}

impl Engine {
    fn start(name: &'static str) -> Engine {
        Engine {
            name,
            io: protocol_support::Engine::start(),
            log: Vec::new(),
        }
    }

    /// The last lines of the exchange, for failure messages.
    fn tail(&self) -> String {
        let from = self.log.len().saturating_sub(30);
        self.log[from..].join("\n")
    }

    fn send(&mut self, line: &str) {
        self.log.push(format!("{} > {line}", self.name));
        self.io.send(line);
    }

    fn recv(&mut self, waiting_for: &str) -> String {
        match self.io.next_line(WAIT) {
            Some(l) => {
                self.log.push(format!("{} < {l}", self.name));
                l
            }
            None => panic!(
                "{}: no {waiting_for} within {WAIT:?} (cutegames has no timeout: it would hang)\n{}",
                self.name,
                self.tail()
            ),
        }
    }

    /// Reads up to the line `done` accepts, as cutegames' `wait_for` does,
    /// but fails on anything but `info` lines before it (and on
    /// `info string error`, a rejected command).
    fn answer(&mut self, waiting_for: &str, done: impl Fn(&[&str]) -> bool) -> String {
        loop {
            let l = self.recv(waiting_for);
            let words: Vec<&str> = l.split(' ').collect();
            if done(&words) {
                return l;
            }
            assert!(
                words[0] == "info" && words.len() > 1,
                "{}: while waiting for {waiting_for}, a line that is neither the answer nor `info`: {l:?}\n{}",
                self.name,
                self.tail()
            );
            assert!(
                !l.starts_with("info string error"),
                "{}: a command cutegames sent was rejected: {l:?}\n{}",
                self.name,
                self.tail()
            );
            check_info(&words, &l);
        }
    }

    /// `ugi`: `id` and `option` lines, then `ugiok`.
    fn ugi(&mut self) {
        self.send("ugi");
        let mut names = 0;
        loop {
            let l = self.recv("ugiok");
            if l == "ugiok" {
                break;
            }
            let words: Vec<&str> = l.split(' ').collect();
            match words[0] {
                "id" => {
                    assert!(
                        matches!(words.get(1), Some(&"name") | Some(&"author")) && words.len() > 2,
                        "bad id line {l:?}"
                    );
                    names += (words[1] == "name") as u32;
                }
                "option" => check_option(&l),
                _ => panic!("{}: unexpected line before ugiok: {l:?}", self.name),
            }
        }
        assert_eq!(names, 1, "one `id name` line");
    }

    fn isready(&mut self) {
        self.send("isready");
        self.answer("readyok", |w| w == ["readyok"]);
    }

    /// cutegames' `UGIEngine::position`: `startpos` or `fen …`, then the moves.
    fn position(&mut self, opening: &str, moves: &[String]) {
        let mut msg = if opening == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position fen {opening}")
        };
        if !moves.is_empty() {
            msg += " moves";
            for m in moves {
                msg += " ";
                msg += m;
            }
        }
        self.send(&msg);
    }

    /// `query Q`, answered by exactly `response A`, A one of `allowed`.
    fn query(&mut self, q: &str, allowed: &[&str]) -> String {
        self.send(&format!("query {q}"));
        let l = self.answer(&format!("the response to query {q}"), |w| {
            w.len() == 2 && w[0] == "response"
        });
        let a = l.split(' ').nth(1).unwrap().to_string();
        assert!(
            allowed.contains(&a.as_str()),
            "{}: query {q}: {l:?}, expected `response` {allowed:?}\n{}",
            self.name,
            self.tail()
        );
        a
    }

    fn p1turn(&mut self, opening: &str, moves: &[String]) -> bool {
        self.position(opening, moves);
        self.query("p1turn", &["true", "false"]) == "true"
    }

    fn gameover(&mut self, opening: &str, moves: &[String]) -> bool {
        self.position(opening, moves);
        self.query("gameover", &["true", "false"]) == "true"
    }

    fn result(&mut self, opening: &str, moves: &[String]) -> String {
        self.position(opening, moves);
        self.query("result", &["p1win", "p2win", "draw", "none"])
    }

    /// `go …`: `info` lines, then `bestmove` and exactly one move, a pit
    /// letter of the side to move (upper case for player 1).
    fn go(&mut self, go: &str, p1_to_move: bool) -> String {
        self.send(go);
        let l = self.answer("bestmove", |w| w[0] == "bestmove");
        let words: Vec<&str> = l.split(' ').collect();
        assert_eq!(
            words.len(),
            2,
            "{}: {l:?}: ugi.md's grammar is `bestmove [move string]` and cutegames \
             reads only a line of exactly two words, so it ignores this one and waits forever\n{}",
            self.name,
            self.tail()
        );
        let pits = if p1_to_move { "ABCDEFG" } else { "abcdefg" };
        assert!(
            words[1].len() == 1 && pits.contains(words[1]),
            "{}: {l:?} is not a move of {} (one of {pits})\n{}",
            self.name,
            if p1_to_move { "player 1" } else { "player 2" },
            self.tail()
        );
        words[1].to_string()
    }
}

/// `option name <name> type <check|spin|combo|button|string> …`.
fn check_option(l: &str) {
    let words: Vec<&str> = l.split(' ').collect();
    let ty = words.iter().position(|w| *w == "type");
    assert!(
        words.get(1) == Some(&"name") && ty.is_some_and(|t| t > 2),
        "bad option line {l:?}"
    );
    let ty = ty.unwrap();
    let kind = words.get(ty + 1).copied().unwrap_or("");
    assert!(
        ["check", "spin", "combo", "button", "string"].contains(&kind),
        "bad option type in {l:?}"
    );
    if kind != "button" {
        assert!(words[ty..].contains(&"default"), "no default in {l:?}");
    }
    if kind == "spin" {
        assert!(
            words[ty..].contains(&"min") && words[ty..].contains(&"max"),
            "{l:?}"
        );
    }
}

/// `info` lines as in ugi.md's example: `info string …`, or key-value pairs
/// (`depth`, `score cp|mate N`, `pv` and the moves to the end).
fn check_info(words: &[&str], l: &str) {
    if words[1] == "string" {
        return;
    }
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "time" | "hashfull" | "tbhits" => {
                let v = words.get(i + 1).unwrap_or(&"");
                assert!(v.parse::<u64>().is_ok(), "{l:?}: {} {v:?}", words[i]);
                i += 2;
            }
            "score" => {
                let kind = words.get(i + 1).unwrap_or(&"");
                let v = words.get(i + 2).unwrap_or(&"");
                assert!(
                    (*kind == "cp" || *kind == "mate") && v.parse::<i64>().is_ok(),
                    "{l:?}"
                );
                i += 3;
            }
            "lowerbound" | "upperbound" => i += 1,
            "wdl" => i += 4,
            "pv" => {
                assert!(
                    words[i + 1..]
                        .iter()
                        .all(|m| m.len() == 1 && "ABCDEFGabcdefg".contains(*m)),
                    "{l:?}: pv of pit letters"
                );
                return;
            }
            // Keys ugi.md does not name: cutegames skips the whole line anyway.
            _ => return,
        }
    }
}

/// The clock as cutegames keeps it ("timecontrol": {"type": "clock", …}).
#[derive(Clone, Copy)]
enum Tc {
    Clock { time: i64, inc: i64 },
    Movetime(i64),
    Depth(u32),
    Nodes(u64),
}

struct Game {
    moves: Vec<String>,
    first_mover_p1: bool,
    /// `None` if the ply limit came first.
    result: Option<String>,
}

/// cutegames' `play_game` for a generic (UGI) game, stopped after
/// `max_plies` moves if the engines have not ended it.
fn play_game(opening: &str, options: &[(&str, &str)], tc: Tc, max_plies: usize) -> Game {
    // make_engine: ugi, every option of the settings, isready.
    let mut e1 = Engine::start("player1");
    let mut e2 = Engine::start("player2");
    for e in [&mut e1, &mut e2] {
        e.ugi();
        for (name, value) in options {
            e.send(&format!("setoption name {name} value {value}"));
        }
        e.isready();
    }
    // play_game
    e1.isready();
    e2.isready();
    e1.send("uginewgame");
    e2.send("uginewgame");
    let mut moves: Vec<String> = Vec::new();
    let first_mover_p1 = e1.p1turn(opening, &moves);
    let (mut p1time, mut p2time) = match tc {
        Tc::Clock { time, .. } => (time, time),
        _ => (0, 0),
    };
    let mut claimed = false;
    while moves.len() < max_plies {
        // "askturn": true asks once more than the engine choice does.
        let _ = e1.p1turn(opening, &moves);
        let p1 = e1.p1turn(opening, &moves);
        let us = if p1 { &mut e1 } else { &mut e2 };
        us.isready();
        us.position(opening, &moves);
        if us.gameover(opening, &moves) {
            claimed = true;
            break;
        }
        let go = match tc {
            Tc::Clock { inc, .. } => {
                format!("go p1time {p1time} p2time {p2time} p1inc {inc} p2inc {inc}")
            }
            Tc::Movetime(ms) => format!("go movetime {ms}"),
            Tc::Depth(d) => format!("go depth {d}"),
            Tc::Nodes(n) => format!("go nodes {n}"),
        };
        let t0 = Instant::now();
        let mv = us.go(&go, p1);
        let dt = t0.elapsed().as_millis() as i64;
        if let Tc::Clock { inc, .. } = tc {
            let clock = if p1 { &mut p1time } else { &mut p2time };
            *clock -= dt;
            assert!(
                *clock > 0,
                "{go}: {dt} ms for the move, cutegames adjudicates a loss on time\n{}",
                us.tail()
            );
            *clock += inc;
        }
        moves.push(mv);
    }
    let result = if claimed {
        let mut answers = Vec::new();
        for e in [&mut e1, &mut e2] {
            e.isready();
            e.position(opening, &moves);
            let over = e.gameover(opening, &moves);
            let result = e.result(opening, &moves);
            answers.push((over, result));
        }
        assert_eq!(answers[0], answers[1], "gameover/result mismatch");
        assert!(answers[0].0, "the game is over for both");
        assert_ne!(answers[0].1, "none", "a finished game has a result");
        Some(answers[0].1.clone())
    } else {
        // Not part of cutegames' loop: a game cut at the ply limit is on.
        for e in [&mut e1, &mut e2] {
            e.isready();
            assert!(!e.gameover(opening, &moves));
            assert_eq!(e.result(opening, &moves), "none");
        }
        None
    };
    // Nothing may follow: no stray line after the last answer.
    for e in [&mut e1, &mut e2] {
        e.isready();
    }
    Game {
        moves,
        first_mover_p1,
        result,
    }
}

const CLOCK: Tc = Tc::Clock {
    time: 1000,
    inc: 10,
};

/// The "options" of cutegames' example settings.json, names as it spells them.
const EXAMPLE_OPTIONS: [(&str, &str); 2] = [("threads", "1"), ("hash", "16")];

#[test]
fn cutegames_handshake_and_options() {
    let mut e = Engine::start("engine");
    e.ugi();
    for (name, value) in EXAMPLE_OPTIONS {
        e.send(&format!("setoption name {name} value {value}"));
    }
    e.isready();
    // `debug` and `ownbook` are in cutegames' example settings.json:
    // songo has no `debug` (an `info string error`, which cutegames skips),
    // and takes `ownbook` (its `OwnBook`) silently.
    e.send("setoption name debug value false");
    e.send("setoption name ownbook value false");
    e.send("isready");
    let mut before = Vec::new();
    loop {
        let l = e.recv("readyok");
        if l == "readyok" {
            break;
        }
        before.push(l);
    }
    assert!(
        before.len() == 1 && before[0].starts_with("info string ") && before[0].contains("debug"),
        "{before:?}"
    );
    e.isready();
}

#[test]
fn cutegames_game_from_startpos() {
    let g = play_game("startpos", &EXAMPLE_OPTIONS, CLOCK, 10);
    assert!(g.first_mover_p1);
    assert_eq!(g.moves.len(), 10);
    assert_eq!(g.result, None);
}

#[test]
fn cutegames_game_from_a_fen_with_player2_to_move() {
    // An openings-file line: `position fen …`; North (player 2) moves first.
    let g = play_game(
        "5,5,5,5,0,6,6/6,6,6,5,5,5,5 n 0 0 Gg",
        &EXAMPLE_OPTIONS,
        CLOCK,
        10,
    );
    assert!(!g.first_mover_p1);
    assert!(g.moves[0].chars().all(|c| c.is_ascii_lowercase()));
    assert_eq!(g.result, None);
}

#[test]
fn cutegames_game_played_to_its_end() {
    // South wins at once with F (takes b and a: 42 captured), and in any
    // case the game ends well within 60 plies.
    let g = play_game(
        "0,0,0,0,0,3,0/1,1,1,5,5,5,5 s 38 6 -",
        &EXAMPLE_OPTIONS,
        CLOCK,
        60,
    );
    assert_eq!(g.result.as_deref(), Some("p1win"), "{:?}", g.moves);
}

#[test]
fn cutegames_game_over_at_the_start() {
    // Variant set through the settings' "options"; the opening is over.
    let opts = [("threads", "1"), ("UCI_Variant", "songo36-amateur")];
    let g = play_game("3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -", &opts, CLOCK, 10);
    assert!(g.moves.is_empty());
    assert_eq!(g.result.as_deref(), Some("p1win"));
}

/// With an opening book (a `BookFile` among the settings' "options"),
/// the book's answers are `info` lines and a one-move `bestmove`, as a
/// search's: the first two plies come from the book, the next from
/// searches.
#[test]
fn cutegames_game_with_an_opening_book() {
    let book = book_support::small_book_file("ugi.book");
    let path = book.to_str().expect("a UTF-8 temporary path");
    let opts = [
        ("threads", "1"),
        ("OwnBook", "true"),
        ("BookFile", path),
        ("BookVariety", "0"),
    ];
    let g = play_game("startpos", &opts, CLOCK, 4);
    assert_eq!(g.moves[..2], ["E", "b"]);
    assert_eq!(g.moves.len(), 4);
}

#[test]
fn cutegames_other_time_controls() {
    for tc in [Tc::Movetime(50), Tc::Depth(4), Tc::Nodes(3000)] {
        let g = play_game("startpos", &EXAMPLE_OPTIONS, tc, 4);
        assert_eq!(g.moves.len(), 4);
    }
}
