//! The `arbiter` binary: parses the command line and hands over to the library.

fn main() -> std::process::ExitCode {
    arbiter::cli::main()
}
