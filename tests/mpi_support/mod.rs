//! What the MPI test files share: finding `mpirun`, starting songo as the
//! ranks of a job the way a two-core CI machine allows, and skipping with
//! the reason when MPI is not there.

#![allow(dead_code)] // each test file takes the parts it needs

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const SONGO: &str = env!("CARGO_BIN_EXE_songo");

/// Passes with the reason, or fails when the test is required.
pub fn skip(why: &str) {
    if std::env::var("SONGO_MPI_TEST").as_deref() == Ok("required") {
        panic!("SONGO_MPI_TEST=required, but {why}");
    }
    eprintln!("skipped: {why}");
}

/// `mpirun`, or the skip message that says how to get it.
pub fn find_mpirun() -> Result<PathBuf, &'static str> {
    on_path("mpirun").ok_or(
        "mpirun is not on the PATH: install Open MPI (Debian: apt-get install openmpi-bin libopenmpi-dev)",
    )
}

fn on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The skip message when `songo` refused `--mpi` for want of the feature
/// (`o` being its answer to a first `--mpi` command).
pub fn built_without_mpi(o: &Output) -> Option<&'static str> {
    (!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("built without MPI"))
        .then_some(
            "songo was built without the mpi feature: run `cargo test --release --features mpi`",
        )
}

/// `songo ARGS` as `n` ranks of an MPI job.
pub fn mpirun(mpirun: &Path, n: usize, args: &[&str]) -> Command {
    let mut c = Command::new(mpirun);
    // Two-core machines: more ranks than cores, unbound.
    c.args([
        "--oversubscribe",
        "--bind-to",
        "none",
        "-np",
        &n.to_string(),
        SONGO,
    ])
    .args(args)
    // CI runs as root, which Open MPI refuses unless told.
    .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
    .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    // More ranks than cores: a rank waiting in a collective call must
    // give its core to the others instead of spinning.
    .env("OMPI_MCA_mpi_yield_when_idle", "1");
    c
}

/// Runs `c` to its end, or fails the test if it is still running after
/// `limit`: a rank left waiting for the others must show as a failure,
/// not as a test that never ends.
pub fn output_within(mut c: Command, limit: Duration) -> Output {
    let mut child = c
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    // Read both pipes while waiting, so that a full pipe cannot stall it.
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = reader(Box::new(child.stdout.take().expect("piped")));
    let err = reader(Box::new(child.stderr.take().expect("piped")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the command can be waited for") {
            break status;
        }
        if started.elapsed() > limit {
            // SIGTERM first: mpirun then ends its ranks too.
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            std::thread::sleep(Duration::from_secs(5));
            let _ = child.kill();
            let _ = child.wait();
            panic!("{c:?} was still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Output {
        status,
        stdout: out.join().expect("the reader ends"),
        stderr: err.join().expect("the reader ends"),
    }
}

pub fn text(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `args` with `--mpi` put in at `at` (after the subcommand's words).
fn with_mpi(args: &[String], at: usize) -> Vec<&str> {
    let mut with: Vec<&str> = args.iter().map(String::as_str).collect();
    with.insert(at, "--mpi");
    with
}

/// Runs songo's `args`, `--mpi` put in at `at`, as `n` ranks; it must
/// succeed within `limit`. Its time goes to standard error, for the log.
pub fn run_ranks(mpi: &Path, n: usize, args: &[String], at: usize, limit: Duration) -> Output {
    let started = Instant::now();
    let o = output_within(mpirun(mpi, n, &with_mpi(args, at)), limit);
    assert!(o.status.success(), "mpirun -np {n} {args:?}: {}", text(&o));
    eprintln!(
        "mpirun -np {n} {}: {:.1} s",
        args.join(" "),
        started.elapsed().as_secs_f64()
    );
    o
}

/// Whether a job of one rank runs here: `mpirun` is found and songo was
/// built with MPI (else the reason to skip). A small job `args`, `--mpi`
/// put in at `at`, must then succeed.
pub fn ranks_run_here(
    args: &[String],
    at: usize,
    limit: Duration,
) -> Result<PathBuf, &'static str> {
    let mpi = find_mpirun()?;
    let o = output_within(mpirun(&mpi, 1, &with_mpi(args, at)), limit);
    if let Some(why) = built_without_mpi(&o) {
        return Err(why);
    }
    assert!(o.status.success(), "{}", text(&o));
    Ok(mpi)
}
