//! An event read from a file (TRF-2026 or TRF16), taken in as a new tournament: what its
//! rounds, entries and records become. Nothing here knows of the file's text or of the
//! database; the web import reads the file, the store writes what [`ImportPlan::of`] answers.
//!
//! - Rounds 1 to the last paired one become boards ([`boards_of_round`]: both players of a game
//!   must name each other).
//! - An entry after the last paired round is a bye requested for a round to come: `H` a
//!   half-point bye, `Z` a zero-point bye (an absence announced). A file written between rounds
//!   leaves the rounds before a later request blank, and a blank reads as `Z`: so only a
//!   player's last entry is taken as an absence, the earlier ones are counted
//!   ([`ImportPlan::blanks_ahead`]). Any other result there cannot be a request: the file is
//!   refused.
//! - The games of a round under way (paired, no result yet) become boards without a result
//!   ([`ImportPlan::add_games_to_play`]).
//! - Players the file marks expelled (Laws Art. 12.9.9) or withdrawn (C.04.2 Art. 3.2) leave
//!   from the round it gives.
//! - The round dates are kept up to the announced number of rounds (the schedule's rule).
//!
//! A team file is a team league or a team Swiss (C.04.6): [`TeamFormat::of`] tells which.

use std::collections::HashSet;

use time::Date;

use crate::pairing::team_swiss::generator::{options_of_code, system_code};
use crate::pairing::team_swiss::{Options, team_event_of};
use crate::tournament::board::{Board, UnmatchedOpponent, boards_of_round};
use crate::tournament::byes::ByeKind;
use crate::tournament::model::{Color, GameResult, PlayerId, PointAdjustment, Tournament};
use crate::tournament::schedule::RoundStart;
use crate::tournament::system::PairingSystem;
use crate::tournament::team::tiebreak::TeamTieBreak;
use crate::tournament::team::{TeamEvent, TeamFileError};

/// The most rounds an imported event may announce (the tournament form's limit).
pub const MAX_ROUNDS: u32 = 99;

/// A bye requested in the file for a round not paired yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestedBye {
    /// The player's place in the file's list (0-based).
    pub player: usize,
    /// The round (1-based), after the last paired one.
    pub round: u32,
    /// Half-point bye or absence.
    pub kind: ByeKind,
}

/// What an individual event's file becomes, beyond its settings and players.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportPlan {
    /// The boards of rounds 1 to the last paired one.
    pub rounds: Vec<Vec<Board>>,
    /// Byes requested for rounds not paired yet.
    pub byes: Vec<RequestedBye>,
    /// Zero-point entries ahead that were not a player's last one (blanks, not absences).
    pub blanks_ahead: usize,
    /// Players expelled (Laws Art. 12.9.9): the place in the file's list (0-based) and the
    /// first round not paired.
    pub expulsions: Vec<(usize, u32)>,
    /// Players withdrawn (C.04.2 Art. 3.2): the place in the file's list (0-based) and the
    /// first round not paired.
    pub withdrawals: Vec<(usize, u32)>,
    /// The date of each round the file dates, within the announced rounds.
    pub schedule: Vec<RoundStart>,
    /// Points outside the games (TRF `299`), players by starting number.
    pub adjustments: Vec<PointAdjustment>,
    /// The number of rounds announced: the file's, at least the rounds played (a file with
    /// more than [`MAX_ROUNDS`] of either is refused).
    pub announced_rounds: u32,
}

/// Why a file cannot be taken in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportRefusal {
    /// The file lists no player.
    #[error("the file lists no player")]
    NoPlayers,
    /// A paired round's game is named by one player only.
    #[error(transparent)]
    Unmatched(UnmatchedOpponent),
    /// An entry after the last paired round that no bye request can be.
    #[error(
        "player {player}, round {round}: '{code}' after the last paired round is not a bye given ahead (F, H or Z)"
    )]
    ByeAheadNotRequestable {
        /// The player's starting number.
        player: u32,
        /// The round.
        round: u32,
        /// The entry's result code.
        code: char,
    },
    /// The file announces more rounds than a tournament may have.
    #[error("the file announces {rounds} rounds: a tournament has at most {limit}")]
    TooManyRoundsAnnounced {
        /// The rounds announced.
        rounds: u32,
        /// [`MAX_ROUNDS`].
        limit: u32,
    },
    /// A player's entries go beyond the rounds a tournament may have.
    #[error("player {} has an entry for round {round}: a tournament has at most {limit} rounds", player + 1)]
    TooManyRoundsPlayed {
        /// The player's place in the file's list (0-based), the first with such an entry.
        player: usize,
        /// The first round beyond the limit.
        round: u32,
        /// [`MAX_ROUNDS`].
        limit: u32,
    },
}

