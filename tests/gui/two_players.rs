//! Two people at one board (issue 38), in French at phone width: a game
//! on each clock setting played to its end by both sides, every position
//! checked by songo-core; a take-back refused, then accepted; a hint; the
//! board turned to the player to move; a game resumed after a restart of
//! `songo gui`; one ended by resignation and one by time; each listed with
//! both names, its record naming no engine.

use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::Variant;

use super::page_support::language::assert_one_language;
use super::page_support::{snapshot, wait_for, wait_until, Rng, Snapshot, MAX_PLIES, PATIENCE};
use super::webdriver::Browser;
use super::{data_dir, french_phone, http, screenshot_dir, tools, Server};

/// A two-player game from the form, on clock `tc` (`none`, `3+2`,
/// `custom`…), with the animation off (each position is still checked).
fn start(b: &Browser, variant: Variant, tc: &str) -> Snapshot {
    let before = snapshot(b).game;
    b.select("[data-testid=variant]", variant.name());
    b.select("[data-testid=side]", "both");
    b.clear("[data-testid=name-south]");
    b.send_keys("[data-testid=name-south]", "Ada");
    b.clear("[data-testid=name-north]");
    b.send_keys("[data-testid=name-north]", "Béa");
    b.select("[data-testid=time-control]", tc);
    b.click("[data-testid=new-game]");
    let s = wait_until(b, "the two players' game", |s| s.game != before);
    assert_eq!(
        (s.human.as_str(), s.state.as_str(), s.ply),
        ("both", "your-move", 0)
    );
    s
}

/// One move of the side to move, a pit `rng` picks; waits for it.
fn play_one(b: &Browser, s: &Snapshot, rng: &mut Rng) -> Snapshot {
    let pit = &s.enabled[rng.below(s.enabled.len())];
    let ply = s.ply;
    b.click(&format!("button[data-pit=\"{pit}\"]"));
    wait_until(b, "the move", |t| t.ply == ply + 1)
}

/// Both sides play until the rules end the game.
fn play_to_the_end(b: &Browser, mut s: Snapshot, rng: &mut Rng) -> Snapshot {
    while s.state != "over" {
        assert_eq!(s.state, "your-move", "{s:?}");
        s = play_one(b, &s, rng);
        assert!(s.ply < MAX_PLIES, "no end");
    }
    s
}

/// The bottom row's side (`south` when its pits are A–G).
fn bottom(b: &Browser) -> String {
    let first = b.script(
        "return document.querySelector('[data-testid=board] .row-bottom [data-slot]').dataset.slot",
    );
    if first
        .as_str()
        .unwrap()
        .chars()
        .all(|c| c.is_ascii_uppercase())
    {
        "south".into()
    } else {
        "north".into()
    }
}

fn ask_shown(b: &Browser) -> String {
    let v = wait_for(
        b,
        "the question to the players",
        "const a = document.querySelector('[data-testid=ask]'); return a.hidden ? '' : a.dataset.ask;",
        |v| v.as_str().is_some_and(|k| !k.is_empty()),
    );
    v.as_str().unwrap().to_string()
}

