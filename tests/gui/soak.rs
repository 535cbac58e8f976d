//! Issue 43's soak for `songo gui`: games finished by scripted play over
//! the page's WebSocket (`songo gui --data-dir D --no-pause`), two people
//! at one board or against level 1, each move chosen by a seeded generator
//! among songo-core's legal moves (which must be the pits the server
//! offers). Between moves, at random: the page reloaded (a new socket), a
//! second tab that takes the game (and the first refused, then closed or
//! claiming the game back), the server killed with SIGKILL or stopped
//! with SIGINT and started again on D (sometimes with a move just sent
//! whose answer is never read), and a second server on D, which must
//! refuse; also at once after a game ends, and now and then a player
//! resigns. Afterwards `D/games/*.pgn` must hold exactly the games seen
//! finished, each once, each replaying legally through songo-core
//! (tests/page_support/soak.rs).
//!
//! `SONGO_SOAK_GAMES` games (100 when unset: CI's run), the 1,000 of the
//! issue in an ignored test: `cargo test --release --test gui soak --
//! --ignored`; `SONGO_SOAK_SEED` seeds the generator, and every failure
//! names the seed. docs/gui.md says how long each takes.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use songo_core::{Game, Move, Position, Variant};

use super::http::WebSocket;
use super::page_support::soak::{check_archive, key, settings, with_seed, Settings};
use super::page_support::{Rng, PATIENCE};
use super::{data_dir, Server};

/// One move in this many is preceded by a disruption (a game of random
/// moves lasts some 40 to 250); one game end in four is followed by one.
const DISRUPTION_ODDS: usize = 150;

#[test]
fn soak_games_survive_reloads_tabs_restarts_and_kills() {
    soak(settings(None, 100), "ci");
}

#[test]
#[ignore = "issue 43's 1,000 games: minutes (docs/gui.md); CI runs 100"]
fn soak_1000_games() {
    soak(settings(Some(1000), 100), "1000");
}

