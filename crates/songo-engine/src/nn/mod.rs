//! The learned evaluation: a small network over a mancala-specific input
//! code, quantized to integers for the search (issue 17).
//!
//! - [`spec`]: the numbers the others agree on (variant codes, scales,
//!   sizes);
//! - [`input`]: what the network sees of a position (side to move's view);
//! - `network`: the quantized net ([`Network`]) and its inference;
//! - [`float`]: the float net the trainer learns, the reference for tests;
//! - [`mod@file`]: the net file format;
//! - [`NetError`]: why a net was refused;
//! - [`default_net`]: the net embedded in the binary, one for every
//!   variant (input layout 2), specialised to each.
//!
//! `docs/nn-eval.md` tells how the embedded nets were made.

mod error;
pub mod file;
pub mod float;
pub mod input;
mod network;
pub mod spec;

use std::sync::{Arc, OnceLock};

use songo_core::variant::Variant;

pub use error::NetError;
pub use float::FloatNet;
pub use network::{NetScope, Network};

/// The embedded net's bytes for a variant (`None`: no net trained for it;
/// the search then reports `EngineError::NoNet` and uses the tuned
/// weights). One net for every variant: against one net per variant it
/// measured +88, +16 and +29 Elo (songo36-beginner, songo36-amateur,
/// songo40); how it was made and measured is in `docs/nn-eval.md`.
fn embedded_bytes(_: Variant) -> Option<&'static [u8]> {
    Some(include_bytes!("../../nets/every-variant.nnue"))
}

/// The net embedded for a variant, if one was trained (read once).
///
/// # Panics
/// If an embedded net is malformed: the test suite reads each of them.
pub fn default_net(v: Variant) -> Option<Arc<Network>> {
    embedded(v).clone()
}

/// [`default_net`] without counting a reference.
pub fn default_net_ref(v: Variant) -> Option<&'static Network> {
    embedded(v).as_deref()
}

/// The net that evaluates `v` given `net` (an `EvalFile`'s): its net for
/// `v` (see [`net_for`]), and without one the embedded net. The one place
/// that decides which net `Evaluation nn` uses: the engine reports a
/// variant left without any, and the search evaluates with what this gives.
pub fn net_or_embedded(net: Option<&Arc<Network>>, v: Variant) -> Option<Arc<Network>> {
    net.and_then(|n| net_for(n, v)).or_else(|| default_net(v))
}

/// The net that evaluates `v` from `net`: itself when it is `v`'s, its
/// specialisation when it is for every variant, none when it is another
/// variant's.
pub fn net_for(net: &Arc<Network>, v: Variant) -> Option<Arc<Network>> {
    match net.scope() {
        NetScope::Variant(x) => (x == v).then(|| net.clone()),
        NetScope::AllVariants => net.for_variant(v).ok().map(Arc::new),
    }
}

fn embedded(v: Variant) -> &'static Option<Arc<Network>> {
    static NETS: [OnceLock<Option<Arc<Network>>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    NETS[v.index()].get_or_init(|| {
        embedded_bytes(v).map(|b| {
            let net = Network::from_bytes(b).expect("the embedded nets are well formed");
            Arc::new(
                net.for_variant(v)
                    .expect("an embedded net is for its variant"),
            )
        })
    })
}
