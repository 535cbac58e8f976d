//! What the page shows of the game being played.

use std::collections::BTreeMap;

use songo_core::{Move, Side, Variant};
use web_time::Instant;

use super::super::engines::Engines;
use super::engine::EngineState;
use super::Play;
use crate::levels;
use crate::say::Say;
use crate::sowing::sowing;
use crate::view::{side_name, EngineStatus, PlayState, ResultView, View};

impl Play {
    /// The game as the page shows it at `now`.
    pub(in crate::room) fn view(&self, engines: &Engines, now: Instant) -> View {
        let game = &self.game;
        let p = game.position();
        let v = self.variant;
        let over = self.over();
        let your_move = !over && self.played_here(p.side_to_move());
        let state = if over {
            PlayState::Over
        } else if your_move {
            PlayState::YourMove
        } else {
            PlayState::Thinking
        };
        let (legal, why) = self.pits(your_move);
        let (engine_status, engine_message) = match &self.state {
            EngineState::Ready => (EngineStatus::Ready, None),
            EngineState::Thinking { .. } | EngineState::Hinting { .. } => {
                (EngineStatus::Thinking, None)
            }
            EngineState::Failed(m) => (EngineStatus::Failed, Some(m.clone())),
        };
        let moves = game.moves();
        let positions = game.positions();
        let sowing = moves
            .last()
            .map(|&m| sowing(v, &positions[positions.len() - 2], m));
        View {
            game_id: self.game_id,
            variant: v.to_string(),
            variants: Variant::ALL.iter().map(|v| v.to_string()).collect(),
            human: if self.two_players() {
                "both".to_string()
            } else {
                side_name(self.human)
            },
            names: self.opponent.names().cloned(),
            hinted: self.hinted.clone(),
            level: self.level,
            levels: levels::views(),
            clock: self.time.view(over, now),
            think_ms: self
                .time
                .think_shown()
                .as_millis()
                .try_into()
                .unwrap_or(u64::MAX),
            engine: self.engine,
            engines: engines.names(),
            start: game.start().to_string(),
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: [p.captured(Side::South), p.captured(Side::North)],
            to_move: side_name(p.side_to_move()),
            state,
            legal,
            why,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            last: moves.last().map(|m| m.to_string()),
            sowing,
            result: match (self.time.forfeit(), self.resigned) {
                (Some(loser), _) if !game.is_over() => Some(ResultView::on_time(game, loser)),
                (_, Some(loser)) if !game.is_over() => Some(ResultView::resigned(game, loser)),
                _ => ResultView::of(game),
            },
            engine_status,
            engine_message,
            hint: self
                .hint
                .clone()
                .filter(|h| h.ply == moves.len() && your_move),
        }
    }

    /// The offered side's pits: those playable, and why each other is not.
    fn pits(&self, your_move: bool) -> (Vec<String>, BTreeMap<String, Say>) {
        let p = self.game.position();
        let over = self.over();
        let mut legal = Vec::new();
        let mut why = BTreeMap::new();
        for i in 0..7 {
            let m = Move::from_pit(self.offered_side().first_pit() + i);
            let reason = if let Some(loser) = self.time.forfeit() {
                Some(Say::OverOnTime { side: loser.into() })
            } else if let Some(side) = self.resigned {
                Some(Say::EndResigned { side: side.into() })
            } else if over {
                Some(Say::GameOver)
            } else if !your_move {
                Some(Say::EnginesMove)
            } else {
                p.why_illegal(self.variant, m).map(Say::from)
            };
            match reason {
                None => legal.push(m.to_string()),
                Some(r) => {
                    why.insert(m.to_string(), r);
                }
            }
        }
        (legal, why)
    }
}
