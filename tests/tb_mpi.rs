//! The MPI table generator (`songo tb generate --mpi`, started by the real
//! `mpirun`) writes, at 1, 2 and 4 ranks, the same files byte for byte as
//! the single process, for every variant.
//!
//! Needs `mpirun` on the PATH (Debian: openmpi-bin, libopenmpi-dev) and a
//! songo built with the `mpi` feature (`cargo test --release --features
//! mpi`); otherwise the test says which is missing and passes, unless
//! `SONGO_MPI_TEST=required` (as `.ci/run` sets) makes that a failure.
//! `SONGO_MPI_TEST_MAX_SEEDS` sets the largest count (13 by default, to keep
//! CI short; docs/tablebases.md gives the 16-seed run).

use std::process::Command;
use std::time::{Duration, Instant};

use songo_core::Variant;
use songo_tb::file;

mod mpi_support;
mod tb_support;
use mpi_support::{built_without_mpi, find_mpirun, mpirun, output_within, skip, text, SONGO};

/// The longest one generation may take before the test fails instead of
/// hanging CI (a rank waiting forever on a lost message): several times
/// the 13-seed run's minute on a loaded 2-core machine.
const LIMIT: Duration = Duration::from_secs(600);
use tb_support::TempDir;

#[test]
fn mpi_ranks_write_the_files_of_a_single_process() {
    let mpi = match find_mpirun() {
        Ok(mpi) => mpi,
        Err(why) => return skip(why),
    };
    let max: u8 = std::env::var("SONGO_MPI_TEST_MAX_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(13);
    let max_arg = max.to_string();
    let probe = TempDir::new("mpi-probe");
    let o = output_within(
        mpirun(
            &mpi,
            1,
            &[
                "tb",
                "generate",
                "--mpi",
                "-v",
                "songo40",
                "--max-seeds",
                "10",
                "--dir",
                probe.0.to_str().unwrap(),
            ],
        ),
        LIMIT,
    );
    if let Some(why) = built_without_mpi(&o) {
        return skip(why);
    }

    let reference = TempDir::new("mpi-single");
    let dir = reference.0.to_str().unwrap();
    let started = Instant::now();
    let mut single = Command::new(SONGO);
    single.args([
        "tb",
        "generate",
        "--max-seeds",
        &max_arg,
        "--no-checkpoints",
        "--dir",
        dir,
    ]);
    let o = output_within(single, LIMIT);
    assert!(o.status.success(), "{}", text(&o));
    eprintln!(
        "single process, 10..{max} seeds, every variant: {:.1} s",
        started.elapsed().as_secs_f64()
    );

    for n in [1, 2, 4] {
        let ranks = TempDir::new(&format!("mpi-np{n}"));
        let dir = ranks.0.to_str().unwrap();
        let started = Instant::now();
        let o = output_within(
            mpirun(
                &mpi,
                n,
                &[
                    "tb",
                    "generate",
                    "--mpi",
                    "--max-seeds",
                    &max_arg,
                    "--no-checkpoints",
                    "--dir",
                    dir,
                ],
            ),
            LIMIT,
        );
        assert!(o.status.success(), "mpirun -np {n}: {}", text(&o));
        eprintln!("mpirun -np {n}: {:.1} s", started.elapsed().as_secs_f64());
        if n > 1 {
            // Rank 0 speaks for the job and says so.
            let out = String::from_utf8_lossy(&o.stdout);
            assert!(out.contains(&format!("({n} ranks")), "{}", text(&o));
        }
        for v in Variant::ALL {
            for s in 10..=max {
                let name = file::file_name(v, s);
                let a = std::fs::read(reference.0.join(&name)).unwrap();
                let b = std::fs::read(ranks.0.join(&name))
                    .unwrap_or_else(|e| panic!("mpirun -np {n}: {name}: {e}\n{}", text(&o)));
                assert!(
                    a == b,
                    "mpirun -np {n}: {name} differs from the single process's"
                );
            }
        }
    }
}
