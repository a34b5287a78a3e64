//! `arbiter pair`: pair the next round of a TRF tournament by the Dutch system (C.04.3), with
//! the command-line shape of bbpPairings so scripts and checkers work with both.
//!
//! - `arbiter pair --dutch IN.trf -p [OUT]`: first line the number of pairs, then `white black`
//!   per board, a pairing-allocated bye as `N 0`. Exit 0 paired, 1 no valid pairing, 3 invalid
//!   input (reason on stderr).
//! - `arbiter pair --dutch IN.trf -c`: re-pair every round of the file ([`dutch::check_rounds`])
//!   and print each round where the file's pairing differs from ours, with the boards only the
//!   file has and the boards only we make (exit 1 if any differ).
//! - `arbiter pair --team IN.trf [-p OUT | -c] [--primary game|match] [--type-b]`: the same for
//!   a team Swiss by C.04.6 ([`team_swiss`]); teams by their numbers (record 310), the bye as
//!   `N 0`. The primary score and the colour preferences come from the options, else from the
//!   file's record 192 (`FIDE_TEAM_TYPEB_GP_MP`, ...), else match points and type A.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::day::engines;
use crate::formats::trf;
use crate::pairing::dutch::{self, PairingError};
use crate::pairing::team_swiss::{self, ColourPreferences, PrimaryScore};
use crate::tournament::Tournament;
use crate::tournament::board::Board;

/// Arguments of `arbiter pair`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Use the FIDE Dutch system (C.04.3).
    #[arg(long, conflicts_with = "team")]
    pub dutch: bool,
    /// Use the FIDE Swiss Team Pairing System (C.04.6) on a team file.
    #[arg(long)]
    pub team: bool,
    /// Team Swiss: the primary score, `match` or `game` points (C.04.6 Art. 1.2).
    #[arg(long, value_name = "match|game", requires = "team")]
    pub primary: Option<Primary>,
    /// Team Swiss: type B colour preferences (C.04.6 Art. 1.7.2).
    #[arg(long = "type-b", requires = "team")]
    pub type_b: bool,
    /// The tournament (TRF16 or TRF-2026 with XXR/XXC extensions).
    pub input: PathBuf,
    /// Pair the next round; write to this file (stdout when absent).
    #[arg(short = 'p', num_args = 0..=1, value_name = "OUT")]
    pub pair: Option<Option<PathBuf>>,
    /// Check every round of the file against our pairing.
    #[arg(short = 'c', conflicts_with = "pair")]
    pub check: bool,
}

/// The primary score of a team Swiss, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Primary {
    /// Match points.
    Match,
    /// Game points.
    Game,
}

/// Exit code: no valid pairing exists.
const NO_PAIRING: u8 = 1;
/// Exit code: the input is invalid.
const INVALID_INPUT: u8 = 3;

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !args.dutch && !args.team {
        eprintln!("error: choose the pairing system (--dutch or --team)");
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
    if args.team {
        return run_team(&args, &tournament);
    }
    if args.check {
        return check(&tournament);
    }
    let pairing = match engines::pair_swiss(&tournament) {
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

/// The team Swiss options of the command line, else of the file's record 192.
pub fn team_options(
    tournament: &Tournament,
    primary: Option<Primary>,
    type_b: bool,
) -> team_swiss::Options {
    let from_file = tournament
        .other_records
        .iter()
        .filter_map(|r| r.strip_prefix("192"))
        .find_map(team_swiss::generator::options_of_code)
        .unwrap_or_default();
    team_swiss::Options {
        primary: match primary {
            Some(Primary::Match) => PrimaryScore::MatchPoints,
            Some(Primary::Game) => PrimaryScore::GamePoints,
            None => from_file.primary,
        },
        colours: if type_b {
            ColourPreferences::TypeB
        } else {
            from_file.colours
        },
    }
}

/// `pair --team`: the next round of a team Swiss, or (`-c`) the check of every round.
fn run_team(args: &Args, tournament: &Tournament) -> anyhow::Result<ExitCode> {
    let swiss = match team_swiss::team_event_of(tournament) {
        Ok(swiss) => swiss,
        Err(error) => {
            eprintln!("error: {}: {error}", args.input.display());
            return Ok(ExitCode::from(INVALID_INPUT));
        }
    };
    let options = team_options(tournament, args.primary, args.type_b);
    if args.check {
        let rounds = swiss.rounds_paired();
        let differences = team_swiss::checker::check_rounds(&swiss, options);
        for difference in &differences {
            println!("{}", describe_team(difference));
        }
        if differences.is_empty() {
            println!("all {rounds} rounds agree");
            return Ok(ExitCode::SUCCESS);
        }
        let numbers: Vec<u32> = differences.iter().map(|d| d.round).collect();
        println!(
            "{} of {rounds} rounds differ: {numbers:?}",
            differences.len()
        );
        return Ok(ExitCode::from(NO_PAIRING));
    }
    let round = swiss.rounds_paired() + 1;
    // A team with a zero-point bye in the round (record 240) is not paired.
    let present: Vec<_> = swiss
        .event
        .teams
        .iter()
        .map(|t| t.id)
        .filter(|&team| {
            !tournament
                .teams
                .byes
                .iter()
                .any(|bye| bye.round == round && bye.team == team)
        })
        .collect();
    let input = team_swiss::round_input(&swiss, round, &present, options);
    let boards = match engines::pair_team_swiss(&input) {
        Ok(boards) => boards,
        Err(error) => {
            eprintln!("round {round}: {error}");
            return Ok(ExitCode::from(NO_PAIRING));
        }
    };
    let mut out = format!("{}\n", boards.len());
    for board in &boards {
        out.push_str(&format!(
            "{} {}\n",
            board.white.0,
            board.black.map_or(0, |b| b.0)
        ));
    }
    match args.pair.clone().flatten() {
        Some(path) => std::fs::write(&path, out)?,
        None => std::io::stdout().write_all(out.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// One line per differing round of a team Swiss: `round 4: file has 3-12 5-bye, we pair 3-5
/// 12-bye`, or why the engine made no pairing.
pub fn describe_team(difference: &team_swiss::checker::RoundDifference) -> String {
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
