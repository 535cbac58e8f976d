//! A static directory served to a headless browser, and the page's
//! errors noted: shared by the static site's tests (tests/web_site) and
//! the npm package's example page (tests/npm_package.rs), which include
//! this file by path; and how they skip or report.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

use serde_json::json;

use super::webdriver::Browser;

/// The web build scripts' exit status when a tool they need is missing.
pub const MISSING_TOOL: i32 = 3;

/// Skips the test with `why`, or fails it when `SONGO_WEB=required`.
pub fn missing(why: &str) {
    if std::env::var("SONGO_WEB").as_deref() == Ok("required") {
        panic!("SONGO_WEB=required but {why}");
    }
    // Past the test harness's capture, so that the skip is seen.
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}

/// Says something past the test harness's capture: a figure of the run.
pub fn report(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// `python3 -m http.server` on 127.0.0.1 serving `dir`, as docs/web.md
/// says to serve the site.
pub struct StaticServer {
    child: Child,
    /// The port it listens on, on 127.0.0.1.
    pub port: u16,
}

impl StaticServer {
    pub fn start(dir: &Path) -> StaticServer {
        // Port 0: the server picks a free one and says which.
        let mut child = Command::new("python3")
            .args(["-u", "-m", "http.server", "--bind", "127.0.0.1", "0"])
            .arg("--directory")
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = tx.send(line);
            }
            // Keep reading, so that the server never blocks on a full pipe.
            for _ in lines {}
        });
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("http.server says where it serves");
        // "Serving HTTP on 127.0.0.1 port 39043 (http://127.0.0.1:39043/) ..."
        let port = line
            .split_whitespace()
            .skip_while(|w| *w != "port")
            .nth(1)
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("not http.server's first line: {line:?}"));
        StaticServer { child, port }
    }

    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Injected by DevTools into every page before its own scripts: notes
/// the page's uncaught errors and unhandled rejections in
/// `window.songoErrors`.
pub const NOTE_ERRORS: &str = "window.songoErrors = [];
    addEventListener('error', (e) => window.songoErrors.push(`error: ${e.message} at ${e.filename}:${e.lineno}`));
    addEventListener('unhandledrejection', (e) => window.songoErrors.push(`unhandled rejection: ${e.reason && e.reason.stack || e.reason}`));";

/// The page has had no uncaught error nor unhandled rejection.
pub fn assert_no_page_errors(b: &Browser) {
    let errors = b.script("return window.songoErrors;");
    assert_eq!(errors, json!([]), "errors in the page");
}
