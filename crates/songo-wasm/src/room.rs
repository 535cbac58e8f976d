//! The room in the page (the static site): the same room `songo gui`
//! runs on its server, taking the page's JSON messages and answering the
//! same messages, with its engines in Web Workers that the page's
//! JavaScript starts, feeds and ends (the `host`). Nothing here waits: a
//! call returns the messages for the page, and the page calls
//! [`WebRoom::wake`] at [`WebRoom::deadline_ms`].
//!
//! ```js
//! const room = new WebRoom({ start(g) {…}, send(g, line) {…}, interrupt(g) {…}, end(g) {…} });
//! for (const m of room.welcome()) show(JSON.parse(m));
//! for (const m of room.onPage(JSON.stringify({ type: "move", pit: "C" }))) show(JSON.parse(m));
//! // each line of engine g:                 room.engineLine(g, line)
//! // engine g replaced after interrupt(g):  room.engineRestarted(g)
//! ```
//!
//! Finished games go to the page's archive (IndexedDB, issue 43), not into
//! [`WebRoom::saved`] once archived:
//!
//! ```js
//! const ended = room.takeUnarchived();       // '[{"id": "2026…", "text": "[Event …"}]'
//! // written: room.archived(ended)            // the saved state leaves them out
//! // not written: room.archiveFailed(ended)   // it keeps them, offered again later
//! for (const m of room.addArchived(texts)) show(JSON.parse(m));   // the archive read back
//! ```

use std::time::Duration;

use serde_json::{json, Value};
use songo_client::EngineSpec;
use songo_core::record::parse_records;
use songo_room::archive::ArchivedGame;
use songo_room::hosted::{EngineHost, HostedRoom};
use songo_room::messages::Outgoing;
use songo_room::room::SavedRoom;
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// How long the engine thinks on a move at full strength, as in `songo
/// gui`: lower levels stop earlier, a hint takes half.
const MOVETIME: Duration = songo_room::room::MOVETIME;

