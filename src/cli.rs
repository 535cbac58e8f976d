//! The command-line tools. Each subcommand parses its arguments into types
//! and calls the library; nothing here knows the rules.

use std::ffi::OsString;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use crate::error::{report, CliError, LabError, StdoutError};
use crate::session::Session;
use crate::tb_cli::TbCommand;
use songo_cli::args::PositionArgs;
use songo_cli::output::Output;
use songo_cli::{errln, outln};

/// The end of `songo --help`: examples, then the exit codes (decided in
/// one place, [`CliError::exit`](crate::error::CliError::exit)).
const AFTER_HELP: &str = "Examples:\n  \
    songo                       # the engine protocol (protocol.md)\n  \
    songo gui                   # play in the browser\n  \
    songo analyze --moves \"C d\"\n  \
    songo play --level 3\n  \
    songo perft --variant songo36-amateur --fen \"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\" --depth 6\n  \
    songo bench\n  \
    songo book probe --moves \"E\"\n  \
    songo puzzles export | head -3\n  \
    songo lessons check lessons.json\n\n\
    Exit codes:\n  \
    0  success (a match whose engines lost games by faults included)\n  \
    1  the job failed: a file or directory missing or unreadable, a write failed,\n     \
       an engine could not start, memory ran out\n  \
    2  bad command line: an unknown flag, a value that does not parse (a position\n     \
       string, an engine description, a time control), arguments that do not go together\n  \
    3  bad input data: a file was read but what it holds is wrong (an openings file,\n     \
       a tablebase file, a book file, a puzzle or lesson file); the message names\n     \
       the file, and the line (or the lesson) where there is one\n  \
    141  standard output was closed by its reader (songo perft --depth 9 | head -1): the\n       \
       tool stops and says nothing (128 + SIGPIPE, as a shell shows for other tools)\n\n\
    Errors go to standard error as one line, 'error: ' and the message with its causes.";

