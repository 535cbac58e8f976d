//! The table: one game between the person at the page and an engine. The
//! game lives here, on the server, and is computed with the rules core
//! (positions, legal moves, why a pit is illegal, the result); the page
//! only shows [`View`]s and sends [`PageMessage`]s. The engine is reached
//! through an [`EngineLink`], so the table is tested without processes.
//!
//! An engine that crashes or stalls only marks the engine as failed: the
//! game stays as it was, and a restart starts a fresh process that is
//! given the whole game and carries on.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use songo_client::{EngineSpec, Info, InfoScore};
use songo_core::{Game, GameStatus, Move, Position, Side, Variant};

use crate::engine::{BestMoveLine, EngineLink, Event, Job};

/// Strength levels the page offers (`Skill Level` of the protocol).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;
/// The level of the first game.
pub const DEFAULT_LEVEL: u8 = 3;

/// A message from the page, as JSON: `{"type": "move", "pit": "C"}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PageMessage {
    /// A new game: variant name, `south` or `north` (the person's side),
    /// level 1–10, engine index (default: the current one).
    NewGame {
        variant: String,
        side: String,
        level: u8,
        #[serde(default)]
        engine: Option<usize>,
    },
    /// The person plays a pit (a letter, or a pit number 1–7 of their side).
    Move { pit: String },
    /// Take back the person's last move (and the engine's answer to it).
    TakeBack,
    /// Start the engine again after a crash or a stall.
    RestartEngine,
    /// Send the state again.
    State,
}

/// What the table says to the pages.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Outgoing {
    /// The whole state, after every change.
    State(Box<View>),
    /// A line the engine wrote while thinking, read where it can be.
    EngineLine {
        line: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        info: Option<LineInfo>,
    },
    /// A move the person may not play, and why.
    Illegal { pit: String, why: String },
    /// A message the table could not take, and why.
    Error { message: String },
}

/// The readable part of an `info` line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// `cp` in seeds (`+1.50`) or `mate N`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    pub pv: Vec<String>,
}

impl LineInfo {
    fn of(line: &str) -> Option<LineInfo> {
        let info = Info::parse(line)?;
        if info.string.is_some() {
            return None;
        }
        Some(LineInfo {
            depth: info.depth,
            score: info.score.map(|s| match s {
                InfoScore::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
                InfoScore::Mate(n) => format!("mate {n}"),
            }),
            pv: info.pv,
        })
    }
}

/// `data-state` of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayState {
    /// The person is to move.
    YourMove,
    /// The engine is to move (thinking, or down and waiting for a restart).
    Thinking,
    /// The game is over.
    Over,
}

/// The engine's condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EngineStatus {
    Ready,
    Thinking,
    Failed,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: String,
    pub reason: String,
    /// Final scores `[south, north]` (RULES 5.2).
    pub scores: [u8; 2],
    /// `south`, `north`, or none for a draw.
    pub winner: Option<String>,
}

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Changes with every new game.
    pub game_id: u64,
    pub variant: String,
    pub variants: Vec<String>,
    /// The person's side.
    pub human: String,
    pub level: u8,
    pub engine: usize,
    pub engines: Vec<String>,
    /// The position string (protocol.md).
    pub position: String,
    /// Seeds in pits A–G then a–g.
    pub pits: Vec<u8>,
    /// Captured seeds `[south, north]`.
    pub captured: [u8; 2],
    pub to_move: String,
    pub state: PlayState,
    /// The pits the person may play now (none unless it is their move).
    pub legal: Vec<String>,
    /// Why each of the person's other pits may not be played now.
    pub why: BTreeMap<String, String>,
    /// The moves from the start, and the last of them.
    pub moves: Vec<String>,
    pub last: Option<String>,
    pub result: Option<ResultView>,
    pub engine_status: EngineStatus,
    /// What went wrong with the engine, when it failed.
    pub engine_message: Option<String>,
}

/// Starts an engine process: the engine's description and the generation
/// that its events will carry.
pub type Spawner = Box<dyn FnMut(&EngineSpec, u64) -> Box<dyn EngineLink> + Send>;

enum EngineState {
    Ready,
    Thinking { ticket: u64 },
    Failed(String),
}

