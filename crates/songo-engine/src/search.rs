//! The search: iterative deepening over a principal variation search
//! (negamax alpha-beta), aspiration windows, a shared transposition table,
//! move ordering, repetition handling, time management and Lazy SMP threads
//! that share a table of the subtrees each is in (simplified ABDADA).
//!
//! Move ordering is the TT move, then captures by seeds taken, then two
//! killers per ply. That is what measured best: with a history table
//! as well, the three start positions to depth 17 and `bench` together
//! took 82.9 M nodes; killers alone 78.7 M; neither 86.6 M.
//!
//! The search never prints. It reports each finished line through a
//! callback, and the caller (the protocol layer) formats it.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::abdada::{BusyTable, Visits};
use crate::eval::{evaluate_with, EvalKind};
pub use crate::score::{game_end_score, mate_in, MATE, MATE_BOUND, MAX_PLY, TB_BOUND, TB_WIN};
use crate::score::{score_from_tt, score_to_tt, tb_score, Score, INFINITE};
use crate::tb::{history_is_clean, Tablebases};
use crate::timeman::{budget, Limits, TimeBudget};
use crate::tt::{Bound, TranspositionTable, TtEntry};
use crate::turns::{cores, Turns, TURN};
use songo_core::game::{Game, REPETITION_LIMIT};
use songo_core::moves::{Move, MoveList};
use songo_core::position::Position;
use songo_core::variant::Variant;

/// First aspiration half-window, in centiseeds.
const ASPIRATION_DELTA: Score = 40;
/// Aspiration windows start at this depth.
const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Nodes between two additions to the shared node count.
const FLUSH_EVERY: u64 = 1024;
/// Nodes between two looks at the clock (about 15 µs; reading it costs
/// 33 ns here).
const CLOCK_EVERY: u64 = 64;
/// Move ordering: the transposition-table move first…
const ORDER_TT: i32 = 1 << 30;
/// …then captures, by seeds taken…
const ORDER_CAPTURE: i32 = 1 << 28;
/// …then the two killer moves of the ply, then the rest in pit order
/// (a history table measured worse: see the module documentation).
const ORDER_KILLER: [i32; 2] = [1 << 27, 1 << 26];
/// Late move reductions: quiet moves after the first `LMR_FIRST_MOVE`
/// (which are the table move, captures and killers when there are any) are
/// searched `LMR_PLY` shallower first, from `LMR_MIN_DEPTH` on, and again
/// at full depth only if they beat alpha.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_FIRST_MOVE: usize = 2;
const LMR_PLY: i32 = 1;
/// From this depth and move index on, one more ply.
const LMR_DEEP: (i32, usize) = (6, 4);
/// With several threads, nodes from this depth on mark the children they
/// are searching, and put off later children another thread is searching.
///
/// `scripts/smp_speedup.py BASE NEW --depth 20 --runs 6 --runs1 3`
/// (Threads 2, Hash 256), geometric mean of the twelve positions' speed-ups:
/// 1.59x without the table, 1.71x from depth 2, 1.68x from depth 3 and
/// 1.68x from depth 4; summed times 1.65x, 1.66x, 1.65x, 1.59x. Two threads
/// searched 1.20x the nodes of one without it, 1.13x, 1.17x and 1.23x with
/// it. From depth 2 the marking costs enough speed (1.87x the nodes per
/// second of one thread against 1.94x) to cancel most of its gain.
/// Marking the root's moves too changed nothing (1.60x summed both ways).
const ABDADA_MIN_DEPTH: i32 = 3;

/// How a score was bounded when it was reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    Exact,
    /// The search failed high: at least this.
    Lower,
    /// The search failed low: at most this.
    Upper,
}

/// One finished (or bounded) principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of the line among the MultiPV lines.
    pub multipv: usize,
    pub score: Score,
    pub bound: ScoreBound,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    /// Tablebase probes that gave a verdict.
    pub tbhits: u64,
    pub pv: Vec<Move>,
}

/// What a search settled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the game is already over.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Options that shape a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: Duration,
    pub eval: EvalKind,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            eval: EvalKind::Tuned,
        }
    }
}

/// What the outside world can do to a running search.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// A fixed instant the clock is read against, so that every thread
    /// can read it often without a lock.
    epoch: Instant,
    /// When the clock started for this move, in nanoseconds after `epoch`
    /// (reset by `ponderhit`).
    clock_start: AtomicU64,
    answer: Mutex<Answer>,
}

