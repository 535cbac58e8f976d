//! The rules panel for players (issue 38): six sections in the page's
//! language, each with diagrams drawn by the page's own board; "Show me"
//! sows each diagram's move, and the position the diagram then shows is
//! the rules core's (replayed here), or the pit is refused with the
//! rules' reason; the panel fits a phone and links the technical rules.

use serde_json::Value;
use songo_core::{Move, Position, Variant};

use super::page_support::language::assert_one_language;
use super::page_support::{open_rules, wait_for, wait_until};
use super::webdriver::Browser;
use super::{http, screenshot_dir, tools, Server};

fn diagrams() -> Vec<Value> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/songo-gui/assets/rules/diagrams.json"
    ))
    .unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["diagrams"]
        .as_array()
        .unwrap()
        .clone()
}

/// The counts a diagram's board draws, A–G then a–g.
fn drawn(b: &Browser, id: &str) -> String {
    let v = b.script(&format!(
        "const d = document.querySelector('[data-diagram=\"{id}\"]');
         return [...'ABCDEFGabcdefg'].map((l) => d.querySelector(`[data-rules-pit=\"${{l}}\"] .count`).textContent).join(',');"
    ));
    v.as_str().unwrap().to_string()
}

fn pits_of(position: &str) -> String {
    position.split(' ').next().unwrap().replace('/', ",")
}

#[test]
fn the_rules_panel_shows_each_diagrams_move_as_the_rules_core_plays_it() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start_in(&tools, 390, 844, "fr-FR");
    b.emulate_phone(390, 844);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    open_rules(&b);
    let sections = b.script(
        "return [...document.querySelectorAll('.rules-section')].map((s) => [s.dataset.section, s.querySelector('h3').textContent])",
    );
    let names: Vec<&str> = sections
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[0].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["board", "sowing", "capture", "feeding", "noble", "end"]
    );
    assert_one_language(&b, "fr", "the rules panel");
    let width = b.script("return document.documentElement.scrollWidth");
    assert!(
        width.as_u64().unwrap() <= 390,
        "the rules panel is {width} px wide"
    );
    b.script("document.querySelector('.rules-section[data-section=sowing]').scrollIntoView()");
    b.screenshot(&screenshot_dir().join("fr-rules-panel-390.png"));

    for d in diagrams() {
        let id = d["id"].as_str().unwrap();
        let position = d["position"].as_str().unwrap();
        let shown = b.script(&format!(
            "return document.querySelector('[data-diagram=\"{id}\"]').dataset.position"
        ));
        assert_eq!(shown, position, "{id}: the diagram's position");
        assert_eq!(drawn(&b, id), pits_of(position), "{id}: the drawn seeds");
        let Some(pit) = d["move"].as_str() else {
            continue;
        };
        b.script(&format!(
            "const d = document.querySelector('[data-diagram=\"{id}\"]'); d.scrollIntoView(); d.querySelector('[data-testid=rules-show]').click();"
        ));
        let state = wait_for(
            &b,
            "the move shown",
            &format!("return document.querySelector('[data-diagram=\"{id}\"]').dataset.state"),
            |v| v == "shown" || v == "refused",
        );
        // The rules core, here, independently of the page and its room.
        let v: Variant = d["variant"].as_str().unwrap().parse().unwrap();
        let p: Position = position.parse().unwrap();
        let m = Move::parse(pit, p.side_to_move()).unwrap();
        match p.play(v, m) {
            Ok(after) => {
                assert_eq!(state, "shown", "{id}");
                let shown = b.script(&format!(
                    "return document.querySelector('[data-diagram=\"{id}\"]').dataset.position"
                ));
                assert_eq!(shown, after.to_string(), "{id}: the position after {m}");
                let settled = format!(
                    "return document.querySelector('[data-diagram=\"{id}\"] .board').dataset.animating"
                );
                wait_for(&b, "the sowing drawn", &settled, |v| v == "false");
                assert_eq!(
                    drawn(&b, id),
                    pits_of(&after.to_string()),
                    "{id}: drawn after"
                );
            }
            Err(_) => {
                assert_eq!(state, "refused", "{id}");
                let why = b.script(&format!(
                    "return document.querySelector('[data-diagram=\"{id}\"] [role=alert]').textContent"
                ));
                assert!(
                    why.as_str().is_some_and(|t| !t.is_empty()),
                    "{id}: no reason"
                );
            }
        }
    }
    assert_one_language(&b, "fr", "the rules panel, every move shown");

    // The technical rules, for engine authors: linked and served.
    let href = b.script(
        "return document.querySelector('[data-testid=rules-reference]').getAttribute('href')",
    );
    assert_eq!(href, "rules.md");
    let r = http::get(
        server.port,
        "/rules.md",
        &server.host(),
        Some(&server.origin()),
    );
    assert_eq!(r.status, 200);

    // In English too, at once.
    b.select("[data-testid=language]", "en");
    assert_one_language(&b, "en", "the rules panel in English");
}
