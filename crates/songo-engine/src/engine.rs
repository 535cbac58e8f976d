//! The engine façade, in the manner of Stockfish's `Engine`: options, a new
//! game, a position set atomically, `go` with typed limits, `stop`,
//! `ponderhit`, and waiting. What the engine has to say — lines as the
//! search deepens, a move from the opening book, the best move, perft and
//! bench counts, problems — goes to one callback as [`Event`]s. It never prints and knows no protocol
//! text: the protocol session, `songo analyze`, `songo play` and the GUI
//! are all front ends of this one type.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
#[cfg(feature = "threads")]
use std::thread::JoinHandle;
use std::time::Duration;

use crate::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo_core::movegen::MIN_BOARD_SEEDS;
use songo_core::{Game, Move, PlayError, Position, Variant};
use thiserror::Error;

use crate::bench::{self, BenchResult};
use crate::book::{self, BookSource};
use crate::eval::EvalKind;
use crate::nn::Network;
use crate::options::{OptionError, Options, Setting, MULTIPV_MAX};
use crate::score::Score;
use crate::search::{
    search, Info, ScoreBound, SearchControl, SearchOptions, SearchRequest, SearchResult,
};
use crate::skill::SkillLevel;
use crate::timeman::Limits;
use crate::tt::TranspositionTable;
use songo_book::Book;
use songo_tb::{Tablebases, TbError};

/// The longest `isready` waits for a new hash table: a 1 GB table took
/// 0.2 to 1.3 s here on a busy machine (docs/speed.md), and this stays well
/// inside the 10 s handshake timeouts of tournament managers.
pub const READY_WAIT_LIMIT: std::time::Duration = std::time::Duration::from_secs(3);

/// How the engine names itself to a GUI.
pub const ENGINE_NAME: &str = concat!("songo ", env!("CARGO_PKG_VERSION"));
/// The author the engine names to a GUI (`id author`).
pub const ENGINE_AUTHOR: &str = "the songo developers";

/// Something the engine reports, from whichever thread it happens on.
#[derive(Clone, Debug)]
pub enum Event {
    /// A line of the search: one per finished (or failed-high/low) depth
    /// and principal variation.
    Info(Info),
    /// The answer of a search. `best` is `None` when the game is over.
    BestMove {
        /// The move to play.
        best: Option<Move>,
        /// The reply the engine expects, to ponder on, when it has one.
        ponder: Option<Move>,
    },
    /// `go` is answered from the opening book: no
    /// search runs, and the [`Event::BestMove`] of `mv` and the
    /// [`Event::SearchDone`] (no nodes, the book's score and depth) follow
    /// at once.
    BookMove {
        /// The book's move.
        mv: Move,
        /// The book's best reply to `mv`, if it has one (the ponder move).
        reply: Option<Move>,
        /// The book's score of `mv` for the side to move.
        score: Score,
        /// The depth behind that score.
        depth: u32,
        /// How often the book's expansion went through `mv`.
        visits: u32,
    },
    /// A search ended (after its [`Event::BestMove`]): what it found. A
    /// `go` answered from the book ends with one too.
    SearchDone(SearchResult),
    /// `perft`: the leaf count below one root move.
    PerftMove {
        /// The root move.
        mv: Move,
        /// The positions at the perft's depth below it.
        leaves: u64,
    },
    /// `perft`: the total.
    PerftDone {
        /// The positions at the perft's depth, over every root move.
        leaves: u64,
    },
    /// `bench`: one position searched.
    BenchPosition {
        /// The position's place among the bench positions, from 0.
        index: usize,
        /// The position.
        position: Position,
        /// The nodes its search counted.
        nodes: u64,
    },
    /// `bench`: every position searched.
    BenchDone(BenchResult),
    /// A perft or bench was stopped before its end.
    Stopped(JobKind),
    /// `TablebasePath` was set: the deepest table found for each variant
    /// (0 for none).
    TablebasesOpened {
        /// The directory.
        path: std::path::PathBuf,
        /// Each variant, with the most seeds on the board of any of its
        /// tables found.
        max_seeds: Vec<(Variant, u8)>,
    },
    /// The tables of a variant were mapped (`TablebasePath`, or a variant
    /// change with tables set): `bytes` of values, mapped in `time`. None
    /// was read: a thread now asks the system to read them ahead.
    TablebasesMapped {
        /// The variant.
        variant: Variant,
        /// The seed counts on the board its tables cover.
        seeds: std::ops::RangeInclusive<u8>,
        /// The size of the values mapped.
        bytes: u64,
        /// How long mapping took.
        time: Duration,
    },
    /// `BookFile` was set: the book read from `path`.
    BookOpened {
        /// The file.
        path: std::path::PathBuf,
        /// The positions it holds.
        positions: usize,
        /// The moves it holds, over all its positions.
        moves: usize,
    },
    /// Something went wrong that does not stop the engine.
    Problem(EngineError),
}

