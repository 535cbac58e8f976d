//! The board as text: one drawing, used by the protocol's `d`, `songo
//! analyze`, `songo replay` and `songo play`.

use songo_core::{Game, GameStatus, Position, Side};
use songo_tb::{history_is_clean, Tablebases};

const SEPARATOR: &str = "+----+----+----+----+----+----+----+";

/// The two rows of pits, North's on top read right to left as it is sown.
/// `mark`: a pit drawn in brackets (the last move); `indent`: the left
/// margin; `beside`: text after each row; `label`: text after the pit
/// letters of each side (North's above the board, South's below).
pub fn grid(
    p: &Position,
    mark: Option<usize>,
    indent: &str,
    beside: &dyn Fn(Side) -> String,
    label: &dyn Fn(Side) -> String,
) -> String {
    let row = |side: Side| -> String {
        let first = side.first_pit();
        let pits: Vec<usize> = match side {
            Side::North => (first..first + 7).rev().collect(),
            Side::South => (first..first + 7).collect(),
        };
        let cells: Vec<String> = pits
            .iter()
            .map(|&i| match mark == Some(i) {
                true => format!("[{:>2}]", p.pit(i)),
                false => format!(" {:>2} ", p.pit(i)),
            })
            .collect();
        format!("{indent}|{}|{}", cells.join("|"), beside(side))
    };
    let sep = format!("{indent}{SEPARATOR}");
    format!(
        "{indent}   g    f    e    d    c    b    a{}\n{sep}\n{}\n{sep}\n{}\n{sep}\n{indent}   A    B    C    D    E    F    G{}\n",
        label(Side::North),
        row(Side::North),
        row(Side::South),
        label(Side::South),
    )
}

/// The board and the state of the game, as the protocol's `d` prints it.
pub fn board_lines(game: &Game) -> String {
    let p = game.position();
    let v = game.variant();
    let mut s = grid(&p, None, " ", &|_| String::new(), &|side| {
        format!("     {side}  captured {}", p.captured(side))
    });
    s.push_str(&format!("Variant: {v}\n"));
    s.push_str(&format!("Position: {p}\n"));
    s.push_str(&format!("Side to move: {}\n", p.side_to_move()));
    s.push_str(&format!("Key: {:016x}\n", p.key()));
    s.push_str(&format!("Legal moves: {}\n", p.legal_moves(v)));
    match game.status() {
        GameStatus::Ongoing => s.push_str("State: in progress\n"),
        GameStatus::Over {
            outcome,
            reason,
            scores,
        } => s.push_str(&format!(
            "State: over ({}), result {} (South {} - North {})\n",
            reason.describe(),
            outcome.score_text(),
            scores[0],
            scores[1]
        )),
    }
    s
}

/// What the tablebases say about the current position of a game.
pub fn tablebase_line(tb: &Tablebases, game: &Game) -> String {
    let p = game.position();
    let v = game.variant();
    if game.is_over() {
        return "game over".to_string();
    }
    if !tb.covers(&p, v) {
        return format!(
            "not covered ({} seeds on the board, tables up to {}{})",
            p.seeds_on_board(),
            tb.max_seeds(v),
            if v.is_songo36() {
                ""
            } else {
                ", pit-7 flags -"
            }
        );
    }
    match (tb.probe(&p, v), history_is_clean(game.positions())) {
        (Some(verdict), true) => format!("{verdict} for {}", p.side_to_move()),
        (Some(verdict), false) => format!(
            "{verdict} for {} without this history (a position of this seed count occurred twice: not exact here)",
            p.side_to_move()
        ),
        (None, _) => match tb.table(v, p.seeds_on_board()) {
            Err(e) => format!("unavailable: {}", crate::chain::Chain(&e)),
            Ok(_) => "unavailable".to_string(),
        },
    }
}
