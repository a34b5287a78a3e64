//! The working of a team's tie-break values (C.07 Art. 11–13, and the national steps `GWIN`
//! and `RTOP`): for each entry of the list, the rounds, boards or opponents its value is made
//! of, which were cut (Art. 14.1), and for the steps decided among tied teams (DE, EDE, RTOP)
//! the teams it was tied with — what an arbiter shows a captain who asks why his team is
//! fourth.

use crate::tournament::model::GameResult;
use crate::tournament::scoring::Points;
use crate::tournament::team::score;
use crate::tournament::team::tiebreak::{
    TeamRanking, TeamRecords, TeamScore, TeamStandings, TeamTieBreak, sonneborn_berger,
};
use crate::tournament::team::{TeamEvent, TeamId};
use crate::tournament::tiebreak::cut::Element;
use crate::tournament::tiebreak::{Value, opponents};

/// One line of a working.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkingLine {
    /// The round, when the line is one round's.
    pub round: Option<u32>,
    /// The board, when the line is one board's (Art. 12).
    pub board: Option<u32>,
    /// The opposing team, if any.
    pub opponent: Option<TeamId>,
    /// The value the line adds.
    pub value: Value,
    /// A second value: the game points beside the match points of a mutual match (EDE, RTOP).
    pub second: Option<Value>,
    /// Removed by a modifier (Art. 14.1).
    pub cut: bool,
    /// The arbiter's reason, for a line of penalty or bonus points.
    pub penalty: Option<String>,
}

impl WorkingLine {
    fn new(round: Option<u32>, opponent: Option<TeamId>, value: Value) -> WorkingLine {
        WorkingLine {
            round,
            board: None,
            opponent,
            value,
            second: None,
            cut: false,
            penalty: None,
        }
    }
}

/// The working of one entry of the list.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamWorking {
    /// The tie-break.
    pub tie_break: TeamTieBreak,
    /// The value as the standings show it.
    pub value: Value,
    /// The other teams it was still tied with when this step was applied.
    pub tied_with: Vec<TeamId>,
    /// The lines.
    pub lines: Vec<WorkingLine>,
}

