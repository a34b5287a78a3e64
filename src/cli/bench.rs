//! `arbiter bench dutch`: time and peak memory of the Dutch engine (C.04.3), round by round.
//!
//! - `arbiter bench dutch DIR --rounds 2,6,11`: pairs `DIR/rNN.trf` for each round and compares
//!   the pairing with `DIR/rNN.out` or `DIR/rNN.pairs` (bbpPairings' answer) when present.
//! - `arbiter bench dutch --synthetic N [--seed S]`: pairs round 2 of a made-up N-player event
//!   (round 1 paired top half against bottom half, C.04.3 Art. 3 for one score group, random
//!   results). `--pairs FILE` writes its pairing there, as bbpPairings writes one (a count,
//!   then `white black` per board, `N 0` for the bye), so that two builds can be compared.
//!
//! One line per round on stdout: players, seconds, same as the reference, peak resident memory
//! of that round (VmHWM, reset before each round through `/proc/self/clear_refs`). Progress goes
//! to stderr.
//!
//! `arbiter bench c02 --count N --oracle PATH [--seed S] [--first I] [--players A..B] [--out DIR]
//! [--jobs J]`: FIDE's endorsement run for pairing programs (C.02). Tournaments `I..I+N` of run
//! `S` are made by our generator ([`sample_profile`], [`generate`]: every
//! round paired by our Dutch engine) and each is checked by the oracle, an independent Dutch
//! checker called as bbpPairings is (`PATH --dutch FILE -c`: it prints `NAME: Round #k` per round
//! and, under a round it pairs otherwise, a table of the pairs that differ; it exits 0 either
//! way, so the output is read). A tournament that stopped because our engine found no pairing
//! for round `k` is checked up to `k − 1`, and the oracle is asked to pair round `k` (`-p`): it
//! must find none either. Every tournament with a difference is kept in `--out` with the
//! oracle's answer. A line of progress goes to stderr every few seconds; the last line on
//! stdout is `N tournaments, M rounds, K discrepancies`. Without `--oracle`, our own checker
//! ([`dutch::check_rounds`]) re-reads every file: a short run that needs no outside program.
//!
//! `arbiter bench c046 --count N --oracle PYTHON [--seed S] [--first I] [--teams A..B]`: the
//! same run for the team Swiss (C.04.6), checked by gacrux (see `bench/c046.rs`).
//! `arbiter bench team-swiss [--teams 62 --boards 6 --rounds 11]`: seconds to pair each round
//! of a generated team event.
//!
//! `arbiter bench rating-list [--players 1930000] [--database-url URL]`: the import of FIDE's
//! rating list at full size (see `bench/rating_list.rs`).
//!
//! `arbiter bench home [--events 100,10000,100000] [--database-url URL]`: the public server's
//! home page and event list at federation scale (see `bench/home.rs`).
//!
//! `arbiter bench live [--boards 200] [--seconds 20]`: the arbiter's console under a round fed
//! live from electronic boards (see `bench/live.rs`).
//!
//! [`sample_profile`]: crate::pairing::generator::sample_profile
//! [`generate`]: crate::pairing::generator::generate

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use rand::{Rng, SeedableRng};

use crate::day::engines;
use crate::formats::trf;
use crate::pairing::dutch::pairing_set;
use crate::tournament::board::Board;
use crate::tournament::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};

mod c02;
mod c046;
mod home;
mod live;
mod rating_list;
pub use c02::C02Args;
pub use c046::C046Args;
pub use home::{HomeArgs, seed_events};
pub use live::LiveArgs;
pub use rating_list::RatingListArgs;

/// Arguments of `arbiter bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to measure.
    #[command(subcommand)]
    pub target: Target,
}

/// The engines that can be measured.
#[derive(Debug, clap::Subcommand)]
pub enum Target {
    /// The Dutch engine on fixture rounds or on a synthetic event.
    Dutch(DutchArgs),
    /// FIDE's endorsement run (C.02): generated tournaments, every round checked by an oracle.
    C02(C02Args),
    /// The endorsement run of the team Swiss (C.04.6): generated team events, every round
    /// checked by an oracle (gacrux).
    C046(C046Args),
    /// The team Swiss engine (C.04.6): seconds to pair each round of a generated event.
    TeamSwiss(TeamSwissArgs),
    /// The import of FIDE's rating list at full size (a generated list in FIDE's layout):
    /// seconds and peak memory.
    RatingList(RatingListArgs),
    /// The public server's home page and event list at 100, 10,000 and 100,000 events
    /// (bytes and milliseconds per page, SQLite or PostgreSQL).
    Home(HomeArgs),
    /// The arbiter's console under a round fed live: 200 boards, a position change a second
    /// each, the lag from a board's post to its console event.
    Live(LiveArgs),
}

