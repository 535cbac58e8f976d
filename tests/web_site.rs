//! The static site (docs/web.md): `scripts/web-build.sh` builds it once
//! into `target/tmp/web-site`, `python3 -m http.server` serves it on
//! 127.0.0.1, and headless Chromium (through chromedriver, with the GUI
//! tests' WebDriver client) checks that
//!
//! - `index.html?bench` runs the engine's fixed bench in the page's engine
//!   worker and shows `N nodes X nps`, N the native `songo bench`'s count;
//! - the manifest is linked and valid, its icons there; the service worker
//!   registers and controls the page; the server-only controls are hidden;
//! - with the server stopped the page still loads from the service worker,
//!   its board shown, and its engine still runs the bench;
//! - the page asks nothing of another origin (every resource it loads is
//!   its own) and its Content-Security-Policy is in force.
//!
//! Without a browser, the build's files are checked too: the manifest,
//! the policy, no inline script or style, the service worker's list.
//!
//! The tests skip, saying why, when a tool is missing (the build names
//! each with the command that installs it; Chromium, chromedriver and
//! python3 likewise), unless `SONGO_WEB=required`, as in CI: then they fail.

// The GUI tests' HTTP and WebDriver clients, shared rather than copied
// (this binary uses a part of them).
#[allow(dead_code)]
#[path = "gui/http.rs"]
mod http;
#[allow(dead_code)]
#[path = "gui/webdriver.rs"]
mod webdriver;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::channel;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;
use webdriver::{Browser, Tools};

/// The build script's exit status when a tool it needs is missing.
const MISSING_TOOL: i32 = 3;
/// The longest wait for the page to reach a state (the bench takes a
/// second or two; a first load compiles the wasm).
const PATIENCE: Duration = Duration::from_secs(60);

/// Skips the test with `why`, or fails it when `SONGO_WEB=required`.
fn missing(why: &str) {
    if std::env::var("SONGO_WEB").as_deref() == Ok("required") {
        panic!("SONGO_WEB=required but {why}");
    }
    // Past the test harness's capture, so that the skip is seen.
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn check(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what}: {}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// The site, built once for every test of this file: its directory, or
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
            return Err(text(&built.stderr).trim().to_string());
        }
        check("scripts/web-build.sh", &built);
        eprintln!(
            "{}built in {:.1} s",
            text(&built.stdout),
            started.elapsed().as_secs_f64()
        );
        Ok(out)
    })
    .as_deref()
    .map_err(Clone::clone)
}

/// The native bench's node count: the first number of `songo bench`'s
/// last line, `N nodes X nps` (so the count lives in one place, the
/// engine).
fn native_bench_nodes() -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("bench")
        .output()
        .expect("songo bench runs");
    check("songo bench", &out);
    let said = text(&out.stdout);
    let last = said.lines().last().expect("songo bench prints its result");
    parse_bench(last).unwrap_or_else(|| panic!("not the bench's last line: {last:?}"))
}

/// N of a bench line `N nodes X nps`.
fn parse_bench(line: &str) -> Option<u64> {
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        [n, "nodes", x, "nps"] if x.parse::<u64>().is_ok() => n.parse().ok(),
        _ => None,
    }
}

/// `python3 -m http.server` on 127.0.0.1 serving `dir`, as docs/web.md
/// says to serve the site.
struct StaticServer {
    child: Child,
    port: u16,
}

