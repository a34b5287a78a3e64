//! `arbiter pair`: pair the next round of a TRF tournament by the Dutch system (C.04.3), with
//! the command-line shape of bbpPairings so scripts and checkers work with both.
//!
//! - `arbiter pair --dutch IN.trf -p [OUT]`: first line the number of pairs, then `white black`
//!   per board, a pairing-allocated bye as `N 0`. Exit 0 paired, 1 no valid pairing, 3 invalid
//!   input (reason on stderr).
//! - `arbiter pair --dutch IN.trf -c`: re-pair every round of the file ([`dutch::check_rounds`])
//!   and print each round where the file's pairing differs from ours, with the boards only the
//!   file has and the boards only we make (exit 1 if any differ).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::formats::trf;
use crate::pairing::dutch::{self, PairingError};
use crate::tournament::Tournament;
use crate::tournament::board::Board;

/// Arguments of `arbiter pair`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Use the FIDE Dutch system (the only system offered).
    #[arg(long)]
    pub dutch: bool,
    /// The tournament (TRF16 or TRF-2026 with XXR/XXC extensions).
    pub input: PathBuf,
    /// Pair the next round; write to this file (stdout when absent).
    #[arg(short = 'p', num_args = 0..=1, value_name = "OUT")]
    pub pair: Option<Option<PathBuf>>,
    /// Check every round of the file against our pairing.
    #[arg(short = 'c', conflicts_with = "pair")]
    pub check: bool,
}

/// Exit code: no valid pairing exists.
const NO_PAIRING: u8 = 1;
/// Exit code: the input is invalid.
const INVALID_INPUT: u8 = 3;

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !args.dutch {
        eprintln!("error: choose the pairing system (--dutch)");
        return Ok(ExitCode::from(INVALID_INPUT));
    }
    let text = match super::read_text(&args.input) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::from(INVALID_INPUT));
        }
    };
    let tournament = match trf::parse(&text) {
        Ok(t) => t,
        Err(error) => {
            eprintln!("error: {}: {error}", args.input.display());
            return Ok(ExitCode::from(INVALID_INPUT));
        }
    };
    if args.check {
        return check(&tournament);
    }
    let pairing = match dutch::pair(&tournament) {
        Ok(p) => p,
        Err(PairingError::NoValidPairing) => {
            eprintln!("no valid pairing exists (C.04.3 C1-C4)");
            return Ok(ExitCode::from(NO_PAIRING));
        }
        Err(error) => {
            eprintln!("error: {error}");
            return Ok(ExitCode::from(INVALID_INPUT));
        }
    };
    let out = format_pairing(&pairing);
    match args.pair.flatten() {
        Some(path) => std::fs::write(&path, out)?,
        None => std::io::stdout().write_all(out.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// bbpPairings' output: the number of pairs, then `white black` lines, the bye as `N 0`.
pub fn format_pairing(boards: &[Board]) -> String {
    let mut out = format!("{}\n", boards.len());
    for board in boards {
        let black = board.black.map_or(0, |black| black.0);
        out.push_str(&format!("{} {}\n", board.white.0, black));
    }
    out
}

/// Prints each round of `tournament` whose pairing differs from the engine's, with the boards
/// only the file has and the boards only the engine makes; exit 1 when any round differs.
fn check(tournament: &Tournament) -> anyhow::Result<ExitCode> {
    let rounds = dutch::next_round(tournament) - 1;
    let differences = dutch::check_rounds(tournament);
    for difference in &differences {
        println!("{}", describe(difference));
    }
    if differences.is_empty() {
        println!("all {rounds} rounds agree");
        Ok(ExitCode::SUCCESS)
    } else {
        let numbers: Vec<u32> = differences.iter().map(|d| d.round).collect();
        println!(
            "{} of {rounds} rounds differ: {numbers:?}",
            differences.len()
        );
        Ok(ExitCode::from(NO_PAIRING))
    }
}

/// One line per differing round: `round 7: file has 3-12 5-9, we pair 3-9 5-12` (a bye as
/// `12-bye`), or the reason the engine made no pairing.
pub fn describe(difference: &dutch::RoundDifference) -> String {
    let boards = |list: &[(u32, u32)]| {
        list.iter()
            .map(|&(white, black)| match black {
                0 => format!("{white}-bye"),
                black => format!("{white}-{black}"),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let file = boards(&difference.file_only);
    match &difference.engine_only {
        Ok(ours) => format!(
            "round {}: file has {file}, we pair {}",
            difference.round,
            boards(ours)
        ),
        Err(error) => format!(
            "round {}: file has {file}, we pair nothing: {error}",
            difference.round
        ),
    }
}
