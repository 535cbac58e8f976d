//! Reading: a record file's bytes to checked games.
//!
//! The reader takes bytes ([`read_records`]): a file that is not text (bad
//! UTF-8, control characters) is an error naming the line, never a panic
//! and never a silent replacement. It reads our own files and those of
//! other tools: the PGN that cutegames (a UGI tournament manager) writes
//! has no `Variant`, `TimeControl` or `Termination` tag, names the players
//! by its configured colours (`White`/`Black` by default) and writes
//! `[FEN "startpos"]`. A game without a `Variant` tag is read with
//! [`ReadOptions::variant`]; a missing `Termination` is derived from the
//! board; the other missing tags take their unknown value. Every move is
//! replayed and checked.

use std::str::FromStr;

use super::error::{excerpt, ParseRecordError, RecordError, TagValueError};
use super::result::{GameResult, Termination};
use super::tags::parse_tag;
use super::text::{check_line, lines};
use super::verify::{check_end, derive_termination};
use super::write::move_number;
use super::{GameRecord, FEN_TAG, UNKNOWN};
use crate::game::Game;
use crate::moves::Move;
use crate::position::{Position, Side};
use crate::variant::Variant;

/// How to read games that lack tags our own files always have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The variant of a game without a `Variant` tag; `None` makes such a
    /// game an error ([`RecordError::MissingTag`]). A `Variant` tag wins.
    pub variant: Option<Variant>,
}

/// A game as read: the record, where it starts, and which of the tags we
/// always write its file lacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// The game, its moves checked against the rules.
    pub record: GameRecord,
    /// The line of its first tag, from 1.
    pub line: usize,
    /// Tags of [`REQUIRED_TAGS`](super::REQUIRED_TAGS) the file did not
    /// have, in that order. `Variant`: it came from
    /// [`ReadOptions::variant`]. `Termination`: derived from the board (or
    /// cutegames' `Adjudicated` tag). `Result`: taken from the result
    /// token. `PlyCount`: not checked. `Event`, `South`, `North`,
    /// `TimeControl`: [`UNKNOWN`].
    pub missing_tags: Vec<&'static str>,
}

impl ReadGame {
    /// Whether the file had no tag `name` (one of the required tags).
    pub fn lacks(&self, name: &str) -> bool {
        self.missing_tags.contains(&name)
    }
}

/// The tag of player 1 and 2 when there is no `South` or `North` tag:
/// cutegames names them by its `colour1`/`colour2` settings, `white` and
/// `black` by default, and player 1 is South (UGI's `p1turn`).
const SOUTH_ALIASES: [&str; 3] = ["South", "White", "white"];
const NORTH_ALIASES: [&str; 3] = ["North", "Black", "black"];

/// cutegames' tag for the games it stopped (`Out of time`, `Crashed`, …),
/// used when there is no `Termination` tag.
const ADJUDICATED_TAG: &str = "Adjudicated";

/// The `FEN` value cutegames writes for the start position.
const STARTPOS: &str = "startpos";

/// Reads every game of a record file (an empty file has none).
///
/// Blank lines and `;` comments (to the end of the line) are skipped;
/// `{…}` comments (which may span lines) inside a game are kept in its
/// [`GameRecord::comments`], and skipped outside one. Each game is its tag lines, then its
/// movetext ending with a result token. Every move is replayed and checked;
/// the first problem found is the error.
pub fn read_records(
    bytes: &[u8],
    options: &ReadOptions,
) -> Result<Vec<ReadGame>, ParseRecordError> {
    let mut reader = Reader::new(*options);
    let mut last = 0;
    for (i, line) in lines(bytes).enumerate() {
        last = i + 1;
        let text = check_line(line).map_err(|kind| reader.error(last, kind))?;
        reader.line(last, text)?;
    }
    reader.finish(last.max(1))
}

/// Reads every game of a record's text with the default [`ReadOptions`]
/// (so a game needs its `Variant` tag); see [`read_records`].
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, ParseRecordError> {
    let games = read_records(text.as_bytes(), &ReadOptions::default())?;
    Ok(games.into_iter().map(|g| g.record).collect())
}

