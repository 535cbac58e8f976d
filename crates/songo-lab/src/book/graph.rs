//! The book being built, as a graph: its positions (reconstructed by
//! walking the book from each variant's start, since the file stores keys,
//! not positions), the negamax values backed up from the searched leaves,
//! and the drop-out choice of the leaf to expand next.
//!
//! Everything here is a function of the book's contents alone (no clock,
//! no thread, no hash map iterated): that is what makes a build resumed
//! from its file give the bytes of an uninterrupted one.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::fmt;
use std::str::FromStr;

use songo_book::{Book, BookKey, BookMove};
use songo_core::score::TB_BOUND;
use songo_core::{Move, Position, Variant};

/// One move of a book position, with what the graph needs beyond the
/// file's record: where it goes and whether the game ends there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The move and its record as the file stores it: score, depth, visits.
    pub book: BookMove,
    /// The key of the position after the move.
    pub child: BookKey,
    /// The game is over after the move: its score is exact, and there is
    /// nothing to expand.
    pub ends: bool,
}

/// A book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The variant whose start the position was reached from.
    pub variant: Variant,
    /// The position, rebuilt by playing the book's moves from that start.
    pub position: Position,
    /// In pit order, so that nothing depends on the order scores sorted
    /// them in the file.
    pub edges: Vec<Edge>,
}

impl Node {
    /// The node of `position` with these scored moves.
    pub fn new(variant: Variant, position: Position, moves: &[BookMove]) -> Node {
        let mut edges: Vec<Edge> = moves
            .iter()
            .map(|m| {
                let after = position.make_move(variant, m.mv);
                Edge {
                    book: *m,
                    child: BookKey::new(variant, &after),
                    ends: after.is_over(variant),
                }
            })
            .collect();
        edges.sort_by_key(|e| e.book.mv);
        Node {
            variant,
            position,
            edges,
        }
    }

    /// The best move's score and depth: the node's negamax value (of equal
    /// scores, the lowest pit's, so the value never depends on visits).
    pub fn value(&self) -> (i16, u8) {
        let mut best = (i16::MIN, 0);
        for e in &self.edges {
            if e.book.score > best.0 {
                best = (e.book.score, e.book.depth);
            }
        }
        best
    }
}

/// A score seen from the other side, one ply further from the end: a
/// proven result (a mate or a table win) `k` plies away is `k + 1` plies
/// away from the position before, as the engine counts them.
pub fn from_child(score: i32) -> i32 {
    if score >= TB_BOUND {
        -score + 1
    } else if score <= -TB_BOUND {
        -score - 1
    } else {
        -score
    }
}

/// Whether a score is a proven result: a move that has one is not worth
/// expanding, as no book line can change it.
pub fn is_proven(score: i16) -> bool {
    (score as i32).abs() >= TB_BOUND
}

/// `--weight`: the plies of book depth that one seed of a move's deficit
/// to the best move costs, kept in thousandths so that priorities add up
/// exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight {
    milli: u64,
}

/// The largest `--weight`: beyond it only the best moves are expanded anyway.
pub const MAX_WEIGHT: u64 = 1000;
/// Priority units of one ply: a thousandth of a ply per seed times a
/// centiseed is 1/100000 of a ply.
const PLY: u64 = 100_000;

impl Weight {
    /// A weight of `milli` thousandths of a ply per seed.
    pub const fn from_milli(milli: u64) -> Weight {
        Weight { milli }
    }

    /// The priority cost of one ply along a move `deficit` centiseeds
    /// worse than the best.
    fn cost(self, deficit: i32) -> u64 {
        PLY + self.milli * deficit.max(0) as u64
    }
}

/// A `--weight` that is not a number from 0 to [`MAX_WEIGHT`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a weight: a number of plies per seed from 0 to {MAX_WEIGHT}")]
pub struct ParseWeightError(String);

impl FromStr for Weight {
    type Err = ParseWeightError;

