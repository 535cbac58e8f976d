//! Every automation hook that docs/gui.md documents is in the page (issue
//! 28: "a test checks that every documented hook exists"). The hook
//! tables of its "Automation hooks" section are read here: every selector
//! (`[data-testid=NAME]`, `button[data-pit=X]` for each pit, names listed
//! after a selector as in `nav-first`, `nav-prev`), every attribute said to
//! be on a hook (`data-ply`, `aria-label`), and the selectors its
//! descriptions name (`.pit[data-slot=X]`, `circle[data-ply]`). Each is
//! looked for in the page as it loads, and again once a game has finished
//! and a record has been loaded and reviewed; the few that only some states
//! have are listed below with why. The captured counts (defect 8) also say
//! whose they are, on both boards.

use std::collections::BTreeSet;

use serde::Serialize;
use songo_book::Book;

use super::games::finish_in_one_move;
use super::page_support::analysis::{open_analysis, ANALYSIS};
use super::page_support::records::{upload, TempDir, BLUNDER};
use super::page_support::{open_rules, review_at_depth_6, wait_for, wait_until};
use super::webdriver::Browser;
use super::{tools, Server};

/// One documented hook to look for.
#[derive(Clone, Debug, Serialize)]
struct Hook {
    /// How the failure is named: the selector, or `SELECTOR ATTRIBUTE`.
    name: String,
    /// `selector`: `target` matches in the page; `inside`: `target`
    /// matches inside an element of `within` (or, when `anywhere`, in the
    /// page); `attribute`: an element of `within`, or one inside it,
    /// carries the attribute `target`.
    kind: &'static str,
    within: Vec<String>,
    target: String,
    anywhere: bool,
}

/// The hooks a page has only in some states, and why. Each is missing
/// when the page has just loaded, and there once a game has finished and
/// a record has been reviewed.
const LATER: &[(&str, &str)] = &[
    (
        "li[data-game][data-id][data-result]",
        "a finished game's entry: none before a game ends",
    ),
    ("button[data-action=analyse]", "in a finished game's entry"),
    ("button[data-action=review]", "in a finished game's entry"),
    ("button[data-action=delete]", "in a finished game's entry"),
    (
        "[data-id]",
        "the deleted game's, on [data-testid=games-deleted]: none before a delete",
    ),
    (
        "[data-testid=analysis-lines] data-multipv",
        "the engine's lines come a moment after the analysis opens",
    ),
    ("[data-testid=analysis-lines] data-depth", "the lines'"),
    ("[data-testid=analysis-lines] data-score", "the lines'"),
    ("[data-testid=analysis-lines] data-pv", "the lines'"),
    (
        "[data-testid=review-moves] li",
        "a marked move: none before a review",
    ),
    (
        "circle[data-ply]",
        "a marked move's dot on the review's graph",
    ),
    ("[data-testid=review-moves] li data-ply", "a marked move's"),
    (
        "[data-testid=review-moves] li data-judgement",
        "a marked move's",
    ),
    (
        "[data-testid=review-moves] li data-played",
        "a marked move's",
    ),
    ("[data-testid=review-moves] li data-best", "a marked move's"),
    (
        "[data-testid=record-message] data-ok",
        "set once a record was loaded",
    ),
    (
        ".rules-section[data-section]",
        "the rules panel is drawn when first opened",
    ),
    ("figure[data-testid=rules-diagram]", "in the rules panel"),
    (
        "[data-testid=rules-text] data-diagram",
        "in the rules panel",
    ),
    (
        "[data-testid=rules-text] data-position",
        "in the rules panel",
    ),
    ("[data-testid=rules-text] data-state", "in the rules panel"),
    ("button[data-testid=rules-show]", "in the rules panel"),
    ("a[data-testid=rules-reference]", "in the rules panel"),
];

/// Never in this test's page: `[data-testid=tb-moves] li` needs
/// `--tablebases` (analysis.rs's `the_tablebases_give_their_verdicts`
/// checks them), the explorer's rows a book with the position (this
/// test's server has an empty one, so that what the page shows does not
/// change with the embedded book; explorer.rs checks them on its own), the
/// practice's exercises a practice started (learn.rs's puzzles test,
/// through page_support/puzzles.rs's `practise_a_blunder`, checks them).
const ELSEWHERE: &[&str] = &[
    "button[data-testid=exercise-item]",
    "[data-testid=exercises] data-solved",
    "[data-testid=tb-moves] li[data-move][data-result]",
    "[data-testid=explorer-moves] data-move",
    "[data-testid=explorer-moves] data-score",
    "[data-testid=explorer-moves] data-cp",
    "[data-testid=explorer-moves] data-depth",
    "[data-testid=explorer-moves] data-visits",
    "button[data-book-move]",
];

