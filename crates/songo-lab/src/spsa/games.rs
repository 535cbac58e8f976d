//! The games of one SPSA step: two settings of the search play a random
//! opening once with each colour, at a fixed node count a move, in this
//! process (no protocol, no clock: the same pair gives the same games).

use songo_core::game::{Game, GameStatus};
use songo_core::movegen::Outcome;
use songo_core::position::Side;
use songo_engine::search::{search, SearchControl, SearchOptions, SearchParams, SearchRequest};
use songo_engine::tt::{AllocError, TranspositionTable};
use songo_engine::Limits;

use crate::datagen::{opening, PlayConfig, MAX_GAME_PLIES};
use songo_core::rng::SplitMix;

/// Transposition table per side and game, in MB (a few thousand nodes a
/// move fit in it, as in `songo datagen`).
const SIDE_HASH_MB: usize = 2;

/// The seed of pair `index`'s opening.
fn pair_seed(seed: u64, index: u64) -> u64 {
    SplitMix::new(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

/// Plays pair `index` (its opening from `seed` and `index`) between `plus`
/// and `minus`, each side once first; returns `plus`'s games won minus lost.
pub fn play_pair(
    cfg: &PlayConfig,
    seed: u64,
    index: u64,
    plus: &SearchParams,
    minus: &SearchParams,
) -> Result<i64, AllocError> {
    let mut rng = SplitMix::new(pair_seed(seed, index));
    let mut tts = [
        TranspositionTable::new(SIDE_HASH_MB)?,
        TranspositionTable::new(SIDE_HASH_MB)?,
    ];
    let Some(start) = opening(cfg, &mut rng, &mut tts[0]) else {
        return Ok(0);
    };
    let mut result = 0;
    for plus_moves_first in [true, false] {
        let mover = start.position().side_to_move();
        let plus_side = if plus_moves_first {
            mover
        } else {
            mover.opponent()
        };
        let outcome = play(cfg, start.clone(), plus_side, [plus, minus], &mut tts);
        result += match outcome {
            Outcome::Win(w) if w == plus_side => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        };
    }
    Ok(result)
}

/// Plays `game` to its end between `[plus, minus]`, `plus` on `plus_side`.
fn play(
    cfg: &PlayConfig,
    mut game: Game,
    plus_side: Side,
    params: [&SearchParams; 2],
    tts: &mut [TranspositionTable; 2],
) -> Outcome {
    let v = cfg.variant;
    for tt in tts.iter_mut() {
        tt.clear();
    }
    let control = SearchControl::default();
    let limits = Limits::nodes(cfg.nodes);
    let start_plies = game.moves().len();
    while !game.is_over() && game.moves().len() < start_plies + MAX_GAME_PLIES {
        let side = usize::from(game.position().side_to_move() != plus_side);
        let r = search(
            SearchRequest::new(&game, &tts[side])
                .limits(limits.clone())
                .options(SearchOptions {
                    eval: cfg.eval,
                    params: *params[side],
                    ..SearchOptions::default()
                })
                .tablebases(cfg.tables)
                .control(&control),
        );
        let Some(m) = r.best else { break };
        if game.play(m).is_err() {
            break;
        }
    }
    match game.status() {
        GameStatus::Over { outcome, .. } => outcome,
        GameStatus::Ongoing => game.position().outcome(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::variant::Variant;
    use songo_engine::eval::EvalKind;

    fn cfg() -> PlayConfig<'static> {
        PlayConfig {
            variant: Variant::Songo36Beginner,
            nodes: 300,
            random_plies: 8,
            balance: 0,
            tables: None,
            eval: EvalKind::Nn,
        }
    }

    #[test]
    fn equal_settings_split_a_pair_and_swapping_them_negates_it() {
        let d = SearchParams::default();
        let weak = SearchParams {
            rfp_max_depth: 0,
            lmr_min_depth: 1,
            lmr_min_move_index: 1,
            ..d
        };
        let mut seen_nonzero = false;
        for i in 0..6 {
            let a = play_pair(&cfg(), 1, i, &d, &weak).unwrap();
            let b = play_pair(&cfg(), 1, i, &weak, &d).unwrap();
            assert_eq!(a, -b, "pair {i}");
            assert_eq!(play_pair(&cfg(), 1, i, &d, &d).unwrap(), 0, "pair {i}");
            seen_nonzero |= a != 0;
        }
        assert!(seen_nonzero, "different settings never decided a pair");
    }
}