    fn from_str(text: &str) -> Result<Weight, ParseWeightError> {
        let bad = || ParseWeightError(text.to_string());
        let w: f64 = text.trim().parse().map_err(|_| bad())?;
        if !(0.0..=MAX_WEIGHT as f64).contains(&w) {
            return Err(bad());
        }
        Ok(Weight {
            milli: (w * 1000.0).round() as u64,
        })
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.milli as f64 / 1000.0)
    }
}

/// The next position to add to the book, and the moves that lead to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The variant whose start the leaf is reached from.
    pub variant: Variant,
    /// The position to search and add.
    pub position: Position,
    /// Its key in the book.
    pub key: BookKey,
    /// From the variant's start: each book position's key and the index
    /// of the edge taken there. Empty when the leaf is the start itself.
    pub path: Vec<(BookKey, usize)>,
    /// The leaf's priority: plies and weighted deficits, in 1/100000 ply.
    pub cost: u64,
}

impl Leaf {
    /// The priority in plies.
    pub fn plies(&self) -> f64 {
        self.cost as f64 / PLY as f64
    }
}

/// The book as a graph of positions (a DAG in practice; a cycle of
/// positions is guarded against).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    nodes: BTreeMap<BookKey, Node>,
    /// Entries of the file that no variant's start reaches (another
    /// builder's, say): kept as they are.
    others: Vec<(BookKey, Vec<BookMove>)>,
}

/// Where an iterative depth-first walk stands at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    OnStack,
    Done,
}

impl Graph {
    /// The graph of a book, its values backed up.
    pub fn from_book(book: &Book) -> Graph {
        let mut nodes = BTreeMap::new();
        for v in Variant::ALL {
            let start = Position::startpos();
            if book.probe(v, &start).is_none() {
                continue;
            }
            let mut stack = vec![start];
            nodes.insert(BookKey::new(v, &start), None);
            while let Some(p) = stack.pop() {
                let moves = book.probe(v, &p).unwrap_or_default();
                let node = Node::new(v, p, moves);
                for e in node.edges.iter().filter(|e| !e.ends) {
                    if nodes.contains_key(&e.child) {
                        continue;
                    }
                    let after = p.make_move(v, e.book.mv);
                    if book.probe(v, &after).is_some() {
                        nodes.insert(e.child, None);
                        stack.push(after);
                    }
                }
                nodes.insert(BookKey::new(v, &p), Some(node));
            }
        }
        let nodes: BTreeMap<BookKey, Node> = nodes
            .into_iter()
            .filter_map(|(k, n)| Some((k, n?)))
            .collect();
        let others = book
            .entries()
            .filter(|(k, _)| !nodes.contains_key(k))
            .map(|(k, moves)| (k, moves.to_vec()))
            .collect();
        let mut graph = Graph { nodes, others };
        graph.back_up();
        graph
    }

    /// The book of the graph, in the file's order.
    pub fn to_book(&self) -> Book {
        let ours = self.nodes.iter().map(|(k, n)| {
            let moves: Vec<BookMove> = n.edges.iter().map(|e| e.book).collect();
            (*k, moves)
        });
        Book::from_positions(ours.chain(self.others.iter().cloned()))
    }

    /// Positions in the book, the unreached ones included.
    pub fn len(&self) -> usize {
        self.nodes.len() + self.others.len()
    }

    /// Whether the book has no position at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Book positions reached from `variant`'s start.
    pub fn count(&self, variant: Variant) -> usize {
        self.nodes.values().filter(|n| n.variant == variant).count()
    }

    /// The book position with this key, if it is reached from a variant's start.
    pub fn node(&self, key: BookKey) -> Option<&Node> {
        self.nodes.get(&key)
    }

    /// Whether the book position with this key is reached from a variant's start.
    pub fn contains(&self, key: BookKey) -> bool {
        self.nodes.contains_key(&key)
    }

