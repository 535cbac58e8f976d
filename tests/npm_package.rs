//! songo's npm package (docs/npm.md) as a web developer gets it:
//! `scripts/npm-package.sh` builds it from source, `npm pack` makes the
//! tarball, and `npm install --offline TARBALL` puts it in a scratch
//! project under the target directory, with nothing of the repository
//! but two things copied beside it:
//!
//! - `tests/npm/*.test.mjs`, run there by `node --test`: a whole game
//!   through the rules and the engine, the protocol's helpers, the bench's
//!   node count against the native `songo bench`'s, and bad input (an
//!   illegal move, a damaged position string, an unknown variant, a
//!   negative depth…) rejected or thrown with a message;
//! - the example page `crates/songo-wasm/examples/board/`, which imports
//!   the installed package through an import map, served by `python3 -m
//!   http.server` to headless Chromium (the GUI tests' WebDriver client):
//!   it loads, a pit is clicked, the engine answers, and the board it
//!   shows is songo-core's replay of the two moves; then docs/npm.md's
//!   short example (`minimal.html`, whose script the document shows as
//!   it is) likewise.
//!
//! The tests skip, saying why, when a tool is missing (node, npm, the
//! wasm build's tools, Chromium, chromedriver, python3), unless
//! `SONGO_WEB=required`, as `.ci/run` sets it: then they fail.

mod cli_support;
#[allow(dead_code)]
#[path = "gui/http.rs"]
mod http;
#[allow(dead_code)]
#[path = "web_site/static_page.rs"]
mod static_page;
#[allow(dead_code)]
#[path = "gui/webdriver.rs"]
mod webdriver;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::json;
use songo_core::{Game, Move, Position, Side, Variant};

use cli_support::{assert_ran, lossy, native_bench_nodes};
use static_page::{
    assert_no_page_errors, missing, report, StaticServer, MISSING_TOOL, NOTE_ERRORS,
};
use webdriver::{Browser, Tools};

/// The longest wait for the page to load or the engine to answer (it
/// thinks 300 ms; a first load compiles the wasm).
const PATIENCE: Duration = Duration::from_secs(60);

fn run(what: &str, command: &mut Command) -> Output {
    let out = command
        // No question to the registry about npm's own updates: the run
        // needs no network.
        .env("npm_config_update_notifier", "false")
        .output()
        .unwrap_or_else(|e| panic!("{what} runs: {e}"));
    assert_ran(what, &out);
    out
}

/// Whether `tool --version` runs.
fn has(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The scratch project with the packed package installed, the node tests
/// and the example page beside it; built once for both tests, or why a
/// tool is missing.
fn project() -> Result<&'static Path, String> {
    static PROJECT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    PROJECT
        .get_or_init(|| {
            for tool in ["node", "npm"] {
                if !has(tool) {
                    return Err(format!(
                        "{tool} is missing; install it with: apt-get install nodejs npm"
                    ));
                }
            }
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
            let package = tmp.join("npm-package");

            let started = Instant::now();
            let built = Command::new(root.join("scripts/npm-package.sh"))
                .arg(&package)
                .output()
                .expect("the package script runs");
            if built.status.code() == Some(MISSING_TOOL) {
                return Err(lossy(&built.stderr).trim().to_string());
            }
            assert_ran("scripts/npm-package.sh", &built);
            let built_in = started.elapsed();

            let tarballs = tmp.join("npm-tarball");
            let _ = std::fs::remove_dir_all(&tarballs);
            std::fs::create_dir_all(&tarballs).unwrap();
            let packed = run(
                "npm pack",
                Command::new("npm")
                    .arg("pack")
                    .arg(&package)
                    .arg("--pack-destination")
                    .arg(&tarballs),
            );
            let name = lossy(&packed.stdout)
                .trim()
                .lines()
                .last()
                .unwrap_or("")
                .to_string();
            let tarball = tarballs.join(&name);
            assert!(tarball.is_file(), "npm pack made no {}", tarball.display());

            // A project of the user's: the tarball installed from its file,
            // without the network.
            let project = tmp.join("npm-scratch");
            let _ = std::fs::remove_dir_all(&project);
            std::fs::create_dir_all(&project).unwrap();
            std::fs::write(
                project.join("package.json"),
                r#"{"name": "songo-npm-scratch", "private": true, "type": "module"}"#,
            )
            .unwrap();
            run(
                "npm install TARBALL",
                Command::new("npm")
                    .args(["install", "--offline", "--no-audit", "--no-fund"])
                    .arg(&tarball)
                    .current_dir(&project),
            );
            for dir in ["tests/npm", "crates/songo-wasm/examples/board"] {
                for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                    let path = entry.unwrap().path();
                    std::fs::copy(&path, project.join(path.file_name().unwrap())).unwrap();
                }
            }
            report(&format!(
                "{}: built in {:.1} s, packed and installed in {:.1} s more ({} bytes)",
                name,
                built_in.as_secs_f64(),
                (started.elapsed() - built_in).as_secs_f64(),
                std::fs::metadata(&tarball).unwrap().len()
            ));
            Ok(project)
        })
        .as_deref()
        .map_err(Clone::clone)
}

