//! `songo datagen --mpi`, started by the real `mpirun`, writes at 1, 2 and
//! 4 ranks the bytes of the single process, in songo40 and songo36-beginner,
//! also when a file is stopped and continued with another number of ranks;
//! and a file it must not continue (other arguments, not a data file) is
//! refused with the typed error, every rank ending, the file untouched;
//! and when a rank other than 0 fails, every rank ends with it.
//!
//! Needs `mpirun` on the PATH (Debian: openmpi-bin, libopenmpi-dev) and a
//! songo built with the `mpi` feature (`cargo test --release --features
//! mpi`); otherwise the test says which is missing and passes, unless
//! `SONGO_MPI_TEST=required` (as `.ci/run` sets) makes that a failure.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use songo_lab::datagen::format;

mod mpi_support;
mod tb_support;
use mpi_support::{
    built_without_mpi, find_mpirun, mpirun, output_within, ranks_run_here, run_ranks, skip, text,
    SONGO,
};
use tb_support::TempDir;

/// Far more than any run here takes (a few seconds): past it, a rank is
/// taken to be waiting for another that has gone.
const LIMIT: Duration = Duration::from_secs(120);

/// One file's arguments. songo40's 300 games make several rounds at every
/// rank count (64 games per rank a round), songo36's 100 games one or two;
/// songo36's also balance the openings and change the random plies, so
/// that every argument that shapes a game reaches the ranks.
struct Case {
    variant: &'static str,
    games: u64,
    extra: &'static [&'static str],
}

const CASES: [Case; 2] = [
    Case {
        variant: "songo40",
        games: 300,
        extra: &[],
    },
    Case {
        variant: "songo36-beginner",
        games: 100,
        extra: &["--balance", "100", "--random-plies", "6", "--seed", "3"],
    },
];

fn datagen_args(case: &Case, games: u64, out: &Path) -> Vec<String> {
    let mut args: Vec<String> = ["datagen", "-v", case.variant, "--nodes", "300"]
        .map(String::from)
        .to_vec();
    args.extend(case.extra.iter().map(|s| s.to_string()));
    args.extend([
        "--games".to_string(),
        games.to_string(),
        "--out".to_string(),
        out.display().to_string(),
    ]);
    args
}

/// `songo datagen --mpi …` as `n` ranks, which must succeed.
fn datagen_mpi(mpi: &Path, n: usize, args: &[String]) -> std::process::Output {
    run_ranks(mpi, n, args, 1, LIMIT)
}

