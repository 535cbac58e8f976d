//! Learn: the lessons (issue 39), a part of the room like the others. It
//! owns which variant's lessons are shown, the lesson on the board and
//! the person's last answer to it, and the lessons solved in each
//! variant (kept in the saved state, so that progress survives a restart
//! and a reload). The lessons themselves are songo-learn's, checked by
//! the rules core when they were read; this part judges answers with
//! them and says why, with the rules core's reason for a forbidden pit.

use std::collections::{BTreeMap, BTreeSet};

use songo_core::{Move, Variant};
use songo_learn::lesson::{builtin, Judged, Lesson};

use super::saved_form::SavedLessons;
use crate::say::Say;
use crate::sowing::sowing;
use crate::view::{side_name, LessonItem, LessonState, LessonTexts, LessonView, LessonsView};

/// The variant whose lessons are shown first: the room's first game's.
const FIRST_VARIANT: Variant = Variant::Songo40;

/// The person's last answer to the lesson shown.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Attempt {
    /// None yet (or the lesson was opened again).
    Task,
    /// A wrong pit: why the rules forbid it, or what it would do.
    Wrong {
        pit: Move,
        why: Option<Say>,
        effect: Option<Say>,
    },
    /// The answer.
    Solved { pit: Move },
}

pub(super) struct Lessons {
    variant: Variant,
    /// The lesson shown: always one of `variant`'s.
    current: &'static Lesson,
    attempt: Attempt,
    /// The ids of the lessons solved, per variant: a lesson shared by
    /// several variants is solved in each on its own.
    done: BTreeMap<Variant, BTreeSet<String>>,
}

/// The lessons of `v`, in order.
fn of(v: Variant) -> Vec<&'static Lesson> {
    builtin().of(v).collect()
}

impl Lessons {
    pub(super) fn new() -> Lessons {
        Lessons {
            variant: FIRST_VARIANT,
            current: of(FIRST_VARIANT)[0],
            attempt: Attempt::Task,
            done: BTreeMap::new(),
        }
    }

    fn solved(&self, v: Variant, id: &str) -> bool {
        self.done.get(&v).is_some_and(|d| d.contains(id))
    }

    /// Shows lesson `id` of `variant` afresh; without an id, the first one
    /// not solved yet there (the first when all are).
    pub(super) fn open(&mut self, variant: &str, id: Option<&str>) -> Result<(), Say> {
        let Ok(v) = variant.parse::<Variant>() else {
            return Err(Say::UnknownVariant {
                text: variant.to_string(),
            });
        };
        let list = of(v);
        let lesson = match id {
            Some(id) => {
                list.iter()
                    .find(|l| l.id == id)
                    .copied()
                    .ok_or_else(|| Say::NoSuchLesson {
                        lesson: id.to_string(),
                        variant: v.name().to_string(),
                    })?
            }
            None => list
                .iter()
                .find(|l| !self.solved(v, &l.id))
                .copied()
                .unwrap_or(list[0]),
        };
        self.variant = v;
        self.current = lesson;
        self.attempt = Attempt::Task;
        Ok(())
    }

    /// The person's answer `pit` to lesson `id`: right, or wrong and why.
    /// An answer to a lesson no longer shown, or already solved, is
    /// stale (a double tap, another tab).
    pub(super) fn answer(&mut self, pit: &str, id: &str) -> Result<(), Say> {
        if id != self.current.id || matches!(self.attempt, Attempt::Solved { .. }) {
            return Err(Say::Stale);
        }
        let p = &self.current.position;
        let Ok(m) = Move::parse(pit, p.side_to_move()) else {
            return Err(Say::NotAPit {
                text: pit.to_string(),
            });
        };
        self.attempt = match self.current.judge(self.variant, m) {
            Judged::Right(_) => {
                self.done
                    .entry(self.variant)
                    .or_default()
                    .insert(self.current.id.clone());
                Attempt::Solved { pit: m }
            }
            Judged::Illegal(why) => Attempt::Wrong {
                pit: m,
                why: Some(Say::PitRefused {
                    pit: m.to_string(),
                    why: Box::new(why.into()),
                }),
                effect: None,
            },
            Judged::Wrong => Attempt::Wrong {
                pit: m,
                why: None,
                effect: Some(sowing(self.variant, p, m).summary),
            },
        };
        Ok(())
    }

