//! Benchmark `print`: the wallchart of a 500-player, 9-round Swiss and the scoresheets of a
//! 250-board round (issue 8 asks for each in under a second). Prints the times; no assertions.
//!
//! `cargo bench --bench print`

use std::time::Instant;

use arbiter::print::scoresheet::ScoresheetOptions;
use arbiter::print::{DocumentInput, Language, crosstable, pairings, scoresheet};
use arbiter::tournament::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};

/// A 500-player, 9-round tournament. Pairings are a simple fold within score order (not the
/// Dutch system: only the shape of the data matters here), results from a fixed pseudo-random
/// sequence.
fn tournament(players: u32, rounds: u32) -> Tournament {
    let given = [
        "Šťastný",
        "Őry",
        "Јовановић",
        "Łukasz",
        "Novák",
        "Müller",
        "Петровић",
    ];
    let mut list: Vec<Player> = (1..=players)
        .map(|id| Player {
            id: PlayerId(id),
            name: format!(
                "{} {}, Player {id}",
                given[id as usize % given.len()],
                id * 7919 % 1000
            ),
            rating: 2700u16.saturating_sub((id * 3) as u16),
            federation: "CZE".to_string(),
            fide_id: Some(u64::from(id) * 1000 + 7),
            ..Player::default()
        })
        .collect();
    let mut seed: u64 = 42;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..rounds {
        let mut order: Vec<u32> = (1..=players).collect();
        order.sort_by_key(|&id| {
            let points: i32 = list[id as usize - 1]
                .rounds
                .iter()
                .map(|e| match e.result {
                    GameResult::Win => 2,
                    GameResult::Draw => 1,
                    _ => 0,
                })
                .sum();
            (-points, id)
        });
        for pair in order.chunks(2) {
            let [a, b] = pair else { continue };
            let (white, black) = if round % 2 == 0 { (*a, *b) } else { (*b, *a) };
            let result = match random() % 3 {
                0 => GameResult::Win,
                1 => GameResult::Draw,
                _ => GameResult::Loss,
            };
            list[white as usize - 1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(black)),
                color: Some(Color::White),
                result,
            });
            list[black as usize - 1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(white)),
                color: Some(Color::Black),
                result: result.mirrored().unwrap_or(GameResult::Loss),
            });
        }
    }
    Tournament {
        name: "Benchmark Open".to_string(),
        total_rounds: rounds,
        players: list,
        ..Tournament::default()
    }
}

fn time<T>(label: &str, mut run: impl FnMut() -> T, size: impl Fn(&T) -> String) {
    // The first run also parses the embedded fonts (once per process).
    let started = Instant::now();
    let first = run();
    let cold = started.elapsed();
    let runs = 5;
    let started = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(run());
    }
    let warm = started.elapsed() / runs;
    println!(
        "{label}: first run {:.1} ms (with font parsing), then {:.1} ms per run ({runs} runs); {}",
        cold.as_secs_f64() * 1000.0,
        warm.as_secs_f64() * 1000.0,
        size(&first)
    );
}

fn main() {
    let tournament = tournament(500, 9);
    let input = DocumentInput {
        place: "Praha".to_string(),
        language: Language::Czech,
        ..DocumentInput::default()
    };
    let describe = |pdf: &Result<Vec<u8>, arbiter::print::PrintError>| match pdf {
        Ok(bytes) => format!("{} KB", bytes.len() / 1024),
        Err(error) => format!("error: {error}"),
    };
    time(
        "wallchart, 500 players × 9 rounds",
        || {
            crosstable::crosstable(
                &tournament,
                &input,
                9,
                crosstable::CrosstableKind::Wallchart,
                None,
            )
        },
        describe,
    );
    time(
        "scoresheets, 250 boards, one per page",
        || scoresheet::scoresheets(&tournament, &input, 9, ScoresheetOptions::default()),
        describe,
    );
    time(
        "scoresheets, 250 boards, two per page",
        || {
            scoresheet::scoresheets(
                &tournament,
                &input,
                9,
                ScoresheetOptions {
                    two_per_page: true,
                    continuation_sheets: false,
                },
            )
        },
        describe,
    );
    time(
        "pairing list by board, 250 boards",
        || pairings::by_board(&tournament, &input, 9),
        describe,
    );
    let with_links = DocumentInput {
        report_links: (1..=250)
            .map(|board| arbiter::print::ReportLinks {
                board,
                white: format!("https://arbiter.example.org/report/{board:032x}"),
                black: format!("https://arbiter.example.org/report/{:032x}", board + 1000),
            })
            .collect(),
        ..input.clone()
    };
    time(
        "pairing list by board with self-report QR codes, 250 boards",
        || pairings::by_board(&tournament, &with_links, 9),
        describe,
    );
}
