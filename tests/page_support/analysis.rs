//! The analysis board's hooks, and the checks of a typed position that
//! both the server's page and the static site pass: live lines with depth
//! and scores, the legal pits, the evaluation bar, bad positions explained
//! and the editor's seed count.

use serde_json::Value;
use songo_core::{Position, Variant};

use super::wait_for;
use crate::webdriver::Browser;

/// The analysis board's hooks, read at once.
pub const ANALYSIS: &str = r#"
const a = document.querySelector('[data-testid=analysis-board]');
const bar = document.querySelector('[data-testid=eval-bar]');
const tb = document.querySelector('[data-testid=tablebase]');
return {
  position: a.dataset.position, ply: Number(a.dataset.ply), plies: Number(a.dataset.plies),
  moves: a.dataset.moves, variant: a.dataset.variant, start: a.dataset.start,
  enabled: [...document.querySelectorAll('button[data-analysis-pit]')].filter((x) => !x.disabled).map((x) => x.dataset.analysisPit),
  lines: [...document.querySelectorAll('[data-testid=analysis-lines] li')].map((l) => ({
    multipv: Number(l.dataset.multipv), depth: Number(l.dataset.depth || 0), score: l.dataset.score, pv: l.dataset.pv })),
  bar: bar.dataset.south, bar_text: bar.dataset.text,
  message: document.querySelector('[data-testid=set-up-message]').textContent || document.querySelector('[data-testid=analysis-message]').textContent,
  record_message: document.querySelector('[data-testid=record-message]').textContent,
  tb_hidden: tb.hidden, verdict: tb.dataset.verdict,
  tb_text: document.querySelector('[data-testid=tb-verdict]').textContent,
  tb_moves: [...document.querySelectorAll('[data-testid=tb-moves] li')].map((l) => [l.dataset.move, l.dataset.result]),
  origin: document.querySelector('[data-testid=analysis-origin]').textContent,
  multipv: document.querySelector('[data-testid=multipv]').value,
};"#;

/// A position of the protocol's examples, songo36-amateur, South to move.
pub const TYPED: &str = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -";

/// Opens the Analysis tab.
pub fn open_analysis(b: &Browser) {
    b.click("[data-testid=tab-analysis]");
    wait_for(
        b,
        "the analysis board",
        "return document.querySelector('[data-testid=analysis-mode]').hidden",
        |v| v == &Value::Bool(false),
    );
}

/// Types a variant and a position into the set-up form and submits it.
pub fn set_up(b: &Browser, variant: Variant, position: &str) {
    b.select("[data-testid=analysis-variant]", variant.name());
    b.clear("[data-testid=position-input]");
    b.send_keys("[data-testid=position-input]", position);
    b.click("[data-testid=set-up]");
}

