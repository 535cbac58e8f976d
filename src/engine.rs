//! The protocol loop: reads commands, keeps the game and the options, runs
//! searches on their own thread, and formats everything the engine says.

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::protocol::{Command, Dialect, GoParams, Query, StartSpec};
use songo_core::game::{Game, GameStatus};
use songo_core::movegen::Outcome;
use songo_core::moves::Move;
use songo_core::position::{Position, Side};
use songo_core::variant::Variant;
use songo_engine::bench;
use songo_engine::eval::{self, EvalKind, Score};
use songo_engine::search::{
    mate_in, search_tb, Info, ScoreBound, SearchControl, SearchOptions, SearchResult, TB_BOUND,
};
use songo_engine::tb::Tablebases;
use songo_engine::timeman::{Clock, Limits};
use songo_engine::tt::TranspositionTable;

pub const ENGINE_NAME: &str = concat!("songo ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the songo developers";

/// `Hash` option bounds, in MB.
pub const HASH_DEFAULT_MB: usize = 16;
pub const HASH_MAX_MB: usize = 1 << 20;
pub const THREADS_MAX: usize = 1024;
pub const MULTIPV_MAX: usize = 7;
pub const MOVE_OVERHEAD_DEFAULT_MS: u64 = 10;
pub const MOVE_OVERHEAD_MAX_MS: u64 = 10_000;

/// Writes whole lines, flushed, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed output (the GUI went away) is not worth a panic.
        let _ = writeln!(w, "{text}").and_then(|_| w.flush());
    }

    pub fn error(&self, text: &str) {
        self.line(&format!("info string error: {text}"));
    }
}

/// The options a GUI can set.
#[derive(Clone, Debug)]
struct Options {
    variant: Variant,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
    ponder: bool,
    show_wdl: bool,
    eval: EvalKind,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::Songo40,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(MOVE_OVERHEAD_DEFAULT_MS),
            ponder: false,
            show_wdl: false,
            eval: EvalKind::Tuned,
        }
    }
}

/// The engine behind the protocol.
pub struct Engine {
    out: Output,
    options: Options,
    game: Game,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    /// The running search, perft or bench: they run on their own thread so
    /// that `stop`, `quit` and `isready` are answered at once.
    search: Option<Job>,
    /// Endgame tablebases (option `TablebasePath`).
    tb: Option<Arc<Tablebases>>,
}

