//! Round-robin pairing with the Berger tables of FIDE C.05 (General Regulations for
//! Competitions), Annex 1.
//!
//! With an even number `n` of players (an odd field gets a dummy number `n + 1`; whoever meets
//! the dummy has the round off, a zero-point bye row after the games) the single cycle has `n - 1` rounds.
//! Round 1 is `1–n, 2–(n-1), 3–(n-2), …`. From one round to the next every number other than
//! `n` moves forward by `n / 2` places on the circle `1 … n-1`, board by board, and player `n`
//! alternates colours on the top board (Black in odd rounds, White in even rounds). This
//! reproduces the published tables (`1–14, 2–13 …` / `14–8, 9–7 … 1–2` / …) for any `n`.
//!
//! Double round robin (Annex 1, note on double cycles): the second cycle repeats the first with
//! the colours reversed. The organiser may announce that the last two rounds of the first cycle
//! are played in reverse order, so that nobody has the same colour three times in a row across
//! the turn of the cycles; the second cycle then follows the original table order.
//!
//! Pure: works on starting numbers only ([`PlayerId`]), no I/O.

use crate::tournament::board::Board;
use crate::tournament::model::PlayerId;
use crate::tournament::result::BoardResult;
use crate::tournament::system::Cycles;

/// Why a round-robin schedule cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundRobinError {
    /// A round robin needs at least two players.
    #[error("a round robin needs at least 2 players, not {players}")]
    TooFewPlayers {
        /// The number of players given.
        players: u32,
    },
    /// The round asked for is not part of the schedule.
    #[error("round {round} does not exist: the schedule has {rounds} rounds")]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The number of rounds of the schedule.
        rounds: u32,
    },
    /// More players than the starting numbers can hold.
    #[error("too many players for a round robin: {players}")]
    TooManyPlayers {
        /// The number of players given.
        players: u32,
    },
}

/// The size of the Berger table used for `players` (the next even number).
pub fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// The number of rounds of a round robin with `players` players.
pub fn rounds_count(players: u32, cycles: Cycles) -> u32 {
    let single = table_size(players).saturating_sub(1);
    match cycles {
        Cycles::Single => single,
        Cycles::Double { .. } => single * 2,
    }
}

fn check_players(players: u32) -> Result<(), RoundRobinError> {
    if players < 2 {
        return Err(RoundRobinError::TooFewPlayers { players });
    }
    if players > 10_000 {
        return Err(RoundRobinError::TooManyPlayers { players });
    }
    Ok(())
}

/// Row `table_round` (1-based, `1 ..= n-1`) of the Berger table for `n` (even) numbers, as
/// (white, black) pairs in board order.
fn berger_row(n: u32, table_round: u32) -> Vec<(u32, u32)> {
    let circle = n - 1;
    let shift = ((table_round - 1) * (n / 2)) % circle;
    // Moves a number (1 ..= n-1) forward along the circle.
    let moved = |x: u32| (x - 1 + shift) % circle + 1;
    let mut row = Vec::with_capacity((n / 2) as usize);
    let top = moved(1);
    if table_round % 2 == 1 {
        row.push((top, n));
    } else {
        row.push((n, top));
    }
    for board in 2..=n / 2 {
        row.push((moved(board), moved(n + 1 - board)));
    }
    row
}

/// The pairing of `round` (1-based, over both cycles for a double round robin) for `players`
/// players numbered `1 ..= players` in starting order.
pub fn pair_round(players: u32, cycles: Cycles, round: u32) -> Result<Vec<Board>, RoundRobinError> {
    check_players(players)?;
    let n = table_size(players);
    let rounds = rounds_count(players, cycles);
    if round == 0 || round > rounds {
        return Err(RoundRobinError::NoSuchRound { round, rounds });
    }
    let single = n - 1;
    let (table_round, reversed) = match cycles {
        Cycles::Single => (round, false),
        Cycles::Double {
            swap_last_two_rounds,
        } => {
            if round <= single {
                let swapped = swap_last_two_rounds && single >= 3;
                let table_round = if swapped && round == single - 1 {
                    single
                } else if swapped && round == single {
                    single - 1
                } else {
                    round
                };
                (table_round, false)
            } else {
                (round - single, true)
            }
        }
    };
    let mut games: Vec<Board> = Vec::new();
    let mut bye = None;
    for (white, black) in berger_row(n, table_round) {
        let (white, black) = if reversed {
            (black, white)
        } else {
            (white, black)
        };
        if white > players {
            bye = Some(PlayerId(black));
        } else if black > players {
            bye = Some(PlayerId(white));
        } else {
            let board = games.len() as u32 + 1;
            games.push(Board::game(board, PlayerId(white), PlayerId(black)));
        }
    }
    if let Some(player) = bye {
        let board = games.len() as u32 + 1;
        games.push(Board::bye(board, player, BoardResult::ZeroPointBye));
    }
    Ok(games)
}

