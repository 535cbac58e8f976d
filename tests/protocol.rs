//! The protocol, through the real binary over stdin/stdout. The tests
//! search with the opening book off (`Engine::searching`): most start
//! from positions a book has, and test the search; the book's answers are
//! `book.rs`'s.

mod protocol_support;

use std::process::Command;
use std::time::{Duration, Instant};

use protocol_support::Engine;

#[test]
fn uci_and_ugi_handshakes() {
    let mut e = Engine::searching();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name songo"));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for opt in [
        "UCI_Variant type combo default songo40",
        "Hash type spin",
        "Threads type spin",
        "MultiPV type spin",
        "Move Overhead type spin",
        "Ponder type check",
        "Clear Hash type button",
        "UCI_ShowWDL type check",
        "OwnBook type check default false",
        "BookFile type string default <empty>",
        "BookVariety type spin default 10 min 0 max 1000",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt}"))),
            "missing option {opt}"
        );
    }
    e.send("ugi");
    assert_eq!(e.until("ugiok").last().unwrap(), "ugiok");
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    e.send("quit");
}

#[test]
fn go_gives_exactly_one_legal_bestmove() {
    let mut e = Engine::searching();
    e.send("position startpos moves C d");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ")));
    let best = lines.last().unwrap();
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!("ABCDEFG".contains(mv), "{best}");
    e.send("isready");
    assert_eq!(e.line(), "readyok", "a second bestmove or stray output");
}

#[test]
fn stop_and_isready_during_infinite_search() {
    let mut e = Engine::searching();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("isready");
    let lines = e.until("readyok");
    let (_, before) = lines.split_last().unwrap();
    assert!(before.iter().all(|l| l.starts_with("info")), "{lines:?}");
    let asked = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    assert!(asked.elapsed() < Duration::from_secs(2));
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

#[test]
fn quit_during_a_search_still_sends_bestmove() {
    let mut e = Engine::searching();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    e.send("quit");
    let rest = e.close_and_wait();
    assert!(rest.iter().any(|l| l.starts_with("bestmove")), "{rest:?}");
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut e = Engine::searching();
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    e.close_and_wait();
}

#[test]
fn bad_input_is_reported_and_the_engine_carries_on() {
    let mut e = Engine::searching();
    e.send("position startpos moves C");
    for bad in [
        "xyzzy",
        "go depth banana",
        "go sideways",
        "position",
        "position fen 5,5,5 s 0 0 Gg",
        "position fen 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg moves A A",
        "position startpos moves H",
        "setoption name Nonsense value 3",
        "setoption name Hash value -4",
        "setoption name Threads value lots",
        "setoption name UCI_Variant value chess",
        "setoption",
        "query everything",
        "\u{1F600} \u{0}",
    ] {
        e.send(bad);
        let l = e.line();
        assert!(l.starts_with("info string error: "), "{bad:?} gave {l:?}");
    }
    // The earlier position (after C) is still in place.
    e.send("d");
    let lines = e.until("State:");
    assert!(
        lines
            .iter()
            .any(|l| l == "Position: 5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 Gg"),
        "{lines:#?}"
    );
    e.send("go depth 3");
    let best = e.until("bestmove").pop().unwrap();
    assert!("abcdefg".contains(best.split_whitespace().nth(1).unwrap()));
}

#[test]
fn game_over_queries_and_bestmove_none() {
    let mut e = Engine::searching();
    e.send("setoption name UCI_Variant value songo36-amateur");
    e.send("position fen 3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -");
    e.send("query gameover");
    assert_eq!(e.line(), "response true");
    e.send("query result");
    assert_eq!(e.line(), "response p1win");
    e.send("query p1turn");
    assert_eq!(e.line(), "response true");
    e.send("go depth 5");
    assert_eq!(e.until("bestmove").pop().unwrap(), "bestmove (none)");
    e.send("position startpos moves A a B");
    e.send("query gameover");
    assert_eq!(e.line(), "response false");
    e.send("query p1turn");
    assert_eq!(e.line(), "response false");
    e.send("query result");
    assert_eq!(e.line(), "response none");
}

#[test]
fn go_perft_divides() {
    let mut e = Engine::searching();
    e.send("go perft 4");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.len(), 8);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1503");
}

