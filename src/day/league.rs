//! The league's planner: its schedule is the individual round robin's
//! ([`crate::pairing::round_robin`], C.05 Annex 1 Berger tables) over the teams' pairing numbers,
//! the first-named team at home, a free round for an odd number of teams.

use crate::pairing::round_robin::{self, RoundRobinError};
use crate::tournament::system::Cycles;
use crate::tournament::team::TeamId;
use crate::tournament::team::league::Fixture;

pub mod sample;

/// The matches of a league of `teams` teams (pairing numbers 1..=teams), round by round: the
/// home team first, `None` for the free round.
pub fn schedule(teams: u32, cycles: Cycles) -> Result<Vec<Vec<Fixture>>, RoundRobinError> {
    Ok(round_robin::schedule(teams, cycles)?
        .into_iter()
        .map(|round| {
            round
                .into_iter()
                .map(|board| (TeamId(board.white.0), board.black.map(|b| TeamId(b.0))))
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c05_annex1_league_of_twelve_meets_everyone_once() {
        let rounds = schedule(12, Cycles::Single).expect("twelve teams");
        assert_eq!(rounds.len(), 11);
        let mut met = std::collections::HashSet::new();
        for round in &rounds {
            assert_eq!(round.len(), 6);
            for &(home, away) in round {
                let away = away.expect("no free round with twelve teams");
                assert!(met.insert((home.0.min(away.0), home.0.max(away.0))));
            }
        }
        assert_eq!(met.len(), 66);
        // Round 1 of the Berger table: 1–12 with team 1 at home.
        assert_eq!(rounds[0][0], (TeamId(1), Some(TeamId(12))));
    }

    #[test]
    fn c05_annex1_odd_league_gives_each_team_one_free_round() {
        let rounds = schedule(5, Cycles::Single).expect("five teams");
        let mut free = Vec::new();
        for round in &rounds {
            free.extend(
                round
                    .iter()
                    .filter(|(_, away)| away.is_none())
                    .map(|(home, _)| home.0),
            );
        }
        free.sort_unstable();
        assert_eq!(free, vec![1, 2, 3, 4, 5]);
    }
}
