//! The page's automation hooks (docs/gui.md) read and checked in a
//! browser: shared by the tests of `songo gui` (tests/gui/, the room in
//! the local server) and of the static site (tests/web_site/, the room in
//! the page), which serve the same page over two transports, so that the
//! same checks drive both. Every state the page shows is checked against
//! the rules core replaying the page's moves: the position, whose move it
//! is, the enabled pits (exactly the legal moves) and the result.
//!
//! Included by path from both test crates, each of which has the WebDriver
//! client as its `webdriver` module (tests/gui/webdriver.rs). The analysis
//! board's checks are in `analysis.rs`, the opening book explorer's in
//! `explorer.rs`, the records' and reviews' in `records.rs`, a timed
//! game's clocks in `clocks.rs`, fast double input in `input.rs`, Learn's
//! lessons in `learn.rs`, its puzzles and the practice of one's mistakes
//! in `puzzles.rs`.

#![allow(dead_code)] // each test crate takes the parts it needs

pub mod analysis;
pub mod clocks;
pub mod explorer;
pub mod input;
pub mod language;
pub mod learn;
pub mod puzzles;
pub mod records;
pub mod soak;

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::Value;
use songo_core::{Game, GameStatus, Move, Position, Side, Variant};

use crate::webdriver::Browser;

/// The longest wait for the page to reach a state.
pub const PATIENCE: Duration = Duration::from_secs(30);
/// A game longer than this is a bug (the repetition rule ends games).
pub const MAX_PLIES: usize = 1000;

/// Everything the hooks show at one moment (read by one script, so
/// consistent).
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub game: String,
    pub start: String,
    pub variant: String,
    pub human: String,
    pub position: String,
    pub state: String,
    pub ply: usize,
    pub moves: String,
    pub engine: String,
    pub enabled: Vec<String>,
    pub result: String,
    pub result_text: String,
    pub message: String,
    pub engine_status: String,
    /// `<html lang>`: the page's language.
    pub lang: String,
    /// The board's sowing is being drawn (`data-animating`).
    pub animating: bool,
}

pub const SNAPSHOT: &str = r#"
const b = document.querySelector('[data-testid=board]');
const r = document.querySelector('[data-testid=result]');
const text = (t) => document.querySelector(`[data-testid=${t}]`).textContent;
return {
  game: b.dataset.game || '', start: b.dataset.start || '', variant: b.dataset.variant || '', human: b.dataset.human || '',
  position: b.dataset.position, state: b.dataset.state, ply: Number(b.dataset.ply),
  moves: b.dataset.moves, engine: b.dataset.engine,
  enabled: [...document.querySelectorAll('button[data-pit]')].filter((x) => !x.disabled).map((x) => x.dataset.pit),
  result: r.dataset.result, result_text: r.hidden ? '' : r.textContent,
  message: text('message'), engine_status: text('engine-status'),
  lang: document.documentElement.lang, animating: b.dataset.animating === 'true',
};"#;