impl ImportPlan {
    /// The plan for `model`, with the round dates the file gives (`round_dates[0]` is round 1's).
    pub fn of(
        model: &Tournament,
        round_dates: &[Option<Date>],
    ) -> Result<ImportPlan, ImportRefusal> {
        if model.players.is_empty() {
            return Err(ImportRefusal::NoPlayers);
        }
        if model.total_rounds > MAX_ROUNDS {
            return Err(ImportRefusal::TooManyRoundsAnnounced {
                rounds: model.total_rounds,
                limit: MAX_ROUNDS,
            });
        }
        if let Some(player) = model
            .players
            .iter()
            .position(|p| p.rounds.len() > MAX_ROUNDS as usize)
        {
            return Err(ImportRefusal::TooManyRoundsPlayed {
                player,
                round: MAX_ROUNDS + 1,
                limit: MAX_ROUNDS,
            });
        }
        let paired = model.rounds_paired();
        let rounds = (1..=paired)
            .map(|round| boards_of_round(model, round).map_err(ImportRefusal::Unmatched))
            .collect::<Result<Vec<_>, _>>()?;
        let mut byes = Vec::new();
        let mut blanks_ahead = 0;
        for (index, player) in model.players.iter().enumerate() {
            let last = player.rounds.len() as u32;
            for (round, entry) in (1u32..).zip(&player.rounds).skip(paired as usize) {
                let kind = match entry.result {
                    GameResult::HalfPointBye => ByeKind::HalfPoint,
                    GameResult::FullPointBye => ByeKind::FullPoint,
                    GameResult::ZeroPointBye if round == last => ByeKind::ZeroPoint,
                    GameResult::ZeroPointBye => {
                        blanks_ahead += 1;
                        continue;
                    }
                    other => {
                        return Err(ImportRefusal::ByeAheadNotRequestable {
                            player: player.id.0,
                            round,
                            code: other.trf_code(),
                        });
                    }
                };
                byes.push(RequestedBye {
                    player: index,
                    round,
                    kind,
                });
            }
        }
        let announced_rounds = model.total_rounds.max(model.rounds_played());
        Ok(ImportPlan {
            rounds,
            byes,
            blanks_ahead,
            expulsions: (0..)
                .zip(&model.players)
                .filter_map(|(index, player)| Some((index, player.expelled_from?)))
                .collect(),
            withdrawals: (0..)
                .zip(&model.players)
                .filter_map(|(index, player)| Some((index, player.withdrawn_from?)))
                .collect(),
            schedule: (1..=announced_rounds)
                .zip(round_dates)
                .filter_map(|(round, date)| {
                    Some(RoundStart {
                        round,
                        date: (*date)?,
                        time: None,
                    })
                })
                .collect(),
            adjustments: model.adjustments.clone(),
            announced_rounds,
        })
    }

    /// Adds the games of the round under way in a file written during it (`(round, white,
    /// black)`, no result yet) to that round: the last paired one, or the one after it. Board
    /// numbers follow C.04.2 Art. 4 (games first, byes after). Games of any other round are
    /// left out; their number is returned.
    pub fn add_games_to_play(
        &mut self,
        games: impl IntoIterator<Item = (u32, PlayerId, PlayerId)>,
    ) -> usize {
        let mut left_out = 0;
        for (round, white, black) in games {
            let index = round as usize - 1;
            if round == 0 || index > self.rounds.len() || round > self.announced_rounds {
                left_out += 1;
                continue;
            }
            if index == self.rounds.len() {
                self.rounds.push(Vec::new());
            }
            let boards = &mut self.rounds[index];
            let at = boards
                .iter()
                .position(|board| board.black.is_none())
                .unwrap_or(boards.len());
            boards.insert(at, Board::game(0, white, black));
            for (number, board) in (1..).zip(boards.iter_mut()) {
                board.number = number;
            }
        }
        left_out
    }

