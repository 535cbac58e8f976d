//! Feedback while playing (issue 28): the line that tells each move
//! (`[data-testid=move-effect]`) against what the rules core says the
//! move captured, the sound switch
//! remembered across a reload, the keyboard's focus ring distinct from the
//! green ring of the playable pits, and the letters A–G playing after a
//! dropdown was used.

use serde_json::Value;
use songo_core::{Game, Move, Position, Side, Variant};

use super::page_support::{check, click_pit, new_game, wait_until, Rng, Snapshot};
use super::webdriver::Browser;
use super::{tools, Server};

/// The seeds of `p` once `m` is sown and before anything is captured (rules
/// 2: a first round through the 13 other pits, then rounds of the
/// opponent's row only; songo40's direct gain), and whether the last seed
/// went to the mover's store instead. Written here from docs/rules.md, not
/// taken from the page's server.
pub fn sown(v: Variant, p: &Position, m: Move) -> ([u8; 14], bool) {
    let mut pits = p.pits();
    let origin = m.pit();
    let mut left = pits[origin];
    pits[origin] = 0;
    if p.is_capture_solo(v, m) {
        return (pits, true);
    }
    let mut at = origin;
    for _ in 0..13 {
        if left == 0 {
            break;
        }
        at = (at + 1) % 14;
        pits[at] += 1;
        left -= 1;
    }
    let theirs = p.side_to_move().opponent().first_pit();
    while left > 0 {
        if v.direct_gain() && left == 1 {
            return (pits, true);
        }
        for pit in pits.iter_mut().skip(theirs).take(7) {
            if left == 0 {
                break;
            }
            *pit += 1;
            left -= 1;
        }
    }
    (pits, false)
}

/// What the line under the board says of move `m` from `p`, from the
/// rules core's position after it: the pits the sowing filled that the
/// move left empty, and the seeds the mover gained.
pub fn told(v: Variant, p: &Position, m: Move) -> String {
    let after = p.make_move(v, m);
    let mover = p.side_to_move();
    let gained = after.captured(mover) - p.captured(mover);
    let (pits, store) = sown(v, p, m);
    let taken: Vec<String> = (0..14)
        .filter(|&i| i != m.pit() && pits[i] > 0 && after.pit(i) == 0)
        .map(|i| Move::from_pit(i).to_string())
        .collect();
    for pit in &taken {
        // Only ever the opponent's pits.
        assert_ne!(pit.parse::<Move>().unwrap().side(), mover, "{p} {m}");
    }
    let seeds = |n: u8| format!("{n} seed{}", if n == 1 { "" } else { "s" });
    let names = match taken.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    match (taken.is_empty(), store) {
        (true, false) => {
            assert_eq!(gained, 0, "{p} {m}");
            format!("{m}: no capture.")
        }
        (true, true) => format!("{m}: {} to the store.", seeds(gained)),
        (false, false) => format!("{m}: {} captured from {names}.", seeds(gained)),
        (false, true) => format!(
            "{m}: {} captured from {names}, and 1 to the store.",
            seeds(gained - 1)
        ),
    }
}

/// Records the move line each time it changes, with the board's hooks
/// then (both are set by one render).
pub const MOVE_EFFECT_LOG: &str = "
window.songoEffects = [];
const b = document.querySelector('[data-testid=board]');
const e = document.querySelector('[data-testid=move-effect]');
new MutationObserver(() => window.songoEffects.push({game: b.dataset.game, ply: Number(b.dataset.ply),
    moves: b.dataset.moves, start: b.dataset.start, variant: b.dataset.variant, human: b.dataset.human,
    text: e.textContent}))
  .observe(e, {childList: true, characterData: true, subtree: true});
return null;";

