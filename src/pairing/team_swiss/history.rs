//! What the rounds played say about each team (C.04.6 Art. 1): scores, matches played,
//! colours, floats, the bye and who met whom — the [`Round`] the engine pairs, read from a team
//! event ([`TeamEvent`], from a TRF-2026 file by [`crate::formats::trf`]).
//!
//! - A match is *played* when a game of it was played over the board (or both teams scored in
//!   it); a whole match forfeited (record 330) is not, and neither is the bye. Only played
//!   matches count for C1, for the colour history (Art. 1.6) and as matches played
//!   (Art. 3.4.3).
//! - A team's colour in a played match is its first board's (Art. 1.6.1): the first-named team
//!   of the match (the one the colour sequence, record 352, gives White on board 1) has White.
//! - The pairing-allocated bye (record 320) scores the points the competition gives it; a team
//!   that had it, or won a match that was not played, is barred from it (C2).
//! - A team floated in a round when it played a team with another score before that round
//!   (Art. 1.5).

use std::collections::BTreeSet;

use crate::tournament::model::{Color, Tournament};
use crate::tournament::scoring::Points;
use crate::tournament::team::score::{MatchOutcome, match_score};
use crate::tournament::team::{PairingAllocatedByes, TeamEvent, TeamFileError, TeamId};

use super::{Entrant, Options, PrimaryScore, Round, TeamPairing};

/// A team Swiss as the engine reads it: the event, its byes and its setup.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamSwiss {
    /// The matches, teams and scoring.
    pub event: TeamEvent,
    /// The pairing-allocated byes (record 320).
    pub byes: Option<PairingAllocatedByes>,
    /// The initial-colour (Art. 4.1; record 152), if the file states it.
    pub initial_colour: Option<Color>,
}

/// The team Swiss of a tournament file.
pub fn team_event_of(tournament: &Tournament) -> Result<TeamSwiss, TeamFileError> {
    Ok(TeamSwiss {
        event: TeamEvent::from_tournament(tournament)?,
        byes: tournament.teams.pairing_allocated_byes.clone(),
        initial_colour: tournament.setup.initial_color,
    })
}

/// What one round was for one team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RoundRecord {
    /// The opponent's index in [`TeamEvent::teams`], for a match.
    opponent: Option<usize>,
    /// Played over the board.
    played: bool,
    /// The team's colour, for a played match.
    colour: Option<Color>,
    /// Match points scored.
    match_points: Points,
    /// Game points scored.
    game_points: Points,
    /// The pairing-allocated bye, or a match won without being played (C2).
    bars_bye: bool,
}

impl TeamSwiss {
    /// The pairing number of the team at `index` of [`TeamEvent::teams`]: its place in team
    /// number order (Art. 1.1).
    fn tpn(&self, index: usize) -> u32 {
        let id = self.event.teams[index].id;
        self.event.teams.iter().filter(|t| t.id < id).count() as u32 + 1
    }

    /// The last round with a match or a bye.
    pub fn rounds_paired(&self) -> u32 {
        let matches = self.event.matches.iter().map(|m| m.round);
        let byes = self
            .byes
            .iter()
            .flat_map(|b| b.teams.iter().map(|&(r, _)| r));
        matches.chain(byes).max().unwrap_or(0)
    }

    /// The rounds of the event: as announced, or as many as were paired.
    pub fn total_rounds(&self) -> u32 {
        self.event.total_rounds.max(self.rounds_paired())
    }

