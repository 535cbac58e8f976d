//! Each page message, handled by the parts it concerns: the room passes
//! what one part needs from another (the game played to the board, the
//! board's position to the analyst, a finished game to the history) and
//! says what changed to every page.

use songo_core::Side;
use web_time::SystemTime;

use super::analysis::{Origin, Stepped};
use super::play::{check_level, Pace, Start};
use super::{analyst, Room};
use crate::clock::TimeControl;
use crate::messages::{Outgoing, PageMessage, Reply, SideName, Topic, Which};
use crate::say::Say;

impl Room {
    pub(super) fn handle(&mut self, message: PageMessage) -> Reply {
        match message {
            PageMessage::State {} => Reply {
                to_sender: self.welcome(),
                broadcast: Vec::new(),
            },
            PageMessage::NewGame {
                variant,
                side,
                level,
                names,
                engine,
                tc,
                think_ms,
            } => self.new_game((&variant, &side), level, names, engine, (tc, think_ms)),
            PageMessage::Move { pit, ply, game } => self.human_move(&pit, ply, game),
            PageMessage::TakeBack { agreed } => self.take_back(agreed),
            PageMessage::Resign {} => self.resign(),
            PageMessage::ShowMove {
                variant,
                position,
                pit,
                tag,
            } => show_move(&variant, &position, &pit, tag),
            PageMessage::RestartEngine {} => self.restart_engine(),
            PageMessage::Hint {} => self.hint(),
            PageMessage::SetUp { variant, position } => self.set_up(&variant, &position),
            PageMessage::AnalyseGame { ply } => self.analyse_game(ply),
            PageMessage::Goto { ply } => self.goto(ply),
            PageMessage::AnalysisMove { pit, ply, id } => self.analysis_move(&pit, ply, id),
            PageMessage::Analyse { on, lines } => self.analyse(on, lines),
            PageMessage::PlayFromHere {
                side,
                level,
                tc,
                think_ms,
            } => self.play_from_here(side, level, tc, think_ms),
            PageMessage::RestartAnalyst {} => self.restart_analyst(),
            PageMessage::LoadGame { index } => self.load_game(index),
            PageMessage::Save { game } => self.save(game, SystemTime::now()),
            PageMessage::Review {
                game,
                depth,
                movetime,
            } => self.start_review(game, depth, movetime),
            PageMessage::CancelReview {} => self.cancel_review(),
            PageMessage::OpenGame { index, id } => self.open_game(index, id.as_deref()),
            PageMessage::ExportGames {} => self.export_games(SystemTime::now()),
            PageMessage::DeleteGame { id } => {
                let done = self.history.delete(&id);
                self.games_changed(done)
            }
            PageMessage::UndoDelete {} => {
                let done = self.history.undo_delete();
                self.games_changed(done)
            }
            PageMessage::LessonOpen { variant, lesson } => {
                let done = self.lessons.open(&variant, lesson.as_deref());
                self.lessons_changed(done)
            }
            PageMessage::LessonMove { pit, lesson } => {
                let done = self.lessons.answer(&pit, &lesson);
                self.lessons_changed(done)
            }
            PageMessage::PuzzleNext {
                variant,
                theme,
                difficulty,
            } => {
                let done = self.puzzles.next(&variant, theme.as_deref(), difficulty);
                self.puzzles_changed(done)
            }
            PageMessage::PuzzleMove {
                pit,
                puzzle,
                step,
                answers,
            } => {
                let done = self.puzzles.answer(&pit, &puzzle, (step, answers));
                self.puzzles_changed(done)
            }
            PageMessage::MistakesStart {} => self.start_mistakes(),
            PageMessage::MistakeOpen { index } => {
                let done = self.mistakes.open(index);
                self.mistakes_changed(done)
            }
            PageMessage::MistakeMove { pit, index } => self.mistake_move(&pit, index),
        }
    }

    fn new_game(
        &mut self,
        (variant, side): (&str, &str),
        level: u8,
        names: Option<[String; 2]>,
        engine: Option<usize>,
        pace: (Option<TimeControl>, Option<u64>),
    ) -> Reply {
        let now = self.now();
        self.play.new_game(
            &mut self.engines,
            variant,
            side,
            level,
            names,
            engine,
            pace,
            now,
        )
    }