pub fn snapshot(b: &Browser) -> Snapshot {
    let v = b.script(SNAPSHOT);
    let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
    Snapshot {
        game: s("game"),
        start: s("start"),
        variant: s("variant"),
        human: s("human"),
        position: s("position"),
        state: s("state"),
        ply: v["ply"].as_u64().unwrap_or(0) as usize,
        moves: s("moves"),
        engine: s("engine"),
        enabled: v["enabled"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default(),
        result: s("result"),
        result_text: s("result_text"),
        message: s("message"),
        engine_status: s("engine_status"),
        lang: s("lang"),
        animating: v["animating"].as_bool() == Some(true),
    }
}

/// Checks what the page shows against the rules core replaying its
/// moves, and returns that game.
pub fn check(s: &Snapshot) -> Game {
    let v: Variant = s.variant.parse().expect("a variant on the board");
    let moves: Vec<Move> = s
        .moves
        .split_whitespace()
        .map(|m| m.parse().expect("a move"))
        .collect();
    assert_eq!(moves.len(), s.ply, "{s:?}");
    let start: Position = s.start.parse().expect("data-start is a position");
    let game = Game::with_moves(v, start, moves)
        .unwrap_or_else(|e| panic!("the page's moves are not legal: {e:?}: {s:?}"));
    let p = game.position();
    assert_eq!(s.position, p.to_string(), "data-position");
    // Between two people (`both`) every side is played here.
    let human = match s.human.as_str() {
        "south" => Side::South,
        "north" => Side::North,
        _ => p.side_to_move(),
    };
    let expected = if game.is_over() {
        "over"
    } else if p.side_to_move() == human {
        "your-move"
    } else {
        "thinking"
    };
    assert_eq!(s.state, expected, "data-state: {s:?}");
    let mut legal: Vec<String> = if expected == "your-move" {
        p.legal_moves(v).iter().map(|m| m.to_string()).collect()
    } else {
        Vec::new()
    };
    let mut enabled = s.enabled.clone();
    legal.sort();
    enabled.sort();
    assert_eq!(enabled, legal, "enabled pits against legal moves: {s:?}");
    match game.status() {
        GameStatus::Over {
            outcome,
            reason,
            scores,
        } => {
            assert_eq!(s.result, outcome.score_text(), "{s:?}");
            assert!(s.result_text.starts_with(outcome.score_text()), "{s:?}");
            // The words are the page's language's (language.rs checks
            // them); the English ones are the rules core's own.
            let (south, north) = if s.lang == "fr" {
                ("Sud", "Nord")
            } else {
                assert!(s.result_text.contains(reason.describe()), "{s:?}");
                ("South", "North")
            };
            let final_score = format!("{south} {} – {north} {}", scores[0], scores[1]);
            assert!(s.result_text.contains(&final_score), "{s:?}");
        }
        GameStatus::Ongoing => assert_eq!((s.result.as_str(), s.result_text.as_str()), ("", "")),
    }
    game
}

/// Polls the page, checking every state seen, until `done` and the
/// board drawn: as a person, who plays on a board they have seen (a tap
/// while the sowing is drawn plays nothing, docs/gui.md).
pub fn wait_until(b: &Browser, what: &str, done: impl Fn(&Snapshot) -> bool) -> Snapshot {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let s = snapshot(b);
        if !s.position.is_empty() {
            check(&s);
            if done(&s) && !s.animating {
                return s;
            }
        }
        assert!(
            Instant::now() < deadline,
            "waited too long for {what}: {s:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until the board's sowing animation is over, captured pits
/// included (for screenshots).
pub fn settle(b: &Browser) {
    let deadline = Instant::now() + PATIENCE;
    // Which of the two stays on, if one does, tells a starved timer from
    // sowings queued again and again.
    let busy = "const board = document.querySelector('[data-testid=board]'); \
                return [board.dataset.animating === 'true', board.querySelectorAll('.taken').length];";
    let idle = serde_json::json!([false, 0]);
    loop {
        let state = b.script(busy);
        if state == idle {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "an endless animation: [animating, taken pits] {state}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A small deterministic generator for the person's choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Starts a game from the form: variant, side, level, New game; waits
/// until it is the person's move (the engine has moved first as North).
pub fn new_game(b: &Browser, variant: Variant, side: &str, level: u32) -> Snapshot {
    let before = snapshot(b).game;
    b.select("[data-testid=variant]", variant.name());
    b.select("[data-testid=side]", side);
    b.select("[data-testid=level]", &level.to_string());
    b.click("[data-testid=new-game]");
    // A game in progress: the page asks first (issue 38, defect 10).
    let asked = "const a = document.querySelector('[data-testid=ask]'); return !a.hidden && a.dataset.ask === 'new-game';";
    if b.script(asked) == Value::Bool(true) {
        b.click("[data-testid=ask-yes]");
    }
    let s = wait_until(b, "the new game", |s| {
        s.game != before && s.state != "thinking"
    });
    assert_eq!(
        (s.variant.as_str(), s.human.as_str()),
        (variant.name(), side)
    );
    assert_eq!(s.ply, usize::from(side == "north"), "{s:?}");
    s
}

/// Clicks an enabled pit and waits for the answer (the engine's move, or
/// the end).
pub fn click_pit(b: &Browser, s: &Snapshot, rng: &mut Rng) -> Snapshot {
    assert_eq!(s.state, "your-move");
    let pit = &s.enabled[rng.below(s.enabled.len())];
    let ply = s.ply;
    b.click(&format!("button[data-pit=\"{pit}\"]"));
    wait_until(b, "the engine's answer", |t| {
        t.ply > ply && t.state != "thinking"
    })
}

/// Plays a whole game from the form (`new_game`), clicking enabled pits
/// that `rng` picks, every state checked (`wait_until`); `each` sees every
/// state after an answer. Returns the last state: the game over, its
/// result checked, no pit offered.
pub fn play_game(
    b: &Browser,
    variant: Variant,
    side: &str,
    level: u32,
    rng: &mut Rng,
    mut each: impl FnMut(&Snapshot),
) -> Snapshot {
    let mut s = new_game(b, variant, side, level);
    while s.state != "over" {
        s = click_pit(b, &s, rng);
        assert!(s.ply < MAX_PLIES, "{variant} {side}: no end");
        each(&s);
    }
    let game = check(&s);
    let GameStatus::Over { outcome, .. } = game.status() else {
        unreachable!("check() saw the end")
    };
    // A finished game offers no pit.
    assert!(s.enabled.is_empty(), "{s:?}");
    // Past the test harness's capture, as a record of the run.
    let _ = writeln!(
        std::io::stderr(),
        "{variant} as {side}: {} in {} plies ({outcome:?})",
        outcome.score_text(),
        s.ply,
    );
    s
}

/// Opens the rules panel and waits until it is drawn (it is, when first
/// opened).
pub fn open_rules(b: &Browser) {
    b.script("document.querySelector('[data-testid=rules]').open = true");
    wait_for(
        b,
        "the rules",
        "return document.querySelector('[data-testid=rules-text]').dataset.loaded",
        |v| v == "true",
    );
}

/// Reviews the analysis board's game at depth 6 and waits until the
/// review is over in one of the states `ends` (`done`, `failed`).
pub fn review_at_depth_6(b: &Browser, ends: &[&str]) {
    b.select("[data-testid=review-limit]", "depth:6");
    b.click("[data-testid=review]");
    wait_for(
        b,
        "the review",
        "return document.querySelector('[data-testid=review-status]').dataset.state",
        |v| v.as_str().is_some_and(|s| ends.contains(&s)),
    );
}

/// A songo36-beginner position, South to move, where F ends the game
/// (South's captures pass 35) and other moves do not.
pub const LAST_MOVE: &str = "1,1,1,2,2,3,0/0,1,0,0,0,0,0 s 31 28 -";

/// A game finished in one move: [`LAST_MOVE`] set up on the analysis
/// board, played from there (at the Level box's level), and F. Returns
/// the finished game's state.
pub fn finish_in_one_move(b: &Browser) -> Snapshot {
    analysis::open_analysis(b);
    analysis::set_up(b, Variant::Songo36Beginner, LAST_MOVE);
    wait_for(b, "the position set up", analysis::ANALYSIS, |v| {
        v["position"] == LAST_MOVE
    });
    b.click("[data-testid=play-from-here]");
    let s = wait_until(b, "the game from there", |s| {
        s.start == LAST_MOVE && s.state == "your-move"
    });
    assert_eq!(s.human, "south");
    b.click("button[data-pit=\"F\"]");
    wait_until(b, "the end", |t| t.game == s.game && t.state == "over")
}

/// Waits until the games list holds `n` games.
pub fn wait_games_listed(b: &Browser, n: u64) {
    wait_for(
        b,
        "the games listed",
        "return document.querySelectorAll('[data-testid=games] li').length",
        |v| v.as_u64() == Some(n),
    );
}

/// The finished games listed: `[data-game, data-result, text]`, newest
/// first.
pub const LISTED: &str =
    "return [...document.querySelectorAll('[data-testid=games] li')].map((l) => \
     [l.dataset.game, l.dataset.result, l.textContent]);";

/// Waits until the games list holds `n` games, and returns them as
/// [`LISTED`] reads them: `(data-game, data-result, text)`, newest first.
pub fn listed(b: &Browser, n: usize) -> Vec<(String, String, String)> {
    let v = wait_for(b, "the finished games", LISTED, |v| {
        v.as_array().is_some_and(|a| a.len() == n)
    });
    serde_json::from_value(v).unwrap()
}

/// Polls `script` (which returns a value) until `done` accepts it. A
/// script that fails (the page being replaced by a navigation or a
/// reload has none of its elements for a moment) is tried again, until
/// the deadline says what it last answered.
pub fn wait_for(b: &Browser, what: &str, script: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let v = b.try_script(script);
        if let Ok(v) = &v {
            if done(v) {
                return v.clone();
            }
        }
        assert!(
            Instant::now() < deadline,
            "waited too long for {what}: {v:?}"
        );
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// From a fresh page: a game of songo40 as South at level 1 played by the
/// keyboard (a pit's number, a letter in either case); the take back of the
/// person's move and the answer; the reasons for a forbidden pit (clicked,
/// and its key) and for an opponent's pit, nothing played.
pub fn keys_take_back_and_reasons_for_illegal_pits(b: &Browser) {
    let s = new_game(b, Variant::Songo40, "south", 1);
    // "3" is the person's pit 3: C.
    b.type_keys("3");
    let s = wait_until(b, "the answer to C", |t| {
        t.ply == s.ply + 2 && t.state == "your-move"
    });
    assert!(s.moves.starts_with("C "), "{s:?}");
    // A letter works too, in either case: e is South's E.
    b.type_keys("e");
    let s = wait_until(b, "the answer to E", |t| {
        t.ply == 4 && t.state == "your-move"
    });
    assert_eq!(&s.moves[4..5], "E");
    // Take back the person's move and the engine's answer.
    b.click("[data-testid=take-back]");
    let s = wait_until(b, "the take back", |t| t.ply == 2);
    assert!(s.moves.starts_with("C "));
    // A pit of the person's the rules forbid there (C, emptied, unless the
    // answer sowed into it; pit 7 by the last-pit rule): clicking it says
    // why, and nothing is played. One there must be, or the check would
    // mean nothing.
    let game = check(&s);
    let (pit, why) = "ABCDEFG"
        .chars()
        .find_map(|l| {
            let m: Move = l.to_string().parse().ok()?;
            Some((l, game.position().why_illegal(Variant::Songo40, m)?))
        })
        .unwrap_or_else(|| panic!("no pit of South's forbidden at {}", s.position));
    b.click(&format!(".pit[data-slot=\"{pit}\"]"));
    let t = wait_until(b, "the reason", |t| !t.message.is_empty());
    assert_eq!(t.message, format!("Pit {pit}: {why}."));
    assert_eq!(t.ply, 2);
    // So does its key. Its words are the click's, still shown: cleared
    // first, or the wait would see the click's and not the key's.
    b.click("[data-testid=flip]");
    b.script("document.querySelector('[data-testid=message]').textContent = ''");
    b.type_keys(&pit.to_ascii_lowercase().to_string());
    let said = format!("Pit {pit}");
    let t = wait_until(b, "the reason", |t| t.message.contains(&said));
    assert_eq!(t.ply, 2);
    // An opponent's pit is not the person's.
    b.click(".pit[data-slot=\"d\"]");
    let t = wait_until(b, "the reason", |t| t.message.contains("Pit d"));
    assert_eq!(t.ply, 2);
}

/// The ids of the games listed, newest first.
pub fn listed_ids(b: &Browser) -> Vec<String> {
    let v = b.script(
        "return [...document.querySelectorAll('[data-testid=games] li')].map((li) => li.dataset.id)",
    );
    serde_json::from_value(v).expect("ids")
}

/// The id of the game the undo would put back, once its note shows; `None`
/// when it is hidden.
pub fn deleted_shown(b: &Browser) -> Option<String> {
    let v = b.script(
        "const d = document.querySelector('[data-testid=games-deleted]');
         return d.hidden ? null : d.dataset.id;",
    );
    v.as_str().map(str::to_string)
}

/// Deletes game `id` with its button: it leaves the list (`left` games
/// remain), and the undo names it.
pub fn delete_game(b: &Browser, id: &str, left: u64) {
    b.click(&format!(
        "[data-testid=games] li[data-id=\"{id}\"] button[data-action=delete]"
    ));
    wait_games_listed(b, left);
    assert!(!listed_ids(b).iter().any(|i| i == id), "{id} still listed");
    assert_eq!(deleted_shown(b).as_deref(), Some(id), "the undo's note");
}

/// Undoes the last delete: `id` is listed again (`n` games), in its place.
pub fn undo_delete(b: &Browser, id: &str, n: u64) {
    b.click("[data-testid=undo-delete]");
    wait_games_listed(b, n);
    assert!(listed_ids(b).iter().any(|i| i == id), "{id} not back");
    assert_eq!(deleted_shown(b), None, "the undo's note stays");
}