/// The move a running search would play if stopped now, and whether its
/// answer has been given: after that the search reports nothing more.
#[derive(Debug, Default)]
struct Answer {
    best: Option<(Move, Option<Move>)>,
    given: bool,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            epoch: Instant::now(),
            clock_start: AtomicU64::new(0),
            answer: Mutex::new(Answer::default()),
        }
    }
}

impl SearchControl {
    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.start_clock();
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Readies the control for a new search.
    pub fn reset(&self, pondering: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(pondering, Ordering::SeqCst);
        self.start_clock();
        *self.answer() = Answer::default();
    }

    fn start_clock(&self) {
        let now = self.epoch.elapsed().as_nanos() as u64;
        self.clock_start.store(now, Ordering::SeqCst);
    }

    /// Time on the clock for this move.
    fn clock(&self) -> Duration {
        let start = Duration::from_nanos(self.clock_start.load(Ordering::Relaxed));
        self.epoch.elapsed().saturating_sub(start)
    }

    fn answer(&self) -> std::sync::MutexGuard<'_, Answer> {
        self.answer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the search and takes its answer now: the best move and ponder
    /// move of the deepest finished iteration, without waiting for the
    /// search threads to wind down (on a machine with far more threads than
    /// cores that takes a while). `None` when the answer was taken already
    /// or the search has none yet; then the search's own result stands.
    /// Once taken, the search reports no more lines.
    pub fn stop_and_take_answer(&self) -> Option<(Move, Option<Move>)> {
        self.stop();
        let mut a = self.answer();
        if a.given || a.best.is_none() {
            return None;
        }
        a.given = true;
        a.best
    }

    /// Whether the caller may give the search's own result as its answer:
    /// `true` once, unless [`SearchControl::stop_and_take_answer`] took it.
    pub fn take_answer_duty(&self) -> bool {
        !std::mem::replace(&mut self.answer().given, true)
    }

    /// Runs `f` on the answer unless it was given: so that no line of a
    /// search follows its answer.
    fn while_owed(&self, f: impl FnOnce(&mut Option<(Move, Option<Move>)>)) {
        let mut a = self.answer();
        if !a.given {
            f(&mut a.best);
        }
    }

    fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: Score,
    pv: Vec<Move>,
}

/// State shared by the threads of one search.
struct Shared<'a> {
    variant: Variant,
    eval: EvalKind,
    tt: &'a TranspositionTable,
    control: &'a SearchControl,
    /// Set when the main thread is done: helpers stop too.
    done: AtomicBool,
    nodes: AtomicU64,
    limits: &'a Limits,
    budget: Option<TimeBudget>,
    tb: Option<&'a Tablebases>,
    tbhits: AtomicU64,
    multipv: usize,
    started: Instant,
    /// The deepest iteration any thread has finished (see [`iterate`]).
    frontier: AtomicU32,
    best: Mutex<Option<Completed>>,
    /// With more threads than cores, their turns on the cores.
    turns: Option<Turns>,
    /// With several threads, the subtrees they are in (see [`crate::abdada`]).
    busy: Option<BusyTable>,
    report: Mutex<&'a mut (dyn FnMut(&Info) + Send)>,
}

/// A finished iteration: its depth and best root move.
#[derive(Clone, Debug)]
struct Completed {
    depth: u32,
    root: RootMove,
}

impl Shared<'_> {
    fn report(&self, info: &Info) {
        self.emit(info, None);
    }

    /// Makes `root` the move to play if the search stops now, and reports
    /// its line.
    fn report_answer(&self, info: &Info, root: &RootMove) {
        self.emit(info, Some(root));
    }

    /// Reports `info` (and, given `root`, makes it the answer) unless the
    /// answer was given already.
    fn emit(&self, info: &Info, root: Option<&RootMove>) {
        self.control.while_owed(|best| {
            if let Some(root) = root {
                *best = Some((root.mv, root.pv.get(1).copied()));
            }
            let mut report = self.report.lock().unwrap_or_else(|e| e.into_inner());
            (*report)(info);
        });
    }

    /// Ends the search for every thread.
    fn finish(&self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(turns) = &self.turns {
            turns.end();
        }
    }

    /// Whether the threads share one frontier: with several MultiPV lines
    /// only the main thread's iterations count, as helpers search one line.
    fn shares_frontier(&self) -> bool {
        self.multipv == 1
    }
}

