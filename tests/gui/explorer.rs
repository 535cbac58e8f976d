//! The opening book explorer in the browser (issue 30), on a small book
//! the test writes and gives `songo gui --book` (never the embedded
//! book, whose content grows apart from this test): the start's book
//! moves best first with their score, depth and visits; a move played by
//! the mouse, by Enter on its focused row (the focus ring seen, the focus
//! kept in the panel), by a finger at phone width; "Not in the book" off
//! it; a double click never playing a move on a board it was not chosen
//! on.

use serde_json::{json, Value};
use songo_book::{Book, BookKey, BookMove};
use songo_core::{Move, Position, Variant};

use super::page_support::analysis::open_analysis;
use super::page_support::explorer::{check_rows, play_book_move, Input, EXPLORER};
use super::page_support::records::TempDir;
use super::page_support::{wait_for, wait_until};
use super::webdriver::Browser;
use super::{screenshot_dir, tools, Server};

fn scored(pit: &str, score: i16, depth: u8, visits: u32) -> BookMove {
    BookMove {
        mv: pit.parse::<Move>().unwrap(),
        score,
        depth,
        visits,
    }
}

/// songo40's start (three moves, given worst first: the book sorts them)
/// and the position after C (North's two answers).
fn small_book() -> Book {
    let v = Variant::Songo40;
    let start = Position::startpos();
    let after_c = start.play(v, "C".parse().unwrap()).unwrap();
    Book::from_positions([
        (
            BookKey::new(v, &start),
            vec![
                scored("E", -10, 12, 5),
                scored("G", 15, 11, 8),
                scored("C", 40, 12, 30),
            ],
        ),
        (
            BookKey::new(v, &after_c),
            vec![scored("e", -75, 10, 3), scored("c", -40, 11, 20)],
        ),
    ])
}

/// Waits for the explorer to list `n` book moves.
fn rows(b: &Browser, what: &str, n: usize) -> Value {
    wait_for(b, what, EXPLORER, |v| {
        v["rows"].as_array().is_some_and(|r| r.len() == n)
    })
}

#[test]
fn book_moves_are_listed_and_played_by_mouse_keyboard_and_finger() {
    let Some(tools) = tools() else { return };
    let files = TempDir::new("explorer");
    let book = files.file("small.book", small_book().to_bytes());
    let server = Server::start(&["--book", book.to_str().unwrap()]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");
    open_analysis(&b);

    // The start: the book's three moves, best first, as the book has them.
    let v = rows(&b, "the start's book moves", 3);
    assert_eq!(check_rows(&v), ["C", "G", "E"]);
    let cells: Vec<&Value> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["cells"])
        .collect();
    assert_eq!(
        cells,
        [
            &json!(["1. C", "+0.40", "12", "30"]),
            &json!(["1. G", "+0.15", "11", "8"]),
            &json!(["1. E", "-0.10", "12", "5"]),
        ]
    );
    assert_eq!(
        (
            &v["rows"][0]["cp"],
            &v["rows"][0]["depth"],
            &v["rows"][0]["visits"]
        ),
        (&json!(40), &json!(12), &json!(30))
    );
    b.script("document.querySelector('[data-testid=explorer]').scrollIntoView()");
    b.screenshot(&screenshot_dir().join("desktop-explorer.png"));

    // A double click on a book move: the second click is for the start,
    // which the board has left (refused: the server's answer says so under
    // the board), or for the row under the pointer once the next
    // position's rows are drawn (North's best, c, played): never anything
    // else. Either answer is waited for, so that nothing can come after.
    b.double_click("button[data-book-move=\"C\"]");
    let v = wait_for(&b, "the double click's move", EXPLORER, |v| v["ply"] != 0);
    let after = wait_for(&b, "the answer to the second click", EXPLORER, |v| {
        v["ply"] == 2 || v["message"] != ""
    });
    let refused = "Pit C: not played: the board changed before it arrived (look again, then play).";
    assert!(
        (after["moves"] == "C" && after["message"] == refused)
            || (after["moves"] == "C c" && after["message"] == ""),
        "a double click played {}: {v} then {after}",
        after["moves"]
    );
    b.click("[data-testid=nav-first]");
    rows(&b, "the start again", 3);

    // The mouse: the best move; North's answers then, numbered as the
    // move list numbers them, scored for North.
    let v = play_book_move(&b, "C", Input::Click);
    assert_eq!(check_rows(&v), ["c", "e"]);
    assert_eq!(v["rows"][1]["cells"], json!(["1... e", "-0.75", "10", "3"]));

    // The keyboard: Enter on a row's button. Off the book then, said so,
    // and the focus still in the panel.
    let v = play_book_move(&b, "c", Input::Enter);
    assert!(check_rows(&v).is_empty());
    assert_eq!(
        (&v["state"], &v["empty"]),
        (&json!("not-in-book"), &json!("Not in the book."))
    );
    let focus = b.script(
        "return document.querySelector('[data-testid=explorer]').contains(document.activeElement)",
    );
    assert_eq!(focus, Value::Bool(true), "the focus left the explorer");
    // The focused row is ringed in the focus colour.
    b.click("[data-testid=nav-first]");
    rows(&b, "the start again", 3);
    let ring = b.script(
        "document.querySelector('button[data-book-move=\"G\"]').focus();
         const s = getComputedStyle(document.querySelector('tr[data-move=\"G\"]'));
         return [s.outlineStyle, s.outlineWidth];",
    );
    assert_eq!(ring, json!(["solid", "3px"]));

    // A phone: rows a finger can hit, the panel no wider than the screen,
    // a tap on a row's score plays its move.
    b.resize(390, 844);
    let fit = b.script(
        "const p = document.querySelector('[data-testid=explorer]'); p.scrollIntoView();
         return [p.scrollWidth <= p.clientWidth, p.getBoundingClientRect().right <= window.innerWidth];",
    );
    assert_eq!(fit, json!([true, true]), "the explorer overflows at 390 px");
    let v = b.script(EXPLORER);
    for row in v["rows"].as_array().unwrap() {
        assert!(
            row["height"].as_f64() >= Some(44.0),
            "a small target: {row}"
        );
    }
    b.screenshot(&screenshot_dir().join("phone-explorer.png"));
    let v = play_book_move(&b, "G", Input::Tap);
    assert_eq!(v["moves"], "G");
    assert_eq!(v["state"], "not-in-book");
}
