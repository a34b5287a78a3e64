//! `arbiter perft`: not yet built (placeholder in the project skeleton; see the open issues).

use std::process::ExitCode;

/// Arguments of `arbiter perft`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`arbiter perft` is not built yet")
}