#[test]
fn the_installed_package_plays_a_game_under_node_and_refuses_bad_input() {
    let project = match project() {
        Ok(project) => project,
        Err(why) => return missing(&why),
    };
    let started = Instant::now();
    let tested = Command::new("node")
        .args(["--test", "package.test.mjs"])
        .current_dir(project)
        .env("SONGO_BENCH_NODES", native_bench_nodes().to_string())
        .output()
        .expect("node runs");
    assert_ran("node --test package.test.mjs", &tested);
    let said = lossy(&tested.stdout);
    for line in said.lines().filter(|l| l.contains("npm package bench:")) {
        report(line.trim_start_matches("# "));
    }
    // Every test ran (the bench's count compared, none skipped).
    assert!(
        said.contains("\n# fail 0") && said.contains("\n# skipped 0"),
        "{said}"
    );
    report(&format!(
        "node --test: {:.1} s",
        started.elapsed().as_secs_f64()
    ));
}

/// The example page's board as it shows it.
struct Board {
    state: String,
    fen: String,
    moves: Vec<String>,
    enabled: Vec<String>,
    /// Each pit's seeds as drawn, South's A–G then North's a–g.
    seeds: Vec<u8>,
}

fn board(b: &Browser) -> Board {
    let v = b.script(
        "const board = document.querySelector('[data-testid=board]');
         return {
           state: board.dataset.state,
           fen: board.dataset.fen ?? '',
           moves: document.querySelector('[data-testid=moves]').textContent.split(' ').filter(Boolean),
           enabled: [...document.querySelectorAll('.pit:enabled')].map((p) => p.dataset.testid.slice(4)).sort(),
           seeds: [...'ABCDEFGabcdefg'].map((pit) =>
             Number(document.querySelector(`[data-testid=pit-${pit}]`)?.firstChild?.textContent ?? -1)),
           status: document.querySelector('[data-testid=status]').textContent,
         };",
    );
    let strings = |key: &str| -> Vec<String> {
        v[key]
            .as_array()
            .unwrap_or_else(|| panic!("{key} in {v}"))
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let state = v["state"].as_str().unwrap().to_string();
    assert_ne!(state, "failed", "the page failed: {}", v["status"]);
    Board {
        state,
        fen: v["fen"].as_str().unwrap().to_string(),
        moves: strings("moves"),
        enabled: strings("enabled"),
        seeds: v["seeds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                n.as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .unwrap_or(u8::MAX)
            })
            .collect(),
    }
}

