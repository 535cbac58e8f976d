//! The fuzzing harness shared by the bounded in-suite fuzz test
//! (`tests/fuzz.rs`) and the cargo-fuzz targets (`fuzz/fuzz_targets/`):
//! the invariants, checked on one input each, and the generators and
//! mutators of inputs.
//!
//! Each `check_*` function panics when an invariant fails, which is what
//! both the test harness and libFuzzer report as a failure.

#![allow(dead_code)] // each user takes the parts it needs

use std::io::Write;
use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::Rng;

use songo::session::command::{Command, StartSpec};
use songo::session::Session;
use songo_cli::output::Output;
use songo_core::{Game, Move, Position, Side, Variant};

/// Seeds on the board plus both captured counts, for every position.
pub const TOTAL: u32 = 70;

pub fn seeds(p: &Position) -> u32 {
    p.pits().iter().map(|&c| c as u32).sum::<u32>()
        + Side::BOTH
            .iter()
            .map(|&s| p.captured(s) as u32)
            .sum::<u32>()
}

/// The rules hold up in `p`: 70 seeds, and every legal move of every
/// variant leads to a position of 70 seeds; the end-of-game functions answer.
pub fn check_position(p: &Position) {
    assert_eq!(seeds(p), TOTAL, "{p}");
    for v in Variant::ALL {
        let legal = p.legal_moves(v);
        assert_eq!(legal.is_empty(), p.is_over(v), "{v} {p}");
        assert_eq!(p.end_reason(v).is_some(), p.is_over(v), "{v} {p}");
        let _ = p.final_scores(v);
        for m in legal {
            let q = p.play(v, m).expect("a listed move is legal");
            assert_eq!(seeds(&q), TOTAL, "{v} {p} {m} -> {q}");
            assert_eq!(q.side_to_move(), p.side_to_move().opponent());
        }
    }
}

/// The position parser on any text: no panic; what it accepts has 70 seeds
/// and prints to a string that parses back to it.
pub fn check_position_text(text: &str) {
    if let Ok(p) = text.parse::<Position>() {
        check_position(&p);
        let printed = p.to_string();
        assert_eq!(printed.parse::<Position>(), Ok(p), "{text:?} -> {printed}");
    }
}

/// The position parser behind the byte-level input: bytes that are not
/// text are refused before it (songo_cli::input), text goes through
/// [`check_position_text`], and so does the lossy reading of anything.
pub fn check_position_bytes(bytes: &[u8]) {
    match songo_cli::input::text_of(bytes, 1) {
        Ok(text) => check_position_text(text),
        Err(_) => assert!(
            std::str::from_utf8(bytes).is_err()
                || bytes.iter().any(|b| b.is_ascii_control() && *b != b'\t')
        ),
    }
    check_position_text(&String::from_utf8_lossy(bytes));
}

/// The record reader on any bytes: no panic; every game it accepts is
/// written back in our own format, and that text reads back to the same
/// game.
pub fn check_record_bytes(bytes: &[u8]) {
    use songo_core::record::{read_records, ReadOptions};
    let options = ReadOptions {
        variant: Some(Variant::Songo40),
    };
    let Ok(games) = read_records(bytes, &options) else {
        return;
    };
    for g in games {
        let text = g.record.to_string();
        let again = read_records(text.as_bytes(), &options)
            .unwrap_or_else(|e| panic!("{text:?} does not read back: {e}"));
        assert_eq!(again.len(), 1, "{text:?}");
        let r = &again[0].record;
        assert_eq!(
            (r.variant, r.start, &r.moves, r.result),
            (
                g.record.variant,
                g.record.start,
                &g.record.moves,
                g.record.result
            ),
            "{text:?}"
        );
    }
}