#[test]
fn mpi_ranks_write_the_file_of_a_single_process() {
    let dir = TempDir::new("datagen-mpi");
    let probe = dir.0.join("probe.data");
    let small = ["datagen", "--games", "1", "--nodes", "50", "--out"]
        .map(String::from)
        .into_iter()
        .chain([probe.display().to_string()])
        .collect::<Vec<_>>();
    let mpi = match ranks_run_here(&small, 1, LIMIT) {
        Ok(mpi) => mpi,
        Err(why) => return skip(why),
    };

    for case in &CASES {
        let reference = dir.0.join(format!("{}.data", case.variant));
        let mut args = datagen_args(case, case.games, &reference);
        args.extend(["--threads".to_string(), "2".to_string()]);
        let o = Command::new(SONGO).args(&args).output().unwrap();
        assert!(o.status.success(), "{}", text(&o));
        let bytes = std::fs::read(&reference).unwrap();
        for n in [1, 2, 4] {
            let out = dir.0.join(format!("{}-np{n}.data", case.variant));
            let o = datagen_mpi(&mpi, n, &datagen_args(case, case.games, &out));
            assert!(
                std::fs::read(&out).unwrap() == bytes,
                "mpirun -np {n}: {} differs from the single process's",
                out.display()
            );
            // Rank 0 alone speaks for the job.
            let err = String::from_utf8_lossy(&o.stderr);
            let summaries: Vec<&str> = err.lines().filter(|l| l.contains(" games, ")).collect();
            assert_eq!(summaries.len(), 1, "{}", text(&o));
            assert_eq!(
                summaries[0].contains(&format!("by {n} ranks")),
                n > 1,
                "{}",
                text(&o)
            );
        }
    }

    // Stopped after 77 games at 2 ranks, continued to the end at 4.
    let case = &CASES[0];
    let reference = std::fs::read(dir.0.join(format!("{}.data", case.variant))).unwrap();
    let resumed = dir.0.join("resumed.data");
    datagen_mpi(&mpi, 2, &datagen_args(case, 77, &resumed));
    let (header, records) = format::read(&resumed).unwrap();
    assert_eq!(header.games, 77);
    let (_, all) = format::read_bytes(&reference).unwrap();
    assert_eq!(records[..], all[..records.len()]);
    datagen_mpi(&mpi, 4, &datagen_args(case, case.games, &resumed));
    assert!(
        std::fs::read(&resumed).unwrap() == reference,
        "the continued file differs from the single process's"
    );

    // Refused by rank 0; every rank ends, the file is left as it was.
    let notes = dir.0.join("notes.txt");
    std::fs::write(&notes, "notes, not data").unwrap();
    let mut other_nodes = datagen_args(case, case.games + 10, &resumed);
    other_nodes[4] = "301".to_string();
    for (args, file, before, message) in [
        (
            other_nodes,
            &resumed,
            reference,
            "error: the file was made with --nodes 300, not 301: use another --out",
        ),
        (
            datagen_args(case, 5, &notes),
            &notes,
            b"notes, not data".to_vec(),
            "error: not a songo data file (no SONGODAT magic)",
        ),
    ] {
        let mut with_mpi: Vec<&str> = args.iter().map(String::as_str).collect();
        with_mpi.insert(1, "--mpi");
        let o = output_within(mpirun(&mpi, 4, &with_mpi), LIMIT);
        assert!(!o.status.success(), "{}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(message), "{}", text(&o));
        assert!(!err.contains("panicked"), "{}", text(&o));
        assert!(std::fs::read(file).unwrap() == before, "{}", file.display());
    }
}

/// Rank 1 alone cannot start (its `--tablebases` is missing, an MPMD
/// launch giving it other arguments): rank 0 prints why, for rank 1, and
/// says the job stopped; no rank waits for it, and the file keeps what it
/// held.
#[test]
fn a_failing_rank_other_than_0_stops_the_job() {
    let mpi = match find_mpirun() {
        Ok(mpi) => mpi,
        Err(why) => return skip(why),
    };
    let dir = TempDir::new("datagen-mpi-rank1");
    let case = &CASES[0];
    let out = dir.0.join("kept.data");
    let o = Command::new(SONGO)
        .args(datagen_args(case, 20, &out))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let before = std::fs::read(&out).unwrap();

    let args = datagen_args(case, 60, &out);
    let mut good: Vec<&str> = args.iter().map(String::as_str).collect();
    good.insert(1, "--mpi");
    let missing = dir.0.join("no-such-tables");
    let mut bad = good.clone();
    bad.extend(["--tablebases", missing.to_str().unwrap()]);
    let mut c = mpirun(&mpi, 1, &good);
    c.args([":", "-np", "1", SONGO]).args(&bad);
    let o = output_within(c, LIMIT);
    if let Some(why) = built_without_mpi(&o) {
        return skip(why);
    }
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("rank 1: error: --tablebases: tablebase directory")
            && err.contains("is missing"),
        "{}",
        text(&o)
    );
    assert!(err.contains("1 other rank(s) failed"), "{}", text(&o));
    assert!(!err.contains("panicked"), "{}", text(&o));
    assert!(std::fs::read(&out).unwrap() == before, "{}", text(&o));
}

/// A songo without the feature says how to get it (a usage error, exit
/// code 2), and writes nothing.
#[cfg(not(feature = "mpi"))]
#[test]
fn without_the_feature_mpi_is_refused() {
    let dir = TempDir::new("datagen-no-mpi");
    let out = dir.0.join("a.data");
    let o = Command::new(SONGO)
        .args(["datagen", "--mpi", "--games", "1", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("built without MPI"), "{}", text(&o));
    assert!(err.contains("--features mpi"), "{}", text(&o));
    assert!(!out.exists());
}
