//! `songo play`: a game against the engine in the terminal.
//!
//! It reads one line at a time from standard input, so it works the same
//! when a script is piped in (then each line read is echoed after its
//! prompt, so the transcript reads like a session), and it ends cleanly at
//! the end of input.
//!
//! Levels map to search limits; the low ones also choose at random among
//! the moves whose score is within a margin of the best, so they make
//! mistakes a person can punish. The choice is deterministic for a given
//! `--seed`.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;

use crate::score_text;
use songo_cli::args::PositionArgs;
use songo_core::game::{Game, GameStatus};
use songo_core::moves::Move;
use songo_core::position::Side;
use songo_core::record::{GameRecord, Termination};
use songo_engine::options::{OptionError, Setting, HASH_DEFAULT_MB};
use songo_engine::search::{Info, SearchResult};
use songo_engine::Limits;
use songo_engine::Score;
use songo_engine::SkillLevel;
use songo_engine::ENGINE_NAME;
use songo_engine::{Engine, Event};

/// The weakest and strongest levels.
pub const LEVEL_MIN: u32 = 1;
pub const LEVEL_MAX: u32 = 10;
/// The level when none is given.
pub const LEVEL_DEFAULT: u32 = 5;
/// Depth of the search behind `hint`: a good move in a fraction of a second.
pub const HINT_DEPTH: u32 = 12;

/// `println!` that ends the game (returning a [`PlayCliError::Stdout`]) when
/// standard output is closed.
macro_rules! out {
    ($($arg:tt)*) => {
        songo_cli::outln!($($arg)*)?
    };
}

/// `print!`, flushed, that ends the game when standard output is closed.
macro_rules! outp {
    ($($arg:tt)*) => {
        songo_cli::out!($($arg)*)?
    };
}

/// How long the engine thinks on a move at full strength (level 10); the
/// lower levels are capped below this by the engine's `Skill Level`.
pub const PLAY_MOVETIME: Duration = Duration::from_millis(3000);

/// What a level plays like, for the greeting: its cap and its margin.
fn describe(level: SkillLevel, think: Duration) -> String {
    let spec = level.spec();
    let search = match (spec.depth, spec.movetime) {
        (Some(d), _) => format!("depth {d}"),
        (None, Some(t)) => format!("{} ms a move", t.as_millis()),
        (None, None) => format!("{} ms a move", think.as_millis()),
    };
    if spec.margin > 0 {
        format!(
            "{search}, any move within {} seeds of the best",
            score_text::seeds(spec.margin).trim_start_matches('+')
        )
    } else {
        search
    }
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Engine strength, 1 (weakest) to 10 (strongest); see the table below.
    #[arg(long, short = 'l', default_value_t = LEVEL_DEFAULT, conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(LEVEL_MIN as i64..=LEVEL_MAX as i64))]
    pub level: u32,
    /// Full strength with this many milliseconds a move, instead of a level.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// You play South, who moves first (the default).
    #[arg(long, conflicts_with = "north")]
    pub south: bool,
    /// You play North: the engine moves first.
    #[arg(long)]
    pub north: bool,
    /// Seed of the engine's random choices at levels 1-7 (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
}

pub const AFTER_HELP: &str = concat!(
    "Examples:\n",
    "  songo play\n",
    "  songo play --variant songo36-beginner --level 2 --north\n",
    "  printf 'C\\nhint\\nundo\\nquit\\n' | songo play --level 1 --seed 7\n",
    "\n",
    "Type a move as a pit letter (South A-G, North a-g) or as 1-7 for your own pits,\n",
    "or: hint, undo (takes back the engine's reply and your move), board, help, quit.\n",
    "At the end you may save the game record (tags and moves, PGN style).\n",
    "\n",
    "Levels (1-7 choose at random among the moves within a margin of the best):\n",
    "   1: depth 1, 4 seeds     2: depth 2, 3 seeds     3: depth 3, 2 seeds\n",
    "   4: depth 4, 1.5 seeds   5: depth 6, 1 seed      6: depth 8, 0.5 seeds\n",
    "   7: depth 10, 0.2 seeds  8: depth 13, best move  9: 0.1 s a move\n",
    "  10: 3 s a move (full strength)",
);

/// What the player typed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    Move(Move),
    Undo,
    Hint,
    Help,
    Board,
    Quit,
    Empty,
    Bad(String),
}