/// The kinds of work the engine does on its own thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// A search (`go`).
    Search,
    /// A perft.
    Perft,
    /// The fixed bench.
    Bench,
}

/// What the engine reports as [`Event::Problem`].
#[derive(Clone, Debug, Error)]
pub enum EngineError {
    /// The job's thread panicked; the engine goes on without it.
    #[error("the search thread failed")]
    ThreadFailed,
    /// A table file found broken when `TablebasePath` was opened, or a
    /// variant's tables that could not be mapped; the engine goes on.
    #[error("TablebasePath")]
    Tablebases(#[from] TbError),
    /// `Evaluation nn` in a variant with neither an embedded net nor an
    /// `EvalFile`: the search uses the tuned evaluation.
    #[error("Evaluation nn: no net for {0} (set EvalFile); searching with the tuned evaluation")]
    NoNet(Variant),
}

/// Where events go. Called from the engine's threads: it must not block
/// for long, and must not call back into the engine.
pub type Listener = Arc<dyn Fn(Event) + Send + Sync>;

/// Subtrees this deep are counted without looking at the stop flag: at
/// hundreds of millions of leaves a second they take well under a
/// millisecond, so `stop` still ends a perft at once.
const PERFT_UNCHECKED_DEPTH: u32 = 6;

/// The engine: its options, its game, its table, and at most one job.
pub struct Engine {
    listener: Listener,
    options: Options,
    game: Game,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    job: Option<Job>,
    tb: Option<Arc<Tablebases>>,
    /// The nets `EvalFile` loaded, by variant (`None`: the embedded one).
    nets: [Option<Arc<Network>>; 3],
    /// Stops the thread reading the current tables ahead, if any (see
    /// [`Engine::preload_tablebases`]).
    read_ahead_stop: Option<Arc<AtomicBool>>,
    /// Draws the seed of each search's random choices (`Skill Level`) and
    /// the random number of each book choice (`BookVariety`).
    rng: StdRng,
    /// The opening book `go` plays from (`OwnBook`, `BookFile`).
    book: BookSource,
}

/// Work running on its own thread, so that `stop`, `isready` and the like
/// are answered at once (without the `threads` feature: work that ran to
/// its end in the call that started it).
struct Job {
    kind: JobKind,
    #[cfg(feature = "threads")]
    handle: JoinHandle<()>,
}

impl Engine {
    /// An engine with the default options, at the start of a `songo40` game.
    ///
    /// # Panics
    /// If the default 16 MB table cannot be allocated.
    pub fn new(listener: Listener) -> Engine {
        let options = Options::default();
        Engine {
            listener,
            game: Game::new(options.variant, Position::startpos()),
            tt: Arc::new(TranspositionTable::new(options.hash_mb).expect("the default table fits")),
            options,
            control: Arc::new(SearchControl::default()),
            job: None,
            tb: None,
            nets: [None, None, None],
            read_ahead_stop: None,
            #[cfg(feature = "os-rng")]
            rng: StdRng::from_os_rng(),
            #[cfg(not(feature = "os-rng"))]
            rng: StdRng::seed_from_u64(crate::time::time_seed()),
            book: BookSource::default(),
        }
    }

