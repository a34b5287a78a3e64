//! The round planner of a team Swiss (FIDE C.04.6): what the next round of a team event paired
//! by the Swiss system is, from the rounds before it — the one place the web app and the
//! command line ask.
//!
//! - The next round is the one after the last paired; no more than the rounds announced
//!   (C.04.1 a).
//! - Every match of the round before has its result (or was forfeited as a whole) before the
//!   next is paired: the scores decide the scoregroups (C.04.6 Art. 1.3).
//! - The pairing-allocated bye (C.04.6 Art. 1.4, C.04.1 c) is a match without a second team,
//!   scoring what the competition's rules give it ([`TeamEvent::bye_value`]).
//! - The pairing itself is [`crate::pairing::team_swiss`]'s; when it finds none, the Chief
//!   Arbiter decides (Art. 3.3.3) and the planner says so.
//! - The first-named team of a match has White on board 1 (Art. 1.6.1): it is the match's home
//!   team, as in the TRF-2026 records the engine reads back.

use crate::day::engines::pair_team_swiss;
use crate::pairing::team_swiss::history::TeamSwiss;
use crate::pairing::team_swiss::{Options, TeamPairing, TeamPairingError, round_input};
use crate::tournament::model::Color;
use crate::tournament::team::{PairingAllocatedByes, TeamEvent, TeamId};

/// The competition's rules for pairing a team Swiss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissRules {
    /// Primary score and colour preference type (C.04.6 Art. 1.2, 1.7).
    pub options: Options,
    /// The initial-colour drawn before round 1 (Art. 4.1).
    pub initial_colour: Color,
}

/// Why the next round of a team Swiss cannot be paired now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SwissRefusal {
    /// Every announced round is paired (C.04.1 a).
    AllRoundsPaired {
        /// The rounds announced.
        rounds: u32,
    },
    /// Matches of the last round have no result yet.
    ResultsMissing {
        /// That round.
        round: u32,
        /// Its matches without a result, as (home, away).
        matches: Vec<(TeamId, TeamId)>,
    },
    /// Fewer than two teams.
    TooFewTeams,
    /// No pairing complies with the absolute criteria, or the field is too large.
    NoPairing(TeamPairingError),
}

/// The next round as the engine paired it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedRound {
    /// Its number, 1-based.
    pub round: u32,
    /// The matches in board order (C.04.2 Art. 3.6), the bye last (`black` is `None`); the
    /// team with White on board 1 first.
    pub matches: Vec<TeamPairing>,
}

/// The team Swiss of `event`: its byes are the matches without a second team.
pub fn team_swiss(event: &TeamEvent, rules: &SwissRules) -> TeamSwiss {
    let (match_points, game_points) = event.bye_value.unwrap_or_default();
    TeamSwiss {
        event: event.clone(),
        byes: Some(PairingAllocatedByes {
            match_points,
            game_points,
            teams: event
                .matches
                .iter()
                .filter(|m| m.away.is_none() && m.forfeit.is_none())
                .map(|m| (m.round, m.home))
                .collect(),
        }),
        initial_colour: Some(rules.initial_colour),
    }
}

/// Plans the next round of `event` for the teams `present` (all teams, unless some are absent
/// from the round).
pub fn plan_next_round(
    event: &TeamEvent,
    rules: &SwissRules,
    present: &[TeamId],
) -> Result<PlannedRound, SwissRefusal> {
    let paired = event.matches.iter().map(|m| m.round).max().unwrap_or(0);
    if paired >= event.total_rounds {
        return Err(SwissRefusal::AllRoundsPaired {
            rounds: event.total_rounds,
        });
    }
    let missing: Vec<(TeamId, TeamId)> = event
        .matches_of_round(paired)
        .filter(|m| crate::tournament::team::score::match_score(event, m).is_none())
        .filter_map(|m| Some((m.home, m.away?)))
        .collect();
    if !missing.is_empty() {
        return Err(SwissRefusal::ResultsMissing {
            round: paired,
            matches: missing,
        });
    }
    if present.len() < 2 {
        return Err(SwissRefusal::TooFewTeams);
    }
    let round = paired + 1;
    let swiss = team_swiss(event, rules);
    let matches = pair_team_swiss(&round_input(&swiss, round, present, rules.options))
        .map_err(SwissRefusal::NoPairing)?;
    Ok(PlannedRound { round, matches })
}

