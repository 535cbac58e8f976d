//! The engine's answers read into values: `info …` lines (depth, score,
//! principal variation…) and `bestmove`. Reading is lenient, as a GUI's
//! must be: unknown words are skipped, a value that does not parse is left
//! out, and nothing here fails.

/// A score of an `info` line, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoScore {
    /// `cp X`: the expected final margin in hundredths of a seed.
    Cp(i32),
    /// `mate N`: a forced win in N of the mover's moves (negative: a loss).
    Mate(i32),
}

/// Whether the score is exact or a bound (an aspiration failure).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// No bound word: the score is exact.
    #[default]
    Exact,
    /// `lowerbound`: the search failed high; the true score is at least
    /// the one given.
    Lower,
    /// `upperbound`: the search failed low; the true score is at most the
    /// one given.
    Upper,
}

/// One `info` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`: the nominal search depth, in plies.
    pub depth: Option<u32>,
    /// `seldepth`: the deepest ply the search reached.
    pub seldepth: Option<u32>,
    /// `multipv`: which line this is, from 1 (best first).
    pub multipv: Option<u32>,
    /// `score cp X` or `score mate N`.
    pub score: Option<InfoScore>,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// `wdl W D L` in permille.
    pub wdl: Option<[u32; 3]>,
    /// `nodes`: positions searched.
    pub nodes: Option<u64>,
    /// `nps`: positions searched per second.
    pub nps: Option<u64>,
    /// Milliseconds.
    pub time: Option<u64>,
    /// `hashfull`: permille of the hash table used by this search.
    pub hashfull: Option<u32>,
    /// `tbhits`: tablebase probes that gave a verdict.
    pub tbhits: Option<u64>,
    /// The principal variation, moves as the engine wrote them.
    pub pv: Vec<String>,
    /// `info string …`: the free text.
    pub string: Option<String>,
}

impl Info {
    /// Reads an `info` line; `None` when the line is not one.
    pub fn parse(line: &str) -> Option<Info> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let mut info = Info::default();
        let rest: Vec<&str> = words.collect();
        let mut i = 0;
        fn num<T: std::str::FromStr>(rest: &[&str], i: usize) -> Option<T> {
            rest.get(i + 1).and_then(|w| w.parse().ok())
        }
        while i < rest.len() {
            match rest[i] {
                "depth" => info.depth = num(&rest, i),
                "seldepth" => info.seldepth = num(&rest, i),
                "multipv" => info.multipv = num(&rest, i),
                "nodes" => info.nodes = num(&rest, i),
                "nps" => info.nps = num(&rest, i),
                "time" => info.time = num(&rest, i),
                "hashfull" => info.hashfull = num(&rest, i),
                "tbhits" => info.tbhits = num(&rest, i),
                "score" => {
                    let value = rest.get(i + 2).and_then(|w| w.parse().ok());
                    info.score = match (rest.get(i + 1), value) {
                        (Some(&"cp"), Some(v)) => Some(InfoScore::Cp(v)),
                        (Some(&"mate"), Some(v)) => Some(InfoScore::Mate(v)),
                        _ => None,
                    };
                    i += 3;
                    continue;
                }
                "lowerbound" => info.bound = Bound::Lower,
                "upperbound" => info.bound = Bound::Upper,
                "wdl" => {
                    let w: Vec<u32> = rest[i + 1..]
                        .iter()
                        .take(3)
                        .map_while(|w| w.parse().ok())
                        .collect();
                    info.wdl = <[u32; 3]>::try_from(w).ok();
                    i += 4;
                    continue;
                }
                "pv" => {
                    info.pv = rest[i + 1..].iter().map(|w| w.to_string()).collect();
                    break;
                }
                "string" => {
                    info.string = Some(rest[i + 1..].join(" "));
                    break;
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        Some(info)
    }
}

/// A `bestmove` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move as written; `None` for `bestmove (none)` (the game was over).
    pub mv: Option<String>,
    /// The move the engine would ponder on (`ponder X`), as written.
    pub ponder: Option<String>,
}

impl BestMove {
    /// Reads a `bestmove` line; `None` when the line is not one or names
    /// no move at all.
    pub fn parse(line: &str) -> Option<BestMove> {
        let mut words = line.split_whitespace();
        if words.next() != Some("bestmove") {
            return None;
        }
        let mv = words.next()?;
        let ponder = match (words.next(), words.next()) {
            (Some("ponder"), Some(p)) => Some(p.to_string()),
            _ => None,
        };
        Some(BestMove {
            mv: (mv != "(none)").then(|| mv.to_string()),
            ponder,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_read() {
        let i = Info::parse(
            "info depth 12 seldepth 18 multipv 1 score cp 150 wdl 210 760 30 nodes 331181 \
             nps 6899604 hashfull 52 tbhits 0 time 48 pv A a B",
        )
        .unwrap();
        assert_eq!(i.depth, Some(12));
        assert_eq!(i.seldepth, Some(18));
        assert_eq!(i.multipv, Some(1));
        assert_eq!(i.score, Some(InfoScore::Cp(150)));
        assert_eq!(i.wdl, Some([210, 760, 30]));
        assert_eq!(
            (i.nodes, i.nps, i.time),
            (Some(331181), Some(6899604), Some(48))
        );
        assert_eq!(i.pv, ["A", "a", "B"]);
        let m = Info::parse("info depth 3 score mate -2 upperbound pv c").unwrap();
        assert_eq!(
            (m.score, m.bound),
            (Some(InfoScore::Mate(-2)), Bound::Upper)
        );
        let s = Info::parse("info string error: x y").unwrap();
        assert_eq!(s.string.as_deref(), Some("error: x y"));
        let odd = Info::parse("info currmove A depth x score cp wdl 1 2 nodes").unwrap();
        assert_eq!((odd.depth, odd.score, odd.wdl), (None, None, None));
        assert_eq!(Info::parse("bestmove A"), None);
    }

    #[test]
    fn bestmove_lines_read() {
        let b = BestMove::parse("bestmove E ponder c").unwrap();
        assert_eq!(
            (b.mv.as_deref(), b.ponder.as_deref()),
            (Some("E"), Some("c"))
        );
        assert_eq!(BestMove::parse("bestmove (none)").unwrap().mv, None);
        assert_eq!(BestMove::parse("bestmove"), None);
        assert_eq!(BestMove::parse("info pv A"), None);
    }
}