/// Exactly one game.
impl FromStr for GameRecord {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut games = parse_records(s)?;
        if games.len() != 1 {
            return Err(ParseRecordError {
                line: 1,
                game: 0,
                kind: RecordError::NotOneGame(games.len()),
            });
        }
        Ok(games.remove(0))
    }
}

/// Reads a file line by line; games are checked as their moves arrive.
struct Reader {
    options: ReadOptions,
    games: Vec<ReadGame>,
    current: Option<Pending>,
    /// The line where a `{` comment that is still open started.
    comment_from: Option<usize>,
    /// The text of that comment so far.
    comment: String,
}

/// A game being read.
struct Pending {
    /// From 1.
    number: usize,
    first_line: usize,
    /// Name, value, line.
    tags: Vec<(String, String, usize)>,
    /// Set at the first movetext token, when the tags are complete.
    body: Option<Body>,
    /// Comments read before the body, kept for it.
    early_comments: Vec<String>,
}

struct Body {
    /// The record so far: tags parsed, moves as played. Its result and
    /// termination are set at the result token when the tags lack them.
    record: GameRecord,
    missing_tags: Vec<&'static str>,
    /// The `Result` tag, checked against the token.
    result_tag: Option<GameResult>,
    /// The `PlyCount` tag, checked at the end.
    ply_count: Option<usize>,
    /// The `Termination` tag; without it the termination is derived.
    termination_tag: Option<Termination>,
    /// cutegames' `Adjudicated` tag, for deriving the termination.
    adjudicated: Option<String>,
    game: Game,
}

type Step = Result<(), ParseRecordError>;

/// An error at a tag's line.
type TagError = (usize, RecordError);

impl Reader {
    fn new(options: ReadOptions) -> Reader {
        Reader {
            options,
            games: Vec::new(),
            current: None,
            comment_from: None,
            comment: String::new(),
        }
    }

    fn error(&self, line: usize, kind: RecordError) -> ParseRecordError {
        let game = self.current.as_ref().map_or(self.games.len(), |p| p.number);
        ParseRecordError { line, game, kind }
    }

    fn line(&mut self, n: usize, line: &str) -> Step {
        let mut rest = line;
        if self.comment_from.is_some() {
            self.comment.push(' ');
            match rest.find('}') {
                Some(i) => {
                    self.comment.push_str(&rest[..i]);
                    rest = &rest[i + 1..];
                    self.comment_from = None;
                    let text = std::mem::take(&mut self.comment);
                    self.keep_comment(&text);
                }
                None => {
                    self.comment.push_str(rest);
                    return Ok(());
                }
            }
        } else if rest.trim_start().starts_with('[') {
            return self.tag_line(n, rest.trim());
        }
        self.movetext(n, rest)
    }

    fn tag_line(&mut self, n: usize, line: &str) -> Step {
        let (name, value) = parse_tag(line).map_err(|e| self.error(n, RecordError::BadTag(e)))?;
        match &mut self.current {
            Some(Pending { body: Some(_), .. }) => {
                return Err(self.error(n, RecordError::MissingResult));
            }
            Some(p) => {
                if p.tags.iter().any(|(t, _, _)| *t == name) {
                    return Err(self.error(n, RecordError::DuplicateTag(name)));
                }
                p.tags.push((name, value, n));
            }
            None => {
                self.current = Some(Pending {
                    number: self.games.len() + 1,
                    first_line: n,
                    tags: vec![(name, value, n)],
                    body: None,
                    early_comments: Vec::new(),
                })
            }
        }
        Ok(())
    }

    /// The tokens of a movetext line (or what follows a comment's end).
    fn movetext(&mut self, n: usize, text: &str) -> Step {
        let mut i = 0;
        while let Some(c) = text[i..].chars().next() {
            if c.is_whitespace() {
                i += c.len_utf8();
            } else if c == ';' {
                return Ok(());
            } else if c == '{' {
                match text[i + 1..].find('}') {
                    Some(j) => {
                        self.keep_comment(&text[i + 1..i + 1 + j]);
                        i += j + 2;
                    }
                    None => {
                        self.comment_from = Some(n);
                        self.comment = text[i + 1..].to_string();
                        return Ok(());
                    }
                }
            } else {
                let end = text[i..]
                    .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
                    .map_or(text.len(), |j| i + j);
                self.token(n, &text[i..end])?;
                i = end;
            }
        }
        Ok(())
    }