/// The working of every value of `team` in `standings` (ranked from `event` by `ranking`).
/// `None` when the team is not in the standings.
pub fn team_working(
    event: &TeamEvent,
    ranking: &TeamRanking,
    standings: &TeamStandings,
    team: TeamId,
) -> Option<Vec<TeamWorking>> {
    let row = standings.rows.iter().find(|row| row.team == team)?;
    let index = event.team_index(team)?;
    let rounds = standings.rounds;
    let records = TeamRecords::new(event, rounds);
    let primary = ranking.primary();
    let team_of = |i: usize| event.teams.get(i).map(|t| t.id);
    let per_round = |score: TeamScore| -> Vec<WorkingLine> {
        records.of(score).players[index]
            .rounds
            .iter()
            .enumerate()
            .map(|(r, round)| {
                WorkingLine::new(
                    Some(r as u32 + 1),
                    round.opponent.and_then(team_of),
                    Value::tenths(i64::from(round.points.0)),
                )
            })
            .collect()
    };
    let penalties = |score: TeamScore| -> Vec<WorkingLine> {
        event
            .penalties
            .iter()
            .filter(|p| p.team == team && p.round.is_none_or(|r| r <= rounds))
            .map(|p| {
                let points = match score {
                    TeamScore::Match => p.match_points,
                    TeamScore::Game => p.game_points,
                };
                WorkingLine {
                    penalty: Some(p.reason.clone()),
                    ..WorkingLine::new(p.round, None, Value::tenths(i64::from(points.0)))
                }
            })
            .collect()
    };
    let from_elements = |elements: Vec<Element>, denominator: i64| -> Vec<WorkingLine> {
        elements
            .into_iter()
            .map(|e| WorkingLine {
                cut: e.cut,
                ..WorkingLine::new(
                    (e.round > 0).then_some(e.round),
                    e.opponent.and_then(|n| team_of(n as usize - 1)),
                    Value::ratio(e.value, denominator),
                )
            })
            .collect()
    };
    let against = |opponent: TeamId| -> (Points, Points) {
        let Some(o) = event.team_index(opponent) else {
            return (Points::ZERO, Points::ZERO);
        };
        let sum = |score: TeamScore| {
            records.of(score).players[index]
                .rounds
                .iter()
                .filter(|round| round.opponent == Some(o))
                .fold(Points::ZERO, |total, round| total + round.points)
        };
        (sum(TeamScore::Match), sum(TeamScore::Game))
    };
    let mutual = |opponent: TeamId, first: TeamScore| -> WorkingLine {
        let (mp, gp) = against(opponent);
        let (value, second) = match first {
            TeamScore::Match => (mp, gp),
            TeamScore::Game => (gp, mp),
        };
        WorkingLine {
            second: Some(Value::tenths(i64::from(second.0))),
            ..WorkingLine::new(None, Some(opponent), Value::tenths(i64::from(value.0)))
        }
    };
    let per_board = |points: Vec<Points>, weighted: bool| -> Vec<WorkingLine> {
        points
            .into_iter()
            .enumerate()
            .map(|(b, p)| {
                let factor = if weighted { b as i64 + 1 } else { 1 };
                WorkingLine {
                    board: Some(b as u32 + 1),
                    ..WorkingLine::new(None, None, Value::tenths(factor * i64::from(p.0)))
                }
            })
            .collect()
    };
    let mut workings = Vec::with_capacity(standings.tie_breaks.len());
    for (t, tie_break) in standings.tie_breaks.iter().enumerate() {
        let tied_with = row.tied_with.get(t).cloned().unwrap_or_default();
        let score_lines = |score: TeamScore| {
            let mut lines = per_round(score);
            lines.extend(penalties(score));
            lines
        };
        let lines = match *tie_break {
            TeamTieBreak::MatchPoints => score_lines(TeamScore::Match),
            TeamTieBreak::GamePoints => score_lines(TeamScore::Game),
            TeamTieBreak::SecondaryScore => score_lines(primary.other()),
            TeamTieBreak::MatchesWon => records.match_points.players[index]
                .rounds
                .iter()
                .enumerate()
                .filter(|(_, round)| round.opponent.is_some())
                .map(|(r, round)| {
                    let won = matches!(round.result, GameResult::Win | GameResult::ForfeitWin);
                    WorkingLine::new(
                        Some(r as u32 + 1),
                        round.opponent.and_then(team_of),
                        Value::whole(i64::from(won)),
                    )
                })
                .collect(),
            TeamTieBreak::GamesWon => score::games_won(event, team, rounds)
                .into_iter()
                .map(|(round, wins)| {
                    let opponent = event
                        .matches
                        .iter()
                        .find(|m| m.round == round && m.involves(team))
                        .and_then(|m| m.opponent_of(team));
                    WorkingLine::new(Some(round), opponent, Value::whole(i64::from(wins)))
                })
                .collect(),
            TeamTieBreak::SonnebornBerger {
                opponents: opponent_score,
                scored,
                cut1,
            } => {
                let elements = sonneborn_berger(
                    &records,
                    index,
                    (opponent_score, scored, cut1),
                    ranking.swiss,
                );
                from_elements(elements, 100)
            }
            TeamTieBreak::Buchholz(score) => from_elements(
                opponents::buchholz_elements(records.of(score), index, ranking.swiss),
                10,
            ),
            TeamTieBreak::BoardCount => per_board(score::board_points(event, team, rounds), true),
            TeamTieBreak::TopBoardResults | TeamTieBreak::BottomBoardElimination => {
                per_board(score::board_points(event, team, rounds), false)
            }
            TeamTieBreak::DirectEncounter(score) => tied_with
                .iter()
                .map(|&other| mutual(other, score))
                .collect(),
            TeamTieBreak::ExtendedDirectEncounter => tied_with
                .iter()
                .map(|&other| mutual(other, primary))
                .collect(),
            TeamTieBreak::ResultsAgainstTop => {
                if tied_with.is_empty() {
                    Vec::new()
                } else {
                    standings
                        .rows
                        .iter()
                        .map(|r| r.team)
                        .filter(|&other| other != team && !tied_with.contains(&other))
                        .map(|other| mutual(other, TeamScore::Match))
                        .collect()
                }
            }
        };
        workings.push(TeamWorking {
            tie_break: *tie_break,
            value: row.values.get(t).copied().unwrap_or(Value::whole(0)),
            tied_with,
            lines,
        });
    }
    Some(workings)
}
