//! The driver against a scripted engine: lines fed in by hand, the
//! actions checked.

use super::*;
use songo_client::review::{review_game, GameReview, Thresholds, Verdict};
use songo_client::InfoScore;
use songo_core::{Game, Position};

use crate::link::{DEPTH_CAP, STALL_GRACE};

const T0: Duration = Duration::ZERO;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn sends(actions: &[Action]) -> Vec<&str> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Send(line) => Some(line.as_str()),
            _ => None,
        })
        .collect()
}

fn reports(actions: &[Action]) -> Vec<LinkEvent> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Report(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

fn options(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

/// A driver past its greeting, with the engine's description setting
/// `fixed`.
fn greeted(fixed: &[(&str, &str)]) -> Driver {
    let mut d = Driver::new(options(fixed));
    assert_eq!(d.start(T0), [to_engine("uci")]);
    d.on_line("uciok", T0);
    assert!(d.is_idle());
    d
}

fn search(lines: u8, limit: Limit) -> Search {
    Search {
        variant: Variant::Songo40,
        level: 7,
        lines,
        start: Position::startpos(),
        moves: vec!["C".parse().unwrap()],
        limit,
    }
}

fn search_job(ticket: u64, limit: Limit) -> Job {
    Job::Search {
        ticket,
        search: search(1, limit),
    }
}

/// A driver that has told the engine `search(1, _)`'s options, so that
/// such a search starts at once.
fn ready_for_searches() -> Driver {
    let mut d = greeted(&[]);
    d.on_job(search_job(0, Limit::Infinite), T0);
    d.on_line("readyok", T0);
    d.on_job(Job::Cancel, T0);
    d.on_line("bestmove C", T0);
    assert!(d.is_idle());
    d
}

const GO: [&str; 2] = ["position startpos moves C", "go movetime 100"];

#[test]
fn the_greeting_waits_for_uciok_and_asks_for_wdl() {
    let mut d = Driver::new(Vec::new());
    assert!(d.is_idle());
    assert_eq!(d.deadline(), None);
    // A job before the engine runs waits for the greeting.
    let new_game = Job::NewGame {
        variant: Variant::Songo40,
        level: 3,
    };
    assert_eq!(d.on_job(new_game, T0), []);
    assert_eq!(d.start(ms(5)), [to_engine("uci")]);
    assert_eq!(d.start(ms(6)), [], "greets once");
    assert_eq!(d.deadline(), Some(ms(5) + ANSWER_TIMEOUT));
    assert_eq!(d.on_line("id name fake", ms(6)), []);
    assert_eq!(d.on_line("option name Hash type spin", ms(6)), []);
    assert_eq!(d.on_time(ms(7)), [], "before its deadline");
    let a = d.on_line("uciok", ms(8));
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_ShowWDL value true",
            "setoption name UCI_Variant value songo40",
            "setoption name Skill Level value 3",
            "ucinewgame",
            "isready",
        ]
    );
    assert_eq!(reports(&d.on_line("readyok", ms(9))), [LinkEvent::Ready]);
    assert!(d.is_idle());
}

#[test]
fn an_engine_that_sets_wdl_itself_is_not_asked() {
    let mut d = Driver::new(options(&[("uci_showwdl", "false")]));
    d.start(T0);
    assert_eq!(d.on_line("uciok", T0), []);
}

#[test]
fn no_uciok_in_time_or_an_exit_is_a_failure_to_start() {
    let mut d = Driver::new(Vec::new());
    d.start(T0);
    let a = d.on_time(ANSWER_TIMEOUT);
    assert_eq!(
        reports(&a),
        [LinkEvent::Failed(Failure::Start(
            "no answer in time".into()
        ))]
    );
    assert!(d.is_over());
    assert_eq!(d.on_line("uciok", ANSWER_TIMEOUT), []);
    assert_eq!(d.on_job(Job::Cancel, ANSWER_TIMEOUT), []);
    assert_eq!(d.deadline(), None);

    let mut d = Driver::new(Vec::new());
    d.start(T0);
    assert_eq!(
        reports(&d.closed(ms(3))),
        [LinkEvent::Failed(Failure::Start(
            "the engine exited".into()
        ))]
    );
}

