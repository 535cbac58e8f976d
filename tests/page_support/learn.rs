//! Learn's checks (issue 39), shared by both transports: a lesson opened
//! from the list, its wrong answers refused with the reason the file
//! states (the rules core's, for a forbidden pit), its answer accepted,
//! sown (the animation seen running) and left as songo-core plays it,
//! replayed here from the lesson file independently of the page and its
//! room; the list's marks.

use serde_json::Value;
use songo_core::{Move, Position, Variant};

use super::wait_for;
use crate::webdriver::Browser;

/// Everything Learn's hooks show at one moment.
pub const LESSON: &str = r#"
const b = document.querySelector('[data-testid=lesson-board]');
const why = document.querySelector('[data-testid=lesson-why]');
const rule = document.querySelector('[data-testid=lesson-why-rule]');
const hint = document.querySelector('[data-testid=lesson-why-hint]');
const done = document.querySelector('[data-testid=lesson-done]');
return {
  shown: !document.querySelector('[data-testid=learn-mode]').hidden,
  lesson: b.dataset.lesson, variant: b.dataset.variant, position: b.dataset.position,
  state: b.dataset.state, animating: b.dataset.animating === 'true',
  enabled: [...b.querySelectorAll('button[data-lesson-pit]')].filter((p) => !p.disabled).map((p) => p.dataset.lessonPit),
  drawn: [...'ABCDEFGabcdefg'].map((l) => b.querySelector(`[data-lesson-pit="${l}"] .count`).textContent).join(','),
  why: why.hidden ? '' : why.textContent.trim(), why_pit: why.dataset.pit,
  rule: rule.dataset.l10nArgs || '', rule_id: rule.dataset.l10nId || '', hint: hint.dataset.l10nId || '',
  done: done.hidden ? '' : done.textContent.trim(),
  next: !document.querySelector('[data-testid=lesson-next]').hidden,
  items: [...document.querySelectorAll('[data-testid=lesson-item]')].map((i) => [i.dataset.lesson, i.dataset.done === 'true']),
};"#;

/// The lessons of the file compiled into songo (songo-learn's).
pub fn lessons() -> Vec<Value> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/songo-learn/lessons/lessons.json"
    ))
    .unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["lessons"]
        .as_array()
        .unwrap()
        .clone()
}

/// The ids of `v`'s lessons, in order.
pub fn lesson_ids(v: Variant) -> Vec<String> {
    lessons()
        .iter()
        .filter(|l| {
            l["variants"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x == v.name())
        })
        .map(|l| l["id"].as_str().unwrap().to_string())
        .collect()
}

fn lesson(id: &str) -> Value {
    lessons()
        .into_iter()
        .find(|l| l["id"] == id)
        .unwrap_or_else(|| panic!("no lesson {id}"))
}

fn pits_of(position: &str) -> String {
    position.split(' ').next().unwrap().replace('/', ",")
}

/// Opens Learn, `variant`'s lessons, and lesson `id` afresh.
pub fn open_lesson(b: &Browser, variant: Variant, id: &str) -> Value {
    if b.script(LESSON)["shown"] != true {
        b.click("[data-testid=tab-learn]");
    }
    let v = b.script(LESSON);
    if v["variant"] != variant.name() {
        b.select("[data-testid=lesson-variant]", variant.name());
        wait_for(b, "the variant's lessons", LESSON, |v| {
            v["variant"] == variant.name()
        });
    }
    b.click(&format!("[data-testid=lesson-item][data-lesson=\"{id}\"]"));
    wait_for(b, "the lesson", LESSON, |v| {
        v["lesson"] == id && v["state"] == "task" && v["variant"] == variant.name()
    })
}

/// Lesson `id` of `variant` done in the page: its position and legal pits
/// as the rules core has them, each wrong answer the file states refused
/// with its reason, then the answer sown and the position after it the
/// rules core's. Returns the last view.
pub fn complete_lesson(b: &Browser, variant: Variant, id: &str) -> Value {
    let l = lesson(id);
    let start: Position = l["position"].as_str().unwrap().parse().unwrap();
    let shown = open_lesson(b, variant, id);
    assert_eq!(shown["position"], start.to_string(), "{id}: its position");
    assert_eq!(shown["drawn"], pits_of(&start.to_string()), "{id}: drawn");
    let legal: Vec<String> = start
        .legal_moves(variant)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        shown["enabled"],
        serde_json::json!(legal),
        "{id}: enabled pits"
    );

    for wrong in l["refuse"].as_array().unwrap() {
        let pit = wrong["move"].as_str().unwrap();
        // A forbidden pit's button is disabled: its wrapper takes the tap.
        b.click(&format!(".pit[data-lesson-slot=\"{pit}\"]"));
        let v = wait_for(b, "the wrong answer said", LESSON, |v| {
            v["state"] == "wrong" && v["why_pit"] == pit && v["why"] != ""
        });
        match wrong["why"].as_str() {
            Some(reason) => {
                // The rules core's reason, inside "Pit G: …".
                assert_eq!(v["rule_id"], "pit-refused", "{id} {pit}: {v}");
                let args: Value = serde_json::from_str(v["rule"].as_str().unwrap()).unwrap();
                assert_eq!(args["why"]["id"], reason, "{id} {pit}: the reason");
                assert_eq!(v["hint"], "", "{id} {pit}");
            }
            None => {
                // Allowed, not the answer: what it does, and the lesson's words.
                assert!(start
                    .legal_moves(variant)
                    .contains(pit.parse::<Move>().unwrap()));
                assert_eq!(v["hint"], l["wrong"], "{id} {pit}: the lesson's words");
            }
        }
        assert_eq!(v["position"], start.to_string(), "{id}: nothing played");
    }

    let right = &l["accept"][0];
    let pit = right["move"].as_str().unwrap();
    let m: Move = pit.parse().unwrap();
    let after = start
        .play(variant, m)
        .expect("the lesson's answer is legal");
    assert_eq!(
        right["after"],
        after.to_string(),
        "{id}: the file's position after {pit}"
    );
    b.click(&format!("button[data-lesson-pit=\"{pit}\"]"));
    // The result is sown, seed by seed: the animation is seen running.
    let v = wait_for(b, "the answer sown", LESSON, |v| {
        v["state"] == "solved" && v["animating"] == true
    });
    assert_eq!(
        v["position"],
        after.to_string(),
        "{id}: the position after {pit}"
    );
    assert_eq!(
        v["enabled"],
        serde_json::json!([]),
        "{id}: solved, nothing to play"
    );
    let v = wait_for(b, "the sowing's end", LESSON, |v| v["animating"] == false);
    assert_eq!(v["drawn"], pits_of(&after.to_string()), "{id}: drawn after");
    assert!(
        v["done"].as_str().is_some_and(|t| !t.is_empty()),
        "{id}: said"
    );
    let item = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i[0] == id)
        .cloned();
    assert_eq!(
        item,
        Some(serde_json::json!([id, true])),
        "{id}: marked solved"
    );
    v
}

/// The lessons marked solved in the list shown.
pub fn solved(b: &Browser) -> Vec<String> {
    b.script(LESSON)["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i[1] == true)
        .map(|i| i[0].as_str().unwrap().to_string())
        .collect()
}
