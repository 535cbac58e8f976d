//! Issue 43's soak for the static site: games finished by scripted play
//! in the page (`index.html?no-pause`, the sowing animation off), two
//! people at one board or against level 1, each move a click on an
//! enabled pit that a seeded generator picks; every state between bursts
//! of moves checked against the rules core (tests/page_support); now and
//! then the page reloads itself the moment it shows a game's end. Between
//! bursts, and at once after a game ends, at random: the page reloaded
//! (sometimes with the engine still thinking on its answer), or a second
//! tab opened, which shows that the game plays elsewhere, claims it ("play
//! here instead") and plays on while the first is closed, or the first
//! claims it back and the second is closed. Afterwards IndexedDB `songo`,
//! store `games`, must hold exactly the games seen finished, each once,
//! each replaying legally through songo-core (tests/page_support/soak.rs),
//! and the page list them all.
//!
//! A tab claims the game while the engine thinks too: the other tab hands
//! its room over (docs/web.md), so the engine's move that lands just then
//! is not lost.
//!
//! `SONGO_SOAK_GAMES` games, 30 when unset: CI's run, chosen to stay
//! under three minutes on this 2-core machine (80 s of play quiet, 95 s
//! beside another soak, plus the site's build when it runs alone); the
//! 1,000 of the issue in an ignored test: `cargo test --release --test
//! web_site soak -- --ignored`.
//! `SONGO_SOAK_SEED` seeds the generator; every failure names it. docs/web.md
//! says how long each takes.

use std::time::{Duration, Instant};

use serde_json::json;
use songo_core::Variant;

use super::archive::archived;
use super::page_support::soak::{check_archive, key, settings, with_seed, Settings};
use super::page_support::{check, snapshot, wait_until, Rng, Snapshot, PATIENCE};
use super::webdriver::Browser;
use super::{assert_no_page_errors, wait_for_value, Web};

/// CI's count: under three minutes here (the module's comment).
const CI_GAMES: usize = 30;
/// One burst of moves in this many is followed by a disruption.
const DISRUPTION_ODDS: usize = 8;
/// The most moves of a burst.
const BURST: usize = 40;

#[test]
fn soak_games_survive_reloads_and_tabs() {
    soak(settings(None, CI_GAMES));
}

#[test]
#[ignore = "issue 43's 1,000 games: long (docs/web.md); CI runs 30"]
fn soak_1000_games() {
    soak(settings(Some(1000), CI_GAMES));
}

fn soak(settings: Settings) {
    let Some(web) = Web::open(1280, 900) else {
        return;
    };
    with_seed(settings, || {
        let mut s = Soak::start(&web, settings);
        while s.finished.len() < settings.games {
            s.play_game();
        }
        s.finish();
    });
}

/// Plays `picks.length` moves at most (`picks`, `settle` and `leave`
/// defined before it), each a click on the enabled pit `pick % enabled`,
/// once the page takes it (no engine thinking, no animation), until the
/// game ends; then (`settle`) waits for the engine's answer. Sets
/// `window.songoSoak` when done. With `leave`, a game seen over is noted
/// in `sessionStorage.songoSoak` and the page reloads itself at once:
/// closed in the very moment it showed the end, sooner than a WebDriver
/// command could.
const BURST_SCRIPT: &str = "
window.songoSoak = null;
const board = document.querySelector('[data-testid=board]');
const idle = () => board.dataset.state !== 'thinking' && board.dataset.animating !== 'true';
const until = (ok, what) => new Promise((resolve, reject) => {
  const since = performance.now();
  const tick = () => {
    if (ok()) resolve();
    else if (performance.now() - since > 30000) reject(new Error(`${what}: ${board.dataset.moves}`));
    else setTimeout(tick, 1);
  };
  tick();
});
const over = () => {
  if (board.dataset.state !== 'over') return false;
  if (leave) {
    const { variant, start, moves } = board.dataset;
    sessionStorage.setItem('songoSoak', JSON.stringify({ variant, start, moves }));
    window.songoLeaving = true;
    location.reload();
  }
  return true;
};
(async () => {
  for (const pick of picks) {
    await until(idle, 'the page never took a move');
    if (over()) return;
    const pits = [...document.querySelectorAll('button[data-pit]')].filter((p) => !p.disabled);
    if (pits.length === 0) throw new Error(`no pit enabled, ${board.dataset.state}`);
    const ply = board.dataset.ply;
    pits[pick % pits.length].click();
    await until(() => board.dataset.ply !== ply, 'a click played nothing');
  }
  if (settle) await until(idle, 'no answer');
  over();
})().then(
  () => { if (!window.songoLeaving) window.songoSoak = 'done'; },
  (e) => { window.songoSoak = String(e); },
);
return null;";