#[derive(Parser, Debug)]
#[command(
    name = "songo",
    version,
    about = "A strong engine for Songo, the mancala game of the Fang and Beti",
    long_about = "A strong engine for Songo, the mancala game of the Fang and Beti.\n\n\
                  Without a subcommand it speaks the engine protocol on standard input and\n\
                  output (see protocol.md), so GUIs and tournament managers can use it.",
    after_help = AFTER_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the browser: a local web server whose page plays against
    /// songo or any engine that speaks the protocol.
    #[command(after_help = GUI_AFTER_HELP)]
    Gui(GuiArgs),
    /// Analyse a position: the engine's lines as they deepen, then the best move.
    #[command(after_help = crate::analyze::AFTER_HELP)]
    Analyze(crate::analyze::AnalyzeArgs),
    /// Play a game against the engine in the terminal.
    #[command(after_help = crate::play::AFTER_HELP)]
    Play(crate::play::PlayArgs),
    /// Count the leaves of the legal-move tree, split by first move.
    #[command(
        after_help = "Example:\n  songo perft --variant songo40 --depth 11\n\n\
                            Prints one line 'MOVE: COUNT' per legal move, then 'Nodes searched: TOTAL';\n\
                            the speed goes to standard error."
    )]
    Perft(PerftArgs),
    /// Search a fixed set of positions; the node count is the search's signature.
    #[command(after_help = "Example:\n  songo bench\n  songo bench --depth 8\n\n\
                            The last line is 'N nodes X nps'. N changes only when the search changes.")]
    Bench(BenchArgs),
    /// Play engines against each other and measure the difference in strength.
    #[command(after_help = songo_lab::matches::command::AFTER_HELP)]
    Match(songo_lab::matches::command::MatchArgs),
    /// Fit the evaluation weights to self-play results (logistic regression).
    #[command(
        after_help = "Examples:\n  songo tune --variant songo40 --games 2000 --nodes 2000 --seed 1\n  \
                            songo tune --variant songo40 --without 'empty pits' --without 'capture threat'\n\n\
                            Plays the games in parallel (rayon; RAYON_NUM_THREADS sets the threads),\n\
                            fits the weights, and prints them as the Rust source of src/eval/weights.rs.\n\
                            The same arguments give the same weights.\n\n\
                            'songo tune search' tunes the search's parameters by SPSA instead\n\
                            (songo tune search --help).",
        args_conflicts_with_subcommands = true
    )]
    Tune(songo_lab::tune::TuneArgs),
    /// Self-play positions for training the network evaluation.
    #[command(after_help = DATAGEN_AFTER_HELP)]
    Datagen(songo_lab::datagen::DatagenArgs),
    /// Train a network evaluation on datagen files and write it as a net file.
    #[command(after_help = TRAIN_AFTER_HELP)]
    Train(songo_lab::train::TrainArgs),
    /// Read a game-record file, check every move, print the games.
    #[command(
        after_help = "Examples:\n  songo replay games.pgn\n  songo replay games.pgn --game 3 --boards\n\n\
                            Prints each game's tags, result and moves, then the totals; with --boards\n\
                            also the board after every move. A malformed file or an illegal move is\n\
                            reported with its line number and the exit code is 3."
    )]
    Replay(crate::replay::ReplayArgs),
    /// The statistics of match records, one or many joined: Elo with its
    /// interval, W-D-L, pentanomial pairs, endings and faults.
    #[command(after_help = songo_lab::results::AFTER_HELP)]
    Results(songo_lab::results::ResultsArgs),
    /// Score every move of a recorded game, mark inaccuracies, mistakes
    /// and blunders, and write the game annotated.
    Review(crate::review::ReviewArgs),
    /// A small protocol engine for testing: random, greedy or plain
    /// alpha-beta moves, or faults (illegal, garbage, crash, stall, slow).
    #[command(hide = true)]
    Sparring(SparringArgs),
    /// Endgame tablebases: generate them, look a position up, or verify the files.
    #[command(subcommand)]
    Tb(crate::tb_cli::TbCommand),
    /// Opening books: build one, look a position up, see what it holds, or
    /// draw balanced openings from it.
    #[command(subcommand)]
    Book(songo_lab::book::BookCommand),
    /// Puzzles made by the engine: generate a set from self-play games, or
    /// print one as JSON lines.
    #[command(subcommand)]
    Puzzles(songo_lab::puzzles::PuzzlesCommand),
    /// Lessons for newcomers: check a lesson file against the rules.
    #[command(subcommand)]
    Lessons(songo_lab::lessons::LessonsCommand),
}

const DATAGEN_AFTER_HELP: &str = "Examples:\n  \
    songo datagen --variant songo40 --games 20000 --nodes 5000 --seed 1 --out songo40.data\n  \
    songo datagen --variant songo40 --games 2000 --balance 100 --tablebases tables --out b.data\n\n\
    Each position after the opening whose best move does not capture is stored with its\n\
    search score, the game's result and, with tables, their exact value (format in\n\
    docs/nn-eval.md). The same arguments give the same file whatever --threads; running the\n\
    command again on an unfinished file continues it.\n\n\
    Over MPI (a songo built with --features mpi), the ranks share the games and rank 0 alone\n\
    writes the file, the same bytes as one process:\n  \
    mpirun -np 4 songo datagen --mpi --variant songo40 --games 20000 --nodes 5000 --out songo40.data";

const TRAIN_AFTER_HELP: &str = "Examples:\n  \
    songo train --data songo40.data --out songo40.nnue\n  \
    songo train --data a.data --data b.data --hidden 128 --hidden2 0 --blend 0.3,0.7,1 --epochs 20 --out n.nnue\n  \
    songo train --variant-input --data songo40.data --data songo36a.data --data songo36b.data --out every.nnue\n\n\
    Prints the fitted scale, the tuned evaluation's loss on the validation positions, then\n\
    the training and validation loss of each epoch; writes the epoch with the lowest\n\
    validation loss, quantized. The same arguments give the same net whatever --threads.\n\
    With --variant-input, one net for every variant (the variant is an input), and the\n\
    validation loss of each variant at the end.\n\
    Use it with: setoption name EvalFile value FILE, setoption name Evaluation value nn\n\
    (a net for every variant is taken in each, once per variant).";

