//! Why a net was refused: by the file reader, the quantizer, or a net
//! asked for another variant than its own.

use std::path::PathBuf;
use std::sync::Arc;

use songo_core::variant::Variant;
use thiserror::Error;

use super::input::{LAYOUT_ID, LAYOUT_VARIANT_ID};
use super::spec::{ALL_VARIANTS_CODE, QA, QB, QO};

/// Why a net, or its file, was refused.
#[derive(Clone, Debug, Error)]
pub enum NetError {
    #[error("cannot read the net file {}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: Arc<std::io::Error>,
    },
    #[error("cannot write the net file {}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: Arc<std::io::Error>,
    },
    #[error("not a songo net file (no SONGONET magic)")]
    Magic,
    #[error("the net file is {len} bytes: too short for its {needed}-byte header")]
    Truncated { len: usize, needed: usize },
    #[error("net file format version {found}; this engine reads version {expected}")]
    Version { found: u16, expected: u16 },
    #[error(
        "unknown variant code {0} in the net file (0 to 2 with input layout 1, 255 with layout 2)"
    )]
    VariantCode(u8),
    #[error("the net is for {net}, not {wanted}")]
    Variant { net: Variant, wanted: Variant },
    #[error(
        "the net reads input layout {found}; this engine reads layout {LAYOUT_ID} (one variant) \
         and {LAYOUT_VARIANT_ID} (every variant, variant byte {ALL_VARIANTS_CODE})"
    )]
    Layout { found: u8 },
    #[error(
        "bad sizes: {rows} rows (expected {expected_rows}), H1 {h1} (a multiple of 16 up to 512), \
         H2 {h2} (0 or a multiple of 8 up to 64), {buckets} output buckets (at most 16)"
    )]
    Sizes {
        rows: usize,
        expected_rows: usize,
        h1: usize,
        h2: usize,
        buckets: usize,
    },
    #[error("quantization scales QA {qa}, QB {qb}, QO {qo}; this engine uses {QA}, {QB} and {QO}")]
    Scales { qa: u16, qb: u16, qo: u16 },
    #[error("the scale of the output is 0")]
    Scale,
    #[error("the payload is {found} bytes; the header and sizes say {expected}")]
    Length { found: usize, expected: usize },
    #[error(
        "checksum mismatch: the file's payload gives {found:016x}, its header says {expected:016x}"
    )]
    Checksum { found: u64, expected: u64 },
    #[error("a layer's integer sums can overflow (up to {0})")]
    Overflow(i64),
}
