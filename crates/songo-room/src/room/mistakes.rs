//! Practise your mistakes (issue 39): after a review, each mistake and
//! blunder of the person's becomes an exercise. The position before the
//! move is shown; the person answers with a move; the engine judges the
//! answer as the review judged the game's moves (a review of that one
//! move, at the review's limit), and the verdict is shown. An answer
//! judged `good` solves the exercise. The engine's own move is kept back
//! until a second answer misses: said at once, it would be the exercise's
//! answer given away.
//!
//! This part owns the exercises (copied out of the review, so that the
//! board may change meanwhile), the exercise shown and the answer under
//! judgement. The analyst runs the searches; the room hands its verdict
//! here with the search's ticket, so a verdict on an older answer is
//! dropped.

use songo_client::review::{GameReview, Judgement, MoveReview, Thresholds};
use songo_core::record::move_label;
use songo_core::{Game, Move, Side, Variant};

use super::puzzles::{captured, ply_view};
use crate::learn_view::{ExerciseItem, ExerciseState, ExerciseView, MistakesView, VerdictView};
use crate::link::Limit;
use crate::say::Say;
use crate::view::side_name;

/// Answers judged not good before the engine's move is said.
const MISSES_BEFORE_ANSWER: u8 = 2;

/// One mistake of the person's.
struct Exercise {
    /// The game up to the position before the move.
    before: Game,
    label: String,
    side: Side,
    played: Move,
    best: Option<Move>,
    loss: i32,
    judgement: Judgement,
    solved: bool,
    /// Answers judged not good so far.
    misses: u8,
}

/// The person's last answer to the exercise shown.
enum Attempt {
    Task,
    /// Under judgement as search `ticket`.
    Judging {
        ticket: u64,
        pit: Move,
    },
    Judged {
        pit: Move,
        verdict: VerdictView,
    },
    Refused {
        pit: Option<Move>,
        why: Say,
    },
}

/// What the room must do for an answer.
pub(super) enum Asked {
    /// The answer is judged already (the move played in the game, the
    /// engine's own best, or a pit the rules forbid).
    Done,
    /// The engine must judge the answer: the game up to it, at `limit`.
    Judge { game: Game, limit: Limit },
}

pub(super) struct Mistakes {
    exercises: Vec<Exercise>,
    /// The review's limit, and as a person reads it.
    limit: Option<(Limit, Say)>,
    at: usize,
    attempt: Attempt,
}

/// Whether a reviewed move is one the practice takes.
fn is_mistake(m: &MoveReview) -> bool {
    matches!(m.judgement, Judgement::Mistake | Judgement::Blunder)
}

impl Mistakes {
    pub(super) fn new() -> Mistakes {
        Mistakes {
            exercises: Vec::new(),
            limit: None,
            at: 0,
            attempt: Attempt::Task,
        }
    }

    /// A practice of `review`'s mistakes in `game` (the game reviewed),
    /// of the sides `people` says a person played, judged at `limit`.
    pub(super) fn start(
        &mut self,
        game: &Game,
        review: &GameReview,
        people: [bool; 2],
        limit: (Limit, Say),
    ) -> Result<(), Say> {
        let first = game.start().side_to_move();
        let exercises: Vec<Exercise> = review
            .moves
            .iter()
            .filter(|m| is_mistake(m) && people[usize::from(m.mover == Side::North)])
            .filter_map(|m| {
                let before = Game::with_moves(
                    game.variant(),
                    game.start(),
                    game.moves()[..m.ply].iter().copied(),
                )
                .ok()?;
                Some(Exercise {
                    before,
                    label: move_label(first, m.ply, m.played),
                    side: m.mover,
                    played: m.played,
                    best: m.better(),
                    loss: m.loss,
                    judgement: m.judgement,
                    solved: false,
                    misses: 0,
                })
            })
            .collect();
        if exercises.is_empty() {
            return Err(Say::NoMistakes);
        }
        *self = Mistakes {
            exercises,
            limit: Some(limit),
            at: 0,
            attempt: Attempt::Task,
        };
        Ok(())
    }

    /// Shows exercise `index` (from 1) afresh.
    pub(super) fn open(&mut self, index: usize) -> Result<(), Say> {
        if index == 0 || index > self.exercises.len() {
            return Err(Say::NoSuchExercise { index });
        }
        self.at = index - 1;
        self.attempt = Attempt::Task;
        Ok(())
    }

