fn main() -> std::process::ExitCode {
    songo::cli::main()
}