/// A game with the person on one side and an engine on the other.
pub struct Table {
    engines: Vec<EngineSpec>,
    spawn: Spawner,
    movetime: Duration,
    engine: usize,
    link: Option<Box<dyn EngineLink>>,
    /// Events of other generations come from engines since replaced.
    generation: u64,
    state: EngineState,
    next_ticket: u64,
    variant: Variant,
    human: Side,
    level: u8,
    game: Game,
    game_id: u64,
}

fn side_name(s: Side) -> String {
    s.name().to_ascii_lowercase()
}

impl Table {
    /// A table with a first game (songo40, the person South) and its
    /// engine started; `movetime` is how long the engine thinks at full
    /// strength (lower levels stop earlier).
    pub fn new(engines: Vec<EngineSpec>, spawn: Spawner, movetime: Duration) -> Table {
        assert!(!engines.is_empty(), "a table needs an engine");
        let variant = Variant::Songo40;
        let mut table = Table {
            engines,
            spawn,
            movetime,
            engine: 0,
            link: None,
            generation: 0,
            state: EngineState::Ready,
            next_ticket: 0,
            variant,
            human: Side::South,
            level: DEFAULT_LEVEL,
            game: Game::new(variant, Position::startpos()),
            game_id: 1,
        };
        table.start_engine();
        table
    }

    fn engine_side(&self) -> Side {
        self.human.opponent()
    }

    /// Replaces the engine process by a fresh one set up for this game.
    fn start_engine(&mut self) {
        self.link = None;
        self.generation += 1;
        let spec = &self.engines[self.engine];
        let mut link = (self.spawn)(spec, self.generation);
        link.send(Job::NewGame {
            variant: self.variant,
            level: self.level,
        });
        self.link = Some(link);
        self.state = EngineState::Ready;
    }

    fn send(&mut self, job: Job) {
        if let Some(link) = self.link.as_mut() {
            link.send(job);
        }
    }

    /// Stops a search under way; its answer will be ignored.
    fn cancel(&mut self) {
        if let EngineState::Thinking { .. } = self.state {
            self.send(Job::Cancel);
            self.state = EngineState::Ready;
        }
    }

    /// Asks the engine for a move when it is its turn.
    fn maybe_think(&mut self) {
        if self.game.is_over()
            || self.game.position().side_to_move() != self.engine_side()
            || !matches!(self.state, EngineState::Ready)
        {
            return;
        }
        self.next_ticket += 1;
        let ticket = self.next_ticket;
        self.send(Job::Think {
            ticket,
            start: self.game.start(),
            moves: self.game.moves().to_vec(),
            movetime: self.movetime,
        });
        self.state = EngineState::Thinking { ticket };
    }

    fn fail(&mut self, message: String) {
        self.link = None;
        self.state = EngineState::Failed(message);
    }