    /// A comment inside a game is kept where it stands; outside one it is
    /// only skipped.
    fn keep_comment(&mut self, text: &str) {
        match &mut self.current {
            Some(Pending {
                body: Some(body), ..
            }) => {
                let after = body.record.moves.len();
                body.record.add_comment(after, text);
            }
            Some(p) => p.early_comments.push(text.to_string()),
            None => {}
        }
    }

    /// One token: a result, a move, or move numbers glued to what follows
    /// (`1.C`, `2...d`).
    fn token(&mut self, n: usize, token: &str) -> Step {
        if self.current.is_none() {
            return Err(self.error(n, RecordError::TextOutsideGame(excerpt(token))));
        }
        self.start_body()?;
        let mut rest = token;
        loop {
            // Not `parse`: its error would copy the rest of a huge token
            // at every number of a glued run.
            if let Some(result) = GameResult::ALL.into_iter().find(|r| r.token() == rest) {
                return self.end_game(n, result);
            }
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                break;
            }
            let dots = rest[digits..].bytes().take_while(|&b| b == b'.').count();
            if dots == 0 {
                return Err(self.error(n, RecordError::BadToken(excerpt(token))));
            }
            self.move_number(n, &rest[..digits + dots], &rest[..digits], dots)?;
            rest = &rest[digits + dots..];
            if rest.is_empty() {
                return Ok(());
            }
        }
        let mv: Move = match rest.parse() {
            Ok(m) if rest.len() == 1 => m,
            _ => return Err(self.error(n, RecordError::BadToken(excerpt(rest)))),
        };
        let body = self.body();
        let ply = body.game.moves().len() + 1;
        match body.game.play(mv) {
            Ok(()) => {
                body.record.moves.push(mv);
                Ok(())
            }
            Err(e) => Err(self.error(n, RecordError::from_play(ply, mv, e))),
        }
    }

    fn body(&mut self) -> &mut Body {
        self.current
            .as_mut()
            .and_then(|p| p.body.as_mut())
            .expect("start_body ran before any movetext token")
    }

    /// Checks `N.` (before South's move) or `N...` (before North's).
    fn move_number(&mut self, n: usize, found: &str, digits: &str, dots: usize) -> Step {
        let body = self.body();
        let start = body.record.start.side_to_move();
        let number = move_number(start, body.game.moves().len());
        let (expected, expected_dots) = match body.game.position().side_to_move() {
            Side::South => (format!("{number}."), 1),
            Side::North => (format!("{number}..."), 3),
        };
        if digits.parse::<usize>().ok() == Some(number) && dots == expected_dots {
            Ok(())
        } else {
            Err(self.error(
                n,
                RecordError::BadMoveNumber {
                    found: excerpt(found),
                    expected,
                },
            ))
        }
    }

    /// At the first movetext token: the tags are complete, parse them.
    fn start_body(&mut self) -> Step {
        let Some(pending) = &self.current else {
            return Ok(());
        };
        if pending.body.is_some() {
            return Ok(());
        }
        let mut body =
            header(pending, &self.options).map_err(|(line, kind)| self.error(line, kind))?;
        if let Some(p) = &mut self.current {
            for text in p.early_comments.drain(..) {
                body.record.add_comment(0, &text);
            }
            p.body = Some(body);
        }
        Ok(())
    }

    /// The result token: check the game's agreement and store it.
    fn end_game(&mut self, n: usize, token: GameResult) -> Step {
        let body = self.body();
        let moves = body.record.moves.len();
        let kind = match (body.result_tag, body.ply_count) {
            (Some(tag), _) if tag != token => Some(RecordError::ResultMismatch { tag, token }),
            (_, Some(tag)) if tag != moves => Some(RecordError::PlyCountMismatch { tag, moves }),
            _ => {
                body.record.result = token;
                let termination = match body.termination_tag.take() {
                    Some(t) => Ok(t),
                    None => derive_termination(&body.game, token, body.adjudicated.as_deref()),
                };
                termination
                    .and_then(|t| {
                        check_end(&body.game, token, &t)?;
                        body.record.termination = t;
                        Ok(())
                    })
                    .err()
                    .map(RecordError::End)
            }
        };
        if let Some(kind) = kind {
            return Err(self.error(n, kind));
        }
        let pending = self.current.take().expect("a game is being read");
        let body = pending.body.expect("the game has its body");
        self.games.push(ReadGame {
            record: body.record,
            line: pending.first_line,
            missing_tags: body.missing_tags,
        });
        Ok(())
    }

    fn finish(self, last_line: usize) -> Result<Vec<ReadGame>, ParseRecordError> {
        if let Some(line) = self.comment_from {
            return Err(self.error(line, RecordError::UnterminatedComment));
        }
        if self.current.is_some() {
            return Err(self.error(last_line, RecordError::MissingResult));
        }
        Ok(self.games)
    }
}