/// The move parser on any text: it accepts exactly one pit letter, or a
/// digit 1–7 for the mover's pits, with surrounding spaces.
pub fn check_move_text(text: &str) {
    let t = text.trim();
    for side in Side::BOTH {
        match Move::parse(text, side) {
            Ok(m) => {
                let letter = m.letter().to_string();
                let is_digit = matches!(t.as_bytes(), [b'1'..=b'7']);
                if is_digit {
                    assert_eq!(m.side(), side, "{text:?}");
                    assert_eq!(m.pit_number().to_string(), t);
                } else {
                    assert_eq!(t, letter, "{text:?}");
                }
                assert_eq!(letter.parse::<Move>(), Ok(m));
            }
            Err(e) => {
                assert!(
                    !(t.len() == 1 && "ABCDEFGabcdefg1234567".contains(t)),
                    "{text:?} refused: {e}"
                );
                let _ = e.to_string();
            }
        }
    }
}

/// A `Write` into shared memory, for an engine's output.
#[derive(Clone, Default)]
pub struct Sink(pub Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    /// Everything written from byte `from` on.
    pub fn since(&self, from: usize) -> String {
        let buf = self.0.lock().unwrap();
        String::from_utf8_lossy(&buf[from.min(buf.len())..]).into_owned()
    }

    pub fn len(&self) -> usize {
        self.0.lock().unwrap().len()
    }
}

/// Searches use few threads and small tables here: the fuzzer looks for
/// wrong answers, not for the machine's limits (tests/limits.rs does that).
const MAX_THREADS: u64 = 4;
const MAX_HASH_MB: u64 = 64;

/// Caps the `Threads` and `Hash` values of a `setoption` line.
pub fn tame(line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let lower: Vec<String> = tokens.iter().map(|t| t.to_ascii_lowercase()).collect();
    if lower.first().map(String::as_str) != Some("setoption") {
        return line.to_string();
    }
    let cap = if lower.iter().any(|t| t == "threads") {
        MAX_THREADS
    } else if lower.iter().any(|t| t == "hash") {
        MAX_HASH_MB
    } else {
        return line.to_string();
    };
    let mut out: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    if let Some(i) = lower.iter().position(|t| t == "value") {
        for t in out.iter_mut().skip(i + 1) {
            if let Ok(n) = t.parse::<u64>() {
                *t = n.min(cap).to_string();
            }
        }
    }
    out.join(" ")
}

/// The game `position` should set, or `None` if it must be refused.
fn expected_game(variant: Variant, line: &str) -> Option<Game> {
    // A line with a control byte is not a command at all.
    songo_cli::input::text_of(line.as_bytes(), 1).ok()?;
    let Ok(Command::Position { start, moves }) = line.parse::<Command>() else {
        return None;
    };
    let start = match start {
        StartSpec::StartPos => Position::startpos(),
        StartSpec::Fen(p) => p,
    };
    let mut game = Game::new(variant, start);
    for text in &moves {
        let m = Move::parse(text, game.position().side_to_move()).ok()?;
        game.play(m).ok()?;
    }
    Some(game)
}

/// An engine fed lines one at a time, its invariants checked after each.
pub struct Harness {
    pub session: Session,
    pub out: Sink,
    pub lines: usize,
}

impl Default for Harness {
    fn default() -> Self {
        Harness::new()
    }
}

impl Harness {
    pub fn new() -> Harness {
        let out = Sink::default();
        Harness {
            session: Session::new(Output::new(Box::new(out.clone()))),
            out,
            lines: 0,
        }
    }

    /// Runs one line (tamed) and checks the invariants; `false` after `quit`.
    pub fn line(&mut self, raw: &str) -> bool {
        let line = tame(raw);
        self.lines += 1;
        let before = self.session.game().clone();
        let variant = before.variant();
        let mark = self.out.len();
        let go_on = self.session.handle_line(&line);
        let said = self.out.since(mark);
        let game = self.session.game();
        for p in game.positions() {
            assert_eq!(seeds(p), TOTAL, "after {line:?}: {p}");
        }
        let head = line.split_whitespace().next().unwrap_or("");
        match head {
            "position" => match expected_game(variant, &line) {
                Some(g) => assert_eq!(game, &g, "after {line:?}"),
                None => {
                    assert_eq!(game, &before, "a refused {line:?} changed the game");
                    assert!(said.contains("info string error: "), "{line:?}: {said}");
                }
            },
            // These may start a new game, of a new variant.
            "setoption" | "ucinewgame" | "uginewgame" => {
                if game != &before {
                    assert!(game.moves().is_empty(), "after {line:?}");
                    assert_eq!(game.start(), Position::startpos(), "after {line:?}");
                }
            }
            _ => assert_eq!(game, &before, "{line:?} changed the game"),
        }
        // The engine's own report of a panicked search thread (an error
        // message may quote the input, which may say anything).
        assert!(
            !said
                .lines()
                .any(|l| l == "info string error: the search thread failed"),
            "after {line:?}: {said}"
        );
        if !go_on {
            return false;
        }
        self.ready();
        true
    }

