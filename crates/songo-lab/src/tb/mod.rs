//! `songo tb generate`, `verify` and `compress`: making the tablebases
//! (`songo tb probe`, which reads them, is the command's).

pub mod progress;

use std::path::PathBuf;

use clap::Args;

use songo_cli::args::DEFAULT_TB_DIR as DEFAULT_DIR;
use songo_cli::output::StdoutError;
use songo_cli::{errln, outln};
use songo_core::movegen::MIN_BOARD_SEEDS;
use songo_core::variant::Variant;
use songo_tb::generate::{build_with, no_progress, Alone, Checkpoints, CountReport, Exchange};
use songo_tb::{Tablebases, TbError};

/// Why a tablebase command failed. The [`TbError`] underneath names the
/// file.
#[derive(Debug, thiserror::Error)]
pub enum TbCliError {
    /// `--dir` is not a directory of tables.
    #[error("cannot open the tablebases in --dir {}", dir.display())]
    Open {
        /// The `--dir` given.
        dir: PathBuf,
        /// What is wrong with it.
        #[source]
        source: TbError,
    },
    /// A table could not be generated, read back or written.
    #[error("cannot generate the {variant} tables in {}", dir.display())]
    Generate {
        /// The variant being generated.
        variant: Variant,
        /// The `--dir` given.
        dir: PathBuf,
        /// What went wrong, naming the file.
        #[source]
        source: TbError,
    },
    /// Files that failed `tb verify` (the first one's error underneath).
    #[error("{failed} tablebase file(s) in {} failed verification", dir.display())]
    Verify {
        /// The `--dir` given.
        dir: PathBuf,
        /// How many files failed.
        failed: usize,
        /// The first failure, naming its file.
        #[source]
        source: TbError,
    },
    /// `--mpi` cannot run here.
    #[error(transparent)]
    Mpi(#[from] crate::mpi::MpiError),
    /// `--threads` could not be set up.
    #[error("cannot start {threads} worker threads")]
    Threads {
        /// The thread count asked for.
        threads: usize,
        /// What rayon said.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
    /// A table file cannot be read (`tb compress`).
    #[error("cannot probe the {seeds}-seed table of {variant}")]
    Table {
        /// The table's variant.
        variant: Variant,
        /// The table's seeds on the board.
        seeds: u8,
        /// What went wrong, naming the file.
        #[source]
        source: TbError,
    },
}

/// The arguments of `songo tb compress`.
#[derive(Args, Debug)]
pub struct CompressArgs {
    /// Rule variant; all three when omitted.
    #[arg(long, short = 'v')]
    pub variant: Option<Variant>,
    /// Directory of the table files.
    #[arg(long, default_value = DEFAULT_DIR)]
    pub dir: PathBuf,
    /// Only the tables up to this many seeds.
    #[arg(long, value_parser = clap::value_parser!(u8).range(10..=40))]
    pub max_seeds: Option<u8>,
    /// zstd's level (1 to 19): higher is smaller and slower to write, as
    /// fast to read.
    #[arg(long, default_value_t = songo_tb::compressed::DEFAULT_LEVEL,
          value_parser = clap::value_parser!(i32).range(1..=19))]
    pub level: i32,
}

/// The arguments of `songo tb generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Rule variant; all three when omitted.
    #[arg(long, short = 'v')]
    pub variant: Option<Variant>,
    /// Largest number of seeds on the board to solve (10 to 40).
    #[arg(long, value_parser = clap::value_parser!(u8).range(10..=40))]
    pub max_seeds: u8,
    /// Directory of the table files.
    #[arg(long, default_value = DEFAULT_DIR)]
    pub dir: PathBuf,
    /// Save the working state of the count being solved at the end of a
    /// pass once this many minutes have passed since the last save (0: after
    /// every pass).
    #[arg(long, default_value_t = 10.0, value_name = "MINUTES")]
    pub checkpoint_minutes: f64,
    /// Never save the working state (an interrupted count starts over).
    #[arg(long, conflicts_with = "checkpoint_minutes")]
    pub no_checkpoints: bool,
    /// Run as one rank of an MPI job (start with mpirun; needs a songo built
    /// with --features mpi).
    #[arg(long)]
    pub mpi: bool,
    /// Worker threads of this process [default: the cores, shared by the
    /// MPI ranks on the same machine].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// The arguments of `songo tb verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Rule variant; all three when omitted.
    #[arg(long, short = 'v')]
    pub variant: Option<Variant>,
    /// Directory of the table files.
    #[arg(long, default_value = DEFAULT_DIR)]
    pub dir: PathBuf,
}

