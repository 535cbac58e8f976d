//! The analysis lines as the page shows them: a whole iteration at a time,
//! best first. An engine reports the lines of MultiPV one by one, line 1 of
//! depth 21 while lines 2 and 3 are still those of depth 20, and a line
//! that fails its aspiration window comes as a bound before its exact
//! score: shown as they come, the lines were out of score order (issue 28,
//! defect 6). So lines wait until their iteration is whole, and are then
//! shown sorted by score, numbered again from 1.

use crate::view::LineView;

/// The lines of the iteration under way, not shown yet.
#[derive(Debug, Default)]
pub(super) struct Pending {
    lines: Vec<(i32, LineView)>,
}

impl Pending {
    pub(super) fn clear(&mut self) {
        self.lines.clear();
    }

    /// Takes line `line` (with `key`, its score from the side to move's
    /// view: higher is better) into the iteration; once `whole` lines of
    /// the same depth are in, they replace `shown`. Whether `shown`
    /// changed.
    pub(super) fn take(
        &mut self,
        shown: &mut Vec<LineView>,
        key: i32,
        line: LineView,
        whole: usize,
    ) -> bool {
        let depth = self.lines.first().map(|(_, l)| l.depth);
        let mut changed = false;
        if depth.is_some_and(|d| line.depth > d) {
            // A deeper iteration began before the last one was whole (the
            // engine reported fewer lines): show what it had.
            changed = self.publish(shown);
        }
        match self
            .lines
            .iter_mut()
            .find(|(_, l)| l.multipv == line.multipv)
        {
            Some(old) => *old = (key, line),
            None => self.lines.push((key, line)),
        }
        if self.lines.len() >= whole {
            changed |= self.publish(shown);
        }
        changed
    }

    /// Shows the lines taken so far (the search ended): whether any.
    pub(super) fn publish(&mut self, shown: &mut Vec<LineView>) -> bool {
        if self.lines.is_empty() {
            return false;
        }
        // Stable: lines of equal score keep the engine's order.
        self.lines.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        *shown = self
            .lines
            .drain(..)
            .zip(1..)
            .map(|((_, mut line), k)| {
                line.multipv = k;
                line
            })
            .collect();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(multipv: u32, depth: u32, pv: &str) -> LineView {
        LineView {
            multipv,
            depth: Some(depth),
            seldepth: None,
            score: None,
            pv: vec![pv.to_string()],
            nodes: None,
            nps: None,
            forced: false,
        }
    }

    fn pvs(shown: &[LineView]) -> Vec<(u32, String)> {
        shown.iter().map(|l| (l.multipv, l.pv[0].clone())).collect()
    }

    #[test]
    fn an_iteration_is_shown_whole_and_best_first() {
        let mut p = Pending::default();
        let mut shown = Vec::new();
        assert!(!p.take(&mut shown, 10, line(1, 20, "C"), 3));
        assert!(!p.take(&mut shown, 30, line(2, 20, "D"), 3));
        assert!(shown.is_empty());
        assert!(p.take(&mut shown, 20, line(3, 20, "E"), 3));
        assert_eq!(
            pvs(&shown),
            [(1, "D".into()), (2, "E".into()), (3, "C".into())]
        );
        // Depth 21's first line does not mix with depth 20's others.
        assert!(!p.take(&mut shown, 50, line(1, 21, "E"), 3));
        assert_eq!(pvs(&shown)[0], (1, "D".into()));
    }

    #[test]
    fn a_short_iteration_is_shown_when_the_next_begins_or_the_search_ends() {
        let mut p = Pending::default();
        let mut shown = Vec::new();
        assert!(!p.take(&mut shown, 5, line(1, 7, "A"), 3));
        assert!(p.take(&mut shown, 6, line(1, 8, "B"), 3));
        assert_eq!(pvs(&shown), [(1, "A".into())]);
        assert!(p.publish(&mut shown));
        assert_eq!(pvs(&shown), [(1, "B".into())]);
        assert!(!p.publish(&mut shown));
    }

    #[test]
    fn a_line_given_again_in_its_iteration_replaces_itself() {
        let mut p = Pending::default();
        let mut shown = Vec::new();
        assert!(!p.take(&mut shown, 1, line(1, 9, "A"), 2));
        assert!(!p.take(&mut shown, 40, line(1, 9, "G"), 2));
        assert!(p.take(&mut shown, 3, line(2, 9, "B"), 2));
        assert_eq!(pvs(&shown), [(1, "G".into()), (2, "B".into())]);
    }
}