    /// An engine whose events arrive on a channel, for a front end that
    /// handles them on its own thread.
    pub fn with_channel() -> (Engine, Receiver<Event>) {
        let (tx, rx) = std::sync::mpsc::channel();
        let engine = Engine::new(Arc::new(move |event| {
            // A front end that dropped its receiver wants no more events.
            let _ = tx.send(event);
        }));
        (engine, rx)
    }

    /// The options as they are set now.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current game: its start, its moves and its position.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The tables in use, if `TablebasePath` is set.
    pub fn tablebases(&self) -> Option<&Tablebases> {
        self.tb.as_deref()
    }

    /// The opening book in use: `BookFile`'s, else the embedded one
    /// (whether `go` plays from it is `OwnBook`).
    pub fn book(&self) -> &Book {
        self.book.book()
    }

    /// The size of the transposition table in use, in MB.
    pub fn hash_megabytes(&self) -> usize {
        self.tt.megabytes()
    }

    /// What `isready` waits for: a new hash table's pages faulted in, for
    /// [`READY_WAIT_LIMIT`] at most (a larger table goes on faulting in
    /// behind the searches). Returns at once while a search runs.
    pub fn wait_ready(&self) {
        if !self.is_busy() {
            self.tt.wait_prefaulted(READY_WAIT_LIMIT);
        }
    }

    /// Whether a search, perft or bench is running.
    pub fn is_busy(&self) -> bool {
        #[cfg(feature = "threads")]
        return self.job.as_ref().is_some_and(|j| !j.handle.is_finished());
        #[cfg(not(feature = "threads"))]
        false
    }

    /// Sets an option by its listed name (see [`crate::options::table`]).
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let setting = Setting::parse(name, value)?;
        self.apply(setting)
    }

    /// Applies a checked setting; a running job is stopped first. On an
    /// error nothing changes.
    pub fn apply(&mut self, setting: Setting) -> Result<(), OptionError> {
        self.stop_and_wait();
        match setting {
            Setting::Variant(v) => {
                self.options.variant = v;
                self.game = Game::new(v, Position::startpos());
                self.preload_tablebases();
            }
            Setting::Hash(mb) => {
                if mb == self.tt.megabytes() {
                    // The memory is already the process's: a fresh block
                    // would cost the next search its page faults.
                    self.clear_hash();
                } else {
                    self.tt = Arc::new(TranspositionTable::new(mb)?);
                }
                self.options.hash_mb = mb;
            }
            Setting::Threads(n) => self.options.threads = n,
            Setting::MultiPv(n) => self.options.multipv = n,
            Setting::MoveOverhead(d) => self.options.move_overhead = d,
            Setting::Ponder(b) => self.options.ponder = b,
            Setting::ClearHash => self.clear_hash(),
            Setting::ShowWdl(b) => self.options.show_wdl = b,
            Setting::SkillLevel(l) => self.options.skill = l,
            Setting::Evaluation(e) => self.options.eval = e,
            Setting::EvalFile(path) => self.set_eval_file(path)?,
            Setting::OwnBook(b) => self.options.own_book = b,
            Setting::BookVariety(cs) => self.options.book_variety = cs,
            Setting::SearchParams(p) => self.options.search_params = p,
            Setting::BookFile(None) => {
                self.book = BookSource::Embedded;
                self.options.book_file = None;
            }
            Setting::BookFile(Some(path)) => {
                let read =
                    songo_book::read_file(&path).map_err(|source| OptionError::BookFile {
                        path: path.clone(),
                        source,
                    })?;
                self.emit(Event::BookOpened {
                    path: path.clone(),
                    positions: read.len(),
                    moves: read.move_count(),
                });
                self.book = BookSource::File(Arc::new(read));
                self.options.book_file = Some(path);
            }
            Setting::TablebasePath(None) => {
                self.stop_read_ahead();
                self.tb = None;
                self.options.tablebase_path = None;
            }
            Setting::TablebasePath(Some(path)) => {
                let tb = Tablebases::open(&path)?;
                self.emit(Event::TablebasesOpened {
                    path: path.clone(),
                    max_seeds: Variant::ALL.iter().map(|&v| (v, tb.max_seeds(v))).collect(),
                });
                for e in tb.problems() {
                    self.emit(Event::Problem(EngineError::Tablebases(e.clone())));
                }
                self.tb = Some(Arc::new(tb));
                self.options.tablebase_path = Some(path);
                self.preload_tablebases();
            }
        }
        Ok(())
    }