struct Soak<'a> {
    web: &'a Web,
    b: &'a Browser,
    seed: u64,
    rng: Rng,
    /// The last state seen.
    view: Snapshot,
    /// Every game seen finished (its key).
    finished: Vec<String>,
    /// The disruptions so far, for a failure's message.
    log: Vec<String>,
}

impl<'a> Soak<'a> {
    fn start(web: &'a Web, settings: Settings) -> Soak<'a> {
        let b = &web.b;
        b.goto(&page(web));
        let view = wait_ready(b);
        // Remembered in localStorage, for every load and tab.
        b.script(
            "const a = document.querySelector('[data-testid=animate]'); if (a.checked) a.click();
             return null;",
        );
        Soak {
            web,
            b,
            seed: settings.seed,
            rng: Rng(settings.seed),
            view,
            finished: Vec::new(),
            log: Vec::new(),
        }
    }

    /// What a failure says besides the seed: how far the run went, the
    /// last disruptions.
    fn at(&self) -> String {
        let from = self.log.len().saturating_sub(6);
        format!(
            "game {}, after {:?}",
            self.finished.len() + 1,
            &self.log[from..]
        )
    }

    fn play_game(&mut self) {
        let variant = Variant::ALL[self.rng.below(Variant::ALL.len())];
        // Two people at one board, or level 1 (whose games are shorter:
        // the page's own work on each move is what takes time here).
        let side = ["both", "south", "north"][self.rng.below(3)];
        self.view = new_game(self.b, variant, side);
        while self.view.state != "over" {
            let settle = self.rng.below(4) != 0;
            self.burst(settle);
            if self.rng.below(DISRUPTION_ODDS) == 0 {
                self.disrupt();
            }
        }
        // Also at once after an end, its archive write perhaps under way.
        if self.rng.below(4) == 0 {
            self.disrupt();
        }
    }

    /// A burst of moves in the page; `settle`: up to the engine's answer.
    fn burst(&mut self, settle: bool) {
        let picks: Vec<usize> = (0..1 + self.rng.below(BURST))
            .map(|_| self.rng.below(1 << 20))
            .collect();
        let leave = self.rng.below(8) == 0;
        self.b.script(&format!(
            "const picks = {}; const settle = {settle}; const leave = {leave};{BURST_SCRIPT}",
            json!(picks)
        ));
        let deadline = Instant::now() + PATIENCE * 4;
        loop {
            let v = self
                .b
                .script("return window.songoSoak || sessionStorage.getItem('songoSoak');");
            if v == "done" {
                break;
            }
            if let Some(noted) = v.as_str().filter(|v| v.starts_with('{')) {
                return self.left_at_end(noted);
            }
            assert!(v.is_null(), "{}: {v}", self.at());
            assert!(
                Instant::now() < deadline,
                "{}: a burst never ended",
                self.at()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let s = snapshot(self.b);
        check(&s);
        assert!(
            s.moves.starts_with(&self.view.moves) && s.game == self.view.game,
            "{}: {s:?} after {:?}",
            self.at(),
            self.view
        );
        self.seen(s);
    }

    /// The page reloaded itself the moment it showed the end of the game
    /// `noted`: that game is seen finished, and the reloaded page shows
    /// it over.
    fn left_at_end(&mut self, noted: &str) {
        self.log.push("reloaded by the page at the end".into());
        let noted: serde_json::Value = serde_json::from_str(noted).unwrap();
        // The page that left may still be there, for a moment.
        wait_for_value(self.b, "the reload", "return !window.songoLeaving || null;");
        let s = wait_ready(self.b);
        self.b
            .script("sessionStorage.removeItem('songoSoak'); return null;");
        let moves: Vec<&str> = noted["moves"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .collect();
        self.finished.push(key(
            noted["variant"].as_str().unwrap(),
            noted["start"].as_str().unwrap(),
            &moves,
        ));
        assert!(
            s.state == "over" && s.moves == noted["moves"].as_str().unwrap(),
            "{}: the game seen over, {noted}, then {s:?}",
            self.at()
        );
        self.view = s;
    }

    /// Takes `s` as the last state; a game over is seen finished.
    fn seen(&mut self, s: Snapshot) {
        if s.state == "over" && self.view.state != "over" {
            let moves: Vec<&str> = s.moves.split_whitespace().collect();
            self.finished.push(key(&s.variant, &s.start, &moves));
        }
        self.view = s;
    }

    fn disrupt(&mut self) {
        if self.rng.below(2) == 0 {
            self.second_tab();
        } else {
            self.reload();
        }
    }

    /// The page reloaded: the game as last seen, or with the engine's
    /// answer that came meanwhile.
    fn reload(&mut self) {
        self.log.push(format!("reload, {}", self.view.state));
        self.b.refresh();
        let s = wait_ready(self.b);
        self.resume(s);
    }

    /// Checks the game a page shows after a disruption, and takes it.
    fn resume(&mut self, s: Snapshot) {
        let old = &self.view;
        let same = [&s.variant, &s.start, &s.human] == [&old.variant, &old.start, &old.human];
        // Thinking, the engine may have answered: one move more.
        let extra = usize::from(old.state == "thinking");
        assert!(
            same && s.moves.starts_with(&old.moves) && s.ply <= old.ply + extra,
            "{}: {s:?} after {old:?}",
            self.at()
        );
        self.seen(s);
    }

    /// A second tab: it shows that the game plays elsewhere, claims it,
    /// and one of the two tabs is closed: the first (the second plays
    /// on), or the second after the first has claimed the game back.
    fn second_tab(&mut self) {
        let claim_back = self.rng.below(3) == 0;
        self.log
            .push(format!("second tab, claim back {claim_back}"));
        let b = self.b;
        let first = self.web.new_window();
        let second = b.window();
        b.goto(&page(self.web));
        wait_connected(b);
        wait_notice(b, true);
        self.claim();
        let (close, keep) = if claim_back {
            b.switch_to(&first);
            wait_notice(b, true);
            self.claim();
            (second, first)
        } else {
            (first, second)
        };
        b.switch_to(&close);
        b.close_window();
        b.switch_to(&keep);
        assert_no_page_errors(b);
    }

    /// "Play here instead" in the tab the commands go to: the game as
    /// last seen (with the engine's answer, if it was thinking).
    fn claim(&mut self) {
        self.b.click("[data-testid=claim]");
        wait_notice(self.b, false);
        let s = wait_ready(self.b);
        self.resume(s);
    }

    /// The run's end: every game archived (none waits in `songo.room`),
    /// the archive checked, and after a reload the page lists them all.
    fn finish(self) {
        let b = self.b;
        wait_for_value(
            b,
            "every finished game archived",
            "const saved = JSON.parse(localStorage.getItem('songo.room'));
             return !(saved.games && saved.games.length) || null;",
        );
        let games = archived(b);
        let extra = check_archive(self.seed, &games, &self.finished, &[]);
        assert_eq!(extra, 0);
        b.refresh();
        wait_ready(b);
        let listed = "return document.querySelectorAll('[data-testid=games] li').length;";
        let deadline = Instant::now() + PATIENCE;
        while b.script(listed) != json!(self.finished.len()) {
            assert!(
                Instant::now() < deadline,
                "{} games listed, {} finished",
                b.script(listed),
                self.finished.len()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_no_page_errors(b);
    }
}

/// Starts a game from the form, as page_support's `new_game` does but
/// for two people too (the level is hidden then).
fn new_game(b: &Browser, variant: Variant, side: &str) -> Snapshot {
    let before = snapshot(b).game;
    b.select("[data-testid=variant]", variant.name());
    b.select("[data-testid=side]", side);
    if side != "both" {
        b.select("[data-testid=level]", "1");
    }
    b.click("[data-testid=new-game]");
    let s = wait_until(b, "the new game", |s| {
        s.game != before && s.state != "thinking"
    });
    assert_eq!(
        (s.variant.as_str(), s.human.as_str()),
        (variant.name(), side)
    );
    s
}

/// The page's address, without the weak levels' pause.
fn page(web: &Web) -> String {
    format!("{}?no-pause", web.url())
}

fn wait_connected(b: &Browser) {
    wait_for_value(
        b,
        "the page's room",
        "const c = document.querySelector('[data-testid=connection]');
         return c.dataset.connected === 'true' || null;",
    );
}

/// Waits for the page's room, then for a state the engine does not
/// think in.
fn wait_ready(b: &Browser) -> Snapshot {
    wait_connected(b);
    wait_until(b, "the game", |s| s.state != "thinking")
}

/// Waits until the notice that another tab plays is shown (`true`) or
/// hidden.
fn wait_notice(b: &Browser, shown: bool) {
    wait_for_value(
        b,
        "the notice",
        &format!(
            "return !document.querySelector('[data-testid=elsewhere]').hidden === {shown} || null;"
        ),
    );
}