#[test]
fn a_new_game_sends_only_the_options_that_change() {
    let mut d = greeted(&[("Hash", "64")]);
    let new_game = |variant, level| Job::NewGame { variant, level };
    let a = d.on_job(new_game(Variant::Songo40, 3), T0);
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_Variant value songo40",
            // The description's options follow every variant: some (an
            // EvalFile) belong to the variant.
            "setoption name Hash value 64",
            "setoption name Skill Level value 3",
            "ucinewgame",
            "isready",
        ]
    );
    assert_eq!(d.deadline(), Some(ANSWER_TIMEOUT));
    assert_eq!(reports(&d.on_line("readyok", T0)), [LinkEvent::Ready]);
    let a = d.on_job(new_game(Variant::Songo40, 3), T0);
    assert_eq!(sends(&a), ["ucinewgame", "isready"]);
    d.on_line("readyok", T0);
    let a = d.on_job(new_game(Variant::Songo40, 9), T0);
    assert_eq!(
        sends(&a),
        [
            "setoption name Skill Level value 9",
            "ucinewgame",
            "isready"
        ]
    );
    d.on_line("readyok", T0);
    let a = d.on_job(new_game(Variant::Songo36Amateur, 9), T0);
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_Variant value songo36-amateur",
            "setoption name Hash value 64",
            "ucinewgame",
            "isready"
        ]
    );
}

#[test]
fn options_the_description_sets_are_never_overridden() {
    let mut d = greeted(&[("Skill Level", "2"), ("MultiPV", "4")]);
    let a = d.on_job(
        Job::NewGame {
            variant: Variant::Songo40,
            level: 8,
        },
        T0,
    );
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_Variant value songo40",
            "setoption name Skill Level value 2",
            "setoption name MultiPV value 4",
            "ucinewgame",
            "isready",
        ]
    );
    d.on_line("readyok", T0);
    let a = d.on_job(
        Job::Search {
            ticket: 1,
            search: search(3, Limit::Depth(4)),
        },
        T0,
    );
    assert_eq!(sends(&a), ["position startpos moves C", "go depth 4"]);
}

#[test]
fn a_review_leaves_an_own_book_the_description_sets() {
    let mut d = greeted(&[("OwnBook", "true")]);
    let a = d.on_job(review_job(2, &game("C")), T0);
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_Variant value songo40",
            "setoption name OwnBook value true",
            "setoption name Skill Level value 10",
            "isready"
        ]
    );
}

#[test]
fn a_new_game_without_readyok_in_time_is_no_answer() {
    let mut d = greeted(&[]);
    d.on_job(
        Job::NewGame {
            variant: Variant::Songo40,
            level: 3,
        },
        ms(10),
    );
    assert_eq!(d.on_time(ms(10) + ANSWER_TIMEOUT - ms(1)), []);
    assert_eq!(
        reports(&d.on_time(ms(10) + ANSWER_TIMEOUT)),
        [LinkEvent::Failed(Failure::NoAnswer)]
    );
}