/// Waits until the board is as `done` says, and returns it.
fn wait_for(b: &Browser, what: &str, done: impl Fn(&Board) -> bool) -> Board {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let now = board(b);
        if done(&now) {
            return now;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The board shown is songo-core's position after its moves (its string
/// and each pit's seeds as drawn), and the pits it lets the person play
/// are the legal moves.
fn assert_is_the_rules(shown: &Board) {
    let mut game = Game::new(Variant::Songo40, Position::startpos());
    for m in &shown.moves {
        let mv: Move = m.parse().unwrap_or_else(|_| panic!("{m} is a move"));
        game.play(mv)
            .unwrap_or_else(|e| panic!("{m} after {:?}: {e}", shown.moves));
    }
    assert_eq!(shown.fen, game.position().to_string());
    assert_eq!(
        shown.seeds,
        game.position().pits(),
        "the seeds drawn at {}",
        shown.fen
    );
    let mut legal: Vec<String> = game
        .position()
        .legal_moves(Variant::Songo40)
        .iter()
        .map(|m| m.to_string())
        .collect();
    legal.sort();
    assert_eq!(shown.enabled, legal, "the pits enabled at {}", shown.fen);
}

#[test]
fn the_example_page_plays_with_only_the_package() {
    let project = match project() {
        Ok(project) => project,
        Err(why) => return missing(&why),
    };
    let tools = match Tools::find() {
        Ok(tools) => tools,
        Err(why) => return missing(&why),
    };
    if !has("python3") {
        return missing("python3 is missing; install it with: apt-get install python3");
    }
    let server = StaticServer::start(project);
    let b = Browser::start(&tools, 900, 700);
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": NOTE_ERRORS }),
    );
    let started = Instant::now();
    b.goto(&format!("{}/", server.origin()));
    let first = wait_for(&b, "the person's first move", |s| s.state == "your-move");
    report(&format!(
        "example page: playable {} ms after the navigation",
        started.elapsed().as_millis()
    ));
    assert!(first.moves.is_empty());
    assert_is_the_rules(&first);

    b.click("[data-testid=pit-C]");
    let answered = wait_for(&b, "the engine's answer", |s| {
        s.moves.len() >= 2 && s.state != "thinking"
    });
    assert_eq!(answered.moves[0], "C");
    let reply: Move = answered.moves[1].parse().expect("a move");
    assert_eq!(reply.side(), Side::North, "the engine plays North");
    assert_eq!(answered.state, "your-move");
    assert_is_the_rules(&answered);
    // The engine searched for it: what its search found, as the page says it.
    let said = b.script("return document.querySelector('[data-testid=engine]').textContent;");
    let said = said.as_str().unwrap_or_default();
    let depth: u32 = said
        .strip_prefix(&format!("The engine played {} (depth ", answered.moves[1]))
        .and_then(|rest| rest.split([',', ')']).next())
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("the engine's search is not said: {said:?}"));
    assert!(depth >= 1, "{said}");

    assert_no_page_errors(&b);
    // What the page looks like, for a person reading the run.
    b.screenshot(&PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("npm-board.png"));

    minimal_page_plays(&b, &server);
}

/// docs/npm.md's short example, `minimal.html` beside the full one (the
/// document shows the file's script as it is): a pit clicked, the
/// engine's answer one of North's legal moves, the pits drawn and enabled
/// as songo-core has them after the two moves.
fn minimal_page_plays(b: &Browser, server: &StaticServer) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("crates/songo-wasm/examples/board/minimal.html"))
        .expect("the minimal example");
    let script = page
        .split("<script type=\"module\">\n")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the page's module script");
    let doc = std::fs::read_to_string(root.join("docs/npm.md")).expect("docs/npm.md");
    assert!(
        doc.contains(script),
        "docs/npm.md shows minimal.html's script as it is"
    );

    b.goto(&format!("{}/minimal.html", server.origin()));
    let shown = || {
        let v = b.script(
            "return {
               enabled: [...document.querySelectorAll('button:enabled')].map((b) => b.value).sort(),
               seeds: [...'ABCDEFGabcdefg'].map((pit) =>
                 Number(document.querySelector(`button[value=${pit}]`)?.textContent.split(': ')[1] ?? -1)),
             };",
        );
        let enabled: Vec<String> = serde_json::from_value(v["enabled"].clone()).unwrap();
        let seeds: Vec<i64> = serde_json::from_value(v["seeds"].clone()).unwrap();
        (enabled, seeds)
    };
    let start = Position::startpos();
    let as_shown = |p: Position| p.pits().iter().map(|&n| i64::from(n)).collect::<Vec<_>>();
    let deadline = Instant::now() + PATIENCE;
    while shown().0.len() != 7 {
        assert!(
            Instant::now() < deadline,
            "waited in vain for the minimal page"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(shown().1, as_shown(start));
    b.click("button[value=C]");
    let after_c = start.play(Variant::Songo40, "C".parse().unwrap()).unwrap();
    let deadline = Instant::now() + PATIENCE;
    let (enabled, seeds) = loop {
        let (enabled, seeds) = shown();
        // South's pits enabled again: the engine has answered.
        if !enabled.is_empty() && seeds != as_shown(start) {
            break (enabled, seeds);
        }
        assert!(
            Instant::now() < deadline,
            "waited in vain for the engine's answer"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let answered = after_c
        .legal_moves(Variant::Songo40)
        .iter()
        .map(|m| after_c.play(Variant::Songo40, m).unwrap())
        .find(|p| as_shown(*p) == seeds)
        .unwrap_or_else(|| panic!("{seeds:?} follows no North move after C"));
    let mut legal: Vec<String> = answered
        .legal_moves(Variant::Songo40)
        .iter()
        .map(|m| m.to_string())
        .collect();
    legal.sort();
    assert_eq!(enabled, legal);
    assert_no_page_errors(b);
}
