//! The players' rules panel's diagrams (assets/rules/diagrams.json), each
//! replayed by songo-core: its position is one, its move is legal there
//! (and illegal where the diagram shows a forbidden pit), and the position
//! after it is the one the file says the panel shows. The browser test
//! (tests/gui/rules.rs) checks the panel shows that position.

use std::path::Path;

use serde_json::Value;
use songo_core::{Move, Position, Variant};

fn diagrams() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rules/diagrams.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["diagrams"].as_array().unwrap().clone()
}

/// The sections of the panel, in order: each has a diagram at least.
const SECTIONS: [&str; 6] = ["board", "sowing", "capture", "feeding", "noble", "end"];

#[test]
fn every_section_has_a_diagram_and_every_diagram_replays() {
    let all = diagrams();
    for section in SECTIONS {
        assert!(
            all.iter().any(|d| d["section"] == section),
            "no diagram for {section}"
        );
    }
    let mut ids = Vec::new();
    for d in &all {
        let id = d["id"].as_str().unwrap();
        assert!(!ids.contains(&id), "{id} twice");
        ids.push(id);
        assert!(
            SECTIONS.contains(&d["section"].as_str().unwrap()),
            "{id}: section"
        );
        let v: Variant = d["variant"].as_str().unwrap().parse().unwrap();
        let p: Position = d["position"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let Some(text) = d["move"].as_str() else {
            assert!(d["after"].is_null(), "{id}: an after without a move");
            continue;
        };
        let m = Move::parse(text, p.side_to_move()).unwrap_or_else(|e| panic!("{id}: {e}"));
        if d["forbidden"].as_bool() == Some(true) {
            // A pit the rules forbid there: the panel says why, plays nothing.
            assert!(p.why_illegal(v, m).is_some(), "{id}: {m} is legal");
            assert!(d["after"].is_null(), "{id}: a forbidden move has no after");
            continue;
        }
        let after = p
            .play(v, m)
            .unwrap_or_else(|e| panic!("{id}: {m} is not legal: {e}"));
        assert_eq!(
            d["after"].as_str().unwrap(),
            after.to_string(),
            "{id}: the position after {m}"
        );
    }
}
