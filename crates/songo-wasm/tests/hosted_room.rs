//! The page's room natively, end to end: songo-room's [`HostedRoom`] with
//! its drivers, and real engines (protocol sessions, as the page's Web
//! Workers run them) behind a host that carries lines both ways. Whole
//! games are played in every variant from both sides, every position the
//! room shows checked against the rules core; a new game during the
//! engine's search interrupts it; a saved room comes back; a timed game
//! is played on the engine's clock and lost on the person's, with no
//! message from the page; a finished game goes to the host's archive.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_client::EngineSpec;
use songo_core::{Game, Move, Position, Variant};
use songo_protocol::Session;
use songo_room::hosted::{EngineHost, HostedRoom};
use songo_room::messages::Outgoing;

/// An engine's lines as it writes them.
type Written = Arc<Mutex<Vec<String>>>;

/// Engines as sessions in this process; their output waits in a buffer
/// until the test hands it to the room, as a worker's messages wait in a
/// page's event queue.
#[derive(Default)]
struct Host {
    engines: BTreeMap<u64, (Session, Written)>,
    interrupts: usize,
    ended: Vec<u64>,
    /// Every line written to an engine.
    sent: Vec<String>,
}

impl Host {
    fn spawn(&mut self, generation: u64) {
        let out: Written = Arc::default();
        let sink = Arc::clone(&out);
        let mut session = Session::new(Arc::new(move |line: &str| {
            sink.lock().unwrap().push(line.to_string())
        }));
        // Searches, not the opening book's instant answers: a new game
        // must find the engine thinking to interrupt it (the book's answers
        // are the protocol's tests').
        session.handle_line("setoption name OwnBook value false");
        self.engines.insert(generation, (session, out));
    }

    /// Every engine's lines written since the last call.
    fn output(&mut self) -> Vec<(u64, String)> {
        let mut lines = Vec::new();
        for (g, (_, out)) in &self.engines {
            lines.extend(out.lock().unwrap().drain(..).map(|l| (*g, l)));
        }
        lines
    }
}

impl EngineHost for Host {
    fn start(&mut self, generation: u64) {
        self.spawn(generation);
    }
    fn send(&mut self, generation: u64, line: &str) {
        self.sent.push(line.to_string());
        if let Some((session, _)) = self.engines.get_mut(&generation) {
            session.handle_line(line);
        }
    }
    fn interrupt(&mut self, generation: u64) {
        self.interrupts += 1;
        if let Some((session, _)) = self.engines.get_mut(&generation) {
            session.handle_line("stop");
        }
    }
    fn end(&mut self, generation: u64) {
        if let Some((mut session, _)) = self.engines.remove(&generation) {
            session.quit();
        }
        self.ended.push(generation);
    }
}

struct Page {
    room: HostedRoom<Host>,
    epoch: Instant,
    /// The last game state shown.
    state: Option<Value>,
    errors: Vec<String>,
    /// Engine lines written, not yet handed to the room: a page gets a
    /// worker's lines one event at a time, other events between them.
    backlog: std::collections::VecDeque<(u64, String)>,
}