    /// Loads the net of `EvalFile` for the current variant (`None`: back to
    /// the embedded one). A file for another variant is refused; one for
    /// every variant is specialised to this one.
    fn set_eval_file(&mut self, path: Option<PathBuf>) -> Result<(), OptionError> {
        let v = self.options.variant;
        let slot = v.index();
        let Some(path) = path else {
            self.nets[slot] = None;
            self.options.eval_file = None;
            return Ok(());
        };
        let refuse = |source| OptionError::EvalFile {
            path: path.clone(),
            source,
        };
        let net = Network::load(&path)
            .and_then(|net| net.for_variant(v))
            .map_err(refuse)?;
        self.nets[slot] = Some(Arc::new(net));
        self.options.eval_file = Some(path);
        Ok(())
    }

    /// The net `Evaluation nn` uses in the current variant, if any.
    pub fn net(&self) -> Option<Arc<Network>> {
        let v = self.options.variant;
        crate::nn::net_or_embedded(self.nets[v.index()].as_ref(), v)
    }

    /// Opens tables without going through a path string (for tools).
    pub fn set_tablebases(&mut self, dir: &Path) -> Result<(), OptionError> {
        self.apply(Setting::TablebasePath(Some(dir.to_path_buf())))
    }

    /// Maps the current variant's tables now (milliseconds), then has a
    /// thread of its own read them into the system's page cache
    /// ([`Tablebases::read_ahead`]), so that a search in the middle of a
    /// timed move rarely waits for the disk. The tables are not read into
    /// the engine's own memory: their pages are the system's, shared with
    /// any other engine using the same files.
    fn preload_tablebases(&mut self) {
        self.stop_read_ahead();
        let Some(tb) = &self.tb else {
            return;
        };
        let v = self.options.variant;
        let started = Instant::now();
        match tb.preload(v) {
            Ok(bytes) if tb.max_seeds(v) > 0 => {
                self.emit(Event::TablebasesMapped {
                    variant: v,
                    seeds: MIN_BOARD_SEEDS..=tb.max_seeds(v),
                    bytes,
                    time: started.elapsed(),
                });
                // Without the thread the tables still work, read page by
                // page as probes touch them.
                #[cfg(feature = "threads")]
                {
                    let stop = Arc::new(AtomicBool::new(false));
                    let (tb, flag) = (Arc::clone(tb), Arc::clone(&stop));
                    let _ = std::thread::Builder::new()
                        .name("tb-read-ahead".to_string())
                        .spawn(move || tb.read_ahead(v, &flag));
                    self.read_ahead_stop = Some(stop);
                }
            }
            Ok(_) => {}
            Err(e) => self.emit(Event::Problem(e.into())),
        }
    }