/// One search thread's own data.
struct Worker<'a> {
    shared: &'a Shared<'a>,
    id: usize,
    /// Game history then the current search path, for repetitions.
    stack: Vec<Position>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    /// Nodes not yet added to the shared counter.
    unflushed: u64,
    seldepth: usize,
    aborted: bool,
    root_moves: Vec<RootMove>,
    /// When this thread's turn on a core began (see [`Turns`]).
    turn_start: Instant,
}

impl<'a> Worker<'a> {
    fn new(shared: &'a Shared<'a>, id: usize, game: &Game, root_moves: Vec<RootMove>) -> Self {
        let mut stack = Vec::with_capacity(game.positions().len() + MAX_PLY + 1);
        stack.extend_from_slice(game.positions());
        Worker {
            shared,
            id,
            stack,
            killers: [[None; 2]; MAX_PLY + 1],
            pv: vec![[Move::from_pit(0); MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            aborted: false,
            root_moves,
            turn_start: Instant::now(),
        }
    }

    fn variant(&self) -> Variant {
        self.shared.variant
    }

    /// Whether to abandon the search now (checked at every node: a node
    /// that first touches a page of a large fresh table can take
    /// milliseconds on a virtual machine, so counting nodes between looks
    /// at the flags is not enough).
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let s = self.shared;
        if let Some(limit) = s.limits.nodes {
            // Node limits count this thread only, so that one thread is exact.
            if self.nodes >= limit {
                self.aborted = true;
                return true;
            }
        }
        if s.control.is_stopped() || s.done.load(Ordering::Relaxed) {
            // The threads waiting for a turn learn it from the turns.
            s.finish();
            self.aborted = true;
            return true;
        }
        if self.unflushed >= FLUSH_EVERY {
            s.nodes.fetch_add(self.unflushed, Ordering::Relaxed);
            self.unflushed = 0;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY) {
            // Every thread watches the clock: with threads taking turns, the
            // main thread may be waiting for one when the time is up.
            if !s.control.pondering() && s.budget.is_some_and(|b| s.control.clock() >= b.hard) {
                s.finish();
                self.aborted = true;
            } else if let Some(turns) = &s.turns {
                if turns.someone_waits() && self.turn_start.elapsed() >= TURN {
                    self.aborted = !turns.pass();
                    self.turn_start = Instant::now();
                }
            }
        }
        self.aborted
    }

    /// How many times the last position of the stack occurs in it.
    fn repetitions(&self) -> usize {
        let current = *self.stack.last().expect("the stack holds the root");
        // Captures are irreversible, and the same side must be to move.
        self.stack
            .iter()
            .rev()
            .take_while(|p| p.seeds_on_board() == current.seeds_on_board())
            .step_by(2)
            .filter(|p| **p == current)
            .count()
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply] = mv;
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Makes and orders the `legal` children of `p`: TT move, captures by
    /// size, killers. With `prefetch`, when the children will probe the
    /// table, starts loading their entries.
    fn ordered_children(
        &self,
        p: &Position,
        legal: MoveList,
        tt_move: Option<Move>,
        ply: usize,
        prefetch: bool,
    ) -> ([(i32, Move, Position); 7], usize) {
        let v = self.variant();
        let us = p.side_to_move();
        let mut out = [(0, Move::from_pit(0), *p); 7];
        let mut n = 0;
        for m in legal {
            let child = p.make_move(v, m);
            if prefetch {
                self.shared.tt.prefetch(child.key());
            }
            let gain = (child.captured(us) - p.captured(us)) as i32;
            let key = if Some(m) == tt_move {
                ORDER_TT
            } else if gain > 0 {
                ORDER_CAPTURE + gain
            } else if Some(m) == self.killers[ply][0] {
                ORDER_KILLER[0]
            } else if Some(m) == self.killers[ply][1] {
                ORDER_KILLER[1]
            } else {
                0
            };
            out[n] = (key, m, child);
            n += 1;
        }
        out[..n].sort_by_key(|c| std::cmp::Reverse(c.0));
        (out, n)
    }

    fn reward_quiet(&mut self, m: Move, ply: usize) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
    }

