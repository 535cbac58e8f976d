//! One game, one tab (issue 28: two tabs fought over one game): the tab
//! opened last plays; the other says the game is open elsewhere, takes no
//! move (the server answers its move with `elsewhere`), and can claim the
//! game back.

use super::page_support::{snapshot, wait_for, wait_until, PATIENCE};
use super::{tools, Browser, Server};
use std::time::Instant;

/// Put in a page before its own scripts: the type of every message the
/// server sends it, in order (`window.songoHeard`), noted before the page
/// reads the message.
const HEARD_LOG: &str = "
window.songoHeard = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    super.addEventListener('message', (e) => {
      try { window.songoHeard.push(JSON.parse(e.data).type); } catch (err) { /* not JSON */ }
    });
  }
};";

/// How many `elsewhere` answers the page has heard.
const ELSEWHERES: &str = "return window.songoHeard.filter((t) => t === 'elsewhere').length";

fn paused(b: &Browser) -> bool {
    b.script("return !document.querySelector('[data-testid=elsewhere]').hidden")
        == serde_json::Value::Bool(true)
}

fn wait_paused(b: &Browser, want: bool) {
    let deadline = Instant::now() + PATIENCE;
    while paused(b) != want {
        assert!(Instant::now() < deadline, "the notice never became {want}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn the_newest_tab_plays_and_the_other_can_claim_the_game() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let a = Browser::start(&tools, 1000, 800);
    a.goto(&server.url());
    wait_until(&a, "tab A's game", |s| s.state == "your-move");
    wait_paused(&a, false);
    let b = Browser::start(&tools, 1000, 800);
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": HEARD_LOG }),
    );
    b.goto(&server.url());
    wait_until(&b, "tab B's game", |s| s.state == "your-move");
    wait_paused(&a, true);
    wait_paused(&b, false);
    // B plays; A's view follows behind its notice.
    b.click("button[data-pit=\"C\"]");
    wait_until(&b, "B's move and the answer", |s| {
        s.ply == 2 && s.state == "your-move"
    });
    wait_until(&a, "A sees B's game", |s| s.ply == 2);
    // A claims the game back and plays on it.
    a.click("[data-testid=claim]");
    wait_paused(&a, false);
    wait_paused(&b, true);
    let s = wait_until(&a, "A's turn", |s| s.state == "your-move");
    let pit = s.enabled[0].clone();
    a.click(&format!("button[data-pit=\"{pit}\"]"));
    wait_until(&a, "A's move", |s| s.ply == 4 && s.state == "your-move");
    // B's keys do nothing to the game while it is paused: a key of a pit
    // B's board offers (so that the page sends the move) is answered
    // `elsewhere`, and once that answer is in, neither tab has a move
    // more.
    let shown = wait_until(&b, "B sees A's move", |s| {
        s.ply == 4 && s.state == "your-move"
    });
    let heard = b.script(ELSEWHERES).as_u64().expect("the heard log");
    b.type_keys(&shown.enabled[0].to_lowercase());
    wait_for(&b, "the server's answer to B's move", ELSEWHERES, |n| {
        n.as_u64() > Some(heard)
    });
    assert_eq!(snapshot(&b).ply, 4, "B's move played");
    assert_eq!(snapshot(&a).ply, 4, "B's move played in A's game");
    // A closes: B plays again.
    drop(a);
    wait_paused(&b, false);
}
