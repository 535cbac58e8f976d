//! `songo puzzles generate --mpi`, started by the real `mpirun`, writes at
//! 1, 2 and 4 ranks the bytes of the single process, also when a file is
//! stopped and continued with another number of ranks. It shares
//! `songo datagen --mpi`'s distribution (`crates/songo-lab/src/rounds.rs`), whose failure
//! cases `datagen_mpi.rs` tests.
//!
//! Needs `mpirun` and a songo built with the `mpi` feature, like
//! `datagen_mpi.rs`: otherwise it says which is missing and passes, unless
//! `SONGO_MPI_TEST=required` (as `.ci/run` sets).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

mod mpi_support;
mod tb_support;
use mpi_support::{ranks_run_here, run_ranks, skip, text, SONGO};
use tb_support::TempDir;

const LIMIT: Duration = Duration::from_secs(180);

fn args(variant: &str, puzzles: u64, out: &Path) -> Vec<String> {
    [
        "puzzles",
        "generate",
        "-v",
        variant,
        "--seed",
        "9",
        "--screen-depth",
        "4",
        "--depth",
        "6",
        "--verify-depth",
        "10",
        "--threads",
        "1",
        "--puzzles",
        &puzzles.to_string(),
        "--out",
        &out.display().to_string(),
    ]
    .map(String::from)
    .to_vec()
}

fn generate_mpi(mpi: &Path, n: usize, args: &[String]) -> std::process::Output {
    run_ranks(mpi, n, args, 2, LIMIT)
}

#[test]
fn mpi_ranks_write_the_file_of_a_single_process() {
    let dir = TempDir::new("puzzles-mpi");
    let probe = dir.0.join("probe.puzzles");
    let mpi = match ranks_run_here(&args("songo40", 1, &probe), 2, LIMIT) {
        Ok(mpi) => mpi,
        Err(why) => return skip(why),
    };

    for variant in ["songo40", "songo36-beginner"] {
        // Enough puzzles for several rounds at 4 ranks (4 games a rank).
        let reference = dir.0.join(format!("{variant}.puzzles"));
        let o = Command::new(SONGO)
            .args(args(variant, 40, &reference))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
        let bytes = std::fs::read(&reference).unwrap();
        for n in [1, 2, 4] {
            let out = dir.0.join(format!("{variant}-np{n}.puzzles"));
            let o = generate_mpi(&mpi, n, &args(variant, 40, &out));
            assert!(
                std::fs::read(&out).unwrap() == bytes,
                "mpirun -np {n}: {} differs from the single process's",
                out.display()
            );
            // Rank 0 alone reports.
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(err.matches("by theme:").count(), 1, "{}", text(&o));
        }
        // Stopped at 2 ranks, continued at 4.
        let resumed = dir.0.join(format!("{variant}-resumed.puzzles"));
        generate_mpi(&mpi, 2, &args(variant, 11, &resumed));
        generate_mpi(&mpi, 4, &args(variant, 40, &resumed));
        assert!(std::fs::read(&resumed).unwrap() == bytes, "resumed");
    }
}
