use clap::Parser;
use songo::cli::{run, Cli};

fn main() -> std::process::ExitCode {
    run(Cli::parse())
}