/// The placeholders of the tables: `X` a pit letter, `N` a number.
fn expand(selector: &str) -> Vec<String> {
    if selector.contains("=X]") {
        "ABCDEFGabcdefg"
            .chars()
            .map(|l| selector.replace("=X]", &format!("={l}]")))
            .collect()
    } else {
        vec![selector.replace("=N]", "]")]
    }
}

fn is_selector(code: &str) -> bool {
    code.contains('[') || (code.starts_with('.') && code.len() > 1)
}

fn is_attribute(code: &str) -> bool {
    (code.starts_with("data-") || code.starts_with("aria-"))
        && code.len() > 5
        && code.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// A name listed after a selector (`nav-prev` after
/// `button[data-testid=nav-first]`): that selector with its last value
/// replaced.
fn is_name(code: &str) -> bool {
    code.contains('-')
        && code
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn renamed(template: &str, name: &str) -> Option<String> {
    let at = template.rfind('=')?;
    let end = at + template[at..].find(']')?;
    Some(format!("{}{name}{}", &template[..=at], &template[end..]))
}

/// The hooks of docs/gui.md's "Automation hooks" tables.
fn documented() -> Vec<Hook> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/gui.md"))
        .expect("docs/gui.md");
    let section = doc
        .split("\n## Automation hooks\n")
        .nth(1)
        .expect("the hooks' section")
        .split("\n## ")
        .next()
        .unwrap();
    let mut hooks = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        if cells.len() < 2 || cells[0] == "| hook" {
            continue;
        }
        let code = |cell: &str| -> Vec<String> {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(String::from)
                .collect()
        };
        // The hooks the row names, as templates (with X, N).
        let mut row_selectors: Vec<String> = Vec::new();
        for c in code(cells[0]) {
            let selector = if is_selector(&c) {
                Some(c.clone())
            } else if is_name(&c) && !is_attribute(&c) {
                row_selectors.last().and_then(|last| renamed(last, &c))
            } else {
                None
            };
            if let Some(s) = selector {
                for one in expand(&s) {
                    hooks.push(Hook {
                        name: one.clone(),
                        kind: "selector",
                        within: Vec::new(),
                        target: one,
                        anywhere: true,
                    });
                }
                row_selectors.push(s);
            } else if is_attribute(&c) {
                // On the hook just named.
                let last = row_selectors.last().expect("an attribute after its hook");
                hooks.push(Hook {
                    name: format!("{last} {c}"),
                    kind: "attribute",
                    within: expand(last),
                    target: c,
                    anywhere: false,
                });
            }
        }
        let within: Vec<String> = row_selectors.iter().flat_map(|s| expand(s)).collect();
        let last = row_selectors.last().cloned().unwrap_or_default();
        for c in code(cells[1..].join(" | ").as_str()) {
            // Another board's version of the row's hook
            // (`analysis-captured-south`).
            let version = row_selectors.iter().find_map(|s| {
                let value = s.rsplit_once('=')?.1.strip_suffix(']')?;
                (is_name(&c) && !is_attribute(&c) && c.ends_with(&format!("-{value}")))
                    .then(|| renamed(s, &c))?
            });
            if let Some(s) = version {
                hooks.push(Hook {
                    name: s.clone(),
                    kind: "selector",
                    within: Vec::new(),
                    target: s,
                    anywhere: true,
                });
            } else if is_attribute(&c) {
                // On one of the row's hooks, or on what they hold (a list's
                // items).
                hooks.push(Hook {
                    name: format!("{last} {c}"),
                    kind: "attribute",
                    within: within.clone(),
                    target: c,
                    anywhere: false,
                });
            } else if is_selector(&c) {
                // Inside the row's hooks (`[data-ply=N]`, a list's items), or
                // a hook of the page's own (`.pit[data-slot=X]`, `body[…]`).
                let anywhere = !(c.starts_with("[data-ply") || c.starts_with("li"));
                for one in expand(&c) {
                    hooks.push(Hook {
                        name: one.clone(),
                        kind: "inside",
                        within: within.clone(),
                        target: one,
                        anywhere,
                    });
                }
            }
        }
    }
    hooks
}

/// The names of the hooks not in the page now.
fn missing(b: &Browser, hooks: &[Hook]) -> BTreeSet<String> {
    let script = format!(
        "const hooks = {};
         const missing = [];
         for (const h of hooks) {{
           try {{
             const roots = h.within.flatMap((s) => [...document.querySelectorAll(s)]);
             let ok;
             if (h.kind === 'selector') ok = document.querySelector(h.target) !== null;
             else if (h.kind === 'inside') ok = roots.some((r) => r.querySelector(h.target) !== null)
               || (h.anywhere && document.querySelector(h.target) !== null);
             else ok = roots.some((r) => r.hasAttribute(h.target) || r.querySelector(`[${{h.target}}]`) !== null);
             if (!ok) missing.push(h.name);
           }} catch (e) {{
             missing.push(`${{h.name}} (${{e.message}})`);
           }}
         }}
         return missing;",
        serde_json::to_string(hooks).unwrap()
    );
    serde_json::from_value(b.script(&script)).unwrap()
}

