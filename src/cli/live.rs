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
//! 9.2 or 9.3, `"kind"` threefold or fifty, `"written_move"`, `"plies"}`). Games are followed
//! under the default settings (standard play, 40 moves, 30 s increment). The boards in the
//! order the feed first names them.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;

use crate::formats::live_feed::{self, BoardEvent};
use crate::rules::live::LiveGame;

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
    },
}

/// Runs `arbiter live`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.action {
        Action::Replay { feed, json } => {
            let text = std::fs::read_to_string(&feed)
                .with_context(|| format!("reading {}", feed.display()))?;
            let events = live_feed::read(&text).with_context(|| feed.display().to_string())?;
            let boards = replay(&events);
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

/// Each board's game after the feed, in the order the feed first names the boards.
pub fn replay(events: &[BoardEvent]) -> Vec<(String, LiveGame)> {
    let mut boards: Vec<(String, LiveGame)> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = Default::default();
    for event in events {
        let at = *index.entry(event.serialnr.clone()).or_insert_with(|| {
            boards.push((event.serialnr.clone(), LiveGame::new()));
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
