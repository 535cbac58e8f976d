//! Command-line arguments that several tools share.

use clap::Args;
use songo_core::{Position, Variant};

/// The variant and position most tools start from.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Position string (five fields, see RULES); default: the start position.
    #[arg(long, value_name = "POSITION")]
    pub fen: Option<Position>,
}

impl PositionArgs {
    pub fn position(&self) -> Position {
        self.fen.unwrap_or_else(Position::startpos)
    }
}
