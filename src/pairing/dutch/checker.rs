//! The checker: re-pair every round of a finished (or running) tournament by the Dutch system
//! and say where the recorded pairing differs — the check FIDE's endorsement procedure (C.02)
//! makes of a pairing program, here with our own engine as the judge of a file.
//!
//! A round's pairing is compared as a set of boards `(white, black)` by starting number, the
//! pairing-allocated bye (C.04.1 c) as `(player, 0)`; board order (C.04.2 D) is not compared.
//! Each round is paired from the state before it ([`state_before_round`]): the earlier rounds
//! as recorded, and the round's byes and absences known in advance.

use std::collections::BTreeSet;

use crate::tournament::board::Board;
use crate::tournament::model::{Color, GameResult, Tournament};

use super::{PairingError, next_round, pair, state_before_round};

/// A round whose recorded pairing is not the engine's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundDifference {
    /// The round, 1-based.
    pub round: u32,
    /// The boards of the file that the engine does not make: `(white, black)`, the PAB as
    /// `(player, 0)`; in order.
    pub file_only: Vec<(u32, u32)>,
    /// The boards the engine makes that the file does not (same form), or why the engine made
    /// no pairing at all.
    pub engine_only: Result<Vec<(u32, u32)>, PairingError>,
}

/// Re-pairs every round of `tournament` (1 up to the last round anybody was paired in) and
/// returns, in round order, each round where the file's pairing is not the engine's.
pub fn check_rounds(tournament: &Tournament) -> Vec<RoundDifference> {
    (1..next_round(tournament))
        .filter_map(|round| check_round(tournament, round))
        .collect()
}

/// The difference in one round (1-based), if any.
pub fn check_round(tournament: &Tournament, round: u32) -> Option<RoundDifference> {
    let recorded = recorded_pairing(tournament, round);
    match pair(&state_before_round(tournament, round)) {
        Ok(boards) => {
            let ours = pairing_set(&boards);
            (ours != recorded).then(|| RoundDifference {
                round,
                file_only: recorded.difference(&ours).copied().collect(),
                engine_only: Ok(ours.difference(&recorded).copied().collect()),
            })
        }
        Err(error) => Some(RoundDifference {
            round,
            file_only: recorded.into_iter().collect(),
            engine_only: Err(error),
        }),
    }
}

/// The pairing the file records for `round` (1-based): coloured pairs `(white, black)` and the
/// PAB as `(player, 0)`. A game without colours is written lower starting number first.
pub fn recorded_pairing(tournament: &Tournament, round: u32) -> BTreeSet<(u32, u32)> {
    let Some(index) = (round as usize).checked_sub(1) else {
        return BTreeSet::new();
    };
    let mut set = BTreeSet::new();
    for player in &tournament.players {
        let Some(entry) = player.rounds.get(index) else {
            continue;
        };
        match (entry.opponent, entry.color) {
            (Some(opponent), Some(Color::White)) => {
                set.insert((player.id.0, opponent.0));
            }
            (Some(opponent), None) if player.id < opponent => {
                set.insert((player.id.0, opponent.0));
            }
            (None, _) if entry.result == GameResult::PairingAllocatedBye => {
                set.insert((player.id.0, 0));
            }
            _ => {}
        }
    }
    set
}

/// An engine's pairing as a set of `(white, black)`, the bye row as `(player, 0)`.
pub fn pairing_set(boards: &[Board]) -> BTreeSet<(u32, u32)> {
    boards
        .iter()
        .map(|board| (board.white.0, board.black.map_or(0, |black| black.0)))
        .collect()
}
