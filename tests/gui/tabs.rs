//! One game, one tab (issue 28: two tabs fought over one game): the tab
//! opened last plays; the other says the game is open elsewhere, takes no
//! move, and can claim the game back.

use super::page_support::{wait_until, PATIENCE};
use super::{tools, Browser, Server};
use std::time::Instant;

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
    // B's keys do nothing to the game while it is paused.
    b.type_keys("a");
    std::thread::sleep(std::time::Duration::from_millis(300));
    wait_until(&a, "A's game unchanged", |s| s.ply == 4);
    // A closes: B plays again.
    drop(a);
    wait_paused(&b, false);
}
