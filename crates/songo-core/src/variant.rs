//! The three rule variants and the compile-time handle the hot paths are
//! generic over.

use std::fmt;
use std::str::FromStr;

/// A rule variant, named exactly as in the rules page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// `songo36-beginner`: Interdit Solo, feed at least one seed.
    Songo36Beginner,
    /// `songo36-amateur`: adds Interdit Duo, Capture Solo, feed seven seeds.
    Songo36Amateur,
    /// `songo40`: direct gain, C1 exception, the pit-7 restriction.
    Songo40,
}

impl Variant {
    /// Every variant, in a fixed order (tests and bench iterate over it).
    pub const ALL: [Variant; 3] = [
        Variant::Songo36Beginner,
        Variant::Songo36Amateur,
        Variant::Songo40,
    ];

    /// The variant's place in [`Variant::ALL`]: 0, 1 or 2. File formats
    /// store this code (tablebase and net files), so it never changes.
    pub const fn index(self) -> usize {
        match self {
            Variant::Songo36Beginner => 0,
            Variant::Songo36Amateur => 1,
            Variant::Songo40 => 2,
        }
    }

    /// The variant of a code of [`Variant::index`].
    pub fn from_index(i: usize) -> Option<Variant> {
        Variant::ALL.get(i).copied()
    }

    /// The variant's protocol name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Songo36Beginner => "songo36-beginner",
            Variant::Songo36Amateur => "songo36-amateur",
            Variant::Songo40 => "songo40",
        }
    }

    /// `songo36-*` counts seeds left in one's row at the end; `songo40` does not.
    pub const fn is_songo36(self) -> bool {
        !matches!(self, Variant::Songo40)
    }

    /// Seed 001's *gain direct*: a lone seed about to start a new lap is captured.
    pub const fn direct_gain(self) -> bool {
        matches!(self, Variant::Songo40)
    }

    /// Seed 001's *exception C1*: a chain of the opponent's pit 1 alone is void.
    pub const fn c1_exception(self) -> bool {
        matches!(self, Variant::Songo40)
    }

    /// Amateur mode's Interdit Duo, Capture Duo and Capture Solo.
    pub const fn is_amateur(self) -> bool {
        matches!(self, Variant::Songo36Amateur)
    }

    /// The captured count that ends the game (rule 5.1 item 1).
    pub const fn capture_threshold(self) -> u8 {
        match self {
            Variant::Songo40 => 40,
            _ => 36,
        }
    }

    /// Whether a captured count alone ends the game (rule 5.1 item 1).
    pub const fn capture_ends_game(self, captured: u8) -> bool {
        captured >= self.capture_threshold()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of the three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError(pub String);

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected songo36-beginner, songo36-amateur or songo40)",
            self.0
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseVariantError(s.to_string()))
    }
}

/// A variant known at compile time. The rules code is generic over it so
/// that every `match` on the variant folds away inside perft and search.
pub trait Rules: Copy + Send + Sync + 'static {
    /// The variant this type stands for.
    const VARIANT: Variant;
}

/// Compile-time handle for `songo36-beginner`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Beginner;
/// Compile-time handle for `songo36-amateur`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Amateur;
/// Compile-time handle for `songo40`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Forty;

impl Rules for Beginner {
    const VARIANT: Variant = Variant::Songo36Beginner;
}
impl Rules for Amateur {
    const VARIANT: Variant = Variant::Songo36Amateur;
}
impl Rules for Forty {
    const VARIANT: Variant = Variant::Songo40;
}

/// Runs a generic expression with the compile-time rules of a runtime variant:
/// `with_rules!(variant, R => perft::<R>(pos, depth))`.
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $r:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Songo36Beginner => {
                type $r = $crate::variant::Beginner;
                $body
            }
            $crate::Variant::Songo36Amateur => {
                type $r = $crate::variant::Amateur;
                $body
            }
            $crate::Variant::Songo40 => {
                type $r = $crate::variant::Forty;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_the_place_in_all() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v.index(), i);
            assert_eq!(Variant::from_index(i), Some(v));
        }
        assert_eq!(Variant::from_index(3), None);
    }
}