impl Page {
    fn open() -> Page {
        let spec = EngineSpec::this_program();
        let (room, first) = HostedRoom::new(
            spec,
            Duration::from_millis(200),
            Host::default(),
            Duration::ZERO,
        );
        let mut room = room;
        // Whole games at level 1 would wait a natural moment before every
        // answer (hundreds of moves): only the test of that pause has it.
        room.set_pause(false);
        let mut page = Page {
            room,
            epoch: Instant::now(),
            state: None,
            errors: Vec::new(),
            backlog: Default::default(),
        };
        page.show(first);
        page
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Hands the room the next engine line, if there is one: its text.
    fn next_line(&mut self) -> Option<String> {
        let written = self.room.host_mut().output();
        self.backlog.extend(written);
        let (g, line) = self.backlog.pop_front()?;
        let now = self.now();
        let out = self.room.engine_line(g, &line, now);
        self.show(out);
        Some(line)
    }

    fn show(&mut self, messages: Vec<Outgoing>) {
        for m in messages {
            let v = serde_json::to_value(&m).unwrap();
            match v["type"].as_str() {
                Some("state") => self.state = Some(v),
                Some("error") => self.errors.push(v["message"].to_string()),
                _ => {}
            }
        }
    }

    fn send(&mut self, message: Value) {
        let now = self.now();
        let out = self.room.on_page(&message.to_string(), now);
        self.show(out);
    }

    /// Hands the engines' lines to the room and wakes it when due, until
    /// `done` holds of the state shown (or a minute passes).
    fn until(&mut self, done: impl Fn(&Value) -> bool) {
        let give_up = Instant::now() + Duration::from_secs(60);
        while !self.state.as_ref().is_some_and(&done) {
            assert!(Instant::now() < give_up, "stuck: {:?}", self.state);
            while self.next_line().is_some() {}
            let now = self.now();
            if self.room.deadline().is_some_and(|d| d <= now) {
                let out = self.room.wake(now);
                self.show(out);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn state(&self) -> &Value {
        self.state.as_ref().expect("a state shown")
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The rules core's own account of the moves shown.
fn replayed(state: &Value) -> Game {
    let variant: Variant = state["variant"].as_str().unwrap().parse().unwrap();
    let start: Position = state["start"].as_str().unwrap().parse().unwrap();
    let mut game = Game::new(variant, start);
    for m in strings(&state["moves"]) {
        let side = game.position().side_to_move();
        game.play(Move::parse(&m, side).unwrap()).unwrap();
    }
    game
}

fn check_against_rules(state: &Value) {
    let game = replayed(state);
    let p = game.position();
    assert_eq!(state["position"].as_str().unwrap(), p.to_string());
    if state["state"] == "your-move" {
        let human = p.side_to_move();
        let legal: Vec<String> = p
            .legal_moves(game.variant())
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(strings(&state["legal"]), legal, "{state}");
        assert_eq!(state["human"], human.name().to_ascii_lowercase());
    }
    assert_eq!(state["result"].is_null(), !game.is_over(), "{state}");
}

#[test]
fn whole_games_in_every_variant_from_both_sides() {
    let mut page = Page::open();
    for variant in ["songo36-beginner", "songo36-amateur", "songo40"] {
        for side in ["south", "north"] {
            page.send(serde_json::json!({
                "type": "new-game", "variant": variant, "side": side, "level": 1,
            }));
            let game_id = page.state()["game_id"].clone();
            let mut plies = 0;
            loop {
                page.until(|s| s["game_id"] == game_id && s["state"] != "thinking");
                let state = page.state().clone();
                check_against_rules(&state);
                if state["state"] == "over" {
                    break;
                }
                // The person plays the last legal pit: a different game
                // from the engine's own choices.
                let legal = strings(&state["legal"]);
                let pit = legal.last().unwrap().clone();
                page.send(serde_json::json!({"type": "move", "pit": pit}));
                plies += 1;
                assert!(plies < 400, "{variant} {side}: no end");
            }
            assert!(page.errors.is_empty(), "{:?}", page.errors);
        }
    }
}

#[test]
fn a_new_game_while_the_engine_thinks_interrupts_it() {
    let mut page = Page::open();
    page.send(serde_json::json!({
        "type": "new-game", "variant": "songo40", "side": "north", "level": 10,
    }));
    assert_eq!(page.state()["state"], "thinking");
    // The engine's lines up to its first `info`: it is searching now.
    let give_up = Instant::now() + Duration::from_secs(30);
    let mut searching = false;
    while !searching {
        assert!(Instant::now() < give_up, "no search");
        match page.next_line() {
            Some(line) => searching = line.starts_with("info depth"),
            None => std::thread::sleep(Duration::from_millis(1)),
        }
    }
    // At once, before the engine's answer is read.
    page.send(serde_json::json!({
        "type": "new-game", "variant": "songo36-amateur", "side": "south", "level": 1,
    }));
    page.until(|s| s["state"] == "your-move");
    assert!(page.room.host().interrupts >= 1);
    let id = page.state()["game_id"].clone();
    page.send(serde_json::json!({"type": "move", "pit": "C"}));
    page.until(|s| s["game_id"] == id && s["state"] == "your-move");
    let state = page.state().clone();
    assert_eq!(strings(&state["moves"]).len(), 2, "{state}");
    check_against_rules(&state);
}

#[test]
fn a_saved_room_comes_back_in_a_new_page() {
    let mut page = Page::open();
    page.send(serde_json::json!({
        "type": "new-game", "variant": "songo36-beginner", "side": "south", "level": 2,
    }));
    page.until(|s| s["state"] == "your-move");
    page.send(serde_json::json!({"type": "move", "pit": "D"}));
    page.until(|s| s["state"] == "your-move" && !strings(&s["moves"]).is_empty());
    let saved = page.room.saved();
    let shown = page.state()["position"].clone();

    let mut again = Page::open();
    let now = again.now();
    let out = again.room.restore(&saved, now).unwrap();
    again.show(out);
    again.until(|s| s["state"] == "your-move");
    assert_eq!(again.state()["position"], shown);
    assert_eq!(again.state()["level"], 2);
    assert_eq!(again.state()["variant"], "songo36-beginner");
}

#[test]
fn a_timed_game_is_played_on_the_clock_and_lost_on_time() {
    let mut page = Page::open();
    let started = Instant::now();
    page.send(serde_json::json!({
        "type": "new-game", "variant": "songo40", "side": "north", "level": 5,
        "tc": {"base_ms": 2000, "inc_ms": 0},
    }));
    page.until(|s| s["state"] == "your-move");
    // The engine was asked on its clock (South is the protocol's w).
    let go = page
        .room
        .host()
        .sent
        .iter()
        .find(|l| l.starts_with("go "))
        .cloned();
    let go = go.expect("a go line");
    assert!(
        go.starts_with("go wtime ") && go.contains(" btime 2000 winc 0 binc 0"),
        "{go}"
    );
    let clock = page.state()["clock"].clone();
    assert_eq!(clock["running"], "north", "{clock}");
    assert!(clock["left_ms"][0].as_u64().unwrap() < 2000, "{clock}");
    // The person does not move: the room's own deadline ends the game.
    page.until(|s| !s["result"].is_null());
    let state = page.state().clone();
    assert!(started.elapsed() >= Duration::from_secs(2));
    assert_eq!(state["state"], "over");
    assert_eq!(
        state["result"]["reason"],
        serde_json::json!({"id": "end-time", "side": "north"})
    );
    assert_eq!(state["result"]["score"], "1-0");
    assert_eq!(state["result"]["on_time"], true);
    assert_eq!(state["legal"], serde_json::json!([]));
    assert_eq!(state["clock"]["left_ms"][1], 0);
    assert_eq!(page.room.deadline(), None);
}

#[test]
fn a_weak_level_answers_after_a_natural_moment() {
    let mut page = Page::open();
    page.room.set_pause(true);
    page.send(serde_json::json!({
        "type": "new-game", "variant": "songo40", "side": "south", "level": 1,
    }));
    let asked = Instant::now();
    page.send(serde_json::json!({"type": "move", "pit": "C"}));
    page.until(|s| s["state"] == "your-move");
    // Half the think time (200 ms) caps the pause here.
    let cap = Duration::from_millis(200) / songo_room::room::PAUSE_THINK_SHARE;
    assert!(asked.elapsed() >= songo_room::room::PAUSE_MIN.min(cap));
    assert_eq!(strings(&page.state()["moves"]).len(), 2);
}

/// A songo36-beginner position, South to move, where F ends the game.
const LAST_MOVE: &str = "1,1,1,2,2,3,0/0,1,0,0,0,0,0 s 31 28 -";

/// The games listed by the room's games message among `out`.
fn listed(out: &[Outgoing]) -> Option<usize> {
    out.iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .find(|v| v["type"] == "games")
        .map(|v| v["games"].as_array().unwrap().len())
}

/// The page's archive (issue 43): a game that ends is handed to the host
/// once, stays in the saved state until the host says it is archived (a
/// page closed meanwhile loses nothing) or for good when it failed (then
/// it is offered again), and the archive read back in a new page is
/// listed with the restored games, each once.
#[test]
fn finished_games_go_to_the_host_s_archive_and_come_back_once() {
    let mut page = Page::open();
    page.send(serde_json::json!({
        "type": "set-up", "variant": "songo36-beginner", "position": LAST_MOVE,
    }));
    page.send(serde_json::json!({"type": "play-from-here", "side": "south", "level": 1}));
    page.until(|s| s["start"] == LAST_MOVE && s["state"] == "your-move");
    page.send(serde_json::json!({"type": "move", "pit": "F"}));
    page.until(|s| s["state"] == "over");

    let ended = page.room.take_unarchived();
    assert_eq!(ended.len(), 1, "{ended:?}");
    assert!(page.room.take_unarchived().is_empty(), "handed over once");
    // Being written: still saved.
    assert_eq!(page.room.saved().games, [ended[0].text.clone()]);
    // Failed: still saved, and offered again.
    page.room.archive_failed(&ended);
    assert_eq!(page.room.saved().games.len(), 1);
    let again = page.room.take_unarchived();
    assert_eq!(again, ended);
    // Written: no longer saved.
    page.room.archived(&[again[0].id.clone()]);
    let saved = page.room.saved();
    assert!(saved.games.is_empty(), "{:?}", saved.games);

    // A new page: the saved state, then the archive.
    let mut next = Page::open();
    let now = next.now();
    let out = next.room.restore(&saved, now).unwrap();
    assert_eq!(listed(&out), Some(0));
    let record = songo_core::record::parse_records(&ended[0].text).unwrap();
    let out = next.room.add_archived(record.clone(), now);
    assert_eq!(listed(&out), Some(1));
    // The same game once more (read twice): still once.
    let out = next.room.add_archived(record, now);
    assert_eq!(listed(&out), Some(1));
    assert!(next.room.take_unarchived().is_empty());
    assert!(next.room.saved().games.is_empty());
}

/// A game deleted while its archive write is going (issue 43): it leaves
/// the saved state at once (a page closed then does not bring it back),
/// the host is asked to remove it (after its write), and the undo has it
/// written again.
#[test]
fn a_game_deleted_while_being_archived_leaves_the_saved_state() {
    let mut page = Page::open();
    page.send(serde_json::json!({
        "type": "set-up", "variant": "songo36-beginner", "position": LAST_MOVE,
    }));
    page.send(serde_json::json!({"type": "play-from-here", "side": "south", "level": 1}));
    page.until(|s| s["start"] == LAST_MOVE && s["state"] == "your-move");
    page.send(serde_json::json!({"type": "move", "pit": "F"}));
    page.until(|s| s["state"] == "over");
    let ended = page.room.take_unarchived();
    assert_eq!(page.room.saved().games.len(), 1, "being written: saved");

    let id = ended[0].id.clone();
    page.send(serde_json::json!({"type": "delete-game", "id": id}));
    assert_eq!(page.room.take_deleted(), vec![id.clone()]);
    let saved = page.room.saved();
    assert!(
        saved.games.is_empty(),
        "a deleted game saved: {:?}",
        saved.games
    );
    assert!(saved.deleted.is_some(), "the undo not saved");
    // The write then fails: the game is not offered again.
    page.room.archive_failed(&ended);
    assert!(page.room.take_unarchived().is_empty());

    page.send(serde_json::json!({"type": "undo-delete"}));
    assert_eq!(page.room.take_unarchived(), ended);
    assert!(page.room.take_deleted().is_empty());
}
