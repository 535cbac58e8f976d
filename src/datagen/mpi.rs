//! `songo datagen --mpi`: the games split between the ranks of an MPI job.
//!
//! A round is [`BATCH_GAMES`] games per rank: rank `r` plays the round's
//! games `i` with `i % ranks == r` on its own threads (interleaved, so that
//! long and short games even out between ranks), then sends their records
//! to rank 0, framed by game, and rank 0 alone writes them, in game order,
//! as one batch. Game `i` depends only on the seed and `i`, so the file
//! holds the bytes one process writes, whatever the ranks; and only rank 0
//! opens it, so its directory need not be shared (the tables, when given,
//! must be readable by every rank).
//!
//! No rank is left waiting in a collective call: after every step that can
//! fail (setting up, playing, writing) all ranks learn how many failed and
//! stop together. The failing ranks send their error to rank 0, which
//! prints them and says the job stopped (or gives its own error); the
//! others end quietly. The file keeps its whole batches, so the same
//! command continues it.

use std::ops::Range;
use std::time::Instant;

use indicatif::ProgressBar;
use songo_tb::generate::Exchange;

use super::format::{Record, Writer, RECORD_BYTES};
use super::{summary, DatagenArgs, DatagenError, Setup, BATCH_GAMES};
use crate::chain::Chain;
use crate::output::errln;

/// A record travels as the little-endian words of its file bytes.
const RECORD_WORDS: usize = RECORD_BYTES / 8;
const _: () = assert!(RECORD_BYTES.is_multiple_of(8), "a record is whole words");

/// Runs `songo datagen --mpi` in the MPI job this process was started in.
pub fn run(a: &DatagenArgs) -> Result<(), DatagenError> {
    let mut ex = crate::tb_mpi::join()?;
    run_on(a, ex.as_mut())
}

/// [`run`] over any exchange, so that a test can drive the same code
/// through `songo_tb::generate::Alone` without mpirun.
pub fn run_on(a: &DatagenArgs, ex: &mut dyn Exchange) -> Result<(), DatagenError> {
    let (rank, ranks) = (ex.process(), ex.processes());
    let root = rank == 0;
    let threads = match a.threads {
        0 => crate::tb_mpi::default_threads(true),
        n => n,
    };
    let ready = Setup::new(a, threads).and_then(|setup| {
        let writer = if root {
            Some(Writer::open(&a.out, setup.wanted)?)
        } else {
            None
        };
        Ok((setup, writer))
    });
    let Some((setup, mut writer)) = together(ex, ready)? else {
        return Ok(());
    };
    // Rank 0 read the file: every rank starts after its last counted game.
    let first = ex.sum(writer.as_ref().map_or(0, |w| w.header().games));
    let bar = if root {
        crate::progress::bar(a.games.saturating_sub(first), "datagen")
    } else {
        ProgressBar::hidden()
    };
    let cfg = setup.config(a);
    let started = Instant::now();
    let round = BATCH_GAMES * ranks as u64;
    let mut next = first;
    while next < a.games {
        let end = next.saturating_add(round).min(a.games);
        let mine: Vec<u64> = (next..end)
            .filter(|i| i % ranks as u64 == rank as u64)
            .collect();
        let played = setup
            .play(&cfg, a.seed, &mine, &|| bar.inc(1))
            .map_err(DatagenError::from);
        let Some(played) = together(ex, played)? else {
            return Ok(());
        };
        let mut outgoing = vec![Vec::new(); ranks];
        outgoing[0] = frame(&mine, &played);
        let gathered = ex.all_to_all(outgoing);
        let written = match writer.as_mut() {
            Some(w) => unframe(next..end, &gathered)
                .and_then(|records| Ok(w.append(end - next, &records)?)),
            None => Ok(()),
        };
        if together(ex, written)?.is_none() {
            return Ok(());
        }
        bar.set_position(end - first);
        if let Some(w) = &writer {
            bar.set_message(format!("{} positions", w.header().records));
        }
        next = end;
    }
    bar.finish_and_clear();
    if let Some(w) = &writer {
        summary(a, w.header(), first, started, ranks);
    }
    Ok(())
}

/// Every rank's outcome of one step, collectively: `Some` when all
/// succeeded. Otherwise rank 0 prints the other failing ranks' errors
/// (sent to it as text) and returns its own error, or [`Stopped`]; every
/// other rank returns `None` and ends quietly. Rank 0 speaks for the job
/// because mpirun ends the other ranks as soon as rank 0 exits with an
/// error, which can cut a rank's own message before it is forwarded.
///
/// [`Stopped`]: DatagenError::Stopped
fn together<T>(
    ex: &mut dyn Exchange,
    own: Result<T, DatagenError>,
) -> Result<Option<T>, DatagenError> {
    let failed = ex.sum(own.is_err() as u64);
    let own = match own {
        Ok(value) if failed == 0 => return Ok(Some(value)),
        Ok(_) => None,
        Err(e) => Some(e),
    };
    let rank = ex.process();
    let mut outgoing = vec![Vec::new(); ex.processes()];
    if let (Some(e), false) = (&own, rank == 0) {
        outgoing[0] = text_frame(rank, &Chain(e).to_string());
    }
    let gathered = ex.all_to_all(outgoing);
    if rank != 0 {
        return Ok(None);
    }
    for (ranks, text) in others_errors(&gathered) {
        let ranks: Vec<String> = ranks.iter().map(usize::to_string).collect();
        let s = if ranks.len() > 1 { "s" } else { "" };
        errln!("rank{s} {}: error: {text}", ranks.join(", "));
    }
    Err(own.unwrap_or(DatagenError::Stopped { failed }))
}

