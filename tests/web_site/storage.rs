//! What the static site keeps in the browser (localStorage `songo.room`,
//! docs/web.md): a reload resumes the game, the analysis board and the
//! settings, even while the engine thinks; saved data that is damaged or
//! stale is set aside under `songo.room.unreadable`, said, and the page
//! starts a game all the same.

use serde_json::{json, Value};
use songo_core::Variant;

use super::page_support::analysis::{two_lines_on_a_typed_position, ANALYSIS};
use super::page_support::{
    click_pit, finish_in_one_move, new_game, wait_for, wait_games_listed, wait_until, Rng,
};
use super::{assert_no_page_errors, stored, wait_started, Web};

/// The settings the page shows: the new-game form, the animation, the
/// number of analysis lines.
const SETTINGS: &str = "const v = (t) => document.querySelector(`[data-testid=${t}]`).value;
    return [v('variant'), v('side'), v('level'), document.querySelector('[data-testid=animate]').checked, v('multipv')];";

#[test]
fn a_reload_resumes_the_game_the_board_and_the_settings() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    // Settings other than the defaults: songo36-amateur as North at level
    // 2, the animation off (and two lines, below).
    b.click("[data-testid=animate]");
    let mut rng = Rng(0x7e10ad);
    let mut s = new_game(b, Variant::Songo36Amateur, "north", 2);
    for _ in 0..3 {
        if s.state == "your-move" {
            s = click_pit(b, &s, &mut rng);
        }
    }
    assert_eq!(s.state, "your-move", "{s:?}");
    // The analysis board: a position set up, two moves played on it, one
    // step back.
    two_lines_on_a_typed_position(b);
    for ply in 1..=2 {
        let pit = b.script(ANALYSIS)["enabled"][0]
            .as_str()
            .unwrap()
            .to_string();
        b.click(&format!("button[data-analysis-pit=\"{pit}\"]"));
        wait_for(b, "a move on the board", ANALYSIS, |v| v["ply"] == ply);
    }
    b.click("[data-testid=nav-prev]");
    let board = wait_for(b, "one step back", ANALYSIS, |v| {
        v["ply"] == 1 && v["plies"] == 2
    });
    let settings = b.script(SETTINGS);
    assert_eq!(
        settings,
        json!(["songo36-amateur", "north", "2", false, "2"]),
        "{settings}"
    );

    b.refresh();
    let again = wait_started(b);
    assert_eq!(
        (&again.moves, &again.position, &again.start),
        (&s.moves, &s.position, &s.start),
        "the game, resumed"
    );
    assert_eq!(
        (again.variant.as_str(), again.human.as_str()),
        ("songo36-amateur", "north")
    );
    let restored = wait_for(b, "the board, resumed", ANALYSIS, |v| {
        v["position"] == board["position"] && v["lines"].as_array().is_some_and(|l| l.len() == 2)
    });
    for key in ["ply", "plies", "moves", "variant", "start", "origin"] {
        assert_eq!(restored[key], board[key], "the board's {key}");
    }
    assert_eq!(b.script(SETTINGS), settings, "the settings, resumed");

    // Reloaded while the engine thinks on its move: it answers after the
    // reload. (The reload comes after the move is in the room: the page
    // hands its messages to the room in tasks of their own, in order.)
    b.click("[data-testid=tab-play]");
    let pit = &again.enabled[0];
    let page = b.script("return performance.timeOrigin;");
    b.script(&format!(
        "document.querySelector('button[data-pit=\"{pit}\"]').click();
         setTimeout(() => location.reload());"
    ));
    // The old page may answer the first polls: waited for the new one.
    wait_for(b, "the reload", "return performance.timeOrigin;", |v| {
        v != &page
    });
    let answered = wait_until(b, "the engine's move after the reload", |t| {
        t.ply == again.ply + 2 && t.state != "thinking"
    });
    assert!(
        answered
            .moves
            .starts_with(&format!("{} {pit} ", again.moves)),
        "{answered:?}"
    );
    assert_no_page_errors(b);
}

#[test]
fn a_damaged_or_stale_saved_game_is_set_aside() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    web.start();
    let mut rng = Rng(0xbad5a7e);
    let s = new_game(b, Variant::Songo36Beginner, "south", 1);
    click_pit(b, &s, &mut rng);
    let good: Value = serde_json::from_str(stored(b, "songo.room").as_str().expect("a saved room"))
        .expect("saved as JSON");
    assert_eq!(good["format"], 1, "{good}");
    let mut stale = good.clone();
    stale["format"] = json!(0);
    let mut illegal = good.clone();
    illegal["play"]["moves"] = json!(["A", "A"]);
    let cases = [
        (
            "not JSON",
            "}{ not a saved room".to_string(),
            "not a saved room",
        ),
        ("another format", stale.to_string(), "format 0"),
        (
            "an illegal move",
            illegal.to_string(),
            "saved game is wrong",
        ),
    ];
    for (what, bad, why) in cases {
        // Set before the page loads, from another page of the site.
        b.goto(&format!("{}/manifest.webmanifest", web.origin()));
        b.script(&format!(
            "localStorage.setItem('songo.room', {}); localStorage.removeItem('songo.room.unreadable'); return null;",
            serde_json::to_string(&bad).unwrap()
        ));
        b.goto(&web.url());
        let s = wait_started(b);
        assert_eq!((s.ply, s.variant.as_str()), (0, "songo40"), "{what}: {s:?}");
        // Said in the page's language; the room's own reason (`why`, in
        // its English) goes to the console as the message's `detail`.
        let _ = why;
        assert!(
            s.message
                .starts_with("Your saved game could not be restored")
                && s.message.ends_with("it was set aside."),
            "{what}: {:?}",
            s.message
        );
        assert_eq!(stored(b, "songo.room.unreadable"), bad.as_str(), "{what}");
        // The new game is kept instead, and plays.
        let kept: Value = serde_json::from_str(stored(b, "songo.room").as_str().unwrap())
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(kept["format"], 1);
        let t = click_pit(b, &s, &mut rng);
        assert!(t.ply >= 2 && t.message.is_empty(), "{what}: {t:?}");
    }
    // Reloaded once more: the new game, and nothing more to say.
    let last = wait_until(b, "the last game", |t| t.state == "your-move");
    b.refresh();
    let again = wait_started(b);
    assert_eq!((&again.moves, again.message.as_str()), (&last.moves, ""));
    assert_no_page_errors(b);
}

/// When `localStorage.setItem` throws (storage full, or refused), the game
/// goes on and the games panel says that it is not kept, once: in
/// `songo gui`'s words (`state-not-kept`).
#[test]
fn a_refused_write_is_said_in_the_games_panel() {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    let b = &web.b;
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": "Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };" }),
    );
    web.start();
    finish_in_one_move(b);
    wait_games_listed(b, 1);
    let said = wait_for(
        b,
        "the games panel's message",
        "return document.querySelector('[data-testid=games-message]').textContent;",
        |v| v.as_str().is_some_and(|t| !t.is_empty()),
    );
    let said = said.as_str().unwrap();
    assert!(
        said.contains("cannot be saved") && said.contains("quota"),
        "{said}"
    );
    assert_eq!(stored(b, "songo.room"), Value::Null, "nothing written");
    assert_no_page_errors(b);
}
