//! Records, hints and reviews in the browser: a hint shown and not
//! played; a game saved (a download, and the link's record) and loaded back
//! through the file input, stepped through and played on; a bad file
//! refused with its line; and the review of a game with a known blunder.

use serde_json::Value;

use super::page_support::records::{self, BLUNDER};
use super::page_support::wait_until;
use super::webdriver::Browser;
use super::{http, screenshot_dir, tools, Server};

#[test]
fn hints_records_and_play_on() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    records::hints_records_and_play_on(&b);
}

#[test]
fn a_review_marks_the_blunder() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    records::review_the_blunder(&b, "depth:8", |b| {
        // Tall enough to show the graph and the marked moves.
        b.resize(1280, 1200);
        b.screenshot(&screenshot_dir().join("desktop-review.png"));
        b.resize(1280, 900);
    });
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
    // The file refused, naming its line, as meaning the page words.
    let m = &v["message"];
    assert_eq!(
        (
            &m["id"],
            &m["file"],
            &m["problem"]["id"],
            &m["problem"]["line"]
        ),
        (
            &Value::from("file-refused"),
            &Value::from("x/y.pgn"),
            &Value::from("record-unreadable"),
            &Value::from(1)
        ),
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