/// A command running on its own thread.
struct Job {
    handle: JoinHandle<()>,
    /// A search owes its `bestmove` only when stopped; perft and bench are
    /// finite answers that the end of input waits for.
    finite: bool,
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        let options = Options::default();
        Engine {
            out,
            game: Game::new(options.variant, Position::startpos()),
            options,
            tt: Arc::new(TranspositionTable::new(HASH_DEFAULT_MB).expect("the default table fits")),
            control: Arc::new(SearchControl::default()),
            search: None,
            tb: None,
        }
    }

    /// Reads and runs commands until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.lines() {
            let Ok(line) = line else {
                break; // unreadable input ends the session like its end
            };
            if !self.handle_line(&line) {
                self.stop_search();
                return;
            }
        }
        // The end of input is `quit`, except that a perft or bench that was
        // asked for is finished first (as `echo "go perft 8" | songo` expects).
        if let Some(job) = self.search.take_if(|j| j.finite) {
            if job.handle.join().is_err() {
                self.out.error("the search thread failed");
            }
        }
        self.stop_search();
    }

    /// The current game (for tests and tools).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The size of the transposition table in use, in MB.
    pub fn hash_megabytes(&self) -> usize {
        self.tt.megabytes()
    }

    /// Runs one line; `false` means quit.
    pub fn handle_line(&mut self, line: &str) -> bool {
        let command = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => {
                self.out.error(&e.to_string());
                return true;
            }
        };
        match command {
            Command::Nothing => {}
            Command::IsReady => self.out.line("readyok"),
            Command::Stop => self.end_search(false),
            Command::PonderHit => self.control.ponderhit(),
            Command::Quit => {
                self.end_search(false);
                return false;
            }
            Command::Query(q) => self.query(q),
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            other => {
                // Anything that changes state waits for the search to end.
                self.stop_search();
                match other {
                    Command::Hello(d) => self.hello(d),
                    Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
                    Command::NewGame => self.new_game(),
                    Command::Position { start, moves } => self.position(start, &moves),
                    Command::Go(g) => self.go(g),
                    Command::Bench { depth } => self.bench(depth),
                    _ => unreachable!("handled above"),
                }
            }
        }
        true
    }

    /// Stops a running search, gives its `bestmove` and waits for it to end.
    fn stop_search(&mut self) {
        self.end_search(true);
    }

    /// Stops a running search and gives its `bestmove` at once, from the
    /// deepest iteration finished: the search threads may take a while to
    /// wind down when there are many more of them than cores. Then waits for
    /// them, unless `wait` is false: on `stop`, the next command that
    /// changes state waits instead (so `isready` is answered meanwhile), and
    /// on `quit` the process ends.
    fn end_search(&mut self, wait: bool) {
        let Some(job) = &self.search else {
            return;
        };
        if !job.finite {
            if let Some((best, ponder)) = self.control.stop_and_take_answer() {
                self.out.line(&bestmove_line(Some(best), ponder));
                if !wait {
                    return;
                }
            }
        }
        self.control.stop();
        if let Some(job) = self.search.take() {
            if job.handle.join().is_err() {
                self.out.error("the search thread failed");
            }
        }
    }

    fn hello(&self, d: Dialect) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        let names: Vec<String> = Variant::ALL.iter().map(|v| format!("var {v}")).collect();
        for line in [
            format!(
                "option name UCI_Variant type combo default {} {}",
                Variant::Songo40,
                names.join(" ")
            ),
            format!("option name Hash type spin default {HASH_DEFAULT_MB} min 1 max {HASH_MAX_MB}"),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
            format!(
                "option name Move Overhead type spin default {MOVE_OVERHEAD_DEFAULT_MS} min 0 max {MOVE_OVERHEAD_MAX_MS}"
            ),
            "option name Ponder type check default false".to_string(),
            "option name Clear Hash type button".to_string(),
            "option name UCI_ShowWDL type check default false".to_string(),
            format!(
                "option name Evaluation type combo default {} {}",
                EvalKind::Tuned,
                EvalKind::ALL.map(|k| format!("var {k}")).join(" ")
            ),
            "option name TablebasePath type string default <empty>".to_string(),
        ] {
            self.out.line(&line);
        }
        self.out.line(match d {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        });
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let key = name.to_ascii_lowercase();
        let need = |v: Option<&str>| -> Result<String, String> {
            v.map(str::to_string)
                .ok_or_else(|| format!("setoption: option '{name}' needs a value"))
        };
        let spin = |v: Option<&str>, min: u64, max: u64| -> Result<u64, String> {
            let text = need(v)?;
            match text.trim().parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "setoption: {name} takes a whole number from {min} to {max}, not '{text}'"
                )),
            }
        };
        let check = |v: Option<&str>| -> Result<bool, String> {
            match need(v)?.trim().to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                other => Err(format!(
                    "setoption: {name} takes true or false, not '{other}'"
                )),
            }
        };
        let result: Result<(), String> = (|| {
            match key.as_str() {
                "uci_variant" => {
                    let v: Variant = need(value)?
                        .trim()
                        .parse()
                        .map_err(|e| format!("setoption: {e}"))?;
                    self.options.variant = v;
                    self.game = Game::new(v, Position::startpos());
                    self.preload_tablebases();
                }
                "hash" => {
                    let mb = spin(value, 1, HASH_MAX_MB as u64)? as usize;
                    if mb == self.tt.megabytes() {
                        // The memory is already the process's: a fresh
                        // block would cost the next search its page faults.
                        self.clear_hash();
                    } else {
                        let tt = TranspositionTable::new(mb).map_err(|e| e.to_string())?;
                        self.tt = Arc::new(tt);
                    }
                }
                "threads" => self.options.threads = spin(value, 1, THREADS_MAX as u64)? as usize,
                "multipv" => self.options.multipv = spin(value, 1, MULTIPV_MAX as u64)? as usize,
                "move overhead" => {
                    self.options.move_overhead =
                        Duration::from_millis(spin(value, 0, MOVE_OVERHEAD_MAX_MS)?)
                }
                "ponder" => self.options.ponder = check(value)?,
                "uci_showwdl" => self.options.show_wdl = check(value)?,
                "evaluation" => {
                    self.options.eval = need(value)?
                        .parse()
                        .map_err(|e| format!("setoption: {e}"))?
                }
                "clear hash" => self.clear_hash(),
                "tablebasepath" => self.set_tablebases(value.unwrap_or(""))?,
                _ => return Err(format!("setoption: unknown option '{name}'")),
            }
            Ok(())
        })();
        if let Err(e) = result {
            self.out.error(&e);
        }
    }

    /// `TablebasePath`: a directory of table files, or empty (or `<empty>`)
    /// for none. The files are only listed here; each is read and checked
    /// the first time a search needs it.
    fn set_tablebases(&mut self, path: &str) -> Result<(), String> {
        let path = path.trim();
        if path.is_empty() || path == "<empty>" {
            self.tb = None;
            return Ok(());
        }
        let tb = Tablebases::open(std::path::Path::new(path))
            .map_err(|e| format!("setoption: TablebasePath: {e}"))?;
        let found: Vec<String> = Variant::ALL
            .iter()
            .map(|&v| match tb.max_seeds(v) {
                0 => format!("{v} none"),
                n => format!("{v} 10-{n} seeds"),
            })
            .collect();
        self.out.line(&format!(
            "info string tablebases in {path}: {}",
            found.join(", ")
        ));
        for e in tb.problems() {
            self.out.error(&format!("TablebasePath: {e}"));
        }
        self.tb = Some(Arc::new(tb));
        self.preload_tablebases();
        Ok(())
    }

    /// Reads the current variant's tables now, so that no search stalls on
    /// a file read in the middle of a timed move.
    fn preload_tablebases(&self) {
        let Some(tb) = &self.tb else {
            return;
        };
        let v = self.options.variant;
        let started = std::time::Instant::now();
        match tb.preload(v) {
            Ok(()) if tb.max_seeds(v) > 0 => self.out.line(&format!(
                "info string tablebases of {v} read in {:.1} s",
                started.elapsed().as_secs_f64()
            )),
            Ok(()) => {}
            Err(e) => self.out.error(&format!("TablebasePath: {e}")),
        }
    }

    fn clear_hash(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            None => {
                if let Ok(tt) = TranspositionTable::new(self.tt.megabytes().max(1)) {
                    self.tt = Arc::new(tt);
                }
            }
        }
    }

    fn new_game(&mut self) {
        self.game = Game::new(self.options.variant, Position::startpos());
        self.clear_hash();
    }

    fn position(&mut self, start: StartSpec, moves: &[String]) {
        match game_from(self.options.variant, start, moves) {
            Ok(game) => self.game = game,
            Err(e) => self
                .out
                .error(&format!("position: {e}; position unchanged")),
        }
    }

    fn limits(&self, g: &GoParams) -> Limits {
        let root = self.game.position();
        let mut searchmoves = Vec::new();
        for text in &g.searchmoves {
            match Move::parse(text, root.side_to_move()) {
                Ok(m) if root.legal_moves(self.game.variant()).contains(m) => searchmoves.push(m),
                _ => self.out.error(&format!(
                    "go: searchmoves '{text}' is not a legal move; ignored"
                )),
            }
        }
        Limits {
            searchmoves,
            ..limits_of(g)
        }
    }

    fn go(&mut self, g: GoParams) {
        if let Some(depth) = g.perft {
            let game = self.game.clone();
            let control = Arc::clone(&self.control);
            let out = self.out.clone();
            control.reset(false);
            let handle = std::thread::spawn(move || {
                let (p, v) = (game.position(), game.variant());
                let mut total = if depth == 0 { 1 } else { 0 };
                for m in p.legal_moves(v).into_iter().take_while(|_| depth > 0) {
                    match perft_until(&p.make_move(v, m), v, depth - 1, &control) {
                        Some(n) => {
                            out.line(&format!("{m}: {n}"));
                            total += n;
                        }
                        None => return out.line("info string perft stopped"),
                    }
                }
                out.line(&format!("Nodes searched: {total}"));
            });
            self.search = Some(Job {
                handle,
                finite: true,
            });
            return;
        }
        let limits = self.limits(&g);
        let options = SearchOptions {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
            eval: self.options.eval,
        };
        let game = self.game.clone();
        let tt = Arc::clone(&self.tt);
        let control = Arc::clone(&self.control);
        let out = self.out.clone();
        let show_wdl = self.options.show_wdl;
        let tb = self.tb.clone();
        control.reset(limits.ponder);
        let handle = std::thread::spawn(move || {
            let result = search_tb(
                &game,
                &limits,
                &options,
                &tt,
                &control,
                tb.as_deref(),
                &mut |info| out.line(&format_info(info, show_wdl, game.variant())),
            );
            // A `stop` may have given the answer already.
            if control.take_answer_duty() {
                out.line(&format_bestmove(&result));
            }
        });
        self.search = Some(Job {
            handle,
            finite: false,
        });
    }

    fn bench(&mut self, depth: Option<u32>) {
        let depth = depth.unwrap_or(bench::BENCH_DEPTH);
        let control = Arc::clone(&self.control);
        let out = self.out.clone();
        control.reset(false);
        let handle = std::thread::spawn(move || {
            let r = bench::run_with(depth, &control, &mut |i, p, n| {
                out.line(&format!(
                    "info string bench position {} {p}: {n} nodes",
                    i + 1
                ))
            });
            match r {
                Some(r) => out.line(&format!("{} nodes {} nps", r.nodes, r.nps())),
                None => out.line("info string bench stopped"),
            }
        });
        self.search = Some(Job {
            handle,
            finite: true,
        });
    }

    fn query(&self, q: Query) {
        let status = self.game.status();
        let answer = match q {
            Query::GameOver => (status != GameStatus::Ongoing).to_string(),
            Query::P1Turn => (self.game.position().side_to_move() == Side::South).to_string(),
            Query::Result => match status {
                GameStatus::Ongoing => "none".to_string(),
                GameStatus::Over { outcome, .. } => match outcome {
                    Outcome::Win(Side::South) => "p1win",
                    Outcome::Win(Side::North) => "p2win",
                    Outcome::Draw => "draw",
                }
                .to_string(),
            },
        };
        self.out.line(&format!("response {answer}"));
    }

    fn display(&self) {
        for line in board_lines(&self.game).lines() {
            self.out.line(line);
        }
        if let Some(tb) = &self.tb {
            self.out
                .line(&format!("Tablebase: {}", tablebase_line(tb, &self.game)));
        }
    }

    fn eval(&self) {
        let p = self.game.position();
        let v = self.game.variant();
        let us = p.side_to_move();
        self.out.line(&format!(
            "variant {v}, {us} to move, evaluation {}",
            self.options.eval
        ));
        self.out.line(&format!(
            "{:<16}{:>6}{:>6}{:>8}{:>9}",
            "term",
            us,
            us.opponent(),
            "weight",
            "seeds"
        ));
        let [mine, theirs] = eval::side_features(&p, v);
        let w = eval::weights(v);
        for f in eval::Feature::ALL {
            let i = f as usize;
            let part = w.0[i] * (mine[i] - theirs[i]);
            self.out.line(&format!(
                "{:<16}{:>6}{:>6}{:>8}{:>+9.2}",
                f.name(),
                mine[i],
                theirs[i],
                w.0[i],
                part as f64 / eval::SEED as f64
            ));
        }
        let e = eval::evaluate_with(&p, v, self.options.eval);
        self.out.line(&format!(
            "evaluation {:+.2} seeds for the side to move ({us})",
            e as f64 / eval::SEED as f64
        ));
    }
}

