//! Our checker (`arbiter pair --dutch FILE -c`, [`dutch::check_rounds`]) finds every planted
//! error: a tournament paired by bbpPairings v6 (the FIDE-endorsed Dutch engine, C.04.3; the
//! sample fixture `n75_r9_s1`, 75 players, some absent, a pairing-allocated bye in rounds 5, 6, 7 and 9) checks clean,
//! and after one edit — two games exchanging opponents, one game's colours swapped (C.04.3
//! Art. 5), the pairing-allocated bye (C.04.3 C5, C.04.1 c) moved to another player — the
//! edited round is reported with its number and the boards that differ.

use std::process::Command;

use arbiter::formats::trf;
use arbiter::pairing::dutch::{self, RoundDifference, recorded_pairing};
use arbiter::tournament::{Color, GameResult, PlayerId, RoundEntry, Tournament};

const ROUNDS: u32 = 9;

/// Boards `(white, black)` by starting number, the pairing-allocated bye as `(player, 0)`.
type Boards = Vec<(u32, u32)>;

/// What an edit should make the checker report: the boards only the file has, and the boards
/// only the engine makes.
type Planted = (Boards, Boards);

/// The fixture's whole tournament. Its `full.trf` has no `XXR`; its `rNN.trf` say 9 rounds,
/// which decides the last round's topscorers (C.04.3 C3).
fn paired_by_the_reference() -> Tournament {
    let path = format!(
        "{}/tests/data/dutch/n75_r9_s1/full.trf",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the fixture");
    let mut tournament = trf::parse(&text).expect("a valid TRF");
    tournament.total_rounds = ROUNDS;
    // Totals are recomputed on reading when absent; edited rounds change them.
    for player in &mut tournament.players {
        player.declared_points = None;
    }
    tournament
}

fn entry(t: &Tournament, player: u32, round: u32) -> RoundEntry {
    t.players[player as usize - 1].rounds[round as usize - 1]
}

fn set(t: &mut Tournament, player: u32, round: u32, entry: RoundEntry) {
    t.players[player as usize - 1].rounds[round as usize - 1] = entry;
}

/// The first two games of `round` (white, black), in the order of their white player.
fn two_games(t: &Tournament, round: u32) -> [(u32, u32); 2] {
    let games: Vec<(u32, u32)> = recorded_pairing(t, round)
        .into_iter()
        .filter(|&(_, black)| black != 0)
        .collect();
    [games[0], games[1]]
}

fn game(opponent: u32, color: Color, result: GameResult) -> RoundEntry {
    RoundEntry {
        opponent: Some(PlayerId(opponent)),
        color: Some(color),
        result,
    }
}

/// (a) Two games of `round` exchange their black players: w1–b2 and w2–b1.
fn exchange_opponents(t: &mut Tournament, round: u32) -> Planted {
    let [(w1, b1), (w2, b2)] = two_games(t, round);
    let (r_w1, r_b1) = (entry(t, w1, round).result, entry(t, b1, round).result);
    let (r_w2, r_b2) = (entry(t, w2, round).result, entry(t, b2, round).result);
    set(t, w1, round, game(b2, Color::White, r_w1));
    set(t, b2, round, game(w1, Color::Black, r_b2));
    set(t, w2, round, game(b1, Color::White, r_w2));
    set(t, b1, round, game(w2, Color::Black, r_b1));
    let mut file = vec![(w1, b2), (w2, b1)];
    let mut ours = vec![(w1, b1), (w2, b2)];
    file.sort_unstable();
    ours.sort_unstable();
    (file, ours)
}

/// (b) One game of `round` with the colours the other way round.
fn swap_colours(t: &mut Tournament, round: u32) -> Planted {
    let [(white, black), _] = two_games(t, round);
    let (r_white, r_black) = (entry(t, white, round).result, entry(t, black, round).result);
    set(t, white, round, game(black, Color::Black, r_white));
    set(t, black, round, game(white, Color::White, r_black));
    (vec![(black, white)], vec![(white, black)])
}

/// (c) The pairing-allocated bye of `round` moved to the black player of its first game, who
/// leaves his seat to the player the engine gave the bye.
fn move_bye(t: &mut Tournament, round: u32) -> Planted {
    let bye = recorded_pairing(t, round)
        .into_iter()
        .find_map(|(player, black)| (black == 0).then_some(player))
        .expect("the round has a pairing-allocated bye");
    let [(white, black), _] = two_games(t, round);
    let r_black = entry(t, black, round).result;
    set(t, bye, round, game(white, Color::Black, r_black));
    let white_entry = entry(t, white, round);
    set(t, white, round, game(bye, Color::White, white_entry.result));
    set(
        t,
        black,
        round,
        RoundEntry {
            opponent: None,
            color: None,
            result: GameResult::PairingAllocatedBye,
        },
    );
    let mut file = vec![(white, bye), (black, 0)];
    let mut ours = vec![(white, black), (bye, 0)];
    file.sort_unstable();
    ours.sort_unstable();
    (file, ours)
}

type Plant = fn(&mut Tournament, u32) -> Planted;

/// Plants one error in `round`; the first difference reported must be that round with exactly
/// the planted boards (later rounds were paired from the true history, so they may differ too).
fn assert_reported(plant: Plant, round: u32) -> Vec<RoundDifference> {
    let mut tournament = paired_by_the_reference();
    let (file_only, engine_only) = plant(&mut tournament, round);
    let differences = dutch::check_rounds(&tournament);
    let first = differences.first().expect("the planted round is reported");
    assert_eq!(
        first,
        &RoundDifference {
            round,
            file_only,
            engine_only: Ok(engine_only),
        }
    );
    differences
}

#[test]
fn dutch_checker_c04_3_a_tournament_paired_by_the_reference_checks_clean() {
    assert_eq!(dutch::check_rounds(&paired_by_the_reference()), Vec::new());
}

#[test]
fn dutch_checker_c04_1_exchanged_opponents_are_reported_with_round_and_boards() {
    assert_eq!(assert_reported(exchange_opponents, ROUNDS).len(), 1);
    assert_reported(exchange_opponents, 5);
}

#[test]
fn dutch_checker_c04_3_art_5_swapped_colours_are_reported_with_round_and_boards() {
    assert_eq!(assert_reported(swap_colours, ROUNDS).len(), 1);
    assert_reported(swap_colours, 5);
}

#[test]
fn dutch_checker_c04_3_c5_a_moved_bye_is_reported_with_round_and_boards() {
    assert_eq!(assert_reported(move_bye, ROUNDS).len(), 1);
    assert_reported(move_bye, 5);
}

/// The command line prints the differing round and its boards and exits 1; the clean file
/// exits 0.
#[test]
fn dutch_checker_command_prints_the_planted_round_and_fails() {
    let dir = std::env::temp_dir().join(format!("arbiter-checker-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let check = |tournament: &Tournament, name: &str| {
        let path = dir.join(name);
        std::fs::write(&path, trf::write(tournament)).expect("write");
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["pair", "--dutch", path.to_str().expect("utf-8"), "-c"])
            .output()
            .expect("arbiter runs")
    };
    let clean = check(&paired_by_the_reference(), "clean.trf");
    let stdout = String::from_utf8_lossy(&clean.stdout);
    assert!(clean.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("all {ROUNDS} rounds agree")),
        "{stdout}"
    );

    let mut planted = paired_by_the_reference();
    let (file_only, engine_only) = move_bye(&mut planted, ROUNDS);
    let output = check(&planted, "moved-bye.trf");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    let boards = |list: &[(u32, u32)]| {
        list.iter()
            .map(|&(w, b)| {
                if b == 0 {
                    format!("{w}-bye")
                } else {
                    format!("{w}-{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let line = format!(
        "round {ROUNDS}: file has {}, we pair {}",
        boards(&file_only),
        boards(&engine_only)
    );
    assert!(stdout.lines().any(|l| l == line), "{line} not in\n{stdout}");
    assert!(
        stdout.contains(&format!("1 of {ROUNDS} rounds differ: [{ROUNDS}]")),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
