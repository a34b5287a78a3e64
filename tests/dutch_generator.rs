//! The tournament generator of the C.02 endorsement run (`arbiter generate --dutch`,
//! `arbiter bench c02`): it refuses up front a field that cannot play the rounds without a
//! rematch (C.04.3 C1, C2), tournament i of a run's seed is always the same, the sample spans
//! the parameter space (byes, forfeits, withdrawals, late entries, Baku acceleration C.04.7),
//! and every generated round, written as TRF and read back, pairs again as it was paired.
//! The run against the oracle itself is made by hand (the guide, `docs/src/validation/c02.md`).

use std::process::Command;

use arbiter::formats::trf;
use arbiter::pairing::dutch;
use arbiter::pairing::generator::{self, GenerateError, Profile};
use arbiter::tournament::GameResult;

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("arbiter runs")
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("arbiter-generator-{}-{name}", std::process::id()))
}

#[test]
fn c04_3_c1_nine_players_cannot_play_eleven_rounds_refused_before_round_one() {
    let profile = Profile {
        players: 9,
        rounds: 11,
        ..Profile::default()
    };
    assert_eq!(
        generator::generate(&profile, 1),
        Err(GenerateError::TooManyRounds {
            players: 9,
            rounds: 11,
            most: 9
        })
    );
    let out = temp("nine-eleven.trf");
    let output = arbiter(&[
        "generate",
        "--dutch",
        "-o",
        out.to_str().expect("utf-8"),
        "--players",
        "9",
        "--rounds",
        "11",
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("9 players cannot play 11 rounds without a rematch"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing is written for a refused field");
}

#[test]
fn c04_3_c1_round_robin_bounds_even_and_odd_fields() {
    // Even: n − 1 rounds (a round robin); odd: n (one pairing-allocated bye each, C2).
    assert_eq!(generator::most_rounds(10), 9);
    assert_eq!(generator::most_rounds(9), 9);
    assert_eq!(generator::certain_rounds(9), 4);
    assert_eq!(generator::certain_rounds(10), 5);
    for (players, rounds, refused) in [(10, 10, true), (10, 9, false), (9, 10, true), (2, 1, false)]
    {
        let profile = Profile {
            players,
            rounds,
            ..Profile::default()
        };
        assert_eq!(
            generator::check_feasible(&profile).is_err(),
            refused,
            "{players} players, {rounds} rounds"
        );
    }
}

#[test]
fn a_feasible_field_is_generated_and_every_round_pairs_again_from_the_file() {
    let out = temp("nine-four.trf");
    let output = arbiter(&[
        "generate",
        "--dutch",
        "-o",
        out.to_str().expect("utf-8"),
        "--players",
        "9",
        "--rounds",
        "4",
        "-s",
        "3",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("written");
    let tournament = trf::parse(&text).expect("our own TRF");
    assert_eq!(tournament.players.len(), 9);
    assert_eq!(dutch::next_round(&tournament), 5);
    assert_eq!(dutch::check_rounds(&tournament), Vec::new());
    std::fs::remove_file(&out).ok();
}

#[test]
fn c02_tournament_i_of_a_seed_is_always_the_same() {
    let make = |seed, index| {
        let (profile, generator_seed) = generator::sample_profile(seed, index, 7..=40);
        let tournament = generator::generate(&profile, generator_seed);
        (
            profile,
            generator_seed,
            tournament.map(|t| trf::write(&t)).ok(),
        )
    };
    assert_eq!(make(5, 17), make(5, 17));
    assert_ne!(make(5, 17).1, make(5, 18).1);
    assert_ne!(make(5, 17).1, make(6, 17).1);
    let (profile, _) = generator::sample_profile(1, 0, 161..=500);
    assert!((161..=500).contains(&profile.players));
}

/// A fixed sample of the run: it spans the parameter space, and each tournament, read back
/// from its TRF, pairs every round as the generator paired it (or stopped where no pairing
/// exists, which reading back confirms).
#[test]
fn c02_fixed_sample_spans_the_parameter_space_and_reads_back() {
    let mut seen = [false; 7];
    let mut rounds_checked = 0;
    for index in 0..24 {
        let (profile, seed) = generator::sample_profile(2026, index, 7..=60);
        assert!(
            (5..=13).contains(&profile.rounds)
                || profile.rounds == generator::most_rounds(profile.players)
        );
        seen[0] |= profile.baku;
        seen[1] |= profile.withdrawal_rate > 0.0;
        seen[2] |= profile.late_entry_rate > 0.0;
        let tournament = match generator::generate(&profile, seed) {
            Ok(tournament) => tournament,
            Err(GenerateError::NoPairing { round, so_far, .. }) => {
                let back = trf::parse(&trf::write(&so_far)).expect("our own TRF");
                assert_eq!(
                    dutch::pair(&back),
                    Err(dutch::PairingError::NoValidPairing),
                    "sample {index} stopped at round {round}"
                );
                continue;
            }
            Err(other) => panic!("sample {index}: {other}"),
        };
        let entries = tournament.players.iter().flat_map(|p| &p.rounds);
        for e in entries {
            seen[3] |= e.result == GameResult::HalfPointBye;
            seen[4] |= e.result == GameResult::ZeroPointBye;
            seen[5] |= e.result == GameResult::ForfeitWin;
            seen[6] |= e.result == GameResult::Draw;
        }
        let back = trf::parse(&trf::write(&tournament)).expect("our own TRF");
        let by_player_and_round = |t: &arbiter::tournament::Tournament| {
            let mut list: Vec<_> = t
                .setup
                .accelerations
                .iter()
                .map(|a| (a.player, a.round, a.points))
                .collect();
            list.sort_unstable();
            list
        };
        assert_eq!(by_player_and_round(&back), by_player_and_round(&tournament));
        assert_eq!(dutch::check_rounds(&back), Vec::new(), "sample {index}");
        rounds_checked += dutch::next_round(&back) - 1;
    }
    assert_eq!(
        seen, [true; 7],
        "baku, withdrawals, late entries, H, Z, forfeits, draws"
    );
    assert!(rounds_checked > 100, "{rounds_checked} rounds");
}

/// `arbiter bench c02` without an oracle: our own checker re-reads every file; the summary
/// line is the run's result.
#[test]
fn c02_bench_command_prints_tournaments_rounds_discrepancies() {
    let out = temp("bench-out");
    let output = arbiter(&[
        "bench",
        "c02",
        "--count",
        "4",
        "--seed",
        "9",
        "--players",
        "7..30",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let last = stdout.lines().last().expect("a summary");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words[..2], ["4", "tournaments,"], "{last}");
    assert_eq!(words[3..], ["rounds,", "0", "discrepancies"], "{last}");
    let rounds: u32 = words[2].parse().expect("a count of rounds");
    assert!(rounds >= 4 * 4, "{last}");
    assert!(
        stdout.contains("seed 9, tournaments 0..3, players 7..30"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&out).ok();
}
