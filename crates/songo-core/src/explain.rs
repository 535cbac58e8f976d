//! Why a move is not legal, in words a player understands: the rule of
//! RULES.md that forbids it (rule 4's feeding, noble-pit and last-pit
//! rules), for front ends that must say why a pit cannot be played.

use std::fmt;

use crate::moves::Move;
use crate::position::{Position, Side, PITS_PER_ROW};
use crate::variant::Variant;

/// The reason a move is illegal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is over: no move is legal.
    GameOver,
    /// The pit belongs to `owner`, who is not to move.
    NotYours {
        /// The side whose row holds the pit.
        owner: Side,
    },
    /// The pit holds no seed.
    Empty,
    /// 4.1: the opponent's row is empty and this move sows nothing into it.
    MustFeed {
        /// The side with the empty row.
        opponent: Side,
    },
    /// 4.1, `songo36-amateur`: the opponent's row is empty and another
    /// move feeds more (at least 7 seeds, or the most any move sows).
    FeedMore {
        /// The side with the empty row.
        opponent: Side,
    },
    /// 4.2, `songo36-*`: the noble pit holds one seed and does not capture.
    InterditSolo,
    /// 4.2, `songo36-amateur`: the noble pit holds two seeds and does not
    /// capture.
    InterditDuo,
    /// 4.3, `songo40`: the last pit holds neither more than 7 seeds nor
    /// 5 never played, and is not the mover's only non-empty pit.
    LastPit,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::GameOver => f.write_str("the game is over"),
            IllegalReason::NotYours { owner } => write!(f, "it is {owner}'s pit"),
            IllegalReason::Empty => f.write_str("it is empty"),
            IllegalReason::MustFeed { opponent } => write!(
                f,
                "{opponent} has no seeds: you must feed them, and this pit's seeds do not reach their row"
            ),
            IllegalReason::FeedMore { opponent } => write!(
                f,
                "{opponent} has no seeds: you must feed them at least 7 seeds, or as many as any move can, and another pit feeds more"
            ),
            IllegalReason::InterditSolo => f.write_str(
                "pit 7 holding a single seed may be played only when it captures (Interdit Solo)",
            ),
            IllegalReason::InterditDuo => f.write_str(
                "pit 7 holding two seeds may be played only when it captures (Interdit Duo)",
            ),
            IllegalReason::LastPit => f.write_str(
                "pit 7 may be played only with more than 7 seeds, with exactly 5 if it was never played, or when it is your only pit with seeds",
            ),
        }
    }
}

impl std::error::Error for IllegalReason {}

impl Position {
    /// Why `m` is not legal here, or `None` when it is legal. Agrees with
    /// [`Position::legal_moves`]: `None` exactly for the legal moves.
    pub fn why_illegal(&self, v: Variant, m: Move) -> Option<IllegalReason> {
        let legal = self.legal_moves(v);
        if legal.contains(m) {
            return None;
        }
        let mover = self.side_to_move();
        Some(if legal.is_empty() {
            IllegalReason::GameOver
        } else if m.side() != mover {
            IllegalReason::NotYours { owner: m.side() }
        } else if self.pit(m.pit()) == 0 {
            IllegalReason::Empty
        } else if self.row_empty(mover.opponent()) {
            // The mover's own pits after this one come first in the sowing.
            let own_after = PITS_PER_ROW - m.pit_number();
            let opponent = mover.opponent();
            if self.pit(m.pit()) as usize > own_after && v.is_amateur() {
                IllegalReason::FeedMore { opponent }
            } else {
                IllegalReason::MustFeed { opponent }
            }
        } else if v.is_songo36() {
            // Only the noble pit is ever forbidden while the opponent has seeds.
            if self.pit(m.pit()) == 1 {
                IllegalReason::InterditSolo
            } else {
                IllegalReason::InterditDuo
            }
        } else {
            IllegalReason::LastPit
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// Every move of every position of pseudo-random games: a reason
    /// exactly for the illegal ones, and the reason fits the rules.
    #[test]
    fn reasons_agree_with_the_legal_moves() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut seen = std::collections::HashSet::new();
        for v in Variant::ALL {
            for _ in 0..300 {
                let mut game = Game::new(v, Position::startpos());
                loop {
                    let p = game.position();
                    let legal = p.legal_moves(v);
                    for pit in 0..14 {
                        let m = Move::from_pit(pit);
                        let why = p.why_illegal(v, m);
                        assert_eq!(why.is_none(), legal.contains(m), "{p} {m}");
                        match why {
                            Some(IllegalReason::InterditSolo | IllegalReason::InterditDuo) => {
                                assert!(v.is_songo36() && m.pit() == p.side_to_move().pit7())
                            }
                            Some(IllegalReason::LastPit) => {
                                assert!(v == Variant::Songo40 && m.pit() == p.side_to_move().pit7())
                            }
                            Some(IllegalReason::FeedMore { .. }) => assert!(v.is_amateur()),
                            _ => {}
                        }
                        if let Some(why) = why {
                            seen.insert(std::mem::discriminant(&why));
                        }
                    }
                    if game.is_over() || legal.is_empty() {
                        break;
                    }
                    let moves: Vec<Move> = legal.iter().collect();
                    game.play(moves[next() as usize % moves.len()]).unwrap();
                }
            }
        }
        // Every reason but one turns up in random play.
        assert!(seen.len() >= 7, "{} kinds of reasons seen", seen.len());
    }

    #[test]
    fn the_reasons_read_well() {
        let p = Position::startpos();
        let v = Variant::Songo40;
        let why = |p: &Position, v, m: &str| p.why_illegal(v, m.parse().unwrap());
        assert_eq!(why(&p, v, "C"), None);
        assert_eq!(
            why(&p, v, "c"),
            Some(IllegalReason::NotYours { owner: Side::North })
        );
        // South's pit 7 holds 5 never played: legal in songo40; not in
        // songo36 with one seed.
        assert_eq!(why(&p, v, "G"), None);
        let q: Position = "1,1,0,0,0,0,1/5,5,5,5,5,5,5 s 26 6 Gg".parse().unwrap();
        assert_eq!(
            why(&q, Variant::Songo36Beginner, "G"),
            Some(IllegalReason::InterditSolo)
        );
        assert_eq!(why(&q, v, "G"), Some(IllegalReason::LastPit));
        assert_eq!(why(&q, v, "C"), Some(IllegalReason::Empty));
        assert!(IllegalReason::LastPit.to_string().contains("more than 7"));
    }
}
