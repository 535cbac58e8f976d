//! Games on the static site, through the page's hooks and checked by the
//! shared checks (tests/page_support): full games in every variant from
//! both sides, the keyboard and take back, fast double input, and a game
//! by touch at phone width.

use std::time::Instant;

use serde_json::json;
use songo_core::Variant;

use super::page_support::{
    input, keys_take_back_and_reasons_for_illegal_pits, new_game, play_game, settle, snapshot,
    wait_until, Rng, Snapshot,
};
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

#[test]
fn fast_double_input_plays_no_unseen_move() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    input::fast_double_input_plays_no_unseen_move(b);
    report(&format!(
        "double input: {} plies, messages: {:?}",
        snapshot(b).ply,
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
