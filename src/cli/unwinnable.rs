//! `arbiter unwinnable FEN`: can each side still checkmate (Laws Art. 5.2.2, 6.9, 7.5.5, 5.1.2)?
//!
//! The first line is the verdict in the code of the CHA test vectors: `WB` (both sides can
//! mate), `W-` (only White), `-B` (only Black), `--` (neither: a dead position); `?` marks a
//! side the analysis could not decide. Then, for each side that can mate, one line
//! `white: e2e4 ...` / `black: ...` with a mating line in UCI.

use std::process::ExitCode;

use anyhow::Context;

use crate::rules::dead::{DeadPosition, Verdict};

/// Arguments of `arbiter unwinnable`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, as FEN (the castling, en-passant and move-number fields may be left out).
    #[arg(num_args = 1.., required = true)]
    pub fen: Vec<String>,
}

/// Runs the subcommand: prints the verdict code, then the mating lines.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // A FEN given unquoted arrives as several arguments: join them back.
    let fen = args.fen.join(" ");
    let position = DeadPosition::from_fen(&fen).with_context(|| format!("reading {fen:?}"))?;
    let verdicts = position.unwinnability();
    println!("{}", verdicts.code());
    for (name, verdict) in [("white", &verdicts.white), ("black", &verdicts.black)] {
        match verdict {
            Verdict::CanMate { line } if line.is_empty() => {
                println!("{name}: (already checkmate)")
            }
            Verdict::CanMate { line } => println!("{name}: {}", line.join(" ")),
            Verdict::Undecided => println!("{name}: undecided (the analysis gave up)"),
            Verdict::CannotMate => {}
        }
    }
    Ok(ExitCode::SUCCESS)
}