    /// The first round the file did not pair.
    pub fn first_unpaired(&self) -> u32 {
        self.rounds.len() as u32 + 1
    }
}

/// What a team file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamFormat {
    /// Every team meets every other once.
    RoundRobin,
    /// Some two teams meet twice.
    DoubleRoundRobin,
    /// A team Swiss (C.04.6): the file gives pairing-allocated byes (TRF-2026 `320`) or names
    /// a team Swiss system (`192`).
    Swiss {
        /// The system code (record 192, or the default system's).
        system: String,
        /// The initial-colour (C.04.6 Art. 4.1: record 152, or as round 1 shows it).
        initial_colour: Color,
    },
}

/// What a team file's event becomes beyond its teams, players and matches.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaguePlan {
    /// League (single or double round robin) or team Swiss.
    pub format: TeamFormat,
    /// The ranking list the file gives (record 202, else 212), if it gives one.
    pub ranking: Option<Vec<TeamTieBreak>>,
    /// Why the file's ranking record could not be read (the event keeps the default list).
    pub ranking_problem: Option<String>,
    /// The dates of the rounds the file dates (record 132), within the announced rounds.
    pub schedule: Vec<RoundStart>,
}

impl LeaguePlan {
    /// The plan of the team event `event` read from `model`, with the round dates `schedule`
    /// ([`ImportPlan::schedule`]). A team's bye in a round not paired yet is refused: the event
    /// has no place for an absence announced ahead, and it is not dropped in silence.
    pub fn of(
        model: &Tournament,
        event: &TeamEvent,
        schedule: Vec<RoundStart>,
    ) -> Result<LeaguePlan, TeamFileError> {
        let paired = event.matches.iter().map(|m| m.round).max().unwrap_or(0);
        if let Some(bye) = model.teams.byes.iter().find(|bye| bye.round > paired) {
            return Err(TeamFileError::ByeAhead {
                round: bye.round,
                team: bye.team.0,
            });
        }
        let (ranking, ranking_problem) = match TeamTieBreak::list_in_records(&model.other_records) {
            Ok(list) => (list, None),
            Err(problem) => (None, Some(problem)),
        };
        Ok(LeaguePlan {
            format: TeamFormat::of(model, event),
            ranking,
            ranking_problem,
            schedule,
        })
    }
}

impl TeamFormat {
    /// The tournament's pairing system in this format.
    pub fn pairing_system(&self) -> PairingSystem {
        match self {
            TeamFormat::RoundRobin => PairingSystem::TeamRoundRobin,
            TeamFormat::DoubleRoundRobin => PairingSystem::TeamDoubleRoundRobin,
            TeamFormat::Swiss { .. } => PairingSystem::TeamSwiss,
        }
    }