const GUI_AFTER_HELP: &str = "Examples:\n  \
    songo gui\n  \
    songo gui --port 8040 --no-open\n  \
    songo gui --engine \"songo=songo\" --engine \"random=songo sparring --kind random\"\n  \
    songo gui --tablebases tables/\n\n\
    Prints 'Listening on http://127.0.0.1:PORT/' and opens the page in the default browser.\n\
    Only requests for that address from its own page are served (others get 403); the\n\
    engines are the command line's, never the page's. Stop the server with Ctrl-C.\n\
    See docs/gui.md.";

#[derive(Args, Debug)]
pub struct GuiArgs {
    /// Port to listen on; 0 (the default) picks a free one.
    #[arg(long)]
    pub port: Option<u16>,
    /// Do not open a browser; only print the address.
    #[arg(long)]
    pub no_open: bool,
    /// An engine the page offers, as NAME=COMMAND (the command split into
    /// words, double quotes grouping); repeatable. Default: songo itself.
    #[arg(long = "engine", value_name = "NAME=CMD", value_parser = songo_client::EngineSpec::from_named_command)]
    pub engines: Vec<songo_client::EngineSpec>,
    /// Listen on this address instead of 127.0.0.1, e.g. 0.0.0.0 for every
    /// interface. Anyone who reaches it can play and run the engines: a
    /// warning is printed.
    /// An ADDR:PORT gives the port too (then --port must not).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<Listen>,
    /// Directory of endgame tablebases (songo tb generate): the analysis
    /// shows their verdict on the position and on each move, whatever the
    /// engine.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<std::path::PathBuf>,
    /// An opening book file for the analysis board's explorer, instead of
    /// the book compiled into songo.
    #[arg(long, value_name = "FILE")]
    pub book: Option<std::path::PathBuf>,
    /// Where the game in progress, its settings and the analysis board are
    /// kept, so that they survive a restart. Default: $XDG_DATA_HOME/songo,
    /// else ~/.local/share/songo (macOS: ~/Library/Application
    /// Support/songo; Windows: %APPDATA%\songo).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// Levels 1-4 answer at once instead of after a short, natural pause
    /// (for scripts and tests that play many games).
    #[arg(long)]
    pub no_pause: bool,
}

/// `--listen`: an IP address, or an address and its port (`0.0.0.0:8040`,
/// `[::1]:8040`), the form a person copies from a URL or another server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listen {
    pub ip: std::net::IpAddr,
    pub port: Option<u16>,
}

impl std::str::FromStr for Listen {
    type Err = String;

    fn from_str(text: &str) -> Result<Listen, String> {
        if let Ok(ip) = text.parse() {
            return Ok(Listen { ip, port: None });
        }
        match text.parse::<std::net::SocketAddr>() {
            Ok(addr) => Ok(Listen {
                ip: addr.ip(),
                port: Some(addr.port()),
            }),
            Err(_) => Err(format!(
                "'{text}' is not an IP address (e.g. 0.0.0.0) nor an address and port \
                 (e.g. 0.0.0.0:8040); a host name is not accepted"
            )),
        }
    }
}

