//! The command line: one file per subcommand, each with its `Args` (clap) and `run`.
//!
//! `run` returns the process exit code; errors bubble up as `anyhow::Error` and are printed
//! here. Subcommands that follow another tool's conventions (e.g. `pair`, shaped like
//! bbpPairings) choose their own exit codes.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod backup;
pub mod bench;
pub mod check;
pub mod generate;
pub mod keys;
pub mod live;
pub mod norms;
pub mod pair;
pub mod perft;
pub mod print;
pub mod publish;
pub mod ratings;
pub mod report;
pub mod restore;
pub mod serve;
pub mod standings;
pub mod unwinnable;
pub mod user;

/// arbiter: chess tournament manager (FIDE Laws, Dutch Swiss, round robin, tie-breaks).
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// Every subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web application.
    Serve(serve::Args),
    /// Manage user accounts.
    User(user::Args),
    /// Count legal move paths to a depth (move generator check).
    Perft(perft::Args),
    /// Check the games of a PGN file or a move list against the Laws of Chess.
    Check(check::Args),
    /// Say whether each side can still checkmate in a position (Art. 5.2.2, 6.9).
    Unwinnable(unwinnable::Args),
    /// Pair the next round of a TRF tournament (bbpPairings-compatible).
    Pair(pair::Args),
    /// Generate a random tournament paired by our own engine.
    Generate(generate::Args),
    /// Print standings with tie-breaks from a TRF file.
    Standings(standings::Args),
    /// Print a document (pairings, standings, crosstable, scoresheets, result slips) as PDF.
    Print(print::Args),
    /// Title norms of each player of a TRF file (FIDE B.01 Art. 1.4), with their figures.
    Norms(norms::Args),
    /// Check a tournament report as FIDE's rating officer does (`report check FILE.trf`).
    Report(report::Args),
    /// FIDE's rating list: `ratings import FILE` loads it for look-ups and refreshes.
    Ratings(ratings::Args),
    /// Publishing keys of this server (the public server): `keys create --organiser NAME`.
    Keys(keys::Args),
    /// Publish a tournament of this server (the venue) to a public server: `publish set`.
    Publish(publish::Args),
    /// Games from electronic boards: `live replay FEED --json` replays a recorded feed.
    Live(live::Args),
    /// A consistent copy of the SQLite database while the server runs: `backup FILE`.
    Backup(backup::Args),
    /// Put a backup in place of the SQLite database (the server stopped): `restore FILE`.
    Restore(restore::Args),
    /// Time and peak memory of an engine (`bench dutch DIR --rounds 2,6,11`, `--synthetic N`).
    Bench(bench::Args),
}

/// Parses the command line, sets up logging and runs the subcommand.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let outcome = match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::User(args) => user::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Check(args) => check::run(args),
        Command::Unwinnable(args) => unwinnable::run(args),
        Command::Pair(args) => pair::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Standings(args) => standings::run(args),
        Command::Print(args) => print::run(args),
        Command::Report(args) => report::run(args),
        Command::Ratings(args) => ratings::run(args),
        Command::Norms(args) => norms::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Live(args) => live::run(args),
        Command::Keys(args) => keys::run(args),
        Command::Publish(args) => publish::run(args),
        Command::Backup(args) => backup::run(args),
        Command::Restore(args) => restore::run(args),
    };
    match outcome {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// The text of a file, in whatever encoding it was saved in ([`crate::formats::text`]): UTF-8
/// with or without a byte-order mark, UTF-16, Windows-1250/1252, ISO-8859-2. A guessed encoding
/// is said on stderr.
pub fn read_text(path: &std::path::Path) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    text_of(&bytes, &path.display().to_string())
}

/// The text of `bytes` read from `source` (a path, or `-` for standard input); see
/// [`read_text`].
pub fn text_of(bytes: &[u8], source: &str) -> anyhow::Result<String> {
    let decoded =
        crate::formats::text::decode(bytes).map_err(|e| anyhow::anyhow!("{source}: {e}"))?;
    if decoded.guessed {
        eprintln!("note: {source} read as {}", decoded.encoding);
    }
    Ok(decoded.text)
}

/// Logging to stderr with `tracing`; `RUST_LOG` overrides the default `info` level.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