/// A game's tags, once complete: the record without moves, and the tags
/// checked at its end.
fn header(p: &Pending, options: &ReadOptions) -> Result<Body, TagError> {
    let mut used: Vec<&str> = Vec::new();
    let mut missing_tags: Vec<&'static str> = Vec::new();
    // The first of `names` the game has, as (value, line).
    let mut find = |names: &[&'static str]| {
        let found = names.iter().find_map(|&name| {
            p.tags
                .iter()
                .find(|(t, _, _)| t == name)
                .map(|(_, v, line)| (name, v.as_str(), *line))
        });
        match found {
            Some((name, value, line)) => {
                used.push(name);
                Some((value, line))
            }
            None => {
                missing_tags.push(names[0]);
                None
            }
        }
    };
    let bad = |tag: &'static str, value: &str, line: usize, reason: TagValueError| {
        let value = excerpt(value);
        (line, RecordError::BadTagValue { tag, value, reason })
    };
    let text = |found: Option<(&str, usize)>| {
        found.map_or_else(|| UNKNOWN.to_string(), |(v, _)| v.to_string())
    };
    let event = text(find(&["Event"]));
    let variant = match find(&["Variant"]) {
        Some((v, line)) => v
            .parse()
            .map_err(|e| bad("Variant", v, line, TagValueError::Variant(e)))?,
        None => options
            .variant
            .ok_or((p.first_line, RecordError::MissingTag("Variant")))?,
    };
    let south = text(find(&SOUTH_ALIASES));
    let north = text(find(&NORTH_ALIASES));
    let result_tag = find(&["Result"])
        .map(|(v, line)| {
            v.parse()
                .map_err(|e| bad("Result", v, line, TagValueError::Result(e)))
        })
        .transpose()?;
    let time_control = text(find(&["TimeControl"]));
    let termination_tag =
        find(&["Termination"]).map(|(v, _)| v.parse().unwrap_or_else(|e| match e {}));
    let ply_count = find(&["PlyCount"])
        .map(|(v, line)| {
            v.parse()
                .map_err(|e| bad("PlyCount", v, line, TagValueError::PlyCount(e)))
        })
        .transpose()?;
    // Optional tags: not "missing".
    let start = match p.tags.iter().find(|(t, _, _)| t == FEN_TAG) {
        None => Position::startpos(),
        Some((_, v, _)) if v.trim() == STARTPOS => Position::startpos(),
        Some((_, v, line)) => v
            .parse()
            .map_err(|e| bad(FEN_TAG, v, *line, TagValueError::Position(e)))?,
    };
    used.push(FEN_TAG);
    let adjudicated = match termination_tag {
        None => p
            .tags
            .iter()
            .find(|(t, _, _)| t == ADJUDICATED_TAG)
            .map(|(_, v, _)| v.clone()),
        Some(_) => None,
    };
    let record = GameRecord {
        event,
        south,
        north,
        time_control,
        extra_tags: p
            .tags
            .iter()
            .filter(|(t, _, _)| !used.contains(&t.as_str()))
            .map(|(t, v, _)| (t.clone(), v.clone()))
            .collect(),
        result: result_tag.unwrap_or(GameResult::Unfinished),
        termination: termination_tag.clone().unwrap_or(Termination::Unterminated),
        ..GameRecord::new(variant, start)
    };
    Ok(Body {
        record,
        missing_tags,
        result_tag,
        ply_count,
        termination_tag,
        adjudicated,
        game: Game::new(variant, start),
    })
}
