//! songo-wasm: the engine in WebAssembly, for a web page's worker. It
//! speaks the protocol's lines (protocol.md) like the native command, so
//! that a page drives it the same way it drives `songo` over a websocket:
//!
//! ```js
//! const engine = new SongoEngine((line) => postMessage(line));
//! engine.send("uci");                        // … "uciok"
//! engine.send("position startpos moves C");
//! engine.send("go depth 6");                 // … "bestmove …", then returns
//! engine.bench();                            // "849699 nodes 1234567 nps"
//! ```
//!
//! The engine is built without threads (songo-engine's default features
//! off): a job runs inside the call that starts it, so `send("go …")`
//! returns after the `bestmove` line, and `stop` or `ponderhit` can only
//! come after it. `go infinite` searches to the deepest depth there is,
//! which is as good as forever: a page ends such a search by replacing its
//! worker with a fresh one (songo-room's driver asks for that).
//!
//! [`WebRoom`] is the other half of the static site: the room of `songo
//! gui` (the game, the analysis board, reviews) running in the page, its
//! engines in Web Workers that each run a [`SongoEngine`].
//!
//! [`SongoGame`] is the rules for a page that embeds a board (the npm
//! package, docs/npm.md): legal moves, a move played, the position read,
//! every mistake a JavaScript `Error` with the rules core's reason.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod room;
pub mod rules;

pub use room::WebRoom;
pub use rules::SongoGame;

use std::cell::RefCell;
use std::sync::Arc;

use songo_engine::Engine;
use songo_protocol::bench::{self, BenchStep};
use songo_protocol::format::bench_line;
use songo_protocol::Session;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A JavaScript function that takes one line of the engine's output.
    #[wasm_bindgen(typescript_type = "(line: string) => void")]
    #[derive(Clone)]
    pub type LineCallback;

    /// `Function.prototype.call`: the callback with `this` undefined.
    #[wasm_bindgen(method, catch, js_name = call)]
    fn call(this: &LineCallback, this_arg: &JsValue, line: &str) -> Result<JsValue, JsValue>;
}

thread_local! {
    /// The callbacks of the engines whose `send` is running, innermost
    /// last. A session's sink must be `Send + Sync` (native engines report
    /// from their threads), which a JavaScript function is not; so the
    /// sink holds nothing and writes to the engine running now. Without
    /// threads every line is written inside a `send` of its own engine,
    /// and a callback that sends to another engine pushes that one's.
    static CALLBACKS: RefCell<Vec<LineCallback>> = const { RefCell::new(Vec::new()) };
}

/// Writes one line to the innermost running engine's callback. What the
/// callback throws is dropped, as a native engine ignores a closed output:
/// the search goes on and its next lines are offered all the same.
fn write_line(line: &str) {
    // A clone (a new reference to the same function), so that the list is
    // not borrowed while JavaScript runs and perhaps sends again.
    let callback = CALLBACKS.with(|c| c.borrow().last().cloned());
    if let Some(callback) = callback {
        let _ = callback.call(&JsValue::UNDEFINED, line);
    }
}

/// Strips the one line ending a line may come with (`\n` or `\r\n`), as a
/// pipe's reader does; any other control byte is refused by the session.
fn without_line_ending(line: &str) -> &str {
    let line = line.strip_suffix('\n').unwrap_or(line);
    line.strip_suffix('\r').unwrap_or(line)
}

/// The engine, for JavaScript: a protocol session whose output lines go
/// to a callback.
#[wasm_bindgen]
pub struct SongoEngine {
    session: Session,
    on_line: LineCallback,
}

#[wasm_bindgen]
impl SongoEngine {
    /// A new engine at its default options; each line it writes is passed
    /// to `on_line` (without its line ending) as soon as it is written.
    #[wasm_bindgen(constructor)]
    pub fn new(on_line: LineCallback) -> Result<SongoEngine, JsError> {
        if !on_line.is_function() {
            return Err(JsError::new("SongoEngine: onLine must be a function"));
        }
        Ok(SongoEngine {
            session: Session::new(Arc::new(write_line)),
            on_line,
        })
    }

    /// Runs one protocol line; the answers reach `on_line` before this
    /// returns (a `go` returns after its `bestmove`). A line that is not
    /// text (a control byte, several lines at once) is answered with an
    /// `info string error: …` line. Returns `false` after `quit`: the
    /// caller may drop the engine.
    pub fn send(&mut self, line: &str) -> bool {
        CALLBACKS.with(|c| c.borrow_mut().push(self.on_line.clone()));
        let goes_on = self.session.handle_line(without_line_ending(line));
        if !goes_on {
            self.session.quit();
        }
        CALLBACKS.with(|c| c.borrow_mut().pop());
        goes_on
    }

    /// The fixed bench through the engine's façade, as the native `songo
    /// bench` runs it (one thread, its own 16 MB table, the default
    /// evaluation), on an engine of its own: its last line, `N nodes X
    /// nps`, whose N is the search's signature and equals the native one.
    pub fn bench(&self) -> Result<String, JsError> {
        let (mut engine, events) = Engine::with_channel();
        bench::prepare(&mut engine).map_err(|e| JsError::new(&format!("bench: {e}")))?;
        let depth = songo_engine::bench::BENCH_DEPTH;
        let r = bench::run(&mut engine, &events, depth, None, &mut |_: BenchStep| {})
            .map_err(|e| JsError::new(&format!("bench: {e}")))?;
        Ok(bench_line(&r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_ending_is_dropped() {
        assert_eq!(without_line_ending("uci\n"), "uci");
        assert_eq!(without_line_ending("uci\r\n"), "uci");
        assert_eq!(without_line_ending("uci"), "uci");
        assert_eq!(without_line_ending("uci\n\n"), "uci\n");
    }
}
