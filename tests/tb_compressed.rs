//! Compressed table files (`.sgtbz`): made from the raw files, read back
//! with exactly their values in every variant, verified, damaged on
//! purpose, and made by `songo tb compress`.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use songo_core::checksum::{checksum, Checksum};
use songo_core::Variant;
use songo_tb::compressed::{self, BLOCK_BYTES};
use songo_tb::file::{self, HEADER_BYTES};
use songo_tb::generate::{build, no_progress};
use songo_tb::{Table, Tablebases, TbError};

mod tb_support;
use tb_support::{replace, TempDir};

/// Largest count of these tests: 12 seeds is 5.2 M boards, over a
/// thousand blocks.
const SEEDS: u8 = 12;

/// Raw tables of `v` from 10 to [`SEEDS`] in `raw`, and their compressed
/// copies alone in `packed`.
fn make(v: Variant, raw: &Path, packed: &Path) {
    build(v, SEEDS, Some(raw), &no_progress, &mut |_| {}).unwrap();
    for s in 10..=SEEDS {
        let r = compressed::compress(raw, v, s, 3).unwrap();
        assert!(r.compressed_bytes < r.raw_bytes, "{r:?}");
        let name = compressed::file_name(v, s);
        std::fs::rename(raw.join(&name), packed.join(&name)).unwrap();
    }
}

#[test]
fn compressed_tables_hold_the_same_values_in_every_variant() {
    for v in Variant::ALL {
        let (raw, packed) = (TempDir::new("z-raw"), TempDir::new("z-packed"));
        make(v, &raw.0, &packed.0);
        let (a, b) = (
            Tablebases::open(&raw.0).unwrap(),
            Tablebases::open(&packed.0).unwrap(),
        );
        assert_eq!(b.max_seeds(v), SEEDS);
        for s in 10..=SEEDS {
            let (t, z) = (a.table(v, s).unwrap(), b.table(v, s).unwrap());
            assert!(!t.is_compressed() && z.is_compressed());
            // Every board, block by block through the cache.
            assert_eq!(*t, *z, "{v} {s}");
            b.verify(v, s).unwrap();
            assert!(z.read_ahead(&AtomicBool::new(false)));
            // The last board, in the short last block.
            let last = z.boards() - 1;
            assert_eq!(t.bounds(last), z.bounds(last));
        }
        // Both files of a count: the raw one is read.
        for s in 10..=SEEDS {
            let name = compressed::file_name(v, s);
            std::fs::copy(packed.0.join(&name), raw.0.join(&name)).unwrap();
        }
        let both = Tablebases::open(&raw.0).unwrap();
        assert!(!both.table(v, SEEDS).unwrap().is_compressed());
    }
}

