//! `songo datagen`: the same seed gives the same bytes whatever the
//! threads, an interrupted file is continued to the same bytes, the MPI
//! path (here as one process, `tests/datagen_mpi.rs` runs it under
//! mpirun) writes them too, and bad data files give typed errors.

use std::path::{Path, PathBuf};

use songo_core::{Position, Variant};
use songo_engine::eval::EvalKind;
use songo_lab::datagen::format::{
    self, DataError, Header, Record, Writer, HEADER_BYTES, RECORD_BYTES, TB_NONE,
};
use songo_lab::datagen::{mpi, run, DatagenArgs};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-datagen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn args(out: &Path, games: u64, threads: usize) -> DatagenArgs {
    DatagenArgs {
        variant: Variant::Songo36Amateur,
        games,
        nodes: 300,
        seed: 7,
        out: out.to_path_buf(),
        threads,
        tablebases: None,
        random_plies: 6,
        balance: 0,
        eval: EvalKind::Tuned,
        mpi: false,
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_whatever_the_threads() {
    let dir = temp_dir("seed");
    let (one, two, resumed) = (dir.join("1.data"), dir.join("2.data"), dir.join("r.data"));
    run(&args(&one, 10, 1)).unwrap();
    run(&args(&two, 10, 2)).unwrap();
    let bytes = std::fs::read(&one).unwrap();
    assert_eq!(bytes, std::fs::read(&two).unwrap());
    // Stopped after 3 games (and a torn record past the count), then continued.
    run(&args(&resumed, 3, 2)).unwrap();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&resumed)
        .unwrap();
    std::io::Write::write_all(&mut f, &[0xAB; RECORD_BYTES / 2]).unwrap();
    drop(f);
    run(&args(&resumed, 10, 1)).unwrap();
    assert_eq!(bytes, std::fs::read(&resumed).unwrap());
    // The MPI path's rounds, frames and gathering, as the only rank,
    // continuing a file the plain path began.
    let alone = dir.join("alone.data");
    run(&args(&alone, 4, 1)).unwrap();
    mpi::run_on(&args(&alone, 10, 2), &mut songo_tb::generate::Alone).unwrap();
    assert_eq!(bytes, std::fs::read(&alone).unwrap());

    let (header, records) = format::read(&one).unwrap();
    assert_eq!(header.games, 10);
    assert_eq!(header.records as usize, records.len());
    assert!(records.len() > 100, "{} records", records.len());
    assert!(records.iter().all(|r| r.tb == TB_NONE && r.game < 10));
    assert!(records.windows(2).all(|w| w[0].game <= w[1].game));
    // Records are never positions whose best move captures, and their
    // results agree within a game.
    let v = Variant::Songo36Amateur;
    for r in &records {
        assert!(!r.position.is_over(v));
    }
    // Another seed, other games.
    let mut other = args(&dir.join("o.data"), 2, 1);
    other.seed = 8;
    run(&other).unwrap();
    assert_ne!(format::read(&other.out).unwrap().1[..5], records[..5]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn continuing_with_other_arguments_is_refused() {
    let dir = temp_dir("mismatch");
    let out = dir.join("a.data");
    run(&args(&out, 1, 1)).unwrap();
    let mut other = args(&out, 2, 1);
    other.nodes = 301;
    let err = run(&other).unwrap_err();
    assert_eq!(
        songo_cli::chain::Chain(&err).to_string(),
        "the file was made with --nodes 300, not 301: use another --out"
    );
    let mut other = args(&out, 2, 1);
    other.eval = EvalKind::Nn;
    let err = run(&other).unwrap_err();
    assert_eq!(
        songo_cli::chain::Chain(&err).to_string(),
        "the file was made with --eval tuned, not nn: use another --out"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn sample_file() -> Vec<u8> {
    let header = Header {
        variant: Variant::Songo40,
        tables: true,
        eval: EvalKind::Nn,
        random_plies: 8,
        balance: 0,
        nodes: 100,
        seed: 1,
        games: 1,
        records: 2,
    };
    let r = Record {
        position: Position::startpos(),
        score: -35,
        result: 1,
        tb: TB_NONE,
        game: 0,
    };
    let mut bytes = header.to_bytes().to_vec();
    bytes.extend_from_slice(&r.to_bytes());
    bytes.extend_from_slice(
        &Record {
            score: 12,
            result: -1,
            tb: 0,
            ..r
        }
        .to_bytes(),
    );
    bytes
}

#[test]
fn bad_data_files_give_typed_errors() {
    let good = sample_file();
    let (h, records) = format::read_bytes(&good).unwrap();
    assert_eq!(h.records, 2);
    assert_eq!(records[1].score, 12);
    assert_eq!(records[1].tb, 0);
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = good.clone();
        f(&mut b);
        format::read_bytes(&b)
    };
    assert!(matches!(with(&|b| b[3] = b'x'), Err(DataError::Magic)));
    assert!(matches!(
        with(&|b| b.truncate(10)),
        Err(DataError::Truncated { len: 10 })
    ));
    assert!(matches!(
        with(&|b| b[8] = 3),
        Err(DataError::Version { found: 3, .. })
    ));
    assert!(matches!(
        with(&|b| b[10] = 5),
        Err(DataError::VariantCode(5))
    ));
    assert!(matches!(
        with(&|b| b.truncate(b.len() - 1)),
        Err(DataError::Short {
            records: 2,
            available: 1
        })
    ));
    // A position that does not hold 70 seeds.
    assert!(matches!(
        with(&|b| b[HEADER_BYTES] = 9),
        Err(DataError::BadRecord { index: 0, .. })
    ));
    assert!(matches!(
        with(&|b| b[HEADER_BYTES + RECORD_BYTES + 18] = 2),
        Err(DataError::BadRecord { index: 1, .. })
    ));
    assert!(matches!(
        with(&|b| b[HEADER_BYTES + 19] = 5),
        Err(DataError::BadRecord { index: 0, .. })
    ));
    let dir = temp_dir("bad");
    assert!(matches!(
        format::read(&dir.join("none.data")),
        Err(DataError::Io { .. })
    ));
    // A file that is not data is not overwritten by datagen.
    let notes = dir.join("notes.txt");
    std::fs::write(
        &notes,
        "some notes that are not data, long enough for a header",
    )
    .unwrap();
    let wanted = format::read_bytes(&good).unwrap().0;
    assert!(matches!(
        Writer::open(&notes, wanted),
        Err(DataError::Magic)
    ));
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "some notes that are not data, long enough for a header"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
