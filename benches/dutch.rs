//! Benchmark `dutch`: time and peak memory of the Dutch engine (C.04.3) on fixture rounds.
//!
//! `cargo bench --bench dutch` pairs the last round of one 75- and one 150-player fixture.
//! `ARBITER_BENCH_LARGE=1 cargo bench --bench dutch` also pairs rounds 2, 6 and 11 of the
//! 1000-player `dutch-perf` event (bbpPairings v6: 44 s, 63 s, 78 s, peak 121 MB).
//! Each line: case, seconds, whether the pairing equals the reference, peak memory so far.

use std::path::{Path, PathBuf};
use std::time::Instant;

use arbiter::formats::trf;
use arbiter::pairing::dutch;
use arbiter::pairing::dutch::pairing_set;

fn fixtures() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from),
        Some(root.join("../shared/fixtures")),
        Some(root.join("../../shared/fixtures")),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.join("dutch").is_dir())
}

/// Peak resident memory (VmHWM) in MB, from `/proc/self/status`.
fn peak_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn run(label: &str, input: &Path, expected: &Path) {
    let Ok(text) = std::fs::read_to_string(input) else {
        println!("{label}: missing {}", input.display());
        return;
    };
    let tournament = match trf::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            println!("{label}: {e}");
            return;
        }
    };
    let reference: std::collections::BTreeSet<(u32, u32)> = std::fs::read_to_string(expected)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut w = l.split_whitespace().map(|x| x.parse::<u32>().ok());
            Some((w.next()??, w.next()??))
        })
        .collect();
    let start = Instant::now();
    let result = dutch::pair(&tournament);
    let seconds = start.elapsed().as_secs_f64();
    let same = match &result {
        Ok(p) => pairing_set(p) == reference,
        Err(_) => false,
    };
    println!(
        "{label}: {} players, {seconds:.2} s, same as bbpPairings: {same}, peak {:.0} MB",
        tournament.players.len(),
        peak_mb()
    );
}

fn main() {
    let Some(root) = fixtures() else {
        println!("fixtures folder not found; nothing to measure");
        return;
    };
    let dutch_dir = root.join("dutch");
    for case in ["n75_r9_s1/r09", "n150_r9_s1/r05", "n150_r9_s1/r09"] {
        run(
            case,
            &dutch_dir.join(format!("{case}.trf")),
            &dutch_dir.join(format!("{case}.pairs")),
        );
    }
    if std::env::var_os("ARBITER_BENCH_LARGE").is_some() {
        let perf = root.join("dutch-perf/n1000_r11_s99");
        for round in ["r02", "r06", "r11"] {
            run(
                &format!("n1000_r11_s99/{round}"),
                &perf.join(format!("{round}.trf")),
                &perf.join(format!("{round}.out")),
            );
        }
    } else {
        println!("set ARBITER_BENCH_LARGE=1 for the 1000-player dutch-perf rounds");
    }
}
