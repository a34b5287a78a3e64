//! `arbiter perft DEPTH [--fen FEN] [--divide]`: counts the move paths of a given length
//! (a check of the move generator against the Laws, Art. 3–4).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;

use crate::rules::Position;

/// Arguments of `arbiter perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Number of plies.
    pub depth: u32,
    /// Start position as FEN, X-FEN or Shredder-FEN (default: the initial position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Also print the count below each legal move (UCI).
    #[arg(long)]
    pub divide: bool,
}

/// Runs the subcommand: prints per-move counts with `--divide`, then `nodes N`; the time and
/// speed go to stderr.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let position = match &args.fen {
        Some(fen) => Position::from_fen(fen).with_context(|| format!("reading FEN `{fen}`"))?,
        None => Position::new(),
    };
    let chess960 = position.castling_mode().is_chess960();
    let started = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let mut total = 0;
        for m in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(m);
            let count = child.perft(args.depth - 1);
            println!("{}: {count}", m.to_uci(chess960));
            total += count;
        }
        println!();
        total
    } else {
        position.perft(args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    eprintln!(
        "{nodes} nodes in {seconds:.3} s ({:.0} nodes/s)",
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
