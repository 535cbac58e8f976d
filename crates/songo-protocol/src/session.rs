//! The protocol session (protocol.md): lines of input become typed
//! commands ([`crate::command`]), commands become calls of the engine
//! façade ([`songo_engine::Engine`]), and the façade's events
//! become protocol lines ([`crate::format`]), handed to the front end's
//! [`Sink`]. Reading the lines is the front end's: the native command's
//! loop over standard input, or a web page's messages.

use std::sync::{Arc, Mutex};

use songo_core::{Game, GameStatus, Outcome, Side};
use songo_engine::options::{OptionError, Setting};
use songo_engine::{Engine, Event, JobKind};

use crate::board::{board_lines, tablebase_line};
use crate::chain::Chain;
use crate::command::{game_from, searchmoves, Command, Dialect, GoParams, Query};
use crate::error_line;
use crate::format::{
    bench_line, bestmove_line, book_move_lines, eval_lines, info_line, option_lines, BookLine,
    Style,
};

pub use songo_engine::{ENGINE_AUTHOR, ENGINE_NAME};

/// Where a session's lines go: one call per whole line, without its line
/// ending. Called from the engine's threads as they report (with the
/// `threads` feature), so it must be shareable, and it must not call back
/// into the session.
pub type Sink = Arc<dyn Fn(&str) + Send + Sync>;

/// Writes whole lines to a [`Sink`].
#[derive(Clone)]
struct Out(Sink);

impl Out {
    fn line(&self, text: &str) {
        (self.0)(text)
    }

    fn error(&self, text: &dyn std::fmt::Display) {
        self.line(&error_line(text))
    }
}

/// One protocol session: an engine, and where its lines go.
pub struct Session {
    engine: Engine,
    out: Out,
    /// Read by the engine's threads as they report.
    style: Arc<Mutex<Style>>,
}

impl Session {
    /// A session with a new engine at its default options, writing its
    /// lines to `sink`.
    pub fn new(sink: Sink) -> Session {
        let out = Out(sink);
        let style = Arc::new(Mutex::new(Style {
            dialect: Dialect::Uci,
            show_wdl: false,
            variant: songo_core::Variant::Songo40,
        }));
        let engine = Engine::new(Arc::new({
            let out = out.clone();
            let style = Arc::clone(&style);
            move |event| report(&out, &style, event)
        }));
        Session { engine, out, style }
    }

    /// Writes an `info string error: …` line for a line the front end
    /// could not read as text (see [`crate::line`]); the session goes on.
    pub fn refuse(&self, why: &dyn std::fmt::Display) {
        self.out.error(why)
    }

    /// The end of the session after `quit`: the running job is stopped
    /// and waited for.
    pub fn quit(&mut self) {
        self.engine.stop_and_wait();
    }

    /// The end of the session at the end of input, which is `quit`, except
    /// that a perft or bench that was asked for is finished first (as
    /// `echo "go perft 8" | songo` expects).
    pub fn end_of_input(&mut self) {
        if matches!(self.engine.job(), Some(JobKind::Perft | JobKind::Bench)) {
            self.engine.wait();
        }
        self.engine.stop_and_wait();
    }

    /// Runs one line given as bytes (what a pipe delivers); `false` means quit.
    pub fn handle_bytes(&mut self, bytes: &[u8]) -> bool {
        match crate::line::text_of(bytes, 1) {
            Ok(line) => self.dispatch(line),
            Err(e) => {
                self.out.error(&e);
                true
            }
        }
    }

    /// The current game (for tests and tools).
    pub fn game(&self) -> &Game {
        self.engine.game()
    }

    /// The size of the transposition table in use, in MB.
    pub fn hash_megabytes(&self) -> usize {
        self.engine.hash_megabytes()
    }

    /// Runs one line; `false` means quit. A line with a control byte is
    /// refused, as from a pipe.
    pub fn handle_line(&mut self, line: &str) -> bool {
        self.handle_bytes(line.as_bytes())
    }