    /// Counts a node at `ply`; `false` when the search must stop.
    fn enter_node(&mut self, ply: usize) -> bool {
        self.pv_len[ply] = ply;
        if self.should_stop() {
            return false;
        }
        self.nodes += 1;
        self.unflushed += 1;
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// The principal variation search of one child: the first move gets the
    /// full window, the others a null window first (`reduction` plies
    /// shallower, then at full depth if that beats alpha) and a full-window
    /// re-search if they beat alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        child: &Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        first: bool,
        pv_node: bool,
        reduction: i32,
    ) -> Score {
        self.stack.push(*child);
        let mut score;
        if first {
            score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, pv_node);
        } else {
            score = -self.negamax(
                child,
                depth - 1 - reduction,
                -alpha - 1,
                -alpha,
                ply + 1,
                false,
            );
            if reduction > 0 && score > alpha {
                score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
            }
            if score > alpha && score < beta {
                score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, pv_node);
            }
        }
        self.stack.pop();
        score
    }

    fn negamax(
        &mut self,
        p: &Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        if !self.enter_node(ply) {
            return 0;
        }
        let v = self.variant();

        // 1. Game ends: no legal move, or the third repetition.
        let legal = p.legal_moves(v);
        if legal.is_empty() || self.repetitions() >= REPETITION_LIMIT {
            return game_end_score(p, v, ply);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_with(p, v, self.shared.eval);
        }

        // Tablebases, at a node a capture just reached (no earlier position
        // can repeat there, so the verdict is exact for this game).
        let parent = self.stack.len().checked_sub(2).map(|i| self.stack[i]);
        if ply > 0 && parent.is_some_and(|q| q.seeds_on_board() > p.seeds_on_board()) {
            if let Some(s) = self.tb_cutoff(p, ply, alpha, beta) {
                return s;
            }
        }

        // 2. Mate-distance pruning: no result here beats a shorter mate.
        let alpha_mate = alpha.max(-(MATE - ply as Score));
        let beta_mate = beta.min(MATE - ply as Score - 1);
        if alpha_mate >= beta_mate {
            return alpha_mate;
        }

        // 3. The horizon: resolve captures.
        if depth <= 0 {
            return self.quiescence(p, alpha, beta, ply, false);
        }

        // 4. Transposition table.
        let key = p.key();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            let s = score_from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if !pv_node && e.depth as i32 >= depth && usable {
                return s;
            }
        }

        // 5. Principal variation search over the ordered moves.
        let (children, count) =
            self.ordered_children(p, legal, entry.and_then(|e| e.mv), ply, depth > 1);
        let alpha_orig = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let us = p.side_to_move();
        let busy = self
            .shared
            .busy
            .as_ref()
            .filter(|_| depth >= ABDADA_MIN_DEPTH);
        let mut visits = Visits::new(count);
        while let Some((i, may_defer)) = visits.next() {
            let (order, m, child) = children[i];
            // Keyed only with other threads about: one thread hashes nothing here.
            let marked = busy.map(|b| (b, child.key()));
            if let Some((busy, key)) = marked {
                // The first move is searched at once: the others wait on it.
                if may_defer && i > 0 && busy.is_busy(key) {
                    visits.defer(i);
                    continue;
                }
                busy.enter(key);
            }
            let reduction = if depth >= LMR_MIN_DEPTH && i >= LMR_FIRST_MOVE && order == 0 {
                LMR_PLY + (depth >= LMR_DEEP.0 && i >= LMR_DEEP.1) as i32
            } else {
                0
            };
            let score =
                self.search_child(&child, depth, alpha, beta, ply, i == 0, pv_node, reduction);
            if let Some((busy, key)) = marked {
                busy.leave(key);
            }
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if child.captured(us) == p.captured(us) {
                            self.reward_quiet(m, ply);
                        }
                        break;
                    }
                }
            }
        }

        // 6. Store the result.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            TtEntry {
                mv: best_move,
                score: score_to_tt(best, ply),
                depth: depth.clamp(0, u8::MAX as i32) as u8,
                bound,
            },
        );
        best
    }

    /// Captures only, until the position is quiet. Captures remove seeds, so
    /// no repetition can arise here. `captured` is set when a capture led
    /// here, so that the tablebases apply.
    fn quiescence(
        &mut self,
        p: &Position,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        captured: bool,
    ) -> Score {
        if !self.enter_node(ply) {
            return 0;
        }
        let v = self.variant();
        let legal = p.legal_moves(v);
        if legal.is_empty() {
            return game_end_score(p, v, ply);
        }
        if captured {
            if let Some(s) = self.tb_cutoff(p, ply, alpha, beta) {
                return s;
            }
        }
        let stand_pat = evaluate_with(p, v, self.shared.eval);
        if stand_pat >= beta || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let us = p.side_to_move();
        let (children, count) = self.ordered_children(p, legal, None, ply, false);
        for &(_, m, child) in &children[..count] {
            if child.captured(us) == p.captured(us) {
                continue;
            }
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, true);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The tablebase verdict on `p` as a score, when it decides the node:
    /// exact, or a bound outside the window.
    fn tb_cutoff(&self, p: &Position, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let verdict = self.shared.tb?.probe(p, self.variant())?;
        self.shared.tbhits.fetch_add(1, Ordering::Relaxed);
        let (lower, upper) = (tb_score(verdict.worst, ply), tb_score(verdict.best, ply));
        if lower == upper || lower >= beta {
            Some(lower)
        } else if upper <= alpha {
            Some(upper)
        } else {
            None
        }
    }

    /// One iteration at the root over the moves from `pv_index` on.
    fn root_search(&mut self, depth: i32, mut alpha: Score, beta: Score, pv_index: usize) -> Score {
        let v = self.variant();
        let root = *self.stack.last().expect("root");
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        for i in pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let child = root.make_move(v, m);
            self.nodes += 1;
            self.unflushed += 1;
            let score = self.search_child(&child, depth, alpha, beta, 0, i == pv_index, true, 0);
            if self.aborted {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_index || score > alpha {
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv
                    .extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Best first; a stable sort keeps the previous order among equals.
        self.root_moves[pv_index..].sort_by_key(|r| std::cmp::Reverse(r.score));
        best
    }
}

/// Searches the current position of `game` within `limits`.
///
/// Each finished line goes to `report`, from whichever thread finished it
/// (one at a time), until the answer is taken with
/// [`SearchControl::stop_and_take_answer`]. With one thread and no time
/// limit the search is deterministic.
pub fn search(
    game: &Game,
    limits: &Limits,
    options: &SearchOptions,
    tt: &TranspositionTable,
    control: &SearchControl,
    report: &mut (dyn FnMut(&Info) + Send),
) -> SearchResult {
    search_tb(game, limits, options, tt, control, None, report)
}

/// Root moves the tablebases prove worse than another move, if the history
/// lets them speak (see [`crate::tb`]): after each root move, no position
/// of its seed count may have occurred twice.
fn tb_worse_root_moves(game: &Game, tb: &Tablebases, allowed: &[RootMove]) -> Vec<Move> {
    let v = game.variant();
    let root = game.position();
    if !history_is_clean(game.positions()) || game.repetitions() > 1 {
        return Vec::new();
    }
    let mut verdicts = tb.probe_moves(&root, v);
    verdicts.retain(|(m, _)| allowed.iter().any(|r| r.mv == *m));
    let Some(guaranteed) = verdicts.iter().filter_map(|(_, r)| r.map(|r| r.0)).max() else {
        return Vec::new();
    };
    verdicts
        .into_iter()
        .filter(|(_, r)| r.is_some_and(|(_, best)| best < guaranteed))
        .map(|(m, _)| m)
        .collect()
}

/// [`search`] with endgame tablebases: the root keeps only the moves the
/// tables do not prove worse, and nodes reached by a capture take the
/// tables' verdict when it decides them.
#[allow(clippy::too_many_arguments)]
pub fn search_tb(
    game: &Game,
    limits: &Limits,
    options: &SearchOptions,
    tt: &TranspositionTable,
    control: &SearchControl,
    tb: Option<&Tablebases>,
    report: &mut (dyn FnMut(&Info) + Send),
) -> SearchResult {
    let busy = (options.threads > 1).then(BusyTable::default);
    search_marking(game, limits, options, tt, control, tb, busy, report)
}

/// [`search_tb`] with the table of busy subtrees given (tests fill it to
/// play the other threads).
#[allow(clippy::too_many_arguments)]
fn search_marking(
    game: &Game,
    limits: &Limits,
    options: &SearchOptions,
    tt: &TranspositionTable,
    control: &SearchControl,
    tb: Option<&Tablebases>,
    busy: Option<BusyTable>,
    report: &mut (dyn FnMut(&Info) + Send),
) -> SearchResult {
    let v = game.variant();
    let root = game.position();
    let mut root_moves: Vec<RootMove> = root
        .legal_moves(v)
        .into_iter()
        .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
        .map(|mv| RootMove {
            mv,
            score: -INFINITE,
            pv: vec![mv],
        })
        .collect();
    let worse = tb.map_or(Vec::new(), |tb| tb_worse_root_moves(game, tb, &root_moves));
    if worse.len() < root_moves.len() {
        root_moves.retain(|r| !worse.contains(&r.mv));
    }
    if game.is_over() || root_moves.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            score: game_end_score(&root, v, 0),
            depth: 0,
            nodes: 0,
        };
    }
    // Order the first iteration by the table's move, if any.
    if let Some(m) = tt.probe(root.key()).and_then(|e| e.mv) {
        if let Some(i) = root_moves.iter().position(|r| r.mv == m) {
            root_moves[..=i].rotate_right(1);
        }
    }
    tt.new_search();
    // Until depth 1 is done, a stop plays the first move (as `iterate` does).
    control.while_owed(|best| *best = Some((root_moves[0].mv, None)));
    let threads = options.threads.max(1);
    let multipv = options.multipv.clamp(1, root_moves.len());
    let shared = Shared {
        variant: v,
        eval: options.eval,
        tt,
        control,
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        limits,
        budget: budget(limits, root.side_to_move(), options.move_overhead),
        tb,
        tbhits: AtomicU64::new(0),
        multipv,
        started: Instant::now(),
        frontier: AtomicU32::new(0),
        best: Mutex::new(None),
        turns: (threads > cores()).then(|| Turns::new(cores())),
        busy,
        report: Mutex::new(report),
    };
    let main_result = std::thread::scope(|scope| {
        for id in 1..threads {
            // Starting many helpers takes a while on a loaded machine: a
            // `stop` meanwhile must not wait for all of them to start.
            if control.is_stopped() {
                break;
            }
            let shared = &shared;
            let moves = root_moves.clone();
            scope.spawn(move || {
                let mut w = Worker::new(shared, id, game, moves);
                iterate(&mut w);
            });
        }
        let mut main = Worker::new(&shared, 0, game, root_moves);
        let result = iterate(&mut main);
        shared.finish();
        result
    });
    let deepest = shared.best.lock().unwrap_or_else(|e| e.into_inner()).take();
    let result = match deepest {
        Some(c) if shared.multipv == 1 => SearchResult {
            best: Some(c.root.mv),
            ponder: c.root.pv.get(1).copied(),
            score: c.root.score,
            depth: c.depth,
            nodes: 0,
        },
        _ => main_result,
    };
    SearchResult {
        nodes: shared.nodes.load(Ordering::Relaxed),
        ..result
    }
}