    /// Handles one message of a page; the answers go to that page, except
    /// the new state, which goes to every page.
    pub fn on_page(&mut self, text: &str) -> Reply {
        let message: PageMessage = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => return Reply::error(format!("bad message: {e}")),
        };
        match message {
            PageMessage::State => Reply::to_sender(Outgoing::State(Box::new(self.view()))),
            PageMessage::NewGame {
                variant,
                side,
                level,
                engine,
            } => self.new_game(&variant, &side, level, engine),
            PageMessage::Move { pit } => self.human_move(&pit),
            PageMessage::TakeBack => self.take_back(),
            PageMessage::RestartEngine => {
                self.start_engine();
                self.maybe_think();
                Reply::changed()
            }
        }
    }

    fn new_game(&mut self, variant: &str, side: &str, level: u8, engine: Option<usize>) -> Reply {
        let Ok(variant) = variant.parse::<Variant>() else {
            return Reply::error(format!("unknown variant '{variant}'"));
        };
        let human = match side {
            "south" => Side::South,
            "north" => Side::North,
            _ => return Reply::error(format!("side '{side}' is neither south nor north")),
        };
        if !LEVELS.contains(&level) {
            return Reply::error(format!("level {level} is not 1 to 10"));
        }
        let engine = engine.unwrap_or(self.engine);
        if engine >= self.engines.len() {
            return Reply::error(format!("there is no engine {engine}"));
        }
        self.cancel();
        self.variant = variant;
        self.human = human;
        self.level = level;
        self.game = Game::new(variant, Position::startpos());
        self.game_id += 1;
        if engine != self.engine || self.link.is_none() {
            self.engine = engine;
            self.start_engine();
        } else {
            self.send(Job::NewGame { variant, level });
        }
        self.maybe_think();
        Reply::changed()
    }

    fn human_move(&mut self, pit: &str) -> Reply {
        let p = self.game.position();
        let Ok(m) = Move::parse(pit.trim(), self.human) else {
            return Reply::error(format!("'{pit}' is not a pit (A-G, a-g or 1-7)"));
        };
        if self.game.is_over() {
            return Reply::illegal(m, "the game is over".into());
        }
        if p.side_to_move() != self.human {
            return Reply::illegal(m, "it is the engine's move".into());
        }
        if let Some(why) = p.why_illegal(self.variant, m) {
            return Reply::illegal(m, why.to_string());
        }
        self.game
            .play(m)
            .expect("a move the rules core called legal");
        self.maybe_think();
        Reply::changed()
    }

    fn take_back(&mut self) -> Reply {
        if !self.game.moves().iter().any(|m| m.side() == self.human) {
            return Reply::error("there is no move of yours to take back".into());
        }
        self.cancel();
        while let Some(m) = self.game.undo() {
            if m.side() == self.human {
                break;
            }
        }
        Reply::changed()
    }

    /// Handles an event of the engine of generation `generation`; returns
    /// what to tell the pages.
    pub fn on_engine(&mut self, generation: u64, event: Event) -> Vec<Outgoing> {
        if generation != self.generation {
            return Vec::new();
        }
        match event {
            Event::Ready => Vec::new(),
            Event::Line(line) => {
                if matches!(self.state, EngineState::Thinking { .. }) {
                    let info = LineInfo::of(&line);
                    vec![Outgoing::EngineLine { line, info }]
                } else {
                    Vec::new()
                }
            }
            Event::BestMove { ticket, answer } => match self.state {
                EngineState::Thinking { ticket: t } if t == ticket => {
                    self.engine_move(answer);
                    vec![self.state_message()]
                }
                _ => Vec::new(),
            },
            Event::Failed(failure) => {
                let name = &self.engines[self.engine].name;
                let message = format!("The engine “{name}” {failure}.");
                self.fail(message);
                vec![self.state_message()]
            }
        }
    }

    fn engine_move(&mut self, answer: BestMoveLine) {
        self.state = EngineState::Ready;
        let name = self.engines[self.engine].name.clone();
        let Some(text) = answer.parsed.and_then(|b| b.mv) else {
            return self.fail(format!(
                "The engine “{name}” gave no move ('{}') in a game that goes on.",
                answer.line
            ));
        };
        let played = Move::parse(&text, self.engine_side())
            .ok()
            .filter(|m| self.game.play(*m).is_ok());
        if played.is_none() {
            self.fail(format!(
                "The engine {name} played an illegal move '{text}'."
            ));
        }
    }

    /// The state message for every page.
    pub fn state_message(&self) -> Outgoing {
        Outgoing::State(Box::new(self.view()))
    }

    /// What the page shows now.
    pub fn view(&self) -> View {
        let p = self.game.position();
        let v = self.variant;
        let over = self.game.is_over();
        let your_move = !over && p.side_to_move() == self.human;
        let state = if over {
            PlayState::Over
        } else if your_move {
            PlayState::YourMove
        } else {
            PlayState::Thinking
        };
        let mut legal = Vec::new();
        let mut why = BTreeMap::new();
        for i in 0..7 {
            let m = Move::from_pit(self.human.first_pit() + i);
            let reason = if over {
                Some("the game is over".to_string())
            } else if !your_move {
                Some("it is the engine's move".to_string())
            } else {
                p.why_illegal(v, m).map(|r| r.to_string())
            };
            match reason {
                None => legal.push(m.to_string()),
                Some(r) => {
                    why.insert(m.to_string(), r);
                }
            }
        }
        let result = match self.game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over {
                outcome,
                reason,
                scores,
            } => Some(ResultView {
                score: outcome.score_text().to_string(),
                reason: reason.describe().to_string(),
                scores,
                winner: match outcome {
                    songo_core::Outcome::Win(s) => Some(side_name(s)),
                    songo_core::Outcome::Draw => None,
                },
            }),
        };
        let (engine_status, engine_message) = match &self.state {
            EngineState::Ready => (EngineStatus::Ready, None),
            EngineState::Thinking { .. } => (EngineStatus::Thinking, None),
            EngineState::Failed(m) => (EngineStatus::Failed, Some(m.clone())),
        };
        View {
            game_id: self.game_id,
            variant: v.to_string(),
            variants: Variant::ALL.iter().map(|v| v.to_string()).collect(),
            human: side_name(self.human),
            level: self.level,
            engine: self.engine,
            engines: self.engines.iter().map(|e| e.name.clone()).collect(),
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: [p.captured(Side::South), p.captured(Side::North)],
            to_move: side_name(p.side_to_move()),
            state,
            legal,
            why,
            moves: self.game.moves().iter().map(|m| m.to_string()).collect(),
            last: self.game.moves().last().map(|m| m.to_string()),
            result,
            engine_status,
            engine_message,
        }
    }
}