/// The legal moves of `position` in `variant`, as the page names pits.
pub fn legal(variant: Variant, position: &str) -> Vec<String> {
    let p: Position = position.parse().expect("a position");
    p.legal_moves(variant)
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// Checks an analysis board's view: its pits enabled exactly for the
/// legal moves, and each line (`lines` of them, at `depth` at least)
/// starting with a legal move and scored; the bar follows the best line.
pub fn check_lines(v: &Value, variant: Variant, lines: usize, depth: u64) {
    let position = v["position"].as_str().unwrap();
    let legal = legal(variant, position);
    let mut enabled: Vec<String> = serde_json::from_value(v["enabled"].clone()).unwrap();
    enabled.sort();
    assert_eq!(enabled, legal, "the legal pits are playable on the board");
    let shown = v["lines"].as_array().unwrap();
    assert_eq!(shown.len(), lines, "{v}");
    for (i, line) in shown.iter().enumerate() {
        assert_eq!(line["multipv"].as_u64(), Some(i as u64 + 1), "{line}");
        assert!(line["depth"].as_u64() >= Some(depth), "{line}");
        let first = line["pv"].as_str().unwrap().split(' ').next().unwrap();
        assert!(legal.iter().any(|m| m == first), "{line}");
        assert!(!line["score"].as_str().unwrap().is_empty(), "{line}");
    }
    assert!(
        !v["bar"].as_str().unwrap().is_empty(),
        "the bar shows the best line: {v}"
    );
}

/// On the open analysis board: two lines asked for, [`TYPED`] set up, and
/// its two lines at depth 6 at least, checked. Returns the board's view.
pub fn two_lines_on_a_typed_position(b: &Browser) -> Value {
    open_analysis(b);
    b.select("[data-testid=multipv]", "2");
    // Every answer to the page's `analyse` messages (on connecting, on
    // opening the tab, for the two lines) redraws the set-up form with
    // the board's variant, and may come after the variant is chosen
    // below, setting up songo40 instead: waited for. Two lines on the
    // start position show that the last of them has come.
    wait_for(b, "two lines on the start position", ANALYSIS, |v| {
        v["position"] == Position::startpos().to_string()
            && v["lines"].as_array().is_some_and(|l| l.len() == 2)
    });
    set_up(b, Variant::Songo36Amateur, TYPED);
    let v = wait_for(b, "two lines at depth 6", ANALYSIS, |v| {
        v["position"] == TYPED
            && v["lines"]
                .as_array()
                .is_some_and(|l| l.len() == 2 && l.iter().all(|x| x["depth"].as_u64() >= Some(6)))
    });
    check_lines(&v, Variant::Songo36Amateur, 2, 6);
    assert_eq!(v["variant"], "songo36-amateur");
    assert_eq!(v["multipv"], "2");
    v
}

/// With [`TYPED`] on the board: bad position strings get the parser's
/// reason and leave the board as it is; the editor counts the seeds as
/// they are typed, refuses a wrong total and sets up a corrected one; a
/// pit of the side not to move is refused with why.
pub fn bad_positions_and_the_editor(b: &Browser) {
    let p = TYPED;
    set_up(b, Variant::Songo40, "5,5,5,5,5,5,5/5,5,5,5,5,5,4 s 0 0 Gg");
    let v = wait_for(b, "the reason", ANALYSIS, |v| v["message"] != "");
    assert_eq!(
        v["message"],
        "Bad position: pits and captured counts total 69 seeds, not 70."
    );
    assert_eq!(v["position"], p);
    set_up(b, Variant::Songo40, "5,5,5,5,5,5,5/5,5,5,5,5,5 n 0 0 Gg");
    let v = wait_for(b, "the reason", ANALYSIS, |v| {
        v["message"].as_str().unwrap().contains("two rows of 7")
    });
    assert_eq!(v["position"], p);

    // The editor counts the seeds as they are typed.
    b.click("[data-testid=editor] summary");
    b.clear("input[data-edit=A]");
    b.send_keys("input[data-edit=A]", "20");
    let total = b.script(
        "const t = document.querySelector('[data-testid=editor-total]'); return [t.dataset.total, t.textContent];",
    );
    assert_eq!(total[0], "77", "{total}");
    assert!(total[1].as_str().unwrap().contains("remove 7"), "{total}");
    b.click("[data-testid=editor-apply]");
    let v = wait_for(b, "the reason", ANALYSIS, |v| {
        v["message"].as_str().unwrap().contains("total 77 seeds")
    });
    assert_eq!(v["position"], p);
    // Corrected, it is set up: the typed count and North to move.
    b.clear("input[data-edit=A]");
    b.send_keys("input[data-edit=A]", "13");
    b.select("select[data-edit=side]", "n");
    b.click("[data-testid=editor-apply]");
    let q = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 n 0 6 -";
    let v = wait_for(b, "the edited position", ANALYSIS, |v| v["position"] == q);
    assert_eq!(v["message"], "");

    // A pit of the side not to move is refused on the board, with why.
    b.click(".pit[data-analysis-slot=\"A\"]");
    let v = wait_for(b, "the reason", ANALYSIS, |v| v["message"] != "");
    assert_eq!(v["message"], "Pit A: it is South's pit.");
}
