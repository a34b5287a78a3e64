//! The FIDE (Dutch) Swiss system, C.04.3 as applied from 1 February 2026, with the basic rules
//! of C.04.1 and the general handling rules of C.04.2.
//!
//! The criteria are encoded, in priority order, as bit fields of one wide edge weight, and the
//! pairing is found bracket by bracket with a maximum-weight matching of the round (so that C4,
//! completion, always holds for the rest of the round). Each bracket's matching is computed on
//! the bracket and the next score group alone, then proved to extend to a maximum matching of
//! everybody still to pair (`computer` says how; when the proof fails, everybody is matched):
//!
//! - absolute criteria C1–C3 (no rematch, no forbidden pair, no two players with the same
//!   absolute colour preference, except topscorers in the last round) make an edge absent;
//! - C4 completion and C5 the pairing-allocated bye (PAB: lowest score group, eligible player;
//!   C.04.1 c: never a second bye that scored as a win) form the top fields;
//! - then, for the current bracket: C6 the number of pairs, C7 the scores paired (moved-down
//!   players), the next bracket's pairs and scores (look-ahead), C9 unplayed games of the PAB
//!   assignee, C10–C13 colour preferences (absolute imbalance, absolute, preference, strong),
//!   C14–C17 repeated floats one and two rounds back, C18–C21 their scores;
//! - and the lowest bits order the candidates as C.04.3 Art. 3 (transpositions and exchanges:
//!   which moved-down players are paired, with whom, then S1/S2 exchanges with the smallest
//!   difference of BSNs, then the transposition order), fixed one decision at a time.
//!
//! Colours follow C.04.3 Art. 5 (colour allocation rules), and board order C.04.2 D.
//! Baku acceleration (C.04.7) enters through fictitious points ([`crate::tournament::PairingSetup`]).
//!
//! The order of the criteria in weights follows the way bbpPairings (the FIDE-endorsed engine)
//! arranges them, so our pairings are the same as its pairings.
//!
//! Files: `entrants` (what the engine knows of each player before the round), `weights`
//! (the criteria as edge weights), `brackets` (bracket-by-bracket decisions), `colours`
//! (Art. 5 and board order), `computer` (the matchings over the players still to pair),
//! `edges` (a bracket's weights, computed when read), and `checker` (every round of a
//! file re-paired and compared: [`check_rounds`]).

mod brackets;
mod checker;
mod colours;
mod computer;
mod edges;
mod entrants;
mod weights;

use crate::tournament::board::Board;
use crate::tournament::model::{Color, GameResult, Tournament};

pub use checker::{RoundDifference, check_round, check_rounds, pairing_set, recorded_pairing};
use entrants::Context;

/// Why no pairing was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// The absolute criteria cannot all be met (C.04.3 C1–C4).
    #[error("no pairing satisfies the absolute criteria (C.04.3 C1-C4)")]
    NoValidPairing,
    /// The tournament is too large for this build.
    #[error("the tournament is too large to pair ({0} bits of weight needed)")]
    TooLarge(u32),
    /// More players than the engine pairs in reasonable time (a bracket's matching costs more
    /// than the square of its size): refused before anything is allocated.
    #[error("{players} players to pair; the Dutch engine pairs at most {limit}")]
    TooManyPlayers {
        /// Players in the file.
        players: usize,
        /// [`MAX_PLAYERS`].
        limit: usize,
    },
}

/// The largest field [`pair`] accepts: a synthetic round 2 of 10,000 players pairs in about
/// 15 s and 40 MB (`arbiter bench dutch --synthetic 10000`); the time grows faster than the
/// square of the largest bracket, the memory with the field (one bit per pair).
pub const MAX_PLAYERS: usize = 10_000;

/// The round the next pairing is for: one more than the last round in which anybody was
/// paired (played, forfeited or received the pairing-allocated bye).
pub fn next_round(tournament: &Tournament) -> u32 {
    tournament
        .players
        .iter()
        .flat_map(|p| p.rounds.iter().enumerate())
        .filter(|(_, e)| e.opponent.is_some() || e.result == GameResult::PairingAllocatedBye)
        .map(|(r, _)| r as u32 + 1)
        .max()
        .unwrap_or(0)
        + 1
}

fn invert(colour: Option<Color>) -> Option<Color> {
    colour.map(Color::other)
}

fn compatible_preferences(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

fn bits_to_represent(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// Pairs round `next_round(tournament)` by the Dutch system: the games in board order
/// (C.04.2 D), then the pairing-allocated bye row, if any.
pub fn pair(tournament: &Tournament) -> Result<Vec<Board>, PairingError> {
    if tournament.players.len() > MAX_PLAYERS {
        return Err(PairingError::TooManyPlayers {
            players: tournament.players.len(),
            limit: MAX_PLAYERS,
        });
    }
    let context = Context::new(tournament);
    let bits = context.weight_bits() + 6;
    // The fewest 64-bit limbs that hold the weights with two bits to spare: the matcher reads
    // the whole weight row of every vertex it scans, so narrower weights are faster.
    let limbs = (bits + 2).div_ceil(64);
    macro_rules! by_limbs {
        ($($l:literal),*) => {
            match limbs {
                0..=2 => context.run::<2>(),
                $(l if l <= $l => context.run::<$l>(),)*
                _ => Err(PairingError::TooLarge(bits)),
            }
        };
    }
    by_limbs!(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 24, 32, 64)
}

/// The tournament as it stood before `round` (1-based) was paired: earlier rounds, plus the
/// byes and absences already known for `round` (entries without an opponent that are not the
/// pairing-allocated bye). The initial colour, if not given, is read from round 1 (TRF26 `152`:
/// the colour of the highest-ranked player paired in round 1).
pub fn state_before_round(tournament: &Tournament, round: u32) -> Tournament {
    let mut before = tournament.clone();
    let keep = round as usize - 1;
    if before.setup.initial_color.is_none() {
        // The highest-ranked player paired in round 1 had the initial colour if his pairing
        // number is odd, the other colour if it is even (colours alternate down the boards).
        before.setup.initial_color = tournament.players.iter().enumerate().find_map(|(i, p)| {
            p.rounds
                .first()
                .filter(|e| e.opponent.is_some())
                .and_then(|e| e.color)
                .map(|c| if i % 2 == 0 { c } else { c.other() })
        });
    }
    for player in &mut before.players {
        let known = player
            .rounds
            .get(keep)
            .copied()
            .filter(|e| e.opponent.is_none() && e.result != GameResult::PairingAllocatedBye);
        player.rounds.truncate(keep);
        if let Some(entry) = known {
            while player.rounds.len() < keep {
                player.rounds.push(crate::tournament::RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::ZeroPointBye,
                });
            }
            player.rounds.push(entry);
        }
        player.declared_points = None;
    }
    before
}