    /// Runs one line already checked to be text (see
    /// [`crate::line::text_of`]); `false` means quit.
    pub fn dispatch(&mut self, line: &str) -> bool {
        let command = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => {
                self.out.error(&e);
                return true;
            }
        };
        match command {
            Command::Nothing => {}
            Command::IsReady => {
                self.engine.wait_ready();
                self.out.line("readyok")
            }
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => {
                self.engine.stop();
                return false;
            }
            Command::Query(q) => self.query(q),
            Command::Display => self.display(),
            Command::Eval => {
                let net = self.engine.net();
                for line in eval_lines(
                    self.engine.game(),
                    self.engine.options().eval,
                    net.as_deref(),
                ) {
                    self.out.line(&line);
                }
            }
            Command::Hello(d) => self.hello(d),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => self.engine.new_game(),
            Command::Position { start, moves } => {
                match game_from(self.engine.options().variant, &start, &moves) {
                    Ok(game) => self
                        .engine
                        .set_game(game)
                        .expect("the game is of the engine's variant"),
                    Err(e) => self
                        .out
                        .error(&format!("position: {e}; position unchanged")),
                }
            }
            Command::Go(g) => self.go(g),
            Command::Bench { depth } => self.engine.bench(depth),
        }
        true
    }

    fn hello(&mut self, d: Dialect) {
        self.engine.stop_and_wait();
        self.style().dialect = d;
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        for line in option_lines() {
            self.out.line(&line);
        }
        self.out.line(match d {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        });
    }

    fn style(&self) -> std::sync::MutexGuard<'_, Style> {
        self.style.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let setting = match Setting::parse(name, value) {
            Ok(s) => s,
            Err(e) => return self.out.error(&format!("setoption: {e}")),
        };
        match self.engine.apply(setting) {
            Ok(()) => {}
            Err(e @ OptionError::Hash(_)) => return self.out.error(&e),
            Err(e) => return self.out.error(&format!("setoption: {}", Chain(&e))),
        }
        let options = self.engine.options();
        {
            let mut style = self.style.lock().unwrap_or_else(|e| e.into_inner());
            style.show_wdl = options.show_wdl;
            style.variant = options.variant;
        }
    }

    fn go(&mut self, g: GoParams) {
        if let Some(depth) = g.perft {
            return self.engine.perft(depth);
        }
        let (moves, refused) = searchmoves(self.engine.game(), &g.searchmoves);
        for text in refused {
            self.out.error(&format!(
                "go: searchmoves '{text}' is not a legal move; ignored"
            ));
        }
        self.engine.go(songo_engine::Limits {
            searchmoves: moves,
            ..g.limits()
        });
    }

    fn query(&self, q: Query) {
        let game = self.engine.game();
        let status = game.status();
        let answer = match q {
            Query::GameOver => (status != GameStatus::Ongoing).to_string(),
            Query::P1Turn => (game.position().side_to_move() == Side::South).to_string(),
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
        let game = self.engine.game();
        for line in board_lines(game).lines() {
            self.out.line(line);
        }
        if let Some(tb) = self.engine.tablebases() {
            self.out
                .line(&format!("Tablebase: {}", tablebase_line(tb, game)));
        }
    }
}

/// Writes one engine event as protocol lines.
fn report(out: &Out, style: &Mutex<Style>, event: Event) {
    let style = *style.lock().unwrap_or_else(|e| e.into_inner());
    match event {
        Event::Info(info) => out.line(&info_line(&info, &style)),
        Event::BookMove {
            mv,
            reply,
            score,
            depth,
            visits,
        } => {
            let book = BookLine {
                mv,
                reply,
                score,
                depth,
                visits,
            };
            for line in book_move_lines(&book, &style) {
                out.line(&line);
            }
        }
        Event::BookOpened {
            path,
            positions,
            moves,
        } => out.line(&format!(
            "info string book {}: {positions} positions, {moves} moves",
            path.display()
        )),
        Event::BestMove { best, ponder } => out.line(&bestmove_line(best, ponder, style.dialect)),
        Event::PerftMove { mv, leaves } => out.line(&format!("{mv}: {leaves}")),
        Event::PerftDone { leaves } => out.line(&format!("Nodes searched: {leaves}")),
        Event::BenchPosition {
            index,
            position,
            nodes,
        } => out.line(&format!(
            "info string bench position {} {position}: {nodes} nodes",
            index + 1
        )),
        Event::BenchDone(r) => out.line(&bench_line(&r)),
        Event::Stopped(JobKind::Perft) => out.line("info string perft stopped"),
        Event::Stopped(JobKind::Bench) => out.line("info string bench stopped"),
        Event::Stopped(JobKind::Search) | Event::SearchDone(_) => {}
        Event::TablebasesOpened { path, max_seeds } => {
            let found: Vec<String> = max_seeds
                .iter()
                .map(|&(v, n)| match n {
                    0 => format!("{v} none"),
                    n => format!("{v} 10-{n} seeds"),
                })
                .collect();
            out.line(&format!(
                "info string tablebases in {}: {}",
                path.display(),
                found.join(", ")
            ));
        }
        Event::TablebasesMapped {
            variant,
            seeds,
            bytes,
            time,
        } => out.line(&format!(
            "info string tablebases of {variant} mapped in {:.3} s: {}-{} seeds, {:.1} MB",
            time.as_secs_f64(),
            seeds.start(),
            seeds.end(),
            bytes as f64 / 1e6
        )),
        Event::Problem(e) => out.error(&Chain(&e)),
    }
}
