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
    /// The file could not be read.
    #[error("cannot read the net file {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The file could not be written.
    #[error("cannot write the net file {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The bytes do not start with `SONGONET`.
    #[error("not a songo net file (no SONGONET magic)")]
    Magic,
    /// The file ends inside its header.
    #[error("the net file is {len} bytes: too short for its {needed}-byte header")]
    Truncated {
        /// The file's length, in bytes.
        len: usize,
        /// The header's length, in bytes.
        needed: usize,
    },
    /// The file is of another format version.
    #[error("net file format version {found}; this engine reads version {expected}")]
    Version {
        /// The file's version.
        found: u16,
        /// The version this engine reads.
        expected: u16,
    },
    /// The variant byte names no variant (or, with the every-variant
    /// layout, is not 255).
    #[error(
        "unknown variant code {0} in the net file (0 to 2 with input layout 1, 255 with layout 2)"
    )]
    VariantCode(u8),
    /// A net of one variant was asked to evaluate another.
    #[error("the net is for {net}, not {wanted}")]
    Variant {
        /// The net's variant.
        net: Variant,
        /// The variant asked for.
        wanted: Variant,
    },
    /// The net reads an input layout this engine does not know.
    #[error(
        "the net reads input layout {found}; this engine reads layout {LAYOUT_ID} (one variant) \
         and {LAYOUT_VARIANT_ID} (every variant, variant byte {ALL_VARIANTS_CODE})"
    )]
    Layout {
        /// The file's layout byte.
        found: u8,
    },
    /// The header's sizes are not ones a net may have.
    #[error(
        "bad sizes: {rows} rows (expected {expected_rows}), H1 {h1} (a multiple of 16 up to 512), \
         H2 {h2} (0 or a multiple of 8 up to 64), {buckets} output buckets (at most 16)"
    )]
    Sizes {
        /// Input rows, as the header says.
        rows: usize,
        /// The input rows of the net's layout.
        expected_rows: usize,
        /// The first hidden layer's width.
        h1: usize,
        /// The second hidden layer's width (0: none).
        h2: usize,
        /// Output buckets.
        buckets: usize,
    },
    /// The net was quantized with other scales than this engine's.
    #[error("quantization scales QA {qa}, QB {qb}, QO {qo}; this engine uses {QA}, {QB} and {QO}")]
    Scales {
        /// The file's `QA`.
        qa: u16,
        /// The file's `QB`.
        qb: u16,
        /// The file's `QO`.
        qo: u16,
    },
    /// The output's scale (centiseeds per unit) is 0.
    #[error("the scale of the output is 0")]
    Scale,
    /// The payload's length is not the one the sizes give.
    #[error("the payload is {found} bytes; the header and sizes say {expected}")]
    Length {
        /// The payload's length, in bytes.
        found: usize,
        /// The length the header and sizes give.
        expected: usize,
    },
    /// The payload's checksum is not the header's: a damaged file.
    #[error(
        "checksum mismatch: the file's payload gives {found:016x}, its header says {expected:016x}"
    )]
    Checksum {
        /// The payload's checksum.
        found: u64,
        /// The header's.
        expected: u64,
    },
    /// A weight does not fit its integer, or a layer's sums could
    /// overflow theirs; the value is the largest found.
    #[error("a layer's integer sums can overflow (up to {0})")]
    Overflow(i64),
}
