//! What can stop a long lab job that plays games on threads and MPI ranks
//! (`songo datagen`, `songo puzzles generate`), whatever it makes: one
//! error, with one exit code each ([`JobError::exit`]), that each tool's
//! own error holds beside its own ([`job_error_from!`](crate::job_error_from)).

use songo_cli::exit::{tb_exit, Exit};
use songo_engine::AllocError;
use songo_tb::TbError;

use crate::mpi::MpiError;

/// Why a job on threads and ranks stopped.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// A game's transposition table could not be allocated.
    #[error(transparent)]
    Hash(#[from] AllocError),
    /// The `--tablebases` directory could not be opened or read.
    #[error("--tablebases")]
    Tables(#[from] TbError),
    /// The thread pool of `--threads` could not be built.
    #[error("cannot start {threads} threads")]
    Threads {
        /// The thread count asked for.
        threads: usize,
        /// What rayon said.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// `--mpi` cannot run here.
    #[error(transparent)]
    Mpi(#[from] MpiError),
    /// Rank 0 stops the job because another rank failed; rank 0 printed
    /// that rank's error before this one, and the file keeps its whole
    /// batches.
    #[error("{failed} other rank(s) failed (their error is above): the job stopped, the file keeps what was written")]
    Stopped {
        /// How many ranks failed.
        failed: u64,
    },
    /// What the ranks sent rank 0 is not whole `items` in order: a bug,
    /// never written to the file.
    #[error("the {items} gathered from the MPI ranks are not whole: {what}")]
    Gather {
        /// What was gathered: games, puzzles.
        items: &'static str,
        /// What is wrong with it.
        what: &'static str,
    },
}

impl JobError {
    /// The exit code: a build without MPI cannot do what was asked (a usage
    /// error), tables are the tables' (`tb_exit`), anything else failed.
    pub fn exit(&self) -> Exit {
        match self {
            JobError::Mpi(MpiError::NotBuilt) => Exit::Usage,
            JobError::Tables(e) => tb_exit(e),
            JobError::Hash(_)
            | JobError::Threads { .. }
            | JobError::Mpi(_)
            | JobError::Stopped { .. }
            | JobError::Gather { .. } => Exit::Failure,
        }
    }
}

/// `From` each cause of a [`JobError`] for a tool's error that has a
/// `Job(JobError)` variant, so that `?` takes them as before.
#[macro_export]
macro_rules! job_error_from {
    ($error:ty) => {
        impl From<$crate::job::JobError> for $error {
            fn from(e: $crate::job::JobError) -> $error {
                <$error>::Job(e)
            }
        }
        impl From<songo_engine::AllocError> for $error {
            fn from(e: songo_engine::AllocError) -> $error {
                <$error>::Job(e.into())
            }
        }
        impl From<songo_tb::TbError> for $error {
            fn from(e: songo_tb::TbError) -> $error {
                <$error>::Job(e.into())
            }
        }
        impl From<$crate::mpi::MpiError> for $error {
            fn from(e: $crate::mpi::MpiError) -> $error {
                <$error>::Job(e.into())
            }
        }
    };
}
