//! FIDE C.05 Annex 1: our Berger pairings for 3–16 players against the published tables
//! (`tests/data/berger_tables.txt`, one table per even size; an odd field uses the next even
//! table with the last number as the bye).

use std::collections::BTreeMap;

use arbiter::pairing::round_robin::{pair_round, rounds_count, schedule};
use arbiter::tournament::PlayerId;
use arbiter::tournament::board::Board;
use arbiter::tournament::system::Cycles;

/// Table size → rounds → (white, black) in board order.
type Tables = BTreeMap<u32, Vec<Vec<(u32, u32)>>>;

fn read_tables() -> Tables {
    let text = include_str!("data/berger_tables.txt");
    let mut tables = Tables::new();
    let mut current = 0;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(size) = line.strip_prefix("players ") {
            current = size.parse().expect("table size");
            tables.insert(current, Vec::new());
            continue;
        }
        let (round, games) = line.split_once(':').expect("round line");
        let round: usize = round.parse().expect("round number");
        let games: Vec<(u32, u32)> = games
            .split(',')
            .map(|game| {
                let (white, black) = game.trim().split_once('-').expect("white-black");
                (white.parse().expect("white"), black.parse().expect("black"))
            })
            .collect();
        let table = tables.get_mut(&current).expect("a table header first");
        assert_eq!(table.len() + 1, round, "line {}", index + 1);
        table.push(games);
    }
    tables
}

#[test]
fn c05_annex1_berger_tables_for_3_to_16_players() {
    let tables = read_tables();
    assert_eq!(tables.len(), 7);
    let mut checked_rounds = 0;
    for players in 3..=16u32 {
        let size = players + players % 2;
        let table = &tables[&size];
        assert_eq!(rounds_count(players, Cycles::Single) as usize, table.len());
        for (index, expected) in table.iter().enumerate() {
            let round = pair_round(players, Cycles::Single, index as u32 + 1).expect("round");
            let expected_games: Vec<(u32, u32)> = expected
                .iter()
                .copied()
                .filter(|&(white, black)| white <= players && black <= players)
                .collect();
            let games: Vec<(u32, u32)> = round
                .iter()
                .filter_map(Board::players)
                .map(|(white, black)| (white.0, black.0))
                .collect();
            assert_eq!(
                games,
                expected_games,
                "{players} players, round {}",
                index + 1
            );
            let expected_bye = expected.iter().find_map(|&(white, black)| {
                if white > players {
                    Some(PlayerId(black))
                } else if black > players {
                    Some(PlayerId(white))
                } else {
                    None
                }
            });
            assert_eq!(
                round.iter().find(|b| b.is_bye()).map(|b| b.white),
                expected_bye,
                "{players} players, round {}",
                index + 1
            );
            checked_rounds += 1;
        }
    }
    println!("checked {checked_rounds} rounds of C.05 Annex 1 tables (3–16 players)");
}

#[test]
fn c05_annex1_double_round_robin_second_cycle_reverses_the_table() {
    let tables = read_tables();
    for players in 3..=16u32 {
        let size = players + players % 2;
        let table = &tables[&size];
        let single = table.len();
        for swap in [false, true] {
            let cycles = Cycles::Double {
                swap_last_two_rounds: swap,
            };
            let rounds = schedule(players, cycles).expect("schedule");
            assert_eq!(rounds.len(), 2 * single);
            for (index, expected) in table.iter().enumerate() {
                let second = &rounds[single + index];
                let games: Vec<(u32, u32)> = second
                    .iter()
                    .filter_map(Board::players)
                    .map(|(white, black)| (black.0, white.0))
                    .collect();
                let expected: Vec<(u32, u32)> = expected
                    .iter()
                    .copied()
                    .filter(|&(white, black)| white <= players && black <= players)
                    .collect();
                assert_eq!(
                    games,
                    expected,
                    "{players} players, round {}",
                    single + index + 1
                );
            }
            if swap && single >= 3 {
                let first_of_pair = &rounds[single - 2];
                let expected_last: Vec<(u32, u32)> = table[single - 1]
                    .iter()
                    .copied()
                    .filter(|&(white, black)| white <= players && black <= players)
                    .collect();
                let games: Vec<(u32, u32)> = first_of_pair
                    .iter()
                    .filter_map(Board::players)
                    .map(|(white, black)| (white.0, black.0))
                    .collect();
                assert_eq!(games, expected_last, "{players} players: swapped round");
            }
        }
    }
}

#[test]
fn c05_double_round_robin_with_swap_avoids_three_equal_colours_at_the_turn() {
    for players in (4..=16u32).step_by(2) {
        let cycles = Cycles::Double {
            swap_last_two_rounds: true,
        };
        let rounds = schedule(players, cycles).expect("schedule");
        let single = (players - 1) as usize;
        for player in 1..=players {
            let colours: Vec<bool> = rounds[single - 2..single + 1]
                .iter()
                .map(|round| {
                    round
                        .iter()
                        .filter_map(Board::players)
                        .find_map(|(white, black)| {
                            (white.0 == player)
                                .then_some(true)
                                .or((black.0 == player).then_some(false))
                        })
                        .expect("everyone plays")
                })
                .collect();
            assert!(
                !(colours[0] == colours[1] && colours[1] == colours[2]),
                "{players} players: player {player} has {colours:?}"
            );
        }
    }
}