/// How far beyond the frontier odd-numbered helpers start their iterations.
///
/// Time to depth 18 over the twelve bench positions, `Threads 2` against
/// `Threads 1` (`scripts/smp_speedup.py`, summed times): 1.31× with every
/// thread at the frontier, 1.41× one ply ahead, 1.22× two plies ahead.
/// Abandoning an iteration once another thread finished it gave 1.28×
/// against 1.43× for finishing it. Single runs vary by ±0.1×. The
/// skipped-depth scheme used before (helpers leaving out blocks of depths)
/// gave 0.93×, though on a table whose page faults also slowed it.
const SMP_AHEAD: u32 = 1;

/// The depth a worker searches after finishing (or giving up) `depth`,
/// given the `frontier` and the deepest depth asked for.
///
/// Lazy SMP: the threads share one frontier, the deepest iteration any of
/// them has finished. A thread never starts a depth at or behind it, and
/// every other helper (odd `id`) starts `SMP_AHEAD` plies beyond it, so
/// that the threads leapfrog each other and each iteration starts on a
/// table the deeper thread has already filled. A thread whose iteration
/// another finished first still completes it: abandoning it measured
/// slower (see the note on [`SMP_AHEAD`]). A helper that would start beyond
/// `max_depth` joins the search of `max_depth` instead: leaving would leave
/// the last iteration to fewer threads (with two threads, `go depth 20`
/// over the bench positions took 1.45x less time than one thread before
/// this, 1.60x after, in two runs of `scripts/smp_speedup.py`).
fn next_depth(depth: u32, frontier: u32, id: usize, max_depth: u32) -> u32 {
    let ahead = SMP_AHEAD * (id % 2) as u32;
    (depth + 1).max(frontier + 1 + ahead).min(max_depth)
}

