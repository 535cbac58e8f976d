//! One search thread: the principal variation search (negamax alpha-beta
//! with a transposition table) from the root moves down, the quiescence
//! search of captures, move ordering, repetitions and the tablebases at the
//! nodes a capture reached. Its state is its own: the root's iterations
//! (`root`) go through its methods.

use crate::time::Instant;
use std::sync::atomic::Ordering;

use super::smp::Shared;
use super::tunables::{
    ABDADA_MIN_DEPTH, CAPTURE_BONUS, CLOCK_INTERVAL_NODES, FLUSH_INTERVAL_NODES, KILLER_BONUS,
    LMR_REDUCTION_PLIES, TT_MOVE_BONUS,
};
use super::{RootMove, SearchStats};
use crate::abdada::Visits;
use crate::score::{
    game_end_score, score_from_tt, score_to_tt, tb_score, Score, INFINITE, MATE, MAX_PLY, TB_BOUND,
};
use crate::tt::{Bound, TtEntry};
use crate::turns::TURN_DURATION;
use songo_core::game::{Game, REPETITION_LIMIT};
use songo_core::moves::{Move, MoveList};
use songo_core::position::Position;
use songo_core::variant::Variant;

/// One search thread's own data.
pub(super) struct Worker<'a> {
    shared: &'a Shared<'a>,
    id: usize,
    /// Game history then the current search path, for repetitions.
    stack: Vec<Position>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The move a singular-extension search at this ply leaves out.
    excluded: [Option<Move>; MAX_PLY + 1],
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    /// Nodes not yet added to the shared counter.
    unflushed: u64,
    seldepth: usize,
    aborted: bool,
    /// Best first after each iteration.
    root_moves: Vec<RootMove>,
    /// When this thread's turn on a core began (see [`crate::turns::Turns`]).
    turn_start: Instant,
    /// A table was probed since the last look at the clock.
    probed: bool,
    /// This thread's counts, added to the shared ones when it retires.
    pub(super) stats: SearchStats,
}

