//! `arbiter pair`: pair the next round of a TRF tournament by the Dutch system (C.04.3), with
//! the command-line shape of bbpPairings so scripts and checkers work with both.
//!
//! - `arbiter pair --dutch IN.trf -p [OUT]`: first line the number of pairs, then `white black`
//!   per board, a pairing-allocated bye as `N 0`. Exit 0 paired, 1 no valid pairing, 3 invalid
//!   input (reason on stderr).
//! - `arbiter pair --dutch IN.trf -c`: re-pair every round of the file and list the rounds
//!   where the file's pairing differs from ours (exit 1 if any differ).

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::formats::trf;
use crate::pairing::dutch::{self, PairingError};
use crate::tournament::board::Board;
use crate::tournament::{Color, Tournament};

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
    let text = match std::fs::read_to_string(&args.input) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: {}: {error}", args.input.display());
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

/// The pairing the file records for `round` (1-based): coloured pairs and the PAB.
pub fn recorded_pairing(tournament: &Tournament, round: u32) -> BTreeSet<(u32, u32)> {
    let index = round as usize - 1;
    let mut set = BTreeSet::new();
    for player in &tournament.players {
        let Some(entry) = player.rounds.get(index) else {
            continue;
        };
        match (entry.opponent, entry.color) {
            (Some(opponent), Some(Color::White)) => {
                set.insert((player.id.0, opponent.0));
            }
            (Some(opponent), None) if player.id < opponent => {
                set.insert((player.id.0, opponent.0));
            }
            (None, _) if entry.result == crate::tournament::GameResult::PairingAllocatedBye => {
                set.insert((player.id.0, 0));
            }
            _ => {}
        }
    }
    set
}

/// Our pairing as a set of `(white, black)`, the bye as `(N, 0)`.
pub fn pairing_set(boards: &[Board]) -> BTreeSet<(u32, u32)> {
    boards
        .iter()
        .map(|board| (board.white.0, board.black.map_or(0, |black| black.0)))
        .collect()
}

fn check(tournament: &Tournament) -> anyhow::Result<ExitCode> {
    let rounds = dutch::next_round(tournament) - 1;
    let mut differing = Vec::new();
    let progress = indicatif::ProgressBar::new(u64::from(rounds));
    for round in 1..=rounds {
        progress.inc(1);
        let before = dutch::state_before_round(tournament, round);
        let expected = recorded_pairing(tournament, round);
        match dutch::pair(&before) {
            Ok(ours) => {
                let ours = pairing_set(&ours);
                if ours != expected {
                    let only_file: Vec<_> = expected.difference(&ours).collect();
                    let only_ours: Vec<_> = ours.difference(&expected).collect();
                    println!("round {round}: file has {only_file:?}, we pair {only_ours:?}");
                    differing.push(round);
                }
            }
            Err(error) => {
                println!("round {round}: {error}");
                differing.push(round);
            }
        }
    }
    progress.finish_and_clear();
    if differing.is_empty() {
        println!("all {rounds} rounds agree");
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "{} of {rounds} rounds differ: {differing:?}",
            differing.len()
        );
        Ok(ExitCode::from(NO_PAIRING))
    }
}