    /// The person's answer `pit` to exercise `index` (from 1; another than
    /// the one shown is stale).
    pub(super) fn answer(&mut self, pit: &str, index: usize) -> Result<Asked, Say> {
        if index != self.at + 1 || self.exercises.is_empty() {
            return Err(Say::Stale);
        }
        if matches!(self.attempt, Attempt::Judging { .. }) {
            return Err(Say::Stale);
        }
        let e = &self.exercises[self.at];
        let v = e.before.variant();
        let p = e.before.position();
        let Ok(m) = Move::parse(pit, p.side_to_move()) else {
            return Err(Say::NotAPit {
                text: pit.to_string(),
            });
        };
        if let Some(why) = p.why_illegal(v, m) {
            let why = Say::PitRefused {
                pit: m.to_string(),
                why: Box::new(why.into()),
            };
            self.attempt = Attempt::Refused { pit: Some(m), why };
            return Ok(Asked::Done);
        }
        // The move of the game, and the engine's own best, are judged
        // already by the review.
        let known = if m == e.played {
            Some((e.judgement, e.loss, e.best))
        } else if Some(m) == e.best {
            Some((Judgement::Good, 0, None))
        } else {
            None
        };
        if let Some((judgement, loss, best)) = known {
            self.judged(m, judgement, loss, best);
            return Ok(Asked::Done);
        }
        let Some((limit, _)) = &self.limit else {
            return Err(Say::NoReviewDone);
        };
        let mut game = e.before.clone();
        game.play(m).map_err(|_| Say::Stale)?;
        Ok(Asked::Judge {
            game,
            limit: *limit,
        })
    }

    /// The engine judges answer `pit` as search `ticket`.
    pub(super) fn judging(&mut self, pit: Move, ticket: u64) {
        self.attempt = Attempt::Judging { ticket, pit };
    }

    fn judged(&mut self, pit: Move, judgement: Judgement, loss: i32, best: Option<Move>) {
        let e = &mut self.exercises[self.at];
        let good = judgement == Judgement::Good;
        e.solved |= good;
        if !good {
            e.misses = e.misses.saturating_add(1);
        }
        let said = good || e.misses >= MISSES_BEFORE_ANSWER;
        self.attempt = Attempt::Judged {
            pit,
            verdict: VerdictView {
                judgement: judgement.to_string(),
                loss,
                best: best.filter(|&b| said && b != pit).map(|b| b.to_string()),
            },
        };
    }

    /// Search `ticket`'s verdict: a review of the answer alone. One for an
    /// answer no longer awaited is dropped; whether it was taken.
    pub(super) fn verdict(&mut self, ticket: u64, verdict: Result<GameReview, Say>) -> bool {
        let Attempt::Judging { ticket: t, pit } = self.attempt else {
            return false;
        };
        if t != ticket {
            return false;
        }
        match verdict {
            Ok(review) => match review.moves.last() {
                Some(m) => {
                    // Judged as the review judges, with its thresholds.
                    let judgement = Thresholds::default().judge(m.loss);
                    self.judged(pit, judgement, m.loss, m.best);
                }
                None => {
                    self.attempt = Attempt::Refused {
                        pit: Some(pit),
                        why: Say::NothingToReview,
                    }
                }
            },
            Err(why) => {
                self.attempt = Attempt::Refused {
                    pit: Some(pit),
                    why,
                }
            }
        }
        true
    }

    pub(super) fn view(&self) -> MistakesView {
        MistakesView {
            limit: self.limit.as_ref().map(|(_, say)| say.clone()),
            exercises: self
                .exercises
                .iter()
                .map(|e| ExerciseItem {
                    label: e.label.clone(),
                    judgement: e.judgement.to_string(),
                    solved: e.solved,
                })
                .collect(),
            solved: self.exercises.iter().filter(|e| e.solved).count(),
            exercise: self.exercises.get(self.at).map(|e| self.exercise_view(e)),
        }
    }

    fn exercise_view(&self, e: &Exercise) -> ExerciseView {
        let v: Variant = e.before.variant();
        let p = e.before.position();
        let mut view = ExerciseView {
            index: self.at + 1,
            label: e.label.clone(),
            side: side_name(e.side),
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: captured(&p),
            legal: p.legal_moves(v).iter().map(|m| m.to_string()).collect(),
            played: e.played.to_string(),
            judgement: e.judgement.to_string(),
            loss: e.loss,
            state: ExerciseState::Task,
            tried: None,
            answer: None,
            verdict: None,
            why: None,
            solved: e.solved,
        };
        match &self.attempt {
            Attempt::Task => {}
            Attempt::Judging { pit, .. } => {
                view.state = ExerciseState::Judging;
                view.tried = Some(pit.to_string());
            }
            Attempt::Judged { pit, verdict } => {
                view.state = ExerciseState::Judged;
                view.tried = Some(pit.to_string());
                view.answer = Some(ply_view(v, &p, *pit));
                view.verdict = Some(verdict.clone());
            }
            Attempt::Refused { pit, why } => {
                view.state = ExerciseState::Refused;
                view.tried = pit.map(|m| m.to_string());
                view.why = Some(why.clone());
            }
        }
        view
    }
}
