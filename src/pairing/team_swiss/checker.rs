//! The checker of a team Swiss: re-pair every round of a file by C.04.6 and say where the
//! recorded pairing differs — the check FIDE's endorsement procedure (C.02) makes of a pairing
//! program, with our engine as the judge.
//!
//! Each round is paired from the rounds before it as recorded, for the teams the file pairs in
//! that round (in a match, played or forfeited, or given the bye). A match is compared with its
//! colours: `(white, black)` by team number, the bye as `(team, 0)`.

use std::collections::BTreeSet;

use super::history::TeamSwiss;
use super::{Options, TeamPairing, TeamPairingError, pair, round_input};

/// A round whose recorded pairing is not the engine's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundDifference {
    /// The round, 1-based.
    pub round: u32,
    /// The matches of the file the engine does not make: `(white, black)`, the bye as
    /// `(team, 0)`.
    pub file_only: Vec<(u32, u32)>,
    /// The matches the engine makes that the file does not, or why it made none.
    pub engine_only: Result<Vec<(u32, u32)>, TeamPairingError>,
}

/// The boards as `(white, black)` numbers, the bye as `(team, 0)`.
pub fn pairing_set(boards: &[TeamPairing]) -> BTreeSet<(u32, u32)> {
    boards
        .iter()
        .map(|b| (b.white.0, b.black.map_or(0, |t| t.0)))
        .collect()
}

/// Re-pairs every round of `swiss` and returns each round that differs, in round order.
pub fn check_rounds(swiss: &TeamSwiss, options: Options) -> Vec<RoundDifference> {
    (1..=swiss.rounds_paired())
        .filter_map(|round| check_round(swiss, round, options))
        .collect()
}

/// The difference in `round`, if any.
pub fn check_round(swiss: &TeamSwiss, round: u32, options: Options) -> Option<RoundDifference> {
    let recorded = pairing_set(&swiss.recorded_pairing(round));
    let present = swiss.participants(round);
    match pair(&round_input(swiss, round, &present, options)) {
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
