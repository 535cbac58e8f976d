#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    songo::cli::main()
}