/// Runs `songo gui`.
fn gui(args: GuiArgs) -> Result<(), CliError> {
    let exe = songo_client::this_program().map_err(songo_gui::GuiError::from)?;
    let mut config = songo_gui::GuiConfig::new(exe);
    config.open_browser = !args.no_open;
    if let Some(listen) = args.listen {
        config.listen = listen.ip;
        config.port = listen.port.unwrap_or(0);
    }
    match (args.listen.and_then(|l| l.port), args.port) {
        (Some(_), Some(_)) => {
            return Err(CliError::Args(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                "the port is given twice: by --listen ADDR:PORT and by --port\n",
            )))
        }
        (_, Some(port)) => config.port = port,
        _ => {}
    }
    if !args.engines.is_empty() {
        config.engines = args.engines;
    }
    config.tablebases = args.tablebases;
    config.book = args.book;
    if args.data_dir.is_some() {
        config.data_dir = args.data_dir;
    }
    config.pause = !args.no_pause;
    Ok(songo_gui::run(config)?)
}

#[derive(Args, Debug)]
pub struct SparringArgs {
    /// random, greedy, plain, illegal, garbage, crash, stall or slow.
    #[arg(long)]
    pub kind: songo_lab::sparring::Kind,
    /// Seed of the random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The faulty kinds play this many random moves before their fault.
    #[arg(long, default_value_t = 0)]
    pub after: u32,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every position.
    #[arg(long, short = 'd', default_value_t = songo_engine::bench::BENCH_DEPTH)]
    pub depth: u32,
    /// Evaluation to measure (the default is the engine's).
    #[arg(long, value_name = "EVAL", default_value_t = songo_engine::eval::EvalKind::default())]
    pub eval: songo_engine::eval::EvalKind,
    /// With --eval nn: the net file (for its variant; others use their embedded net).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<std::path::PathBuf>,
    /// Only the positions of this variant.
    #[arg(long, short = 'v')]
    pub variant: Option<songo_core::Variant>,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Depth in plies.
    #[arg(long, short = 'd')]
    pub depth: u32,
}

/// Parses the process's arguments and runs the command; returns the exit
/// code (see [`crate::error`]).
pub fn main() -> ExitCode {
    main_from(std::env::args_os())
}

/// [`main`] on the given arguments (the first is the program's name).
pub fn main_from(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> ExitCode {
    report(
        Cli::try_parse_from(args)
            .map_err(CliError::from)
            .and_then(|cli| run_command(cli.command)),
    )
}

/// Runs a parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    report(run_command(cli.command))
}

/// A lab tool's result as the command's: its error through [`LabError`],
/// whose exit codes are the lab's.
fn lab<E: Into<LabError>>(result: Result<(), E>) -> Result<(), CliError> {
    result.map_err(|e| CliError::Lab(e.into()))
}

/// Runs a command: each tool returns its own error, which converts into a
/// [`CliError`] (a lab tool's through `lab`). Without a command, the
/// engine protocol.
pub fn run_command(command: Option<Command>) -> Result<(), CliError> {
    match command {
        None => {
            Session::new(Output::stdout()).run(std::io::stdin().lock());
            Ok(())
        }
        Some(Command::Gui(args)) => gui(args),
        Some(Command::Analyze(args)) => Ok(crate::analyze::run(&args)?),
        Some(Command::Play(args)) => Ok(crate::play::run(&args)?),
        Some(Command::Replay(args)) => Ok(crate::replay::run(&args)?),
        Some(Command::Results(args)) => lab(songo_lab::results::run(&args)),
        Some(Command::Review(args)) => Ok(crate::review::run(&args)?),
        Some(Command::Perft(args)) => Ok(perft(&args)?),
        Some(Command::Tune(a)) => match &a.mode {
            Some(songo_lab::tune::TuneMode::Search(s)) => lab(songo_lab::spsa::run(s)),
            None => lab(songo_lab::tune::run(&a)),
        },
        Some(Command::Datagen(a)) => lab(songo_lab::datagen::run(&a)),
        Some(Command::Train(a)) => lab(songo_lab::train::run(&a)),
        Some(Command::Match(a)) => lab(songo_lab::matches::command::run_match(&a)),
        Some(Command::Sparring(a)) => {
            let s = songo_lab::sparring::Sparring {
                kind: a.kind,
                seed: a.seed,
                after: a.after,
            };
            songo_lab::sparring::run(s, std::io::stdin().lock(), Output::stdout());
            Ok(())
        }
        Some(Command::Tb(command)) => match command {
            TbCommand::Probe(a) => Ok(crate::tb_cli::probe(&a)?),
            TbCommand::Generate(a) => lab(songo_lab::tb::generate(&a)),
            TbCommand::Verify(a) => lab(songo_lab::tb::verify(&a)),
            TbCommand::Compress(a) => lab(songo_lab::tb::compress(&a)),
        },
        Some(Command::Book(command)) => lab(songo_lab::book::run(command)),
        Some(Command::Puzzles(command)) => lab(songo_lab::puzzles::run(&command)),
        Some(Command::Lessons(command)) => lab(songo_lab::lessons::run(&command)),
        Some(Command::Bench(args)) => bench(&args),
    }
}

