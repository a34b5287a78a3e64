//! `arbiter generate --dutch -o OUT.trf -s SEED [--players N --rounds R ...]`: a random
//! tournament, every round paired by our own Dutch engine (C.04.3), written as TRF. FIDE's
//! endorsement procedure for pairing programs (C.02) asks for such a generator; the work is
//! [`crate::pairing::generator`], which refuses up front a field that cannot play the rounds
//! without a rematch.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::formats::trf;
use crate::pairing::generator::{self, Profile};

/// Arguments of `arbiter generate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Pair with the FIDE Dutch system (the only system offered).
    #[arg(long)]
    pub dutch: bool,
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
    anyhow::ensure!(args.dutch, "choose the pairing system (--dutch)");
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