fn gib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 30) as f64
}

fn print_count(r: &CountReport) -> Result<(), StdoutError> {
    let exact = if r.variant.is_songo36() {
        format!(
            ", exact {:.2}%",
            100.0 * r.exact_boards as f64 / r.boards.max(1) as f64
        )
    } else {
        String::new()
    };
    outln!(
        "{} {:>2} seeds: {:>13} boards, {} {:>9.1} s ({} sweeps; process CPU {}), file {:.3} GiB, peak memory {}{exact}{}",
        r.variant,
        r.seeds,
        r.boards,
        if r.reused { "read" } else { "solved" },
        r.seconds,
        r.sweeps,
        r.cpu_seconds
            .map_or("unknown".to_string(), |c| format!("{c:.1} s")),
        gib(r.file_bytes),
        r.peak_rss
            .map_or("unknown".to_string(), |m| format!("{:.2} GiB", gib(m))),
        if r.processes > 1 {
            format!(
                " ({} ranks: CPU of all, memory of the largest; {:.3} GiB of updates sent)",
                r.processes,
                gib(r.sent_updates * 8)
            )
        } else {
            String::new()
        },
    )
}

/// Writes the compressed copy of every raw table file of the directory.
pub fn compress(args: &CompressArgs) -> Result<(), TbCliError> {
    let tb = Tablebases::open(&args.dir).map_err(|source| TbCliError::Open {
        dir: args.dir.clone(),
        source,
    })?;
    let variants = args.variant.map_or(Variant::ALL.to_vec(), |v| vec![v]);
    let (mut raw, mut packed) = (0u64, 0u64);
    for v in variants {
        let top = args
            .max_seeds
            .map_or(tb.max_seeds(v), |m| m.min(tb.max_seeds(v)));
        for s in MIN_BOARD_SEEDS..=top {
            let raw_file = args.dir.join(songo_tb::file::file_name(v, s));
            if !raw_file.is_file() {
                continue;
            }
            let started = std::time::Instant::now();
            let r =
                songo_tb::compressed::compress(&args.dir, v, s, args.level).map_err(|source| {
                    TbCliError::Table {
                        variant: v,
                        seeds: s,
                        source,
                    }
                })?;
            outln!(
                "{v} {s:>2} seeds: {:.3} GiB -> {:.3} GiB ({:.2}x) in {:.1} s: {}",
                gib(r.raw_bytes),
                gib(r.compressed_bytes),
                r.raw_bytes as f64 / r.compressed_bytes.max(1) as f64,
                started.elapsed().as_secs_f64(),
                r.path.display()
            )?;
            raw += r.raw_bytes;
            packed += r.compressed_bytes;
        }
    }
    outln!(
        "total: {:.3} GiB -> {:.3} GiB ({:.2}x)",
        gib(raw),
        gib(packed),
        raw as f64 / packed.max(1) as f64
    )?;
    Ok(())
}

/// Checks every file of the directory (of one variant, or all three), and
/// fails if any is bad.
pub fn verify(args: &VerifyArgs) -> Result<(), TbCliError> {
    let tb = Tablebases::open(&args.dir).map_err(|source| TbCliError::Open {
        dir: args.dir.clone(),
        source,
    })?;
    let variants = args.variant.map_or(Variant::ALL.to_vec(), |v| vec![v]);
    let mut failures: Vec<TbError> = Vec::new();
    for problem in tb.problems() {
        if variants.iter().any(|&v| problem_of(problem, v)) {
            outln!("{}", songo_cli::chain::Chain(problem))?;
            failures.push(problem.clone());
        }
    }
    for v in variants {
        if tb.max_seeds(v) == 0 {
            outln!("{v}: no tables")?;
            continue;
        }
        for s in MIN_BOARD_SEEDS..=tb.max_seeds(v) {
            let started = std::time::Instant::now();
            match tb.verify(v, s) {
                Ok(()) => outln!(
                    "{v} {s:>2} seeds: ok ({:.1} MB in {:.2} s)",
                    songo_tb::file::values_len(v, s) as f64 / 1e6,
                    started.elapsed().as_secs_f64()
                )?,
                Err(e) => {
                    outln!("{v} {s:>2} seeds: {}", songo_cli::chain::Chain(&e))?;
                    failures.push(e);
                }
            }
        }
    }
    let failed = failures.len();
    match failures.into_iter().next() {
        None => Ok(()),
        Some(source) => Err(TbCliError::Verify {
            dir: args.dir.clone(),
            failed,
            source,
        }),
    }
}

