//! Numbered jobs split between the ranks of an MPI job, in rounds, their
//! results gathered in order by rank 0, which alone writes them: the one
//! distribution scheme of `songo datagen --mpi` (a job is a game, its
//! result its records) and `songo puzzles generate --mpi` (a job is a
//! game, its result its puzzles).
//!
//! A round is `batch` jobs per rank: rank `r` runs the round's jobs `i`
//! with `i % ranks == r` on its own threads (interleaved, so that long and
//! short jobs even out between ranks), then sends their results to rank 0,
//! framed by job, and rank 0 hands them to its writer in job order. A job
//! depends only on its index, so the output is the bytes one process
//! writes, whatever the ranks; and only rank 0 writes, so its directory
//! need not be shared.
//!
//! No rank is left waiting in a collective call: after every step that can
//! fail all ranks learn how many failed and stop together ([`together`]).
//! The failing ranks send their error to rank 0, which prints them and
//! says the job stopped (or gives its own error); the others end quietly.

use std::ops::Range;

use songo_tb::generate::Exchange;

use songo_cli::chain::Chain;
use songo_cli::errln;

use crate::job::JobError;

/// The error of a job split between ranks, which says, through its
/// [`JobError`], when another rank failed, or when the results rank 0
/// gathered are not whole.
pub trait RankError: std::error::Error + From<JobError> + Sized + 'static {
    /// What a job's results are, for the message: "games", "puzzles".
    const ITEMS: &'static str;

    /// Another rank failed (its error was printed above), `failed` in all.
    fn stopped(failed: u64) -> Self {
        JobError::Stopped { failed }.into()
    }

    /// What the ranks sent is not each job once, whole: a bug.
    fn garbled(what: &'static str) -> Self {
        JobError::Gather {
            items: Self::ITEMS,
            what,
        }
        .into()
    }
}

/// What [`run`] does with the jobs: run a rank's share, and on rank 0
/// write a round's results.
pub trait Rounds {
    /// The tool's error.
    type Error: RankError;
    /// Runs `jobs` (this rank's share of a round) on this process's
    /// threads; each job's result as words, in the order of `jobs`.
    fn play(&mut self, jobs: &[u64]) -> Result<Vec<Vec<u64>>, Self::Error>;
    /// Rank 0 only: the results of the round's `jobs`, in job order.
    /// `Ok(true)` when the work is done before `end`.
    fn write(&mut self, jobs: Range<u64>, results: Vec<Vec<u64>>) -> Result<bool, Self::Error>;
}

/// Runs jobs `first..end` in rounds of `batch` jobs per rank, until `end`
/// or until rank 0's writer says it is done. `Ok(false)` when another rank
/// failed and rank 0 spoke for the job: this rank ends quietly.
pub fn run<R: Rounds>(
    ex: &mut dyn Exchange,
    first: u64,
    end: u64,
    batch: u64,
    rounds: &mut R,
) -> Result<bool, R::Error> {
    let (rank, ranks) = (ex.process(), ex.processes());
    let round = batch * ranks as u64;
    let mut next = first;
    while next < end {
        let stop = next.saturating_add(round).min(end);
        let mine: Vec<u64> = (next..stop)
            .filter(|i| i % ranks as u64 == rank as u64)
            .collect();
        let played = rounds.play(&mine);
        let Some(played) = together(ex, played)? else {
            return Ok(false);
        };
        let mut outgoing = vec![Vec::new(); ranks];
        outgoing[0] = frame(&mine, &played);
        let gathered = ex.all_to_all(outgoing);
        let written = if rank == 0 {
            unframe(next..stop, &gathered).and_then(|results| rounds.write(next..stop, results))
        } else {
            Ok(false)
        };
        let Some(done) = together(ex, written)? else {
            return Ok(false);
        };
        // Rank 0 alone knows; every rank stops with it.
        if ex.max(done as u64) == 1 {
            break;
        }
        next = stop;
    }
    Ok(true)
}

/// Every rank's outcome of one step, collectively: `Some` when all
/// succeeded. Otherwise rank 0 prints the other failing ranks' errors
/// (sent to it as text) and returns its own error, or
/// [`RankError::stopped`]; every other rank returns `None` and ends
/// quietly. Rank 0 speaks for the job because mpirun ends the other ranks
/// as soon as rank 0 exits with an error, which can cut a rank's own
/// message before it is forwarded.
pub fn together<T, E: RankError>(ex: &mut dyn Exchange, own: Result<T, E>) -> Result<Option<T>, E> {
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
    Err(own.unwrap_or(E::stopped(failed)))
}

