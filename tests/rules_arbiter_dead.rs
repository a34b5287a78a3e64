//! Art. 5.2.2 / 6.9 / 7.5.5 / 5.1.2: "can a side still checkmate by any series of legal moves",
//! checked against the Chess Unwinnability Analyzer test vectors (verdict code + FEN per line).
//!
//! The default run reads the sample in `tests/data/unwinnability/` (164 quick vectors of all
//! four kinds). All 1,803 vectors take minutes of CPU (a few need seconds each), so they run
//! when `ARBITER_FIXTURES` names the fixtures folder (as CI does), on all cores.

use std::path::PathBuf;

use arbiter::rules::dead::{DeadPosition, Mater, Verdict};

fn fixtures_dir() -> Option<PathBuf> {
    std::env::var_os("ARBITER_FIXTURES")
        .map(PathBuf::from)
        .filter(|dir| dir.join("unwinnability/cha-test-vector.txt").is_file())
}

/// Checks every vector of `text` on all cores (interleaved: the hard vectors cluster);
/// returns (cases, failures).
fn check_vectors(text: &str) -> (usize, Vec<String>) {
    let cases: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    let cases = &cases;
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for &(index, line) in cases.iter().skip(first).step_by(threads) {
                        let Some((expected, fen)) = line.split_once(' ') else {
                            failures.push(format!("line {}: no FEN", index + 1));
                            continue;
                        };
                        match DeadPosition::from_fen(fen) {
                            Ok(position) => {
                                let got = position.unwinnability();
                                for (mater, verdict) in
                                    [(Mater::White, &got.white), (Mater::Black, &got.black)]
                                {
                                    if let Verdict::CanMate { line } = verdict
                                        && !position.line_mates(mater, line)
                                    {
                                        failures.push(format!(
                                            "line {}: {fen}: {mater:?}'s line {line:?} does not mate",
                                            index + 1
                                        ));
                                    }
                                }
                                if got.code() != expected {
                                    failures.push(format!(
                                        "line {}: {fen}: expected {expected}, got {}",
                                        index + 1,
                                        got.code()
                                    ));
                                }
                            }
                            Err(error) => {
                                failures.push(format!("line {}: {fen}: {error}", index + 1))
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| vec!["thread panicked".into()])
            })
            .collect()
    });
    (cases.len(), failures)
}

#[test]
fn art_5_2_2_cha_vectors_sample() {
    let text = include_str!("data/unwinnability/cha-sample.txt");
    let (cases, failures) = check_vectors(text);
    assert!(cases >= 150, "sample too small: {cases}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("CHA sample: {cases} vectors agree");
}

#[test]
fn art_5_2_2_cha_vectors_full() {
    let Some(dir) = fixtures_dir() else {
        println!("ARBITER_FIXTURES not set: full CHA run (1,803 vectors) skipped");
        return;
    };
    let path = dir.join("unwinnability/cha-test-vector.txt");
    let text = std::fs::read_to_string(&path).expect("readable fixture");
    let started = std::time::Instant::now();
    let (cases, failures) = check_vectors(&text);
    println!(
        "CHA full: {cases} vectors, {} disagree, {:.1} s",
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(cases, 1803);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The FENs of the positions sample (positions from random games, some with an en-passant
/// square, most without castling rights).
fn sample_positions() -> Vec<arbiter::rules::Position> {
    include_str!("data/rules/positions-sample.jsonl")
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|entry| entry["fen"].as_str().map(str::to_owned))
        .filter_map(|fen| arbiter::rules::Position::from_fen(&fen).ok())
        .collect()
}

#[test]
fn art_5_2_2_position_reaches_the_solver_as_its_fen_does() {
    let positions = sample_positions();
    assert!(
        positions.len() >= 250,
        "sample too small: {}",
        positions.len()
    );
    for position in &positions {
        let fen = position.to_fen();
        let direct = DeadPosition::from_position(position);
        assert_eq!(direct, DeadPosition::from_fen(&fen), "{fen}");
        // The en-passant square is kept only when the capture is legal, as in the FEN.
        let mut after_push = position.clone();
        if let Some(&m) = position.legal_moves().iter().find(|m| {
            m.role() == arbiter::rules::Role::Pawn
                && m.from().rank().0.abs_diff(m.to().rank().0) == 2
        }) {
            after_push.play_unchecked(m);
            let fen = after_push.to_fen();
            assert_eq!(
                DeadPosition::from_position(&after_push),
                DeadPosition::from_fen(&fen),
                "{fen}"
            );
        }
    }
}

#[test]
fn art_5_2_2_is_dead_agrees_with_both_verdicts() {
    // `is_dead` analyses the side more likely to mate first and stops there; the answer must
    // be the one both full verdicts give.
    let text = include_str!("data/unwinnability/cha-sample.txt");
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let Some((_, fen)) = line.split_once(' ') else {
            continue;
        };
        let Ok(position) = DeadPosition::from_fen(fen) else {
            continue;
        };
        assert_eq!(
            position.is_dead(),
            position.unwinnability().is_dead(),
            "{fen}"
        );
        checked += 1;
    }
    assert!(checked >= 150, "sample too small: {checked}");
}

#[test]
fn art_5_2_1_has_legal_move_agrees_with_the_move_count() {
    // The quick test answers from king steps and unpinned pieces; along random games it must
    // say what the full generation says, in check and out of it.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for start in sample_positions() {
        let mut position = start;
        for _ in 0..60 {
            let moves = position.legal_moves();
            assert_eq!(
                position.has_legal_move(),
                !moves.is_empty(),
                "{}",
                position.to_fen()
            );
            checked += 1;
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            position.play_unchecked(moves[(state % moves.len() as u64) as usize]);
        }
    }
    assert!(checked > 10_000, "too few positions: {checked}");
}
