//! The one door to the pairing engines' `pair` functions: the planners of the tournament day
//! and the command line (`arbiter pair`, `arbiter bench`, the C.02 and C.04.6 runs) pair a
//! round through these, so that what the app pairs and what the checks compare against
//! bbpPairings and FIDE's tools is the same call.
//!
//! - [`pair_swiss`]: an individual Swiss round by the Dutch system (C.04.3), with Baku
//!   acceleration's virtual points when the tournament's setup has them (C.04.7).
//! - [`pair_team_swiss`]: a team Swiss round (C.04.6).
//!
//! Round robins are not paired but read from the Berger tables ([`crate::pairing::round_robin`]).

use crate::pairing::dutch::{self, PairingError};
use crate::pairing::team_swiss::{self, Round, TeamPairing, TeamPairingError};
use crate::tournament::Tournament;
use crate::tournament::board::Board;

/// The next round of an individual Swiss (C.04.3; C.04.7 when the setup accelerates).
pub fn pair_swiss(tournament: &Tournament) -> Result<Vec<Board>, PairingError> {
    dutch::pair(tournament)
}

/// A round of a team Swiss (C.04.6).
pub fn pair_team_swiss(round: &Round) -> Result<Vec<TeamPairing>, TeamPairingError> {
    team_swiss::pair(round)
}
