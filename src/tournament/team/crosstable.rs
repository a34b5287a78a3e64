//! The team crosstable of a league and the per-board statistics, as the federations print them
//! beside the standings: each team against each other team (game points of both sides, one cell
//! per meeting, forfeits marked), and each board's score, games and performance
//! (FIDE B.02 Table 8.1a, the same conversion the individual performance uses).

use crate::tournament::model::GameResult;
use crate::tournament::rating::{GameScore, RatedGame, performance_rating};
use crate::tournament::scoring::Points;
use crate::tournament::team::score::{self, MatchScore};
use crate::tournament::team::{TeamEvent, TeamId};

/// One meeting of two teams, from the row team's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    /// The round.
    pub round: u32,
    /// The row team's game points.
    pub scored: Points,
    /// The column team's game points.
    pub conceded: Points,
    /// Decided by a whole-match forfeit.
    pub forfeited: bool,
}

impl Meeting {
    /// `5½:2½`, with `F` after a forfeited match.
    pub fn label(&self) -> String {
        let half = |p: Points| {
            let whole = p.0 / 10;
            match p.0 % 10 {
                0 => whole.to_string(),
                5 if whole == 0 => "½".to_string(),
                5 => format!("{whole}½"),
                _ => p.to_string(),
            }
        };
        format!(
            "{}:{}{}",
            half(self.scored),
            half(self.conceded),
            if self.forfeited { " F" } else { "" }
        )
    }
}

/// The crosstable: `cells[row][column]` lists the meetings of team `row` with team `column`
/// (indices into [`TeamEvent::teams`]), in round order; empty on the diagonal and for matches
/// not yet played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamCrosstable {
    /// The teams in pairing-number order.
    pub teams: Vec<TeamId>,
    /// The meetings.
    pub cells: Vec<Vec<Vec<Meeting>>>,
}

/// The crosstable of `event` after `rounds` rounds.
pub fn crosstable(event: &TeamEvent, rounds: u32) -> TeamCrosstable {
    let count = event.teams.len();
    let mut cells = vec![vec![Vec::new(); count]; count];
    for m in event.matches.iter().filter(|m| m.round <= rounds) {
        let (Some(away), Some(home_index)) = (m.away, event.team_index(m.home)) else {
            continue;
        };
        let Some(away_index) = event.team_index(away) else {
            continue;
        };
        let Some(MatchScore {
            home_game_points,
            away_game_points,
            forfeited,
            ..
        }) = score::match_score(event, m)
        else {
            continue;
        };
        cells[home_index][away_index].push(Meeting {
            round: m.round,
            scored: home_game_points,
            conceded: away_game_points,
            forfeited,
        });
        cells[away_index][home_index].push(Meeting {
            round: m.round,
            scored: away_game_points,
            conceded: home_game_points,
            forfeited,
        });
    }
    TeamCrosstable {
        teams: event.teams.iter().map(|t| t.id).collect(),
        cells,
    }
}

/// One board's record for one team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRecord {
    /// The board number.
    pub board: u32,
    /// Game points on the board (forfeits included, as C.07 Art. 12 counts them).
    pub points: Points,
    /// Games played over the board.
    pub games: u32,
    /// Points of the games played over the board.
    pub played_points: Points,
    /// The games played over the board against rated opponents.
    pub rated_games: Vec<RatedGame>,
}

impl BoardRecord {
    /// The performance on the board (C.07 Art. 10.2 with B.02 Table 8.1.1, as for a player):
    /// `None` without rated games.
    pub fn performance(&self) -> Option<i32> {
        performance_rating(&self.rated_games)
    }
}

/// Each board's record of team `team` after `rounds` rounds.
pub fn board_records(event: &TeamEvent, team: TeamId, rounds: u32) -> Vec<BoardRecord> {
    let mut records: Vec<BoardRecord> = (1..=event.boards)
        .map(|board| BoardRecord {
            board,
            points: Points::ZERO,
            games: 0,
            played_points: Points::ZERO,
            rated_games: Vec::new(),
        })
        .collect();
    let per_board = score::board_points(event, team, rounds);
    for (record, points) in records.iter_mut().zip(per_board) {
        record.points = points;
    }
    let Some(squad) = event.team(team).map(|t| &t.squad) else {
        return records;
    };
    let rating = |id: crate::tournament::model::PlayerId| {
        usize::try_from(id.0)
            .ok()
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| event.players.get(i))
            .map_or(0, |p| i32::from(p.rating))
    };
    for m in event
        .matches
        .iter()
        .filter(|m| m.round <= rounds && m.involves(team) && m.forfeit.is_none())
    {
        for (index, board) in m.boards.iter().enumerate() {
            let (Some(white), Some(black), Some(result)) = (board.white, board.black, board.result)
            else {
                continue;
            };
            let (white_result, black_result) = result.game_results();
            let ours_white = squad.contains(&white);
            let (ours, theirs) = if ours_white {
                (white_result, black)
            } else {
                (black_result.unwrap_or(white_result), white)
            };
            if !ours.is_played() {
                continue;
            }
            let points = event.game_points.score(ours);
            let Some(record) = records.get_mut(index) else {
                continue;
            };
            record.games += 1;
            record.played_points += points;
            let opponent_rating = rating(theirs);
            if opponent_rating > 0 {
                let score = match ours {
                    GameResult::Win | GameResult::UnratedWin => GameScore::Win,
                    GameResult::Draw | GameResult::UnratedDraw => GameScore::Draw,
                    _ => GameScore::Loss,
                };
                record
                    .rated_games
                    .push(RatedGame::new(opponent_rating, score));
            }
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meeting_labels_use_halves_and_mark_forfeits() {
        let meeting = Meeting {
            round: 1,
            scored: Points(55),
            conceded: Points(25),
            forfeited: false,
        };
        assert_eq!(meeting.label(), "5½:2½");
        let forfeit = Meeting {
            scored: Points(80),
            conceded: Points::ZERO,
            forfeited: true,
            ..meeting
        };
        assert_eq!(forfeit.label(), "8:0 F");
    }
}
