//! The analysis board: a game (the one played, a loaded record's, or a
//! set-up position), a cursor stepping through it, moves played on it,
//! and records saved from it. It owns the board; the analyst's lines and
//! the tables' and book's answers are shown beside it ([`Live`]).

use songo_client::review::{comment, GameReview};
use songo_core::record::GameRecord;
use songo_core::{Game, Move, Position, Side, Variant};
// std's `SystemTime::now` panics on wasm32-unknown-unknown.
use web_time::SystemTime;

use super::saved_form::{bad, game_of, texts, RestoreError, SavedBoard, SavedOrigin};
use crate::book::BookView;
use crate::records;
use crate::say::Say;
use crate::tablebase::TbView;
use crate::view::{
    side_name, AnalysisView, EngineStatus, LineView, OriginView, RecordGameView, ResultView,
};
use songo_core::record::parse_records;

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

/// The board: its game, the ply shown, where it came from.
pub(super) struct Analysis {
    variant: Variant,
    start: Position,
    moves: Vec<Move>,
    /// The ply shown.
    cursor: usize,
    origin: Origin,
    /// The moves differ from the origin's.
    modified: bool,
    loaded: Option<Loaded>,
    /// Changes with the position shown (and with the number of lines
    /// wanted): the engine's lines carry it.
    id: u64,
}

/// What the board shows beside its position: the analyst's.
pub(super) struct Live {
    /// The person wants the engine to analyse.
    pub(super) running: bool,
    pub(super) lines_wanted: u8,
    pub(super) engine: String,
    pub(super) engine_status: EngineStatus,
    pub(super) engine_message: Option<Say>,
    /// The engine's lines on the position shown.
    pub(super) lines: Vec<LineView>,
}

/// The position shown, as the analyst follows it.
pub(super) struct Shown {
    /// The board's position id.
    pub(super) id: u64,
    /// The game up to the cursor.
    pub(super) game: Game,
}