    /// Stops reading tables ahead (other tables, or none, are wanted now).
    fn stop_read_ahead(&mut self) {
        if let Some(stop) = self.read_ahead_stop.take() {
            stop.store(true, Ordering::Relaxed);
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

    /// A new game of the current variant from the start position; the
    /// table is cleared.
    pub fn new_game(&mut self) {
        self.stop_and_wait();
        self.game = Game::new(self.options.variant, Position::startpos());
        self.clear_hash();
    }

    /// Replaces the game, whole. A game of another variant is refused
    /// (set `UCI_Variant` first).
    pub fn set_game(&mut self, game: Game) -> Result<(), SetGameError> {
        if game.variant() != self.options.variant {
            return Err(SetGameError::Variant {
                game: game.variant(),
                engine: self.options.variant,
            });
        }
        self.stop_and_wait();
        self.game = game;
        Ok(())
    }

    /// Sets the game to `start` followed by `moves`, all or nothing.
    pub fn set_position(&mut self, start: Position, moves: &[Move]) -> Result<(), SetGameError> {
        let mut game = Game::new(self.options.variant, start);
        for (i, &m) in moves.iter().enumerate() {
            game.play(m)
                .map_err(|error| SetGameError::Move { index: i, error })?;
        }
        self.set_game(game)
    }

    /// Seeds the random choices of the weaker skill levels and of the
    /// book (`BookVariety`), so that a game can be replayed (by default
    /// they are seeded from the system).
    pub fn seed_skill(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    /// Searches the current position within `limits`; events report its
    /// lines and, at its end (or on [`Engine::stop`]), its best move.
    /// Below skill level 10 the level caps the limits and may choose
    /// another move than the best (see [`SkillLevel`]); a `stop` answers
    /// with the best line's move. With `OwnBook` on, a position of the
    /// book is answered at once from it instead, unless the limits ask for
    /// a search: [`Event::BookMove`], then
    /// [`Event::BestMove`] and [`Event::SearchDone`], before this returns.
    pub fn go(&mut self, limits: Limits) {
        self.stop_and_wait();
        if let Some(answer) = self.book_answer(&limits) {
            return self.answer_from_book(answer);
        }
        let level = self.options.skill.spec();
        let limits = level.cap(limits);
        let shown = self.options.multipv;
        let options = SearchOptions {
            threads: self.options.threads,
            // A level that chooses among moves needs every root move scored.
            multipv: if level.is_randomised() {
                MULTIPV_MAX
            } else {
                shown
            },
            move_overhead: self.options.move_overhead,
            eval: self.options.eval,
            net: match self.options.eval {
                EvalKind::Nn => self.net(),
                _ => None,
            },
            params: self.options.search_params,
        };
        if options.eval == EvalKind::Nn && options.net.is_none() {
            self.emit(Event::Problem(EngineError::NoNet(self.options.variant)));
        }
        let mut rng = StdRng::seed_from_u64(self.rng.random());
        let game = self.game.clone();
        let tt = Arc::clone(&self.tt);
        let control = Arc::clone(&self.control);
        let listener = Arc::clone(&self.listener);
        let tb = self.tb.clone();
        control.reset(limits.ponder);
        self.spawn(JobKind::Search, move || {
            let mut lines = Vec::new();
            let mut report = |info: &Info| {
                if info.bound == ScoreBound::Exact {
                    if let Some(&m) = info.pv.first() {
                        lines.push((info.depth, m, info.score));
                    }
                }
                if info.multipv <= shown {
                    listener(Event::Info(info.clone()))
                }
            };
            let mut result = search(
                SearchRequest::new(&game, &tt)
                    .limits(limits)
                    .options(options)
                    .tablebases(tb.as_deref())
                    .control(&control)
                    .report(&mut report),
            );
            if let Some((chosen, score)) = level.choose(&lines, &result, &mut rng) {
                if Some(chosen) != result.best {
                    result.best = Some(chosen);
                    result.ponder = None;
                    result.score = score;
                }
            }
            // A `stop` may have given the answer already.
            if control.take_answer_duty() {
                listener(Event::BestMove {
                    best: result.best,
                    ponder: result.ponder,
                });
            }
            listener(Event::SearchDone(result));
        });
    }

    /// The book's answer to this `go`, if the book is to answer it.
    fn book_answer(&mut self, limits: &Limits) -> Option<book::BookAnswer> {
        let asked = book::BookUse {
            own_book: self.options.own_book,
            full_strength: self.options.skill == SkillLevel::MAX,
            variety: self.options.book_variety,
            limits,
        };
        let rng = &mut self.rng;
        book::answer(self.book.book(), &self.game, asked, || rng.random())
    }

    /// Reports a book move as a search's answer: no job runs, so `stop`
    /// and `wait` find nothing to do.
    fn answer_from_book(&mut self, a: book::BookAnswer) {
        self.emit(Event::BookMove {
            mv: a.mv,
            reply: a.reply,
            score: a.score,
            depth: a.depth,
            visits: a.visits,
        });
        self.emit(Event::BestMove {
            best: Some(a.mv),
            ponder: a.reply,
        });
        self.emit(Event::SearchDone(SearchResult {
            best: Some(a.mv),
            ponder: a.reply,
            score: a.score,
            depth: a.depth,
            nodes: 0,
            stats: Default::default(),
        }));
    }

    /// Counts the leaves of the move tree `depth` plies below the current
    /// position, split by first move.
    pub fn perft(&mut self, depth: u32) {
        self.stop_and_wait();
        let game = self.game.clone();
        let control = Arc::clone(&self.control);
        let listener = Arc::clone(&self.listener);
        control.reset(false);
        self.spawn(JobKind::Perft, move || {
            let (p, v) = (game.position(), game.variant());
            let mut total = if depth == 0 { 1 } else { 0 };
            for m in p.legal_moves(v).into_iter().take_while(|_| depth > 0) {
                match perft_until(&p.make_move(v, m), v, depth - 1, &control) {
                    Some(n) => {
                        listener(Event::PerftMove { mv: m, leaves: n });
                        total += n;
                    }
                    None => return listener(Event::Stopped(JobKind::Perft)),
                }
            }
            listener(Event::PerftDone { leaves: total });
        });
    }

    /// Searches the bench positions to `depth` (its default when `None`).
    pub fn bench(&mut self, depth: Option<u32>) {
        self.stop_and_wait();
        let depth = depth.unwrap_or(bench::BENCH_DEPTH);
        let control = Arc::clone(&self.control);
        let listener = Arc::clone(&self.listener);
        control.reset(false);
        self.spawn(JobKind::Bench, move || {
            let r = bench::run_with(depth, &control, &mut |index, p, nodes| {
                listener(Event::BenchPosition {
                    index,
                    position: *p,
                    nodes,
                })
            });
            listener(match r {
                Some(r) => Event::BenchDone(r),
                None => Event::Stopped(JobKind::Bench),
            });
        });
    }

    fn spawn(&mut self, kind: JobKind, work: impl FnOnce() + Send + 'static) {
        #[cfg(feature = "threads")]
        {
            self.job = Some(Job {
                kind,
                handle: std::thread::spawn(work),
            });
        }
        #[cfg(not(feature = "threads"))]
        {
            work();
            self.job = Some(Job { kind });
        }
    }

    /// The opponent played the move the engine was pondering on: the
    /// search goes on as a timed one.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    /// Stops the running job. A search gives its best move at once, from
    /// the deepest iteration finished; its threads may take a moment more
    /// to wind down (many threads on few cores), which the next call that
    /// changes state (or [`Engine::wait`]) waits for. A perft or bench
    /// ends at once, and is waited for here.
    pub fn stop(&mut self) {
        let Some(job) = &self.job else {
            return;
        };
        if job.kind != JobKind::Search {
            self.control.stop();
            return self.wait();
        }
        if let Some((best, ponder)) = self.control.stop_and_take_answer() {
            self.emit(Event::BestMove {
                best: Some(best),
                ponder,
            });
        }
        self.control.stop();
    }

    /// Stops the running job and waits for its threads to end.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        self.wait();
    }

    /// Waits for the running job to end by itself (a search within its
    /// limits, a perft, a bench). A search without limits runs until
    /// stopped: call [`Engine::stop`] first.
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            #[cfg(feature = "threads")]
            if job.handle.join().is_err() {
                self.emit(Event::Problem(EngineError::ThreadFailed));
            }
            #[cfg(not(feature = "threads"))]
            let _ = job;
        }
    }

    /// What kind of job is running or finished but not yet waited for.
    pub fn job(&self) -> Option<JobKind> {
        self.job.as_ref().map(|j| j.kind)
    }

    fn emit(&self, event: Event) {
        (self.listener)(event)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.control.stop();
        self.stop_read_ahead();
        // Detached threads end at their next stop check; waiting here would
        // make quitting as slow as the slowest of many threads.
    }
}

/// Why a game was not set.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SetGameError {
    /// The game is of another variant than the engine's `UCI_Variant`.
    #[error("the game is {game}, the engine plays {engine}; set UCI_Variant first")]
    Variant {
        /// The game's variant.
        game: Variant,
        /// The engine's.
        engine: Variant,
    },
    /// A move of the list is not legal where it is played.
    #[error("move {}: {error}", index + 1)]
    Move {
        /// The move's place in the list, from 0 (the message counts from
        /// 1).
        index: usize,
        /// Why the rules refuse it.
        error: PlayError,
    },
}

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
