//! The clocks of a timed game (docs/gui.md, "Clocks"), read through their
//! hooks as both the server's page and the static site show them: each
//! side's `[data-testid=clock-SIDE]` with `data-ms` and `data-running`,
//! the result, the playable pits. The page counts the running clock down
//! between the room's messages; the room keeps the time and ends the game
//! when a flag falls.
//!
//! Readings are compared across waits that observe a change, never at
//! fixed intervals: a loaded machine may redraw the clock late, but a
//! clock that runs must come down, and one that is stopped must not move.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::PATIENCE;
use crate::webdriver::Browser;

/// South's index in [`Clocks`]' pairs, then North's.
pub const SOUTH: usize = 0;
pub const NORTH: usize = 1;

/// What the page's clocks and result show at one moment (read by one
/// script, so consistent).
#[derive(Clone, Debug, PartialEq)]
pub struct Clocks {
    /// `data-ms` of South's and North's clocks (`None`: empty).
    pub ms: [Option<u64>; 2],
    pub running: [bool; 2],
    pub hidden: [bool; 2],
    pub text: [String; 2],
    pub state: String,
    pub result: String,
    pub result_text: String,
    pub enabled: usize,
}

pub const CLOCKS: &str = r#"
const clock = (side) => document.querySelector(`[data-testid=clock-${side}]`);
const b = document.querySelector('[data-testid=board]');
const r = document.querySelector('[data-testid=result]');
return {
  ms: ['south', 'north'].map((s) => clock(s).dataset.ms),
  running: ['south', 'north'].map((s) => clock(s).dataset.running === 'true'),
  hidden: ['south', 'north'].map((s) => clock(s).hidden),
  text: ['south', 'north'].map((s) => clock(s).textContent),
  state: b.dataset.state, result: r.dataset.result, result_text: r.hidden ? '' : r.textContent,
  enabled: [...document.querySelectorAll('button[data-pit]')].filter((x) => !x.disabled).length,
};"#;

pub fn clocks(b: &Browser) -> Clocks {
    let v = b.script(CLOCKS);
    let pair = |key: &str, f: &dyn Fn(&Value) -> bool| [f(&v[key][0]), f(&v[key][1])];
    let ms = |i: usize| v["ms"][i].as_str().and_then(|t| t.parse().ok());
    let text = |key: &str, i: usize| v[key][i].as_str().unwrap_or_default().to_string();
    let s = |key: &str| v[key].as_str().unwrap_or_default().to_string();
    Clocks {
        ms: [ms(0), ms(1)],
        running: pair("running", &|x| x.as_bool() == Some(true)),
        hidden: pair("hidden", &|x| x.as_bool() == Some(true)),
        text: [text("text", 0), text("text", 1)],
        state: s("state"),
        result: s("result"),
        result_text: s("result_text"),
        enabled: v["enabled"].as_u64().unwrap_or(0) as usize,
    }
}

/// Polls the clocks until `done`.
pub fn clocks_until(b: &Browser, what: &str, done: impl Fn(&Clocks) -> bool) -> Clocks {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let c = clocks(b);
        if done(&c) {
            return c;
        }
        assert!(
            Instant::now() < deadline,
            "waited too long for {what}: {c:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Watches side `side`'s running clock (`SOUTH` or `NORTH`) until it has
/// shown `falls` readings each lower than the one before, and returns
/// them (the first is the reading when the watch began). Every reading
/// between is checked: the clock still runs, it never goes up, and the
/// other side's stands where it was, not running.
pub fn ticks_down(b: &Browser, side: usize, falls: usize) -> Vec<u64> {
    let other = 1 - side;
    let first = clocks(b);
    assert!(
        first.running[side] && !first.running[other],
        "not side {side}'s clock running alone: {first:?}"
    );
    let mut seen = vec![first.ms[side].expect("a running clock has a reading")];
    let deadline = Instant::now() + PATIENCE;
    while seen.len() <= falls {
        let c = clocks(b);
        assert!(
            c.running[side] && !c.running[other],
            "stopped after {seen:?}: {c:?}"
        );
        assert_eq!(
            c.ms[other], first.ms[other],
            "the stopped clock moved: {c:?}"
        );
        let ms = c.ms[side].unwrap();
        let last = *seen.last().unwrap();
        assert!(ms <= last, "the clock went up: {seen:?} then {c:?}");
        if ms < last {
            seen.push(ms);
        }
        assert!(Instant::now() < deadline, "the clock stands: {seen:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    seen
}