    fn human_move(&mut self, pit: &str, ply: Option<usize>, game: Option<u64>) -> Reply {
        let now = self.now();
        self.play
            .human_move(&mut self.engines, pit, (ply, game), now)
    }

    fn take_back(&mut self, agreed: bool) -> Reply {
        let now = self.now();
        self.play.take_back(&self.engines, agreed, now)
    }

    fn resign(&mut self) -> Reply {
        let now = self.now();
        self.play.resign(&self.engines, now)
    }

    fn hint(&mut self) -> Reply {
        let now = self.now();
        self.play.hint(&mut self.engines, now)
    }

    fn restart_engine(&mut self) -> Reply {
        let now = self.now();
        self.play.start_engine(&mut self.engines);
        self.play.maybe_think(&mut self.engines, now);
        Reply::broadcast(vec![self.state_message()])
    }

    /// Sets the analyst to what the board and the review want now.
    pub(super) fn kick_analyst(&mut self) {
        let shown = self.analysis.shown();
        self.analyst
            .kick(&mut self.engines, self.play.engine(), &shown);
    }

    /// A new game on the board (its review goes).
    pub(super) fn show(&mut self, game: &songo_core::Game, cursor: usize, origin: Origin) {
        self.analysis.show(game, cursor, origin);
        self.analyst.game_changed();
    }

