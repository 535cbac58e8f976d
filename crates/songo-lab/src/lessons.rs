//! `songo lessons check`: read a lesson file, or the lessons compiled in,
//! and replay every lesson through the rules core (songo-learn's
//! `Lessons::parse`), so that someone writing lessons learns what is
//! wrong before the page refuses to build (docs/learn.md, "Lessons").

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use songo_core::Variant;
use songo_learn::lesson::{LessonError, Lessons, Rule, BUILTIN_NAME, BUILTIN_TEXT};

use songo_cli::outln;
use songo_cli::output::StdoutError;

/// `songo lessons`'s subcommands.
#[derive(Subcommand, Debug)]
pub enum LessonsCommand {
    /// Check a lesson file: every lesson replayed through the rules.
    #[command(after_help = CHECK_AFTER_HELP)]
    Check(CheckArgs),
}

const CHECK_AFTER_HELP: &str = "Examples:\n  \
    songo lessons check                 # the lessons compiled into songo\n  \
    songo lessons check lessons.json\n\n\
    Every accepted move must be legal and leave the position the file gives, every\n\
    refused move must be refused for the reason it gives (docs/learn.md). Prints the\n\
    lessons of each variant, then 'ok'. A damaged file is refused (exit code 3) with\n\
    the lesson, or the line, that is wrong.";

/// `songo lessons check`'s arguments.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// A lesson file; without it, the lessons compiled into songo.
    pub file: Option<PathBuf>,
}

/// Why `songo lessons` failed.
#[derive(Debug, thiserror::Error)]
pub enum LessonsError {
    /// The lesson file is missing or unreadable.
    #[error("cannot read the lesson file {}", path.display())]
    Read {
        /// The lesson file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// Read, but not lessons the rules confirm. Its source names the file
    /// (as given on the command line) and the lesson or the line. Boxed:
    /// its strings would make every command's error as large.
    #[error("the lesson file is damaged")]
    Damaged(#[source] Box<LessonError>),
    /// The lessons compiled in do not check: a build from a damaged tree,
    /// which songo-learn's tests refuse.
    #[error("the lessons compiled in are damaged")]
    Embedded(#[source] Box<LessonError>),
    /// Standard output could not be written (or its reader went away).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

/// Runs `songo lessons …`.
pub fn run(c: &LessonsCommand) -> Result<(), LessonsError> {
    match c {
        LessonsCommand::Check(a) => check(a.file.as_deref()),
    }
}

/// Checks `file`, or the lessons compiled in, and prints the report.
fn check(file: Option<&Path>) -> Result<(), LessonsError> {
    let lessons = match file {
        Some(path) => read(path)?,
        None => Lessons::parse(BUILTIN_NAME, BUILTIN_TEXT)
            .map_err(|e| LessonsError::Embedded(Box::new(e)))?,
    };
    for line in report(&lessons) {
        outln!("{line}")?;
    }
    outln!("ok")?;
    Ok(())
}

/// The lessons in `path`, checked.
fn read(path: &Path) -> Result<Lessons, LessonsError> {
    let bytes = std::fs::read(path).map_err(|source| LessonsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    // Bytes that are not UTF-8 are damage like any other: the JSON reader
    // or a field's check names where.
    let text = String::from_utf8_lossy(&bytes);
    Lessons::parse(&path.display().to_string(), &text)
        .map_err(|e| LessonsError::Damaged(Box::new(e)))
}

/// A line per variant: its lessons, and the rules of the variant none of
/// them teaches (a file may be for some variants only, so that is said,
/// not refused).
fn report(lessons: &Lessons) -> Vec<String> {
    Variant::ALL
        .into_iter()
        .map(|v| {
            let of: Vec<_> = lessons.of(v).collect();
            let count = match of.len() {
                1 => "1 lesson".to_string(),
                n => format!("{n} lessons"),
            };
            let untaught: Vec<&str> = Rule::ALL
                .into_iter()
                .filter(|r| r.is_of(v) && !of.iter().any(|l| l.rules.contains(r)))
                .map(Rule::name)
                .collect();
            if of.is_empty() || untaught.is_empty() {
                format!("{v}: {count}")
            } else {
                format!("{v}: {count}, not taught: {}", untaught.join(", "))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_counts_each_variants_lessons() {
        let lessons = Lessons::parse(BUILTIN_NAME, BUILTIN_TEXT).unwrap();
        let lines = report(&lessons);
        assert_eq!(lines.len(), Variant::ALL.len());
        for (line, v) in lines.iter().zip(Variant::ALL) {
            let n = lessons.of(v).count();
            assert_eq!(*line, format!("{v}: {n} lessons"));
        }
    }
}
