//! The opening book explorer's hooks (docs/gui.md), read and checked in a
//! browser: every row a legal move of the position shown, best first,
//! numbered as the move list numbers moves; a row played by the mouse, a
//! finger or the keyboard, and the board then showing exactly the rules
//! core's position after it. The book itself is the test's: `songo gui
//! --book` (tests/gui/explorer.rs) or the embedded one (the static site).

use serde_json::Value;
use songo_core::record::move_label;
use songo_core::{Game, Move, Position, Variant};

use super::wait_for;
use crate::webdriver::Browser;

/// The explorer and the analysis board, read at once.
pub const EXPLORER: &str = r#"
const p = document.querySelector('[data-testid=explorer]');
const a = document.querySelector('[data-testid=analysis-board]');
const empty = document.querySelector('[data-testid=explorer-empty]');
return {
  state: p.dataset.state,
  empty: empty.hidden ? null : empty.textContent,
  table: !document.querySelector('[data-testid=explorer-table]').hidden,
  position: a.dataset.position, start: a.dataset.start, variant: a.dataset.variant,
  ply: Number(a.dataset.ply), moves: a.dataset.moves,
  message: document.querySelector('[data-testid=set-up-message]').textContent || document.querySelector('[data-testid=analysis-message]').textContent,
  rows: [...document.querySelectorAll('[data-testid=explorer-moves] tr')].map((r) => {
    const button = r.querySelector('button[data-book-move]');
    return {
      move: r.dataset.move, score: r.dataset.score, cp: Number(r.dataset.cp),
      depth: Number(r.dataset.depth), visits: Number(r.dataset.visits),
      button: button.dataset.bookMove, label: button.textContent,
      cells: [...r.cells].map((c) => c.textContent),
      height: r.getBoundingClientRect().height,
    };
  }),
};"#;

/// How a book move is chosen.
#[derive(Clone, Copy, Debug)]
pub enum Input {
    /// The mouse, on the row's button.
    Click,
    /// A finger, on the row's score (not its button).
    Tap,
    /// The keyboard: the row's button focused, then Enter.
    Enter,
}

/// The game the analysis board shows, replayed by the rules core.
fn game_shown(v: &Value) -> Game {
    let variant: Variant = v["variant"].as_str().unwrap().parse().unwrap();
    let start: Position = v["start"].as_str().unwrap().parse().unwrap();
    let moves = v["moves"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(|m| m.parse::<Move>().unwrap());
    let game = Game::with_moves(variant, start, moves).expect("the board's moves are legal");
    assert_eq!(
        v["position"].as_str(),
        Some(game.position().to_string().as_str()),
        "{v}"
    );
    game
}

/// Checks the rows the explorer shows: each a legal move of the position
/// shown, once, best first by score, its button named and numbered as the
/// move list numbers the move, its cells the hooks' values. Returns the
/// pits, best first.
pub fn check_rows(v: &Value) -> Vec<String> {
    let game = game_shown(v);
    let p = game.position();
    let legal = p.legal_moves(game.variant());
    let first = game.start().side_to_move();
    let rows = v["rows"].as_array().unwrap();
    if rows.is_empty() {
        assert_ne!(v["state"], "in-book", "{v}");
        assert!(v["empty"].is_string(), "the empty note shown: {v}");
    } else {
        assert_eq!(v["state"], "in-book", "{v}");
        assert!(v["empty"].is_null(), "the empty note hidden: {v}");
    }
    assert_eq!(v["table"], !rows.is_empty(), "{v}");
    let mut pits: Vec<String> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let pit = row["move"].as_str().unwrap();
        let m: Move = pit.parse().unwrap();
        assert!(legal.contains(m), "{pit} is not legal at {p}");
        assert!(!pits.iter().any(|x| x == pit), "{pit} twice: {v}");
        assert_eq!(row["button"], pit, "{row}");
        let label = move_label(first, game.moves().len(), m);
        assert_eq!(row["label"], label.as_str(), "{row}");
        let cells = row["cells"].as_array().unwrap();
        assert_eq!(cells[0], label.as_str(), "{row}");
        assert_eq!(cells[1], row["score"], "{row}");
        assert_eq!(cells[2], row["depth"].to_string().as_str(), "{row}");
        if i > 0 {
            assert!(
                row["cp"].as_i64() <= rows[i - 1]["cp"].as_i64(),
                "best first: {v}"
            );
        }
        pits.push(pit.to_string());
    }
    pits
}

/// Plays the explorer's book move `pit` by `input`, waits for the board to
/// have played it and checks the position against the rules core; returns
/// the explorer then.
pub fn play_book_move(b: &Browser, pit: &str, input: Input) -> Value {
    let before = b.script(EXPLORER);
    let row = format!("[data-testid=explorer-moves] tr[data-move=\"{pit}\"]");
    let button = format!("{row} button[data-book-move]");
    match input {
        Input::Click => b.click(&button),
        Input::Tap => b.tap(&format!("{row} td.book-score")),
        Input::Enter => {
            b.script(&format!(
                "document.querySelector('{}').focus()",
                button.replace('\'', "\\'")
            ));
            b.type_keys("\u{E007}");
        }
    }
    let ply = before["ply"].as_u64().unwrap() + 1;
    let v = wait_for(b, &format!("{pit} played from the book"), EXPLORER, |v| {
        v["ply"].as_u64() == Some(ply)
    });
    let game = game_shown(&v);
    assert_eq!(
        game.moves().last().map(|m| m.to_string()).as_deref(),
        Some(pit)
    );
    assert_eq!(v["message"], "", "{v}");
    v
}