    /// Sets every move that leads to a book position to that position's
    /// negamax value, from the leaves up, walking from each variant's start
    /// depth first. A move back to a position on the walk's current line (a
    /// cycle) keeps the score it has, so the walk ends.
    pub fn back_up(&mut self) {
        let mut marks: HashMap<BookKey, Mark> = HashMap::new();
        for v in Variant::ALL {
            let root = BookKey::new(v, &Position::startpos());
            if !self.nodes.contains_key(&root) || marks.contains_key(&root) {
                continue;
            }
            marks.insert(root, Mark::OnStack);
            // (node, index of its next edge to look at)
            let mut stack = vec![(root, 0usize)];
            while let Some(top) = stack.last_mut() {
                let (key, next) = *top;
                top.1 += 1;
                let edges = &self.nodes[&key].edges;
                if let Some(e) = edges.get(next) {
                    if !e.ends && self.nodes.contains_key(&e.child) && !marks.contains_key(&e.child)
                    {
                        marks.insert(e.child, Mark::OnStack);
                        stack.push((e.child, 0));
                    }
                    continue;
                }
                stack.pop();
                let updates: Vec<(usize, i16, u8)> = edges
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| !e.ends && marks.get(&e.child) == Some(&Mark::Done))
                    .map(|(i, e)| {
                        let (score, depth) = self.nodes[&e.child].value();
                        let score = BookMove::clamp_score(from_child(score as i32));
                        (i, score, depth.saturating_add(1))
                    })
                    .collect();
                let node = self.nodes.get_mut(&key).expect("a node on the walk");
                for (i, score, depth) in updates {
                    node.edges[i].book.score = score;
                    node.edges[i].book.depth = depth;
                }
                marks.insert(key, Mark::Done);
            }
        }
    }

    /// The leaf to expand next in `variant`, by drop-out expansion: the
    /// cost of a line from the start is its plies plus `weight` times the
    /// seeds each of its moves is worse than the best move where it is
    /// played, and the cheapest move that leaves the book (to a position
    /// where the game goes on and that no search proved) is expanded.
    /// Equal costs are told apart by `seed`, then by position and move.
    /// `None` when the book is complete: nothing left to expand.
    pub fn next_leaf(&self, variant: Variant, weight: Weight, seed: u64) -> Option<Leaf> {
        let start = Position::startpos();
        let root = BookKey::new(variant, &start);
        if !self.nodes.contains_key(&root) {
            return Some(Leaf {
                variant,
                position: start,
                key: root,
                path: Vec::new(),
                cost: 0,
            });
        }
        // Dijkstra from the start (every move costs at least a ply).
        let mut dist: HashMap<BookKey, u64> = HashMap::from([(root, 0)]);
        let mut came: HashMap<BookKey, (BookKey, usize)> = HashMap::new();
        let mut heap = BinaryHeap::from([Reverse((0u64, root))]);
        // (cost, tie-break, node, edge)
        let mut best: Option<(u64, u64, BookKey, usize)> = None;
        while let Some(Reverse((d, key))) = heap.pop() {
            if dist.get(&key).is_some_and(|&known| known < d) {
                continue;
            }
            // Every leaf beyond costs more than d: none beats the best.
            if best.is_some_and(|b| b.0 <= d) {
                break;
            }
            let node = &self.nodes[&key];
            let (top, _) = node.value();
            for (i, e) in node.edges.iter().enumerate() {
                if e.ends {
                    continue;
                }
                let cost = d.saturating_add(weight.cost(top as i32 - e.book.score as i32));
                if self.nodes.contains_key(&e.child) {
                    if dist.get(&e.child).is_none_or(|&known| cost < known) {
                        dist.insert(e.child, cost);
                        came.insert(e.child, (key, i));
                        heap.push(Reverse((cost, e.child)));
                    }
                } else if !is_proven(e.book.score) {
                    let candidate = (cost, mix(seed, e.child), key, i);
                    if best.is_none_or(|b| candidate < b) {
                        best = Some(candidate);
                    }
                }
            }
        }
        let (cost, _, parent, edge) = best?;
        let mut path = vec![(parent, edge)];
        let mut at = parent;
        while let Some(&(up, i)) = came.get(&at) {
            path.push((up, i));
            at = up;
        }
        path.reverse();
        let mut position = start;
        for &(k, i) in &path {
            position = position.make_move(variant, self.nodes[&k].edges[i].book.mv);
        }
        Some(Leaf {
            variant,
            position,
            key: self.nodes[&parent].edges[edge].child,
            path,
            cost,
        })
    }

    /// Adds the leaf's position with its scored moves, counts the
    /// expansion as a visit of every move on its path, and backs the
    /// values up.
    pub fn expand(&mut self, leaf: &Leaf, moves: &[BookMove]) {
        for &(k, i) in &leaf.path {
            if let Some(e) = self.nodes.get_mut(&k).and_then(|n| n.edges.get_mut(i)) {
                e.book.visits = e.book.visits.saturating_add(1);
            }
        }
        self.nodes
            .insert(leaf.key, Node::new(leaf.variant, leaf.position, moves));
        if self.others.is_empty() {
            self.back_up();
        } else {
            // The new position may reach entries that no start reached
            // before: read the book again, as a resumed build would.
            self.others.retain(|(k, _)| *k != leaf.key);
            *self = Graph::from_book(&self.to_book());
        }
    }
}