/// An absolute criterion a hand-made pairing breaks (C.04.6 Art. 2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbsoluteBreak {
    /// C1: the two teams have played each other.
    Rematch(TeamId, TeamId),
    /// C2: the team already had the pairing-allocated bye, a full-point bye or a match won
    /// without playing.
    ByeBarred(TeamId),
}

/// The round's matches with teams `a` and `b` exchanged (on one match: its colours; across
/// matches: the opponents; with the bye: who gets it). `None` when either is not in the round.
pub fn exchange(matches: &[TeamPairing], a: TeamId, b: TeamId) -> Option<Vec<TeamPairing>> {
    let in_round = |t: TeamId| matches.iter().any(|m| m.white == t || m.black == Some(t));
    if a == b || !in_round(a) || !in_round(b) {
        return None;
    }
    let swap = |t: TeamId| {
        if t == a {
            b
        } else if t == b {
            a
        } else {
            t
        }
    };
    Some(
        matches
            .iter()
            .map(|m| TeamPairing {
                white: swap(m.white),
                black: m.black.map(swap),
            })
            .collect(),
    )
}

/// The absolute criteria that round `round`'s `matches` break, given the rounds before it in
/// `event` (its own matches, if present, are not counted).
pub fn absolute_breaks(
    event: &TeamEvent,
    rules: &SwissRules,
    round: u32,
    matches: &[TeamPairing],
) -> Vec<AbsoluteBreak> {
    let mut before = event.clone();
    before.matches.retain(|m| m.round < round);
    let swiss = team_swiss(&before, rules);
    let present: Vec<TeamId> = before.teams.iter().map(|t| t.id).collect();
    let input = round_input(&swiss, round, &present, rules.options);
    let entrant = |t: TeamId| input.entrants.iter().find(|e| e.team == t);
    matches
        .iter()
        .filter_map(|m| match m.black {
            Some(black) => entrant(m.white)
                .is_some_and(|e| e.opponents.contains(&black))
                .then_some(AbsoluteBreak::Rematch(m.white, black)),
            None => entrant(m.white)
                .is_some_and(|e| e.bye_barred)
                .then_some(AbsoluteBreak::ByeBarred(m.white)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::team_swiss::checker::check_rounds;
    use crate::pairing::team_swiss::generator::{Profile, generate};
    use crate::tournament::model::Tournament;
    use crate::tournament::scoring::Points;
    use crate::tournament::team::TeamMatch;

    fn generated(teams: u32, rounds: u32, seed: u64) -> Tournament {
        let profile = Profile {
            teams,
            rounds,
            boards: 4,
            draw_rate: 0.3,
            forfeit_rate: 0.0,
            absence_rate: 0.0,
            ..Profile::default()
        };
        generate(&profile, seed).expect("a feasible profile")
    }

    fn rules_of(tournament: &Tournament) -> SwissRules {
        let swiss = crate::pairing::team_swiss::team_event_of(tournament).expect("a team file");
        SwissRules {
            options: Options::default(),
            initial_colour: swiss.initial_colour(),
        }
    }

    /// The event with the matches (and byes) of rounds 1..=`upto` only.
    fn truncated(tournament: &Tournament, upto: u32) -> TeamEvent {
        let swiss = crate::pairing::team_swiss::team_event_of(tournament).expect("a team file");
        let mut event = swiss.event.clone();
        event.matches.retain(|m| m.round <= upto);
        event
    }

    #[test]
    fn c04_6_each_round_planned_is_the_round_the_engine_paired_in_the_generated_event() {
        for seed in 1..=4 {
            let tournament = generated(9, 5, seed);
            let rules = rules_of(&tournament);
            let full = truncated(&tournament, 5);
            for round in 1..=5 {
                let event = truncated(&tournament, round - 1);
                let present: Vec<TeamId> = event.teams.iter().map(|t| t.id).collect();
                let plan = plan_next_round(&event, &rules, &present).expect("a pairing");
                assert_eq!(plan.round, round);
                let mut ours: Vec<(u32, u32)> = plan
                    .matches
                    .iter()
                    .map(|p| (p.white.0, p.black.map_or(0, |b| b.0)))
                    .collect();
                let mut recorded: Vec<(u32, u32)> = full
                    .matches_of_round(round)
                    .map(|m| (m.home.0, m.away.map_or(0, |a| a.0)))
                    .collect();
                ours.sort();
                recorded.sort();
                assert_eq!(ours, recorded, "seed {seed}, round {round}");
            }
            let swiss = crate::pairing::team_swiss::team_event_of(&tournament).unwrap();
            assert!(check_rounds(&swiss, Options::default()).is_empty());
        }
    }

    #[test]
    fn c04_6_art_2_1_an_exchange_that_makes_a_rematch_or_a_second_bye_is_named() {
        let tournament = generated(5, 3, 11);
        let rules = rules_of(&tournament);
        let event = truncated(&tournament, 2);
        let round2: Vec<TeamPairing> = event
            .matches_of_round(2)
            .map(|m| TeamPairing {
                white: m.home,
                black: m.away,
            })
            .collect();
        assert_eq!(absolute_breaks(&event, &rules, 2, &round2), vec![]);
        // Round 1's bye team takes round 2's bye as well: [C2].
        let first_bye = event
            .matches_of_round(1)
            .find(|m| m.away.is_none())
            .map(|m| m.home)
            .expect("a bye in round 1");
        let second_bye = round2
            .iter()
            .find(|m| m.black.is_none())
            .expect("a bye")
            .white;
        let exchanged = exchange(&round2, first_bye, second_bye).expect("both in the round");
        assert!(
            absolute_breaks(&event, &rules, 2, &exchanged)
                .contains(&AbsoluteBreak::ByeBarred(first_bye))
        );
        // Round 1's opponents meet again: [C1].
        let (home, away) = event
            .matches_of_round(1)
            .find_map(|m| Some((m.home, m.away?)))
            .expect("a match");
        let rematch = vec![TeamPairing {
            white: home,
            black: Some(away),
        }];
        assert_eq!(
            absolute_breaks(&event, &rules, 2, &rematch),
            vec![AbsoluteBreak::Rematch(home, away)]
        );
        assert_eq!(exchange(&round2, home, home), None);
        assert_eq!(exchange(&round2, home, TeamId(99)), None);
    }

    #[test]
    fn c04_1_a_no_round_beyond_those_announced() {
        let tournament = generated(6, 3, 7);
        let event = truncated(&tournament, 3);
        let present: Vec<TeamId> = event.teams.iter().map(|t| t.id).collect();
        assert_eq!(
            plan_next_round(&event, &rules_of(&tournament), &present),
            Err(SwissRefusal::AllRoundsPaired { rounds: 3 })
        );
    }

    #[test]
    fn c04_6_art_1_3_the_next_round_waits_for_every_result_of_the_last() {
        let tournament = generated(6, 3, 8);
        let mut event = truncated(&tournament, 1);
        let first = event
            .matches
            .iter_mut()
            .find(|m| m.away.is_some())
            .expect("a match");
        first.boards[2].result = None;
        let (home, away) = (first.home, first.away.unwrap());
        let present: Vec<TeamId> = event.teams.iter().map(|t| t.id).collect();
        assert_eq!(
            plan_next_round(&event, &rules_of(&tournament), &present),
            Err(SwissRefusal::ResultsMissing {
                round: 1,
                matches: vec![(home, away)]
            })
        );
    }

    #[test]
    fn c04_6_art_1_4_the_bye_is_a_match_without_a_second_team_and_scores_its_value() {
        let tournament = generated(5, 3, 9);
        let event = truncated(&tournament, 1);
        let bye: Vec<&TeamMatch> = event
            .matches_of_round(1)
            .filter(|m| m.away.is_none())
            .collect();
        assert_eq!(bye.len(), 1, "five teams: one bye");
        let swiss = team_swiss(&event, &rules_of(&tournament));
        let byes = swiss.byes.expect("byes");
        assert_eq!(byes.teams, vec![(1, bye[0].home)]);
        assert!(event.bye_value.is_some_and(|(mp, _)| mp > Points::ZERO));
    }
}