/// The lines of a finished search without its times and speeds, which
/// differ between runs.
fn search_lines(e: &mut Engine, go: &str) -> Vec<String> {
    e.send(go);
    e.until("bestmove")
        .iter()
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let mut out = Vec::new();
            let mut i = 0;
            while i < t.len() {
                if t[i] == "nps" || t[i] == "time" {
                    i += 2;
                    continue;
                }
                out.push(t[i]);
                i += 1;
            }
            out.join(" ")
        })
        .collect()
}

#[test]
fn fixed_nodes_search_is_deterministic() {
    let run = || {
        let mut e = Engine::searching();
        e.send("setoption name Threads value 1");
        e.send("position startpos moves E");
        search_lines(&mut e, "go nodes 20000")
    };
    assert_eq!(run(), run());
}

#[test]
fn a_cleared_table_searches_like_a_new_one() {
    // 64 MB is mapped from the system and cleared page by page; setting
    // the size the table has already clears it without a new mapping.
    let mut e = Engine::searching();
    e.send("setoption name Hash value 64");
    e.send("position startpos moves E");
    let first = search_lines(&mut e, "go nodes 50000");
    for clear in [
        "ucinewgame",
        "setoption name Clear Hash",
        "setoption name Hash value 64",
    ] {
        e.send(clear);
        e.send("position startpos moves E");
        assert_eq!(
            search_lines(&mut e, "go nodes 50000"),
            first,
            "after {clear}"
        );
    }
    e.send("position startpos moves E");
    let warm = search_lines(&mut e, "go nodes 50000");
    assert_ne!(
        warm, first,
        "a table that was not cleared searches differently"
    );
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::searching();
    e.send("setoption name MultiPV value 3");
    e.send("setoption name UCI_ShowWDL value true");
    e.send("go depth 5");
    let lines = e.until("bestmove");
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 ") && !l.contains("bound"))
        .collect();
    assert_eq!(last_depth.len(), 3, "{lines:#?}");
    let firsts: std::collections::HashSet<&str> = last_depth
        .iter()
        .map(|l| {
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(firsts.len(), 3);
    assert!(last_depth.iter().all(|l| l.contains(" wdl ")));
}

#[test]
fn clock_search_returns_in_time() {
    let mut e = Engine::searching();
    e.send("position startpos");
    let t = Instant::now();
    e.send("go wtime 300 btime 300 winc 10 binc 10");
    e.until("bestmove");
    // A bound that a loaded machine cannot break but an engine ignoring the
    // clock (it would search for minutes) does; timing itself is measured
    // by the soak match, not here.
    assert!(
        t.elapsed() < Duration::from_millis(3000),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = Engine::searching();
    e.send("position startpos moves A");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(100));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("ponderhit");
    let lines = e.until("bestmove");
    assert!(lines.last().unwrap().starts_with("bestmove "));
}

#[test]
fn every_option_accepts_a_valid_value() {
    let mut e = Engine::searching();
    for line in [
        "setoption name Hash value 8",
        "setoption name hash value 4",
        "setoption name Threads value 2",
        "setoption name MultiPV value 1",
        "setoption name Move Overhead value 30",
        "setoption name Ponder value true",
        "setoption name UCI_ShowWDL value false",
        "setoption name Clear Hash",
        "setoption name OwnBook value true",
        "setoption name BookVariety value 0",
        "setoption name BookFile value <empty>",
        "setoption name UCI_Variant value songo36-beginner",
        "ucinewgame",
        "uginewgame",
    ] {
        e.send(line);
    }
    e.send("isready");
    // No error line came before readyok.
    assert_eq!(e.line(), "readyok");
    e.send("d");
    let lines = e.until("State:");
    assert!(lines.iter().any(|l| l == "Variant: songo36-beginner"));
}

#[test]
fn searchmoves_mate_and_movetime() {
    let mut e = Engine::searching();
    e.send("go depth 4 searchmoves D");
    assert_eq!(
        e.until("bestmove").pop().unwrap().split_whitespace().nth(1),
        Some("D")
    );
    // South wins at once by taking b and a (42 captured).
    e.send("position fen 0,0,0,0,0,3,0/1,1,1,5,5,5,5 s 38 6 -");
    e.send("go mate 1");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 ")),
        "{lines:#?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove F"));
    e.send("position startpos");
    let t = Instant::now();
    e.send("go movetime 200");
    e.until("bestmove");
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn eval_and_bench_commands() {
    let mut e = Engine::searching();
    e.send("setoption name UCI_Variant value songo36-amateur");
    e.send("eval");
    let lines = e.until("evaluation");
    assert!(
        lines.iter().any(|l| l.starts_with("seeds in row")),
        "{lines:#?}"
    );
    e.send("bench 4");
    let summary = loop {
        let l = e.line();
        if l.ends_with(" nps") {
            break l;
        }
        assert!(l.starts_with("info string bench position"), "{l}");
    };
    assert!(summary.contains(" nodes "), "{summary}");
}

/// `eval` shows the evaluation the search uses: with `Evaluation nn` (the
/// default), the net `EvalFile` loaded, not only the embedded one.
#[test]
fn eval_shows_the_net_the_search_uses() {
    use songo_core::{Position, Variant};
    let dir = std::env::temp_dir().join(format!("songo-eval-net-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (data, net_path) = (dir.join("tiny.data"), dir.join("tiny.nnue"));
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_songo"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    let (d, n) = (data.to_str().unwrap(), net_path.to_str().unwrap());
    run(&[
        "datagen",
        "-v",
        "songo40",
        "--games",
        "4",
        "--nodes",
        "200",
        "--threads",
        "1",
        "--out",
        d,
    ]);
    run(&[
        "train",
        "--data",
        d,
        "--out",
        n,
        "--hidden",
        "16",
        "--epochs",
        "1",
        "--threads",
        "1",
    ]);
    let net = songo_engine::nn::Network::load(&net_path).unwrap();
    let fen = "0,0,2,1,0,10,9/0,1,0,12,11,9,8 s 0 7 Gg";
    let p: Position = fen.parse().unwrap();
    let shown = |e: &mut Engine| {
        e.send("eval");
        e.until("evaluation ").last().unwrap().clone()
    };
    let mut e = Engine::searching();
    e.send(&format!("position fen {fen}"));
    let embedded = songo_engine::nn::default_net(Variant::Songo40)
        .unwrap()
        .evaluate(&p);
    let line = shown(&mut e);
    assert!(
        line.starts_with(&format!("evaluation {:+.2} seeds", embedded as f64 / 100.0)),
        "{line}"
    );
    e.send(&format!("setoption name EvalFile value {n}"));
    let line = shown(&mut e);
    let mine = net.evaluate(&p);
    assert_ne!(
        mine, embedded,
        "the test needs a net that differs from the embedded one"
    );
    assert!(
        line.starts_with(&format!("evaluation {:+.2} seeds", mine as f64 / 100.0)),
        "{line}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A GUI that sends one stray byte must not lose its opponent: each line
/// that is not text is refused with an error, and the engine plays on.
#[test]
fn bytes_that_are_not_text_are_refused_and_the_engine_plays_on() {
    // As shipped: the byte order mark must be the input's first bytes, and
    // the errors count the lines from there.
    let mut e = Engine::start();
    e.send_bytes(b"\xef\xbb\xbfuci\r\n");
    e.until("uciok");
    for (bad, what) in [
        (&b"isready\xff\n"[..], "line 2: not valid UTF-8 (byte 8)"),
        (b"\xc3\n", "line 3: not valid UTF-8 (byte 1)"),
        (b"go depth 2\x00\n", "line 4: control byte 0x00 at byte 11"),
        (
            b"position startpos moves \xed\xa0\x80\n",
            "line 5: not valid UTF-8",
        ),
    ] {
        e.send_bytes(bad);
        let l = e.line();
        assert!(l.starts_with(&format!("info string error: {what}")), "{l}");
    }
    let mut long = vec![b'x'; 100_000];
    long.push(b'\n');
    e.send_bytes(&long);
    assert!(e.line().contains("line 6: longer than"));
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    e.send("position startpos moves C");
    e.send("go depth 4");
    let best = e.until("bestmove").pop().unwrap();
    assert!(best.starts_with("bestmove "), "{best}");
    e.send_bytes(b"quit\xff\n");
    assert!(e.line().starts_with("info string error: line 10"));
    e.send("quit");
    e.close_and_wait();
}

/// `go movetime` keeps at least half its time after the move overhead, so
/// a short fixed time is a real search, not a one-ply answer. Measured in
/// depth, with a bound a loaded machine still meets: a 5 ms search reaches
/// depth 6 or more from the opening on an idle one, the old 1 ms plan
/// depth 1 or 2.
#[test]
fn a_short_movetime_is_a_real_search() {
    let mut e = Engine::searching();
    // A first search touches the table's pages, which a timed one should
    // not pay for.
    e.send("go depth 8");
    e.until("bestmove");
    let deepest = (0..5)
        .map(|_| {
            e.send("position startpos moves C");
            search_lines(&mut e, "go movetime 10")
                .iter()
                .filter_map(|l| l.split_whitespace().nth(2)?.parse::<u32>().ok())
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap();
    assert!(deepest >= 4, "depth {deepest} in 10 ms");
}

/// `Skill Level` caps the search and reports only the lines asked for,
/// though the weak levels score every root move to choose among them.
#[test]
fn skill_level_caps_the_search() {
    let mut e = Engine::searching();
    e.send("setoption name Skill Level value 11");
    assert!(e
        .line()
        .starts_with("info string error: setoption: Skill Level"));
    e.send("setoption name Skill Level value 2");
    e.send("go depth 20");
    let lines = e.until("bestmove");
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(depths.last(), Some(&"2"), "{lines:#?}");
    assert!(
        lines.iter().all(|l| !l.contains(" multipv 2 ")),
        "{lines:#?}"
    );
    let best = lines.last().unwrap();
    let m = best.split_whitespace().nth(1).unwrap();
    assert!("ABCDEFG".contains(m), "{best}");
    e.send("setoption name Skill Level value 10");
    e.send("go depth 5");
    assert!(e
        .until("bestmove")
        .iter()
        .any(|l| l.starts_with("info depth 5 ")));
}

/// `SearchParams` reaches the search: the same fixed-depth search counts
/// other nodes with each technique turned off in turn, the same again when
/// the option is emptied, and a bad setting is refused and changes nothing.
#[test]
fn search_params_reach_the_search() {
    let mut e = Engine::searching();
    let nodes = |e: &mut Engine| -> String {
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 9");
        let lines = e.until("bestmove");
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 9 "))
            .expect("an info line of depth 9")
            .clone();
        let mut words = last.split_whitespace();
        words.find(|w| *w == "nodes");
        words.next().expect("a node count").to_string()
    };
    let default = nodes(&mut e);
    // One at a time (each setting replaces the whole set): a test of two
    // together passes when either one reaches the search. Each turns its
    // technique off at depth 9, but the window's, which only widens.
    let mut changed = String::new();
    for setting in [
        "rfp_max_depth=0",
        "futility_max_depth=0",
        "se_min_depth=20",
        "iir_min_depth=12",
        "lmr_min_depth=10",
        "aspiration_margin=200",
    ] {
        e.send(&format!("setoption name SearchParams value {setting}"));
        changed = nodes(&mut e);
        assert_ne!(changed, default, "{setting} changed nothing");
    }
    e.send("setoption name SearchParams value rfp_margin=1");
    assert!(e.line().starts_with(
        "info string error: setoption: SearchParams: rfp_margin takes a whole number"
    ));
    assert_eq!(
        nodes(&mut e),
        changed,
        "a refused setting changed the search"
    );
    e.send("setoption name SearchParams value <empty>");
    assert_eq!(nodes(&mut e), default);
}