fn soak(settings: Settings, name: &str) {
    let dir = data_dir("soak", name);
    with_seed(settings, || {
        let mut s = Soak::start(&dir, settings);
        while s.run.finished.len() < settings.games {
            s.play_game();
        }
        s.finish();
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// A page's socket, welcomed.
fn open(server: &Server) -> WebSocket {
    WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("the socket is refused: {}", r.status))
}

struct Soak<'a> {
    dir: &'a Path,
    rng: Rng,
    server: Server,
    ws: WebSocket,
    /// The last state seen.
    view: Value,
    run: Run,
}

/// What the run has seen, apart from the sockets that it reads.
struct Run {
    seed: u64,
    /// Every game seen finished (its key).
    finished: Vec<String>,
    /// A game sent its last move just before a kill: its end may have
    /// been archived unseen.
    unseen: Vec<String>,
    /// The disruptions so far, for a failure's message.
    log: Vec<String>,
}

impl Run {
    /// What a failure says: the seed, how far the run went, the last
    /// disruptions.
    fn at(&self) -> String {
        let from = self.log.len().saturating_sub(6);
        format!(
            "seed {:#x}, game {}, after {:?}",
            self.seed,
            self.finished.len() + 1,
            &self.log[from..]
        )
    }

    /// The next message on `ws`, as JSON.
    fn recv(&self, ws: &mut WebSocket) -> Value {
        let text = ws
            .recv()
            .unwrap_or_else(|| panic!("{}: the socket closed", self.at()));
        serde_json::from_str(&text).unwrap()
    }

    /// The next state on `ws` (other messages passed over); `elsewhere`
    /// or an error is a failure.
    fn next_state(&self, ws: &mut WebSocket) -> Value {
        loop {
            let v = self.recv(ws);
            match v["type"].as_str() {
                Some("state") => return v,
                Some("error" | "illegal" | "elsewhere") => panic!("{}: {v}", self.at()),
                _ => {}
            }
        }
    }

    /// The next state the engine is not thinking in.
    fn settled(&self, ws: &mut WebSocket) -> Value {
        loop {
            let v = self.next_state(ws);
            if v["state"] != "thinking" {
                return v;
            }
        }
    }

    /// Reads `ws` until a message of type `kind` (`here`, `elsewhere`).
    fn wait_for(&self, ws: &mut WebSocket, kind: &str) {
        while self.recv(ws)["type"] != kind {}
    }

    /// The welcome of a new socket (the state, the analysis board, the
    /// review, the games list): its state, once the engine has moved.
    fn welcome(&self, ws: &mut WebSocket) -> Value {
        let mut state = None;
        loop {
            let v = self.recv(ws);
            match v["type"].as_str() {
                Some("state") if state.is_none() => state = Some(v),
                Some("games") => break,
                _ => {}
            }
        }
        let v = state.unwrap_or_else(|| panic!("{}: no state in the welcome", self.at()));
        if v["state"] == "thinking" {
            self.settled(ws)
        } else {
            v
        }
    }
}

impl<'a> Soak<'a> {
    fn start(dir: &'a Path, settings: Settings) -> Soak<'a> {
        let run = Run {
            seed: settings.seed,
            finished: Vec::new(),
            unseen: Vec::new(),
            log: Vec::new(),
        };
        let server = start_server(dir);
        let mut ws = open(&server);
        let view = run.welcome(&mut ws);
        Soak {
            dir,
            rng: Rng(settings.seed),
            server,
            ws,
            view,
            run,
        }
    }

    fn at(&self) -> String {
        self.run.at()
    }

    fn play_game(&mut self) {
        let variant = Variant::ALL[self.rng.below(Variant::ALL.len())];
        // Mostly two people at one board (no engine: fast), else level 1.
        let side = ["both", "both", "both", "south", "north"][self.rng.below(5)];
        self.ws.send(
            &json!({"type": "new-game", "variant": variant.name(), "side": side, "level": 1})
                .to_string(),
        );
        let before = self.view["game_id"].clone();
        self.view = loop {
            let v = self.run.settled(&mut self.ws);
            if v["game_id"] != before && v["human"] == side {
                break v;
            }
        };
        while self.view["state"] != "over" {
            if self.rng.below(DISRUPTION_ODDS) == 0 {
                self.disrupt();
            } else if self.rng.below(400) == 0 {
                self.resign();
            } else {
                let (pit, ply) = self.send_move();
                let v = self.run.settled(&mut self.ws);
                let moves = v["moves"].as_array().unwrap();
                assert!(
                    moves.len() > ply && moves[ply] == pit.as_str(),
                    "{}: {pit} at ply {ply}, then {v}",
                    self.at()
                );
                self.seen(v);
            }
        }
        // Also at once after an end: the server keeps a game before any
        // page hears that it ended, so a kill now must not lose it.
        if self.rng.below(4) == 0 {
            self.disrupt();
        }
    }

    /// The rules core's game of the last state.
    fn game(&self) -> Game {
        let v = &self.view;
        let variant: Variant = v["variant"].as_str().unwrap().parse().unwrap();
        let start: Position = v["start"].as_str().unwrap().parse().unwrap();
        let mut game = Game::new(variant, start);
        for m in v["moves"].as_array().unwrap() {
            let m: Move = m.as_str().unwrap().parse().unwrap();
            game.play(m)
                .unwrap_or_else(|e| panic!("{}: {m}: {e} in {v}", self.at()));
        }
        assert_eq!(
            game.position().to_string(),
            v["position"].as_str().unwrap(),
            "{}",
            self.at()
        );
        game
    }

    /// A legal move, as the seeded generator picks it among the rules
    /// core's (which must be the pits the server offers): `(pit, ply)`.
    fn choose(&mut self) -> (String, usize) {
        let game = self.game();
        let legal: Vec<String> = game
            .position()
            .legal_moves(game.variant())
            .iter()
            .map(|m| m.to_string())
            .collect();
        let mut offered: Vec<&str> = self.view["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        offered.sort_unstable();
        let mut sorted: Vec<&str> = legal.iter().map(String::as_str).collect();
        sorted.sort_unstable();
        assert_eq!(offered, sorted, "{}: the pits offered", self.at());
        let pit = legal[self.rng.below(legal.len())].clone();
        (pit, game.moves().len())
    }

    /// The move message for a chosen move, as the page words it (on the
    /// board it was chosen on).
    fn move_message(&mut self) -> (String, usize, String) {
        let (pit, ply) = self.choose();
        let text = json!({"type": "move", "pit": pit, "ply": ply, "game": self.view["game_id"]});
        (pit, ply, text.to_string())
    }

    /// Sends a chosen move on the page's socket: `(pit, ply)`.
    fn send_move(&mut self) -> (String, usize) {
        let (pit, ply, text) = self.move_message();
        self.ws.send(&text);
        (pit, ply)
    }

    /// Takes `v` as the last state; a game over is seen finished.
    fn seen(&mut self, v: Value) {
        if v["state"] == "over" && self.view["state"] != "over" {
            let moves: Vec<&str> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            self.run.finished.push(key(
                v["variant"].as_str().unwrap(),
                v["start"].as_str().unwrap(),
                &moves,
            ));
        }
        self.view = v;
    }

    /// The person resigns (between two people: the side to move).
    fn resign(&mut self) {
        self.run.log.push("resign".into());
        self.ws.send(r#"{"type":"resign"}"#);
        let v = self.run.settled(&mut self.ws);
        assert_eq!(v["state"], "over", "{}: resigned: {v}", self.at());
        self.seen(v);
    }

    fn disrupt(&mut self) {
        match self.rng.below(10) {
            0..=2 => self.reload(),
            3..=4 => self.second_tab(),
            5..=6 => self.restart(true),
            7..=8 => self.restart(false),
            _ => self.second_server(),
        }
    }

    /// A move sent, half the time, just before a disruption: its answer
    /// is never read on this socket.
    fn maybe_in_flight(&mut self) -> Option<String> {
        if self.rng.below(2) == 0 || self.view["state"] != "your-move" {
            return None;
        }
        Some(self.send_move().0)
    }

    /// The page reloaded: its socket closed, a new one opened.
    fn reload(&mut self) {
        let in_flight = self.maybe_in_flight();
        self.run
            .log
            .push(format!("reload, in flight {in_flight:?}"));
        let ws = open(&self.server);
        let old = std::mem::replace(&mut self.ws, ws);
        drop(old);
        self.resume(in_flight, false);
    }

    /// A second tab: it takes the game; the first, refused, either goes
    /// or claims the game back (and the second goes).
    fn second_tab(&mut self) {
        let claim_back = self.rng.below(2) == 0;
        self.run
            .log
            .push(format!("second tab, claim back {claim_back}"));
        let b = open(&self.server);
        let mut a = std::mem::replace(&mut self.ws, b);
        self.resume(None, false);
        self.run.wait_for(&mut a, "elsewhere");
        // A move from the tab that no longer plays is refused, and
        // played nowhere (the next move, chosen at this ply, would be
        // refused).
        if self.view["state"] == "your-move" {
            let (_, _, text) = self.move_message();
            a.send(&text);
            self.run.wait_for(&mut a, "elsewhere");
        }
        if claim_back {
            a.send(r#"{"type":"claim"}"#);
            self.run.wait_for(&mut a, "here");
            let v = self.run.settled(&mut a);
            assert_eq!(v["moves"], self.view["moves"], "{}: claimed", self.at());
            let mut b = std::mem::replace(&mut self.ws, a);
            self.run.wait_for(&mut b, "elsewhere");
        }
    }

    /// The server killed (`kill`: SIGKILL, else SIGINT and a clean exit)
    /// and started again on the same directory.
    fn restart(&mut self, kill: bool) {
        let in_flight = self.maybe_in_flight();
        let how = if kill { "SIGKILL" } else { "SIGINT" };
        self.run.log.push(format!("{how}, in flight {in_flight:?}"));
        if kill {
            let _ = self.server.child.kill();
            let _ = self.server.child.wait();
        } else {
            let pid = self.server.child.id().to_string();
            let sent = Command::new("kill").args(["-INT", &pid]).status().unwrap();
            assert!(sent.success());
            let deadline = Instant::now() + PATIENCE;
            let status = loop {
                if let Some(status) = self.server.child.try_wait().unwrap() {
                    break status;
                }
                assert!(Instant::now() < deadline, "{}: no exit", self.at());
                std::thread::sleep(Duration::from_millis(5));
            };
            assert!(status.success(), "{}: {status}", self.at());
        }
        self.server = start_server(self.dir);
        self.ws = open(&self.server);
        self.resume(in_flight, true);
    }

    /// A second `songo gui` on the directory refuses to start (exit
    /// code 1), and the first serves on.
    fn second_server(&mut self) {
        self.run.log.push("second server".into());
        let mut second = Command::new(env!("CARGO_BIN_EXE_songo"))
            .args([
                "gui",
                "--port",
                "0",
                "--no-open",
                "--no-pause",
                "--data-dir",
            ])
            .arg(self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + PATIENCE;
        while second.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = second.kill();
                panic!("{}: a second songo gui serves on the directory", self.at());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let out = second.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{}: {out:?}", self.at());
        assert!(out.stdout.is_empty(), "{}: it listened: {out:?}", self.at());
    }

    /// The state the page's new socket is welcomed with, after a
    /// disruption: the game as last seen, or (`in_flight` sent) with that
    /// move played and perhaps the engine's reply. `killed`: a game that
    /// `in_flight` ended may have been archived just before the server
    /// died, unseen, while the state kept is still that of before the
    /// move (the archive is written first): it may then be in the archive
    /// besides the game resumed and finished later.
    fn resume(&mut self, in_flight: Option<String>, killed: bool) {
        let v = self.run.welcome(&mut self.ws);
        let (old, new) = (
            self.view["moves"].as_array().unwrap(),
            v["moves"].as_array().unwrap(),
        );
        for k in ["variant", "start", "human"] {
            assert_eq!(v[k], self.view[k], "{}: {k} after a disruption", self.at());
        }
        assert!(new.starts_with(old), "{}: {v}", self.at());
        if new.len() > old.len() {
            assert_eq!(
                new[old.len()].as_str(),
                in_flight.as_deref(),
                "{}: {v}",
                self.at()
            );
        }
        if let (Some(pit), true) = (&in_flight, killed && v["state"] != "over") {
            let mut moves: Vec<&str> = old.iter().map(|m| m.as_str().unwrap()).collect();
            moves.push(pit);
            let unseen = key(
                v["variant"].as_str().unwrap(),
                v["start"].as_str().unwrap(),
                &moves,
            );
            self.run.unseen.push(unseen);
        }
        self.seen(v);
    }

    /// The run's end: the server stopped, the archive checked.
    fn finish(mut self) {
        let seed = self.run.seed;
        // A last page: the list holds every game.
        let mut ws = open(&self.server);
        let listed = loop {
            let v = self.run.recv(&mut ws);
            if v["type"] == "games" {
                break v["games"].as_array().unwrap().len();
            }
        };
        drop(ws);
        let _ = self.server.child.kill();
        let _ = self.server.child.wait();
        let mut archived = Vec::new();
        for entry in std::fs::read_dir(self.dir.join("games")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            assert!(
                !name.contains("unreadable"),
                "seed {seed:#x}: {name} set aside"
            );
            if let Some(id) = name.strip_suffix(".pgn") {
                archived.push((id.to_string(), std::fs::read_to_string(&path).unwrap()));
            }
        }
        let extra = check_archive(seed, &archived, &self.run.finished, &self.run.unseen);
        assert_eq!(
            listed,
            self.run.finished.len() + extra,
            "seed {seed:#x}: the games listed"
        );
        // Nothing waits in the room's state for the archive.
        let kept: Value =
            serde_json::from_str(&std::fs::read_to_string(self.dir.join("room.json")).unwrap())
                .unwrap();
        assert!(kept.get("games").is_none(), "seed {seed:#x}: {kept}");
    }
}

fn start_server(dir: &Path) -> Server {
    Server::start(&["--data-dir", dir.to_str().unwrap(), "--no-pause"])
}
