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
