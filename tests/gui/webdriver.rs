//! A small WebDriver client (the W3C protocol, JSON over HTTP) for
//! chromedriver driving headless Chromium: sessions, navigation, elements,
//! clicks (a mouse's, a double click, a finger's tap), keys, scripts,
//! reloads, downloads, window size and screenshots. Written here, on
//! the test's own HTTP client, rather than taken from a crate, so that the
//! browser tests add no dependency (and no build time) to the suite.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::http;

/// The browser and its driver, as Debian installs them.
pub struct Tools {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

fn on_path(name: &str, usual: &str) -> Option<PathBuf> {
    if Path::new(usual).exists() {
        return Some(PathBuf::from(usual));
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.exists())
    })
}

impl Tools {
    /// The tools, or why they are missing.
    pub fn find() -> Result<Tools, String> {
        let chromium = on_path("chromium", "/usr/bin/chromium")
            .ok_or("chromium is not installed (Debian: apt-get install chromium)")?;
        let chromedriver = on_path("chromedriver", "/usr/bin/chromedriver")
            .ok_or("chromedriver is not installed (Debian: apt-get install chromium-driver)")?;
        Ok(Tools {
            chromium,
            chromedriver,
        })
    }
}

/// The key of an element reference in WebDriver's JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// chromedriver with one browser session.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// How many ports [`start_driver`] tries.
const DRIVER_TRIES: usize = 5;

/// Whether process `pid` listens on local TCP `port`: a socket of its
/// (`/proc/PID/fd`) is a listening one of that port (`/proc/net/tcp`,
/// `tcp6`). So an answer on the port is that process's, not another's
/// that holds the port (a parallel test's chromedriver). `None` without
/// Linux's /proc.
fn listens_on(pid: u32, port: u16) -> Option<bool> {
    let mut sockets = Vec::new();
    let mut read = false;
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = std::fs::read_to_string(table) else {
            continue;
        };
        read = true;
        // `sl local_address rem_address st … inode`: the local port in
        // hex, state 0A is LISTEN, the inode tenth.
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local = fields
                .get(1)
                .and_then(|a| a.rsplit_once(':'))
                .and_then(|(_, p)| u16::from_str_radix(p, 16).ok());
            if local == Some(port) && fields.get(3) == Some(&"0A") {
                if let Some(inode) = fields.get(9) {
                    sockets.push(format!("socket:[{inode}]"));
                }
            }
        }
    }
    if !read {
        return None;
    }
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?;
    Some(fds.flatten().any(|fd| {
        std::fs::read_link(fd.path())
            .is_ok_and(|link| sockets.iter().any(|s| link.as_os_str() == s.as_str()))
    }))
}

