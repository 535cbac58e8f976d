//! Engine events and state as protocol lines (protocol.md): the only place
//! that knows how the protocol writes a score, a line or a best move.

use songo_core::score::{Score, WinDrawLoss};
use songo_core::{Move, Variant};
use songo_engine::bench::BenchResult;
use songo_engine::eval::{self, EvalKind};
use songo_engine::options::{table, OptionType};
use songo_engine::search::{Info, ScoreBound};

use crate::command::Dialect;
use crate::score_text;

/// How lines are written: what the greeting and the options chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// The greeting's dialect: UGI's `bestmove` names no ponder move.
    pub dialect: Dialect,
    /// `UCI_ShowWDL`: each `info` score followed by `wdl W D L`.
    pub show_wdl: bool,
    /// The variant played, whose win, draw and loss rates the `wdl`
    /// estimates.
    pub variant: Variant,
}

/// An `info depth …` line.
pub fn info_line(info: &Info, style: &Style) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text::protocol(info.score)
    );
    match info.bound {
        ScoreBound::Exact => {}
        ScoreBound::Lower => s.push_str(" lowerbound"),
        ScoreBound::Upper => s.push_str(" upperbound"),
    }
    if style.show_wdl {
        let (w, d, l) = WinDrawLoss::estimate(info.score, style.variant).permille();
        s.push_str(&format!(" wdl {w} {d} {l}"));
    }
    s.push_str(&format!(
        " nodes {} nps {} hashfull {} tbhits {} time {} pv",
        info.nodes,
        songo_engine::nps(info.nodes, info.time),
        info.hashfull,
        info.tbhits,
        info.time.as_millis()
    ));
    for m in &info.pv {
        s.push_str(&format!(" {m}"));
    }
    s
}

/// A move the book answers `go` with (protocol.md, "Opening book").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookLine {
    /// The move played.
    pub mv: Move,
    /// The book's reply to it, if it has one: the `pv`'s second move.
    pub reply: Option<Move>,
    /// The move's book score for the side to move.
    pub score: Score,
    /// The depth behind that score, given as the line's depth.
    pub depth: u32,
    /// How often the book's expansion went through the move.
    pub visits: u32,
}

/// The lines of a book move, before its `bestmove`: `info string book
/// move E score cp 25 depth 12 visits 7`, then the same as an `info
/// depth …` line (multipv 1, no nodes, time 0, its pv the move and the
/// book's reply), so that a GUI that shows the engine's lines, or reads
/// the score of the last one, sees the book's.
pub fn book_move_lines(b: &BookLine, style: &Style) -> [String; 2] {
    let score = score_text::protocol(b.score);
    let said = format!(
        "info string book move {} score {score} depth {} visits {}",
        b.mv, b.depth, b.visits
    );
    let info = Info {
        depth: b.depth,
        seldepth: b.depth,
        multipv: 1,
        score: b.score,
        bound: ScoreBound::Exact,
        nodes: 0,
        time: std::time::Duration::ZERO,
        hashfull: 0,
        tbhits: 0,
        pv: std::iter::once(b.mv).chain(b.reply).collect(),
    };
    [said, info_line(&info, style)]
}

/// The `bestmove` line. UGI's carries exactly one move (ugi.md: tournament
/// managers such as cutegames read no `ponder`); UCI's names the expected
/// reply to ponder on.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>, dialect: Dialect) -> String {
    match (best, ponder, dialect) {
        (None, _, _) => "bestmove (none)".to_string(),
        (Some(b), Some(p), Dialect::Uci) => format!("bestmove {b} ponder {p}"),
        (Some(b), _, _) => format!("bestmove {b}"),
    }
}

/// The bench's last line, `N nodes X nps`: the protocol's `bench`, `songo
/// bench` and the web engine's `bench()` all end with it, so that their
/// node counts compare as text.
pub fn bench_line(r: &BenchResult) -> String {
    format!("{} nodes {} nps", r.nodes, r.nps())
}

/// The `option name …` lines of the greeting, from the option table.
pub fn option_lines() -> Vec<String> {
    table()
        .into_iter()
        .map(|spec| {
            let kind = match spec.kind {
                OptionType::Spin { default, min, max } => {
                    format!("spin default {default} min {min} max {max}")
                }
                OptionType::Check { default } => format!("check default {default}"),
                OptionType::Combo { default, choices } => {
                    let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
                    format!("combo default {default} {}", vars.join(" "))
                }
                OptionType::Button => "button".to_string(),
                OptionType::Text { default } => format!("string default {default}"),
            };
            format!("option name {} type {kind}", spec.name)
        })
        .collect()
}

/// The `eval` command's table: each term of the tuned evaluation for both
/// sides, its weight and its part, then the whole as the search sees it:
/// with `Evaluation nn`, the net the search uses (`net`: the `EvalFile`
/// one, else the embedded one).
pub fn eval_lines(
    game: &songo_core::Game,
    kind: EvalKind,
    net: Option<&songo_engine::nn::Network>,
) -> Vec<String> {
    let p = game.position();
    let v = game.variant();
    let us = p.side_to_move();
    let mut out = vec![
        format!("variant {v}, {us} to move, evaluation {kind}"),
        format!(
            "{:<16}{:>6}{:>6}{:>8}{:>9}",
            "term",
            us,
            us.opponent(),
            "weight",
            "seeds"
        ),
    ];
    let [mine, theirs] = eval::side_features(&p, v);
    let w = eval::weights(v);
    for f in eval::Feature::ALL {
        let i = f as usize;
        let part = w.0[i] * (mine[i] - theirs[i]);
        out.push(format!(
            "{:<16}{:>6}{:>6}{:>8}{:>+9.2}",
            f.name(),
            mine[i],
            theirs[i],
            w.0[i],
            part as f64 / eval::SEED as f64
        ));
    }
    let e = match (kind, net) {
        (EvalKind::Nn, Some(net)) => {
            out.push(format!(
                "tuned evaluation {:+.2} seeds",
                eval::evaluate_with(&p, v, EvalKind::Tuned) as f64 / eval::SEED as f64
            ));
            net.evaluate(&p)
        }
        _ => eval::evaluate_with(&p, v, kind),
    };
    out.push(format!(
        "evaluation {:+.2} seeds for the side to move ({us})",
        e as f64 / eval::SEED as f64
    ));
    out
}