    pub(super) fn view(&self) -> LessonsView {
        let v = self.variant;
        let list = of(v);
        let lessons: Vec<LessonItem> = list
            .iter()
            .map(|l| LessonItem {
                id: l.id.clone(),
                title: l.title.clone(),
                done: self.solved(v, &l.id),
            })
            .collect();
        let solved = lessons.iter().filter(|l| l.done).count();
        let at = list
            .iter()
            .position(|l| l.id == self.current.id)
            .unwrap_or(0);
        LessonsView {
            variant: v.name().to_string(),
            lessons,
            solved,
            lesson: self.lesson_view(at + 1, list.get(at + 1).map(|l| l.id.clone())),
        }
    }

    fn lesson_view(&self, index: usize, next: Option<String>) -> LessonView {
        let (v, l) = (self.variant, self.current);
        let p = &l.position;
        let captured = |q: &songo_core::Position| {
            [songo_core::Side::South, songo_core::Side::North].map(|s| q.captured(s))
        };
        let mut view = LessonView {
            id: l.id.clone(),
            index,
            texts: LessonTexts {
                title: l.title.clone(),
                task: l.task.clone(),
                wrong: l.wrong.clone(),
                done: l.done.clone(),
            },
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: captured(p),
            to_move: side_name(p.side_to_move()),
            legal: p.legal_moves(v).iter().map(|m| m.to_string()).collect(),
            state: LessonState::Task,
            tried: None,
            why: None,
            effect: None,
            sowing: None,
            after: None,
            after_pits: None,
            after_captured: None,
            end: None,
            scores: None,
            next,
        };
        match &self.attempt {
            Attempt::Task => {}
            Attempt::Wrong { pit, why, effect } => {
                view.state = LessonState::Wrong;
                view.tried = Some(pit.to_string());
                view.why = why.clone();
                view.effect = effect.clone();
            }
            Attempt::Solved { pit } => {
                // A checked lesson's answer is legal: the rules core said so
                // when the lesson was read.
                let after = p.make_move(v, *pit);
                view.state = LessonState::Solved;
                view.tried = Some(pit.to_string());
                view.sowing = Some(Box::new(sowing(v, p, *pit)));
                view.after = Some(after.to_string());
                view.after_pits = Some(after.pits().to_vec());
                view.after_captured = Some(captured(&after));
                if let Some(end) = after.end_reason(v) {
                    view.end = Some(end.into());
                    view.scores = Some(after.final_scores(v));
                }
            }
        }
        view
    }

    /// What is kept: the variant, the lesson shown and the lessons solved
    /// (not the last answer: a restored lesson shows its task).
    pub(super) fn saved(&self) -> SavedLessons {
        SavedLessons {
            variant: self.variant.name().to_string(),
            lesson: self.current.id.clone(),
            done: self
                .done
                .iter()
                .map(|(v, ids)| (v.name().to_string(), ids.iter().cloned().collect()))
                .collect(),
        }
    }
}

/// The lessons part as `saved` left it. A later or earlier build may have
/// other lessons: ids it does not know are dropped, and an unknown lesson
/// shown falls back to the variant's first not solved, rather than
/// refusing the whole room (the game in progress matters more).
pub(super) fn restored(saved: &SavedLessons) -> Lessons {
    let mut lessons = Lessons::new();
    for (name, ids) in &saved.done {
        let Ok(v) = name.parse::<Variant>() else {
            continue;
        };
        let known: BTreeSet<String> = ids
            .iter()
            .filter(|id| builtin().get(id).is_some_and(|l| l.is_for(v)))
            .cloned()
            .collect();
        if !known.is_empty() {
            lessons.done.insert(v, known);
        }
    }
    if lessons.open(&saved.variant, Some(&saved.lesson)).is_err() {
        let _ = lessons.open(&saved.variant, None);
    }
    lessons
}
