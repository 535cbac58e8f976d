//! What the two soaks of issue 43 share (tests/gui/soak.rs for `songo
//! gui`, tests/web_site/soak.rs for the static site): their settings from
//! the environment, and the final check of the archive against the games
//! the soak saw finish.
//!
//! A game is known by its key: its variant, start position and moves, so
//! that the archive's records and the games seen on the page or the
//! socket compare as text.

use std::collections::BTreeMap;
use std::fmt::Display;

use songo_core::record::{parse_records, GameResult};

/// How many games, and the seed of every random choice.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub games: usize,
    pub seed: u64,
}

/// The seed when `SONGO_SOAK_SEED` gives none.
pub const DEFAULT_SEED: u64 = 0x0043_50a4_5eed;

/// `SONGO_SOAK_GAMES` (else `default_games`) and `SONGO_SOAK_SEED`
/// (decimal or `0x` hex; else [`DEFAULT_SEED`]). A test that fixes its
/// own count (the ignored 1,000) passes `Some`.
pub fn settings(games: Option<usize>, default_games: usize) -> Settings {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let games = games.unwrap_or_else(|| {
        var("SONGO_SOAK_GAMES").map_or(default_games, |v| {
            v.trim()
                .parse()
                .unwrap_or_else(|_| panic!("SONGO_SOAK_GAMES={v:?} is not a count"))
        })
    });
    let seed = var("SONGO_SOAK_SEED").map_or(DEFAULT_SEED, |v| {
        let v = v.trim();
        let parsed = match v.strip_prefix("0x") {
            Some(hex) => u64::from_str_radix(hex, 16),
            None => v.parse(),
        };
        parsed.unwrap_or_else(|_| panic!("SONGO_SOAK_SEED={v:?} is not a number"))
    });
    // The generator (xorshift) stays at 0 from 0.
    assert_ne!(seed, 0, "SONGO_SOAK_SEED must not be 0");
    Settings { games, seed }
}

/// A game's key: `variant start: moves`.
pub fn key<M: Display>(variant: &str, start: &str, moves: &[M]) -> String {
    let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
    format!("{variant} {start}: {}", moves.join(" "))
}

/// Checks the archive (`(id, record text)` of every entry) against the
/// games seen finished: each entry one record under its own id (its
/// `GameId` tag), finished, replaying legally through songo-core; every
/// game seen finished archived exactly once; and nothing else, but for at
/// most one game per `unseen` prefix: a game whose last move was sent
/// just before the server was killed may have been archived without its
/// end being seen (and then resumed from the state kept before that move,
/// and finished again). `seed` goes in every message. Returns how many
/// such games the archive holds.
pub fn check_archive(
    seed: u64,
    archived: &[(String, String)],
    finished: &[String],
    unseen: &[String],
) -> usize {
    let mut left: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut ids = std::collections::BTreeSet::new();
    for (id, text) in archived {
        assert!(
            ids.insert(id.as_str()),
            "seed {seed:#x}: id {id} twice in the archive"
        );
        let records = parse_records(text)
            .unwrap_or_else(|e| panic!("seed {seed:#x}: {id} is not a record: {e}\n{text}"));
        assert_eq!(records.len(), 1, "seed {seed:#x}: {id}: {text}");
        let r = &records[0];
        assert_eq!(r.tag("GameId"), Some(id.as_str()), "seed {seed:#x}: {text}");
        assert_ne!(
            r.result,
            GameResult::Unfinished,
            "seed {seed:#x}: {id} archived unfinished: {text}"
        );
        if let Err(e) = r.replay() {
            panic!("seed {seed:#x}: {id} does not replay: {e}\n{text}");
        }
        let k = key(r.variant.name(), &r.start.to_string(), &r.moves);
        left.entry(k).or_default().push(id);
    }
    for game in finished {
        let found = left.get_mut(game).and_then(Vec::pop);
        assert!(
            found.is_some(),
            "seed {seed:#x}: a game seen finished is not in the archive (or once only, \
             though seen twice): {game}"
        );
    }
    let mut unseen: Vec<&String> = unseen.iter().collect();
    let mut extra = 0;
    for (game, ids) in &left {
        for id in ids {
            let at = unseen
                .iter()
                .position(|p| game == *p || game.starts_with(&format!("{p} ")));
            let Some(at) = at else {
                panic!(
                    "seed {seed:#x}: {id} in the archive was never seen finished (or is there \
                     twice): {game}"
                );
            };
            unseen.swap_remove(at);
            extra += 1;
        }
    }
    extra
}

/// Runs a soak, so that whatever fails in it (a shared helper's wait, a
/// socket that closed) says the seed, to be run again with it.
pub fn with_seed(settings: Settings, run: impl FnOnce()) {
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
    if let Err(e) = caught {
        let why = e
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| e.downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        panic!(
            "soak of {} games, SONGO_SOAK_SEED={:#x}: {why}",
            settings.games, settings.seed
        );
    }
}
