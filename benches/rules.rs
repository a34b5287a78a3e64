//! Benchmark `rules`: perft speed (start position and Kiwipete) against the `cozy-chess`
//! crate in the same run, and `arbiter check` speed in games per second on a large PGN.
//!
//! Run with `cargo bench --bench rules`. The PGN is built from
//! `../shared/fixtures/rules/games.jsonl` (or `ARBITER_FIXTURES`) when present, otherwise
//! from random games played by our own move generator; it is repeated to reach 100,000 games,
//! written to `target/tmp/bench-check.pgn` (for `arbiter check` by hand) and checked at both
//! report levels: moves only (part 1) and the full report (parts 1 and 2).

use std::path::PathBuf;
use std::time::Instant;

use arbiter::cli::check::{Level, check_text_at};
use arbiter::rules::san::to_san;
use arbiter::rules::{Lang, Position};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let started = Instant::now();
        nodes = f();
        best = best.min(started.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn perft_bench(name: &str, fen: &str, depth: u32) {
    let ours = Position::from_fen(fen).expect("our FEN");
    let theirs = cozy_chess::Board::from_fen(fen, false).expect("cozy FEN");
    let (our_nodes, our_time) = best_of(3, || ours.perft(depth));
    let (their_nodes, their_time) = best_of(3, || cozy_perft(&theirs, depth));
    assert_eq!(our_nodes, their_nodes, "{name}: node counts differ");
    println!(
        "perft {name} depth {depth}: {our_nodes} nodes; arbiter {our_time:.3} s ({:.1} M nodes/s), cozy-chess {their_time:.3} s ({:.1} M nodes/s); ratio {:.2}x",
        our_nodes as f64 / our_time / 1e6,
        their_nodes as f64 / their_time / 1e6,
        our_time / their_time
    );
}

fn fixture_games() -> Option<Vec<Vec<String>>> {
    let dir = std::env::var_os("ARBITER_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures"));
    let text = std::fs::read_to_string(dir.join("rules/games.jsonl")).ok()?;
    let games = text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .map(|game| {
            game["san"]
                .as_array()
                .map(|moves| {
                    moves
                        .iter()
                        .filter_map(|m| m.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    Some(games)
}

fn random_games(count: usize) -> Vec<Vec<String>> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let mut position = Position::new();
            let mut moves = Vec::new();
            for _ in 0..120 {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[(next() % legal.len() as u64) as usize];
                moves.push(to_san(&position, m, Lang::En));
                position.play_unchecked(m);
            }
            moves
        })
        .collect()
}

fn pgn_of(games: &[Vec<String>], total: usize) -> String {
    let mut text = String::new();
    for i in 0..total {
        let moves = &games[i % games.len()];
        text.push_str(&format!("[Event \"bench\"]\n[Round \"{}\"]\n\n", i + 1));
        for (ply, m) in moves.iter().enumerate() {
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(m);
            text.push(' ');
        }
        text.push_str("*\n\n");
    }
    text
}

fn main() {
    perft_bench("start", START, 5);
    perft_bench("kiwipete", KIWIPETE, 4);

    let (source, games) = match fixture_games() {
        Some(games) if !games.is_empty() => ("fixtures games.jsonl", games),
        _ => ("random games", random_games(1000)),
    };
    let total = 100_000;
    let pgn = pgn_of(&games, total);
    let scratch = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp");
    if std::fs::create_dir_all(&scratch).is_ok() {
        let _ = std::fs::write(scratch.join("bench-check.pgn"), &pgn);
    }
    let plies: usize = (0..total).map(|i| games[i % games.len()].len()).sum();
    for (name, level) in [("moves only", Level::Moves), ("full report", Level::Full)] {
        let started = Instant::now();
        let reports = check_text_at(&pgn, Lang::En, level);
        let seconds = started.elapsed().as_secs_f64();
        let ok = reports.iter().filter(|r| r.ok).count();
        println!(
            "check {name} ({source}): {total} games, {plies} plies ({:.0} per game), {} MB in \
             {seconds:.3} s: {:.0} games/s, {:.2} M plies/s ({ok} ok)",
            plies as f64 / total as f64,
            pgn.len() / 1_000_000,
            total as f64 / seconds,
            plies as f64 / seconds / 1e6
        );
    }
}
