//! The person's input and its sowing, issue 28:
//!
//! - defect 3: fast double input (two clicks a few milliseconds apart, a
//!   double click, a key pressed twice) never plays a move on a position
//!   the page did not show: each move message carries the game and the
//!   ply it was chosen on, and the room refuses the stale second one;
//! - defect 4: at level 1 the person's own sowing is drawn seed by seed
//!   to its end before the engine's answer is, even when the answer comes
//!   at once (held here until it does, so that the two states arrive
//!   together, as from an engine that answers in no time; and as it comes).

use std::io::Write;

use serde::Deserialize;
use serde_json::Value;
use songo_core::{Move, Position, Variant};

use super::feedback::sown;
use super::page_support::input::fast_double_input_plays_no_unseen_move;
use super::page_support::{check, new_game, settle, wait_until, Rng};
use super::webdriver::Browser;
use super::{tools, Server};

/// Put in the page before its own scripts: notes the messages the page
/// sends and the moves the room refuses; and, while `window.songoHold`,
/// holds the state of the person's move (the engine to move) until the
/// next state comes, then gives both to the page at once.
const SOCKET_LOG: &str = "
window.songoSent = []; window.songoRefused = []; window.songoHold = false;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try { window.songoSent.push(JSON.parse(data)); } catch (e) { /* not JSON */ }
  return send.call(this, data);
};
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    super.addEventListener('message', (e) => {
      try { const m = JSON.parse(e.data); if (m.type === 'illegal') window.songoRefused.push(m); } catch (err) { /* not JSON */ }
    });
  }
  addEventListener(type, listener, options) {
    if (type !== 'message') return super.addEventListener(type, listener, options);
    let held = [];
    return super.addEventListener(type, (e) => {
      let m = null;
      try { m = JSON.parse(e.data); } catch (err) { /* not JSON */ }
      if (window.songoHold && m && m.type === 'state' && m.state === 'thinking') { held.push(e); return; }
      if (m && m.type === 'state' && held.length) { const h = held; held = []; h.forEach((x) => listener(x)); }
      listener(e);
    }, options);
  }
};";

/// A browser whose page has [`SOCKET_LOG`], on `server`'s page.
fn page_with_socket_log(tools: &super::webdriver::Tools, server: &Server) -> Browser {
    let b = Browser::start(tools, 1280, 900);
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": SOCKET_LOG }),
    );
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    b
}

#[test]
fn fast_double_input_is_refused_not_played() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = page_with_socket_log(&tools, &server);
    let s = fast_double_input_plays_no_unseen_move(&b);
    check(&s);
    // Every move sent names the board it was chosen on…
    let sent = b.script("return window.songoSent.filter((m) => m.type === 'move')");
    let sent = sent.as_array().unwrap();
    assert!(sent.len() >= 12, "{sent:?}");
    for m in sent {
        assert!(m["ply"].is_u64() && m["game"].is_u64(), "{m}");
    }
    // …and the second of two in a row was refused by the room, the board
    // having changed: none of them was played.
    let refused = b.script("return window.songoRefused");
    let refused = refused.as_array().unwrap();
    let stale = refused.iter().filter(|r| r["why"]["id"] == "stale").count();
    assert!(stale >= 1, "{refused:?}");
    let _ = writeln!(
        std::io::stderr(),
        "double input: {} moves sent, {stale} refused as stale",
        sent.len()
    );
}

/// Records the board as drawn after each change: the ply, whether the
/// sowing animation runs, the seeds of each pit.
const DRAWN_LOG: &str = "
window.songoDrawn = [];
const board = document.querySelector('[data-testid=board]');
const read = () => ({ply: Number(board.dataset.ply), animating: board.dataset.animating === 'true',
  counts: [...'ABCDEFGabcdefg'].map((l) => Number(board.querySelector(`button[data-pit=\"${l}\"] .count`).textContent))});
new MutationObserver(() => window.songoDrawn.push(read()))
  .observe(board, {subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['data-animating', 'data-ply']});
return null;";

#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Drawn {
    ply: usize,
    animating: bool,
    counts: [u8; 14],
}