    /// Runs one line given as raw bytes, as a pipe delivers it: text goes
    /// through [`Harness::line`]; anything else (not UTF-8, control bytes)
    /// must be refused with an error and change nothing, and the session
    /// goes on.
    pub fn bytes(&mut self, raw: &[u8]) -> bool {
        if let Ok(text) = songo_cli::input::text_of(raw, 1) {
            return self.line(text);
        }
        self.lines += 1;
        let before = self.session.game().clone();
        let mark = self.out.len();
        assert!(self.session.handle_bytes(raw), "{raw:?} ended the session");
        let said = self.out.since(mark);
        assert!(
            said.contains("info string error: line 1: "),
            "{raw:?}: {said}"
        );
        assert_eq!(self.session.game(), &before, "{raw:?} changed the game");
        self.ready();
        true
    }

    /// The engine answers `isready` with `readyok` at once.
    pub fn ready(&mut self) {
        let mark = self.out.len();
        assert!(self.session.handle_line("isready"));
        // `readyok` is written before `handle_line` returns; a search
        // thread may write around it.
        let said = self.out.since(mark);
        assert!(
            said.lines().any(|l| l == "readyok"),
            "no readyok; got {said:?}"
        );
    }

    /// Stops whatever runs, checks the engine still answers, and quits.
    pub fn finish(mut self) {
        assert!(self.session.handle_line("stop"));
        self.ready();
        let all = self.out.since(0);
        for l in all.lines() {
            if let Some(rest) = l.strip_prefix("bestmove ") {
                let m = rest.split_whitespace().next().unwrap_or("");
                assert!(m == "(none)" || m.parse::<Move>().is_ok(), "{l}");
            }
        }
        assert!(!self.session.handle_line("quit"));
    }
}

// ------------------------------------------------------------ generators