/// Every round of the schedule, round 1 first.
pub fn schedule(players: u32, cycles: Cycles) -> Result<Vec<Vec<Board>>, RoundRobinError> {
    check_players(players)?;
    (1..=rounds_count(players, cycles))
        .map(|round| pair_round(players, cycles, round))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The player with the free round.
    fn bye_of(boards: &[Board]) -> Option<PlayerId> {
        boards.iter().find(|b| b.is_bye()).map(|b| b.white)
    }

    fn as_text(boards: &[Board]) -> String {
        boards
            .iter()
            .filter_map(Board::players)
            .map(|(white, black)| format!("{}-{}", white.0, black.0))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn c05_annex1_six_players_first_rounds() {
        let rounds = schedule(6, Cycles::Single).expect("six players");
        assert_eq!(as_text(&rounds[0]), "1-6 2-5 3-4");
        assert_eq!(as_text(&rounds[1]), "6-4 5-3 1-2");
        assert_eq!(as_text(&rounds[4]), "3-6 4-2 5-1");
    }

    #[test]
    fn c05_annex1_odd_field_gives_the_dummy_opponent_a_bye() {
        let round = pair_round(5, Cycles::Single, 1).expect("round 1");
        assert_eq!(as_text(&round), "2-5 3-4");
        assert_eq!(bye_of(&round), Some(PlayerId(1)));
        assert_eq!(round[0].number, 1);
    }

    #[test]
    fn c05_everyone_meets_everyone_once_with_balanced_colours() {
        for players in 2..=24 {
            let rounds = schedule(players, Cycles::Single).expect("schedule");
            let mut met = HashSet::new();
            let mut whites = vec![0i32; players as usize + 1];
            for round in &rounds {
                let mut seen = HashSet::new();
                for (white, black) in round.iter().filter_map(Board::players) {
                    assert!(seen.insert(white) && seen.insert(black));
                    let key = (white.min(black), white.max(black));
                    assert!(met.insert(key), "{players} players: {key:?} twice");
                    whites[white.0 as usize] += 1;
                    whites[black.0 as usize] -= 1;
                }
                if let Some(bye) = bye_of(round) {
                    assert!(seen.insert(bye));
                }
                assert_eq!(seen.len(), players as usize);
            }
            assert_eq!(met.len() as u32, players * (players - 1) / 2);
            assert!(whites.iter().all(|d| d.abs() <= 1), "{players}: {whites:?}");
        }
    }

    #[test]
    fn c05_double_round_robin_reverses_colours() {
        let cycles = Cycles::Double {
            swap_last_two_rounds: false,
        };
        let rounds = schedule(4, cycles).expect("schedule");
        assert_eq!(rounds.len(), 6);
        assert_eq!(as_text(&rounds[0]), "1-4 2-3");
        assert_eq!(as_text(&rounds[3]), "4-1 3-2");
    }

    #[test]
    fn c05_double_round_robin_swaps_last_two_rounds_of_first_cycle() {
        let cycles = Cycles::Double {
            swap_last_two_rounds: true,
        };
        let rounds = schedule(6, cycles).expect("schedule");
        let plain = schedule(6, Cycles::Single).expect("schedule");
        assert_eq!(as_text(&rounds[3]), as_text(&plain[4]));
        assert_eq!(as_text(&rounds[4]), as_text(&plain[3]));
        assert_eq!(as_text(&rounds[5]), "6-1 5-2 4-3");
    }

    #[test]
    fn errors_for_impossible_input() {
        assert_eq!(
            schedule(1, Cycles::Single),
            Err(RoundRobinError::TooFewPlayers { players: 1 })
        );
        assert_eq!(
            pair_round(4, Cycles::Single, 4),
            Err(RoundRobinError::NoSuchRound {
                round: 4,
                rounds: 3
            })
        );
        assert!(pair_round(4, Cycles::Single, 0).is_err());
    }
}