/// The answer to a page's message.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// For the page that sent the message only.
    pub to_sender: Option<Outgoing>,
    /// The state changed: every page gets the new one.
    pub changed: bool,
}

impl Reply {
    fn error(message: String) -> Reply {
        Reply::to_sender(Outgoing::Error { message })
    }

    fn illegal(m: Move, why: String) -> Reply {
        Reply::to_sender(Outgoing::Illegal {
            pit: m.to_string(),
            why,
        })
    }

    fn to_sender(o: Outgoing) -> Reply {
        Reply {
            to_sender: Some(o),
            changed: false,
        }
    }

    fn changed() -> Reply {
        Reply {
            to_sender: None,
            changed: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BestMoveLine, Failure};
    use songo_client::BestMove;
    use std::sync::{Arc, Mutex};

    type Jobs = Arc<Mutex<Vec<(u64, Job)>>>;

    struct Fake {
        generation: u64,
        jobs: Jobs,
    }

    impl EngineLink for Fake {
        fn send(&mut self, job: Job) {
            self.jobs.lock().unwrap().push((self.generation, job));
        }
    }

    fn table(names: &[&str]) -> (Table, Jobs) {
        let jobs: Jobs = Arc::default();
        let seen = jobs.clone();
        let spawn: Spawner = Box::new(move |_, generation| {
            Box::new(Fake {
                generation,
                jobs: seen.clone(),
            })
        });
        let engines = names
            .iter()
            .map(|n| EngineSpec::from_named_command(&format!("{n}=/bin/{n}")).unwrap())
            .collect();
        (Table::new(engines, spawn, Duration::from_millis(100)), jobs)
    }

    fn last_think(jobs: &Jobs) -> (u64, u64) {
        jobs.lock()
            .unwrap()
            .iter()
            .rev()
            .find_map(|(g, j)| match j {
                Job::Think { ticket, .. } => Some((*g, *ticket)),
                _ => None,
            })
            .expect("a think job")
    }

    fn bestmove(m: &str) -> Event {
        let line = format!("bestmove {m}");
        Event::BestMove {
            ticket: 0,
            answer: BestMoveLine {
                parsed: BestMove::parse(&line),
                line,
            },
        }
    }

    fn answer(t: &mut Table, jobs: &Jobs, m: &str) -> Vec<Outgoing> {
        let (g, ticket) = last_think(jobs);
        let Event::BestMove { answer, .. } = bestmove(m) else {
            unreachable!()
        };
        t.on_engine(g, Event::BestMove { ticket, answer })
    }

    #[test]
    fn a_game_goes_back_and_forth() {
        let (mut t, jobs) = table(&["songo"]);
        let v = t.view();
        assert_eq!(v.state, PlayState::YourMove);
        assert_eq!(v.legal, ["A", "B", "C", "D", "E", "F", "G"]);
        assert!(v.why.is_empty());
        assert_eq!(v.position, "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg");
        let r = t.on_page(r#"{"type":"move","pit":"C"}"#);
        assert!(r.changed);
        let v = t.view();
        assert_eq!(
            (v.state, v.engine_status.clone()),
            (PlayState::Thinking, EngineStatus::Thinking)
        );
        assert_eq!(v.legal, Vec::<String>::new());
        assert_eq!(v.last.as_deref(), Some("C"));
        // A stale answer is ignored, the right one played.
        let (g, ticket) = last_think(&jobs);
        let Event::BestMove { answer: stale, .. } = bestmove("a") else {
            unreachable!()
        };
        assert!(t
            .on_engine(
                g,
                Event::BestMove {
                    ticket: ticket + 7,
                    answer: stale
                }
            )
            .is_empty());
        let out = answer(&mut t, &jobs, "d");
        assert!(matches!(out[..], [Outgoing::State(_)]));
        let v = t.view();
        assert_eq!(v.moves, ["C", "d"]);
        assert_eq!(v.state, PlayState::YourMove);
        // Take back both.
        assert!(t.on_page(r#"{"type":"take-back"}"#).changed);
        assert_eq!(t.view().moves, Vec::<String>::new());
    }

    #[test]
    fn illegal_and_malformed_messages_are_answered() {
        let (mut t, _) = table(&["songo"]);
        for bad in [
            "",
            "null",
            "{}",
            r#"{"type":"fly"}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"move","pit":7}"#,
            r#"{"type":"move","pit":"Z"}"#,
            r#"{"type":"new-game","variant":"chess","side":"south","level":3}"#,
            r#"{"type":"new-game","variant":"songo40","side":"east","level":3}"#,
            r#"{"type":"new-game","variant":"songo40","side":"south","level":11}"#,
            r#"{"type":"new-game","variant":"songo40","side":"south","level":3,"engine":4}"#,
            r#"{"type":"new-game","variant":"songo40","side":"south","level":300}"#,
            r#"{"type":"take-back"}"#,
            r#"{"type":"move","pit":"C","cmd":"rm -rf /"}"#,
        ] {
            let r = t.on_page(bad);
            assert!(!r.changed, "{bad}");
            assert!(
                matches!(r.to_sender, Some(Outgoing::Error { .. })),
                "{bad}: {r:?}"
            );
        }
        let r = t.on_page(r#"{"type":"move","pit":"c"}"#);
        assert!(
            matches!(r.to_sender, Some(Outgoing::Illegal { .. })),
            "{r:?}"
        );
        assert_eq!(t.view().moves.len(), 0);
    }

    #[test]
    fn a_north_game_starts_with_the_engine_and_reasons_are_given() {
        let (mut t, jobs) = table(&["songo", "other"]);
        let r = t.on_page(
            r#"{"type":"new-game","variant":"songo36-amateur","side":"north","level":1,"engine":1}"#,
        );
        assert!(r.changed);
        let v = t.view();
        assert_eq!((v.engine, v.human.as_str(), v.level), (1, "north", 1));
        assert_eq!(v.state, PlayState::Thinking);
        assert!(jobs.lock().unwrap().iter().any(|(g, j)| *g == 2
            && *j
                == Job::NewGame {
                    variant: Variant::Songo36Amateur,
                    level: 1
                }));
        answer(&mut t, &jobs, "A");
        let v = t.view();
        assert_eq!(v.state, PlayState::YourMove);
        // North's pit 7 holds 5 (not 1 or 2): all legal.
        assert_eq!(v.legal.len(), 7);
        let r = t.on_page(r#"{"type":"move","pit":"1"}"#);
        assert!(r.changed);
        assert_eq!(t.view().moves, ["A", "a"]);
    }

    #[test]
    fn a_crash_keeps_the_game_and_a_restart_goes_on() {
        let (mut t, jobs) = table(&["songo"]);
        t.on_page(r#"{"type":"move","pit":"A"}"#);
        let (g, _) = last_think(&jobs);
        let out = t.on_engine(g, Event::Failed(Failure::Crashed));
        let Outgoing::State(v) = &out[0] else {
            panic!("{out:?}")
        };
        assert_eq!(v.engine_status, EngineStatus::Failed);
        assert!(v.engine_message.as_deref().unwrap().contains("crashed"));
        assert_eq!((v.state, v.moves.len()), (PlayState::Thinking, 1));
        // Events of the dead engine are ignored after the restart.
        assert!(t.on_page(r#"{"type":"restart-engine"}"#).changed);
        assert!(t.on_engine(g, bestmove("a")).is_empty());
        let (g2, _) = last_think(&jobs);
        assert_eq!(g2, g + 1);
        answer(&mut t, &jobs, "b");
        let v = t.view();
        assert_eq!((v.moves.len(), v.engine_status), (2, EngineStatus::Ready));
        // An illegal answer fails the engine, not the game.
        t.on_page(r#"{"type":"move","pit":"B"}"#);
        answer(&mut t, &jobs, "B");
        let v = t.view();
        assert_eq!((v.moves.len(), v.engine_status), (3, EngineStatus::Failed));
    }
}