fn parse_input(text: &str, game: &Game, human: Side) -> Input {
    let t = text.trim();
    match t.to_ascii_lowercase().as_str() {
        "" => return Input::Empty,
        "undo" | "u" => return Input::Undo,
        "hint" | "h" => return Input::Hint,
        "help" | "?" => return Input::Help,
        "board" => return Input::Board,
        "quit" | "exit" | "q" => return Input::Quit,
        _ => {}
    }
    let legal = game.position().legal_moves(game.variant());
    match Move::parse(t, human) {
        Ok(m) if legal.contains(m) => Input::Move(m),
        Ok(m) if m.side() != human => Input::Bad(format!(
            "{m} is a pit of {}; yours are {} (or 1-7). Legal now: {legal}",
            m.side(),
            match human {
                Side::South => "A-G",
                Side::North => "a-g",
            }
        )),
        Ok(m) if game.position().pit(m.pit()) == 0 => {
            Input::Bad(format!("pit {m} is empty. Legal now: {legal}"))
        }
        Ok(m) => Input::Bad(format!(
            "{m} is not allowed by the rules here. Legal now: {legal}"
        )),
        Err(_) => Input::Bad(format!(
            "'{t}' is neither a move nor a command. Legal moves: {legal}; \
             commands: hint, undo, board, help, quit"
        )),
    }
}

const HELP: &str = "\
Moves: the letter of the pit to empty (South A-G, North a-g), or 1-7 for your
own pits in sowing order. Seeds are sown counter-clockwise: A..G, then a..g.
Commands:
  hint   the engine suggests a move (a short search)
  undo   take back the engine's last reply and your move
  board  draw the board again
  help   this text
  quit   leave the game";

/// The engine's side of the game: the engine at its level, and how long
/// it may think on a move.
struct Opponent {
    engine: Engine,
    events: std::sync::mpsc::Receiver<Event>,
    level: SkillLevel,
    think: Duration,
}

impl Opponent {
    fn new(
        level: SkillLevel,
        think: Duration,
        seed: u64,
        hash_mb: usize,
    ) -> Result<Opponent, OptionError> {
        let (mut engine, events) = Engine::with_channel();
        for setting in [
            Setting::Hash(hash_mb),
            Setting::MoveOverhead(Duration::ZERO),
            Setting::SkillLevel(level),
        ] {
            engine.apply(setting)?;
        }
        engine.seed_skill(seed);
        Ok(Opponent {
            engine,
            events,
            level,
            think,
        })
    }

    /// Searches `game`'s position, handing each line to `on_info`.
    fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if self.engine.options().variant != game.variant() {
            let _ = self.engine.apply(Setting::Variant(game.variant()));
        }
        self.engine
            .set_game(game.clone())
            .expect("the engine plays the game's variant");
        self.engine.go(limits);
        let result = loop {
            match self.events.recv() {
                Ok(Event::Info(info)) => on_info(&info),
                Ok(Event::SearchDone(r)) => break r,
                Ok(_) => {}
                Err(_) => unreachable!("the engine holds the sender"),
            }
        };
        self.engine.wait();
        result
    }

    /// The engine's move at its level, and the score it saw for it.
    fn choose(&mut self, game: &Game) -> Option<(Move, Score)> {
        let spinner = (self.level.spec().depth.is_none())
            .then(|| songo_cli::progress::spinner("songo thinks"));
        let limits = Limits {
            movetime: Some(self.think),
            ..Limits::default()
        };
        let result = self.search(game, limits, &mut |_| {});
        if let Some(s) = spinner {
            s.finish_and_clear();
        }
        result.best.map(|m| (m, result.score))
    }

    /// A good move for the player: a short search at full strength.
    fn hint(&mut self, game: &Game) -> Option<(Move, Score)> {
        let _ = self.engine.apply(Setting::SkillLevel(SkillLevel::MAX));
        let r = self.search(game, Limits::depth(HINT_DEPTH), &mut |_| {});
        let _ = self.engine.apply(Setting::SkillLevel(self.level));
        r.best.map(|m| (m, r.score))
    }
}

/// Reads lines, echoing them when the input is not a person at a terminal.
struct Reader<R> {
    input: songo_cli::input::Lines<R>,
    echo: bool,
}