#[test]
fn a_search_forwards_its_lines_and_answers_with_the_last_info() {
    let mut d = greeted(&[]);
    let a = d.on_job(
        Job::Search {
            ticket: 4,
            search: search(2, Limit::Movetime(ms(100))),
        },
        ms(1),
    );
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_Variant value songo40",
            "setoption name Skill Level value 7",
            "setoption name MultiPV value 2",
            "isready",
        ]
    );
    assert_eq!(d.on_line("info string loading", ms(2)), [], "not yet");
    assert_eq!(sends(&d.on_line("readyok", ms(3))), GO);
    assert_eq!(d.deadline(), Some(ms(103) + STALL_GRACE));
    let lines = [
        "info depth 1 multipv 1 score cp 20 pv A",
        "info depth 1 multipv 2 score cp 10 pv B",
        "info depth 2 multipv 1 score cp 35 pv D e",
    ];
    for line in lines {
        assert_eq!(
            reports(&d.on_line(line, ms(50))),
            [LinkEvent::Line {
                ticket: 4,
                line: line.into()
            }]
        );
    }
    let a = d.on_line("bestmove D ponder e", ms(103));
    let [LinkEvent::BestMove { ticket: 4, answer }] = &reports(&a)[..] else {
        panic!("{a:?}");
    };
    assert_eq!(answer.line, "bestmove D ponder e");
    assert_eq!(answer.parsed.as_ref().unwrap().mv.as_deref(), Some("D"));
    let info = answer.info.as_ref().unwrap();
    assert_eq!(
        (info.score, &info.pv[..]),
        (
            Some(InfoScore::Cp(35)),
            &["D".to_string(), "e".to_string()][..]
        )
    );
    assert!(d.is_idle());
    assert_eq!(d.deadline(), None);
    // The same settings again: straight to the search.
    let a = d.on_job(
        Job::Search {
            ticket: 5,
            search: search(2, Limit::Movetime(ms(100))),
        },
        ms(200),
    );
    assert_eq!(sends(&a), GO);
}

#[test]
fn a_new_job_interrupts_the_search_and_its_answer_is_dropped() {
    let mut d = ready_for_searches();
    assert_eq!(
        sends(&d.on_job(search_job(1, Limit::Movetime(ms(100))), ms(10))),
        GO
    );
    d.on_line("info depth 1 score cp 5 pv A", ms(20));
    let a = d.on_job(search_job(2, Limit::Movetime(ms(100))), ms(30));
    assert_eq!(a, [Action::Interrupt]);
    assert_eq!(d.deadline(), Some(ms(30) + STOP_GRACE));
    // Lines of the interrupted search are no one's.
    assert_eq!(d.on_line("info depth 2 score cp 9 pv A", ms(31)), []);
    let a = d.on_line("bestmove A", ms(32));
    assert_eq!(sends(&a), GO, "search 2 starts");
    assert!(reports(&a).is_empty(), "search 1 is not answered");
    let a = d.on_line("bestmove B", ms(40));
    assert!(matches!(
        &reports(&a)[..],
        [LinkEvent::BestMove { ticket: 2, .. }]
    ));
}

#[test]
fn a_restarted_engine_is_greeted_and_told_everything_again() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Infinite), ms(10));
    assert_eq!(d.deadline(), None, "an infinite search has no limit");
    assert_eq!(
        d.on_job(search_job(2, Limit::Movetime(ms(100))), ms(30)),
        [Action::Interrupt]
    );
    // The web transport replaces the engine instead of sending `stop`.
    assert_eq!(d.restarted(ms(35)), [to_engine("uci")]);
    assert_eq!(d.deadline(), Some(ms(35) + ANSWER_TIMEOUT));
    let a = d.on_line("uciok", ms(40));
    assert_eq!(
        sends(&a),
        [
            "setoption name UCI_ShowWDL value true",
            "setoption name UCI_Variant value songo40",
            "setoption name Skill Level value 7",
            "isready",
        ]
    );
    assert_eq!(sends(&d.on_line("readyok", ms(41))), GO);
    let a = d.on_line("bestmove A", ms(141));
    assert!(matches!(
        &reports(&a)[..],
        [LinkEvent::BestMove { ticket: 2, .. }]
    ));
}

#[test]
fn a_restart_nobody_asked_for_does_the_search_again() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Movetime(ms(100))), ms(10));
    assert_eq!(d.restarted(ms(20)), [to_engine("uci")]);
    d.on_line("uciok", ms(21));
    assert_eq!(sends(&d.on_line("readyok", ms(22))), GO);
    let a = d.on_line("bestmove A", ms(122));
    assert!(matches!(
        &reports(&a)[..],
        [LinkEvent::BestMove { ticket: 1, .. }]
    ));
}