/// The limits a `go` command gives, all but `searchmoves` (which need the position).
pub fn limits_of(g: &GoParams) -> Limits {
    Limits {
        depth: g.depth,
        nodes: g.nodes,
        movetime: g.movetime,
        clock: Clock {
            time: g.time,
            inc: g.inc.map(|i| i.unwrap_or(Duration::ZERO)),
            moves_to_go: g.movestogo,
        },
        infinite: g.infinite,
        ponder: g.ponder,
        mate: g.mate,
        searchmoves: Vec::new(),
    }
}

/// The game a `position` command describes, or what is wrong with it.
pub fn game_from(variant: Variant, start: StartSpec, moves: &[String]) -> Result<Game, String> {
    let start = match start {
        StartSpec::StartPos => Position::startpos(),
        StartSpec::Fen(p) => p,
    };
    let mut game = Game::new(variant, start);
    for (i, text) in moves.iter().enumerate() {
        let side = game.position().side_to_move();
        Move::parse(text, side)
            .map_err(|e| e.to_string())
            .and_then(|m| game.play(m).map_err(|e| e.to_string()))
            .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
    }
    Ok(game)
}

/// Subtrees this deep are counted without looking at the stop flag: at
/// hundreds of millions of leaves a second they take well under a
/// millisecond, so `stop` still ends a perft at once.
const PERFT_UNCHECKED_DEPTH: u32 = 6;

