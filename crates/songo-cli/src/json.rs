//! Pieces of the tools' JSON output (`songo analyze --json`, `songo book
//! probe --json`).

use serde::{Serialize, Serializer};
use songo_core::Move;

/// A move written as its letter.
#[derive(Clone, Copy, Debug)]
pub struct MoveText(pub Move);

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}