/// chromedriver started and answering on a port of `ports`. A free port
/// is only free when it was picked: another process may take it before
/// chromedriver binds it, and chromedriver then exits (or another's
/// chromedriver answers on it). So a chromedriver that exits, or does not
/// listen there and answer within 20 s, is stopped and another port tried,
/// [`DRIVER_TRIES`] times.
fn start_driver(tools: &Tools, mut ports: impl FnMut() -> u16) -> (Child, u16) {
    let mut failures = Vec::new();
    for _ in 0..DRIVER_TRIES {
        let port = ports();
        let mut driver = Command::new(&tools.chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        let failure = loop {
            if let Ok(Some(status)) = driver.try_wait() {
                break format!("port {port}: chromedriver exited ({status})");
            }
            // Only our chromedriver is asked: a stranger on the port may
            // never answer.
            let ours = listens_on(driver.id(), port) != Some(false);
            let ready = ours
                && http::try_request(port, "GET", "/status", &[("Host", "127.0.0.1")], None)
                    .ok()
                    .and_then(|r| serde_json::from_slice::<Value>(&r.body).ok())
                    .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                return (driver, port);
            }
            if Instant::now() >= deadline {
                break format!("port {port}: chromedriver did not answer");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let _ = driver.kill();
        let _ = driver.wait();
        failures.push(failure);
    }
    panic!("chromedriver did not start: {failures:?}");
}

impl Browser {
    /// Starts chromedriver and a headless Chromium of `width`×`height`,
    /// whose person reads English (`en-US`).
    pub fn start(tools: &Tools, width: u32, height: u32) -> Browser {
        Browser::start_in(tools, width, height, "en-US")
    }

    /// Starts a headless Chromium whose languages are `lang` (`fr-FR`):
    /// `navigator.languages` and `Accept-Language`.
    pub fn start_in(tools: &Tools, width: u32, height: u32, lang: &str) -> Browser {
        let (driver, port) = start_driver(tools, free_port);
        let profile =
            std::env::temp_dir().join(format!("songo-gui-test-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            profile,
        };
        let args = [
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            format!("--user-data-dir={}", browser.profile.display()),
            format!("--window-size={width},{height}"),
            format!("--lang={lang}"),
        ];
        // Downloads go into the profile, removed with it, where a test can
        // read them, and never ask where.
        let prefs = json!({
            "download.default_directory": browser.downloads(),
            "download.prompt_for_download": false,
            "intl.accept_languages": lang,
        });
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": tools.chromium, "args": args, "prefs": prefs},
        }}});
        let answer = browser.call("POST", "/session", Some(caps));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        browser
    }

    /// A WebDriver command; returns its `value`, panicking on an error.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_call(method, path, body)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// A WebDriver command; its `value`, or the error it answered.
    fn try_call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let body = body.map(|b| b.to_string());
        let r = http::request(
            self.port,
            method,
            path,
            &[("Host", &format!("127.0.0.1:{}", self.port))],
            body.as_deref().map(str::as_bytes),
        );
        let v: Value = serde_json::from_slice(&r.body)
            .map_err(|_| format!("{method} {path}: {} {}", r.status, r.text()))?;
        if r.status != 200 {
            return Err(format!("{method} {path}: {} {}", r.status, v["value"]));
        }
        Ok(v["value"].clone())
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    pub fn goto(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Opens a new window of this browser (the same profile and storage,
    /// as a second tab) and switches to it: the handle of the window
    /// left, for [`switch_to`](Browser::switch_to).
    #[allow(dead_code)] // tests/web_site (which includes this file)
    pub fn new_window(&self) -> String {
        let left = self.session_call("GET", "/window", None);
        let opened = self.session_call("POST", "/window/new", Some(json!({"type": "window"})));
        self.switch_to(opened["handle"].as_str().expect("a window's handle"));
        left.as_str().expect("a window's handle").to_string()
    }

    /// Switches the commands to the window of `handle` (and brings it to
    /// the front).
    #[allow(dead_code)] // tests/web_site (which includes this file)
    pub fn switch_to(&self, handle: &str) {
        self.session_call("POST", "/window", Some(json!({ "handle": handle })));
    }

    /// Closes the window the commands go to, as a person closes a tab
    /// (its page unloads: its Web Locks are released); the commands then
    /// need [`switch_to`](Browser::switch_to) another window.
    #[allow(dead_code)] // tests/web_site (which includes this file)
    pub fn close_window(&self) {
        self.session_call("DELETE", "/window", None);
    }

    /// The handle of the window the commands go to.
    #[allow(dead_code)] // tests/web_site (which includes this file)
    pub fn window(&self) -> String {
        let v = self.session_call("GET", "/window", None);
        v.as_str().expect("a window's handle").to_string()
    }

    /// Reloads the page, as the browser's reload button does (`goto` to
    /// the same URL but for its fragment would only move in the page).
    pub fn refresh(&self) {
        self.session_call("POST", "/refresh", Some(json!({})));
    }

    /// The directory this browser's downloads go to (in its profile).
    pub fn downloads(&self) -> PathBuf {
        self.profile.join("downloads")
    }

    /// The first element matching a CSS selector.
    pub fn find(&self, css: &str) -> String {
        let v = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT].as_str().expect("an element").to_string()
    }

    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.session_call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Input actions of one pointer (`mouse` or `touch`) on an element:
    /// moved to its centre, then `presses` presses and releases, as fast
    /// as the browser takes them (real input events, not a script's).
    fn pointer(&self, css: &str, kind: &str, presses: usize) {
        let id = self.find(css);
        let mut actions = vec![json!({
            "type": "pointerMove", "duration": 0, "x": 0, "y": 0, "origin": { ELEMENT: id },
        })];
        for _ in 0..presses {
            actions.push(json!({"type": "pointerDown", "button": 0}));
            actions.push(json!({"type": "pointerUp", "button": 0}));
        }
        self.session_call(
            "POST",
            "/actions",
            Some(json!({"actions": [{
                "type": "pointer", "id": kind, "parameters": {"pointerType": kind}, "actions": actions,
            }]})),
        );
        self.session_call("DELETE", "/actions", None);
    }

    /// Two clicks of the mouse in a row on an element, as a person's
    /// double click.
    pub fn double_click(&self, css: &str) {
        self.pointer(css, "mouse", 2);
    }

    /// A finger's tap on an element, as on a phone.
    #[allow(dead_code)] // tests/web_site (which includes this file)
    pub fn tap(&self, css: &str) {
        self.pointer(css, "touch", 1);
    }

    /// Types `text` into an element (for a file input: the file's path,
    /// which uploads it).
    pub fn send_keys(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.session_call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Empties a text input.
    pub fn clear(&self, css: &str) {
        let id = self.find(css);
        self.session_call("POST", &format!("/element/{id}/clear"), Some(json!({})));
    }

    /// Chooses an `<option>` of a `<select>` the way a person does.
    pub fn select(&self, select_css: &str, value: &str) {
        self.click(&format!("{select_css} option[value=\"{value}\"]"));
    }

    /// Presses and releases keys, as typed on the keyboard.
    pub fn type_keys(&self, keys: &str) {
        let mut actions = Vec::new();
        for k in keys.chars() {
            actions.push(json!({"type": "keyDown", "value": k.to_string()}));
            actions.push(json!({"type": "keyUp", "value": k.to_string()}));
        }
        self.session_call(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    /// Runs a script in the page and returns its value.
    pub fn script(&self, script: &str) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// [`script`](Browser::script), its error returned: a script run while
    /// a page is being replaced (a navigation, a reload) finds no element.
    #[allow(dead_code)] // used through page_support by both test binaries
    pub fn try_script(&self, script: &str) -> Result<Value, String> {
        self.try_call(
            "POST",
            &format!("/session/{}/execute/sync", self.session),
            Some(json!({"script": script, "args": []})),
        )
    }

    /// A Chrome DevTools Protocol command (chromedriver's extension), its
    /// result: Chromium's own verdicts (tests/web_site), a script put in
    /// the page before its own, text inserted as a paste.
    pub fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.session_call(
            "POST",
            "/goog/cdp/execute",
            Some(json!({"cmd": cmd, "params": params})),
        )
    }

    /// A phone's screen from now on: `width`×`height` CSS pixels with the
    /// page's viewport meta applied (a desktop window has a least width),
    /// and touch input.
    pub fn emulate_phone(&self, width: u32, height: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": true}),
        );
        self.cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 5}),
        );
    }

    pub fn resize(&self, width: u32, height: u32) {
        self.session_call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
    }

    /// A PNG of the viewport, written to `path`.
    pub fn screenshot(&self, path: &Path) {
        let v = self.session_call("GET", "/screenshot", None);
        let png = base64_decode(v.as_str().expect("base64"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http::try_request(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                &[("Host", &format!("127.0.0.1:{}", self.port))],
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let digits: Vec<u32> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, d) in chunk.iter().enumerate() {
            n |= d << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGVsbG8h"), b"hello!");
    assert_eq!(base64_decode("aGk="), b"hi");
}

/// The race [`start_driver`] is made for, run on purpose: the first port
/// it is given is taken by a stranger that answers as a ready chromedriver
/// would. That chromedriver exits, the stranger is never asked (nor taken
/// for it), and chromedriver starts on the next port.
#[test]
fn chromedriver_on_a_taken_port_starts_again_on_another() {
    use std::io::{Read, Write};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Arc;

    let tools = match Tools::find() {
        Ok(tools) => tools,
        Err(why) if std::env::var("SONGO_GUI_BROWSER").as_deref() == Ok("required") => {
            panic!("SONGO_GUI_BROWSER=required but {why}")
        }
        Err(_) => return,
    };
    let stranger = TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = stranger.local_addr().unwrap().port();
    stranger.set_nonblocking(true).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let asked = Arc::new(AtomicUsize::new(0));
    let serve = {
        let (stop, asked) = (stop.clone(), asked.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let Ok((mut stream, _)) = stranger.accept() else {
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                };
                asked.fetch_add(1, Ordering::Relaxed);
                let _ = stream.set_nonblocking(false);
                let mut request = [0u8; 1024];
                let _ = stream.read(&mut request);
                let body = r#"{"value":{"ready":true,"message":"a stranger"}}"#;
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        })
    };
    let mut given = Vec::new();
    let (mut driver, port) = start_driver(&tools, || {
        let port = if given.is_empty() { taken } else { free_port() };
        given.push(port);
        port
    });
    stop.store(true, Ordering::Relaxed);
    serve.join().unwrap();
    assert_eq!(given, [taken, port], "the ports tried, and the one used");
    if let Some(ours) = listens_on(driver.id(), port) {
        assert!(ours, "chromedriver does not listen on {port}");
        assert_eq!(asked.load(Ordering::Relaxed), 0, "the stranger was asked");
    }
    let _ = driver.kill();
    let _ = driver.wait();
}
