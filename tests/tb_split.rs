//! Table generation split between processes, and resumed from a
//! checkpoint, without MPI: the "processes" here are threads of the test
//! that exchange through shared memory, running the same collective calls
//! as MPI ranks (tests/tb_mpi.rs runs the real thing). Both must give the
//! files a single uninterrupted process writes, byte for byte.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::{Arc, Barrier, Mutex};

use songo_core::Variant;
use songo_tb::file;
use songo_tb::generate::{build, build_with, no_progress, Checkpoints, Exchange, Progress};

mod tb_support;
use tb_support::TempDir;

/// What the thread "processes" share: a mailbox per (receiver, sender), a
/// slot per process for reductions, and a barrier.
struct Shared {
    mail: Vec<Vec<Mutex<Vec<u64>>>>,
    slots: Mutex<Vec<u64>>,
    barrier: Barrier,
}

struct Threads {
    me: usize,
    n: usize,
    shared: Arc<Shared>,
}

impl Threads {
    fn reduce(&mut self, x: u64, f: fn(u64, u64) -> u64) -> u64 {
        self.shared.slots.lock().unwrap()[self.me] = x;
        self.shared.barrier.wait();
        let r = self
            .shared
            .slots
            .lock()
            .unwrap()
            .iter()
            .copied()
            .reduce(f)
            .unwrap();
        self.shared.barrier.wait();
        r
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
            *self.shared.mail[to][self.me].lock().unwrap() = v;
        }
        self.shared.barrier.wait();
        let got = self.shared.mail[self.me]
            .iter()
            .flat_map(|m| std::mem::take(&mut *m.lock().unwrap()))
            .collect();
        self.shared.barrier.wait();
        got
    }
    fn sum(&mut self, x: u64) -> u64 {
        self.reduce(x, |a, b| a + b)
    }
    fn max(&mut self, x: u64) -> u64 {
        self.reduce(x, u64::max)
    }
    fn barrier(&mut self) {
        self.shared.barrier.wait();
    }
}

/// Builds the tables of `v` up to `max` in `dir` with `n` thread processes.
fn build_split(v: Variant, max: u8, dir: &Path, n: usize) {
    let shared = Arc::new(Shared {
        mail: (0..n)
            .map(|_| (0..n).map(|_| Mutex::new(Vec::new())).collect())
            .collect(),
        slots: Mutex::new(vec![0; n]),
        barrier: Barrier::new(n),
    });
    std::thread::scope(|s| {
        for me in 0..n {
            let shared = shared.clone();
            s.spawn(move || {
                let mut ex = Threads { me, n, shared };
                build_with(
                    v,
                    max,
                    Some(dir),
                    Checkpoints::Never,
                    &mut ex,
                    &no_progress,
                    &mut |r| assert_eq!(r.processes, n),
                )
                .unwrap();
            });
        }
    });
}

fn same_files(a: &Path, b: &Path, v: Variant, max: u8) {
    for s in 10..=max {
        let name = file::file_name(v, s);
        let (x, y) = (
            std::fs::read(a.join(&name)).unwrap(),
            std::fs::read(b.join(&name)).unwrap(),
        );
        assert!(x == y, "{name} differs");
    }
}

#[test]
fn a_split_count_gives_the_same_files() {
    for v in Variant::ALL {
        let max = 11;
        let alone = TempDir::new(&format!("split-alone-{v}"));
        build(v, max, Some(&alone.0), &no_progress, &mut |_| {}).unwrap();
        for n in [2, 3] {
            let split = TempDir::new(&format!("split-split{n}-{v}"));
            build_split(v, max, &split.0, n);
            same_files(&alone.0, &split.0, v, max);
            let leftovers: Vec<_> = std::fs::read_dir(&split.0)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with('.'))
                .collect();
            assert!(leftovers.is_empty(), "left behind: {leftovers:?}");
        }
    }
}

/// Stops generation (by a panic, as a kill would) when the pass of
/// `threshold` of the `seeds` count ends; records the passes it sees.
struct StopAt {
    seeds: u8,
    current: u8,
    threshold: Option<i32>,
    passes: Arc<Mutex<Vec<(u8, i32)>>>,
}

impl Progress for StopAt {
    fn pass(&self, threshold: i32, _sweeps: u64) {
        self.passes.lock().unwrap().push((self.current, threshold));
        if self.current == self.seeds && Some(threshold) == self.threshold {
            panic!("stopped at threshold {threshold}");
        }
    }
}

#[test]
fn an_interrupted_count_resumes_at_its_last_pass() {
    for v in [Variant::Songo40, Variant::Songo36Amateur] {
        let max = 12;
        let reference = TempDir::new(&format!("split-ref-{v}"));
        build(v, max, Some(&reference.0), &no_progress, &mut |_| {}).unwrap();
        let dir = TempDir::new(&format!("split-resume-{v}"));
        let passes = Arc::new(Mutex::new(Vec::new()));
        let progress = |threshold: Option<i32>| {
            let passes = passes.clone();
            move |_: Variant, seeds: u8| -> Box<dyn Progress> {
                Box::new(StopAt {
                    seeds: max,
                    current: seeds,
                    threshold,
                    passes: passes.clone(),
                })
            }
        };
        // Killed as the pass of threshold 5 of the 12-seed count ends.
        let stop = progress(Some(5));
        let killed = catch_unwind(AssertUnwindSafe(|| {
            build_with(
                v,
                max,
                Some(&dir.0),
                Checkpoints::Every(Default::default()),
                &mut songo_tb::generate::Alone,
                &stop,
                &mut |_| {},
            )
        }));
        assert!(killed.is_err());
        let checkpoint = dir
            .0
            .join(format!(".{}.p0of1.ckpt", file::file_name(v, max)));
        assert!(
            checkpoint.is_file(),
            "no checkpoint at {}",
            checkpoint.display()
        );
        assert!(!dir.0.join(file::file_name(v, max)).exists());
        // Run again: the smaller counts are read, the 12-seed count resumes
        // at threshold 5 (the pass that did not save), not at the top.
        passes.lock().unwrap().clear();
        let go = progress(None);
        build_with(
            v,
            max,
            Some(&dir.0),
            Checkpoints::Every(Default::default()),
            &mut songo_tb::generate::Alone,
            &go,
            &mut |_| {},
        )
        .unwrap();
        let seen = passes.lock().unwrap().clone();
        let first = seen.iter().find(|(s, _)| *s == max).copied();
        assert_eq!(first, Some((max, 5)), "passes after the restart: {seen:?}");
        same_files(&reference.0, &dir.0, v, max);
        assert!(!checkpoint.exists(), "the checkpoint outlived its count");
    }
}
