//! `songo tb …`: the tablebase subcommands. `probe` reads the tables and is
//! the command's own; `generate`, `verify` and `compress` make them and are
//! the lab's ([`songo_lab::tb`]).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use songo_cli::args::{PositionArgs, DEFAULT_TB_DIR as DEFAULT_DIR};
use songo_cli::output::StdoutError;
use songo_cli::{errln, outln};
use songo_lab::tb::{CompressArgs, GenerateArgs, VerifyArgs};
use songo_tb::{Tablebases, TbError};

/// Why `songo tb probe` failed. The [`TbError`] underneath names the file.
#[derive(Debug, thiserror::Error)]
pub enum TbProbeError {
    /// `--dir` is not a directory of tables.
    #[error("cannot open the tablebases in --dir {}", dir.display())]
    Open {
        dir: PathBuf,
        #[source]
        source: TbError,
    },
    /// The table that covers the position cannot be read.
    #[error("cannot probe the {seeds}-seed table of {variant}")]
    Table {
        variant: songo_core::Variant,
        seeds: u8,
        #[source]
        source: TbError,
    },
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

#[derive(Subcommand, Debug)]
pub enum TbCommand {
    /// Solve every position with 10 to N seeds on the board, by retrograde analysis.
    #[command(
        after_help = "Example:\n  nice -n 19 songo tb generate --variant songo40 --max-seeds 16 --dir tables/\n\n\
                            Counts whose file is already in DIR are read and checked, not generated again,\n\
                            so a larger --max-seeds extends existing tables. One line per seed count\n\
                            goes to standard output, then a summary; a line per pass goes to standard\n\
                            error when it is not a terminal (a bar when it is).\n\n\
                            A count interrupted (killed, machine stopped) resumes at the last pass saved:\n\
                            its working state is saved in DIR (hidden .ckpt files, 1.5 bytes a board in\n\
                            songo40, 2.5 in songo36-*) every --checkpoint-minutes.\n\n\
                            Over MPI (a songo built with --features mpi), each rank owns a part of the\n\
                            count being solved; DIR must be shared by the ranks:\n  \
                            mpirun -np 4 songo tb generate --mpi --variant songo40 --max-seeds 24 --dir tables/"
    )]
    Generate(GenerateArgs),
    /// Look a position up: its verdict and the verdict after each move.
    #[command(
        after_help = "Example:\n  songo tb probe --dir tables/ --variant songo40 --fen \"2,0,3,1,0,0,0/1,2,0,0,1,2,0 s 30 28 -\""
    )]
    Probe(ProbeArgs),
    /// Check the files of the tables in full: header, length and checksum.
    #[command(
        after_help = "Example:\n  nice -n 19 songo tb verify --dir tables/\n\n\
                            The engine (TablebasePath) and tb probe check a file's header and length\n\
                            when they open it, not its checksum, which takes reading the whole file.\n\
                            Run this once after copying or downloading tables. One line per file goes\n\
                            to standard output; any bad file makes the command fail (exit code 3)."
    )]
    Verify(VerifyArgs),
    /// Write a compressed copy (.sgtbz) of each table file: zstd blocks with an index.
    #[command(
        after_help = "Example:\n  nice -n 19 songo tb compress --dir tables/ --variant songo40\n\n\
                            Each <variant>-<seeds>.sgtb gets a <variant>-<seeds>.sgtbz beside it (its\n\
                            checksum is checked on the way). The engine and tb probe read either kind:\n\
                            the raw file when both are there, so remove the .sgtb files to use the\n\
                            compressed ones. Generation reads and writes raw files only. One line per\n\
                            file goes to standard output, with its sizes."
    )]
    Compress(CompressArgs),
}

#[derive(Args, Debug)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Directory of the table files.
    #[arg(long, default_value = DEFAULT_DIR)]
    pub dir: PathBuf,
}

/// `songo tb probe`: the verdict of the position and after each move.
pub fn probe(args: &ProbeArgs) -> Result<(), TbProbeError> {
    let (v, p) = (args.at.variant, args.at.position());
    let tb = Tablebases::open(&args.dir).map_err(|source| TbProbeError::Open {
        dir: args.dir.clone(),
        source,
    })?;
    for problem in tb.problems() {
        // A broken file ends its variant's range; the probe goes on.
        errln!("warning: {}", songo_cli::chain::Chain(problem));
    }
    match tb.probe(&p, v) {
        Some(verdict) => outln!("{p}: {verdict}")?,
        None => {
            let seeds = p.seeds_on_board();
            if tb.covers(&p, v) {
                if let Err(source) = tb.table(v, seeds) {
                    return Err(TbProbeError::Table {
                        variant: v,
                        seeds,
                        source,
                    });
                }
            }
            outln!(
                "{p}: not in the tables ({seeds} seeds on the board, tables of {v} up to {}{})",
                tb.max_seeds(v),
                if v.is_songo36() { "" } else { ", flags -" }
            )?;
            return Ok(());
        }
    }
    for (m, r) in tb.probe_moves(&p, v) {
        match r {
            Some((a, b)) if a == b => outln!("{m}: {a}")?,
            Some((a, b)) => outln!("{m}: {a} to {b}")?,
            None => outln!("{m}: unknown")?,
        }
    }
    Ok(())
}