/// Every line recorded (by [`MOVE_EFFECT_LOG`]) for the game of `s` says
/// who played its last move and what the rules core says it captured; a
/// line was seen after each of its moves. Returns the number of lines
/// that told a capture.
pub fn check_move_effects(b: &Browser, s: &Snapshot) -> usize {
    let log = b.script("return window.songoEffects;");
    let log = log.as_array().expect("the move lines' log");
    let mut seen = vec![false; s.ply + 1];
    let mut captures = 0;
    for e in log.iter().filter(|e| e["game"] == s.game.as_str()) {
        let v: Variant = e["variant"].as_str().unwrap().parse().unwrap();
        let start: Position = e["start"].as_str().unwrap().parse().unwrap();
        let moves: Vec<Move> = e["moves"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        let text = e["text"].as_str().unwrap();
        let Some(last) = moves.last().copied() else {
            assert_eq!(text, "", "no move yet: {e}");
            continue;
        };
        let game = Game::with_moves(v, start, moves[..moves.len() - 1].iter().copied())
            .unwrap_or_else(|e| panic!("{e:?}"));
        let before = game.position();
        let human = if e["human"] == "south" {
            Side::South
        } else {
            Side::North
        };
        let who = if before.side_to_move() == human {
            "You"
        } else {
            // The built-in engine is named for a player.
            "The computer"
        };
        let expected = format!("{who} played {}", told(v, &before, last));
        assert_eq!(text, expected, "ply {}: {before} {last}", moves.len());
        captures += usize::from(text.contains("captured"));
        if let Some(x) = seen.get_mut(moves.len()) {
            *x = true;
        }
    }
    let unseen: Vec<usize> = (1..=s.ply).filter(|&i| !seen[i]).collect();
    assert!(unseen.is_empty(), "no line after plies {unseen:?}: {s:?}");
    captures
}

#[test]
fn moves_told_rules_sound_focus_ring_and_keys_after_a_dropdown() {
    let Some(tools) = tools() else { return };
    let server = Server::start(&[]);
    let b = Browser::start(&tools, 1280, 900);
    b.goto(&server.url());
    wait_until(&b, "the first state", |s| s.state == "your-move");

    // (The rules panel has its own test: rules.rs.)

    // The sound: on by default, its switch remembered across a reload.
    let sound = "return document.querySelector('[data-testid=sound]').checked";
    assert_eq!(b.script(sound), Value::Bool(true), "on by default");
    b.click("[data-testid=sound]");
    assert_eq!(
        b.script("return localStorage.getItem('songo.sound')"),
        "off"
    );
    b.refresh();
    wait_until(&b, "the reloaded page", |s| s.state == "your-move");
    assert_eq!(b.script(sound), Value::Bool(false), "off, remembered");
    b.click("[data-testid=sound]");
    b.refresh();
    wait_until(&b, "the reloaded page", |s| s.state == "your-move");
    assert_eq!(b.script(sound), Value::Bool(true), "on again, remembered");

    b.script(MOVE_EFFECT_LOG);
    let s = new_game(&b, Variant::Songo40, "south", 1);

    // The keyboard's focus ring: a pit reached with Tab shows a ring of
    // its own colour, outside the green ring of the playable pits.
    b.script(&format!(
        "document.querySelector('button[data-pit=\"{}\"]').focus()",
        s.enabled[0]
    ));
    b.type_keys("\u{E004}"); // Tab
    let ring = b.script(
        "const f = document.activeElement; const c = getComputedStyle(f);
         const other = getComputedStyle(document.querySelector('.pit.legal button:not(:focus)'));
         return {pit: f.dataset.pit || null, visible: f.matches(':focus-visible'), outline: c.outlineColor,
           style: c.outlineStyle, width: parseFloat(c.outlineWidth), border: c.borderTopColor,
           legal: other.borderTopColor, other_outline: other.outlineStyle};",
    );
    assert_eq!(
        ring["pit"],
        s.enabled[1].as_str(),
        "Tab goes to the next pit: {ring}"
    );
    assert_eq!(ring["visible"], true, "{ring}");
    assert_eq!(
        ring["legal"], "rgb(127, 211, 106)",
        "the green ring: {ring}"
    );
    assert_eq!(ring["border"], ring["legal"], "still ringed green: {ring}");
    assert!(
        ring["style"] != "none" && ring["width"].as_f64() >= Some(2.0),
        "a focus ring: {ring}"
    );
    assert_ne!(
        ring["outline"], ring["legal"],
        "a colour of its own: {ring}"
    );
    assert_eq!(
        ring["other_outline"], "none",
        "only the focused pit: {ring}"
    );

    // A dropdown used (the focus stays on it), then a letter: it plays
    // the pit, and leaves the dropdown as it was.
    b.select("[data-testid=level]", "1");
    let focused = "return document.activeElement.dataset.testid || document.activeElement.tagName";
    assert_eq!(b.script(focused), "level", "the dropdown has the focus");
    b.type_keys("e");
    let s = wait_until(&b, "E played by its key", |t| {
        t.ply == s.ply + 2 && t.state != "thinking"
    });
    assert!(s.moves.starts_with("E "), "{s:?}");
    assert_eq!(
        b.script("return document.querySelector('[data-testid=level]').value"),
        "1"
    );

    // A few more moves; every one told as the rules core has it.
    let mut rng = Rng(0xfeed);
    let mut s = s;
    while s.ply < 16 && s.state == "your-move" {
        s = click_pit(&b, &s, &mut rng);
    }
    check(&s);
    check_move_effects(&b, &s);
}
