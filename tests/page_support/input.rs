//! Fast double input (issue 28, defect 3), as both the server's page and
//! the static site must take it: two clicks on a pit a few milliseconds
//! apart, a double click, a key pressed twice. A move is chosen on the
//! board the page shows; one that arrives after the board changed is
//! refused, never played on a position the person has not seen.

use songo_core::{Game, Side, Variant};

use super::{check, click_pit, new_game, wait_for, wait_until, Rng, Snapshot};
use crate::webdriver::Browser;

/// Notes every click on a pit and every key that names one, with what the
/// page showed then: the game, the ply, and whether the pit was playable.
pub const INPUT_LOG: &str = "
window.songoInput = [];
const note = (how, pit) => {
  const board = document.querySelector('[data-testid=board]');
  const button = document.querySelector(`button[data-pit=\"${pit}\"]`);
  window.songoInput.push({how, pit, game: board.dataset.game, ply: Number(board.dataset.ply),
    playable: Boolean(button) && !button.disabled});
};
document.addEventListener('click', (e) => {
  const pit = e.target.closest('[data-slot]');
  if (pit) note('click', pit.dataset.slot);
}, true);
document.addEventListener('keydown', (e) => {
  const key = e.key.toLowerCase();
  let i = 'abcdefg'.indexOf(key);
  if (i < 0) i = '1234567'.indexOf(key);
  if (key.length !== 1 || i < 0) return;
  const human = document.querySelector('[data-testid=board]').dataset.human;
  note('key', (human === 'south' ? 'ABCDEFG' : 'abcdefg')[i]);
}, true);
return null;";

/// Every move of the person in the game shown was played on a position
/// the page showed: a click or key on that pit at that ply, the pit then
/// playable.
pub fn every_move_was_seen(b: &Browser, s: &Snapshot) {
    let input = b.script("return window.songoInput;");
    let input = input.as_array().expect("the input log");
    let game: Game = check(s);
    let human = if s.human == "south" {
        Side::South
    } else {
        Side::North
    };
    for (ply, m) in game.moves().iter().enumerate() {
        if m.side() != human {
            continue;
        }
        let seen = input.iter().any(|i| {
            i["game"] == s.game.as_str()
                && i["ply"] == ply
                && i["pit"] == m.to_string()
                && i["playable"] == true
        });
        assert!(
            seen,
            "{m} at ply {ply} was played on a position the page did not show: {s:?}; input {input:?}"
        );
    }
}

/// From a page showing a game: songo40 as South at level 1, each pit of
/// the person given two inputs in a row (in one task, in two tasks, a few
/// milliseconds apart, a double click of the mouse, a key pressed twice):
/// the first is played, and no move is ever played on a position the page
/// did not show. Returns the last state.
pub fn fast_double_input_plays_no_unseen_move(b: &Browser) -> Snapshot {
    b.script(INPUT_LOG);
    let pit_button = |pit: &str| format!("document.querySelector('button[data-pit=\"{pit}\"]')");
    // Two inputs on one pit: in one task, in two tasks in a row, a few
    // milliseconds apart (about the engine's answer at level 1), as a
    // double click of the mouse, and as a key pressed twice. Each sets
    // `window.songoDone` once its second input has been given.
    const SECOND: &str = "p.click(); window.songoDone = true;";
    type Double<'a> = (String, Box<dyn Fn(&str) + 'a>);
    let mut doubles: Vec<Double> = vec![
        (
            "two clicks in one task".into(),
            Box::new(|pit: &str| {
                b.script(&format!(
                    "const p = {}; p.click(); {SECOND}",
                    pit_button(pit)
                ));
            }),
        ),
        (
            "two clicks in two tasks".into(),
            Box::new(|pit: &str| {
                b.script(&format!(
                    "const p = {}; p.click(); setTimeout(() => {{ {SECOND} }});",
                    pit_button(pit)
                ));
            }),
        ),
        (
            "a double click".into(),
            Box::new(|pit: &str| {
                b.double_click(&format!("button[data-pit=\"{pit}\"]"));
                b.script("window.songoDone = true");
            }),
        ),
        (
            "a key pressed twice".into(),
            Box::new(|pit: &str| {
                let n = "ABCDEFG".find(pit).or_else(|| "abcdefg".find(pit)).unwrap() + 1;
                b.type_keys(&format!("{n}{n}"));
                b.script("window.songoDone = true");
            }),
        ),
    ];
    for ms in [1, 4, 15, 50] {
        doubles.push((
            format!("two clicks {ms} ms apart"),
            Box::new(move |pit: &str| {
                b.script(&format!(
                    "const p = {}; p.click(); setTimeout(() => {{ {SECOND} }}, {ms});",
                    pit_button(pit)
                ));
            }),
        ));
    }
    let mut rng = Rng(0xd0b1e);
    let mut s = new_game(b, Variant::Songo40, "south", 1);
    for (what, double) in &doubles {
        if s.state == "over" {
            s = new_game(b, Variant::Songo40, "north", 1);
        }
        let pit = s.enabled[rng.below(s.enabled.len())].clone();
        let ply = s.ply;
        // The last double's words go, so that this one's are seen.
        let before = b.script(
            "document.querySelector('[data-testid=message]').textContent = '';
             window.songoDone = false;
             return window.songoInput.length;",
        );
        double(&pit);
        wait_for(b, what, "return window.songoDone", |v| v == true);
        // The inputs the page took (INPUT_LOG notes each): the first, and
        // the second unless it was a click() on a button disabled by then,
        // which the browser drops.
        let taken = b
            .script("return window.songoInput.length")
            .as_u64()
            .unwrap()
            - before.as_u64().unwrap();
        assert!(taken == 1 || taken == 2, "{what}: {taken} inputs");
        // The first input plays and is answered. A second one taken is
        // answered too, so that nothing of it can come later: refused (by
        // the room, the board having changed, or by the page, the board
        // not yet drawn or the pit no longer playable: said under the
        // board either way), or played as a move of its own on the board
        // drawn after the first, and that move answered.
        s = wait_until(b, what, |t| {
            t.ply > ply
                && t.state != "thinking"
                && (taken == 1 || !t.message.is_empty() || t.ply > ply + 2)
        });
        every_move_was_seen(b, &s);
        assert!(
            s.moves.split(' ').nth(ply) == Some(pit.as_str()),
            "{what}: {pit} played at ply {ply}: {s:?}"
        );
    }
    // The game goes on.
    for _ in 0..2 {
        if s.state == "your-move" {
            s = click_pit(b, &s, &mut rng);
        }
    }
    every_move_was_seen(b, &s);
    s
}