/// A number that orders equal priorities (and `songo book openings`'
/// picks): a mix of the seed and a position's key.
pub fn mix(seed: u64, child: BookKey) -> u64 {
    songo_core::position::mix64(seed ^ child.hash ^ (child.check as u64).rotate_left(32))
}

/// The move's score and depth when its position is added: what the graph
/// knows without a search (a game end, exact), or `None` when the move
/// must be searched. A move to a book position gets a stand-in that
/// [`Graph::back_up`] replaces.
pub fn known_score(graph: &Graph, variant: Variant, after: &Position) -> Option<(i16, u8)> {
    if after.is_over(variant) {
        let end = songo_core::score::game_end_score(after, variant, 0);
        return Some((BookMove::clamp_score(from_child(end)), u8::MAX));
    }
    graph
        .contains(BookKey::new(variant, after))
        .then_some((0, 0))
}

/// A move as the book stores it once searched or known.
pub fn book_move(mv: Move, score: i16, depth: u8) -> BookMove {
    BookMove {
        mv,
        score,
        depth,
        visits: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_book::BookStats;
    use songo_core::score::MATE;

    /// What a search would give, without the engine: the captured seeds'
    /// difference for the mover before the move, and a little noise that
    /// depends only on the position.
    fn fake_moves(graph: &Graph, v: Variant, p: &Position) -> Vec<BookMove> {
        p.legal_moves(v)
            .iter()
            .map(|m| {
                let after = p.make_move(v, m);
                let (score, depth) = known_score(graph, v, &after).unwrap_or_else(|| {
                    let us = p.side_to_move();
                    let gain = after.captured(us) as i32 - after.captured(us.opponent()) as i32;
                    let noise = (mix(0, BookKey::new(v, &after)) % 61) as i32 - 30;
                    (BookMove::clamp_score(gain * 100 + noise), 4)
                });
                book_move(m, score, depth)
            })
            .collect()
    }

    fn grow(graph: &mut Graph, v: Variant, weight: Weight, steps: usize) {
        for _ in 0..steps {
            let leaf = graph.next_leaf(v, weight, 1).expect("a leaf");
            let moves = fake_moves(graph, v, &leaf.position);
            graph.expand(&leaf, &moves);
        }
    }

    #[test]
    fn scores_are_seen_from_the_other_side_and_proofs_lengthen() {
        assert_eq!(from_child(35), -35);
        assert_eq!(from_child(-120), 120);
        // Won for the mover after the move, at once: lost one ply earlier.
        assert_eq!(from_child(MATE), -(MATE - 1));
        assert_eq!(from_child(-(MATE - 4)), MATE - 5);
        assert!(is_proven(BookMove::clamp_score(MATE - 5)));
        assert!(!is_proven(2000));
    }

    #[test]
    fn weights_read_and_write_plies_per_seed() {
        assert_eq!("3".parse::<Weight>(), Ok(Weight::from_milli(3000)));
        assert_eq!("0.25".parse::<Weight>(), Ok(Weight::from_milli(250)));
        assert_eq!(Weight::from_milli(2500).to_string(), "2.5");
        for bad in ["-1", "x", "NaN", "1001", "inf", ""] {
            assert!(bad.parse::<Weight>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_graph_is_what_its_book_says_after_every_expansion() {
        let v = Variant::Songo40;
        let mut graph = Graph::default();
        for _ in 0..12 {
            grow(&mut graph, v, Weight::from_milli(3000), 1);
            assert_eq!(Graph::from_book(&graph.to_book()), graph);
        }
        assert_eq!(graph.len(), 12);
        assert_eq!(graph.count(v), 12);
        // Every expansion but the start's went through one of the start's moves.
        let root = graph.node(BookKey::new(v, &Position::startpos())).unwrap();
        let through: u32 = root.edges.iter().map(|e| e.book.visits).sum();
        assert_eq!(through, 11);
        let stats = BookStats::of(&graph.to_book());
        assert_eq!(stats.variants[v.index()].reachable, 12);
    }

    #[test]
    fn values_are_the_negamax_of_the_leaves() {
        let v = Variant::Songo36Amateur;
        let mut graph = Graph::default();
        grow(&mut graph, v, Weight::from_milli(2000), 10);
        for node in graph.nodes.values() {
            for e in &node.edges {
                if let Some(child) = graph.node(e.child).filter(|_| !e.ends) {
                    let (value, depth) = child.value();
                    assert_eq!(e.book.score as i32, from_child(value as i32));
                    assert_eq!(e.book.depth, depth + 1);
                }
            }
        }
    }

    #[test]
    fn without_weight_the_book_grows_ply_by_ply() {
        let v = Variant::Songo40;
        let mut graph = Graph::default();
        let first = Position::startpos().legal_moves(v).len();
        grow(&mut graph, v, Weight::from_milli(0), 1 + first);
        let stats = BookStats::of(&graph.to_book());
        assert_eq!(stats.variants[v.index()].by_ply, [1, first]);
    }

    #[test]
    fn a_cycle_of_positions_ends_the_walks() {
        // The start's E leads to A, whose a leads back to the start (as if
        // the position repeated) and whose b leaves the book.
        let v = Variant::Songo40;
        let start = Position::startpos();
        let e: Move = "E".parse().unwrap();
        let a_pos = start.make_move(v, e);
        let (root, a) = (BookKey::new(v, &start), BookKey::new(v, &a_pos));
        let edge = |mv: &str, child, score| Edge {
            book: book_move(mv.parse().unwrap(), score, 4),
            child,
            ends: false,
        };
        let b_child = BookKey::new(v, &a_pos.make_move(v, "b".parse().unwrap()));
        let mut graph = Graph::default();
        graph.nodes.insert(
            root,
            Node {
                variant: v,
                position: start,
                edges: vec![edge("E", a, 0)],
            },
        );
        graph.nodes.insert(
            a,
            Node {
                variant: v,
                position: a_pos,
                edges: vec![edge("a", root, 70), edge("b", b_child, 40)],
            },
        );
        graph.back_up();
        // A's move back to the start keeps its score; the start takes A's value.
        assert_eq!(graph.nodes[&a].edges[0].book.score, 70);
        assert_eq!(graph.nodes[&root].edges[0].book.score, -70);
        let leaf = graph.next_leaf(v, Weight::from_milli(1000), 1).unwrap();
        assert_eq!(leaf.key, b_child);
        assert_eq!(leaf.path, [(root, 0), (a, 1)]);
    }
}