/// Perft of `p`, or `None` as soon as `control` is stopped.
fn perft_until(p: &Position, v: Variant, depth: u32, control: &SearchControl) -> Option<u64> {
    if depth <= PERFT_UNCHECKED_DEPTH {
        return Some(p.perft(v, depth));
    }
    if control.is_stopped() {
        return None;
    }
    let mut total = 0;
    for m in p.legal_moves(v) {
        total += perft_until(&p.make_move(v, m), v, depth - 1, control)?;
    }
    Some(total)
}

/// What the tablebases say about the current position of a game, for `d`.
pub fn tablebase_line(tb: &Tablebases, game: &Game) -> String {
    let p = game.position();
    let v = game.variant();
    if game.is_over() {
        return "game over".to_string();
    }
    if !tb.covers(&p, v) {
        return format!(
            "not covered ({} seeds on the board, tables up to {}{})",
            p.seeds_on_board(),
            tb.max_seeds(v),
            if v.is_songo36() {
                ""
            } else {
                ", pit-7 flags -"
            }
        );
    }
    match (tb.probe(&p, v), songo_engine::tb::history_is_clean(game.positions())) {
        (Some(verdict), true) => format!("{verdict} for {}", p.side_to_move()),
        (Some(verdict), false) => format!(
            "{verdict} for {} without this history (a position of this seed count occurred twice: not exact here)",
            p.side_to_move()
        ),
        (None, _) => match tb.table(v, p.seeds_on_board()) {
            Err(e) => format!("unavailable: {e}"),
            Ok(_) => "unavailable".to_string(),
        },
    }
}

