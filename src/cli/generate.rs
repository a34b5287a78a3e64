//! `arbiter generate --dutch -o OUT.trf -s SEED [--players N --rounds R --draw-rate P]`: a random
//! tournament, every round paired by our own Dutch engine (C.04.3), written as TRF. FIDE's
//! endorsement procedure for pairing programs asks for such a generator.

use std::path::PathBuf;
use std::process::ExitCode;

use rand::{Rng, SeedableRng};

use crate::formats::trf;
use crate::pairing::dutch;
use crate::tournament::board::{Board, pairing_allocated_bye};
use crate::tournament::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};

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
    /// Share of played games drawn.
    #[arg(long, default_value_t = 0.3)]
    pub draw_rate: f64,
    /// Share of players who ask for a half-point bye in a round.
    #[arg(long, default_value_t = 0.01)]
    pub bye_rate: f64,
    /// Share of games lost by forfeit.
    #[arg(long, default_value_t = 0.01)]
    pub forfeit_rate: f64,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.dutch, "choose the pairing system (--dutch)");
    anyhow::ensure!(args.players >= 2, "at least two players are needed");
    let tournament = generate(&args)?;
    std::fs::write(&args.output, trf::write(&tournament))?;
    Ok(ExitCode::SUCCESS)
}

/// Builds the random tournament.
pub fn generate(args: &Args) -> anyhow::Result<Tournament> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
    let mut rating = 2700u16;
    let players = (1..=args.players)
        .map(|id| {
            let player = Player {
                id: PlayerId(id),
                name: format!("Player {id:04}"),
                rating,
                ..Player::default()
            };
            rating = rating.saturating_sub(rng.random_range(0..30)).max(1000);
            player
        })
        .collect();
    let mut tournament = Tournament {
        name: format!("Random tournament {}", args.seed),
        total_rounds: args.rounds,
        players,
        ..Tournament::default()
    };
    tournament.setup.initial_color = Some(if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    });
    let progress = indicatif::ProgressBar::new(u64::from(args.rounds));
    for round in 1..=args.rounds {
        progress.inc(1);
        let index = round as usize - 1;
        for player in &mut tournament.players {
            if rng.random_bool(args.bye_rate.clamp(0.0, 1.0)) {
                player.rounds.push(RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::HalfPointBye,
                });
            }
        }
        let pairing =
            dutch::pair(&tournament).map_err(|e| anyhow::anyhow!("round {round}: {e}"))?;
        for (white, black) in pairing.iter().filter_map(Board::players) {
            let (rw, rb) = (
                f64::from(tournament.players[white.0 as usize - 1].rating),
                f64::from(tournament.players[black.0 as usize - 1].rating),
            );
            let expected = 1.0 / (1.0 + 10f64.powf((rb - rw) / 400.0));
            let (result_white, result_black) = if rng.random_bool(args.forfeit_rate.clamp(0.0, 1.0))
            {
                if rng.random_bool(0.5) {
                    (GameResult::ForfeitWin, GameResult::ForfeitLoss)
                } else {
                    (GameResult::ForfeitLoss, GameResult::ForfeitWin)
                }
            } else if rng.random_bool(args.draw_rate.clamp(0.0, 1.0)) {
                (GameResult::Draw, GameResult::Draw)
            } else if rng.random_bool(expected.clamp(0.0, 1.0)) {
                (GameResult::Win, GameResult::Loss)
            } else {
                (GameResult::Loss, GameResult::Win)
            };
            for (id, opponent, colour, result) in [
                (white, black, Color::White, result_white),
                (black, white, Color::Black, result_black),
            ] {
                tournament.players[id.0 as usize - 1]
                    .rounds
                    .push(RoundEntry {
                        opponent: Some(opponent),
                        color: Some(colour),
                        result,
                    });
            }
        }
        if let Some(bye) = pairing_allocated_bye(&pairing) {
            tournament.players[bye.0 as usize - 1]
                .rounds
                .push(RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::PairingAllocatedBye,
                });
        }
        for player in &mut tournament.players {
            while player.rounds.len() <= index {
                player.rounds.push(RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::ZeroPointBye,
                });
            }
        }
    }
    progress.finish_and_clear();
    let points = tournament.points;
    for player in &mut tournament.players {
        player.declared_points = Some(player.rounds.iter().map(|e| points.score(e.result)).sum());
    }
    Ok(tournament)
}
