//! Writing a table whose values are spread over several processes: each
//! writes its part at its place in one file, then process 0 checksums the
//! whole and writes the header. The file is the same, byte for byte, as
//! the one a single process writes ([`file::write`]).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::Arc;

use memmap2::Mmap;

use songo_core::checksum::checksum;

use super::{agree, Exchange};
use crate::file::{self, header, temporary_path, HEADER_BYTES};
use crate::TbError;
use songo_core::variant::Variant;

/// Writes this process's part of the values (`values`, from board rank
/// `base` on) into the table file of `variant` and `seeds` in `dir`. Every
/// process calls it; it returns once the whole file is in place.
pub(super) fn write_split(
    dir: &Path,
    variant: Variant,
    seeds: u8,
    base: u64,
    values: Vec<u8>,
    ex: &mut dyn Exchange,
) -> Result<(), TbError> {
    let path = dir.join(file::file_name(variant, seeds));
    let tmp = temporary_path(dir, variant, seeds);
    let failed = |e: std::io::Error| TbError::Write {
        path: path.clone(),
        source: Arc::new(e),
    };
    let len = HEADER_BYTES as u64 + file::values_len(variant, seeds);
    // 1. Process 0 makes the file, at its full length.
    let made = if ex.process() == 0 {
        std::fs::create_dir_all(dir)
            .and_then(|()| File::create(&tmp))
            .and_then(|f| f.set_len(len))
            .map_err(failed)
    } else {
        Ok(())
    };
    agree(ex, made)?;
    // 2. Each process writes its part.
    let offset = HEADER_BYTES as u64 + base * file::width(variant) as u64;
    let written = OpenOptions::new()
        .write(true)
        .open(&tmp)
        .and_then(|f| {
            f.write_all_at(&values, offset)?;
            f.sync_data()
        })
        .map_err(failed);
    drop(values);
    agree(ex, written)?;
    // 3. Process 0 checksums the values, writes the header and names the file.
    let named = if ex.process() == 0 {
        (|| {
            let mut f = OpenOptions::new().read(true).write(true).open(&tmp)?;
            // SAFETY: the map is read while no process writes the file (the
            // parts are all written, step 2) and dropped before the header
            // is written.
            let sum = {
                let map = unsafe { Mmap::map(&f)? };
                checksum(&map[HEADER_BYTES..])
            };
            f.write_all(&header(variant, seeds, sum))?;
            f.sync_all()?;
            std::fs::rename(&tmp, &path)
        })()
        .map_err(failed)
    } else {
        Ok(())
    };
    agree(ex, named)
}