/// The score as the protocol writes it: `cp X` or `mate N`.
pub fn format_score(score: Score) -> String {
    match mate_in(score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {score}"),
    }
}

/// A win/draw/loss estimate in permille for a score. Mate scores are
/// certain; otherwise a logistic curve of the margin, with a draw band in
/// `songo40` where margins under 5 seeds are drawn.
pub fn wdl(score: Score, v: Variant) -> (u32, u32, u32) {
    if let Some(m) = mate_in(score) {
        return if m > 0 { (1000, 0, 0) } else { (0, 0, 1000) };
    }
    if score.abs() >= TB_BOUND {
        // A tablebase win or loss: certain, distance unknown.
        return if score > 0 {
            (1000, 0, 0)
        } else {
            (0, 0, 1000)
        };
    }
    let margin = if v.is_songo36() { 50.0 } else { 450.0 };
    let scale = 150.0;
    let s = score as f64;
    let win = 1.0 / (1.0 + (-(s - margin) / scale).exp());
    let loss = 1.0 / (1.0 + (-(-s - margin) / scale).exp());
    let w = (win * 1000.0).round() as u32;
    let l = (loss * 1000.0).round() as u32;
    let w = w.min(1000);
    let l = l.min(1000 - w);
    (w, 1000 - w - l, l)
}