/// The person's move `m` from `p` (at ply `ply`) and the answer, as the
/// board drew them: the person's pit emptied, its seeds sown one by one
/// to the end, and only then the answer's sowing. Whether the answer's
/// state had come while the person's move was still being sown.
fn sown_before_the_answer(
    drawn: &[Drawn],
    v: Variant,
    p: &Position,
    m: Move,
    ply: usize,
    answer: Option<(Move, &Position)>,
) -> bool {
    let mut emptied = p.pits();
    emptied[m.pit()] = 0;
    let i0 = drawn
        .iter()
        .position(|d| d.counts == emptied && d.animating)
        .unwrap_or_else(|| panic!("{m}: its pit never shown emptied: {drawn:?}"));
    let (whole, _) = sown(v, p, m);
    let iw = i0
        + drawn[i0..]
            .iter()
            .position(|d| d.counts == whole)
            .unwrap_or_else(|| panic!("{m}: never sown to its end: {drawn:?}"));
    // Seed by seed: only ever seeds added, while animating.
    for pair in drawn[i0..=iw].windows(2) {
        assert!(pair[1].animating, "{m}: {pair:?}");
        assert!(
            pair[0]
                .counts
                .iter()
                .zip(pair[1].counts)
                .all(|(a, b)| *a <= b),
            "{m}: seeds taken away during the sowing: {pair:?}"
        );
    }
    let distinct = drawn[i0..=iw]
        .windows(2)
        .filter(|w| w[0].counts != w[1].counts)
        .count();
    assert!(
        distinct + 1 >= usize::from(p.pit(m.pit())).min(13),
        "{m}: the seeds drawn one by one: {:?}",
        &drawn[i0..=iw]
    );
    let fast = drawn[..iw].iter().any(|d| d.ply >= ply + 2);
    if let Some((r, after_r)) = answer {
        let after = p.make_move(v, m);
        let mut start = after.pits();
        start[r.pit()] = 0;
        let ir = iw
            + drawn[iw..]
                .iter()
                .position(|d| d.counts == start)
                .unwrap_or_else(|| panic!("{m} {r}: the answer never sown: {drawn:?}"));
        // Between the two: the person's move's end (its captures), nothing
        // of the answer.
        for d in &drawn[iw..ir] {
            assert!(
                d.counts == whole || d.counts == after.pits(),
                "{m} {r}: drawn between the two sowings: {d:?}"
            );
        }
        let last = drawn.last().unwrap();
        assert_eq!(last.counts, after_r.pits(), "{m} {r}: the end");
        assert!(!last.animating);
    }
    fast
}

#[test]
fn the_persons_own_sowing_is_animated_before_a_fast_answer() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = page_with_socket_log(&tools, &server);
    let animated = "return document.querySelector('[data-testid=animate]').checked";
    assert_eq!(b.script(animated), Value::Bool(true), "on by default");
    let v = Variant::Songo40;
    let mut s = new_game(&b, v, "south", 1);
    b.script(DRAWN_LOG);
    let mut rng = Rng(0x50e);
    let mut fast = 0;
    for round in 0..6 {
        if s.state != "your-move" {
            break;
        }
        let p: Position = s.position.parse().unwrap();
        let pit = s.enabled[rng.below(s.enabled.len())].clone();
        let m: Move = pit.parse().unwrap();
        // Every other move, the two states come together.
        let hold = round % 2 == 0;
        b.script(&format!(
            "window.songoDrawn.length = 0; window.songoHold = {hold};"
        ));
        let ply = s.ply;
        b.click(&format!("button[data-pit=\"{pit}\"]"));
        s = wait_until(&b, "the answer", |t| {
            (t.ply >= ply + 2 && t.state != "thinking") || t.state == "over"
        });
        settle(&b);
        b.script("window.songoHold = false;");
        let drawn: Vec<Drawn> =
            serde_json::from_value(b.script("return window.songoDrawn")).unwrap();
        let game = check(&s);
        let answer = (s.ply >= ply + 2).then(|| (game.moves()[ply + 1], game.position()));
        let was_fast =
            sown_before_the_answer(&drawn, v, &p, m, ply, answer.as_ref().map(|(r, q)| (*r, q)));
        if hold {
            assert!(was_fast, "held, the answer came during the sowing");
        } else {
            fast += usize::from(was_fast);
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "own sowing: {fast} of 3 answers at level 1 came while it was sown"
    );
}
