//! Records, hints and reviews, as both the server's page and the static
//! site must do them: a hint shown and not played; a game saved (a
//! download, and the link's record) and loaded back through the file
//! input, stepped through and played on; bad files refused with their
//! line; and the review of a game with a known blunder.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::record::GameRecord;
use songo_core::Variant;

use super::analysis::{open_analysis, ANALYSIS};
use super::{new_game, snapshot, wait_for, wait_until, PATIENCE};
use crate::webdriver::Browser;

/// A game of songo40 where South's fourth move, G (ply 7), gives away
/// about ten seeds: the engine scores the position before it +1.86 for
/// South (A or E), and after it +8.8 for North, at depths 6 to 10.
pub const BLUNDER: &str = "[Event \"review test\"]
[Variant \"songo40\"]
[South \"careless\"]
[North \"careful\"]
[Result \"*\"]
[TimeControl \"-\"]
[Termination \"unterminated\"]
[PlyCount \"8\"]

1. E b 2. B f 3. A c 4. G a *
";

/// A directory of files for the file input, one per test (tests run side
/// by side), removed with it.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(test: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("songo-page-records-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes a file of this name and text (or bytes: a book), and
    /// returns its path.
    pub fn file(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The text of a `data:` URL with a percent-encoded body.
pub fn data_url_text(url: &str) -> String {
    let (_, body) = url.split_once(',').expect("a data: URL");
    let bytes = body.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            out.push(u8::from_str_radix(&body[i + 1..i + 3], 16).expect("an escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// Waits for the download link of a new record (its `href` other than
/// `before`), and returns the record's text and its file name.
pub fn saved_record(b: &Browser, before: &str) -> (String, String) {
    let script =
        "const a = document.querySelector('[data-testid=download]'); return [a.href, a.download]";
    let link = wait_for(b, "the saved record", script, |v| {
        v[0].as_str()
            .is_some_and(|h| h.starts_with("data:") && h != before)
    });
    let name = link[1].as_str().unwrap().to_string();
    (data_url_text(link[0].as_str().unwrap()), name)
}

/// Waits for the browser's download of `name` to be complete, and returns
/// the file's path and text.
pub fn downloaded(b: &Browser, name: &str) -> (PathBuf, String) {
    let path = b.downloads().join(name);
    let deadline = Instant::now() + PATIENCE;
    let partial = b.downloads().join(format!("{name}.crdownload"));
    loop {
        // Chromium writes NAME.crdownload, renamed to NAME when complete;
        // NAME may stand empty for a moment before (seen once in a full
        // run of the suite), and no download here is empty.
        match std::fs::read_to_string(&path) {
            Ok(text) if !text.is_empty() && !partial.exists() => return (path, text),
            _ => {}
        }
        assert!(
            Instant::now() < deadline,
            "no complete download {}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Gives a file to the record file input, as a person choosing it.
pub fn upload(b: &Browser, path: &Path) {
    b.send_keys("[data-testid=load-record]", path.to_str().unwrap());
}

/// From a fresh page: a hint in a game of songo36-beginner at level 1,
/// a few moves, the game saved (downloaded; the link's record is this
/// game), loaded back through the file input (the downloaded file itself),
/// stepped through and played on; then bad files refused, naming their
/// line, the board unchanged.
pub fn hints_records_and_play_on(b: &Browser) {
    let files = TempDir::new("hints-records");
    let mut s = new_game(b, Variant::Songo36Beginner, "south", 1);

    // A hint: a legal pit ringed, a score, nothing played.
    b.click("[data-testid=hint]");
    let hint = wait_for(
        b,
        "the hint",
        "const h = document.querySelector('[data-testid=hint-text]'); \
         return [h.dataset.state, h.dataset.move, h.dataset.score, \
         [...document.querySelectorAll('.pit.hint')].map((p) => p.dataset.slot)]",
        |v| v[0] == "ready",
    );
    let pit = hint[1].as_str().unwrap().to_string();
    assert!(s.enabled.contains(&pit), "{hint}");
    assert!(!hint[2].as_str().unwrap().is_empty(), "{hint}");
    assert_eq!(hint[3], serde_json::json!([pit.clone()]));
    let now = snapshot(b);
    assert_eq!(
        (now.ply, now.state.as_str()),
        (s.ply, "your-move"),
        "not played"
    );
    // Playing it makes the hint go.
    b.click(&format!("button[data-pit=\"{pit}\"]"));
    s = wait_until(b, "the answer", |t| {
        t.ply == s.ply + 2 && t.state != "thinking"
    });
    let gone = b.script("return document.querySelector('[data-testid=hint-text]').hidden");
    assert_eq!(gone, Value::Bool(true));
    for _ in 0..2 {
        if s.state != "your-move" {
            break;
        }
        let ply = s.ply;
        b.click(&format!("button[data-pit=\"{}\"]", s.enabled[0]));
        s = wait_until(b, "the answer", |t| t.ply > ply && t.state != "thinking");
    }

    // Saved: the record of exactly this game, downloaded.
    b.click("[data-testid=save-play]");
    let (text, name) = saved_record(b, "");
    assert!(
        name.starts_with("songo36-beginner-") && name.ends_with(".pgn"),
        "{name}"
    );
    let (path, file) = downloaded(b, &name);
    assert_eq!(file, text, "the download is the link's record");
    let record: GameRecord = text.parse().expect("the saved record reads back");
    assert_eq!(record.variant, Variant::Songo36Beginner);
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.join(" "), s.moves);
    assert_eq!(
        (record.south.as_str(), record.north.as_str()),
        ("Human", "songo (level 1)")
    );

    // Loaded back through the file input: the analysis board shows it.
    open_analysis(b);
    upload(b, &path);
    // On the server, the game arrives over the socket and the upload's
    // answer over HTTP: in either order.
    let v = wait_for(b, "the loaded game", ANALYSIS, |v| {
        v["moves"] == s.moves.as_str()
            && v["origin"].as_str().unwrap().starts_with(name.as_str())
            && !v["record_message"].as_str().unwrap().starts_with("Reading")
    });
    assert_eq!(
        (v["ply"].as_u64(), v["position"].as_str()),
        (Some(s.ply as u64), Some(s.position.as_str()))
    );
    assert!(
        v["record_message"].as_str().unwrap().contains("1 game"),
        "{v}"
    );
    // Stepped through.
    b.click("[data-testid=nav-first]");
    wait_for(b, "the start", ANALYSIS, |v| v["ply"] == 0);
    b.click("[data-testid=nav-next]");
    let v = wait_for(b, "ply 1", ANALYSIS, |v| v["ply"] == 1);
    assert_eq!(v["moves"], s.moves.as_str(), "stepping keeps the game");
    b.click("[data-testid=analysis-moves] [data-ply=\"3\"]");
    wait_for(b, "ply 3", ANALYSIS, |v| v["ply"] == 3);
    // Played on from there: the game's first three moves, the person to
    // move with North.
    b.click("[data-testid=play-from-here]");
    let first3: Vec<&str> = s.moves.split(' ').take(3).collect();
    let on = wait_until(b, "the game played on", |t| {
        t.moves == first3.join(" ") && t.state == "your-move"
    });
    assert_eq!(
        (on.human.as_str(), on.variant.as_str()),
        ("north", "songo36-beginner")
    );
    let ply = on.ply;
    b.click(&format!("button[data-pit=\"{}\"]", on.enabled[0]));
    wait_until(b, "a move played on", |t| {
        t.ply > ply && t.state != "thinking"
    });

    // A bad file: its line named, the board unchanged.
    open_analysis(b);
    let bad = files.file("bad.pgn", BLUNDER.replace("4. G a", "4. G Q"));
    upload(b, &bad);
    let v = wait_for(b, "the refusal", ANALYSIS, |v| {
        v["record_message"].as_str().unwrap().starts_with("bad.pgn")
    });
    let message = v["record_message"].as_str().unwrap();
    assert!(
        message.starts_with("bad.pgn: line 10 (game 1): 'Q'"),
        "{message}"
    );
    assert_eq!(v["moves"], s.moves.as_str());
    let illegal = files.file("illegal.pgn", BLUNDER.replace("4. G a", "4. G G"));
    upload(b, &illegal);
    let v = wait_for(b, "the refusal", ANALYSIS, |v| {
        v["record_message"]
            .as_str()
            .unwrap()
            .starts_with("illegal.pgn")
    });
    assert!(
        v["record_message"].as_str().unwrap().contains("line 10"),
        "{v}"
    );
}

/// From a fresh page: [`BLUNDER`] loaded on the analysis board and
/// reviewed at `limit` (a value of the review-limit select, `depth:6`…),
/// which marks G at ply 7 with a better move; the graph shows a curve and
/// its dot (`shoot` then sees the page, for a screenshot); a click on the
/// marked move shows the position before it, the better move ringed.
pub fn review_the_blunder(b: &Browser, limit: &str, shoot: impl FnOnce(&Browser)) {
    let files = TempDir::new("review");
    open_analysis(b);
    upload(b, &files.file("blunder.pgn", BLUNDER));
    wait_for(b, "the loaded game", ANALYSIS, |v| v["plies"] == 8);
    b.select("[data-testid=review-limit]", limit);
    b.click("[data-testid=review]");
    let status = "const s = document.querySelector('[data-testid=review-status]'); \
                  return [s.dataset.state, Number(s.dataset.done), Number(s.dataset.total), s.textContent]";
    let done = wait_for(b, "the review", status, |v| {
        v[0] == "done" || v[0] == "failed"
    });
    assert_eq!(done[0], "done", "{done}");
    assert_eq!((done[1].as_u64(), done[2].as_u64()), (Some(9), Some(9)));
    let marked = b.script(
        "return [...document.querySelectorAll('[data-testid=review-moves] li')].map((l) => \
         ({ply: Number(l.dataset.ply), judgement: l.dataset.judgement, played: l.dataset.played, best: l.dataset.best}))",
    );
    let g = marked
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["ply"] == 7)
        .unwrap_or_else(|| panic!("G at ply 7 is not marked: {marked}"));
    assert!(
        g["judgement"] == "blunder" || g["judgement"] == "mistake",
        "{g}"
    );
    assert_eq!(g["played"], "G");
    let best = g["best"].as_str().unwrap().to_string();
    assert!(!best.is_empty() && best != "G", "the better move: {g}");
    // The graph: a curve, and a dot for the marked move.
    let graph = b.script(
        "const g = document.querySelector('[data-testid=review-graph]'); \
         return [g.getBoundingClientRect().height > 50, g.querySelectorAll('polyline').length, \
         g.querySelectorAll('circle[data-ply=\"7\"]').length]",
    );
    assert_eq!(
        graph,
        serde_json::json!([true, 1, 1]),
        "shown, with a curve and the dot"
    );
    shoot(b);
    // A click on the marked move shows the position before it, the better
    // move ringed.
    b.click("[data-testid=review-moves] li[data-ply=\"7\"]");
    let v = wait_for(b, "ply 6", ANALYSIS, |v| v["ply"] == 6);
    assert_eq!(v["plies"], 8);
    let ringed = b.script(
        "return [...document.querySelectorAll('.pit.hint')].map((p) => p.dataset.analysisSlot)",
    );
    assert_eq!(ringed, serde_json::json!([best]));
}