pub fn format_info(info: &Info, show_wdl: bool, v: Variant) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        format_score(info.score)
    );
    match info.bound {
        ScoreBound::Exact => {}
        ScoreBound::Lower => s.push_str(" lowerbound"),
        ScoreBound::Upper => s.push_str(" upperbound"),
    }
    if show_wdl {
        let (w, d, l) = wdl(info.score, v);
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    let ms = info.time.as_millis().max(1) as u64;
    s.push_str(&format!(
        " nodes {} nps {} hashfull {} tbhits {} time {} pv",
        info.nodes,
        info.nodes * 1000 / ms,
        info.hashfull,
        info.tbhits,
        info.time.as_millis()
    ));
    for m in &info.pv {
        s.push_str(&format!(" {m}"));
    }
    s
}

pub fn format_bestmove(r: &SearchResult) -> String {
    bestmove_line(r.best, r.ponder)
}

fn bestmove_line(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (None, _) => "bestmove (none)".to_string(),
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
    }
}

/// A drawing of the board and the state of the game.
pub fn board_lines(game: &Game) -> String {
    let p = game.position();
    let v = game.variant();
    let mut s = String::new();
    let row = |side: Side| -> String {
        let first = side.first_pit();
        let pits: Vec<usize> = match side {
            Side::North => (first..first + 7).rev().collect(),
            Side::South => (first..first + 7).collect(),
        };
        let cells: Vec<String> = pits.iter().map(|&i| format!(" {:>2} ", p.pit(i))).collect();
        format!(" |{}|", cells.join("|"))
    };
    let sep = " +----+----+----+----+----+----+----+";
    s.push_str(&format!(
        "    g    f    e    d    c    b    a     North  captured {}\n",
        p.captured(Side::North)
    ));
    s.push_str(&format!(
        "{sep}\n{}\n{sep}\n{}\n{sep}\n",
        row(Side::North),
        row(Side::South)
    ));
    s.push_str(&format!(
        "    A    B    C    D    E    F    G     South  captured {}\n",
        p.captured(Side::South)
    ));
    s.push_str(&format!("Variant: {v}\n"));
    s.push_str(&format!("Position: {p}\n"));
    s.push_str(&format!("Side to move: {}\n", p.side_to_move()));
    s.push_str(&format!("Key: {:016x}\n", p.key()));
    s.push_str(&format!("Legal moves: {}\n", p.legal_moves(v)));
    match game.status() {
        GameStatus::Ongoing => s.push_str("State: in progress\n"),
        GameStatus::Over {
            outcome,
            reason,
            scores,
        } => s.push_str(&format!(
            "State: over ({}), result {} (South {} - North {})\n",
            reason.describe(),
            outcome.score_text(),
            scores[0],
            scores[1]
        )),
    }
    s
}