    /// Everything about the board, for every page, after a change.
    fn board_changed(&mut self) -> Reply {
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    /// The board's position changed: the analyst follows it.
    fn board_moved(&mut self) -> Reply {
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message()])
    }

    fn set_up(&mut self, variant: &str, position: &str) -> Reply {
        match self.analysis.set_up(variant, position) {
            Ok(()) => {
                self.analyst.game_changed();
                self.board_changed()
            }
            Err(why) => refuse(Topic::SetUp, why),
        }
    }

    /// Copies the game being played to the board.
    fn copy_play(&mut self, ply: Option<usize>) {
        let game = self.play.game().clone();
        let record = self.play.record(&self.engines, SystemTime::now());
        let cursor = ply.unwrap_or(game.moves().len());
        self.show(
            &game,
            cursor,
            Origin::Play {
                south: record.south,
                north: record.north,
            },
        );
    }

    fn analyse_game(&mut self, ply: Option<usize>) -> Reply {
        let moves = self.play.game().moves().len();
        if let Some(ply) = ply.filter(|&p| p > moves) {
            return refuse(Topic::Analysis, Say::NoSuchPly { ply, moves });
        }
        self.copy_play(ply);
        self.board_changed()
    }

    fn goto(&mut self, ply: usize) -> Reply {
        match self.analysis.goto(ply) {
            Ok(()) => self.board_moved(),
            Err(why) => refuse(Topic::Analysis, why),
        }
    }

    fn analysis_move(&mut self, pit: &str, ply: Option<usize>, id: Option<u64>) -> Reply {
        match self.analysis.play(pit, ply, id) {
            Ok(Stepped::Along) => self.board_moved(),
            Ok(Stepped::NewLine) => {
                self.analyst.game_changed();
                self.board_changed()
            }
            Err(why) => refuse(Topic::Analysis, why),
        }
    }

    fn analyse(&mut self, on: bool, lines: Option<u8>) -> Reply {
        if let Some(n) = lines {
            if !(1..=analyst::MAX_LINES).contains(&n) {
                let max = analyst::MAX_LINES;
                return refuse(Topic::Analysis, Say::BadLines { lines: n, max });
            }
            if self.analyst.set_lines_wanted(n) {
                // The search starts again with the new number of lines.
                self.analysis.renew();
            }
        }
        self.analyst.set_running(on);
        self.board_moved()
    }

    fn play_from_here(
        &mut self,
        side: Option<SideName>,
        level: Option<u8>,
        tc: Option<TimeControl>,
        think_ms: Option<u64>,
    ) -> Reply {
        let game = self.analysis.game_here();
        if game.is_over() {
            return refuse(Topic::Analysis, Say::OverHere);
        }
        let level = match check_level(level.unwrap_or(self.play.level())) {
            Ok(level) => level,
            Err(why) => return refuse(Topic::Analysis, why),
        };
        let pace = match Pace::asked(tc, think_ms) {
            Ok(pace) => pace,
            Err(why) => return refuse(Topic::Analysis, why),
        };
        let start = Start {
            human: side.map_or(game.position().side_to_move(), Side::from),
            game,
            // Who plays stays as it was.
            opponent: self.play.opponent().clone(),
            level,
            engine: self.play.engine(),
            pace,
        };
        let now = self.now();
        self.play.begin(&mut self.engines, start, now);
        Reply::broadcast(vec![self.state_message()])
    }

    fn restart_analyst(&mut self) -> Reply {
        let shown = self.analysis.shown();
        self.analyst
            .restart(&mut self.engines, self.play.engine(), &shown);
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    pub(super) fn load_game(&mut self, index: usize) -> Reply {
        match self.analysis.load_game(index) {
            Ok(()) => {
                self.analyst.game_changed();
                self.board_changed()
            }
            Err(why) => refuse(Topic::Record, why),
        }
    }

    fn save(&mut self, which: Which, now: SystemTime) -> Reply {
        let (variant, record) = match which {
            Which::Play => (
                self.play.game().variant(),
                self.play.record(&self.engines, now),
            ),
            Which::Analysis => (
                self.analysis.variant(),
                self.analysis.record(self.analyst.finished_review(), now),
            ),
        };
        Reply::to_sender(Outgoing::Record {
            file_name: crate::records::file_name(variant, now),
            text: record.to_string(),
        })
    }

    fn start_review(&mut self, which: Which, depth: Option<u32>, movetime: Option<u64>) -> Reply {
        let limit = match analyst::limit_of(depth, movetime) {
            Ok(limit) => limit,
            Err(why) => return refuse(Topic::Review, why),
        };
        if which == Which::Play {
            self.copy_play(None);
        }
        if !self.analysis.has_moves() {
            return refuse(Topic::Review, Say::NothingToReview);
        }
        let game = self.analysis.game();
        self.analyst
            .review(&mut self.engines, self.play.engine(), game, limit);
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    fn cancel_review(&mut self) -> Reply {
        let shown = self.analysis.shown();
        match self
            .analyst
            .cancel_review(&mut self.engines, self.play.engine(), &shown)
        {
            Ok(()) => Reply::broadcast(vec![self.analysis_message(), self.review_message()]),
            Err(why) => refuse(Topic::Review, why),
        }
    }

    /// An event of the analyst's process.
    pub(super) fn on_analyst(&mut self, event: crate::link::LinkEvent) -> Vec<Outgoing> {
        let shown = self.analysis.shown();
        let engine = self.play.engine();
        match self
            .analyst
            .on_event(&mut self.engines, engine, event, &shown)
        {
            analyst::Changed::Nothing => Vec::new(),
            analyst::Changed::Lines => vec![Outgoing::AnalysisLines {
                id: shown.id,
                lines: self.analyst.lines(shown.id),
            }],
            analyst::Changed::Analysis => vec![self.analysis_message()],
            analyst::Changed::Review => vec![self.review_message()],
            analyst::Changed::Both => vec![self.analysis_message(), self.review_message()],
            analyst::Changed::Verdict => {
                if let Some((ticket, verdict)) = self.analyst.take_verdict() {
                    self.mistakes.verdict(ticket, verdict);
                }
                vec![self.analysis_message(), self.mistakes_message()]
            }
        }
    }

    /// Finished game `index` (from 1) on the analysis board, the others a
    /// choice away as a loaded file's.
    fn open_game(&mut self, index: Option<usize>, id: Option<&str>) -> Reply {
        let index = match (id, index) {
            (Some(id), _) => match self.history.index_of(id) {
                Some(index) => index,
                None => {
                    let game = id.to_string();
                    return refuse(Topic::Record, Say::NoFinishedGameId { game });
                }
            },
            (None, Some(index)) => index,
            (None, None) => return refuse(Topic::Record, Say::NoFinishedGame { index: 0 }),
        };
        let (record, game, loaded) = match self.history.open(index) {
            Ok(found) => found,
            Err(why) => return refuse(Topic::Record, why),
        };
        self.analysis.load(loaded);
        let end = game.moves().len();
        self.show(&game, end, Origin::Record { index, record });
        self.board_changed()
    }

    /// Every finished game in one record file, for the page that asked.
    /// The list again after a delete or its undo, or why not.
    fn games_changed(&self, done: Result<(), Say>) -> Reply {
        match done {
            Ok(()) => Reply::broadcast(vec![self.games_message()]),
            Err(why) => refuse(Topic::Games, why),
        }
    }

    /// A practice of the finished review's mistakes.
    fn start_mistakes(&mut self) -> Reply {
        let found = self
            .analyst
            .finished_review()
            .zip(self.analyst.review_limit());
        let (Some(((review, _), limit)), Some(say)) = (found, self.analyst.review_view().limit)
        else {
            return refuse(Topic::Mistakes, Say::NoReviewDone);
        };
        let game = self.analysis.game();
        let people = self.analysis.people();
        let done = self.mistakes.start(&game, review, people, (limit, say));
        self.mistakes_changed(done)
    }

    /// An answer to an exercise: judged at once, or by the analyst.
    fn mistake_move(&mut self, pit: &str, index: usize) -> Reply {
        let asked = match self.mistakes.answer(pit, index) {
            Ok(asked) => asked,
            Err(why) => return refuse(Topic::Mistakes, why),
        };
        let super::mistakes::Asked::Judge { game, limit } = asked else {
            return Reply::broadcast(vec![self.mistakes_message()]);
        };
        let Some(&answer) = game.moves().last() else {
            return refuse(Topic::Mistakes, Say::Stale);
        };
        let engine = self.play.engine();
        match self.analyst.judge(&mut self.engines, engine, game, limit) {
            Ok(ticket) => {
                self.mistakes.judging(answer, ticket);
                Reply::broadcast(vec![self.analysis_message(), self.mistakes_message()])
            }
            Err(why) => refuse(Topic::Mistakes, why),
        }
    }

    /// The practice again after a change, or why not.
    fn mistakes_changed(&self, done: Result<(), Say>) -> Reply {
        match done {
            Ok(()) => Reply::broadcast(vec![self.mistakes_message()]),
            Err(why) => refuse(Topic::Mistakes, why),
        }
    }

    /// The puzzles again after a change, or why not.
    fn puzzles_changed(&self, done: Result<(), Say>) -> Reply {
        match done {
            Ok(()) => Reply::broadcast(vec![self.puzzles_message()]),
            Err(why) => refuse(Topic::Puzzles, why),
        }
    }

    /// The lessons again after a change, or why not.
    fn lessons_changed(&self, done: Result<(), Say>) -> Reply {
        match done {
            Ok(()) => Reply::broadcast(vec![self.lessons_message()]),
            Err(why) => refuse(Topic::Lessons, why),
        }
    }

    fn export_games(&self, now: SystemTime) -> Reply {
        match self.history.export(now) {
            Ok(file) => Reply::to_sender(file),
            Err(why) => refuse(Topic::Record, why),
        }
    }
}

/// A move on a fixed position, as the rules panel shows it: the rules
/// core's sowing and the position after it, or why not.
fn show_move(variant: &str, position: &str, pit: &str, tag: String) -> Reply {
    let Ok(v) = variant.parse::<songo_core::Variant>() else {
        return Reply::error(Say::UnknownVariant {
            text: variant.to_string(),
        });
    };
    let p: songo_core::Position = match position.parse() {
        Ok(p) => p,
        Err(e) => return Reply::error(Say::bad_position(&e)),
    };
    let Ok(m) = songo_core::Move::parse(pit.trim(), p.side_to_move()) else {
        return Reply::error(Say::NotAPit {
            text: pit.to_string(),
        });
    };
    if let Some(why) = p.why_illegal(v, m) {
        return Reply::to_sender(Outgoing::ShownMove {
            tag,
            sowing: None,
            after: None,
            pits: p.pits().to_vec(),
            why: Some(Say::PitRefused {
                pit: m.to_string(),
                why: Box::new(why.into()),
            }),
        });
    }
    let after = p.play(v, m).expect("a move the rules core called legal");
    Reply::to_sender(Outgoing::ShownMove {
        tag,
        sowing: Some(Box::new(crate::sowing::sowing(v, &p, m))),
        after: Some(after.to_string()),
        pits: after.pits().to_vec(),
        why: None,
    })
}

/// An error about `topic`.
fn refuse(topic: Topic, message: Say) -> Reply {
    Reply::error_on(topic, message)
}