/// A failing rank's message as words: its rank, the byte length, then the
/// bytes, zero-padded to whole words.
fn text_frame(rank: usize, text: &str) -> Vec<u64> {
    let mut words = vec![rank as u64, text.len() as u64];
    words.extend(words_of(text.as_bytes()));
    words
}

/// Bytes as little-endian words, the last zero-padded.
fn words_of(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes.chunks(8).map(|c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        u64::from_le_bytes(w)
    })
}

/// The bytes of little-endian words.
fn bytes_of(words: &[u64]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The other ranks' messages from their [`text_frame`]s, grouped by text,
/// ranks in order. A frame cut short ends the list: what came whole is
/// still worth printing.
fn others_errors(words: &[u64]) -> Vec<(Vec<usize>, String)> {
    let mut found: Vec<(usize, String)> = Vec::new();
    let mut rest = words;
    while let [rank, len, tail @ ..] = rest {
        let Some(n) = usize::try_from(*len)
            .ok()
            .filter(|n| n.div_ceil(8) <= tail.len())
        else {
            break;
        };
        let (body, after) = tail.split_at(n.div_ceil(8));
        let bytes = &bytes_of(body)[..n];
        found.push((*rank as usize, String::from_utf8_lossy(bytes).into_owned()));
        rest = after;
    }
    found.sort();
    let mut grouped: Vec<(Vec<usize>, String)> = Vec::new();
    for (rank, text) in found {
        match grouped.iter_mut().find(|(_, t)| *t == text) {
            Some((ranks, _)) => ranks.push(rank),
            None => grouped.push((vec![rank], text)),
        }
    }
    grouped
}

/// A rank's games as words: per game its index, its record count, then
/// its records. The frames let rank 0 check that each game of the round
/// came exactly once, whatever order the ranks' words arrive in.
fn frame(games: &[u64], records: &[Vec<Record>]) -> Vec<u64> {
    let mut words = Vec::new();
    for (&i, rs) in games.iter().zip(records) {
        words.extend([i, rs.len() as u64]);
        for r in rs {
            words.extend(words_of(&r.to_bytes()));
        }
    }
    words
}

/// The records of the round's `games`, in game order, from every rank's
/// frames.
fn unframe(games: Range<u64>, words: &[u64]) -> Result<Vec<Record>, DatagenError> {
    let garbled = |what| DatagenError::Gather { what };
    let mut slots: Vec<Option<Vec<Record>>> = vec![None; (games.end - games.start) as usize];
    let mut rest = words;
    while let [index, count, tail @ ..] = rest {
        let slot = index
            .checked_sub(games.start)
            .and_then(|k| slots.get_mut(usize::try_from(k).ok()?))
            .ok_or(garbled("a game outside the round"))?;
        if slot.is_some() {
            return Err(garbled("a game sent twice"));
        }
        let len = usize::try_from(*count)
            .ok()
            .and_then(|n| n.checked_mul(RECORD_WORDS))
            .filter(|&len| len <= tail.len())
            .ok_or(garbled("a game cut short"))?;
        let (body, after) = tail.split_at(len);
        let records = body
            .chunks_exact(RECORD_WORDS)
            .map(|w| {
                Record::from_bytes(&bytes_of(w), 0)
                    .ok()
                    // The index as `play_game` stores it.
                    .filter(|r| r.game == *index as u32)
                    .ok_or(garbled("a record that is not its game's"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        *slot = Some(records);
        rest = after;
    }
    if !rest.is_empty() {
        return Err(garbled("a game cut short"));
    }
    let games: Vec<Vec<Record>> = slots
        .into_iter()
        .map(|s| s.ok_or(garbled("a game missing")))
        .collect::<Result<_, _>>()?;
    Ok(games.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_errors_travel_whole_and_group_by_text() {
        let missing = "--tablebases: tablebase directory /x is missing";
        let mut words = text_frame(3, missing);
        words.extend(text_frame(1, missing));
        words.extend(text_frame(2, "cannot start 9 threads: ünïcode kept"));
        words.extend(text_frame(4, ""));
        assert_eq!(
            others_errors(&words),
            vec![
                (vec![1, 3], missing.to_string()),
                (vec![2], "cannot start 9 threads: ünïcode kept".to_string()),
                (vec![4], String::new()),
            ]
        );
    }

    #[test]
    fn a_frame_cut_short_keeps_what_came_whole() {
        let mut words = text_frame(1, "first");
        words.extend(text_frame(2, "a message longer than one word"));
        words.truncate(words.len() - 1);
        assert_eq!(others_errors(&words), vec![(vec![1], "first".to_string())]);
        assert!(others_errors(&[7]).is_empty());
    }
}
