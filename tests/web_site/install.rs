//! The site as an installed app: `?bench` in the page's engine, the hooks
//! of docs/gui.md there and the server-only controls hidden; the manifest,
//! the service worker and Chromium's verdict on the install; nothing asked
//! of another origin; and offline, the page reloaded from the service
//! worker, its game restored, playing on.

use serde_json::{json, Value};

use super::cli_support::{bench_nodes, native_bench_nodes};
use super::page_support::{click_pit, Rng};
use super::webdriver::Browser;
use super::{
    assert_no_page_errors, http, report, screenshot_dir, wait_for_value, wait_started, Web,
};

/// The bench in the page: waits for its result and returns the line,
/// with what it took from the navigation to the page loaded and to the
/// engine loaded in its worker, in ms.
fn page_bench(b: &Browser) -> (String, u64, u64) {
    let v = wait_for_value(
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

/// Waits for the service worker to control the page; returns its script.
fn service_worker(b: &Browser) -> Value {
    wait_for_value(
        b,
        "the service worker to control the page",
        "const c = navigator.serviceWorker && navigator.serviceWorker.controller;
         return c && c.state === 'activated' ? c.scriptURL : null;",
    )
}

/// From the next navigation on, each page notes in `window.songoPlayable`
/// the milliseconds from its navigation to its first playable board
/// (`data-state` `your-move`). Injected by DevTools, not by the site.
fn note_playable(b: &Browser) {
    let source = "window.songoPlayable = null;
        new MutationObserver((_, observer) => {
          const b = document.querySelector('[data-testid=board]');
          if (b && b.dataset.state === 'your-move') {
            window.songoPlayable = Math.round(performance.now());
            observer.disconnect();
          }
        }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state']});";
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": source }),
    );
}

#[test]
fn the_bench_in_the_page_counts_the_native_nodes() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    let native = native_bench_nodes();
    b.goto(&format!("{}/?bench", web.origin()));
    let (line, loaded, ready) = page_bench(b);
    report(&format!("page bench: {line}; native: {native} nodes"));
    report(&format!("first visit (empty cache): page loaded {loaded} ms, engine ready {ready} ms after navigation"));
    assert_eq!(bench_nodes(&line), Some(native), "{line}");

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
    assert_eq!(page["hooks"], json!([]), "hooks missing");
    assert!(page["serverOnly"].as_u64().unwrap() >= 2, "{page}");
    assert_eq!(page["serverOnlyShown"], 0, "{page}");
    assert_eq!(page["board"], true);
    web.assert_own_origin_only();
}

#[test]
fn the_site_installs_and_asks_nothing_of_another_origin() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    let origin = web.origin();
    web.start();

    // The manifest, linked and served as the browser reads it.
    let href = b.script("return document.querySelector('link[rel=manifest]').href;");
    assert_eq!(href, format!("{origin}/manifest.webmanifest"));
    let poll = start_fetch(b, "songoManifest", "manifest.webmanifest");
    let got = wait_for_value(b, "the manifest", &poll);
    assert_eq!(got["ok"], true, "{got}");
    let manifest: Value = serde_json::from_str(got["text"].as_str().unwrap()).expect("JSON");
    assert_eq!(manifest["display"], "standalone");

    // The service worker: registered, active, controlling this page, its
    // cache filled.
    assert_eq!(service_worker(b), format!("{origin}/sw.js"));
    // What Chromium itself says of the manifest, and whether it would
    // offer the install.
    let parsed = b.cdp("Page.getAppManifest", json!({}));
    assert_eq!(parsed["url"], href, "{parsed}");
    assert_eq!(parsed["errors"], json!([]), "{parsed}");
    let installable = b.cdp("Page.getInstallabilityErrors", json!({}));
    assert_eq!(
        installable["installabilityErrors"],
        json!([]),
        "not installable: {installable}"
    );
    b.script(
        "window.songoCaches = null;
         caches.keys().then(async (keys) => {
           window.songoCaches = await Promise.all(keys.map(async (k) => [k, (await (await caches.open(k)).keys()).length]));
         });
         return null;",
    );
    let caches = wait_for_value(b, "the caches", "return window.songoCaches;");
    let caches = caches.as_array().unwrap();
    assert_eq!(caches.len(), 1, "{caches:?}");
    assert!(caches[0][0].as_str().unwrap().starts_with("songo-"));
    assert!(caches[0][1].as_u64().unwrap() >= 15, "{caches:?}");

    // Nothing from another origin: every resource the page loaded is its
    // own, and the policy refuses a request elsewhere (before it is made:
    // nothing listens on that port).
    web.assert_own_origin_only();
    b.script(
        "window.songoRefused = null;
         document.addEventListener('securitypolicyviolation', (e) => { window.songoRefused = e.violatedDirective; });
         fetch('http://127.0.0.1:9/').catch(() => {});
         return null;",
    );
    let refused = wait_for_value(b, "the policy's refusal", "return window.songoRefused;");
    assert_eq!(refused, "connect-src");
}

#[test]
fn offline_the_page_reloads_from_the_service_worker_and_plays() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let Web { b, mut server } = web;
    let origin = server.origin();
    note_playable(&b);
    b.goto(&format!("{origin}/"));
    let s = wait_started(&b);
    let online = b.script("return window.songoPlayable;");
    service_worker(&b);
    // A move online: the game is kept in the browser.
    let mut rng = Rng(0x0ff_11e);
    let s = click_pit(&b, &s, &mut rng);
    assert_eq!(s.state, "your-move", "{s:?}");

    // Offline: the server stopped, the page reloads from the service
    // worker, the game restored, and its engine (the wasm, the worker)
    // answers a move.
    server.stop();
    assert!(
        http::try_request(server.port, "GET", "/", &[("Host", "127.0.0.1")], None).is_err(),
        "the server still answers"
    );
    b.refresh();
    let again = wait_started(&b);
    assert_eq!(
        (again.moves.as_str(), again.position.as_str()),
        (s.moves.as_str(), s.position.as_str()),
        "the game, restored offline"
    );
    let from_sw = b.script(
        "const n = performance.getEntriesByType('navigation')[0];
         return [navigator.serviceWorker.controller !== null, n.workerStart > 0, document.body.dataset.transport];",
    );
    assert_eq!(
        from_sw,
        json!([true, true, "worker"]),
        "the offline page was not served by the service worker"
    );
    let offline = b.script("return window.songoPlayable;");
    report(&format!(
        "a playable board {online} ms after navigation with an empty cache, {offline} ms offline (from the service worker)"
    ));
    let after = click_pit(&b, &again, &mut rng);
    assert!(
        after.ply >= again.ply + 2 || after.state == "over",
        "{after:?}"
    );
    b.screenshot(&screenshot_dir().join("offline-game.png"));

    // The bench too, with the native count.
    b.goto(&format!("{origin}/?bench"));
    let (line, loaded, ready) = page_bench(&b);
    report(&format!("offline (from the service worker): page loaded {loaded} ms, engine ready {ready} ms after navigation; bench {line}"));
    assert_eq!(
        bench_nodes(&line),
        Some(native_bench_nodes()),
        "offline: {line}"
    );
    assert_no_page_errors(&b);
}
