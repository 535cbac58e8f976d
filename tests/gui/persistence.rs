//! Games that survive: `songo gui` keeps the game in progress, its
//! settings and the analysis board in its data directory, and a new
//! server carries on from there; a file it cannot read is set aside, not
//! lost (issue 28). Spoken over the websocket, as the page does, and the
//! resumed game seen and played on in the browser.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::page_support::wait_until;
use super::{data_dir, http, tools, Browser, Server, PATIENCE};

fn state(server: &Server) -> Value {
    let r = http::get(
        server.port,
        "/api/state",
        &server.host(),
        Some(&server.origin()),
    );
    assert_eq!(r.status, 200);
    serde_json::from_slice(&r.body).unwrap()
}

#[test]
fn a_game_goes_on_after_a_restart() {
    let dir = data_dir("keep", "restart");
    let d = dir.to_str().unwrap();
    let server = Server::start(&["--data-dir", d]);
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(r#"{"type":"new-game","variant":"songo36-amateur","side":"south","level":2}"#);
    ws.send(r#"{"type":"move","pit":"C"}"#);
    let deadline = Instant::now() + PATIENCE;
    let played = loop {
        assert!(Instant::now() < deadline, "no answer to C");
        let v = state(&server);
        if v["variant"] == "songo36-amateur" && v["moves"].as_array().map(Vec::len) == Some(2) {
            break v;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(dir.join("room.json").exists());
    drop(ws);
    drop(server);

    let again = Server::start(&["--data-dir", d]);
    let v = state(&again);
    for key in ["variant", "level", "human", "moves", "position", "state"] {
        assert_eq!(v[key], played[key], "{key}");
    }
    // And in the browser: the page shows the game where it was, and it
    // plays on (every state checked against the rules core).
    if let Some(tools) = tools() {
        let b = Browser::start(&tools, 1000, 800);
        b.goto(&again.url());
        let s = wait_until(&b, "the resumed game", |s| {
            s.ply == 2 && s.state == "your-move"
        });
        assert_eq!(s.variant, "songo36-amateur");
        assert_eq!(
            s.moves,
            format!("C {}", played["moves"][1].as_str().unwrap())
        );
        let pit = s.enabled[0].clone();
        b.click(&format!("button[data-pit=\"{pit}\"]"));
        wait_until(&b, "the game going on", |s| {
            s.ply == 4 && s.state == "your-move"
        });
    }
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_saved_game_is_set_aside_and_said() {
    let dir = data_dir("keep", "junk");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("room.json"), "{ not a saved game").unwrap();
    let server = Server::start_with(&["--data-dir", dir.to_str().unwrap()], true);
    let warning = server.warning.clone().unwrap_or_default();
    assert!(
        warning.contains("the saved game could not be read") && warning.contains("unreadable-1"),
        "{warning}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("room.json.unreadable-1")).unwrap(),
        "{ not a saved game"
    );
    // A new game starts, and is kept in a fresh file.
    assert_eq!(state(&server)["moves"], Value::Array(Vec::new()));
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 43: two servers on one data directory would each rewrite
/// `room.json` and erase the other's finished games. The second refuses
/// to start (exit code 1), naming the directory and the first's process
/// and address; once the first is killed (SIGKILL: no clean-up runs) the
/// directory is free again.
#[test]
fn a_second_server_on_a_data_directory_in_use_refuses_until_the_first_is_killed() {
    let dir = data_dir("lock", "second");
    let d = dir.to_str().unwrap();
    let first = Server::start(&["--data-dir", d]);
    let mut second = std::process::Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["gui", "--port", "0", "--no-open", "--data-dir", d])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("songo gui runs");
    // Without the lock it would serve on: it is stopped, and the test fails.
    let deadline = Instant::now() + PATIENCE;
    while second.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = second.kill();
            panic!("a second songo gui started on {d}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let second = second.wait_with_output().unwrap();
    assert_eq!(second.status.code(), Some(1), "{second:?}");
    assert!(second.stdout.is_empty(), "it listened: {second:?}");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains(d), "{said}");
    assert!(
        said.contains(&format!("process {}, {}", first.child.id(), first.url())),
        "{said}"
    );
    // The first still serves, with its game.
    assert_eq!(state(&first)["state"], "your-move");

    // Killed, not stopped: the kernel lets go of the lock.
    drop(first);
    let again = Server::start(&["--data-dir", d]);
    assert_eq!(state(&again)["state"], "your-move");
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The finished games' list a page is sent when it connects.
fn games_listed(server: &Server) -> Vec<Value> {
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    loop {
        let text = ws.recv().expect("the welcome");
        let v: Value = serde_json::from_str(&text).unwrap();
        if v["type"] == "games" {
            return v["games"].as_array().unwrap().clone();
        }
    }
}

/// The archive's games: each one game, under its own `GameId` (a
/// temporary file being written is not one yet).
fn archived(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir.join("games"))
        .map(|d| {
            d.filter_map(|e| {
                let path = e.unwrap().path();
                let name = path.file_name().unwrap().to_str().unwrap().to_string();
                name.ends_with(".pgn")
                    .then(|| (name, std::fs::read_to_string(&path).unwrap()))
            })
            .collect()
        })
        .unwrap_or_default();
    files.sort();
    for (name, text) in &files {
        let records = songo_core::record::parse_records(text).unwrap();
        assert_eq!(records.len(), 1, "{name}");
        let id = records[0].tag("GameId").expect("a GameId tag");
        assert_eq!(format!("{id}.pgn"), *name);
        records[0].replay().unwrap();
    }
    files
}

/// Issue 43: finished games are archived one file each, apart from
/// `room.json`, whose writes can no longer remove one. `room.json` of
/// today's format (two finished games in it, the same game twice, no ids)
/// is migrated once, without loss; a SIGKILL and restarts neither lose
/// nor repeat a game; a game that ends later joins them.
#[test]
fn finished_games_are_archived_a_file_each_and_migrated_once_from_today_s_room_json() {
    let dir = data_dir("archive", "migrate");
    let d = dir.to_str().unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    let today = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gui-room-before-archive.json"
    );
    std::fs::copy(today, dir.join("room.json")).unwrap();

    let server = Server::start(&["--data-dir", d, "--no-pause"]);
    let migrated = archived(&dir);
    assert_eq!(migrated.len(), 2, "{migrated:?}");
    assert_eq!(games_listed(&server).len(), 2);
    let kept: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("room.json")).unwrap()).unwrap();
    assert!(kept.get("games").is_none(), "{kept}");

    // Killed, then back: the same two games, once each.
    drop(server);
    let server = Server::start(&["--data-dir", d, "--no-pause"]);
    assert_eq!(archived(&dir), migrated);
    assert_eq!(games_listed(&server).len(), 2);

    // A game that ends now: a third file; nothing else rewritten.
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(&format!(
        r#"{{"type":"set-up","variant":"songo36-beginner","position":"{}"}}"#,
        super::games::LAST_MOVE
    ));
    ws.send(r#"{"type":"play-from-here","side":"south","level":1}"#);
    ws.send(r#"{"type":"move","pit":"F"}"#);
    let deadline = Instant::now() + PATIENCE;
    while archived(&dir).len() < 3 {
        assert!(Instant::now() < deadline, "the third game is not archived");
        std::thread::sleep(Duration::from_millis(20));
    }
    let three = archived(&dir);
    assert!(migrated.iter().all(|m| three.contains(m)));
    drop(ws);
    drop(server);
    for _ in 0..2 {
        let server = Server::start(&["--data-dir", d]);
        assert_eq!(games_listed(&server).len(), 3);
        drop(server);
        assert_eq!(archived(&dir), three);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 43: a finished game that cannot be archived (here `games` is a
/// file, as a read-only or full disk would refuse it) is said on the
/// page beside Export all, stays listed and in `room.json`, and is
/// archived once the disk takes it again.
#[test]
fn a_game_that_cannot_be_archived_is_said_kept_and_archived_later() {
    let Some(tools) = tools() else { return };
    let dir = data_dir("archive", "refused");
    let d = dir.to_str().unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("games"), "not a directory").unwrap();
    let server = Server::start(&["--data-dir", d, "--no-pause"]);
    let b = Browser::start(&tools, 1000, 800);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    super::games::finish_in_one_move(&b);
    let said = super::page_support::wait_for(
        &b,
        "the failure said",
        "return document.querySelector('[data-testid=games-message]').textContent",
        |v| v.as_str().is_some_and(|t| !t.is_empty()),
    );
    assert!(
        said.as_str()
            .unwrap()
            .starts_with("A finished game could not be saved"),
        "{said}"
    );
    let listed = b.script("return document.querySelectorAll('[data-testid=games] li').length");
    assert_eq!(listed, 1);
    let kept: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("room.json")).unwrap()).unwrap();
    assert_eq!(kept["games"].as_array().map(Vec::len), Some(1), "{kept}");

    // The disk takes it again: the next change archives it, and
    // `room.json` lets it go.
    std::fs::remove_file(dir.join("games")).unwrap();
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(r#"{"type":"state"}"#);
    let deadline = Instant::now() + PATIENCE;
    while archived(&dir).is_empty() {
        assert!(
            Instant::now() < deadline,
            "not archived once the disk took it"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // room.json is written just after the archive: waited for too.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let kept: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("room.json")).unwrap()).unwrap();
        if kept.get("games").is_none() {
            break;
        }
        assert!(Instant::now() < deadline, "room.json keeps it: {kept}");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(ws);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
