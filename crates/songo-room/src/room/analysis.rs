//! The analysis board: a game (the one played, a loaded record's, or a
//! set-up position), a cursor stepping through it, moves played on it,
//! records saved from it, and the game played on from it.

use songo_client::review::comment;
use songo_core::record::GameRecord;
use songo_core::{Game, Move, Position, Side, Variant};
// std's `SystemTime::now` panics on wasm32-unknown-unknown.
use web_time::SystemTime;

use super::timing::Pace;
use super::{refuse, Room, LEVELS};
use crate::clock::TimeControl;
use crate::messages::{Outgoing, Reply, SideName, Topic, Which};
use crate::records;
use crate::say::Say;
use crate::view::{side_name, AnalysisView, LineView, OriginView, RecordGameView, ResultView};
use crate::{book, tablebase};

/// The games of the record file uploaded last.
pub(super) struct Loaded {
    pub(super) name: String,
    pub(super) games: Vec<GameRecord>,
    /// The person's own finished games (named by the page, in its
    /// language), not a file.
    pub(super) own: bool,
}

/// Where the board's game comes from.
pub(super) enum Origin {
    /// Nothing yet: the start position.
    Start,
    /// The game played in the room, and its players.
    Play {
        south: String,
        north: String,
    },
    SetUp,
    /// Game `index` (from 1) of the uploaded file.
    Record {
        index: usize,
        record: GameRecord,
    },
}

pub(super) struct Analysis {
    pub(super) variant: Variant,
    pub(super) start: Position,
    pub(super) moves: Vec<Move>,
    /// The ply shown.
    pub(super) cursor: usize,
    pub(super) origin: Origin,
    /// The moves differ from the origin's.
    pub(super) modified: bool,
    pub(super) loaded: Option<Loaded>,
    /// Changes with the position shown: the engine's lines carry it.
    pub(super) id: u64,
    /// The engine's lines on the position shown.
    pub(super) lines: Vec<LineView>,
    /// The lines of the engine's iteration under way, until it is whole.
    pub(super) pending: super::lines::Pending,
    /// The person wants the engine to analyse.
    pub(super) running: bool,
    pub(super) lines_wanted: u8,
}

/// Lines of analysis the page offers.
pub const MAX_LINES: u8 = 3;

impl Analysis {
    pub(super) fn new() -> Analysis {
        Analysis {
            variant: Variant::Songo40,
            start: Position::startpos(),
            moves: Vec::new(),
            cursor: 0,
            origin: Origin::Start,
            modified: false,
            loaded: None,
            id: 1,
            lines: Vec::new(),
            pending: Default::default(),
            running: false,
            lines_wanted: 1,
        }
    }

    /// The game up to the cursor (its history counts for repetitions).
    pub(super) fn game_here(&self) -> Game {
        Game::with_moves(
            self.variant,
            self.start,
            self.moves[..self.cursor].iter().copied(),
        )
        .expect("the board's moves are checked when they are made")
    }

    /// The whole game.
    pub(super) fn game(&self) -> Game {
        Game::with_moves(self.variant, self.start, self.moves.iter().copied())
            .expect("the board's moves are checked when they are made")
    }

    /// The position shown changed: old lines go.
    fn moved(&mut self) {
        self.id += 1;
        self.lines.clear();
        self.pending.clear();
    }
}

impl Room {
    /// A new game on the board (its review goes).
    pub(super) fn show(&mut self, game: &Game, cursor: usize, origin: Origin) {
        let a = &mut self.analysis;
        a.variant = game.variant();
        a.start = game.start();
        a.moves = game.moves().to_vec();
        a.cursor = cursor.min(a.moves.len());
        a.origin = origin;
        a.modified = false;
        a.moved();
        self.game_changed();
    }