#[test]
fn damaged_compressed_files_give_typed_errors() {
    let v = Variant::Songo40;
    let (raw, packed) = (TempDir::new("zd-raw"), TempDir::new("zd-packed"));
    make(v, &raw.0, &packed.0);
    let path = packed.0.join(compressed::file_name(v, SEEDS));
    let good = std::fs::read(&path).unwrap();
    let blocks = (file::values_len(v, SEEDS) as usize).div_ceil(BLOCK_BYTES);
    let index_end = HEADER_BYTES + 8 * (blocks + 1);
    let damaged = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = good.clone();
        f(&mut b);
        replace(&path, &b);
        Table::open_compressed(&packed.0, v, SEEDS)
    };
    assert!(matches!(
        damaged(&|b| b[0] = b'X'),
        Err(TbError::BadMagic { .. })
    ));
    assert!(matches!(
        damaged(&|b| b.truncate(30)),
        Err(TbError::Truncated { .. })
    ));
    assert!(matches!(
        damaged(&|b| b.truncate(index_end - 3)),
        Err(TbError::Truncated { .. })
    ));
    assert!(matches!(
        damaged(&|b| b.truncate(b.len() - 1)),
        Err(TbError::Truncated { .. })
    ));
    assert!(matches!(
        damaged(&|b| b[8] = 7),
        Err(TbError::Version { found: 7, .. })
    ));
    assert!(matches!(
        damaged(&|b| b[13] = 11),
        Err(TbError::Mismatch {
            field: "seed count",
            ..
        })
    ));
    assert!(matches!(
        damaged(&|b| b[33] = 0x20),
        Err(TbError::Mismatch {
            field: "block size",
            ..
        })
    ));
    // Block 5 said to start before block 4.
    let e = damaged(&|b| {
        let at = HEADER_BYTES + 8 * 5;
        b[at..at + 8].copy_from_slice(&1u64.to_le_bytes())
    })
    .unwrap_err();
    assert!(matches!(e, TbError::BadIndex { block: 5, .. }), "{e}");
    assert!(e.to_string().contains("bad block index (block 5)"), "{e}");
    // The last block said to end far past the file (no overflow).
    assert!(matches!(
        damaged(&|b| {
            let at = HEADER_BYTES + 8 * blocks;
            b[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes())
        }),
        Err(TbError::Truncated { .. })
    ));
    // Opening the directory checks each compressed header, as it does the
    // raw ones: a bad file ends the variant's tables below it.
    damaged(&|b| b[0] = b'X').unwrap_err();
    let tb = Tablebases::open(&packed.0).unwrap();
    assert_eq!(tb.max_seeds(v), SEEDS - 1);
    assert!(matches!(tb.problems(), [TbError::BadMagic { .. }]));

    // A damaged block: the file opens, its boards prove nothing (no panic),
    // the others read as before, and verifying finds it.
    let table = damaged(&|b| {
        for x in &mut b[index_end..index_end + 16] {
            *x ^= 0x5A;
        }
    })
    .unwrap();
    let s = SEEDS as i32;
    assert_eq!(table.bounds(0), (-s, s));
    let reference = Table::open(&raw.0, v, SEEDS).unwrap();
    let far = table.boards() - 1;
    assert_eq!(table.bounds(far), reference.bounds(far));
    assert!(matches!(table.verify(), Err(TbError::Checksum { .. })));
    // The tables report the file when verified.
    let tb = Tablebases::open(&packed.0).unwrap();
    assert!(matches!(tb.verify(v, SEEDS), Err(TbError::Checksum { .. })));
}

#[test]
fn the_checksum_is_the_same_piece_by_piece() {
    let data: Vec<u8> = (0..10_007u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    for cuts in [
        vec![],
        vec![1],
        vec![7, 8, 9],
        vec![4096, 5000],
        vec![3, 3, 10_000],
    ] {
        let mut sum = Checksum::new();
        let mut at = 0;
        for c in cuts {
            sum.update(&data[at..c]);
            at = c;
        }
        sum.update(&data[at..]);
        assert_eq!(sum.finish(), checksum(&data));
    }
}

#[test]
fn tb_compress_writes_every_file_and_the_engine_reads_them() {
    let dir = TempDir::new("z-cli");
    let v = Variant::Songo36Amateur;
    build(v, 11, Some(&dir.0), &no_progress, &mut |_| {}).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["tb", "compress", "--level", "5", "--dir"])
        .arg(&dir.0)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("songo36-amateur 10 seeds: "), "{text}");
    assert!(text.contains("songo36-amateur 11 seeds: "), "{text}");
    assert!(text.contains("total: "), "{text}");
    // Without the raw files, the compressed ones are probed.
    for s in 10..=11 {
        std::fs::remove_file(dir.0.join(file::file_name(v, s))).unwrap();
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["tb", "verify", "--dir"])
        .arg(&dir.0)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("songo36-amateur 11 seeds: ok"), "{text}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_songo"))
        .args([
            "tb",
            "probe",
            "--variant",
            "songo36-amateur",
            "--fen",
            "2,0,3,1,0,0,0/1,2,0,0,1,2,0 s 30 28 -",
            "--dir",
        ])
        .arg(&dir.0)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.starts_with("2,0,3,1,0,0,0/1,2,0,0,1,2,0 s 30 28 -: "),
        "{text}"
    );
}
