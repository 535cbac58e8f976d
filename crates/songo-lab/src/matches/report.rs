//! The lines of a match report that `songo match` prints at its end and
//! `songo results` prints for joined records, so that both read the same.

use std::collections::HashMap;

use crate::stats::{MatchStats, Sprt};

// How a game ended, as the report counts it.

/// Games the rules ended (5.1).
pub const BY_THE_RULES: &str = "by the rules";
/// Games stopped and counted at the ply limit (5.2).
pub const AT_THE_PLY_LIMIT: &str = "at the ply limit";
/// Games lost by an engine that misbehaved.
pub const BY_A_FAULT: &str = "by a fault";

// An engine's faults, as the report counts them.

/// Engines that did not start or finish the handshake.
pub const START_FAILURES: &str = "start failures";
/// Engine processes that ended during a game.
pub const CRASHES: &str = "crashes";
/// Engines that did not answer in time, not even to `stop`.
pub const STALLS: &str = "stalls";
/// Moves that came after the clock ran out.
pub const TIME_LOSSES: &str = "time losses";
/// Moves that are not legal in the position.
pub const ILLEGAL_MOVES: &str = "illegal moves";
/// Answers that are not `bestmove <move>`.
pub const MALFORMED_MOVES: &str = "malformed moves";

/// `A vs B: score 61.3%, Elo … (pairs, LOS, W-D-L, LLR)`, from A's side.
pub fn pair_line(first: &str, second: &str, stats: &MatchStats, sprt: Option<&Sprt>) -> String {
    let score = stats
        .wdl
        .score()
        .map_or("n/a".to_string(), |x| format!("{:.1}%", 100.0 * x));
    format!(
        "{first} vs {second}: score {score}, {}",
        stats.summary(sprt)
    )
}

/// `Games ended: 98 by the rules, 2 by a fault`, the ways in name order.
pub fn endings_line(endings: &HashMap<&'static str, u32>) -> String {
    let mut named: Vec<_> = endings.iter().collect();
    named.sort();
    let parts: Vec<String> = named.iter().map(|(k, n)| format!("{n} {k}")).collect();
    format!("Games ended: {}", parts.join(", "))
}

/// An engine's faults, `1 time losses, 2 crashes` (in the order of the
/// texts), or `no faults`.
pub fn faults_text(faults: &HashMap<&'static str, u32>) -> String {
    let mut parts: Vec<String> = faults.iter().map(|(k, n)| format!("{n} {k}")).collect();
    parts.sort();
    if parts.is_empty() {
        "no faults".to_string()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::GameScore;

    #[test]
    fn lines_read_as_the_match_prints_them() {
        let mut s = MatchStats::new();
        s.add_pair(GameScore::Win, GameScore::Draw);
        let line = pair_line("new", "old", &s, None);
        assert!(
            line.starts_with("new vs old: score 75.0%, Elo +190.8"),
            "{line}"
        );
        assert_eq!(
            pair_line("a", "b", &MatchStats::new(), None),
            "a vs b: score n/a, Elo n/a, LOS 50.0%, W-D-L 0-0-0, pairs [0 0 0 0 0] (split 0)"
        );
        let endings = HashMap::from([(BY_A_FAULT, 2), (BY_THE_RULES, 98)]);
        assert_eq!(
            endings_line(&endings),
            "Games ended: 2 by a fault, 98 by the rules"
        );
        assert_eq!(faults_text(&HashMap::new()), "no faults");
        let faults = HashMap::from([(TIME_LOSSES, 1), (CRASHES, 2)]);
        assert_eq!(faults_text(&faults), "1 time losses, 2 crashes");
    }
}