    /// Everything about the board, for every page, after a change.
    pub(super) fn board_changed(&mut self) -> Reply {
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    pub(super) fn set_up(&mut self, variant: &str, position: &str) -> Reply {
        let v: Variant = match variant.parse() {
            Ok(v) => v,
            Err(_) => {
                return refuse(
                    Topic::SetUp,
                    Say::UnknownVariant {
                        text: variant.to_string(),
                    },
                )
            }
        };
        let p: Position = match position.parse() {
            Ok(p) => p,
            Err(e) => return refuse(Topic::SetUp, Say::bad_position(&e)),
        };
        self.show(&Game::new(v, p), 0, Origin::SetUp);
        self.board_changed()
    }

    /// Copies the game being played to the board.
    pub(super) fn copy_play(&mut self, ply: Option<usize>) {
        let game = self.play.game.clone();
        let record = records::of_play(&game, &self.played(), SystemTime::now());
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

    pub(super) fn analyse_game(&mut self, ply: Option<usize>) -> Reply {
        if ply.is_some_and(|p| p > self.play.game.moves().len()) {
            return refuse(
                Topic::Analysis,
                Say::NoSuchPly {
                    ply: ply.unwrap_or_default(),
                    moves: self.play.game.moves().len(),
                },
            );
        }
        self.copy_play(ply);
        self.board_changed()
    }

    pub(super) fn goto(&mut self, ply: usize) -> Reply {
        let a = &mut self.analysis;
        if ply > a.moves.len() {
            return refuse(
                Topic::Analysis,
                Say::NoSuchPly {
                    ply,
                    moves: a.moves.len(),
                },
            );
        }
        if ply != a.cursor {
            a.cursor = ply;
            a.moved();
        }
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message()])
    }

    pub(super) fn analysis_move(
        &mut self,
        pit: &str,
        ply: Option<usize>,
        id: Option<u64>,
    ) -> Reply {
        let a = &self.analysis;
        if ply.is_some_and(|n| n != a.cursor) || id.is_some_and(|i| i != a.id) {
            return refuse(
                Topic::Analysis,
                Say::PitRefused {
                    pit: pit.trim().to_string(),
                    why: Box::new(Say::Stale),
                },
            );
        }
        let game = self.analysis.game_here();
        let p = game.position();
        let Ok(m) = Move::parse(pit.trim(), p.side_to_move()) else {
            return refuse(
                Topic::Analysis,
                Say::NotAPit {
                    text: pit.to_string(),
                },
            );
        };
        if game.is_over() {
            return refuse(
                Topic::Analysis,
                Say::PitRefused {
                    pit: m.to_string(),
                    why: Box::new(Say::GameOver),
                },
            );
        }
        if let Some(why) = p.why_illegal(self.analysis.variant, m) {
            return refuse(
                Topic::Analysis,
                Say::PitRefused {
                    pit: m.to_string(),
                    why: Box::new(why.into()),
                },
            );
        }
        let a = &mut self.analysis;
        let cursor = a.cursor;
        if a.moves.get(cursor) == Some(&m) {
            a.cursor += 1;
            a.moved();
            self.kick_analyst();
            return Reply::broadcast(vec![self.analysis_message()]);
        }
        // A new line from here: the rest of the game goes.
        a.moves.truncate(cursor);
        a.moves.push(m);
        a.cursor += 1;
        a.modified = true;
        a.moved();
        self.game_changed();
        self.board_changed()
    }