    /// The format of the team event `event` read from `model`.
    pub fn of(model: &Tournament, event: &TeamEvent) -> TeamFormat {
        let named_system = model
            .other_records
            .iter()
            .filter_map(|record| record.strip_prefix("192"))
            .map(str::trim)
            .find(|code| options_of_code(code).is_some());
        if event.bye_value.is_some() || named_system.is_some() {
            return TeamFormat::Swiss {
                system: named_system.map_or_else(
                    || system_code(Options::default()).to_owned(),
                    str::to_ascii_uppercase,
                ),
                initial_colour: team_event_of(model)
                    .map(|swiss| swiss.initial_colour())
                    .unwrap_or(Color::White),
            };
        }
        let mut meetings = HashSet::new();
        let twice = event
            .matches
            .iter()
            .filter_map(|m| Some((m.home.min(m.away?), m.home.max(m.away?))))
            .any(|pair| !meetings.insert(pair));
        if twice {
            TeamFormat::DoubleRoundRobin
        } else {
            TeamFormat::RoundRobin
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::{Player, PlayerId, RoundEntry};

    fn entry(opponent: Option<u32>, color: Option<Color>, result: GameResult) -> RoundEntry {
        RoundEntry {
            opponent: opponent.map(PlayerId),
            color,
            result,
        }
    }

    /// Two players who met in round 1; the rest of their entries are `ahead`.
    fn two_players(ahead: [&[GameResult]; 2]) -> Tournament {
        let mut model = Tournament {
            total_rounds: 5,
            ..Tournament::default()
        };
        for (id, (colour, result)) in [
            (Color::White, GameResult::Win),
            (Color::Black, GameResult::Loss),
        ]
        .into_iter()
        .enumerate()
        {
            let id = id as u32 + 1;
            let mut rounds = vec![entry(Some(3 - id), Some(colour), result)];
            rounds.extend(ahead[id as usize - 1].iter().map(|&r| entry(None, None, r)));
            model.players.push(Player {
                id: PlayerId(id),
                name: format!("P{id}"),
                rating: 2000,
                rounds,
                ..Player::default()
            });
        }
        model
    }

    #[test]
    fn byes_ahead_only_a_players_last_zero_point_entry_is_an_absence() {
        use GameResult::{HalfPointBye as H, ZeroPointBye as Z};
        let model = two_players([&[Z, Z, H], &[Z, Z]]);
        let plan = ImportPlan::of(&model, &[]).expect("plan");
        assert_eq!(plan.rounds.len(), 1);
        assert_eq!(plan.first_unpaired(), 2);
        assert_eq!(
            plan.byes,
            vec![
                RequestedBye {
                    player: 0,
                    round: 4,
                    kind: ByeKind::HalfPoint
                },
                RequestedBye {
                    player: 1,
                    round: 3,
                    kind: ByeKind::ZeroPoint
                },
            ]
        );
        assert_eq!(plan.blanks_ahead, 3);
    }

    #[test]
    fn rounds_beyond_the_tournament_forms_limit_are_refused_not_cut() {
        let mut model = two_players([&[], &[]]);
        model.total_rounds = MAX_ROUNDS;
        assert_eq!(
            ImportPlan::of(&model, &[]).map(|plan| plan.announced_rounds),
            Ok(MAX_ROUNDS)
        );
        model.total_rounds = 120;
        assert_eq!(
            ImportPlan::of(&model, &[]),
            Err(ImportRefusal::TooManyRoundsAnnounced {
                rounds: 120,
                limit: MAX_ROUNDS
            })
        );
        let mut model = two_players([&[], &[GameResult::ZeroPointBye; MAX_ROUNDS as usize]]);
        model.total_rounds = 5;
        assert_eq!(
            ImportPlan::of(&model, &[]),
            Err(ImportRefusal::TooManyRoundsPlayed {
                player: 1,
                round: MAX_ROUNDS + 1,
                limit: MAX_ROUNDS
            })
        );
    }

    #[test]
    fn a_game_result_after_the_last_paired_round_is_refused() {
        let model = two_players([&[GameResult::Win], &[]]);
        // Round 2 is not paired (nobody has an opponent there), so the win cannot be a request.
        assert_eq!(
            ImportPlan::of(&model, &[]),
            Err(ImportRefusal::ByeAheadNotRequestable {
                player: 1,
                round: 2,
                code: '1'
            })
        );
    }

    #[test]
    fn schedule_keeps_the_dates_within_the_announced_rounds() {
        let model = two_players([&[], &[]]);
        let day = |d| Some(Date::from_calendar_date(2026, time::Month::March, d).expect("date"));
        let mut dates = vec![day(1), None, day(3), day(4), day(5), day(6)];
        dates.push(day(7));
        let plan = ImportPlan::of(&model, &dates).expect("plan");
        assert_eq!(plan.announced_rounds, 5);
        let rounds: Vec<u32> = plan.schedule.iter().map(|s| s.round).collect();
        assert_eq!(rounds, vec![1, 3, 4, 5]);
    }

    #[test]
    fn a_file_without_players_is_refused() {
        assert_eq!(
            ImportPlan::of(&Tournament::default(), &[]),
            Err(ImportRefusal::NoPlayers)
        );
    }
}
