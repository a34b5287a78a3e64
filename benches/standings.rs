//! Benchmark: standings with six tie-breaks (BH-C1, BH, SB, DE, PS, ARO) for the 1000-player,
//! 11-round dutch-perf tournament (`dutch-perf/n1000_r11_s99`: `r11.trf` holds rounds 1–10,
//! round 11 is added from `r11.out` with results that follow the pairing numbers).
//!
//! `cargo bench --bench standings` prints the time of one full ranking (reading the TRF not
//! included): minimum and median of 30 runs.

use std::path::PathBuf;
use std::time::Instant;

use arbiter::formats::trf;
use arbiter::tournament::tiebreak::{Lots, TieBreak, TieBreakSettings, rank};
use arbiter::tournament::{Color, GameResult, PlayerId, RoundEntry};

fn fixtures() -> Option<PathBuf> {
    [
        std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures")),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures")),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.join("dutch-perf").is_dir())
}

fn main() {
    let Some(root) = fixtures() else {
        println!("standings: dutch-perf fixture not found (set ARBITER_FIXTURES)");
        return;
    };
    let folder = root.join("dutch-perf/n1000_r11_s99");
    let text = std::fs::read_to_string(folder.join("r11.trf")).expect("r11.trf");
    let mut tournament = trf::parse(&text).expect("r11.trf parses");
    let pairs = std::fs::read_to_string(folder.join("r11.out")).expect("r11.out");
    let round = 10;
    for (k, line) in pairs.lines().skip(1).enumerate() {
        let numbers: Vec<u32> = line
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        let [white, black] = numbers[..] else {
            continue;
        };
        let set = |t: &mut arbiter::tournament::Tournament, who: u32, entry: RoundEntry| {
            let player = &mut t.players[who as usize - 1];
            player.rounds.truncate(round);
            while player.rounds.len() < round {
                player.rounds.push(RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::ZeroPointBye,
                });
            }
            player.rounds.push(entry);
        };
        if black == 0 {
            let entry = RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::PairingAllocatedBye,
            };
            set(&mut tournament, white, entry);
            continue;
        }
        let (w, b) = match k % 3 {
            0 => (GameResult::Win, GameResult::Loss),
            1 => (GameResult::Draw, GameResult::Draw),
            _ => (GameResult::Loss, GameResult::Win),
        };
        set(
            &mut tournament,
            white,
            RoundEntry {
                opponent: Some(PlayerId(black)),
                color: Some(Color::White),
                result: w,
            },
        );
        set(
            &mut tournament,
            black,
            RoundEntry {
                opponent: Some(PlayerId(white)),
                color: Some(Color::Black),
                result: b,
            },
        );
    }
    let settings = TieBreakSettings {
        list: TieBreak::parse_list("BH-C1,BH,SB,DE,PS,ARO").expect("list"),
        swiss: true,
        lots: Lots::Draw { seed: 1 },
    };
    let mut times = Vec::new();
    let mut leader = 0;
    for _ in 0..30 {
        let start = Instant::now();
        let standings = rank(&tournament, &settings);
        times.push(start.elapsed());
        leader = standings.rows[0].player.0;
    }
    times.sort();
    println!(
        "standings: {} players, {} rounds, 6 tie-breaks (BH-C1,BH,SB,DE,PS,ARO): min {:.2} ms, median {:.2} ms (leader {leader})",
        tournament.players.len(),
        tournament.rounds_played(),
        times[0].as_secs_f64() * 1000.0,
        times[times.len() / 2].as_secs_f64() * 1000.0
    );
}
