//! Every lesson replayed through the rules core, in each of its
//! variants: what the file says a move does is what songo-core does, or
//! the file is refused. This is the one place that decides whether a
//! lesson is right; the room then trusts a checked lesson.

use songo_core::{Move, Position, Variant};

use super::{end_name, Lesson, Reason};

/// What the rules core does not confirm in a lesson.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The lesson's position is already a finished game in a variant.
    #[error("in {variant} the game is already over at its position")]
    Over {
        /// The variant's name.
        variant: &'static str,
    },
    /// An accepted move is not legal there.
    #[error("in {variant} the accepted move {pit} is not legal")]
    AcceptedIllegal {
        /// The variant's name.
        variant: &'static str,
        /// The move.
        pit: Move,
    },
    /// An accepted move leaves another position than the file says.
    #[error("in {variant} {pit} leaves {actual}, the file says {expected}")]
    After {
        /// The variant's name.
        variant: &'static str,
        /// The move.
        pit: Move,
        /// The position the file gives.
        expected: String,
        /// The position the rules give.
        actual: String,
    },
    /// An accepted move ends the game otherwise than the file says.
    #[error("in {variant} after {pit} the game's end is {actual}, the file says {expected}")]
    End {
        /// The variant's name.
        variant: &'static str,
        /// The move.
        pit: Move,
        /// The end the file gives (`none`: the game goes on).
        expected: &'static str,
        /// The end the rules give.
        actual: &'static str,
    },
    /// A move is listed both as accepted and as refused.
    #[error("{pit} is both accepted and refused")]
    Both {
        /// The move.
        pit: Move,
    },
    /// A move is listed twice as accepted.
    #[error("{pit} is accepted twice")]
    Twice {
        /// The move.
        pit: Move,
    },
    /// A refused move is refused for another reason than the file says,
    /// or is legal.
    #[error("in {variant} the rules refuse {pit} as {actual}, the file says {expected}")]
    Reason {
        /// The variant's name.
        variant: &'static str,
        /// The move.
        pit: Move,
        /// The reason the file gives.
        expected: &'static str,
        /// The reason the rules give (`legal`: none).
        actual: &'static str,
    },
    /// The lesson teaches a rule that one of its variants does not have.
    #[error("the rule it teaches, {rule}, is not a rule of {variant}")]
    Rule {
        /// The variant's name.
        variant: &'static str,
        /// The rule's name.
        rule: &'static str,
    },
}

/// Replays `lesson` in each of its variants.
pub(super) fn check(lesson: &Lesson) -> Result<(), Fault> {
    for (i, a) in lesson.accept.iter().enumerate() {
        if lesson.accept[..i].iter().any(|b| b.pit == a.pit) {
            return Err(Fault::Twice { pit: a.pit });
        }
        if lesson.refuse.iter().any(|r| r.pit == a.pit) {
            return Err(Fault::Both { pit: a.pit });
        }
    }
    for &v in &lesson.variants {
        if let Some(rule) = lesson.rules.iter().find(|r| !r.is_of(v)) {
            return Err(Fault::Rule {
                variant: v.name(),
                rule: rule.name(),
            });
        }
        check_in(lesson, v, &lesson.position)?;
    }
    Ok(())
}

fn check_in(lesson: &Lesson, v: Variant, p: &Position) -> Result<(), Fault> {
    let variant = v.name();
    if p.is_over(v) {
        return Err(Fault::Over { variant });
    }
    for a in &lesson.accept {
        let Ok(after) = p.play(v, a.pit) else {
            return Err(Fault::AcceptedIllegal {
                variant,
                pit: a.pit,
            });
        };
        if after != a.after {
            return Err(Fault::After {
                variant,
                pit: a.pit,
                expected: a.after.to_string(),
                actual: after.to_string(),
            });
        }
        let end = after.end_reason(v);
        if end != a.end {
            return Err(Fault::End {
                variant,
                pit: a.pit,
                expected: end_name(a.end),
                actual: end_name(end),
            });
        }
    }
    for r in &lesson.refuse {
        let actual = p.why_illegal(v, r.pit).and_then(Reason::of);
        if actual != r.why {
            let name = |x: Option<Reason>| x.map_or("legal", Reason::name);
            return Err(Fault::Reason {
                variant,
                pit: r.pit,
                expected: name(r.why),
                actual: name(actual),
            });
        }
    }
    Ok(())
}
