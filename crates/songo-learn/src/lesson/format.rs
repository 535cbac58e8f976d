//! The lesson file: JSON, read into typed lessons. JSON because serde
//! reads it with every field checked and an error's line and column,
//! and people edit it in any editor; docs/learn.md documents each field.
//! Nothing here replays a move (`check` does): this is the file's shape.

use std::collections::HashSet;

use serde::Deserialize;
use songo_core::{Move, Position, Variant};

use super::check::Fault;
use super::{end_of, Accepted, Lesson, Reason, Refused, Rule};

/// The version of the file format; another is refused.
pub const FORMAT: u32 = 1;

/// Why a lesson file is refused. Each names the file, and the lesson
/// when one is at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// Not JSON, or not the file's shape (a missing, unknown or mistyped
    /// field).
    #[error("{file}: not a lesson file: {detail}")]
    Json {
        /// The file's name, as the caller gave it.
        file: String,
        /// Where the reader stopped: the line, from 1.
        line: usize,
        /// And the column, from 1.
        column: usize,
        /// The JSON reader's message.
        detail: String,
    },
    /// The file says it is of another format than [`FORMAT`].
    #[error("{file}: lesson file format {found}, this version reads format {FORMAT}")]
    Format {
        /// The file's name, as the caller gave it.
        file: String,
        /// The format it says.
        found: u32,
    },
    /// The file holds no lesson.
    #[error("{file}: no lesson in it")]
    Empty {
        /// The file's name, as the caller gave it.
        file: String,
    },
    /// A field of a lesson has a value it may not have.
    #[error("{file}: lesson {lesson}: {what} {text:?} is wrong: {why}")]
    Field {
        /// The file's name, as the caller gave it.
        file: String,
        /// The lesson's id.
        lesson: String,
        /// The field.
        what: &'static str,
        /// Its value as written.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The rules core does not confirm what a lesson says.
    #[error("{file}: lesson {lesson}: {fault}")]
    Fault {
        /// The file's name, as the caller gave it.
        file: String,
        /// The lesson's id.
        lesson: String,
        /// What it does not confirm.
        fault: Fault,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    // Read first, by itself (`read`), so that another version is
    // refused as such; here it is only allowed.
    #[serde(rename = "format")]
    _format: u32,
    lessons: Vec<RawLesson>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLesson {
    id: String,
    variants: Vec<String>,
    rules: Vec<String>,
    title: String,
    task: String,
    wrong: String,
    done: String,
    position: String,
    accept: Vec<RawAccepted>,
    #[serde(default)]
    refuse: Vec<RawRefused>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAccepted {
    #[serde(rename = "move")]
    pit: String,
    after: String,
    #[serde(default)]
    end: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRefused {
    #[serde(rename = "move")]
    pit: String,
    #[serde(default)]
    why: Option<String>,
}

/// The file's lessons, each field read; `file` names it in errors.
pub(super) fn read(file: &str, text: &str) -> Result<Vec<Lesson>, LessonError> {
    #[derive(Deserialize)]
    struct Version {
        format: u32,
    }
    let json = |e: serde_json::Error| LessonError::Json {
        file: file.to_string(),
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    };
    // The version first: another version's file is refused as such, not
    // as a puzzling field.
    let version: Version = serde_json::from_str(text).map_err(json)?;
    if version.format != FORMAT {
        return Err(LessonError::Format {
            file: file.to_string(),
            found: version.format,
        });
    }
    let raw: RawFile = serde_json::from_str(text).map_err(json)?;
    if raw.lessons.is_empty() {
        return Err(LessonError::Empty {
            file: file.to_string(),
        });
    }
    let mut seen = HashSet::new();
    let mut lessons = Vec::with_capacity(raw.lessons.len());
    for r in raw.lessons {
        let lesson = lesson(file, r)?;
        if !seen.insert(lesson.id.clone()) {
            return Err(field(
                file,
                &lesson.id,
                "id",
                &lesson.id,
                "another lesson has it",
            ));
        }
        lessons.push(lesson);
    }
    Ok(lessons)
}

fn field(
    file: &str,
    lesson: &str,
    what: &'static str,
    text: &str,
    why: impl ToString,
) -> LessonError {
    LessonError::Field {
        file: file.to_string(),
        lesson: lesson.to_string(),
        what,
        text: text.to_string(),
        why: why.to_string(),
    }
}

fn lesson(file: &str, r: RawLesson) -> Result<Lesson, LessonError> {
    let id = r.id.clone();
    let bad = |what, text: &str, why: &dyn ToString| field(file, &id, what, text, why.to_string());
    let id_ok = !r.id.is_empty()
        && r.id.len() <= 40
        && r.id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        return Err(bad("id", &r.id, &"an id is 1 to 40 of a-z, 0-9 and -"));
    }
    for (what, text) in [
        ("title", &r.title),
        ("task", &r.task),
        ("wrong", &r.wrong),
        ("done", &r.done),
    ] {
        let ok = text.starts_with("lesson-")
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !ok {
            return Err(bad(
                what,
                text,
                &"a text is a catalogue id: lesson-, then a-z, 0-9 and -",
            ));
        }
    }
    let mut variants = Vec::new();
    for v in &r.variants {
        let variant: Variant = v.parse().map_err(|e| bad("variant", v, &e))?;
        if variants.contains(&variant) {
            return Err(bad("variant", v, &"listed twice"));
        }
        variants.push(variant);
    }
    if variants.is_empty() {
        return Err(bad("variants", "", &"a lesson is for one variant at least"));
    }
    let mut rules = Vec::new();
    for text in &r.rules {
        let rule = Rule::parse(text).ok_or_else(|| bad("rule", text, &Rule::list()))?;
        rules.push(rule);
    }
    let position: Position = r
        .position
        .parse()
        .map_err(|e| bad("position", &r.position, &e))?;
    // Letters only: a pit number would depend on the side to move.
    let pit = |text: &str| -> Result<Move, LessonError> {
        text.parse::<Move>().map_err(|e| bad("move", text, &e))
    };
    if r.accept.is_empty() {
        return Err(bad("accept", "", &"a lesson accepts one move at least"));
    }
    let mut accept = Vec::new();
    for a in &r.accept {
        let after = a.after.parse().map_err(|e| bad("after", &a.after, &e))?;
        let end = match &a.end {
            None => None,
            Some(text) => Some(end_of(text).ok_or_else(|| {
                bad(
                    "end",
                    text,
                    &"threshold, few-seeds, empty-row or cannot-feed",
                )
            })?),
        };
        accept.push(Accepted {
            pit: pit(&a.pit)?,
            after,
            end,
        });
    }
    let mut refuse = Vec::new();
    for x in &r.refuse {
        let why = match &x.why {
            None => None,
            Some(text) => Some(
                Reason::ALL
                    .into_iter()
                    .find(|r| r.name() == text)
                    .ok_or_else(|| bad("why", text, &reasons()))?,
            ),
        };
        refuse.push(Refused {
            pit: pit(&x.pit)?,
            why,
        });
    }
    Ok(Lesson {
        id: r.id,
        variants,
        rules,
        title: r.title,
        task: r.task,
        wrong: r.wrong,
        done: r.done,
        position,
        accept,
        refuse,
    })
}

fn reasons() -> String {
    let names: Vec<_> = Reason::ALL.iter().map(|r| r.name()).collect();
    format!("a reason is one of {}", names.join(", "))
}