#[test]
fn jobs_behind_an_interrupt_run_in_order_and_only_the_last_search_runs() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Movetime(ms(100))), T0);
    assert_eq!(
        d.on_job(search_job(2, Limit::Movetime(ms(100))), T0),
        [Action::Interrupt]
    );
    let new_game = Job::NewGame {
        variant: Variant::Songo40,
        level: 7,
    };
    assert_eq!(d.on_job(new_game, T0), []);
    assert_eq!(d.on_job(search_job(3, Limit::Depth(5)), T0), []);
    // Search 2 would be interrupted at once: only the new game and search 3.
    let a = d.on_line("bestmove A", ms(1));
    assert_eq!(sends(&a), ["ucinewgame", "isready"]);
    let a = d.on_line("readyok", ms(2));
    assert_eq!(reports(&a), [LinkEvent::Ready]);
    assert_eq!(sends(&a), ["position startpos moves C", "go depth 5"]);
    assert_eq!(d.deadline(), Some(ms(2) + DEPTH_CAP));
}

#[test]
fn cancel_stops_the_search_and_nothing_follows() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Infinite), T0);
    assert_eq!(d.on_job(Job::Cancel, ms(5)), [Action::Interrupt]);
    assert_eq!(d.on_line("bestmove A", ms(6)), []);
    assert!(d.is_idle());
    assert_eq!(d.deadline(), None);
    assert_eq!(d.on_job(Job::Cancel, ms(7)), [], "nothing to cancel");
}

#[test]
fn no_stale_bestmove_in_time_is_a_stall() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Infinite), ms(100));
    d.on_job(Job::Cancel, ms(600));
    assert_eq!(d.on_time(ms(600) + STOP_GRACE - ms(1)), []);
    assert_eq!(
        reports(&d.on_time(ms(600) + STOP_GRACE)),
        [LinkEvent::Failed(Failure::Stalled(ms(500) + STOP_GRACE))]
    );
    assert!(d.is_over());
}

#[test]
fn a_search_past_its_patience_is_stopped_and_its_answer_taken() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Movetime(ms(100))), T0);
    d.on_line("info depth 9 score cp 40 pv A", ms(50));
    let patience = ms(100) + STALL_GRACE;
    assert_eq!(d.on_time(patience - ms(1)), []);
    assert_eq!(d.on_time(patience), [to_engine("stop")]);
    assert_eq!(d.deadline(), Some(patience + STOP_GRACE));
    // A job now waits for the answer, which is still wanted.
    assert_eq!(d.on_job(Job::Cancel, patience), []);
    assert_eq!(
        d.on_line("info depth 10 score cp 45 pv B", patience),
        [],
        "not shown"
    );
    let a = d.on_line("bestmove B", patience + ms(3));
    let [LinkEvent::BestMove { ticket: 1, answer }] = &reports(&a)[..] else {
        panic!("{a:?}");
    };
    assert_eq!(answer.info.as_ref().unwrap().pv, ["B"]);
    assert!(d.is_idle());
}

#[test]
fn no_answer_even_after_stop_is_a_stall() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Depth(30)), ms(10));
    assert_eq!(d.on_time(ms(10) + DEPTH_CAP), [to_engine("stop")]);
    let a = d.on_time(ms(10) + DEPTH_CAP + STOP_GRACE);
    assert_eq!(
        reports(&a),
        [LinkEvent::Failed(Failure::Stalled(DEPTH_CAP + STOP_GRACE))]
    );
}

#[test]
fn an_engine_that_exits_has_crashed() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Infinite), T0);
    assert_eq!(
        reports(&d.closed(ms(1))),
        [LinkEvent::Failed(Failure::Crashed)]
    );
    assert_eq!(d.closed(ms(2)), []);
    assert_eq!(d.restarted(ms(3)), []);
}

