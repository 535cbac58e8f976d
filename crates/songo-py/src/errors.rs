//! The exceptions songo raises, and the core's errors turned into them.
//!
//! Every error the Rust side can return has a class here, all under
//! `SongoError`, itself a `ValueError`: a caller who only knows that bad
//! input raises `ValueError` still catches them. The message is the core's
//! own text (its reason), so Python says what `songo` on the command line
//! says.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use songo_core::{ParsePositionError, ParseVariantError, PlayError};

create_exception!(
    songo,
    SongoError,
    PyValueError,
    "The base of every songo error (a ValueError)."
);
create_exception!(
    songo,
    IllegalMoveError,
    SongoError,
    "A move that is not a move name, or not legal in the position."
);
create_exception!(
    songo,
    GameOverError,
    IllegalMoveError,
    "A move (or a search) asked for after the game ended."
);
create_exception!(
    songo,
    PositionError,
    SongoError,
    "A position string (FEN) that cannot be read."
);
create_exception!(
    songo,
    VariantError,
    SongoError,
    "A variant name that is not one of songo.VARIANTS."
);
create_exception!(
    songo,
    RecordError,
    SongoError,
    "A game record that cannot be read, or a game that cannot be written as one."
);
create_exception!(
    songo,
    LimitError,
    SongoError,
    "A search limit or engine setting out of its range (a negative depth, MultiPV 0...)."
);
create_exception!(
    songo,
    EngineError,
    SongoError,
    "The engine could not do what was asked (a table it cannot allocate, a failed search thread)."
);
create_exception!(
    songo,
    TablebaseError,
    SongoError,
    "Tablebase files that cannot be opened or read (a missing directory...)."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SongoError", py.get_type::<SongoError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("TablebaseError", py.get_type::<TablebaseError>())?;
    Ok(())
}

/// An unknown variant's name, as a `VariantError`.
pub fn variant(e: ParseVariantError) -> PyErr {
    VariantError::new_err(e.to_string())
}

/// A position string that does not parse, as a `PositionError` naming it.
pub fn position(text: &str, e: ParsePositionError) -> PyErr {
    PositionError::new_err(format!("position '{text}': {e}"))
}

/// A move refused by a game: over, or illegal (with the rule's reason
/// when the core has one).
pub fn play(e: PlayError, why: Option<String>) -> PyErr {
    match e {
        PlayError::GameOver { .. } => GameOverError::new_err(e.to_string()),
        PlayError::Illegal(_) => match why {
            Some(why) => IllegalMoveError::new_err(format!("{e}: {why}")),
            None => IllegalMoveError::new_err(e.to_string()),
        },
    }
}

/// An error and its causes on one line, as the command line prints them.
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