impl<R: BufRead> Reader<R> {
    /// Prompts and reads one line; `None` at the end of input. A line that
    /// is not text is explained and asked again: a stray byte loses no game.
    fn ask(&mut self, prompt: &str) -> Result<Option<String>, PlayCliError> {
        loop {
            outp!("{prompt}");
            match self.input.next_line() {
                Ok(None) | Err(_) => {
                    out!();
                    return Ok(None);
                }
                Ok(Some(Ok(line))) => {
                    if self.echo {
                        out!("{line}");
                    }
                    return Ok(Some(line.to_string()));
                }
                Ok(Some(Err(e))) => {
                    out!();
                    out!("That is not text ({e}); type a pit letter or 'help'.");
                }
            }
        }
    }
}

fn who(side: Side, human: Side) -> &'static str {
    if side == human {
        "you"
    } else {
        "songo"
    }
}

/// The board as the player sees it: North's row on top (read right to left,
/// as it is sown), the last move's pit in brackets, captured counts beside
/// each row.
pub fn draw(game: &Game, human: Side) -> String {
    let p = game.position();
    let last = game.moves().last().copied();
    let beside = |side: Side| {
        format!(
            "   {:<14} captured {:>2}",
            format!("{side} ({})", who(side, human)),
            p.captured(side)
        )
    };
    let mut s =
        songo_protocol::board::grid(&p, last.map(|m| m.pit()), "  ", &beside, &|_| String::new());
    if let (Some(m), [.., before, after]) = (last, game.positions()) {
        let mover = m.side();
        let gain = after.captured(mover) - before.captured(mover);
        let took = match gain {
            0 => String::new(),
            1 => ", capturing 1 seed".to_string(),
            n => format!(", capturing {n} seeds"),
        };
        s.push_str(&format!(
            "  Last move: {m} by {mover} ({}){took}\n",
            who(mover, human)
        ));
    }
    s
}

/// The game's record (see protocol.md, "Game records"); an abandoned game
/// ends `*` with the termination `abandoned`.
fn game_record(game: &Game, human: Side, opponent: &str, abandoned: bool) -> String {
    let name = |side: Side| if side == human { "Human" } else { opponent };
    let mut record = GameRecord::from_game(game, name(Side::South), name(Side::North), "-", None)
        .unwrap_or_else(|_| GameRecord::new(game.variant(), game.start()));
    record.event = "songo play".to_string();
    if abandoned {
        record.termination = Termination::Other("abandoned".to_string());
    }
    record.to_string()
}

/// What went wrong in `songo play` (a person's bad move is not an error:
/// it is explained and asked again).
#[derive(Debug, thiserror::Error)]
pub enum PlayCliError {
    #[error(transparent)]
    Engine(#[from] OptionError),
    #[error("the engine found no move in an ongoing game")]
    NoMove,
    #[error("the engine's move {0} is illegal: {1}")]
    IllegalMove(Move, songo_core::PlayError),
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] songo_cli::output::StdoutError),
}

/// Runs `songo play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), PlayCliError> {
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    play(args, stdin.lock(), echo)
}