    /// The teams given the pairing-allocated bye in `round`.
    fn byes_of(&self, round: u32) -> impl Iterator<Item = TeamId> + '_ {
        self.byes
            .iter()
            .flat_map(move |b| b.teams.iter().filter(move |&&(r, _)| r == round))
            .map(|&(_, team)| team)
    }

    /// The teams paired in `round`: in a match (forfeited or not) or given the bye.
    pub fn participants(&self, round: u32) -> Vec<TeamId> {
        let mut teams = BTreeSet::new();
        for m in self.event.matches_of_round(round) {
            if let Some(away) = m.away {
                teams.insert(m.home);
                teams.insert(away);
            }
        }
        teams.extend(self.byes_of(round));
        teams.into_iter().collect()
    }

    /// The pairing the file records for `round`: `(first-named, second-named)` for a match,
    /// the bye with no black team.
    pub fn recorded_pairing(&self, round: u32) -> Vec<TeamPairing> {
        let mut boards: Vec<TeamPairing> = self
            .event
            .matches_of_round(round)
            .filter_map(|m| {
                m.away.map(|away| TeamPairing {
                    white: m.home,
                    black: Some(away),
                })
            })
            .collect();
        boards.extend(self.byes_of(round).map(|team| TeamPairing {
            white: team,
            black: None,
        }));
        boards
    }

    /// Every team's record of every round before `round` (`records[r - 1][team index]`).
    fn records(&self, round: u32) -> Vec<Vec<Option<RoundRecord>>> {
        let event = &self.event;
        let index_of = |team: TeamId| event.team_index(team);
        let (bye_match, bye_game) = self
            .byes
            .as_ref()
            .map_or((Points::ZERO, Points::ZERO), |b| {
                (b.match_points, b.game_points)
            });
        (1..round)
            .map(|r| {
                let mut records = vec![None; event.teams.len()];
                for m in event.matches_of_round(r) {
                    let Some(away) = m.away else { continue };
                    let (Some(home_index), Some(away_index)) = (index_of(m.home), index_of(away))
                    else {
                        continue;
                    };
                    let score = match_score(event, m);
                    let played_game = m.forfeit.is_none()
                        && m.boards.iter().any(|b| {
                            b.white.is_some()
                                && b.black.is_some()
                                && b.result.is_some_and(|r| r.game_results().0.is_played())
                        });
                    let both_scored = score.is_some_and(|s| {
                        s.home_game_points > Points::ZERO && s.away_game_points > Points::ZERO
                    });
                    let played = played_game || both_scored;
                    for (team, index, other, colour) in [
                        (m.home, home_index, away_index, Color::White),
                        (away, away_index, home_index, Color::Black),
                    ] {
                        let (game_points, match_points, outcome) = score
                            .map(|s| s.of_team(m, team))
                            .unwrap_or((Points::ZERO, Points::ZERO, MatchOutcome::Loss));
                        records[index] = Some(RoundRecord {
                            opponent: Some(other),
                            played,
                            colour: played.then_some(colour),
                            match_points,
                            game_points,
                            bars_bye: !played && outcome == MatchOutcome::Win,
                        });
                    }
                }
                for team in self.byes_of(r) {
                    if let Some(index) = index_of(team) {
                        records[index] = Some(RoundRecord {
                            opponent: None,
                            played: false,
                            colour: None,
                            match_points: bye_match,
                            game_points: bye_game,
                            bars_bye: true,
                        });
                    }
                }
                records
            })
            .collect()
    }

    /// The initial-colour (Art. 4.1): as the file states it, else as round 1 shows it — the
    /// first-team of the played match with the smallest TPN got it if its TPN is odd
    /// (Art. 4.3.1) — else White.
    pub fn initial_colour(&self) -> Color {
        if let Some(colour) = self.initial_colour {
            return colour;
        }
        let records = self.records(2);
        let first_round = records.first();
        let witness = first_round.and_then(|round| {
            round
                .iter()
                .enumerate()
                .filter(|(_, r)| r.is_some_and(|r| r.played))
                .map(|(index, r)| (self.tpn(index), r.and_then(|r| r.colour)))
                .min_by_key(|&(tpn, _)| tpn)
        });
        match witness {
            // In round 1 every score is zero: the smaller TPN is the first-team (Art. 4.2.3).
            Some((tpn, Some(colour))) => {
                if tpn % 2 == 1 {
                    colour
                } else {
                    colour.other()
                }
            }
            _ => Color::White,
        }
    }
}

/// The round `round` of `swiss` to pair, for the teams `present`, under `options`.
pub fn round_input(swiss: &TeamSwiss, round: u32, present: &[TeamId], options: Options) -> Round {
    let event = &swiss.event;
    let records = swiss.records(round);
    let teams = event.teams.len();
    let primary_of = |r: &RoundRecord| match options.primary {
        PrimaryScore::MatchPoints => r.match_points,
        PrimaryScore::GamePoints => r.game_points,
    };
    let secondary_of = |r: &RoundRecord| match options.primary {
        PrimaryScore::MatchPoints => r.game_points,
        PrimaryScore::GamePoints => r.match_points,
    };
    // The primary score of each team before each round (`before[r - 1][team]`).
    let mut before = vec![vec![Points::ZERO; teams]];
    for round_records in &records {
        let last = before.last().cloned().unwrap_or_default();
        let next = last
            .iter()
            .zip(round_records)
            .map(|(&score, r)| score + r.as_ref().map_or(Points::ZERO, primary_of))
            .collect();
        before.push(next);
    }
    let previous = round.checked_sub(2).map(|r| r as usize);
    let entrants = present
        .iter()
        .filter_map(|&team| {
            let index = event.team_index(team)?;
            let mine = || {
                records
                    .iter()
                    .filter_map(move |round| round[index].as_ref())
            };
            let floated_last_round = previous.is_some_and(|p| {
                records[p][index].is_some_and(|r| {
                    r.played && r.opponent.is_some_and(|o| before[p][o] != before[p][index])
                })
            });
            Some(Entrant {
                team,
                tpn: swiss.tpn(index),
                primary: mine().map(primary_of).sum(),
                secondary: mine().map(secondary_of).sum(),
                matches_played: mine().filter(|r| r.played).count() as u32,
                colours: mine().filter_map(|r| r.colour).collect(),
                floated_last_round,
                bye_barred: mine().any(|r| r.bars_bye),
                opponents: mine()
                    .filter(|r| r.played)
                    .filter_map(|r| r.opponent.map(|o| event.teams[o].id))
                    .collect(),
            })
        })
        .collect();
    Round {
        number: round,
        total_rounds: swiss.total_rounds().max(round),
        initial_colour: swiss.initial_colour(),
        options,
        entrants,
    }
}
