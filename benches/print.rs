//! Benchmark `print`: the wallchart of a 500-player, 9-round Swiss and the scoresheets of a
//! 250-board round, then every document of a 1000-player, 10-round open (the pairing list by
//! board also with both self-report QR codes of each of its 500 boards, as an arbiter prints
//! it). Each should take under a second. Prints the times; no assertions.
//!
//! `cargo bench --bench print` (`PRINT_BENCH_PLAYERS=N` for another size of the open)

use std::time::Instant;

use arbiter::print::crosstable::CrosstableKind;
use arbiter::print::scoresheet::ScoresheetOptions;
use arbiter::print::{
    Document, DocumentInput, Language, ReportLinks, crosstable, pairings, render, scoresheet,
};
use arbiter::tournament::tiebreak::TieBreakSettings;
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
    time_runs(label, 5, &mut run, size);
}

fn time_runs<T>(label: &str, runs: u32, run: &mut impl FnMut() -> T, size: impl Fn(&T) -> String) {
    // The first run also parses the embedded fonts (once per process).
    let started = Instant::now();
    let first = run();
    let cold = started.elapsed();
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
    every_document_of_a_large_open(&input);
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

/// The self-report links of `boards` boards as the app makes them (a 43-character token each).
fn report_links(boards: u32) -> Vec<ReportLinks> {
    let token = |n: u32| format!("{n:0>43}");
    (1..=boards)
        .map(|board| ReportLinks {
            board,
            white: format!("https://arbiter.example.org/report/{}", token(2 * board)),
            black: format!(
                "https://arbiter.example.org/report/{}",
                token(2 * board + 1)
            ),
        })
        .collect()
}

/// Every document of a 1000-player (or `PRINT_BENCH_PLAYERS`), 10-round open: the pairing
/// lists, scoresheets and slips of round 10, standings (BH-C1, BH, SB, DE) and the wallchart
/// after it, and the arbiter's pairing list with its QR codes.
fn every_document_of_a_large_open(input: &DocumentInput) {
    let players = std::env::var("PRINT_BENCH_PLAYERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000u32);
    let rounds = 10;
    let tournament = tournament(players, rounds);
    let input = DocumentInput {
        tie_breaks: Some(TieBreakSettings::swiss_default()),
        crosstable: CrosstableKind::Wallchart,
        ..input.clone()
    };
    let with_links = DocumentInput {
        report_links: report_links(players / 2),
        ..input.clone()
    };
    println!("every document of a {players}-player, {rounds}-round open (round {rounds}):");
    let describe = |pdf: &Result<Vec<u8>, arbiter::print::PrintError>| match pdf {
        Ok(bytes) => format!("{} KB", bytes.len() / 1024),
        Err(error) => format!("error: {error}"),
    };
    for document in Document::ALL {
        time_runs(
            &format!("  {}.pdf", document.name()),
            2,
            &mut || render(document, &tournament, &input, rounds),
            describe,
        );
    }
    time_runs(
        &format!(
            "  pairings.pdf with both self-report QR codes of {} boards",
            players / 2
        ),
        2,
        &mut || render(Document::Pairings, &tournament, &with_links, rounds),
        describe,
    );
}