fn play(args: &PlayArgs, input: impl BufRead, echo: bool) -> Result<(), PlayCliError> {
    let human = if args.north { Side::North } else { Side::South };
    let (level, think) = match args.movetime {
        Some(ms) => (SkillLevel::MAX, Duration::from_millis(ms)),
        None => (
            SkillLevel::new(args.level as u8).unwrap_or_default(),
            PLAY_MOVETIME,
        ),
    };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let opponent_name = match args.movetime {
        Some(ms) => format!("{ENGINE_NAME} ({ms} ms)"),
        None => format!("{ENGINE_NAME} (level {})", args.level),
    };
    let mut engine = Opponent::new(level, think, seed, HASH_DEFAULT_MB)?;
    let mut game = Game::new(args.at.variant, args.at.position());
    let mut reader = Reader {
        input: songo_cli::input::Lines::new(input),
        echo,
    };
    out!(
        "{} against {opponent_name}: {}.",
        game.variant(),
        describe(level, think)
    );
    out!(
        "You play {human}{}. Random seed {seed}. Type 'help' for the commands.\n",
        if human == Side::South {
            " (you move first)"
        } else {
            " (songo moves first)"
        }
    );
    outp!("{}", draw(&game, human));
    loop {
        if let GameStatus::Over {
            outcome,
            reason,
            scores,
        } = game.status()
        {
            out!("\nGame over: {}.", reason.describe());
            out!(
                "Final score: South ({}) {} - North ({}) {}. {}",
                who(Side::South, human),
                scores[0],
                who(Side::North, human),
                scores[1],
                match outcome {
                    songo_core::Outcome::Win(s) if s == human => "You win!",
                    songo_core::Outcome::Win(_) => "songo wins.",
                    songo_core::Outcome::Draw => "A draw.",
                }
            );
            out!("Result: {}", outcome.score_text());
            let record = game_record(&game, human, &opponent_name, false);
            offer_save(&mut reader, &record)?;
            return Ok(());
        }
        let mover = game.position().side_to_move();
        if mover != human {
            let Some((m, _)) = engine.choose(&game) else {
                return Err(PlayCliError::NoMove);
            };
            game.play(m).map_err(|e| PlayCliError::IllegalMove(m, e))?;
            out!("\nsongo plays {m}.");
            outp!("{}", draw(&game, human));
            continue;
        }
        let legal = game.position().legal_moves(game.variant());
        let Some(line) = reader.ask(&format!("Your move ({legal}): "))? else {
            out!("End of input: the game is left unfinished.");
            return Ok(());
        };
        match parse_input(&line, &game, human) {
            Input::Move(m) => {
                game.play(m).map_err(|e| PlayCliError::IllegalMove(m, e))?;
                out!("\nYou play {m}.");
                outp!("{}", draw(&game, human));
            }
            Input::Undo => {
                if !game.moves().iter().any(|m| m.side() == human) {
                    out!("Nothing to undo.");
                    continue;
                }
                // Back to the last position where it was our turn before our last move.
                let mut taken = Vec::new();
                while let Some(m) = game.undo() {
                    taken.push(m.to_string());
                    if m.side() == human {
                        break;
                    }
                }
                taken.reverse();
                out!("\nTaken back: {}.", taken.join(" "));
                outp!("{}", draw(&game, human));
            }
            Input::Hint => match engine.hint(&game) {
                Some((m, score)) => out!(
                    "Hint: {m} (score {} for you at depth {HINT_DEPTH}).",
                    score_text::seeds(score)
                ),
                None => out!("No hint: there is no legal move."),
            },
            Input::Help => out!("{HELP}"),
            Input::Board => outp!("{}", draw(&game, human)),
            Input::Quit => {
                out!("Game abandoned.");
                if !game.moves().is_empty() {
                    let record = game_record(&game, human, &opponent_name, true);
                    offer_save(&mut reader, &record)?;
                }
                return Ok(());
            }
            Input::Empty => {}
            Input::Bad(why) => out!("{why}"),
        }
    }
}

