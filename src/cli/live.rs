//! `arbiter live replay FEED [--json]`: replays a recorded electronic-board feed (JSON lines,
//! [`crate::formats::live_feed`]) through the live engine ([`crate::rules::live`]) and prints,
//! board by board, the game's legal moves, the Laws' alerts and the proposed result — so that
//! feeds recorded at a real event become tests.
//!
//! `--json` prints `{"boards": [{"serialnr", "moves", "alerts": [{"ply", "article", "kind"}],
//! "result"}]}`: `moves` in SAN with English letters (an illegal move and whatever followed it
//! until the position was reinstated are not among them but in its alert), `article` as
//! `7.5.1` (`null` for the board's result signal), `result` as `1-0`, `0-1`, `1/2-1/2` or
//! `null`; the clock's alerts are `flag_fall` (6.9), `time_control_reached` (6.3.1) and
//! `last_five_minutes` (8.4). `claims` are the arbiter's claim hints (`{"ply", "article"`
//! 9.2 or 9.3, `"kind"` threefold or fifty, `"written_move"`, `"plies"}`). The boards in the
//! order the feed first names them.
//!
//! The games are followed under the settings given (the defaults: standard play, 40 moves to
//! the first time control, 30 seconds' increment, supervised): `--category rapid|blitz` cites
//! Appendix A.5.2 for an illegal move, `--moves-to-control 0` has no move count,
//! `--increment` decides Art. 8.4, `--unsupervised` lets an answered illegal move in rapid
//! and blitz stand (A.4, A.5.2).
//!
//! `arbiter live relay` follows a source of moves during the round — a folder of PGN files
//! (or one file) that grows, or LiveChess Cloud's files — and posts each game that changed to
//! the server's feed API (see [`relay`]).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;

use crate::formats::live_feed::{self, BoardEvent};
use crate::rules::clock::Category;
use crate::rules::live::{LiveGame, LiveSettings};

pub mod relay;

/// Arguments of `arbiter live`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `arbiter live` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Replay a recorded board feed and print each board's moves, alerts and result.
    Replay {
        /// The feed: JSON lines of LiveChess board events.
        feed: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// The time-control category (Appendix A.1, B.1).
        #[arg(long, value_enum, default_value = "standard")]
        category: CategoryArg,
        /// Moves to the first time control (Art. 6.3.1); 0 for none.
        #[arg(long, default_value_t = 40)]
        moves_to_control: u32,
        /// The increment per move, in seconds (Art. 6.3.2, 8.4).
        #[arg(long, default_value_t = 30)]
        increment: u32,
        /// The games are not adequately supervised (Appendix A.4).
        #[arg(long)]
        unsupervised: bool,
    },
    /// Follow a source of moves (PGN files, LiveChess Cloud) and post its games to a server.
    Relay(relay::RelayArgs),
}

/// The categories of `--category`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CategoryArg {
    /// Standard play.
    Standard,
    /// Rapid (Appendix A).
    Rapid,
    /// Blitz (Appendix B).
    Blitz,
}

impl CategoryArg {
    /// The category of the Laws.
    pub fn category(self) -> Category {
        match self {
            CategoryArg::Standard => Category::Standard,
            CategoryArg::Rapid => Category::Rapid,
            CategoryArg::Blitz => Category::Blitz,
        }
    }
}

/// Runs `arbiter live`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.action {
        Action::Relay(args) => relay::run(args),
        Action::Replay {
            feed,
            json,
            category,
            moves_to_control,
            increment,
            unsupervised,
        } => {
            let settings = LiveSettings {
                category: category.category(),
                moves_to_control: (moves_to_control > 0).then_some(moves_to_control),
                increment,
                supervised: !unsupervised,
            };
            let text = std::fs::read_to_string(&feed)
                .with_context(|| format!("reading {}", feed.display()))?;
            let events = live_feed::read(&text).with_context(|| feed.display().to_string())?;
            let boards = replay_with(&events, settings);
            if json {
                println!("{}", to_json(&boards));
            } else {
                for (serialnr, game) in &boards {
                    println!("board {serialnr}: {}", game.moves().join(" "));
                    for alert in game.alerts() {
                        println!(
                            "  ply {}: {} ({})",
                            alert.ply,
                            alert.kind.name(),
                            alert
                                .article
                                .map_or("result signal".to_owned(), |a| { format!("Art. {a}") })
                        );
                    }
                    println!(
                        "  result: {}",
                        game.result().map_or("none yet", |r| r.as_pgn())
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Each board's game after the feed, in the order the feed first names the boards, under the
/// default settings.
pub fn replay(events: &[BoardEvent]) -> Vec<(String, LiveGame)> {
    replay_with(events, LiveSettings::default())
}

/// Each board's game after the feed under `settings`.
pub fn replay_with(events: &[BoardEvent], settings: LiveSettings) -> Vec<(String, LiveGame)> {
    let mut boards: Vec<(String, LiveGame)> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = Default::default();
    for event in events {
        let at = *index.entry(event.serialnr.clone()).or_insert_with(|| {
            boards.push((event.serialnr.clone(), LiveGame::with_settings(settings)));
            boards.len() - 1
        });
        event.apply(&mut boards[at].1);
    }
    for (_, game) in &mut boards {
        game.finish();
    }
    boards
}

/// The `--json` answer.
fn to_json(boards: &[(String, LiveGame)]) -> String {
    let boards: Vec<serde_json::Value> = boards
        .iter()
        .map(|(serialnr, game)| {
            serde_json::json!({
                "serialnr": serialnr,
                "moves": game.moves(),
                "alerts": game.alerts().iter().map(|alert| serde_json::json!({
                    "ply": alert.ply,
                    "article": alert.article,
                    "kind": alert.kind.name(),
                })).collect::<Vec<_>>(),
                "claims": game.claims().iter().map(|hint| serde_json::json!({
                    "ply": hint.ply,
                    "article": hint.article(),
                    "kind": hint.kind.name(),
                    "written_move": hint.written_move,
                    "plies": hint.plies,
                })).collect::<Vec<_>>(),
                "result": game.result().map(|r| r.as_pgn()),
            })
        })
        .collect();
    serde_json::json!({ "boards": boards }).to_string()
}
