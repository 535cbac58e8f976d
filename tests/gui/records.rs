//! Records, hints and reviews in the browser: a hint shown and not
//! played; a game saved (the download link's record) and loaded back
//! through the file input, stepped through and played on; a bad file
//! refused with its line; and the review of a game with a known blunder.

use std::path::PathBuf;

use serde_json::Value;
use songo_core::record::GameRecord;
use songo_core::Variant;

use super::analysis::{open_analysis, wait_for, ANALYSIS};
use super::webdriver::Browser;
use super::{http, new_game, screenshot_dir, snapshot, tools, wait_until, Server};

/// A game of songo40 where South's fourth move, G (ply 7), gives away
/// about ten seeds: the engine scores the position before it +1.86 for
/// South (A or E), and after it +8.8 for North, at depths 6 to 10.
const BLUNDER: &str = "[Event \"review test\"]
[Variant \"songo40\"]
[South \"careless\"]
[North \"careful\"]
[Result \"*\"]
[TimeControl \"-\"]
[Termination \"unterminated\"]
[PlyCount \"8\"]

1. E b 2. B f 3. A c 4. G a *
";

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-gui-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The text of a `data:` URL with a percent-encoded body.
fn data_url_text(url: &str) -> String {
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

/// Waits for the download link of a new record, and returns its text.
fn saved_record(b: &Browser, before: &str) -> String {
    let script = "return document.querySelector('[data-testid=download]').href";
    let href = wait_for(b, "the saved record", script, |v| {
        v.as_str()
            .is_some_and(|h| h.starts_with("data:") && h != before)
    });
    data_url_text(href.as_str().unwrap())
}

fn upload(b: &Browser, path: &std::path::Path) {
    b.send_keys("[data-testid=load-record]", path.to_str().unwrap());
}

#[test]
fn hints_records_and_play_on() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    let mut s = new_game(&b, Variant::Songo36Beginner, "south", 1);

    // A hint: a legal pit ringed, a score, nothing played.
    b.click("[data-testid=hint]");
    let hint = wait_for(
        &b,
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
    let now = snapshot(&b);
    assert_eq!(
        (now.ply, now.state.as_str()),
        (s.ply, "your-move"),
        "not played"
    );
    // Playing it makes the hint go.
    b.click(&format!("button[data-pit=\"{pit}\"]"));
    s = wait_until(&b, "the answer", |t| {
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
        s = wait_until(&b, "the answer", |t| t.ply > ply && t.state != "thinking");
    }

    // Saved: the record of exactly this game.
    b.click("[data-testid=save-play]");
    let text = saved_record(&b, "");
    let record: GameRecord = text.parse().expect("the saved record reads back");
    assert_eq!(record.variant, Variant::Songo36Beginner);
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.join(" "), s.moves);
    assert_eq!(
        (record.south.as_str(), record.north.as_str()),
        ("Human", "songo (level 1)")
    );

    // Loaded back through the file input: the analysis board shows it.
    open_analysis(&b);
    let path = temp_file("saved.pgn", &text);
    upload(&b, &path);
    // The game arrives over the socket, the upload's answer over HTTP: in
    // either order.
    let v = wait_for(&b, "the loaded game", ANALYSIS, |v| {
        v["moves"] == s.moves.as_str()
            && v["origin"].as_str().unwrap().starts_with("saved.pgn")
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
    wait_for(&b, "the start", ANALYSIS, |v| v["ply"] == 0);
    b.click("[data-testid=nav-next]");
    let v = wait_for(&b, "ply 1", ANALYSIS, |v| v["ply"] == 1);
    assert_eq!(v["moves"], s.moves.as_str(), "stepping keeps the game");
    b.click("[data-testid=analysis-moves] [data-ply=\"3\"]");
    wait_for(&b, "ply 3", ANALYSIS, |v| v["ply"] == 3);
    // Played on from there: the game's first three moves, the person to
    // move with North.
    b.click("[data-testid=play-from-here]");
    let first3: Vec<&str> = s.moves.split(' ').take(3).collect();
    let on = wait_until(&b, "the game played on", |t| {
        t.moves == first3.join(" ") && t.state == "your-move"
    });
    assert_eq!(
        (on.human.as_str(), on.variant.as_str()),
        ("north", "songo36-beginner")
    );
    let ply = on.ply;
    b.click(&format!("button[data-pit=\"{}\"]", on.enabled[0]));
    wait_until(&b, "a move played on", |t| {
        t.ply > ply && t.state != "thinking"
    });

    // A bad file: its line named, the board unchanged.
    open_analysis(&b);
    let bad = temp_file("bad.pgn", &BLUNDER.replace("4. G a", "4. G Q"));
    upload(&b, &bad);
    let v = wait_for(&b, "the refusal", ANALYSIS, |v| {
        v["record_message"].as_str().unwrap().starts_with("bad.pgn")
    });
    let message = v["record_message"].as_str().unwrap();
    assert!(
        message.starts_with("bad.pgn: line 10 (game 1): 'Q'"),
        "{message}"
    );
    assert_eq!(v["moves"], s.moves.as_str());
    let illegal = temp_file("illegal.pgn", &BLUNDER.replace("4. G a", "4. G G"));
    upload(&b, &illegal);
    let v = wait_for(&b, "the refusal", ANALYSIS, |v| {
        v["record_message"]
            .as_str()
            .unwrap()
            .starts_with("illegal.pgn")
    });
    assert!(
        v["record_message"].as_str().unwrap().contains("line 10"),
        "{v}"
    );
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_review_marks_the_blunder() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    open_analysis(&b);
    let path = temp_file("blunder.pgn", BLUNDER);
    upload(&b, &path);
    wait_for(&b, "the loaded game", ANALYSIS, |v| v["plies"] == 8);
    b.select("[data-testid=review-limit]", "depth:8");
    b.click("[data-testid=review]");
    let status = "const s = document.querySelector('[data-testid=review-status]'); \
                  return [s.dataset.state, Number(s.dataset.done), Number(s.dataset.total), s.textContent]";
    let done = wait_for(&b, "the review", status, |v| {
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
    let best = g["best"].as_str().unwrap();
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
    // Tall enough to show the graph and the marked moves.
    b.resize(1280, 1200);
    b.screenshot(&screenshot_dir().join("desktop-review.png"));
    b.resize(1280, 900);
    // A click on the marked move shows the position before it, the better
    // move ringed.
    b.click("[data-testid=review-moves] li[data-ply=\"7\"]");
    let v = wait_for(&b, "ply 6", ANALYSIS, |v| v["ply"] == 6);
    assert_eq!(v["plies"], 8);
    let ringed = b.script(
        "return [...document.querySelectorAll('.pit.hint')].map((p) => p.dataset.analysisSlot)",
    );
    assert_eq!(ringed, serde_json::json!([best]));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn uploads_are_checked_like_the_websocket() {
    let server = Server::start(&[]);
    let (port, host, own) = (server.port, server.host(), server.origin());
    let post = |origin: Option<&str>, query: &str, body: &[u8]| {
        let mut headers = vec![("Host", host.as_str())];
        if let Some(o) = origin {
            headers.push(("Origin", o));
        }
        http::request(
            port,
            "POST",
            &format!("/api/record{query}"),
            &headers,
            Some(body),
        )
    };
    assert_eq!(post(None, "", BLUNDER.as_bytes()).status, 403);
    assert_eq!(
        post(Some("http://evil.example"), "", BLUNDER.as_bytes()).status,
        403
    );
    let ok = post(Some(&own), "?name=b.pgn", BLUNDER.as_bytes());
    assert_eq!(ok.status, 200, "{}", ok.text());
    let v: Value = serde_json::from_slice(&ok.body).unwrap();
    assert_eq!(
        (v["ok"].as_bool(), v["games"].as_u64()),
        (Some(true), Some(1))
    );
    let bad = post(Some(&own), "?name=x%2Fy.pgn", b"\xff\xfe");
    assert_eq!(bad.status, 422);
    let v: Value = serde_json::from_slice(&bad.body).unwrap();
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("x/y.pgn: line 1"),
        "{v}"
    );
    let big = vec![b' '; 5 << 20];
    let r = http::try_request(
        port,
        "POST",
        "/api/record",
        &[("Host", &host), ("Origin", &own)],
        Some(&big),
    );
    // Refused (413), or cut off before the whole body is written.
    assert!(r.map_or(true, |r| r.status == 413));
    // The server goes on.
    assert_eq!(http::get(port, "/api/state", &host, Some(&own)).status, 200);
}
