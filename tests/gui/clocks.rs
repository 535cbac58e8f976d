//! Clocks (issue 28): a timed game in the browser, its clocks shown and
//! ticking, the engine on its own clock (the `go` lines it is sent have
//! `wtime`/`btime`), a game lost on time with no message from the page,
//! the New game form's time controls and think times, and the Level box
//! showing the strength docs/strength.md measured.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::Variant;

use super::page_support::clocks::{clocks, clocks_until};
use super::page_support::{new_game, snapshot, wait_until, PATIENCE};
use super::webdriver::Browser;
use super::{http, screenshot_dir, tools, Server};

/// A file that logs every line `songo gui` writes to the engine.
fn engine_log() -> PathBuf {
    let path = std::env::temp_dir().join(format!("songo-gui-clocks-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn say(text: std::fmt::Arguments) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

#[test]
fn a_game_is_lost_on_time_while_the_clocks_tick() {
    let Some(tools) = tools() else { return };
    let songo = env!("CARGO_BIN_EXE_songo");
    let log = engine_log();
    // The engine is songo, its input copied to the log on the way.
    let engine = format!("logged=sh -c \"tee -a '{}' | '{songo}'\"", log.display());
    let server = Server::start(&["--engine", &engine]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    // Untimed: no clock shown.
    let c = clocks(&b);
    assert_eq!((c.hidden, c.ms), ([true, true], [None, None]), "{c:?}");

    // A clock too short for the form (its least is a minute): the page's
    // own message, sent as the page sends it. The person plays North: the
    // engine moves first, on its clock, and then the person's runs out.
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(
        r#"{"type":"new-game","variant":"songo40","side":"north","level":1,"tc":{"base_ms":4000,"inc_ms":0}}"#,
    );
    let started = Instant::now();
    // That socket is the newest page, so the browser's was paused (one
    // game, one tab: tabs.rs); the browser takes the game back.
    notice_until(&b, true);
    b.click("[data-testid=claim]");
    notice_until(&b, false);
    // The person's clock runs once the engine has moved.
    let first = clocks_until(&b, "North's clock running", |c| c.running == [false, true]);
    assert_eq!(first.state, "your-move", "{first:?}");
    assert!(first.ms[0].is_some_and(|ms| ms < 4000), "{first:?}");
    assert!(first.ms[1].is_some_and(|ms| ms <= 4000), "{first:?}");
    // It ticks down between the room's messages, read until it stops
    // (the room's deadline is the wait's): each change of North's reading
    // a fall, at least three readings (as often as the page redraws it,
    // which a loaded machine may slow, but not stop); South's stays where
    // the engine's move left it.
    let mut seen = vec![first.ms[1].unwrap()];
    loop {
        let c = clocks(&b);
        if !c.running[1] {
            break;
        }
        assert_eq!(c.ms[0], first.ms[0], "South's clock moved: {c:?}");
        let ms = c.ms[1].unwrap();
        let last = *seen.last().unwrap();
        assert!(ms <= last, "North's clock went up: {seen:?} then {c:?}");
        if ms < last {
            seen.push(ms);
        }
        assert!(started.elapsed() < PATIENCE, "no end: {seen:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(seen.len() >= 3, "{seen:?}");
    say(format_args!(
        "North's clock: {} readings, each lower, {} ms to {} ms",
        seen.len(),
        seen[0],
        seen[seen.len() - 1]
    ));

    // Nobody says anything: the room's deadline ends the game.
    let over = clocks_until(&b, "the loss on time", |c| !c.result.is_empty());
    assert!(started.elapsed() >= Duration::from_secs(4));
    assert_eq!(
        (over.result.as_str(), over.state.as_str()),
        ("1-0", "over"),
        "{over:?}"
    );
    assert!(
        over.result_text.contains("North ran out of time"),
        "{over:?}"
    );
    assert!(over.result_text.contains("Captured"), "{over:?}");
    assert_eq!(over.enabled, 0, "{over:?}");
    assert_eq!(
        (over.ms[1], over.running),
        (Some(0), [false, false]),
        "{over:?}"
    );
    assert_eq!(over.text[1], "0:00.0");
    b.screenshot(&screenshot_dir().join("desktop-lost-on-time.png"));

    // The record says so (asked by the socket, which claims the game).
    ws.send(r#"{"type":"claim"}"#);
    ws.send(r#"{"type":"save","game":"play"}"#);
    let record = loop {
        let v: Value = serde_json::from_str(&ws.recv().expect("the record")).unwrap();
        if v["type"] == "record" {
            break v["text"].as_str().unwrap().to_string();
        }
    };
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
    assert!(record.contains("[TimeControl \"4+0\"]"), "{record}");
    assert!(record.contains("[Result \"1-0\"]"), "{record}");

    // The engine was asked on its clock: South (w) to move, both at 4 s.
    let sent = std::fs::read_to_string(&log).unwrap_or_default();
    let go: Vec<&str> = sent.lines().filter(|l| l.starts_with("go ")).collect();
    // (South's own clock has run a moment since the game began.)
    let on_clock = go.iter().any(|l| {
        l.strip_prefix("go wtime ")
            .and_then(|rest| rest.strip_suffix(" btime 4000 winc 0 binc 0"))
            .and_then(|wtime| wtime.parse::<u64>().ok())
            .is_some_and(|wtime| (3000..=4000).contains(&wtime))
    });
    assert!(on_clock, "the engine's go lines: {go:?}");
    let _ = std::fs::remove_file(&log);

    // The form offers that clock again, as it is (not whole minutes), and
    // still starts games.
    // The socket goes: the browser's page plays again.
    drop(ws);
    notice_until(&b, false);
    let chosen = b.script("return document.querySelector('[data-testid=time-control]').value");
    assert_eq!(chosen, "0:04+0");
    // (The board shows a game lost on time, which the shared checks do
    // not know: this waits by itself.)
    b.select("[data-testid=time-control]", "none");
    b.select("[data-testid=side]", "south");
    let before = snapshot(&b).game;
    b.click("[data-testid=new-game]");
    let deadline = Instant::now() + PATIENCE;
    while snapshot(&b).game == before {
        assert!(Instant::now() < deadline, "no new game");
        std::thread::sleep(Duration::from_millis(20));
    }
    let s = wait_until(&b, "the new game", |s| s.state == "your-move");
    assert_eq!((s.ply, s.human.as_str()), (0, "south"));
    assert_eq!(clocks(&b).hidden, [true, true]);
}

/// Waits for the sowing to end, then screenshots at desktop and phone
/// width (a game with clocks, for docs/).
fn settle_and_shoot(b: &Browser, name: &str) {
    let deadline = Instant::now() + PATIENCE;
    let busy = "return document.querySelector('[data-testid=board]').dataset.animating === 'true'";
    while b.script(busy) == Value::Bool(true) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let dir = screenshot_dir();
    b.screenshot(&dir.join(format!("desktop-{name}.png")));
    b.resize(390, 844);
    b.screenshot(&dir.join(format!("phone-{name}.png")));
    b.resize(1280, 900);
}

/// The Elo over level 1 of each level 2–10, added up from the steps of
/// docs/strength.md's "Skill levels" table (`| 5 vs 4 | … | +230.2 ± 52.5 |`),
/// each rounded to whole Elo as the page shows them.
fn documented_elo() -> Vec<(u32, i64)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/strength.md"))
        .expect("docs/strength.md");
    let section = doc.split("## Skill levels").nth(1).expect("the section");
    let section = section.split("\n## ").next().unwrap();
    let mut total = 0;
    let mut levels = Vec::new();
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some((higher, _)) = cells.get(1).and_then(|c| c.split_once(" vs ")) else {
            continue;
        };
        let Ok(level) = higher.parse::<u32>() else {
            continue;
        };
        let step = cells
            .get(5)
            .and_then(|c| c.split_whitespace().next())
            .and_then(|e| e.trim_start_matches('+').parse::<f64>().ok())
            .unwrap_or_else(|| panic!("no Elo in {line}"));
        let step = step.round() as i64;
        total += step;
        levels.push((level, total));
    }
    levels
}

#[test]
fn the_form_sets_clocks_and_think_times_and_levels_show_their_strength() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");

    // Each level says how much stronger than level 1 it measured.
    let labels = || {
        b.script(
            "return [...document.querySelectorAll('[data-testid=level] option')].map((o) => o.textContent)",
        )
    };
    let deadline = Instant::now() + PATIENCE;
    while !labels()[1].as_str().unwrap_or_default().contains("Elo") {
        assert!(
            Instant::now() < deadline,
            "no Elo in the labels: {}",
            labels()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let labels: Vec<String> = labels()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let documented = documented_elo();
    assert_eq!(documented.len(), 9, "{documented:?}");
    assert_eq!(labels[0], "1 (weakest)");
    for (level, elo) in &documented {
        let label = &labels[*level as usize - 1];
        assert!(label.starts_with(&format!("{level} (")), "{label}");
        assert!(
            label.contains(&format!("+{elo} Elo over level 1")),
            "{label}"
        );
    }
    assert!(labels[9].contains("full strength"), "{}", labels[9]);

    // Without a clock, the think time is offered and sent.
    let shown = |css: &str| b.script(&format!("return !document.querySelector('{css}').hidden"));
    assert_eq!(shown(".think-choice"), Value::Bool(true));
    assert_eq!(shown("[data-testid=custom-tc]"), Value::Bool(false));
    b.select("[data-testid=think-time]", "500");
    new_game(&b, Variant::Songo40, "south", 6);
    let state = |server: &Server| -> Value {
        let r = http::get(
            server.port,
            "/api/state",
            &server.host(),
            Some(&server.origin()),
        );
        serde_json::from_slice(&r.body).unwrap()
    };
    let v = state(&server);
    assert_eq!(
        (v["think_ms"].as_u64(), v["clock"].is_null()),
        (Some(500), true),
        "{v}"
    );

    // A preset: 3+2. The clocks show, the person's runs.
    b.select("[data-testid=time-control]", "3+2");
    assert_eq!(shown(".think-choice"), Value::Bool(false));
    let s = new_game(&b, Variant::Songo40, "south", 6);
    let c = clocks_until(&b, "the clocks", |c| c.running == [true, false]);
    assert_eq!(c.hidden, [false, false]);
    assert_eq!(c.ms[1], Some(180_000));
    assert_eq!(c.text[1], "3:00");
    let v = state(&server);
    assert_eq!(v["clock"]["label"], "3+2", "{v}");
    // A move: South gains its increment, and the engine answers on its
    // clock; South's runs again.
    let before = clocks(&b).ms[0].unwrap();
    let ply = s.ply;
    b.click("button[data-pit=\"C\"]");
    wait_until(&b, "the answer", |t| {
        t.ply == ply + 2 && t.state == "your-move"
    });
    let c = clocks_until(&b, "South's clock again", |c| c.running == [true, false]);
    let south = c.ms[0].unwrap();
    assert!(south > before && south <= 182_000, "{before} then {c:?}");
    assert!(c.ms[1].unwrap() < 182_000, "{c:?}");
    say(format_args!("3+2 after a move each: {c:?}"));
    settle_and_shoot(&b, "clocks");

    // Custom: a minute and a half, one second a move.
    b.select("[data-testid=time-control]", "custom");
    assert_eq!(shown("[data-testid=custom-tc]"), Value::Bool(true));
    b.clear("[data-testid=tc-minutes]");
    b.send_keys("[data-testid=tc-minutes]", "2");
    b.clear("[data-testid=tc-increment]");
    b.send_keys("[data-testid=tc-increment]", "1");
    new_game(&b, Variant::Songo36Amateur, "south", 6);
    let v = state(&server);
    assert_eq!(
        (
            v["clock"]["tc"]["base_ms"].as_u64(),
            v["clock"]["tc"]["inc_ms"].as_u64()
        ),
        (Some(120_000), Some(1000)),
        "{v}"
    );
    let c = clocks_until(&b, "the custom clock", |c| c.ms[1] == Some(120_000));
    assert!(c.running[0], "{c:?}");
}

/// Waits until the notice that the game is open elsewhere is `shown`.
fn notice_until(b: &Browser, shown: bool) {
    let deadline = Instant::now() + PATIENCE;
    let script = "return !document.querySelector('[data-testid=elsewhere]').hidden";
    while b.script(script) != Value::Bool(shown) {
        assert!(
            Instant::now() < deadline,
            "the elsewhere notice never became {shown}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
