//! The rules a lesson teaches (RULES.md's sections, one idea each), and
//! which variants have each: the lessons of a variant must teach all of
//! that variant's, a test checks it.

use songo_core::Variant;

/// One rule a lesson teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// 2: a move sows its pit's seeds one by one into the next pits.
    Sowing,
    /// 2: more than 13 seeds: the later laps go into the opponent's row only.
    Grenier,
    /// 2, songo40: a lone seed about to start a lap is captured.
    DirectGain,
    /// 3: the last seed makes 2, 3 or 4 in the opponent's row.
    Capture,
    /// 3: the pits before it are taken while they hold 2 to 4.
    Chain,
    /// 3: taking all seven pits takes nothing (*Interdit Sec*).
    GrandSlam,
    /// 3, songo40: the opponent's pit 1 alone is not taken.
    C1Exception,
    /// 4.1: an empty opponent must be fed (one seed is enough).
    Feeding,
    /// 4.1, songo36-amateur: fed with seven seeds, or the most possible.
    FeedingSeven,
    /// 4.2, songo36: the noble pit's lone seed only when it captures.
    InterditSolo,
    /// 4.2, songo36-amateur: the noble pit's two seeds only when they capture.
    InterditDuo,
    /// 4.2, songo36-beginner: a forbidden noble pit that is the only move is sown.
    NobleForced,
    /// 4.2, songo36-amateur: a forced lone seed goes to the store.
    CaptureSolo,
    /// 4.3, songo40: pit 7 rarely played.
    LastPit,
    /// 5.1: enough seeds captured ends the game.
    EndThreshold,
    /// 5.1: fewer than 10 seeds on the board end the game.
    EndFewSeeds,
    /// 5.2: how the end is scored (songo36 counts the seeds left in one's
    /// row, songo40 only captures, with a margin of 5).
    Score,
}

impl Rule {
    /// Every rule, in the order of the rules' text.
    pub const ALL: [Rule; 17] = [
        Rule::Sowing,
        Rule::Grenier,
        Rule::DirectGain,
        Rule::Capture,
        Rule::Chain,
        Rule::GrandSlam,
        Rule::C1Exception,
        Rule::Feeding,
        Rule::FeedingSeven,
        Rule::InterditSolo,
        Rule::InterditDuo,
        Rule::NobleForced,
        Rule::CaptureSolo,
        Rule::LastPit,
        Rule::EndThreshold,
        Rule::EndFewSeeds,
        Rule::Score,
    ];

    /// Its name in a lesson file.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Sowing => "sowing",
            Rule::Grenier => "grenier",
            Rule::DirectGain => "direct-gain",
            Rule::Capture => "capture",
            Rule::Chain => "chain",
            Rule::GrandSlam => "grand-slam",
            Rule::C1Exception => "c1-exception",
            Rule::Feeding => "feeding",
            Rule::FeedingSeven => "feeding-seven",
            Rule::InterditSolo => "interdit-solo",
            Rule::InterditDuo => "interdit-duo",
            Rule::NobleForced => "noble-forced",
            Rule::CaptureSolo => "capture-solo",
            Rule::LastPit => "last-pit",
            Rule::EndThreshold => "end-threshold",
            Rule::EndFewSeeds => "end-few-seeds",
            Rule::Score => "score",
        }
    }

    /// The rule a lesson file names `text`, if any.
    pub fn parse(text: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == text)
    }

    /// What a file may name, for its errors.
    pub(super) fn list() -> String {
        let names: Vec<_> = Rule::ALL.iter().map(|r| r.name()).collect();
        format!("a rule is one of {}", names.join(", "))
    }

    /// Whether variant `v` has this rule.
    pub fn is_of(self, v: Variant) -> bool {
        use Variant::*;
        match self {
            Rule::DirectGain | Rule::C1Exception | Rule::LastPit => v == Songo40,
            Rule::Feeding => v != Songo36Amateur,
            Rule::FeedingSeven | Rule::InterditDuo | Rule::CaptureSolo => v == Songo36Amateur,
            Rule::InterditSolo => v.is_songo36(),
            Rule::NobleForced => v == Songo36Beginner,
            _ => true,
        }
    }
}