/// A random valid position: a random game from the start in a random variant.
pub fn random_position(rng: &mut StdRng) -> (Variant, Position, Vec<Move>) {
    let v = Variant::ALL[rng.random_range(0..3)];
    let mut g = Game::new(v, Position::startpos());
    let plies = rng.random_range(0..120);
    for _ in 0..plies {
        let legal: Vec<Move> = g.position().legal_moves(v).into_iter().collect();
        if legal.is_empty() || g.is_over() {
            break;
        }
        g.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    (v, g.position(), g.moves().to_vec())
}

/// Pieces that text mutations insert: the alphabet of the formats.
const ALPHABET: &[&str] = &[
    "0",
    "1",
    "5",
    "7",
    "9",
    "10",
    "35",
    "70",
    "71",
    "255",
    "-1",
    ",",
    "/",
    " ",
    "  ",
    "\t",
    "s",
    "n",
    "G",
    "g",
    "Gg",
    "gG",
    "-",
    "A",
    "a",
    "é",
    "\u{0}",
    "+",
    "99999999999999999999",
];

/// One random edit of `text`: a character or a piece of the alphabet
/// inserted, deleted or replaced, a span duplicated, two fields swapped.
pub fn mutate(rng: &mut StdRng, text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let at = |rng: &mut StdRng| if n == 0 { 0 } else { rng.random_range(0..=n) };
    let piece = |rng: &mut StdRng| ALPHABET[rng.random_range(0..ALPHABET.len())].to_string();
    let s: String = match rng.random_range(0..7) {
        0 => {
            let i = at(rng);
            let mut c = chars.clone();
            c.splice(i..i, piece(rng).chars());
            c.into_iter().collect()
        }
        1 if n > 0 => {
            let i = rng.random_range(0..n);
            let j = (i + rng.random_range(1..4)).min(n);
            let mut c = chars.clone();
            c.drain(i..j);
            c.into_iter().collect()
        }
        2 if n > 0 => {
            let i = rng.random_range(0..n);
            let mut c = chars.clone();
            c[i] = char::from(rng.random_range(0x20u8..0x7f));
            c.into_iter().collect()
        }
        3 if n > 0 => {
            let i = rng.random_range(0..n);
            let j = (i + rng.random_range(1..8)).min(n);
            let mut c = chars.clone();
            let span: Vec<char> = c[i..j].to_vec();
            c.splice(j..j, span);
            c.into_iter().collect()
        }
        4 => {
            let mut f: Vec<&str> = text.split(' ').collect();
            if f.len() > 1 {
                let i = rng.random_range(0..f.len());
                let j = rng.random_range(0..f.len());
                f.swap(i, j);
            }
            f.join(" ")
        }
        5 => {
            // A number replaced by another, often an extreme one.
            let mut f: Vec<String> = text.split(' ').map(str::to_string).collect();
            let i = rng
                .random_range(0..f.len().max(1))
                .min(f.len().saturating_sub(1));
            if let Some(t) = f.get_mut(i) {
                *t = [
                    "0".to_string(),
                    "1".to_string(),
                    "-1".to_string(),
                    u64::MAX.to_string(),
                    "4294967296".to_string(),
                    "1e9".to_string(),
                    "NaN".to_string(),
                    rng.random_range(0..200u32).to_string(),
                ][rng.random_range(0..8)]
                .clone();
            }
            f.join(" ")
        }
        _ => {
            let i = at(rng);
            let mut c = chars.clone();
            c.insert(i.min(c.len()), char::from(rng.random_range(0u8..0x80)));
            c.into_iter().collect()
        }
    };
    s
}

/// Text of random pieces of the alphabet.
pub fn random_text(rng: &mut StdRng, max_pieces: usize) -> String {
    let k = rng.random_range(0..=max_pieces);
    (0..k)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())])
        .collect()
}

/// Words of the protocol, for building and mutating command lines.
const WORDS: &[&str] = &[
    "uci",
    "ugi",
    "isready",
    "setoption",
    "name",
    "value",
    "ucinewgame",
    "uginewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "infinite",
    "ponder",
    "mate",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "query",
    "gameover",
    "p1turn",
    "result",
    "d",
    "eval",
    "bench",
    "Hash",
    "Threads",
    "MultiPV",
    "UCI_Variant",
    "Ponder",
    "Clear",
    "Move",
    "Overhead",
    "UCI_ShowWDL",
    "true",
    "false",
    "songo40",
    "songo36-beginner",
    "songo36-amateur",
    "A",
    "b",
    "G",
    "g",
    "1",
    "7",
    "8",
    "0",
    "3",
    "20",
    "-5",
    "x",
];