#[wasm_bindgen]
extern "C" {
    /// The page's side of the engines: `start(generation)`,
    /// `send(generation, line)`, `interrupt(generation)`, `end(generation)`.
    #[wasm_bindgen(typescript_type = "RoomHost")]
    pub type JsHost;

    #[wasm_bindgen(method, catch)]
    fn start(this: &JsHost, generation: f64) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    fn send(this: &JsHost, generation: f64, line: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    fn interrupt(this: &JsHost, generation: f64) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    fn end(this: &JsHost, generation: f64) -> Result<(), JsValue>;
}

#[wasm_bindgen(typescript_custom_section)]
const ROOM_HOST: &str = r#"
export interface RoomHost {
  start(generation: number): void;
  send(generation: number, line: string): void;
  interrupt(generation: number): void;
  end(generation: number): void;
}
"#;

/// Generations count from 1 and stay far below 2^53: exact as numbers.
fn number(generation: u64) -> f64 {
    generation as f64
}

/// What the host throws is its own trouble: the room carries on, and an
/// engine that does not answer is found stalled by its deadline.
impl EngineHost for JsHost {
    fn start(&mut self, generation: u64) {
        let _ = JsHost::start(self, number(generation));
    }
    fn send(&mut self, generation: u64, line: &str) {
        let _ = JsHost::send(self, number(generation), line);
    }
    fn interrupt(&mut self, generation: u64) {
        let _ = JsHost::interrupt(self, number(generation));
    }
    fn end(&mut self, generation: u64) {
        let _ = JsHost::end(self, number(generation));
    }
}

/// The room for JavaScript: see the module.
#[wasm_bindgen]
pub struct WebRoom {
    hosted: HostedRoom<JsHost>,
    epoch: Instant,
    /// The messages of the constructor, for the first `welcome`.
    first: Vec<Outgoing>,
}

fn texts(messages: Vec<Outgoing>) -> Vec<String> {
    messages
        .iter()
        .map(|m| serde_json::to_string(m).expect("messages are plain data"))
        .collect()
}

/// Games as JavaScript gets them: a JSON array of `{id, text}`.
fn games_json(games: &[ArchivedGame]) -> String {
    Value::Array(
        games
            .iter()
            .map(|g| json!({ "id": g.id, "text": g.text }))
            .collect(),
    )
    .to_string()
}

/// Games as JavaScript gives them back ([`games_json`]'s form); what is
/// not a game there is no game.
fn games_of(text: &str) -> Vec<ArchivedGame> {
    let Ok(Value::Array(games)) = serde_json::from_str(text) else {
        return Vec::new();
    };
    games
        .iter()
        .filter_map(|g| {
            Some(ArchivedGame {
                id: g["id"].as_str()?.to_string(),
                text: g["text"].as_str()?.to_string(),
            })
        })
        .collect()
}

/// A generation as JavaScript gives it back; anything else is no engine.
fn generation(g: f64) -> u64 {
    if g.is_finite() && g >= 0.0 && g.fract() == 0.0 {
        g as u64
    } else {
        0
    }
}

#[wasm_bindgen]
impl WebRoom {
    /// A room with songo's engine at its defaults; its first engine is
    /// started through `host` at once.
    #[wasm_bindgen(constructor)]
    pub fn new(host: JsHost) -> WebRoom {
        let epoch = Instant::now();
        let (hosted, first) =
            HostedRoom::new(EngineSpec::this_program(), MOVETIME, host, Duration::ZERO);
        WebRoom {
            hosted,
            epoch,
            first,
        }
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Everything the page shows, as JSON messages: what it needs when it
    /// starts (the first call also brings what starting the engine said).
    pub fn welcome(&mut self) -> Vec<String> {
        let mut out = std::mem::take(&mut self.first);
        out.extend(self.hosted.welcome());
        texts(out)
    }

    /// One message of the page, as over the websocket; the answers.
    #[wasm_bindgen(js_name = onPage)]
    pub fn on_page(&mut self, text: &str) -> Vec<String> {
        let now = self.now();
        texts(self.hosted.on_page(text, now))
    }

    /// A record file imported into the finished games: the answer (JSON)
    /// first, then the messages, as [`upload`](WebRoom::upload).
    #[wasm_bindgen(js_name = importGames)]
    pub fn import_games(
        &mut self,
        bytes: &[u8],
        variant: Option<String>,
        name: &str,
    ) -> Vec<String> {
        let now = self.now();
        let (answer, out) = self.hosted.import(bytes, variant.as_deref(), name, now);
        let mut all = vec![serde_json::to_string(&answer).expect("plain data")];
        all.extend(texts(out));
        all
    }

    /// A record file the person opened (`variant` for records without a
    /// Variant tag, `name` only shown): the answer as the server's upload
    /// gives it (JSON), then the messages for the page.
    pub fn upload(&mut self, bytes: &[u8], variant: Option<String>, name: &str) -> Vec<String> {
        let now = self.now();
        let (answer, out) = self.hosted.upload(bytes, variant.as_deref(), name, now);
        let mut all = vec![serde_json::to_string(&answer).expect("plain data")];
        all.extend(texts(out));
        all
    }

    /// A line engine `generation` wrote.
    #[wasm_bindgen(js_name = engineLine)]
    pub fn engine_line(&mut self, generation_: f64, line: &str) -> Vec<String> {
        let now = self.now();
        texts(self.hosted.engine_line(generation(generation_), line, now))
    }

    /// The host replaced engine `generation` with a fresh one.
    #[wasm_bindgen(js_name = engineRestarted)]
    pub fn engine_restarted(&mut self, generation_: f64) -> Vec<String> {
        let now = self.now();
        texts(self.hosted.engine_restarted(generation(generation_), now))
    }

    /// Engine `generation` is gone (its worker failed to load or died).
    #[wasm_bindgen(js_name = engineClosed)]
    pub fn engine_closed(&mut self, generation_: f64) -> Vec<String> {
        let now = self.now();
        texts(self.hosted.engine_closed(generation(generation_), now))
    }

    /// Deadlines that are due: call at [`deadline_ms`](WebRoom::deadline_ms).
    pub fn wake(&mut self) -> Vec<String> {
        let now = self.now();
        texts(self.hosted.wake(now))
    }

    /// In how many milliseconds to call `wake`, if at all.
    #[wasm_bindgen(js_name = deadlineMs)]
    pub fn deadline_ms(&self) -> Option<f64> {
        let now = self.now();
        self.hosted
            .deadline()
            .map(|at| at.saturating_sub(now).as_secs_f64() * 1000.0)
    }

    /// Whether levels 1–4 wait a short natural moment before answering (on
    /// by default; `index.html?no-pause` turns it off, for automation).
    #[wasm_bindgen(js_name = setPause)]
    pub fn set_pause(&mut self, on: bool) {
        self.hosted.set_pause(on);
    }

    /// The state to keep in the browser's storage (JSON).
    pub fn saved(&self) -> String {
        self.hosted.saved().to_json()
    }

    /// The finished games to archive, as a JSON array of `{id, text}`
    /// (`[]`: none): the archive's key and the record's text. They stay
    /// in [`saved`](WebRoom::saved) until [`archived`](WebRoom::archived)
    /// is called with them.
    #[wasm_bindgen(js_name = takeUnarchived)]
    pub fn take_unarchived(&mut self) -> String {
        games_json(&self.hosted.take_unarchived())
    }

    /// The games of `games` (as [`take_unarchived`](WebRoom::take_unarchived)
    /// gave them) are in the archive: the saved state leaves them out.
    pub fn archived(&mut self, games: &str) {
        let ids: Vec<String> = games_of(games).into_iter().map(|g| g.id).collect();
        self.hosted.archived(&ids);
    }

    /// The games of `games` could not be archived: the saved state keeps
    /// them, and `takeUnarchived` offers them again.
    #[wasm_bindgen(js_name = archiveFailed)]
    pub fn archive_failed(&mut self, games: &str) {
        self.hosted.archive_failed(&games_of(games));
    }

    /// The archive ids of the games the person deleted, as a JSON array of
    /// strings (`[]`: none), for the page to remove from its archive,
    /// after any write of them it has begun.
    #[wasm_bindgen(js_name = takeDeleted)]
    pub fn take_deleted(&mut self) -> String {
        serde_json::to_string(&self.hosted.take_deleted()).expect("strings serialize")
    }

    /// The games of `ids` (as [`take_deleted`](WebRoom::take_deleted) gave
    /// them) could not be removed: `takeDeleted` offers them again.
    #[wasm_bindgen(js_name = deleteFailed)]
    pub fn delete_failed(&mut self, ids: &str) {
        let ids: Vec<String> = serde_json::from_str(ids).unwrap_or_default();
        self.hosted.delete_failed(&ids);
    }

    /// The archive's record texts, read back when the page opens (after
    /// `restore`): the messages that list them with the room's own games,
    /// each once. A text that is not a record is left out.
    #[wasm_bindgen(js_name = addArchived)]
    pub fn add_archived(&mut self, records: Vec<String>) -> Vec<String> {
        let now = self.now();
        let games = records
            .iter()
            .filter_map(|t| parse_records(t).ok())
            .flatten()
            .collect();
        texts(self.hosted.add_archived(games, now))
    }

    /// Puts a kept state back: the messages that show it, or why it
    /// cannot be (the room is then unchanged).
    pub fn restore(&mut self, saved: &str) -> Result<Vec<String>, JsError> {
        let now = self.now();
        let saved = SavedRoom::from_json(saved).map_err(|e| JsError::new(&e.to_string()))?;
        self.hosted
            .restore(&saved, now)
            .map(texts)
            .map_err(|e| JsError::new(&e.to_string()))
    }
}
