//! The static site (docs/web.md) as a person uses it: `scripts/web-build.sh`
//! builds it once per run into `target/tmp/web-site`, `python3 -m
//! http.server` serves it on 127.0.0.1, and headless Chromium (through
//! chromedriver, with the GUI tests' WebDriver client) plays on it. Each
//! browser test has its own server, browser and fresh profile.
//!
//! The page is `songo gui`'s, with the room in the page: its automation
//! hooks (docs/gui.md) hold here too, so the checks of the GUI's tests
//! drive it (tests/page_support, shared): every state the page shows is
//! checked against the rules core replaying its moves.
//!
//! - `files.rs`: the build's files, without a browser (the manifest, the
//!   policy, no inline script or style, the service worker's list);
//! - `install.rs`: `?bench`'s node count equal to the native `songo
//!   bench`'s, the hooks there and the server-only controls hidden; the
//!   manifest, the service worker, the install offered, nothing asked of
//!   another origin; offline, the page reloaded from the service worker
//!   and playing a move;
//! - `play.rs`: full games in every variant as South and as North, the
//!   keyboard and take back, fast double input, a game by touch at phone
//!   width (its screenshot is docs/web-phone.png);
//! - `analysis.rs`: analysis lines of a set-up position, a record saved and
//!   loaded back, reviews;
//! - `explorer.rs`: the opening book explorer, from the embedded book;
//! - `storage.rs`: a reload resumes the game, the analysis board and the
//!   settings; damaged or stale saved data is set aside;
//! - `archive.rs`: finished games kept in IndexedDB (issue 43): a game
//!   finished in one tab survives another tab's write, today's saved
//!   games move there once, and without IndexedDB they stay saved (and
//!   it is said);
//! - `clocks.rs`: a timed game's clocks ticking and the person's flag
//!   falling with no click (issue 44), the game listed once; a reload of
//!   a timed game (its clocks back, the side to move's running) and of a
//!   finished one (its end shown, listed once);
//! - `tabs.rs`: one tab plays, the others show the notice, write nothing
//!   and can claim the game, with the other tab's moves, handed over even
//!   when it could not store them; one waiting tab takes over when the
//!   playing tab closes (issue 43).
//!
//! The tests skip, saying why, when a tool is missing (the build names
//! each with the command that installs it; Chromium, chromedriver and
//! python3 likewise), unless `SONGO_WEB=required`, as in CI: then they fail.
//! Screenshots go to `target/tmp/web-screenshots/`.

mod analysis;
mod archive;
#[path = "../cli_support/mod.rs"]
mod cli_support;
mod clocks;
mod explorer;
mod files;
// The GUI tests' HTTP and WebDriver clients and their page checks, shared
// rather than copied (this binary uses a part of them).
#[allow(dead_code)]
#[path = "../gui/http.rs"]
mod http;
mod import;
mod install;
mod languages;
mod learn;
#[path = "../page_support/mod.rs"]
mod page_support;
mod play;
mod soak;
mod static_page;
mod storage;
mod tabs;
#[allow(dead_code)]
#[path = "../gui/webdriver.rs"]
mod webdriver;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use webdriver::{Browser, Tools};

use cli_support::{assert_ran, lossy};
use page_support::{wait_until, Snapshot};
pub(crate) use static_page::{
    assert_no_page_errors, missing, report, StaticServer, MISSING_TOOL, NOTE_ERRORS,
};

/// The longest wait for the page to load and its engine to answer (the
/// bench takes a second or two; a first load compiles the wasm).
const LOAD_PATIENCE: Duration = Duration::from_secs(60);

/// The site, built once for every test of this binary: its directory, or
/// why it could not be built for want of a tool.
fn site() -> Result<&'static Path, String> {
    static SITE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    SITE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-site");
        let started = Instant::now();
        let built = Command::new(root.join("scripts/web-build.sh"))
            .arg(&out)
            .output()
            .expect("the build script runs");
        if built.status.code() == Some(MISSING_TOOL) {
            return Err(lossy(&built.stderr).trim().to_string());
        }
        assert_ran("scripts/web-build.sh", &built);
        report(&format!(
            "{}built in {:.1} s",
            lossy(&built.stdout),
            started.elapsed().as_secs_f64()
        ));
        Ok(out)
    })
    .as_deref()
    .map_err(Clone::clone)
}

fn screenshot_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots")
}

/// A browser test's own static server of the site and its own headless
/// Chromium (a fresh profile), or `None` after saying why the test skips.
struct Web {
    b: Browser,
    server: StaticServer,
}

impl Web {
    fn open(width: u32, height: u32) -> Option<Web> {
        Web::open_in(width, height, "en-US")
    }

    /// A browser whose person reads `locale` (`fr-FR`).
    fn open_in(width: u32, height: u32, locale: &str) -> Option<Web> {
        let tools = match Tools::find() {
            Ok(tools) => tools,
            Err(why) => {
                missing(&why);
                return None;
            }
        };
        match Command::new("python3").arg("--version").output() {
            Ok(out) if out.status.success() => {}
            _ => {
                missing("python3 is missing; install it with: apt-get install python3");
                return None;
            }
        }
        let site = match site() {
            Ok(site) => site,
            Err(why) => {
                missing(&why);
                return None;
            }
        };
        let server = StaticServer::start(site);
        let b = Browser::start_in(&tools, width, height, locale);
        // Every page notes its uncaught errors and unhandled rejections.
        b.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": NOTE_ERRORS }),
        );
        Some(Web { b, server })
    }

    fn origin(&self) -> String {
        self.server.origin()
    }

    /// Opens a second window of the browser (a second tab: the same
    /// storage), whose pages note their errors too, and goes to it: the
    /// handle of the first.
    fn new_window(&self) -> String {
        let first = self.b.new_window();
        self.b.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": NOTE_ERRORS }),
        );
        first
    }

    /// The page's address.
    fn url(&self) -> String {
        format!("{}/", self.origin())
    }

    /// Opens the page and waits for its room's first state, the person to
    /// move (every state seen checked).
    fn start(&self) -> Snapshot {
        self.b.goto(&self.url());
        wait_started(&self.b)
    }

    /// Every resource the page has loaded is of its own origin, and it has
    /// had no uncaught error.
    fn assert_own_origin_only(&self) {
        assert_no_page_errors(&self.b);
        let foreign = self.b.script(&format!(
            "return performance.getEntriesByType('resource').map((e) => e.name)
               .filter((n) => !n.startsWith({:?}));",
            format!("{}/", self.origin())
        ));
        assert_eq!(foreign, json!([]), "requests to other origins");
    }
}

/// Waits for the page's own room to have started and shown its game.
fn wait_started(b: &Browser) -> Snapshot {
    wait_for_value(
        b,
        "the page's room",
        "const c = document.querySelector('[data-testid=connection]');
         return c.dataset.connected === 'true' || null;",
    );
    wait_until(b, "the first state", |s| s.state == "your-move")
}

/// Runs `script` (a function body returning a value) until its value is
/// neither null nor false, and returns it; panics after [`LOAD_PATIENCE`],
/// saying `what` was awaited.
fn wait_for_value(b: &Browser, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + LOAD_PATIENCE;
    loop {
        let v = b.script(script);
        if !(v.is_null() || v == false) {
            return v;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `localStorage[key]` in the page (null when absent).
fn stored(b: &Browser, key: &str) -> Value {
    b.script(&format!("return localStorage.getItem({key:?});"))
}