impl StaticServer {
    fn start(dir: &Path) -> StaticServer {
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

    fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Runs `script` (a function body returning a value) until its value is
/// neither null nor false, and returns it; panics after [`PATIENCE`],
/// saying `what` was awaited.
fn wait_for(b: &Browser, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let v = b.script(script);
        if !(v.is_null() || v == false) {
            return v;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The bench in the page: waits for its result and returns the line,
/// with what it took from the navigation to the page loaded and to the
/// engine loaded in its worker, in ms.
fn page_bench(b: &Browser) -> (String, u64, u64) {
    let v = wait_for(
        b,
        "the bench's result",
        "const r = document.querySelector('[data-testid=bench-result]');
         const n = performance.getEntriesByType('navigation')[0];
         return r && r.dataset.state !== 'running' && n.loadEventEnd > 0
           ? [r.dataset.state, r.textContent, Math.round(n.loadEventEnd), Number(r.dataset.engineReady)]
           : null;",
    );
    assert_eq!(v[0], "done", "the bench failed: {}", v[1]);
    let ms = |i: usize| v[i].as_u64().unwrap_or(0);
    (v[1].as_str().unwrap().to_string(), ms(2), ms(3))
}

/// Starts a fetch in the page and returns a script that polls its outcome
/// (the page's scripts are synchronous in this WebDriver client).
fn start_fetch(b: &Browser, key: &str, url: &str) -> String {
    b.script(&format!(
        "window.{key} = null;
         fetch({url:?}).then(async (r) => {{ window.{key} = {{ok: r.ok, status: r.status, type: r.headers.get('content-type'), text: await r.text()}}; }},
                              (e) => {{ window.{key} = {{error: String(e)}}; }});
         return null;"
    ));
    format!("return window.{key};")
}

#[test]
fn the_built_site_is_complete_and_strict() {
    let site = match site() {
        Ok(site) => site,
        Err(why) => return missing(&why),
    };
    let read = |name: &str| {
        std::fs::read_to_string(site.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };

    // The manifest: what a browser needs to offer the install.
    let manifest: Value = serde_json::from_str(&read("manifest.webmanifest")).expect("JSON");
    for key in [
        "name",
        "short_name",
        "start_url",
        "theme_color",
        "background_color",
    ] {
        assert!(manifest[key].is_string(), "manifest without {key}");
    }
    assert_eq!(manifest["display"], "standalone");
    let icons = manifest["icons"].as_array().expect("icons");
    for (size, purpose) in [(192, "any"), (512, "any"), (512, "maskable")] {
        let icon = icons
            .iter()
            .find(|i| i["sizes"] == format!("{size}x{size}") && i["purpose"] == purpose)
            .unwrap_or_else(|| panic!("no {size} px {purpose} icon"));
        assert_eq!(icon["type"], "image/png");
        let png = std::fs::read(site.join(icon["src"].as_str().unwrap())).expect("the icon");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // IHDR: width and height, big-endian, after the chunk's length and type.
        let dim = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!((dim(16), dim(20)), (size, size), "{}", icon["src"]);
    }

    // index.html: the worker transport, the manifest, and a strict policy
    // before anything it governs.
    let index = read("index.html");
    assert!(index.contains(r#"<meta name="songo-transport" content="worker">"#));
    assert!(index.contains(r#"<link rel="manifest" href="manifest.webmanifest">"#));
    let csp_at = index
        .find(r#"<meta http-equiv="Content-Security-Policy" content=""#)
        .expect("a Content-Security-Policy");
    assert!(csp_at < index.find("<link").unwrap() && csp_at < index.find("<script").unwrap());
    let csp = index[csp_at..].split('"').nth(3).unwrap();
    for directive in [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
    ] {
        assert!(
            csp.split("; ").any(|d| d == directive),
            "{directive} in {csp}"
        );
    }
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("http"),
        "{csp}"
    );
    // Nothing inline for the policy to refuse: every script a file, no
    // style element or attribute.
    for (i, _) in index.match_indices("<script") {
        assert!(index[i..].split('>').next().unwrap().contains(" src="));
    }
    assert!(!index.contains("<style") && !index.contains(" style="));

    // The service worker keeps every file of the site, each once, under a
    // cache name made of their hash.
    let sw = read("sw.js");
    let listed: Vec<&str> = sw
        .split("const FILES = [")
        .nth(1)
        .and_then(|rest| rest.split("];").next())
        .expect("the list of files")
        .lines()
        .filter_map(|l| l.trim().strip_prefix('"')?.strip_suffix("\","))
        .collect();
    let mut on_disk = Vec::new();
    let mut dirs = vec![site.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let name = path.strip_prefix(site).unwrap().to_str().unwrap();
                if name != "sw.js" {
                    on_disk.push(name.to_string());
                }
            }
        }
    }
    on_disk.push("./".into());
    on_disk.sort();
    let mut listed_sorted: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
    listed_sorted.sort();
    assert_eq!(listed_sorted, on_disk);
    assert!(
        sw.lines().any(|l| l.starts_with("const CACHE = \"songo-")),
        "a cache name in sw.js"
    );
}

#[test]
fn in_chromium_the_site_benches_installs_and_works_offline() {
    let tools = match Tools::find() {
        Ok(tools) => tools,
        Err(why) => return missing(&why),
    };
    match Command::new("python3").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        _ => return missing("python3 is missing; install it with: apt-get install python3"),
    }
    let site = match site() {
        Ok(site) => site,
        Err(why) => return missing(&why),
    };
    let native = native_bench_nodes();
    let mut server = StaticServer::start(site);
    let origin = server.origin();
    let b = Browser::start(&tools, 390, 844);

    // The first visit, with the bench.
    b.goto(&format!("{origin}/?bench"));
    let (line, loaded, ready) = page_bench(&b);
    eprintln!("page bench: {line}; native: {native} nodes");
    eprintln!("first visit (empty cache): page loaded {loaded} ms, engine ready {ready} ms after navigation");
    assert_eq!(parse_bench(&line), Some(native), "{line}");

    // The page as the static site: its transport, the hooks of docs/gui.md
    // present, the server-only controls hidden.
    let page = b.script(
        "const shown = (e) => getComputedStyle(e).display !== 'none';
         return {
           transport: document.body.dataset.transport,
           hooks: ['board', 'variant', 'side', 'level', 'new-game', 'result']
             .filter((t) => !document.querySelector(`[data-testid=${t}]`)),
           serverOnlyShown: [...document.querySelectorAll('[data-server-only]')].filter(shown).length,
           serverOnly: document.querySelectorAll('[data-server-only]').length,
           board: shown(document.querySelector('[data-testid=board]')),
         };",
    );
    assert_eq!(page["transport"], "worker");
    assert_eq!(page["hooks"], serde_json::json!([]), "hooks missing");
    assert!(page["serverOnly"].as_u64().unwrap() >= 2, "{page}");
    assert_eq!(page["serverOnlyShown"], 0, "{page}");
    assert_eq!(page["board"], true);

    // The manifest, linked and served as the browser reads it.
    let href = b.script("return document.querySelector('link[rel=manifest]').href;");
    assert_eq!(href, format!("{origin}/manifest.webmanifest"));
    let poll = start_fetch(&b, "songoManifest", "manifest.webmanifest");
    let got = wait_for(&b, "the manifest", &poll);
    assert_eq!(got["ok"], true, "{got}");
    let manifest: Value = serde_json::from_str(got["text"].as_str().unwrap()).expect("JSON");
    assert_eq!(manifest["display"], "standalone");

    // The service worker: registered, active, controlling this page, its
    // cache filled.
    let sw = wait_for(
        &b,
        "the service worker to control the page",
        "const c = navigator.serviceWorker && navigator.serviceWorker.controller;
         return c && c.state === 'activated' ? c.scriptURL : null;",
    );
    assert_eq!(sw, format!("{origin}/sw.js"));
    // What Chromium itself says of the manifest, and whether it would
    // offer the install.
    let parsed = b.cdp("Page.getAppManifest", serde_json::json!({}));
    assert_eq!(parsed["url"], href, "{parsed}");
    assert_eq!(parsed["errors"], serde_json::json!([]), "{parsed}");
    let installable = b.cdp("Page.getInstallabilityErrors", serde_json::json!({}));
    assert_eq!(
        installable["installabilityErrors"],
        serde_json::json!([]),
        "not installable: {installable}"
    );
    b.script(
        "window.songoCaches = null;
         caches.keys().then(async (keys) => {
           window.songoCaches = await Promise.all(keys.map(async (k) => [k, (await (await caches.open(k)).keys()).length]));
         });
         return null;",
    );
    let caches = wait_for(&b, "the caches", "return window.songoCaches;");
    let caches = caches.as_array().unwrap();
    assert_eq!(caches.len(), 1, "{caches:?}");
    assert!(caches[0][0].as_str().unwrap().starts_with("songo-"));
    assert!(caches[0][1].as_u64().unwrap() >= 15, "{caches:?}");

    // Nothing from another origin: every resource the page loaded is its
    // own, and the policy refuses a request elsewhere (before it is made:
    // nothing listens on that port).
    let foreign = b.script(&format!(
        "return performance.getEntriesByType('resource').map((e) => e.name)
           .filter((n) => !n.startsWith({:?}));",
        format!("{origin}/")
    ));
    assert_eq!(foreign, serde_json::json!([]), "requests to other origins");
    b.script(
        "window.songoRefused = null;
         document.addEventListener('securitypolicyviolation', (e) => { window.songoRefused = e.violatedDirective; });
         fetch('http://127.0.0.1:9/').catch(() => {});
         return null;",
    );
    let refused = wait_for(&b, "the policy's refusal", "return window.songoRefused;");
    assert_eq!(refused, "connect-src");

    // Offline: the server stopped, the page reloads from the service
    // worker, its board shown, and its engine (the wasm, the worker) runs.
    server.stop();
    assert!(
        http::try_request(server.port, "GET", "/", &[("Host", "127.0.0.1")], None).is_err(),
        "the server still answers"
    );
    b.goto(&format!("{origin}/"));
    wait_for(
        &b,
        "the board, offline",
        "const b = document.querySelector('[data-testid=board]');
         return document.readyState === 'complete' && b && getComputedStyle(b).display !== 'none'
           && document.body.dataset.transport === 'worker';",
    );
    let from_sw = b.script(
        "const n = performance.getEntriesByType('navigation')[0];
         return navigator.serviceWorker.controller !== null && n.workerStart > 0;",
    );
    assert_eq!(
        from_sw, true,
        "the offline page was not served by the service worker"
    );
    b.goto(&format!("{origin}/?bench"));
    let (line, loaded, ready) = page_bench(&b);
    eprintln!("offline (from the service worker): page loaded {loaded} ms, engine ready {ready} ms after navigation; bench {line}");
    assert_eq!(parse_bench(&line), Some(native), "offline: {line}");
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-site-offline.png");
    b.screenshot(&shot);
}
