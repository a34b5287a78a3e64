//! Benchmark `dead`: the exact "can this side still mate" test (Art. 5.2.2, 6.9) on the CHA test
//! vectors and on positions from ordinary games, next to `chasolver` called directly on the same
//! positions; then the full arbiter report (`arbiter check`'s per-game work) in games per second.
//!
//! Run: `cargo bench --bench dead` (reads `../shared/fixtures` or `ARBITER_FIXTURES`).

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

use arbiter::rules::arbiter::{ReportOptions, report};
use arbiter::rules::dead::DeadPosition;
use arbiter::rules::game::GameRecord;

fn fixtures_dir() -> Option<PathBuf> {
    let from_env = std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from);
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    from_env
        .into_iter()
        .chain(std::iter::once(beside))
        .find(|dir| dir.join("rules/games.jsonl").is_file())
}

/// Positions per second of our tests and of `chasolver::winnability` asked the same questions.
fn compare(label: &str, fens: &[String]) {
    let positions: Vec<DeadPosition> = fens
        .iter()
        .filter_map(|fen| DeadPosition::from_fen(fen).ok())
        .collect();
    let boards: Vec<chess::Board> = fens
        .iter()
        .filter_map(|fen| {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let padded = format!(
                "{} {} {} {} 0 1",
                fields.first().copied().unwrap_or(""),
                fields.get(1).copied().unwrap_or("w"),
                fields.get(2).copied().unwrap_or("-"),
                fields.get(3).copied().unwrap_or("-")
            );
            chess::Board::from_str(&padded).ok()
        })
        .collect();
    let solver = |board: &chess::Board, color| chasolver::winnability(board, color);
    let unwinnable = Some(chasolver::Winnability::Unwinnable);
    let both_verdicts = |b: &chess::Board| {
        let white = solver(b, chess::Color::White);
        let black = solver(b, chess::Color::Black);
        white == unwinnable && black == unwinnable
    };
    // Art. 5.2.2 alone: one side able to mate answers it, so Black is asked only when White
    // cannot mate.
    let dead_or_not = |b: &chess::Board| {
        solver(b, chess::Color::White) == unwinnable && solver(b, chess::Color::Black) == unwinnable
    };
    let ours_both = |p: &DeadPosition| p.unwinnability().is_dead() == Some(true);
    let ours_dead = |p: &DeadPosition| p.is_dead() == Some(true);
    let runs: [Question; 2] = [
        (
            "both verdicts (as `arbiter unwinnable`)",
            &ours_both,
            &both_verdicts,
        ),
        ("dead or not (5.2.2)", &ours_dead, &dead_or_not),
    ];
    for (question, ours, theirs) in runs {
        let (dead, our_time) = timed_count(&positions, ours);
        let (solver_dead, their_time) = timed_count(&boards, theirs);
        println!(
            "{label}, {question}: {} positions; arbiter {:.0} pos/s ({dead} dead), chasolver \
             full {:.0} pos/s ({solver_dead} dead)",
            positions.len(),
            positions.len() as f64 / our_time,
            boards.len() as f64 / their_time
        );
    }
}

/// A question put to both: its name, our test, chasolver's test.
type Question<'a> = (
    &'a str,
    &'a dyn Fn(&DeadPosition) -> bool,
    &'a dyn Fn(&chess::Board) -> bool,
);

/// How many items pass `test`, and the seconds it took.
fn timed_count<T>(items: &[T], test: &dyn Fn(&T) -> bool) -> (usize, f64) {
    let started = Instant::now();
    let count = items.iter().filter(|item| test(item)).count();
    (count, started.elapsed().as_secs_f64())
}

fn main() {
    let Some(dir) = fixtures_dir() else {
        println!("shared fixtures not found: nothing to measure");
        return;
    };
    let cha =
        std::fs::read_to_string(dir.join("unwinnability/cha-test-vector.txt")).unwrap_or_default();
    let limit: usize = std::env::var("DEAD_BENCH_CHA")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1803);
    let cha_fens: Vec<String> = cha
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_once(' ').map(|(_, fen)| fen.to_owned()))
        .take(limit)
        .collect();

    let games_text = std::fs::read_to_string(dir.join("rules/games.jsonl")).unwrap_or_default();
    let games: Vec<Vec<String>> = games_text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .map(|game| {
            game["san"]
                .as_array()
                .map(|list| {
                    list.iter()
                        .filter_map(|m| m.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    let positions_text =
        std::fs::read_to_string(dir.join("rules/positions.jsonl")).unwrap_or_default();
    let game_fens: Vec<String> = positions_text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|entry| entry["fen"].as_str().map(str::to_owned))
        .collect();

    // DEAD_BENCH_REPORT_ONLY=1 measures the arbiter report alone.
    if std::env::var_os("DEAD_BENCH_REPORT_ONLY").is_none() {
        compare("positions from games (positions.jsonl)", &game_fens);
        compare("CHA test vectors", &cha_fens);
    }

    let records: Vec<GameRecord> = games
        .iter()
        .map(|moves| GameRecord::from_moves(moves))
        .collect();
    let rounds = 5;
    let started = Instant::now();
    let mut plies = 0;
    for _ in 0..rounds {
        for record in &records {
            plies += report(record, ReportOptions::default()).plies;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let count = records.len() * rounds;
    println!(
        "arbiter report (games.jsonl, random games, {:.0} plies/game): {:.0} games/s on one core",
        plies as f64 / count as f64,
        count as f64 / seconds
    );
}