/// Asks for a file name and writes the record there; an empty answer or the
/// end of input skips it. An existing file is never overwritten.
fn offer_save(reader: &mut Reader<impl BufRead>, record: &str) -> Result<(), PlayCliError> {
    loop {
        let Some(name) = reader.ask("Save the game record? File name (empty to skip): ")? else {
            return Ok(());
        };
        let name = name.trim();
        if name.is_empty() {
            out!("Not saved.");
            return Ok(());
        }
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(name)
            .and_then(|mut f| f.write_all(record.as_bytes()));
        match written {
            Ok(()) => {
                out!("Saved to {name}.");
                return Ok(());
            }
            Err(e) => out!("Cannot write {name}: {e}. Another name?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::{Position, Variant};

    fn game(moves: &str) -> Game {
        let mut g = Game::new(Variant::Songo40, Position::startpos());
        songo_cli::args::play_moves(&mut g, moves).unwrap();
        g
    }

    #[test]
    fn record_numbers_moves_and_ends_with_the_result() {
        let r = game_record(&game("C d E"), Side::South, "songo", true);
        assert!(r.starts_with("[Event \"songo play\"]\n[Variant \"songo40\"]\n"));
        assert!(r.contains("[South \"Human\"]\n[North \"songo\"]\n[Result \"*\"]\n"));
        assert!(!r.contains("[FEN"));
        assert!(r.contains("[PlyCount \"3\"]\n\n1. C d 2. E *\n"), "{r}");
        let start: Position = "5,5,5,5,5,5,5/5,5,5,5,5,5,5 n 0 0 Gg".parse().unwrap();
        let mut g = Game::new(Variant::Songo40, start);
        songo_cli::args::play_moves(&mut g, "c A d").unwrap();
        let r = game_record(&g, Side::North, "songo", false);
        assert!(r.contains("[FEN \"5,5,5,5,5,5,5/5,5,5,5,5,5,5 n 0 0 Gg\"]"));
        assert!(r.contains("\n1... c 2. A d *\n"), "{r}");
        let back = songo_core::record::parse_records(&r).unwrap();
        assert_eq!(back[0].moves, g.moves());
    }

    #[test]
    fn input_is_read_as_moves_or_commands() {
        let g = game("");
        assert_eq!(
            parse_input(" 3 ", &g, Side::South),
            Input::Move(Move::from_pit(2))
        );
        assert_eq!(parse_input("UNDO", &g, Side::South), Input::Undo);
        let Input::Bad(why) = parse_input("c", &g, Side::South) else {
            panic!()
        };
        assert!(
            why.contains("pit of North") && why.contains("A B C D E F G"),
            "{why}"
        );
        let Input::Bad(why) = parse_input("zz", &g, Side::South) else {
            panic!()
        };
        assert!(why.contains("neither a move nor a command"), "{why}");
        let g = game("C d");
        let Input::Bad(why) = parse_input("C", &g, Side::South) else {
            panic!()
        };
        assert!(why.starts_with("pit C is empty. Legal now: A B D"), "{why}");
    }

    #[test]
    fn the_help_table_matches_the_levels() {
        for (i, level) in SkillLevel::all().enumerate() {
            let spec = level.spec();
            let ms = |t: Duration| t.as_millis() as f64 / 1000.0;
            let entry = match (spec.depth, spec.movetime) {
                (Some(d), _) => format!("{}: depth {d}, ", i + 1),
                (None, Some(t)) => format!("{}: {} s a move", i + 1, ms(t)),
                (None, None) => format!("{}: {} s a move", i + 1, ms(PLAY_MOVETIME)),
            };
            assert!(AFTER_HELP.contains(&entry), "{entry}");
            if spec.margin > 0 {
                let seeds = spec.margin as f64 / songo_engine::eval::SEED as f64;
                let unit = if seeds == 1.0 { "seed" } else { "seeds" };
                assert!(
                    AFTER_HELP.contains(&format!("{entry}{seeds} {unit}")),
                    "{entry}"
                );
            }
        }
    }

    #[test]
    fn low_levels_are_deterministic_for_a_seed() {
        let g = game("");
        let pick = |seed| {
            let mut o = Opponent::new(SkillLevel::MIN, PLAY_MOVETIME, seed, 1).unwrap();
            (0..8).map(|_| o.choose(&g).unwrap().0).collect::<Vec<_>>()
        };
        assert_eq!(pick(3), pick(3));
        // Level 1 at the start picks among several moves, not always the same.
        let all: std::collections::BTreeSet<Move> = (0..20).flat_map(pick).collect();
        assert!(all.len() > 1, "{all:?}");
    }
}

#[cfg(test)]
mod strength {
    use super::*;
    use songo_core::{Outcome, Position, Variant};

    /// Plays `level` (as North) against a plain search of `depth` (South).
    fn duel(v: Variant, level_index: usize, depth: u32, seed: u64) -> Outcome {
        let level = SkillLevel::new(level_index as u8 + 1).unwrap();
        let mut o = Opponent::new(level, PLAY_MOVETIME, seed, 1).unwrap();
        let mut plain = Opponent::new(SkillLevel::MAX, PLAY_MOVETIME, seed, 1).unwrap();
        let mut g = Game::new(v, Position::startpos());
        while !g.is_over() {
            let m = if g.position().side_to_move() == Side::South {
                plain
                    .search(&g, Limits::depth(depth), &mut |_| {})
                    .best
                    .unwrap()
            } else {
                o.choose(&g).unwrap().0
            };
            g.play(m).unwrap();
        }
        g.position().outcome(v)
    }

    /// Level 1 is beatable: a plain depth-6 search wins most games
    /// against it.
    #[test]
    fn level_one_loses_to_a_plain_search() {
        for v in Variant::ALL {
            let wins = (0..6)
                .filter(|&seed| duel(v, 0, 6, seed) == Outcome::Win(Side::South))
                .count();
            assert!(
                wins >= 4,
                "{v}: depth 6 won only {wins} of 6 against level 1"
            );
        }
    }
}