/// A move played on the board.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stepped {
    /// The game's own next move: the cursor went on.
    Along,
    /// Another move: a new line from here, the rest of the game gone.
    NewLine,
}

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

    /// The position shown and its id.
    pub(super) fn shown(&self) -> Shown {
        Shown {
            id: self.id,
            game: self.game_here(),
        }
    }

    /// Which sides a person played, South first: in a game against an
    /// engine only the person's, in a game between people (or one set up
    /// or started here) both. A side named as an engine at a level is
    /// the engine's.
    pub(super) fn people(&self) -> [bool; 2] {
        let person = |name: &str| !matches!(records::player(name), Say::PlayerEngine { .. });
        match &self.origin {
            Origin::Start | Origin::SetUp => [true, true],
            Origin::Play { south, north } => [person(south), person(north)],
            Origin::Record { record, .. } => [person(&record.south), person(&record.north)],
        }
    }

    /// Whether the board has moves (something to review).
    pub(super) fn has_moves(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The position shown changed (or what is asked of it): the engine's
    /// lines on the old one go.
    pub(super) fn renew(&mut self) {
        self.id += 1;
    }

    /// A new game on the board.
    pub(super) fn show(&mut self, game: &Game, cursor: usize, origin: Origin) {
        self.variant = game.variant();
        self.start = game.start();
        self.moves = game.moves().to_vec();
        self.cursor = cursor.min(self.moves.len());
        self.origin = origin;
        self.modified = false;
        self.renew();
    }

    /// A set-up position, read from the page's text.
    pub(super) fn set_up(&mut self, variant: &str, position: &str) -> Result<(), Say> {
        let v: Variant = variant.parse().map_err(|_| Say::UnknownVariant {
            text: variant.to_string(),
        })?;
        let p: Position = position.parse().map_err(|e| Say::bad_position(&e))?;
        self.show(&Game::new(v, p), 0, Origin::SetUp);
        Ok(())
    }

    /// The cursor to `ply`.
    pub(super) fn goto(&mut self, ply: usize) -> Result<(), Say> {
        if ply > self.moves.len() {
            return Err(Say::NoSuchPly {
                ply,
                moves: self.moves.len(),
            });
        }
        if ply != self.cursor {
            self.cursor = ply;
            self.renew();
        }
        Ok(())
    }

    /// Pit `pit` played on the position shown, chosen at ply `ply` of
    /// board `id` (a stale choice is refused).
    pub(super) fn play(
        &mut self,
        pit: &str,
        ply: Option<usize>,
        id: Option<u64>,
    ) -> Result<Stepped, Say> {
        if ply.is_some_and(|n| n != self.cursor) || id.is_some_and(|i| i != self.id) {
            return Err(Say::PitRefused {
                pit: pit.trim().to_string(),
                why: Box::new(Say::Stale),
            });
        }
        let game = self.game_here();
        let p = game.position();
        let Ok(m) = Move::parse(pit.trim(), p.side_to_move()) else {
            return Err(Say::NotAPit {
                text: pit.to_string(),
            });
        };
        let refused = |why: Say| Say::PitRefused {
            pit: m.to_string(),
            why: Box::new(why),
        };
        if game.is_over() {
            return Err(refused(Say::GameOver));
        }
        if let Some(why) = p.why_illegal(self.variant, m) {
            return Err(refused(why.into()));
        }
        let cursor = self.cursor;
        self.cursor += 1;
        if self.moves.get(cursor) == Some(&m) {
            self.renew();
            return Ok(Stepped::Along);
        }
        self.moves.truncate(cursor);
        self.moves.push(m);
        self.modified = true;
        self.renew();
        Ok(Stepped::NewLine)
    }

    /// The games of a file (or the person's own), for [`Analysis::load_game`].
    pub(super) fn load(&mut self, loaded: Loaded) {
        self.loaded = Some(loaded);
    }

    /// Game `index` (from 1) of the loaded file on the board.
    pub(super) fn load_game(&mut self, index: usize) -> Result<(), Say> {
        let Some(record) = self
            .loaded
            .as_ref()
            .and_then(|l| l.games.get(index.wrapping_sub(1)))
            .cloned()
        else {
            return Err(Say::NoLoadedGame { index });
        };
        // The reader replayed every move already; a record that still does
        // not replay is refused, never a panic.
        let game = Game::with_moves(record.variant, record.start, record.moves.iter().copied())
            .map_err(|(ply, e)| Say::RecordMoveBad {
                ply: ply + 1,
                problem: Box::new((&e).into()),
            })?;
        let end = game.moves().len();
        self.show(&game, end, Origin::Record { index, record });
        Ok(())
    }

    /// The board's game as a record dated `now`; a finished review of it
    /// (and its limit) as comments.
    pub(super) fn record(
        &self,
        review: Option<(&GameReview, &str)>,
        now: SystemTime,
    ) -> GameRecord {
        let mut record = match &self.origin {
            Origin::Record { record, .. } if !self.modified => record.clone(),
            Origin::Record { record, .. } => {
                let mut r = records::of_game(
                    &self.game(),
                    &record.south,
                    &record.north,
                    &record.event,
                    now,
                );
                r.time_control = record.time_control.clone();
                r
            }
            Origin::Play { south, north } => {
                records::of_game(&self.game(), south, north, records::EVENT, now)
            }
            Origin::Start | Origin::SetUp => {
                records::of_game(&self.game(), "?", "?", records::EVENT, now)
            }
        };
        if let Some((review, limit)) = review {
            // The review goes into the record as `songo review` writes
            // it: a comment after every move.
            record.comments.clear();
            let _ = record.set_tag("Annotator", format!("songo gui review, {limit}"));
            for m in &review.moves {
                record.add_comment(m.ply + 1, &comment(m));
            }
        }
        record
    }

    pub(super) fn variant(&self) -> Variant {
        self.variant
    }

    fn origin_view(&self) -> OriginView {
        let a = self;
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

    /// What the page shows of the board, with the analyst's lines and
    /// the tables' and the book's answers beside it.
    pub(super) fn view(
        &self,
        live: Live,
        tablebase: Option<TbView>,
        book: BookView,
    ) -> AnalysisView {
        let game = self.game_here();
        let p = game.position();
        let legal = if game.is_over() {
            Vec::new()
        } else {
            p.legal_moves(self.variant)
                .iter()
                .map(|m| m.to_string())
                .collect()
        };
        AnalysisView {
            id: self.id,
            variant: self.variant.to_string(),
            start: self.start.to_string(),
            moves: texts(&self.moves),
            ply: self.cursor,
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: [p.captured(Side::South), p.captured(Side::North)],
            to_move: side_name(p.side_to_move()),
            legal,
            last: game.moves().last().map(|m| m.to_string()),
            result: ResultView::of(&game),
            origin: self.origin_view(),
            running: live.running,
            lines_wanted: live.lines_wanted,
            engine: live.engine,
            engine_status: live.engine_status,
            engine_message: live.engine_message,
            lines: live.lines,
            tablebase,
            book,
        }
    }

    /// The board to keep; `lines`: how many lines the analysis shows.
    pub(super) fn saved(&self, lines: u8) -> SavedBoard {
        SavedBoard {
            variant: self.variant.to_string(),
            start: self.start.to_string(),
            moves: texts(&self.moves),
            cursor: self.cursor,
            origin: match &self.origin {
                Origin::Start => SavedOrigin::Start,
                Origin::Play { south, north } => SavedOrigin::Play {
                    south: south.clone(),
                    north: north.clone(),
                },
                Origin::SetUp => SavedOrigin::SetUp,
                Origin::Record { index, record } => SavedOrigin::Record {
                    index: *index,
                    record: record.to_string(),
                },
            },
            modified: self.modified,
            lines,
        }
    }

    /// A saved board put back (checked by [`restored`]).
    pub(super) fn restore(&mut self, board: Restored) {
        self.show(&board.game, board.cursor, board.origin);
        self.modified = board.modified;
    }
}

/// A saved board, checked.
pub(super) struct Restored {
    game: Game,
    cursor: usize,
    origin: Origin,
    modified: bool,
}

/// A saved board checked: every move by the rules core, the cursor, the
/// number of lines (up to `max_lines`), the record it came from.
pub(super) fn restored(a: &SavedBoard, max_lines: u8) -> Result<Restored, RestoreError> {
    let game = game_of("board", &a.variant, &a.start, &a.moves)?;
    if a.cursor > a.moves.len() {
        return Err(bad(
            "board",
            format!("ply {} of {}", a.cursor, a.moves.len()),
        ));
    }
    if !(1..=max_lines).contains(&a.lines) {
        return Err(bad("board", format!("{} lines", a.lines)));
    }
    let origin = match &a.origin {
        SavedOrigin::Start => Origin::Start,
        SavedOrigin::Play { south, north } => Origin::Play {
            south: south.clone(),
            north: north.clone(),
        },
        SavedOrigin::SetUp => Origin::SetUp,
        SavedOrigin::Record { index, record } => {
            let mut records = parse_records(record).map_err(|e| bad("record", e))?;
            if records.len() != 1 {
                return Err(bad("record", format!("{} games", records.len())));
            }
            Origin::Record {
                index: *index,
                record: records.remove(0),
            }
        }
    };
    Ok(Restored {
        game,
        cursor: a.cursor,
        origin,
        modified: a.modified,
    })
}