/// Iterative deepening for one worker. The thread that finishes an
/// iteration first reports it and decides whether to go on.
fn iterate(w: &mut Worker) -> SearchResult {
    let shared = w.shared;
    let limits = shared.limits;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    let multipv = if w.id == 0 { shared.multipv } else { 1 };
    let mut completed = SearchResult {
        best: Some(w.root_moves[0].mv),
        ponder: None,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if let Some(turns) = &shared.turns {
        // Refused when the search ended first: then the loop ends at once.
        w.aborted = !turns.take();
        w.turn_start = Instant::now();
    }
    let mut depth = 0;
    loop {
        if depth >= max_depth || shared.done.load(Ordering::Relaxed) || shared.control.is_stopped()
        {
            break;
        }
        depth = if shared.shares_frontier() {
            let frontier = shared.frontier.load(Ordering::Acquire);
            next_depth(depth, frontier, w.id, max_depth)
        } else {
            depth + 1
        };
        for pv_index in 0..multipv {
            w.seldepth = 0;
            // The line's score from the previous iteration centres the window.
            let prev: Score = w.root_moves[pv_index].score;
            let mut delta = ASPIRATION_DELTA;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && prev.abs() < MATE_BOUND
            {
                (prev - delta, prev + delta)
            } else {
                (-INFINITE, INFINITE)
            };
            let score = loop {
                let s = w.root_search(depth as i32, alpha, beta, pv_index);
                if w.aborted {
                    break s;
                }
                let bound = if s <= alpha {
                    ScoreBound::Upper
                } else if s >= beta {
                    ScoreBound::Lower
                } else {
                    break s;
                };
                if w.id == 0 && depth > shared.frontier.load(Ordering::Relaxed) {
                    shared.report(&make_info(w, depth, pv_index, s, bound));
                }
                delta *= 2;
                if bound == ScoreBound::Upper {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INFINITE);
                } else {
                    beta = (s + delta).min(INFINITE);
                }
                if delta > SEED_WINDOW_LIMIT {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            };
            if w.aborted {
                break;
            }
            if w.id == 0 && !shared.shares_frontier() {
                let info = make_info(w, depth, pv_index, score, ScoreBound::Exact);
                if pv_index + 1 == multipv {
                    shared.report_answer(&info, &w.root_moves[0]);
                } else {
                    shared.report(&info);
                }
            }
        }
        if w.aborted {
            break;
        }
        let best = &w.root_moves[0];
        completed = SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: best.score,
            depth,
            nodes: w.nodes,
        };
        let decides = if shared.shares_frontier() {
            publish(w, depth)
        } else {
            w.id == 0
        };
        if decides && iteration_ends_search(w, depth, max_depth) {
            shared.finish();
            break;
        }
    }
    if w.aborted && completed.depth == 0 {
        // Interrupted before depth 1 finished: any partial best is better than none.
        completed.best = Some(w.root_moves[0].mv);
    }
    shared.nodes.fetch_add(w.unflushed, Ordering::Relaxed);
    w.unflushed = 0;
    if let Some(turns) = &shared.turns {
        turns.give_back(); // owed or not, harmless once the search ended
    }
    // In infinite or ponder mode the move is owed only once we are told to stop.
    if w.id == 0 && (limits.infinite || shared.control.pondering()) {
        while !shared.control.is_stopped() && (limits.infinite || shared.control.pondering()) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    completed
}

/// Makes `w`'s finished iteration the frontier and reports it, unless
/// another thread got there first. Returns whether it did.
fn publish(w: &Worker, depth: u32) -> bool {
    let shared = w.shared;
    let mut best = shared.best.lock().unwrap_or_else(|e| e.into_inner());
    if best.as_ref().is_some_and(|c| c.depth >= depth) {
        return false;
    }
    *best = Some(Completed {
        depth,
        root: w.root_moves[0].clone(),
    });
    shared.frontier.store(depth, Ordering::Release);
    let score = w.root_moves[0].score;
    shared.report_answer(
        &make_info(w, depth, 0, score, ScoreBound::Exact),
        &w.root_moves[0],
    );
    true
}

/// Whether the iteration of `depth` just finished is the last one.
fn iteration_ends_search(w: &Worker, depth: u32, max_depth: u32) -> bool {
    let shared = w.shared;
    let best = &w.root_moves[0];
    if depth >= max_depth {
        return true;
    }
    if let Some(n) = shared.limits.mate {
        if mate_in(best.score).is_some_and(|m| m > 0 && m <= n as i32) {
            return true;
        }
    }
    let timed = shared.budget.is_some() && !shared.control.pondering();
    if w.root_moves.len() == 1 && timed {
        return true; // a forced move needs no thought when the clock runs
    }
    shared
        .budget
        .is_some_and(|b| timed && shared.control.clock() >= b.soft)
}

/// Aspiration windows wider than this fall back to a full window.
const SEED_WINDOW_LIMIT: Score = 20 * crate::eval::SEED;

fn make_info(w: &Worker, depth: u32, pv_index: usize, score: Score, bound: ScoreBound) -> Info {
    let shared = w.shared;
    let nodes = shared.nodes.load(Ordering::Relaxed) + w.unflushed;
    Info {
        depth,
        seldepth: w.seldepth as u32,
        multipv: pv_index + 1,
        score,
        bound,
        nodes,
        time: shared.started.elapsed(),
        hashfull: shared.tt.hashfull(),
        tbhits: shared.tbhits.load(Ordering::Relaxed),
        pv: w.root_moves[pv_index].pv.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::position::Side;

    #[test]
    fn threads_leapfrog_the_frontier_up_to_the_last_depth() {
        // The main thread goes one beyond the frontier, the odd helper two.
        assert_eq!(next_depth(5, 10, 0, 60), 11);
        assert_eq!(next_depth(5, 10, 1, 60), 12);
        assert_eq!(next_depth(5, 10, 2, 60), 11);
        // A thread ahead of the frontier just goes on.
        assert_eq!(next_depth(14, 10, 1, 60), 15);
        // Near the end the helper joins the last depth rather than leave.
        assert_eq!(next_depth(18, 19, 1, 20), 20);
        assert_eq!(next_depth(19, 19, 0, 20), 20);
    }

    /// The search of `p` to `depth` by one thread that finds the children
    /// and grandchildren of the root busy, as if other threads were in them.
    fn search_among_busy_threads(v: Variant, p: Position, depth: u32) -> SearchResult {
        let busy = BusyTable::default();
        for m in p.legal_moves(v) {
            let child = p.make_move(v, m);
            busy.enter(child.key());
            for n in child.legal_moves(v) {
                busy.enter(child.make_move(v, n).key());
            }
        }
        let tt = TranspositionTable::new(1).unwrap();
        search_marking(
            &Game::new(v, p),
            &Limits::depth(depth),
            &SearchOptions::default(),
            &tt,
            &SearchControl::default(),
            None,
            Some(busy),
            &mut |_| {},
        )
    }

    #[test]
    fn moves_put_off_as_busy_are_still_searched() {
        use rand::{rngs::StdRng, Rng, SeedableRng};
        // Small endgames searched deep enough to reach the end of most
        // lines: a move left out would change some of their values.
        let mut rng = StdRng::seed_from_u64(5);
        let mut compared = 0;
        let mut reordered = 0;
        while compared < 60 {
            let v = Variant::ALL[compared % 3];
            let mut pits = [0u8; 14];
            for _ in 0..rng.random_range(8..=12) {
                pits[rng.random_range(0..14)] += 1;
            }
            let board: u8 = pits.iter().sum();
            let south = (70 - board) / 2;
            let Some(p) =
                Position::from_parts(pits, Side::South, [south, 70 - board - south], [false; 2])
            else {
                continue;
            };
            if Game::new(v, p).is_over() {
                continue;
            }
            let tt = TranspositionTable::new(1).unwrap();
            let plain = search(
                &Game::new(v, p),
                &Limits::depth(12),
                &SearchOptions::default(),
                &tt,
                &SearchControl::default(),
                &mut |_| {},
            );
            let marked = search_among_busy_threads(v, p, 12);
            assert_eq!(
                (marked.best, marked.score),
                (plain.best, plain.score),
                "{v} {p}"
            );
            compared += 1;
            reordered += (marked.nodes != plain.nodes) as usize;
        }
        assert!(reordered > 0, "the marks changed only {reordered} searches");
    }
}