    pub(super) fn analyse(&mut self, on: bool, lines: Option<u8>) -> Reply {
        if let Some(n) = lines {
            if !(1..=MAX_LINES).contains(&n) {
                return refuse(
                    Topic::Analysis,
                    Say::BadLines {
                        lines: n,
                        max: MAX_LINES,
                    },
                );
            }
            if n != self.analysis.lines_wanted {
                self.analysis.lines_wanted = n;
                // The search starts again with the new number of lines.
                self.analysis.moved();
            }
        }
        self.analysis.running = on;
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message()])
    }

    pub(super) fn play_from_here(
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
        let level = level.unwrap_or(self.play.level);
        if !LEVELS.contains(&level) {
            return refuse(Topic::Analysis, Say::BadLevel { level });
        }
        let pace = match Pace::asked(tc, think_ms) {
            Ok(pace) => pace,
            Err(why) => return refuse(Topic::Analysis, why),
        };
        let human = side.map_or(game.position().side_to_move(), Side::from);
        self.begin(game, human, level, self.engine, pace);
        Reply::broadcast(vec![self.state_message()])
    }

    pub(super) fn load_game(&mut self, index: usize) -> Reply {
        let Some(record) = self
            .analysis
            .loaded
            .as_ref()
            .and_then(|l| l.games.get(index.wrapping_sub(1)))
            .cloned()
        else {
            return refuse(Topic::Record, Say::NoLoadedGame { index });
        };
        // The reader replayed every move already; a record that still does
        // not replay is refused, never a panic.
        let game =
            match Game::with_moves(record.variant, record.start, record.moves.iter().copied()) {
                Ok(game) => game,
                Err((ply, e)) => {
                    return refuse(
                        Topic::Record,
                        Say::RecordMoveBad {
                            ply: ply + 1,
                            problem: Box::new((&e).into()),
                        },
                    );
                }
            };
        let end = game.moves().len();
        self.show(&game, end, Origin::Record { index, record });
        self.board_changed()
    }

    pub(super) fn save(&mut self, which: Which, now: SystemTime) -> Reply {
        let (variant, record) = match which {
            Which::Play => (
                self.play.variant,
                records::of_play(&self.play.game, &self.played(), now),
            ),
            Which::Analysis => {
                let a = &self.analysis;
                let record = match &a.origin {
                    Origin::Record { record, .. } if !a.modified => record.clone(),
                    Origin::Record { record, .. } => {
                        let mut r = records::of_game(
                            &a.game(),
                            &record.south,
                            &record.north,
                            &record.event,
                            now,
                        );
                        r.time_control = record.time_control.clone();
                        r
                    }
                    Origin::Play { south, north } => {
                        records::of_game(&a.game(), south, north, records::EVENT, now)
                    }
                    Origin::Start | Origin::SetUp => {
                        records::of_game(&a.game(), "?", "?", records::EVENT, now)
                    }
                };
                let mut record = record;
                if let Some((review, limit)) = self.finished_review() {
                    // The review goes into the record as `songo review`
                    // writes it: a comment after every move.
                    record.comments.clear();
                    let _ = record.set_tag("Annotator", format!("songo gui review, {limit}"));
                    for m in &review.moves {
                        record.add_comment(m.ply + 1, &comment(m));
                    }
                }
                (a.variant, record)
            }
        };
        Reply::to_sender(Outgoing::Record {
            file_name: records::file_name(variant, now),
            text: record.to_string(),
        })
    }

    fn origin_view(&self) -> OriginView {
        let a = &self.analysis;
        let games = a
            .loaded
            .as_ref()
            .map(|l| {
                l.games
                    .iter()
                    .enumerate()
                    .map(|(i, r)| RecordGameView {
                        index: i + 1,
                        south: r.south.clone(),
                        north: r.north.clone(),
                        players: [records::player(&r.south), records::player(&r.north)],
                        result: r.result.token().to_string(),
                        plies: r.moves.len(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut view = OriginView {
            kind: "start",
            name: None,
            south: None,
            north: None,
            players: None,
            game: None,
            games,
            modified: a.modified,
        };
        match &a.origin {
            Origin::Start => {}
            Origin::SetUp => view.kind = "set-up",
            Origin::Play { south, north } => {
                view.kind = "play";
                view.south = Some(south.clone());
                view.north = Some(north.clone());
                view.players = Some([records::player(south), records::player(north)]);
            }
            Origin::Record { index, record } => {
                // The person's own games are named by the page, in its
                // language; a file by its name.
                match &a.loaded {
                    Some(l) if l.own => view.kind = "games",
                    loaded => {
                        view.kind = "record";
                        view.name = loaded.as_ref().map(|l| l.name.clone());
                    }
                }
                view.south = Some(record.south.clone());
                view.north = Some(record.north.clone());
                view.players = Some([
                    records::player(&record.south),
                    records::player(&record.north),
                ]);
                view.game = Some(*index);
            }
        }
        view
    }

    /// What the page shows of the analysis board.
    pub fn analysis_view(&self) -> AnalysisView {
        let a = &self.analysis;
        let game = a.game_here();
        let p = game.position();
        let legal = if game.is_over() {
            Vec::new()
        } else {
            p.legal_moves(a.variant)
                .iter()
                .map(|m| m.to_string())
                .collect()
        };
        let (engine_status, engine_message) = self.analyst_status();
        AnalysisView {
            id: a.id,
            variant: a.variant.to_string(),
            start: a.start.to_string(),
            moves: a.moves.iter().map(|m| m.to_string()).collect(),
            ply: a.cursor,
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: [p.captured(Side::South), p.captured(Side::North)],
            to_move: side_name(p.side_to_move()),
            legal,
            last: game.moves().last().map(|m| m.to_string()),
            result: ResultView::of(&game),
            origin: self.origin_view(),
            running: a.running,
            lines_wanted: a.lines_wanted,
            engine: self.engine_name().to_string(),
            engine_status,
            engine_message,
            lines: a.lines.clone(),
            tablebase: self
                .tablebases
                .as_ref()
                .map(|tb| tablebase::probe(tb, &game)),
            book: book::explore(self.book(), &game),
        }
    }
}

impl Room {
    /// How the game in play is being played, for its record.
    pub(super) fn played(&self) -> records::Played<'_> {
        records::Played {
            human: self.play.human,
            engine: self.engine_name(),
            level: self.play.level,
            names: self.play.opponent.names(),
            tc: self.play.time_control(),
            forfeit: self.play.forfeit,
            resigned: self.play.resigned,
            hinted: &self.play.hinted,
        }
    }
}