fn games_listed(b: &Browser) -> Vec<String> {
    let v = b.script(
        "return [...document.querySelectorAll('[data-testid=games] li')].map((li) => li.textContent)",
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn two_people_play_each_clock_to_the_end_take_back_resign_and_resume() {
    let Some(tools) = tools() else { return };
    let dir = data_dir("two", "games");
    let d = dir.to_str().unwrap();
    let (server, b) = french_phone(&tools, &dir);
    b.script(
        "const a = document.querySelector('[data-testid=animate]'); if (a.checked) a.click();",
    );
    let mut rng = Rng(0x2b1a);

    // A take-back refused, then accepted; a hint; the board turning.
    let s = start(&b, Variant::Songo40, "none");
    assert_one_language(&b, "fr", "a two-player game starts");
    assert_eq!(bottom(&b), "south");
    b.click("[data-testid=turn-board]");
    let s = play_one(&b, &s, &mut rng);
    assert_eq!(bottom(&b), "north", "the board turns to North, to move");
    b.click("[data-testid=turn-board]");
    assert_eq!(bottom(&b), "south");
    let s = play_one(&b, &s, &mut rng);
    b.click("[data-testid=take-back]");
    assert_eq!(ask_shown(&b), "take-back");
    assert_one_language(&b, "fr", "the take-back question");
    b.screenshot(&screenshot_dir().join("fr-two-players-take-back-390.png"));
    b.click("[data-testid=ask-no]");
    let t = wait_until(&b, "the refusal said", |t| !t.message.is_empty());
    assert_eq!(t.ply, s.ply, "a refused take-back changes nothing");
    b.click("[data-testid=take-back]");
    ask_shown(&b);
    b.click("[data-testid=ask-yes]");
    let s = wait_until(&b, "the move taken back", |t| t.ply == s.ply - 1);
    b.click("[data-testid=hint]");
    wait_for(
        &b,
        "the hint",
        "return document.querySelector('[data-testid=hint-text]').dataset.state",
        |v| v == "ready",
    );
    let s = play_one(&b, &s, &mut rng);

    // The game survives a restart of songo gui, names and all.
    let (moves, ply) = (s.moves.clone(), s.ply);
    drop(server);
    let server = Server::start(&["--data-dir", d]);
    b.goto(&server.url());
    let s = wait_until(&b, "the game after the restart", |t| t.ply == ply);
    assert_eq!(
        (s.moves.as_str(), s.human.as_str()),
        (moves.as_str(), "both")
    );
    let names = b.script("return document.querySelector('[data-testid=board]').textContent");
    assert!(names.as_str().unwrap().contains("Ada"), "{names}");
    b.script(
        "const a = document.querySelector('[data-testid=animate]'); if (a.checked) a.click();",
    );
    let over = play_to_the_end(&b, s, &mut rng);
    assert_one_language(&b, "fr", "a two-player game over");
    b.screenshot(&screenshot_dir().join("fr-two-players-over-390.png"));
    assert!(!over.result_text.is_empty());

    // Every clock setting, played to its end (a custom one too).
    for tc in ["3+2", "5+3", "10+5", "custom"] {
        let s = start(&b, Variant::Songo36Amateur, tc);
        let clocks = b.script(
            "return [...document.querySelectorAll('[data-testid^=clock-]')].map((c) => c.hidden)",
        );
        assert_eq!(clocks, serde_json::json!([false, false]), "{tc}");
        let s = if tc == "5+3" {
            let s = play_one(&b, &play_one(&b, &s, &mut rng), &mut rng);
            b.script("window.scrollTo(0, 0)");
            b.screenshot(&screenshot_dir().join("fr-two-players-clocks-390.png"));
            s
        } else {
            s
        };
        play_to_the_end(&b, s, &mut rng);
    }

    // Resigned: the side to move (North, after one move) resigns.
    let s = start(&b, Variant::Songo36Beginner, "none");
    play_one(&b, &s, &mut rng);
    b.click("[data-testid=resign]");
    assert_eq!(ask_shown(&b), "resign");
    b.click("[data-testid=ask-yes]");
    let v = wait_for(
        &b,
        "the resignation",
        "return document.querySelector('[data-testid=result]').dataset.result",
        |v| v == "1-0",
    );
    assert_eq!(v, "1-0");
    assert_one_language(&b, "fr", "a resignation");
    // Over before the rules ended it: the seeds captured, not a final
    // score (Songo 36's would add the seeds left in each row).
    let words =
        b.script("return document.querySelector('[data-testid=result] .result-text').textContent");
    let words = words.as_str().unwrap();
    assert!(words.contains("Graines récoltées"), "{words}");
    assert!(!words.contains("Score final"), "{words}");

    // Lost on time: a two-player game on a 2 s clock (the form's least is
    // a minute), asked by a second page; the browser takes it back.
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(
        r#"{"type":"new-game","variant":"songo40","side":"both","level":1,"names":["Ada","Béa"],"tc":{"base_ms":2000,"inc_ms":0}}"#,
    );
    wait_for(
        &b,
        "the other tab's notice",
        "return !document.querySelector('[data-testid=elsewhere]').hidden",
        |v| v == true,
    );
    b.click("[data-testid=claim]");
    drop(ws);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let r: Value =
            b.script("return document.querySelector('[data-testid=result]').dataset.result");
        if r == "0-1" {
            break;
        }
        assert!(Instant::now() < deadline, "no loss on time: {r}");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Lost on time: no take-back.
    let disabled = b.script("return document.querySelector('[data-testid=take-back]').disabled");
    assert_eq!(disabled, true);
    assert_one_language(&b, "fr", "a two-player game lost on time");

    // Each finished game listed once, with both names.
    let listed = wait_for(
        &b,
        "the games list",
        "return document.querySelectorAll('[data-testid=games] li').length",
        |v| v.as_u64() == Some(7),
    );
    assert_eq!(listed, 7);
    for text in games_listed(&b) {
        assert!(text.contains("Ada") && text.contains("Béa"), "{text}");
    }
    // The record names the two people, and no engine.
    let mut ws = http::WebSocket::open(server.port, &server.host(), Some(&server.origin()))
        .unwrap_or_else(|r| panic!("refused: {}", r.status));
    ws.send(r#"{"type":"export-games"}"#);
    let record = loop {
        let v: Value = serde_json::from_str(&ws.recv().expect("the record")).unwrap();
        if v["type"] == "record" {
            break v["text"].as_str().unwrap().to_string();
        }
    };
    assert!(!record.contains("(level"), "{record}");
    assert!(record.contains("[South \"Ada\"]") && record.contains("[North \"Béa\"]"));
    assert!(record.contains("{hint}"), "the hint is marked: {record}");
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
}
