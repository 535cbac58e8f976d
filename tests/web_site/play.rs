//! Games on the static site, through the page's hooks and checked by the
//! shared checks (tests/page_support): full games in every variant from
//! both sides, the keyboard and take back, fast double input, and a game
//! by touch at phone width.

use std::time::{Duration, Instant};

use serde_json::json;
use songo_core::Variant;

use super::page_support::{
    click_pit, keys_take_back_and_reasons_for_illegal_pits, new_game, play_game, settle, snapshot,
    wait_until, Rng, Snapshot,
};
use super::webdriver::Browser;
use super::{assert_no_page_errors, report, screenshot_dir, wait_started, Web};

#[test]
fn full_games_in_every_variant_as_south_and_north() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    // Without the weak levels' pause (as songo gui's --no-pause): six
    // level-1 games would take twice as long.
    web.b.goto(&format!("{}?no-pause", web.url()));
    wait_started(&web.b);
    let mut rng = Rng(0x5eed_57a7);
    let started = Instant::now();
    for variant in Variant::ALL {
        for side in ["south", "north"] {
            play_game(&web.b, variant, side, 1, &mut rng, |_| {});
        }
    }
    report(&format!(
        "six games in the static site in {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    web.assert_own_origin_only();
}

#[test]
fn keys_take_back_and_reasons_as_in_songo_gui() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    web.start();
    keys_take_back_and_reasons_for_illegal_pits(&web.b);
    assert_no_page_errors(&web.b);
}

/// Notes every click on a pit and every key that names one, with what the
/// page showed then: the game, the ply, and whether the pit was playable.
const INPUT_LOG: &str = "
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
fn every_move_was_seen(b: &Browser, s: &Snapshot) {
    let input = b.script("return window.songoInput;");
    let input = input.as_array().expect("the input log");
    let game: songo_core::Game = super::page_support::check(s);
    let human = if s.human == "south" {
        songo_core::Side::South
    } else {
        songo_core::Side::North
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

#[test]
fn fast_double_input_plays_no_unseen_move() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    b.script(INPUT_LOG);
    let pit_button = |pit: &str| format!("document.querySelector('button[data-pit=\"{pit}\"]')");
    // Two inputs on one pit: in one task, in two tasks in a row, a few
    // milliseconds apart (about the engine's answer at level 1), as a
    // double click of the mouse, and as a key pressed twice.
    type Double<'a> = (String, Box<dyn Fn(&str) + 'a>);
    let mut doubles: Vec<Double> = vec![
        (
            "two clicks in one task".into(),
            Box::new(|pit: &str| {
                b.script(&format!(
                    "const p = {}; p.click(); p.click();",
                    pit_button(pit)
                ));
            }),
        ),
        (
            "two clicks in two tasks".into(),
            Box::new(|pit: &str| {
                b.script(&format!(
                    "const p = {}; p.click(); setTimeout(() => p.click());",
                    pit_button(pit)
                ));
            }),
        ),
        (
            "a double click".into(),
            Box::new(|pit: &str| b.double_click(&format!("button[data-pit=\"{pit}\"]"))),
        ),
        (
            "a key pressed twice".into(),
            Box::new(|pit: &str| {
                let n = "ABCDEFG".find(pit).or_else(|| "abcdefg".find(pit)).unwrap() + 1;
                b.type_keys(&format!("{n}{n}"));
            }),
        ),
    ];
    for ms in [1, 4, 15, 50] {
        doubles.push((
            format!("two clicks {ms} ms apart"),
            Box::new(move |pit: &str| {
                b.script(&format!(
                    "const p = {}; p.click(); setTimeout(() => p.click(), {ms});",
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
        double(&pit);
        wait_until(b, what, |t| t.ply > ply && t.state != "thinking");
        // A second move, if any, comes at once after the answer: given
        // the time to show, then waited for.
        std::thread::sleep(Duration::from_millis(300));
        s = wait_until(b, what, |t| t.state != "thinking");
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
    report(&format!(
        "double input: {} plies, messages: {:?}",
        s.ply,
        snapshot(b).message
    ));
    assert_no_page_errors(b);
}

#[test]
fn at_phone_width_a_game_is_played_by_touch() {
    let Some(web) = Web::open(390, 844) else {
        return;
    };
    let b = &web.b;
    // A phone's screen: 390×844 CSS pixels, the page's viewport meta
    // applied, touch input.
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true}),
    );
    b.cdp(
        "Emulation.setTouchEmulationEnabled",
        json!({"enabled": true, "maxTouchPoints": 5}),
    );
    web.start();
    let fits = "const w = innerWidth;
        const out = [...document.querySelectorAll('[data-testid=board] .pit, [data-testid=new-game]')]
          .filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > w; });
        return [w, document.documentElement.scrollWidth, out.length];";
    assert_eq!(
        b.script(fits),
        json!([390, 390, 0]),
        "the page fits the width"
    );
    let mut s = new_game(b, Variant::Songo40, "south", 1);
    while s.ply < 8 && s.state == "your-move" {
        // The fullest pit (a fair game for the picture).
        let pit = fullest(&s);
        let ply = s.ply;
        b.tap(&format!("button[data-pit=\"{pit}\"]"));
        s = wait_until(b, "the answer to a tap", |t| {
            t.ply > ply && t.state != "thinking"
        });
        assert_eq!(s.moves.split(' ').nth(ply), Some(pit.as_str()), "{s:?}");
    }
    assert_eq!(
        b.script(fits),
        json!([390, 390, 0]),
        "the page fits the width"
    );
    settle(b);
    b.script("window.scrollTo(0, 0);");
    let shot = screenshot_dir().join("phone-game.png");
    b.screenshot(&shot);
    let png = std::fs::read(&shot).unwrap();
    let dim = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!((dim(16), dim(20)), (390, 844), "{}", shot.display());
    report(&format!(
        "phone: {} plies by touch; screenshot {} ({} bytes)",
        s.ply,
        shot.display(),
        png.len()
    ));
    assert_no_page_errors(b);
}

/// The person's playable pit holding the most seeds.
fn fullest(s: &Snapshot) -> String {
    let pits = s.position.split(' ').next().unwrap().replace('/', ",");
    let counts: Vec<u32> = pits.split(',').map(|n| n.parse().unwrap()).collect();
    let seeds = |pit: &String| counts["ABCDEFGabcdefg".find(pit.as_str()).unwrap()];
    s.enabled.iter().max_by_key(|p| seeds(p)).unwrap().clone()
}