/// `songo bench`: the bench positions searched through the engine's
/// façade by [`songo_protocol::bench::run`], as the web engine does, in
/// the engine's one bench loop. Its node count is the one of [`songo_engine::bench::run`], the
/// search's signature.
fn bench(args: &BenchArgs) -> Result<(), CliError> {
    use songo_engine::bench::BenchError;
    use songo_engine::nn::NetScope;
    use songo_engine::options::{OptionError, Setting};
    use songo_engine::{Engine, EngineError};
    use songo_protocol::bench::{self as facade, BenchStep};
    use songo_protocol::format::bench_line;
    // Read first, so that a bad file is refused before any search.
    let net = match &args.eval_file {
        Some(path) => Some((path, songo_engine::nn::Network::load(path)?.scope())),
        None => None,
    };
    fn refused(e: OptionError) -> CliError {
        // Of the bench's settings only these two can be refused.
        match e {
            OptionError::Hash(e) => BenchError::Hash(e).into(),
            OptionError::EvalFile { source, .. } => source.into(),
            e => unreachable!("a bench setting refused: {e}"),
        }
    }
    fn failed(e: BenchError) -> CliError {
        match e {
            BenchError::Setting(e) => refused(e),
            e => e.into(),
        }
    }
    let (mut engine, events) = Engine::with_channel();
    facade::prepare(&mut engine).map_err(failed)?;
    engine
        .apply(Setting::Evaluation(args.eval))
        .map_err(refused)?;
    if let Some((path, scope)) = net {
        // The engine keeps a net per variant: the variants the file is not
        // for keep their embedded one.
        for v in songo_core::Variant::ALL {
            if scope == NetScope::AllVariants || scope == NetScope::Variant(v) {
                engine.apply(Setting::Variant(v)).map_err(refused)?;
                engine
                    .apply(Setting::EvalFile(Some(path.clone())))
                    .map_err(refused)?;
            }
        }
    }
    let r = facade::run(
        &mut engine,
        &events,
        args.depth,
        args.variant,
        &mut |step| match step {
            BenchStep::Searched {
                index,
                position,
                nodes,
            } => errln!("position {:>2}: {position}: {nodes} nodes", index + 1),
            BenchStep::Problem(e @ EngineError::ThreadFailed) => errln!("songo bench: {e}"),
            BenchStep::Problem(e) => errln!("songo bench: warning: {e}"),
        },
    )
    .map_err(failed)?;
    Ok(outln!("{}", bench_line(&r))?)
}

fn perft(args: &PerftArgs) -> Result<(), StdoutError> {
    let (v, p) = (args.at.variant, args.at.position());
    let start = Instant::now();
    let mut total = 0;
    for (m, count) in p.divide(v, args.depth) {
        outln!("{m}: {count}")?;
        total += count;
    }
    if args.depth == 0 {
        total = 1;
    }
    let secs = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {total}")?;
    errln!(
        "{total} leaves in {:.3} s: {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
