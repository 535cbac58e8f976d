//! `--mpi`: this process as one rank of an MPI job, for `songo tb generate`
//! (the count being solved split between the ranks, see
//! `songo_tb::generate::exchange`) and `songo datagen` (the games split,
//! see [`crate::datagen::mpi`]). Only with the `mpi` feature (rsmpi over
//! the system's MPI, Open MPI on Debian); without it, `--mpi` is refused
//! with how to build it.

use songo_tb::generate::Exchange;

/// Why `--mpi` cannot run.
#[derive(Debug, thiserror::Error)]
pub enum MpiError {
    /// `--mpi` was given to a songo built without the `mpi` feature.
    #[error(
        "this songo was built without MPI; build it with `cargo build --release --features mpi` \
         (needs an MPI library, e.g. Debian's libopenmpi-dev and openmpi-bin, and libclang-dev) \
         and start it with mpirun"
    )]
    NotBuilt,
    /// The MPI library would not start: most often, the process was not
    /// started by `mpirun`.
    #[error("MPI could not be initialised (is this process started by mpirun?)")]
    Init,
}

/// Joins the MPI job this process was started in.
pub fn join() -> Result<Box<dyn Exchange>, MpiError> {
    imp::join()
}

/// Ends the whole job at once: a rank that fails must not leave the others
/// waiting in a collective call.
pub fn abort(ex: &mut dyn Exchange, code: i32) -> ! {
    imp::abort(ex, code)
}

/// Worker threads when --threads is not given: the machine's cores, shared
/// by the MPI ranks started on it (Open MPI and MPICH say how many).
pub fn default_threads(mpi: bool) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let local_ranks = ["OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"]
        .iter()
        .find_map(|k| std::env::var(k).ok()?.parse::<usize>().ok())
        .filter(|_| mpi)
        .unwrap_or(1);
    (cores / local_ranks.max(1)).max(1)
}

#[cfg(feature = "mpi")]
mod imp {
    use mpi::collective::SystemOperation;
    use mpi::datatype::{Partition, PartitionMut};
    use mpi::environment::Universe;
    use mpi::topology::SimpleCommunicator;
    use mpi::traits::*;
    use mpi::{Count, Threading};

    use super::{Exchange, MpiError};

    struct Mpi {
        world: SimpleCommunicator,
        // Finalises MPI when dropped, so it lives as long as the exchange.
        _universe: Universe,
    }

    pub fn join() -> Result<Box<dyn Exchange>, MpiError> {
        // Funneled: rayon's worker threads never call MPI; the main thread
        // makes every call, between the parallel steps.
        let (universe, _) =
            mpi::initialize_with_threading(Threading::Funneled).ok_or(MpiError::Init)?;
        Ok(Box::new(Mpi {
            world: universe.world(),
            _universe: universe,
        }))
    }

    pub fn abort(_ex: &mut dyn Exchange, code: i32) -> ! {
        SimpleCommunicator::world().abort(code)
    }

    fn displacements(counts: &[Count]) -> Vec<Count> {
        counts
            .iter()
            .scan(0, |at, &n| {
                let d = *at;
                *at += n;
                Some(d)
            })
            .collect()
    }

    impl Exchange for Mpi {
        fn process(&self) -> usize {
            self.world.rank() as usize
        }

        fn processes(&self) -> usize {
            self.world.size() as usize
        }

        fn all_to_all(&mut self, outgoing: Vec<Vec<u64>>) -> Vec<u64> {
            let send_counts: Vec<Count> = outgoing
                .iter()
                .map(|v| Count::try_from(v.len()).expect("a round's updates fit an MPI count"))
                .collect();
            let mut recv_counts = vec![0 as Count; send_counts.len()];
            self.world
                .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
            let send: Vec<u64> = outgoing.concat();
            let mut recv = vec![0u64; recv_counts.iter().map(|&n| n as usize).sum()];
            let (send_displs, recv_displs) =
                (displacements(&send_counts), displacements(&recv_counts));
            let send_part = Partition::new(&send[..], &send_counts[..], &send_displs[..]);
            let mut recv_part =
                PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
            self.world
                .all_to_all_varcount_into(&send_part, &mut recv_part);
            recv
        }

        fn sum(&mut self, x: u64) -> u64 {
            let mut total = 0u64;
            self.world
                .all_reduce_into(&x, &mut total, SystemOperation::sum());
            total
        }

        fn max(&mut self, x: u64) -> u64 {
            let mut most = 0u64;
            self.world
                .all_reduce_into(&x, &mut most, SystemOperation::max());
            most
        }

        fn barrier(&mut self) {
            self.world.barrier();
        }
    }
}

#[cfg(not(feature = "mpi"))]
mod imp {
    use super::{Exchange, MpiError};

    pub fn join() -> Result<Box<dyn Exchange>, MpiError> {
        Err(MpiError::NotBuilt)
    }

    pub fn abort(_ex: &mut dyn Exchange, code: i32) -> ! {
        std::process::exit(code)
    }
}
