//! Every lesson replayed through the rules core, in each of its
//! variants: what the file says a move does is what songo-core does, or
//! the file is refused. This is the one place that decides whether a
//! lesson is right; the room then trusts a checked lesson.

use songo_core::{Move, Position, Variant};

use super::{end_name, Lesson, Reason};

/// What the rules core does not confirm in a lesson.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("in {variant} the game is already over at its position")]
    Over { variant: &'static str },
    #[error("in {variant} the accepted move {pit} is not legal")]
    AcceptedIllegal { variant: &'static str, pit: Move },
    #[error("in {variant} {pit} leaves {actual}, the file says {expected}")]
    After {
        variant: &'static str,
        pit: Move,
        expected: String,
        actual: String,
    },
    #[error("in {variant} after {pit} the game's end is {actual}, the file says {expected}")]
    End {
        variant: &'static str,
        pit: Move,
        expected: &'static str,
        actual: &'static str,
    },
    #[error("{pit} is both accepted and refused")]
    Both { pit: Move },
    #[error("{pit} is accepted twice")]
    Twice { pit: Move },
    #[error("in {variant} the rules refuse {pit} as {actual}, the file says {expected}")]
    Reason {
        variant: &'static str,
        pit: Move,
        expected: &'static str,
        actual: &'static str,
    },
    #[error("the rule it teaches, {rule}, is not a rule of {variant}")]
    Rule {
        variant: &'static str,
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