/// Arguments of `arbiter bench team-swiss`.
#[derive(Debug, clap::Args)]
pub struct TeamSwissArgs {
    /// Teams.
    #[arg(long, default_value_t = 62)]
    pub teams: u32,
    /// Boards per match.
    #[arg(long, default_value_t = 6)]
    pub boards: u32,
    /// Rounds.
    #[arg(long, default_value_t = 11)]
    pub rounds: u32,
    /// Seed of the event.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `bench team-swiss`: makes the event, then pairs each of its rounds again from the rounds
/// before and prints the seconds of each, and the slowest.
fn team_swiss_bench(args: &TeamSwissArgs) -> anyhow::Result<ExitCode> {
    use crate::pairing::team_swiss::{self, generator};
    let profile = generator::Profile {
        teams: args.teams,
        boards: args.boards,
        rounds: args.rounds,
        ..generator::Profile::default()
    };
    eprintln!(
        "generating {} teams, {} boards, {} rounds (seed {})",
        args.teams, args.boards, args.rounds, args.seed
    );
    let tournament = generator::generate(&profile, args.seed)?;
    let swiss = team_swiss::team_event_of(&tournament)?;
    let mut slowest = 0.0f64;
    let mut all_same = true;
    for round in 1..=swiss.rounds_paired() {
        let present = swiss.participants(round);
        let input = team_swiss::round_input(&swiss, round, &present, profile.options);
        let start = Instant::now();
        let boards = engines::pair_team_swiss(&input);
        let seconds = start.elapsed().as_secs_f64();
        slowest = slowest.max(seconds);
        let same = boards.as_ref().is_ok_and(|b| {
            team_swiss::checker::pairing_set(b)
                == team_swiss::checker::pairing_set(&swiss.recorded_pairing(round))
        });
        all_same &= same;
        println!(
            "round {round:>2}: {} teams, {seconds:.4} s, same as generated: {same}",
            present.len()
        );
    }
    println!(
        "{} teams, {} boards: slowest round {slowest:.4} s",
        args.teams, args.boards
    );
    Ok(if all_same {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Arguments of `arbiter bench dutch`.
#[derive(Debug, clap::Args)]
pub struct DutchArgs {
    /// A folder with `rNN.trf` inputs (and `rNN.out` / `rNN.pairs` expected pairings).
    #[arg(required_unless_present = "synthetic")]
    pub folder: Option<PathBuf>,
    /// The rounds to pair, e.g. `2,6,11` (default: every `rNN.trf` in the folder).
    #[arg(long, value_delimiter = ',')]
    pub rounds: Vec<u32>,
    /// Pair round 2 of a synthetic event with this many players instead.
    #[arg(long, conflicts_with = "folder")]
    pub synthetic: Option<u32>,
    /// Seed of the synthetic event's results.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the synthetic round's pairing to this file (bbpPairings' pairs format).
    #[arg(long, requires = "synthetic")]
    pub pairs: Option<PathBuf>,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let args = match args.target {
        Target::Dutch(args) => args,
        Target::C02(args) => return c02::run(&args),
        Target::C046(args) => return c046::run(&args),
        Target::TeamSwiss(args) => return team_swiss_bench(&args),
        Target::RatingList(args) => return rating_list::run(&args),
        Target::Home(args) => return home::run(&args),
        Target::Live(args) => return live::run(&args),
    };
    if let Some(players) = args.synthetic {
        anyhow::ensure!(players >= 2, "at least two players are needed");
        eprintln!("building a synthetic event of {players} players");
        let tournament = synthetic(players, args.seed);
        let result = measure(&format!("synthetic n{players} round 2"), &tournament, None);
        if let Some(path) = &args.pairs {
            let pairs = pairing_set(&result.boards?);
            let mut text = format!("{}\n", pairs.len());
            for (white, black) in pairs {
                text.push_str(&format!("{white} {black}\n"));
            }
            std::fs::write(path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(folder) = args.folder else {
        anyhow::bail!("give a folder or --synthetic N");
    };
    let rounds = if args.rounds.is_empty() {
        rounds_in(&folder)?
    } else {
        args.rounds
    };
    anyhow::ensure!(!rounds.is_empty(), "{}: no rNN.trf files", folder.display());
    let mut all_same = true;
    for round in rounds {
        let input = folder.join(format!("r{round:02}.trf"));
        let text = super::read_text(&input)?;
        let tournament =
            trf::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
        let expected = ["out", "pairs"]
            .iter()
            .map(|ext| input.with_extension(ext))
            .find(|p| p.is_file())
            .map(|p| read_reference(&p))
            .transpose()?;
        eprintln!("pairing {} ...", input.display());
        let same = measure(&format!("round {round}"), &tournament, expected.as_ref()).same;
        all_same &= same != Some(false);
    }
    Ok(if all_same {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What [`measure`] found: the pairing, and whether it equals the reference when one was given.
struct Measured {
    boards: anyhow::Result<Vec<Board>>,
    same: Option<bool>,
}

/// Pairs once and prints the figures.
fn measure(
    label: &str,
    tournament: &Tournament,
    expected: Option<&BTreeSet<(u32, u32)>>,
) -> Measured {
    reset_peak();
    let start = Instant::now();
    let result = engines::pair_swiss(tournament);
    let seconds = start.elapsed().as_secs_f64();
    let peak = peak_mb().map_or_else(|| "?".to_owned(), |mb| format!("{mb:.0}"));
    let (outcome, same) = match (&result, expected) {
        (Err(e), _) => (format!("no pairing: {e}"), Some(false)),
        (Ok(p), Some(reference)) => {
            let same = pairing_set(p) == *reference;
            (format!("same as reference: {}", yes_no(same)), Some(same))
        }
        (Ok(p), None) => (
            format!(
                "{} games, no reference",
                p.iter().filter(|board| !board.is_bye()).count()
            ),
            None,
        ),
    };
    println!(
        "{label}: {} players, {seconds:.3} s, {outcome}, peak {peak} MB",
        tournament.players.len()
    );
    Measured {
        boards: result.map_err(|e| anyhow::anyhow!("no pairing: {e}")),
        same,
    }
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

/// The rounds of the `rNN.trf` files in `folder`, in order.
fn rounds_in(folder: &Path) -> anyhow::Result<Vec<u32>> {
    let mut rounds: Vec<u32> = std::fs::read_dir(folder)
        .map_err(|e| anyhow::anyhow!("{}: {e}", folder.display()))?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            name.strip_prefix('r')?.strip_suffix(".trf")?.parse().ok()
        })
        .collect();
    rounds.sort_unstable();
    Ok(rounds)
}

/// A bbpPairings pairs file: first line the count, then `white black` (`N 0` for the bye).
fn read_reference(path: &Path) -> anyhow::Result<BTreeSet<(u32, u32)>> {
    let text =
        std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let mut pairs = BTreeSet::new();
    for (number, line) in text.lines().enumerate().skip(1) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [white, black] => white.parse().ok().zip(black.parse().ok()),
            [] => continue,
            _ => None,
        };
        let pair = parsed.ok_or_else(|| {
            anyhow::anyhow!(
                "{} line {}: expected `white black`",
                path.display(),
                number + 1
            )
        })?;
        pairs.insert(pair);
    }
    Ok(pairs)
}

/// Forgets the peak resident size so far (Linux: writing 5 to `/proc/self/clear_refs`).
pub(crate) fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Peak resident memory (VmHWM) in MB, from `/proc/self/status`.
pub(crate) fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// An event of `players` players after round 1: top half against bottom half with alternating
/// colours (one score group, no transpositions needed), random results, 30 % draws.
fn synthetic(players: u32, seed: u64) -> Tournament {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut tournament = Tournament {
        name: format!("Synthetic {players}"),
        total_rounds: 9,
        players: (1..=players)
            .map(|id| Player {
                id: PlayerId(id),
                name: format!("Player {id:05}"),
                rating: 2800u16.saturating_sub((id / 4).min(1800) as u16),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    tournament.setup.initial_color = Some(Color::White);
    let half = players / 2;
    for board in 0..half {
        let (high, low) = (board, board + half);
        let (white, black) = if board % 2 == 0 {
            (high, low)
        } else {
            (low, high)
        };
        let roll: f64 = rng.random();
        let (rw, rb) = if roll < 0.3 {
            (GameResult::Draw, GameResult::Draw)
        } else if roll < 0.3 + 0.7 * 0.6 {
            // The higher-rated player wins more often.
            if white == high {
                (GameResult::Win, GameResult::Loss)
            } else {
                (GameResult::Loss, GameResult::Win)
            }
        } else if white == high {
            (GameResult::Loss, GameResult::Win)
        } else {
            (GameResult::Win, GameResult::Loss)
        };
        for (me, opponent, colour, result) in [
            (white, black, Color::White, rw),
            (black, white, Color::Black, rb),
        ] {
            tournament.players[me as usize].rounds.push(RoundEntry {
                opponent: Some(PlayerId(opponent + 1)),
                color: Some(colour),
                result,
            });
        }
    }
    if players % 2 == 1 {
        tournament.players[players as usize - 1]
            .rounds
            .push(RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::PairingAllocatedBye,
            });
    }
    tournament
}