/// Whether a problem found when opening the directory is a file of `v`.
fn problem_of(e: &TbError, v: Variant) -> bool {
    e.path()
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with(&format!("{}-", v.name())))
}

/// Runs `songo tb generate`: solves each variant's tables from the fewest
/// seeds up to `--max-seeds`, continuing from the files and checkpoints
/// already in `--dir`, alone or as one rank of an MPI job. Prints a line per
/// count solved and a summary per variant.
pub fn generate(args: &GenerateArgs) -> Result<(), TbCliError> {
    let mut ex: Box<dyn Exchange> = if args.mpi {
        crate::mpi::join()?
    } else {
        Box::new(Alone)
    };
    let threads = args
        .threads
        .map_or_else(|| crate::mpi::default_threads(args.mpi), usize::from);
    // Only fails when the pool already runs; then it keeps its size.
    if let Err(source) = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
    {
        if rayon::current_num_threads() != threads {
            return Err(TbCliError::Threads { threads, source });
        }
    }
    let result = generate_all(args, ex.as_mut());
    if let (Err(e), true) = (&result, ex.processes() > 1) {
        errln!(
            "error (rank {}): {}",
            ex.process(),
            songo_cli::chain::Chain(e)
        );
        crate::mpi::abort(ex.as_mut(), 3);
    }
    result
}

fn generate_all(args: &GenerateArgs, ex: &mut dyn Exchange) -> Result<(), TbCliError> {
    let variants = args.variant.map_or(Variant::ALL.to_vec(), |v| vec![v]);
    let checkpoints = if args.no_checkpoints {
        Checkpoints::Never
    } else {
        Checkpoints::Every(std::time::Duration::from_secs_f64(
            args.checkpoint_minutes.max(0.0) * 60.0,
        ))
    };
    // Rank 0 speaks for the job.
    let speaks = ex.process() == 0;
    for v in variants {
        let started = std::time::Instant::now();
        let (mut boards, mut bytes, mut solved) = (0u64, 0u64, 0u64);
        // A closed output stops the printing, not the count under way.
        let mut unwritten = None;
        let result = build_with(
            v,
            args.max_seeds,
            Some(&args.dir),
            checkpoints,
            ex,
            if speaks {
                &crate::tb::progress::generation_bar
            } else {
                &no_progress
            },
            &mut |r| {
                if speaks && unwritten.is_none() {
                    unwritten = print_count(r).err();
                }
                boards += r.boards;
                bytes += r.file_bytes;
                solved += (!r.reused) as u64;
            },
        );
        result.map_err(|source| TbCliError::Generate {
            variant: v,
            dir: args.dir.clone(),
            source,
        })?;
        if let Some(e) = unwritten {
            return Err(e.into());
        }
        if speaks {
            outln!(
                "{v}: {MIN_BOARD_SEEDS}..{} seeds, {boards} boards ({solved} counts solved) in {:.1} s, \
                 files {:.3} GiB in {}, peak memory {}{}",
                args.max_seeds,
                started.elapsed().as_secs_f64(),
                gib(bytes),
                args.dir.display(),
                songo_tb::generate::peak_rss().map_or("unknown".to_string(), |m| format!("{:.2} GiB", gib(m))),
                if ex.processes() > 1 {
                    format!(" (rank 0 of {})", ex.processes())
                } else {
                    String::new()
                },
            )?;
        }
    }
    Ok(())
}