/// A failing rank's message as words: its rank, the byte length, then the
/// bytes, zero-padded to whole words.
fn text_frame(rank: usize, text: &str) -> Vec<u64> {
    let mut words = vec![rank as u64, text.len() as u64];
    words.extend(words_of(text.as_bytes()));
    words
}

/// Bytes as little-endian words, the last zero-padded.
pub fn words_of(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes.chunks(8).map(|c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        u64::from_le_bytes(w)
    })
}

/// The bytes of little-endian words.
pub fn bytes_of(words: &[u64]) -> Vec<u8> {
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

/// A rank's results as words: per job its index, its word count, then its
/// words. The frames let rank 0 check that each job of the round came
/// exactly once, whatever order the ranks' words arrive in.
fn frame(jobs: &[u64], results: &[Vec<u64>]) -> Vec<u64> {
    let mut words = Vec::new();
    for (&i, r) in jobs.iter().zip(results) {
        words.extend([i, r.len() as u64]);
        words.extend_from_slice(r);
    }
    words
}

/// The results of the round's `jobs`, in job order, from every rank's
/// frames.
fn unframe<E: RankError>(jobs: Range<u64>, words: &[u64]) -> Result<Vec<Vec<u64>>, E> {
    let mut slots: Vec<Option<Vec<u64>>> = vec![None; (jobs.end - jobs.start) as usize];
    let mut rest = words;
    while let [index, count, tail @ ..] = rest {
        let slot = index
            .checked_sub(jobs.start)
            .and_then(|k| slots.get_mut(usize::try_from(k).ok()?))
            .ok_or(E::garbled("a job outside the round"))?;
        if slot.is_some() {
            return Err(E::garbled("a job sent twice"));
        }
        let len = usize::try_from(*count)
            .ok()
            .filter(|&len| len <= tail.len())
            .ok_or(E::garbled("a job cut short"))?;
        let (body, after) = tail.split_at(len);
        *slot = Some(body.to_vec());
        rest = after;
    }
    if !rest.is_empty() {
        return Err(E::garbled("a job cut short"));
    }
    slots
        .into_iter()
        .map(|s| s.ok_or(E::garbled("a job missing")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("test")]
    struct E(&'static str);

    impl From<JobError> for E {
        fn from(e: JobError) -> E {
            match e {
                JobError::Gather { what, .. } => E(what),
                _ => E("stopped"),
            }
        }
    }

    impl RankError for E {
        const ITEMS: &'static str = "tests";
    }

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

    /// Ranks as threads exchanging through shared memory, making the
    /// same collective calls as MPI ranks (the real ones: tests/*_mpi.rs).
    struct Threads {
        me: usize,
        n: usize,
        mail: std::sync::Arc<[Vec<std::sync::Mutex<Vec<u64>>>]>,
        slots: std::sync::Arc<std::sync::Mutex<Vec<u64>>>,
        barrier: std::sync::Arc<std::sync::Barrier>,
    }

    impl Threads {
        fn reduce(&mut self, x: u64, f: fn(u64, u64) -> u64) -> u64 {
            self.slots.lock().unwrap()[self.me] = x;
            self.barrier.wait();
            let r = self.slots.lock().unwrap().iter().copied().reduce(f);
            self.barrier.wait();
            r.unwrap()
        }
    }

    impl Exchange for Threads {
        fn process(&self) -> usize {
            self.me
        }
        fn processes(&self) -> usize {
            self.n
        }
        fn all_to_all(&mut self, outgoing: Vec<Vec<u64>>) -> Vec<u64> {
            for (to, v) in outgoing.into_iter().enumerate() {
                *self.mail[to][self.me].lock().unwrap() = v;
            }
            self.barrier.wait();
            let got = self.mail[self.me]
                .iter()
                .flat_map(|m| std::mem::take(&mut *m.lock().unwrap()))
                .collect();
            self.barrier.wait();
            got
        }
        fn sum(&mut self, x: u64) -> u64 {
            self.reduce(x, |a, b| a + b)
        }
        fn max(&mut self, x: u64) -> u64 {
            self.reduce(x, u64::max)
        }
        fn barrier(&mut self) {
            self.barrier.wait();
        }
    }

    /// Job `i` yields `i % 3` words; the writer keeps every job's words in
    /// order and stops once it holds `stop_at` words.
    struct Toy {
        written: Written,
        stop_at: usize,
        fail_on: Option<u64>,
    }

    impl Rounds for Toy {
        type Error = E;
        fn play(&mut self, jobs: &[u64]) -> Result<Vec<Vec<u64>>, E> {
            if jobs.iter().any(|j| Some(*j) == self.fail_on) {
                return Err(E("failed"));
            }
            Ok(jobs
                .iter()
                .map(|&i| vec![i * 10; (i % 3) as usize])
                .collect())
        }
        fn write(&mut self, jobs: Range<u64>, results: Vec<Vec<u64>>) -> Result<bool, E> {
            for (i, r) in jobs.zip(results) {
                self.written.push((i, r));
                if self.written.iter().map(|(_, r)| r.len()).sum::<usize>() >= self.stop_at {
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }

    /// What a rank's writer was given: each job and its words.
    type Written = Vec<(u64, Vec<u64>)>;

    /// What rank 0 wrote, and each rank's outcome, with `n` ranks.
    fn split(n: usize, stop_at: usize, fail_on: Option<u64>) -> (Written, Vec<String>) {
        use std::sync::{Arc, Barrier, Mutex};
        let mail: Arc<[Vec<Mutex<Vec<u64>>>]> = (0..n)
            .map(|_| (0..n).map(|_| Mutex::new(Vec::new())).collect())
            .collect();
        let slots = Arc::new(Mutex::new(vec![0; n]));
        let barrier = Arc::new(Barrier::new(n));
        let outcomes: Vec<(Written, String)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..n)
                .map(|me| {
                    let mut ex = Threads {
                        me,
                        n,
                        mail: mail.clone(),
                        slots: slots.clone(),
                        barrier: barrier.clone(),
                    };
                    s.spawn(move || {
                        let mut toy = Toy {
                            written: Vec::new(),
                            stop_at,
                            fail_on: fail_on.filter(|j| *j as usize % n == me),
                        };
                        let r = run(&mut ex, 3, 100, 2, &mut toy);
                        (toy.written, format!("{:?}", r.map_err(|e| e.0)))
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let written = outcomes[0].0.clone();
        (written, outcomes.into_iter().map(|o| o.1).collect())
    }

    #[test]
    fn ranks_write_what_one_process_writes_and_stop_together() {
        let (alone, ok) = split(1, 40, None);
        assert_eq!(ok, ["Ok(true)"]);
        assert_eq!(alone.first().map(|w| w.0), Some(3));
        assert!(
            alone.windows(2).all(|w| w[1].0 == w[0].0 + 1),
            "every job, in order"
        );
        assert_eq!(alone.iter().map(|(_, r)| r.len()).sum::<usize>(), 40);
        for n in [2, 3, 4] {
            let (written, outcomes) = split(n, 40, None);
            assert_eq!(written, alone, "{n} ranks");
            assert!(outcomes.iter().all(|o| o == "Ok(true)"), "{outcomes:?}");
        }
        // Job 20 fails on its rank: rank 0 says so, the others end quietly,
        // and what was written before stays.
        let (written, outcomes) = split(3, 40, Some(20));
        assert_eq!(outcomes[0], r#"Err("stopped")"#, "{outcomes:?}");
        assert!(
            outcomes[1..].iter().all(|o| o == "Ok(false)"),
            "{outcomes:?}"
        );
        assert!(written.len() < alone.len() && written[..] == alone[..written.len()]);
    }

    #[test]
    fn frames_come_back_in_job_order_and_each_once() {
        let mut words = frame(&[5, 7], &[vec![1, 2], vec![]]);
        words.extend(frame(&[4, 6], &[vec![9], vec![3, 3, 3]]));
        let back: Vec<Vec<u64>> = unframe::<E>(4..8, &words).unwrap();
        assert_eq!(back, vec![vec![9], vec![1, 2], vec![3, 3, 3], vec![]]);
        assert_eq!(unframe::<E>(4..9, &words).unwrap_err().0, "a job missing");
        assert_eq!(
            unframe::<E>(5..8, &words).unwrap_err().0,
            "a job outside the round"
        );
        let twice = [words.clone(), frame(&[4], &[vec![]])].concat();
        assert_eq!(
            unframe::<E>(4..8, &twice).unwrap_err().0,
            "a job sent twice"
        );
        assert_eq!(
            unframe::<E>(4..8, &words[..words.len() - 1]).unwrap_err().0,
            "a job cut short"
        );
    }
}