/// The captured counts' labels on a board: `South has captured N seeds`,
/// N the position's.
fn check_captured_labels(b: &Browser, board: &str, hook: &str) {
    let v = b.script(&format!(
        "return [document.querySelector('[data-testid={board}]').dataset.position,
          ...['south', 'north'].map((s) => {{ const c = document.querySelector(`[data-testid={hook}-${{s}}]`);
            return [c.textContent, c.getAttribute('aria-label')]; }})]"
    ));
    let position = v[0].as_str().unwrap();
    let fields: Vec<&str> = position.split(' ').collect();
    for (i, side) in ["South", "North"].into_iter().enumerate() {
        let n: u32 = fields[2 + i].parse().unwrap();
        let label = format!(
            "{side} has captured {n} seed{}",
            if n == 1 { "" } else { "s" }
        );
        assert_eq!(
            v[1 + i],
            serde_json::json!([n.to_string(), label]),
            "{hook} on {position}"
        );
    }
}

#[test]
fn every_documented_hook_exists() {
    let Some(tools) = tools() else { return };
    let hooks = documented();
    let names: BTreeSet<&str> = hooks.iter().map(|h| h.name.as_str()).collect();
    // The parse found the tables (and defect 8's hooks in them).
    for must in [
        "[data-testid=board]",
        "button[data-pit=a]",
        "[data-testid=captured-south]",
        "[data-testid=captured-north]",
        "[data-testid=analysis-captured-north]",
        "button[data-testid=nav-prev]",
        "input[data-edit=captured-south]",
        "[data-testid=board] data-animating",
        "[data-testid=captured-north] aria-label",
        "circle[data-ply]",
        "[data-testid=move-effect]",
    ] {
        assert!(names.contains(must), "{must} not read from docs/gui.md");
    }
    assert!(hooks.len() > 150, "{} hooks", hooks.len());
    for (name, _) in LATER {
        assert!(names.contains(name), "{name} is not documented");
    }

    let files = TempDir::new("hooks");
    let empty = files.file("empty.book", Book::empty().to_bytes());
    let server = Server::start(&["--book", empty.to_str().unwrap()]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    wait_for(&b, "the analysis board", ANALYSIS, |v| v["position"] != "");
    // An empty book is said to be one.
    let explorer = b.script(
        "const e = document.querySelector('[data-testid=explorer]');
         return [e.dataset.state, document.querySelector('[data-testid=explorer-empty]').textContent];",
    );
    assert_eq!(
        explorer,
        serde_json::json!(["no-book", "Not in the book: the book is empty."])
    );
    // As the page loads: all but those of later states (and those of
    // another server's).
    let later: BTreeSet<String> = LATER.iter().map(|(n, _)| n.to_string()).collect();
    let elsewhere: BTreeSet<String> = ELSEWHERE.iter().map(|n| n.to_string()).collect();
    let now = missing(&b, &hooks);
    let expected: BTreeSet<String> = later.union(&elsewhere).cloned().collect();
    let absent: Vec<&String> = now.difference(&expected).collect();
    assert!(
        absent.is_empty(),
        "documented in docs/gui.md, not in the page: {absent:?}"
    );
    let early: Vec<&String> = expected.difference(&now).collect();
    assert!(
        early.is_empty(),
        "listed as later, but in the page as it loads: {early:?}"
    );
    check_captured_labels(&b, "board", "captured");
    check_captured_labels(&b, "analysis-board", "analysis-captured");

    // A game finished (its entry in the list, the result announced, seeds
    // captured on both sides), a record loaded and reviewed, lines.
    let over = finish_in_one_move(&b);
    check_captured_labels(&b, "board", "captured");
    let result = b.script(
        "const r = document.querySelector('[data-testid=result]'); return [r.hidden, r.getAttribute('role')]",
    );
    assert_eq!(result, serde_json::json!([false, "status"]), "{over:?}");
    wait_for(
        &b,
        "the finished game listed",
        "return document.querySelectorAll('[data-testid=games] li').length",
        |v| v == 1,
    );
    open_analysis(&b);
    upload(&b, &files.file("blunder.pgn", BLUNDER));
    wait_for(&b, "the loaded game", ANALYSIS, |v| v["plies"] == 8);
    check_captured_labels(&b, "analysis-board", "analysis-captured");
    review_at_depth_6(&b, &["done", "failed"]);
    wait_for(&b, "lines", ANALYSIS, |v| {
        v["lines"].as_array().is_some_and(|l| !l.is_empty())
    });
    // The rules panel, drawn when first opened.
    open_rules(&b);
    let now = missing(&b, &hooks);
    let unexpected: Vec<&String> = now.iter().filter(|n| !elsewhere.contains(*n)).collect();
    assert!(
        unexpected.is_empty(),
        "documented in docs/gui.md, not in the page after a game and a review: {unexpected:?}"
    );
}