/// The node whose child [`Worker::search_child`] searches: its depth left,
/// window, ply, and whether it is on the principal variation.
#[derive(Clone, Copy)]
struct Parent {
    depth: i32,
    alpha: Score,
    beta: Score,
    ply: usize,
    pv_node: bool,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        shared: &'a Shared<'a>,
        id: usize,
        game: &Game,
        root_moves: Vec<RootMove>,
    ) -> Self {
        let mut stack = Vec::with_capacity(game.positions().len() + MAX_PLY + 1);
        stack.extend_from_slice(game.positions());
        Worker {
            shared,
            id,
            stack,
            killers: [[None; 2]; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            pv: vec![[Move::from_pit(0); MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            aborted: false,
            root_moves,
            turn_start: Instant::now(),
            probed: false,
            stats: SearchStats::default(),
        }
    }

    fn variant(&self) -> Variant {
        self.shared.variant
    }

    pub(super) fn shared(&self) -> &'a Shared<'a> {
        self.shared
    }

    /// The thread's number: 0 for the main thread.
    pub(super) fn id(&self) -> usize {
        self.id
    }

    pub(super) fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Whether the search was abandoned (stopped, out of time or nodes, or
    /// waiting for a turn after the search ended).
    pub(super) fn aborted(&self) -> bool {
        self.aborted
    }

    /// The root moves, best first after each iteration.
    pub(super) fn root_moves(&self) -> &[RootMove] {
        &self.root_moves
    }

    /// Nodes this thread searched.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Nodes all threads searched, as far as this one knows.
    pub(super) fn searched_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.unflushed
    }

    pub(super) fn seldepth(&self) -> u32 {
        self.seldepth as u32
    }

    /// A new line at the root: its selective depth counts from here.
    pub(super) fn start_line(&mut self) {
        self.seldepth = 0;
    }

    /// Waits for a turn on a core when threads take turns; abandons the
    /// search if it ended meanwhile.
    pub(super) fn take_turn(&mut self) {
        if let Some(turns) = &self.shared.turns {
            self.aborted = !turns.take();
            self.turn_start = Instant::now();
        }
    }

    /// The thread is done: its last nodes are counted and its turn, if
    /// any, given back.
    pub(super) fn retire(&mut self) {
        self.flush_nodes();
        *self.shared.stats.lock().unwrap_or_else(|e| e.into_inner()) += self.stats;
        if let Some(turns) = &self.shared.turns {
            turns.give_back(); // owed or not, harmless once the search ended
        }
    }

    /// The one place a node is counted: in the thread's own count, which
    /// node limits read (so that one thread is exact), and in a batch for
    /// the shared count.
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
    }

    /// Adds the batch to the shared count: in batches, so that the threads
    /// do not contend for one counter at every node.
    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Whether to abandon the search now (checked at every node). The clock
    /// is read every few nodes, and after every table probe: a probe that
    /// first touches a page of a table not yet in memory waits for the
    /// disk, a fraction of a millisecond alone but several when the disk
    /// is busy, so a run of probing nodes must not go unwatched.
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
        if self.unflushed >= FLUSH_INTERVAL_NODES {
            self.flush_nodes();
        }
        if self.nodes.is_multiple_of(CLOCK_INTERVAL_NODES) || std::mem::take(&mut self.probed) {
            // Every thread watches the clock: with threads taking turns, the
            // main thread may be waiting for one when the time is up.
            if !s.control.pondering() && s.budget.is_some_and(|b| s.control.clock() >= b.hard) {
                s.finish();
                self.aborted = true;
            } else if let Some(turns) = &s.turns {
                if turns.someone_waits() && self.turn_start.elapsed() >= TURN_DURATION {
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
                TT_MOVE_BONUS
            } else if gain > 0 {
                CAPTURE_BONUS + gain
            } else if Some(m) == self.killers[ply][0] {
                KILLER_BONUS[0]
            } else if Some(m) == self.killers[ply][1] {
                KILLER_BONUS[1]
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
        self.count_node();
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// One iteration at the root over the moves from `pv_index` on.
    pub(super) fn root_search(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        pv_index: usize,
    ) -> Score {
        let v = self.variant();
        let root = *self.stack.last().expect("root");
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        for i in pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let child = root.make_move(v, m);
            self.count_node();
            let parent = Parent {
                depth,
                alpha,
                beta,
                ply: 0,
                pv_node: true,
            };
            let score = self.search_child(&child, parent, i == pv_index, 0);
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

    /// The principal variation search of one child of `parent`: the first
    /// move gets the full window, the others a null window first
    /// (`reduction` plies shallower, then at full depth if that beats
    /// alpha) and a full-window re-search if they beat alpha.
    fn search_child(
        &mut self,
        child: &Position,
        parent: Parent,
        first: bool,
        reduction: i32,
    ) -> Score {
        let Parent {
            depth,
            alpha,
            beta,
            ply,
            pv_node,
        } = parent;
        self.stack.push(*child);
        let mut score;
        if first {
            score = -self.negamax(
                child,
                depth - 1 - reduction,
                -beta,
                -alpha,
                ply + 1,
                pv_node,
            );
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
            return self.shared.evaluate(p);
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

        // 4. Transposition table (not for a search that leaves a move out:
        // its value is not the node's).
        let excluded = self.excluded[ply];
        let key = p.key();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            let s = score_from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if !pv_node && e.depth as i32 >= depth && usable && excluded.is_none() {
                return s;
            }
        }

        // 5. Internal iterative reduction: nothing known here, so less is spent.
        // Through the shared reference itself, so that the borrow outlives
        // the searches of the children (which borrow `self` mutably).
        let shared = self.shared;
        let params = &shared.params;
        let tt_move = entry.and_then(|e| e.mv);
        let depth = if tt_move.is_none() && depth >= params.iir_min_depth {
            self.stats.iir_reductions += 1;
            depth - 1
        } else {
            depth
        };

        // 6. Reverse futility pruning: far enough above beta that the few
        // plies left are unlikely to bring it back (not near proven scores,
        // which the evaluation cannot judge).
        let eval = (!pv_node && depth <= params.rfp_max_depth.max(params.futility_max_depth))
            .then(|| self.shared.evaluate(p));
        if let Some(eval) = eval {
            if depth <= params.rfp_max_depth
                && beta.abs() < TB_BOUND
                && eval - params.rfp_margin * depth >= beta
            {
                self.stats.rfp_cutoffs += 1;
                return eval;
            }
        }
        // Futility: a quiet move here would need more than the margin to reach alpha.
        let futile = eval.is_some_and(|e| {
            depth <= params.futility_max_depth
                && alpha.abs() < TB_BOUND
                && e + params.futility_margin * depth <= alpha
        });

        // 7. Singular extension: the table move is searched deeper when no
        // other move comes near its stored score; when the others beat beta
        // without it too, the node fails high at once (multi-cut).
        let mut tt_extension = 0;
        if let (Some(e), Some(ttm)) = (entry, tt_move) {
            let s = score_from_tt(e.score, ply);
            if ply > 0
                && excluded.is_none()
                && depth >= params.se_min_depth
                && e.depth as i32 >= depth - 3
                && e.bound != Bound::Upper
                && s.abs() < TB_BOUND
            {
                let s_beta = s - params.se_margin * depth;
                self.excluded[ply] = Some(ttm);
                let value = self.negamax(p, (depth - 1) / 2, s_beta - 1, s_beta, ply, false);
                self.excluded[ply] = None;
                if self.aborted {
                    return 0;
                }
                if value < s_beta {
                    self.stats.singular_extensions += 1;
                    tt_extension = 1;
                } else if s_beta >= beta {
                    self.stats.multi_cuts += 1;
                    return s_beta;
                }
            }
        }

        // 8. Principal variation search over the ordered moves.
        let (children, count) = self.ordered_children(p, legal, tt_move, ply, depth > 1);
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
            if Some(m) == excluded {
                continue;
            }
            if futile && best > -INFINITE && order == 0 {
                self.stats.futile_moves += 1;
                continue;
            }
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
            let late = i as i32;
            let reduction = if Some(m) == tt_move {
                -tt_extension
            } else if depth >= params.lmr_min_depth
                && late >= params.lmr_min_move_index
                && order == 0
            {
                self.stats.lmr_reductions += 1;
                LMR_REDUCTION_PLIES
                    + (depth >= params.lmr_deep_min_depth && late >= params.lmr_deep_min_move_index)
                        as i32
            } else {
                0
            };
            let parent = Parent {
                depth,
                alpha,
                beta,
                ply,
                pv_node,
            };
            let score = self.search_child(&child, parent, i == 0, reduction);
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

        // 9. Store the result (not a search that left a move out).
        if excluded.is_some() {
            return best;
        }
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
        let stand_pat = self.shared.evaluate(p);
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
    fn tb_cutoff(&mut self, p: &Position, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let verdict = self.shared.tb?.probe(p, self.variant());
        // Only a probe that read a table can have waited for the disk.
        self.probed |= verdict.is_some();
        let verdict = verdict?;
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
}