#[test]
fn any_output_is_survived() {
    let mut d = ready_for_searches();
    d.on_job(search_job(1, Limit::Movetime(ms(100))), T0);
    for line in [
        "",
        "   ",
        "info",
        "info score",
        "info score cp",
        "readyok",
        "uciok",
        "\u{fffd}\0",
    ] {
        d.on_line(line, ms(1));
    }
    let a = d.on_line("bestmove", ms(2));
    let [LinkEvent::BestMove { ticket: 1, answer }] = &reports(&a)[..] else {
        panic!("{a:?}");
    };
    assert_eq!((answer.parsed.as_ref(), answer.info.as_ref()), (None, None));
    // Lines while idle are noise.
    assert_eq!(d.on_line("bestmove A", ms(3)), []);
    assert_eq!(d.on_line("readyok", ms(3)), []);
    assert!(d.is_idle());
}

fn game(moves: &str) -> Game {
    let mut g = Game::new(Variant::Songo40, Position::startpos());
    for m in moves.split_whitespace() {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

/// The scripted engine's answer in a review: a score and a best move per
/// ply.
const SCRIPT: [(i32, &str); 4] = [(0, "A"), (50, "d"), (700, "E"), (-20, "b")];

fn review_job(ticket: u64, game: &Game) -> Job {
    Job::Review {
        ticket,
        game: game.clone(),
        limit: Limit::Depth(6),
    }
}

#[test]
fn a_review_searches_every_position_and_scores_as_review_game() {
    let g = game("C d E");
    let mut d = ready_for_searches();
    let mut events = Vec::new();
    let a = d.on_job(review_job(9, &g), T0);
    assert_eq!(
        sends(&a),
        ["setoption name Skill Level value 10", "isready"],
        "full strength (and no book: songo's default is off)"
    );
    let mut a = d.on_line("readyok", T0);
    for (ply, (cp, best)) in SCRIPT.iter().enumerate() {
        let moves: Vec<_> = g.moves()[..ply].iter().map(|m| m.to_string()).collect();
        let position = match ply {
            0 => "position startpos".to_string(),
            _ => format!("position startpos moves {}", moves.join(" ")),
        };
        assert_eq!(sends(&a), [position.as_str(), "go depth 6"], "ply {ply}");
        events.extend(reports(&a));
        // Review searches are not shown line by line.
        let info = format!("info depth 6 score cp {cp} pv {best}");
        assert_eq!(d.on_line(&info, ms(1)), []);
        a = d.on_line(&format!("bestmove {best}"), ms(2));
    }
    events.extend(reports(&a));
    assert!(sends(&a).is_empty());
    assert!(d.is_idle());
    let Some(LinkEvent::Reviewed { ticket: 9, review }) = events.pop() else {
        panic!("{events:?}");
    };
    let progress: Vec<_> = (1..=4)
        .map(|done| LinkEvent::ReviewProgress {
            ticket: 9,
            done,
            total: 4,
        })
        .collect();
    assert_eq!(events, progress);
    assert_eq!(review, expected_review(&g));
}

fn expected_review(g: &Game) -> GameReview {
    review_game(
        g,
        |ply, _| {
            let (cp, best) = SCRIPT[ply];
            Ok::<_, ()>(Verdict {
                score: InfoScore::Cp(cp),
                best: Some(best.to_string()),
                pv: vec![best.to_string()],
            })
        },
        &Thresholds::default(),
        |_, _| {},
    )
    .unwrap()
}

#[test]
fn a_position_without_a_score_fails_the_review_not_the_engine() {
    let g = game("C d E");
    let mut d = ready_for_searches();
    d.on_job(review_job(3, &g), T0);
    d.on_line("readyok", T0);
    d.on_line("info depth 6 score cp 10 pv A", ms(1));
    let a = d.on_line("bestmove A", ms(2));
    assert_eq!(
        reports(&a),
        [LinkEvent::ReviewProgress {
            ticket: 3,
            done: 1,
            total: 4
        }]
    );
    d.on_line("info depth 6 nodes 10", ms(3));
    let a = d.on_line("bestmove d", ms(4));
    assert_eq!(
        reports(&a),
        [LinkEvent::ReviewFailed {
            ticket: 3,
            message: crate::say::Say::EngineNoScore {
                line: "bestmove d".into(),
                ply: 1
            }
        }]
    );
    assert!(d.is_idle());
}

#[test]
fn a_new_job_interrupts_a_review() {
    let g = game("C d E");
    let mut d = ready_for_searches();
    d.on_job(review_job(3, &g), T0);
    d.on_line("readyok", T0);
    d.on_line("info depth 6 score cp 10 pv A", ms(1));
    d.on_line("bestmove A", ms(2));
    assert_eq!(
        d.on_job(search_job(4, Limit::Depth(3)), ms(3)),
        [Action::Interrupt]
    );
    let a = d.on_line("bestmove d", ms(4));
    assert!(reports(&a).is_empty(), "no more of the review");
    assert_eq!(sends(&a), ["setoption name Skill Level value 7", "isready"]);
}

#[test]
fn the_last_answer_of_a_review_is_reported_even_with_a_job_waiting() {
    let g = game("C");
    let mut d = ready_for_searches();
    d.on_job(review_job(3, &g), T0);
    d.on_line("readyok", T0);
    d.on_line("info depth 6 score cp 10 pv A", ms(1));
    d.on_line("bestmove A", ms(2));
    d.on_line("info depth 6 score cp 10 pv a", ms(3));
    // Past its patience the last search is stopped; a job waits for it.
    d.on_time(DEPTH_CAP + ms(2));
    d.on_job(Job::Cancel, DEPTH_CAP + ms(3));
    let a = d.on_line("bestmove a", DEPTH_CAP + ms(4));
    let events = reports(&a);
    assert_eq!(
        events[0],
        LinkEvent::ReviewProgress {
            ticket: 3,
            done: 2,
            total: 2
        }
    );
    assert!(matches!(events[1], LinkEvent::Reviewed { ticket: 3, .. }));
    assert!(d.is_idle());
}

#[test]
fn a_finished_game_leaves_its_last_position_to_the_rules() {
    let p: Position = "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -".parse().unwrap();
    let g = Game::new(Variant::Songo36Amateur, p);
    let mut d = ready_for_searches();
    let a = d.on_job(review_job(8, &g), T0);
    assert!(sends(&a).is_empty(), "no search");
    let events = reports(&a);
    assert_eq!(
        events[0],
        LinkEvent::ReviewProgress {
            ticket: 8,
            done: 1,
            total: 1
        }
    );
    let LinkEvent::Reviewed { review, .. } = &events[1] else {
        panic!("{events:?}");
    };
    assert!(review.moves.is_empty());
    assert!(d.is_idle());
}

#[test]
fn the_last_exact_score_of_the_first_line_is_kept() {
    let mut last = None;
    keep_best_info(&mut last, "info string hello");
    assert_eq!(last, None);
    keep_best_info(&mut last, "info depth 3 multipv 1 score cp 20 pv A");
    keep_best_info(&mut last, "info depth 3 multipv 2 score cp 10 pv B");
    assert_eq!(last.as_ref().unwrap().score, Some(InfoScore::Cp(20)));
    keep_best_info(
        &mut last,
        "info depth 4 multipv 1 score cp 90 lowerbound pv C",
    );
    assert_eq!(last.as_ref().unwrap().score, Some(InfoScore::Cp(20)));
    keep_best_info(&mut last, "info depth 4 score cp 40 pv D");
    assert_eq!(last.as_ref().unwrap().pv, ["D"]);
    keep_best_info(&mut last, "info depth 5 nodes 100");
    assert_eq!(last.as_ref().unwrap().pv, ["D"]);
}
