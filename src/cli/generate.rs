//! `arbiter generate --dutch -o OUT.trf -s SEED [--players N --rounds R ...]`: a random
//! tournament, every round paired by our own Dutch engine (C.04.3), written as TRF. FIDE's
//! endorsement procedure for pairing programs (C.02) asks for such a generator; the work is
//! [`crate::pairing::generator`], which refuses up front a field that cannot play the rounds
//! without a rematch.
//!
//! `arbiter generate --teams N --boards B --rounds R -s SEED -o OUT.trf [--draw-rate P
//! --forfeit-rate P --absence-rate P --primary game|match --type-b]`: a team Swiss paired by our
//! C.04.6 engine, written as TRF-2026 ([`crate::pairing::team_swiss::generator`]).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::formats::trf;
use crate::pairing::generator::{self, Profile};
use crate::pairing::team_swiss;

/// Arguments of `arbiter generate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Pair with the FIDE Dutch system (C.04.3).
    #[arg(long, conflicts_with = "teams")]
    pub dutch: bool,
    /// A team Swiss (C.04.6) of this many teams.
    #[arg(long)]
    pub teams: Option<u32>,
    /// Team Swiss: boards per match.
    #[arg(long, default_value_t = 4)]
    pub boards: u32,
    /// Team Swiss: share of teams absent from a round.
    #[arg(long, default_value_t = 0.0)]
    pub absence_rate: f64,
    /// Team Swiss: the primary score (C.04.6 Art. 1.2).
    #[arg(long, value_name = "match|game")]
    pub primary: Option<super::pair::Primary>,
    /// Team Swiss: type B colour preferences (C.04.6 Art. 1.7.2).
    #[arg(long = "type-b")]
    pub type_b: bool,
    /// Where to write the TRF file.
    #[arg(short = 'o', value_name = "OUT.trf")]
    pub output: PathBuf,
    /// Random seed (the same seed gives the same tournament).
    #[arg(short = 's', long = "seed", default_value_t = 1)]
    pub seed: u64,
    /// Number of players.
    #[arg(long, default_value_t = 30)]
    pub players: u32,
    /// Number of rounds.
    #[arg(long, default_value_t = 7)]
    pub rounds: u32,
    /// Rating of player 1.
    #[arg(long, default_value_t = 2700)]
    pub top_rating: u16,
    /// Each next player is rated lower by a random 0 up to this (the rating spread).
    #[arg(long, default_value_t = 30)]
    pub rating_step: u16,
    /// Share of played games drawn.
    #[arg(long, default_value_t = 0.3)]
    pub draw_rate: f64,
    /// Share of players who ask for a half-point bye in a round.
    #[arg(long, default_value_t = 0.01)]
    pub bye_rate: f64,
    /// Share of players who ask for a zero-point bye in a round.
    #[arg(long, default_value_t = 0.0)]
    pub zero_bye_rate: f64,
    /// Share of games lost by forfeit.
    #[arg(long, default_value_t = 0.01)]
    pub forfeit_rate: f64,
    /// Share of players who withdraw after a random round.
    #[arg(long, default_value_t = 0.0)]
    pub withdrawal_rate: f64,
    /// Share of players who join late (round 2 up to 4).
    #[arg(long, default_value_t = 0.0)]
    pub late_entry_rate: f64,
    /// Baku acceleration (C.04.7).
    #[arg(long)]
    pub baku: bool,
}

impl Args {
    /// The generator's profile for these arguments.
    pub fn profile(&self) -> Profile {
        Profile {
            players: self.players,
            rounds: self.rounds,
            top_rating: self.top_rating,
            rating_step: self.rating_step,
            draw_rate: self.draw_rate,
            forfeit_rate: self.forfeit_rate,
            half_point_bye_rate: self.bye_rate,
            zero_point_bye_rate: self.zero_bye_rate,
            withdrawal_rate: self.withdrawal_rate,
            late_entry_rate: self.late_entry_rate,
            baku: self.baku,
        }
    }
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(teams) = args.teams {
        return run_team(&args, teams);
    }
    anyhow::ensure!(
        args.dutch,
        "choose the pairing system (--dutch, or --teams N for a team Swiss)"
    );
    let profile = args.profile();
    generator::check_feasible(&profile)?;
    let certain = generator::certain_rounds(profile.players);
    if profile.rounds > certain {
        eprintln!(
            "note: {} players are certain to pair only {certain} rounds without a rematch; a \
             later round may find no pairing",
            profile.players
        );
    }
    let tournament = generator::generate(&profile, args.seed)?;
    std::fs::write(&args.output, trf::write(&tournament))?;
    Ok(ExitCode::SUCCESS)
}

/// `generate --teams N`: a team Swiss by C.04.6.
fn run_team(args: &Args, teams: u32) -> anyhow::Result<ExitCode> {
    let options = team_swiss::Options {
        primary: match args.primary {
            Some(super::pair::Primary::Game) => team_swiss::PrimaryScore::GamePoints,
            _ => team_swiss::PrimaryScore::MatchPoints,
        },
        colours: if args.type_b {
            team_swiss::ColourPreferences::TypeB
        } else {
            team_swiss::ColourPreferences::TypeA
        },
    };
    let profile = team_swiss::generator::Profile {
        teams,
        boards: args.boards,
        rounds: args.rounds,
        top_rating: args.top_rating,
        rating_step: args.rating_step,
        draw_rate: args.draw_rate,
        forfeit_rate: args.forfeit_rate,
        absence_rate: args.absence_rate,
        options,
        ..team_swiss::generator::Profile::default()
    };
    team_swiss::generator::check_feasible(&profile)?;
    let tournament = team_swiss::generator::generate(&profile, args.seed)?;
    std::fs::write(&args.output, trf::write(&tournament))?;
    Ok(ExitCode::SUCCESS)
}