/// A plausible command line: mostly well-formed, with small limits.
pub fn random_command(rng: &mut StdRng) -> String {
    let pick = |rng: &mut StdRng, xs: &[&str]| xs[rng.random_range(0..xs.len())].to_string();
    match rng.random_range(0..20) {
        0 => pick(rng, &["uci", "ugi", "isready", "ucinewgame", "uginewgame"]),
        1 | 2 => {
            let (opt, val) = match rng.random_range(0..8) {
                0 => (
                    "UCI_Variant",
                    pick(
                        rng,
                        &["songo40", "songo36-beginner", "songo36-amateur", "chess"],
                    ),
                ),
                1 => ("Hash", rng.random_range(0..70u32).to_string()),
                2 => ("Threads", rng.random_range(0..4u32).to_string()),
                3 => ("MultiPV", rng.random_range(0..9u32).to_string()),
                4 => ("Move Overhead", rng.random_range(0..50u32).to_string()),
                5 => ("Ponder", pick(rng, &["true", "false", "maybe"])),
                6 => ("UCI_ShowWDL", pick(rng, &["true", "false"])),
                _ => ("Clear Hash", String::new()),
            };
            if val.is_empty() {
                format!("setoption name {opt}")
            } else {
                format!("setoption name {opt} value {val}")
            }
        }
        3..=7 => {
            let (_, p, moves) = random_position(rng);
            let mut s = if rng.random_bool(0.3) {
                "position startpos".to_string()
            } else {
                format!("position fen {p}")
            };
            let from_start = s == "position startpos";
            let k = rng.random_range(0..12);
            let texts: Vec<String> = if from_start {
                moves.iter().take(k).map(|m| m.to_string()).collect()
            } else {
                (0..k)
                    .map(|_| {
                        pick(
                            rng,
                            &[
                                "A", "B", "C", "D", "E", "F", "G", "a", "b", "c", "d", "e", "f",
                                "g", "1", "4", "7",
                            ],
                        )
                    })
                    .collect()
            };
            if !texts.is_empty() || rng.random_bool(0.2) {
                s.push_str(" moves");
                for t in texts {
                    s.push(' ');
                    s.push_str(&t);
                }
            }
            s
        }
        8..=12 => {
            let mut s = "go".to_string();
            match rng.random_range(0..9) {
                0 => s.push_str(&format!(" depth {}", rng.random_range(1..7))),
                1 => s.push_str(&format!(" nodes {}", rng.random_range(0..3000))),
                2 => s.push_str(&format!(" movetime {}", rng.random_range(0..4))),
                3 => s.push_str(&format!(
                    " wtime {} btime {} winc 1 binc 1",
                    rng.random_range(0..50),
                    rng.random_range(0..50)
                )),
                4 => s.push_str(" infinite"),
                5 => s.push_str(" ponder movetime 2"),
                6 => s.push_str(&format!(" mate {} depth 5", rng.random_range(0..4))),
                7 => s.push_str(&format!(" perft {}", rng.random_range(0..5))),
                _ => s.push_str(" depth 3 searchmoves A b 4"),
            }
            s
        }
        13 | 14 => pick(rng, &["stop", "ponderhit", "stop"]),
        15 => format!(
            "query {}",
            pick(rng, &["gameover", "p1turn", "result", "nothing"])
        ),
        16 => pick(rng, &["d", "eval", "bench 1", "bench 2"]),
        17 => {
            let k = rng.random_range(0..6);
            (0..k)
                .map(|_| pick(rng, WORDS))
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => random_text(rng, 6),
    }
}

/// A command line mutated by words or by characters.
/// Bytes that break text: lone continuation and lead bytes, an encoded
/// surrogate, an overlong encoding, bytes never valid in UTF-8, and control
/// bytes.
const BAD_BYTES: &[&[u8]] = &[
    b"\x80",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xff",
    b"\xfe",
    b"\x00",
    b"\x1b[2J",
    b"\r",
    b"\x7f",
    b"\xef\xbb\xbf",
];

/// A command line with raw bytes spliced in: what a confused GUI or a
/// noisy pipe may send.
pub fn mutate_bytes(rng: &mut StdRng, line: &str) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..3) {
        let at = rng.random_range(0..=bytes.len());
        if rng.random_bool(0.7) {
            let bad = BAD_BYTES[rng.random_range(0..BAD_BYTES.len())];
            bytes.splice(at..at, bad.iter().copied());
        } else {
            bytes.insert(at, rng.random());
        }
    }
    bytes.retain(|&b| b != b'\n');
    bytes
}

pub fn mutate_command(rng: &mut StdRng, line: &str) -> String {
    if rng.random_bool(0.5) {
        return mutate(rng, line);
    }
    let mut words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let word = WORDS[rng.random_range(0..WORDS.len())].to_string();
    let n = words.len();
    match rng.random_range(0..4) {
        0 => words.insert(rng.random_range(0..=n), word),
        1 if n > 0 => {
            words.remove(rng.random_range(0..n));
        }
        2 if n > 0 => words[rng.random_range(0..n)] = word,
        _ if n > 1 => {
            let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
            words.swap(i, j);
        }
        _ => words.push(word),
    }
    words.join(" ")
}
