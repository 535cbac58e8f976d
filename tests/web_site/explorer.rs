//! The opening book explorer on the static site: the same panel as
//! `songo gui`'s (the same assets), filled by the same room compiled into
//! the page's WebAssembly, from the book embedded in it. The site has no
//! `--book`, so what it shows is the embedded book's, which the test
//! reads too (songo-book, from the same source tree, whose tests require
//! moves at every variant's start): its moves at songo40's start are
//! listed as the book has them, scores included, and the best one played.

use serde_json::Value;
use songo_core::{Position, Variant};

use super::page_support::analysis::open_analysis;
use super::page_support::explorer::{check_rows, play_book_move, Input, EXPLORER};
use super::page_support::wait_for;
use super::Web;

#[test]
fn the_explorer_shows_the_embedded_books_moves() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    open_analysis(b);
    let book = songo_book::embedded();
    let expected = book
        .probe(Variant::Songo40, &Position::startpos())
        .unwrap_or_default();
    let v = wait_for(b, "the explorer", EXPLORER, |v| {
        v["state"] != "" && v["position"] == Position::startpos().to_string().as_str()
    });
    // Shown, not hidden as a server-only control.
    let shown = b.script(
        "const e = document.querySelector('[data-testid=explorer]');
         return !e.hidden && e.getBoundingClientRect().height > 0;",
    );
    assert_eq!(shown, Value::Bool(true), "the explorer is not shown");
    let pits = check_rows(&v);
    let book_pits: Vec<String> = expected.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(pits, book_pits, "the page's rows are not the book's: {v}");
    assert!(
        !expected.is_empty(),
        "the embedded book ({} positions) lacks songo40's start",
        book.len()
    );
    let scores: Vec<i64> = expected.iter().map(|m| i64::from(m.score)).collect();
    let shown: Vec<i64> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["cp"].as_i64().unwrap())
        .collect();
    assert_eq!(shown, scores, "{v}");
    let after = play_book_move(b, &pits[0], Input::Click);
    check_rows(&after);
    web.assert_own_origin_only();
}
