//! A league: a round robin over teams by the Berger tables (C.05 Annex 1), the first-named
//! team at home, and who has White on which board of a match.
//!
//! The schedule (drawn by the league's planner, `crate::day::league`) is the individual round
//! robin's over team pairing numbers: the "White" of a Berger pairing is the first-named (home) team, an odd
//! number of teams gives each team one free round per cycle, a double round robin repeats the
//! first cycle with home and away exchanged.
//!
//! In a tournament file the matches are not written as such: each game is a pair of player
//! entries, the team of each player is its squad, and `matches_of_round` groups a round's
//! games into matches. Record 352 says which colour the first-named team has on each board.

use std::collections::{BTreeMap, HashMap};

use crate::tournament::model::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};
use crate::tournament::result::BoardResult;
use crate::tournament::team::score;
use crate::tournament::team::tiebreak::{self, TeamRanking, TeamTieBreak};
use crate::tournament::team::{
    ForfeitedMatch, MAX_BOARDS, MatchBoard, MatchForfeit, PairingAllocatedByes, ScheduledMatch,
    TeamEvent, TeamFileError, TeamId, TeamMatch, TeamSection, TeamTotal,
};
use crate::tournament::tiebreak::Lots;

/// Who has White on which board of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BoardColours {
    /// The home team has White on boards 1, 3, 5, … (the usual rule).
    #[default]
    HomeWhiteOnOdd,
    /// The home team has Black on board 1, White on board 2, and so on.
    HomeBlackOnOdd,
    /// The home team has White on the odd boards in odd rounds and on the even boards in even
    /// rounds.
    AlternateByRound,
}

impl BoardColours {
    /// The home (first-named) team's colour on `board` (1-based) in `round`.
    pub fn home_colour(self, board: u32, round: u32) -> Color {
        let odd_board = board % 2 == 1;
        let home_white_on_odd = match self {
            BoardColours::HomeWhiteOnOdd => true,
            BoardColours::HomeBlackOnOdd => false,
            BoardColours::AlternateByRound => round % 2 == 1,
        };
        if odd_board == home_white_on_odd {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The setting a TRF colour sequence (record 352, the first-named team's colour per
    /// board) describes: `WBWB…` or `BWBW…`.
    pub fn from_sequence(sequence: &str) -> BoardColours {
        if sequence.trim_start().starts_with(['B', 'b']) {
            BoardColours::HomeBlackOnOdd
        } else {
            BoardColours::HomeWhiteOnOdd
        }
    }

    /// The colour sequence of record 352 for `boards` boards, from the first-named team's
    /// side. For [`BoardColours::AlternateByRound`] the file names first, in each match, the
    /// team with White on board 1, so the sequence is `WBWB…`.
    pub fn sequence(self, boards: u32) -> String {
        let first = match self {
            BoardColours::HomeBlackOnOdd => Color::Black,
            _ => Color::White,
        };
        (1..=boards)
            .map(|board| {
                let colour = if board % 2 == 1 { first } else { first.other() };
                if colour == Color::White { 'W' } else { 'B' }
            })
            .collect()
    }
}

/// One scheduled match: the home team and its opponent, `None` for the free round.
pub type Fixture = (TeamId, Option<TeamId>);

/// The matches of `round` of a tournament file: each game between players of two teams joins
/// those teams. The first-named team of a match is the one whose colour on its top board is the
/// colour sequence's first (White when the file has no 352 record).
pub(super) fn matches_of_round(
    tournament: &Tournament,
    section: &TeamSection,
    owner: &HashMap<PlayerId, TeamId>,
    round: u32,
    colour_sequence: Option<&str>,
) -> Result<Vec<TeamMatch>, TeamFileError> {
    let index = round as usize - 1;
    // The opposing team of each team this round, and the games (by white player).
    let mut opponent: BTreeMap<TeamId, TeamId> = BTreeMap::new();
    let mut games: Vec<(PlayerId, PlayerId, BoardResult)> = Vec::new();
    let mut present: BTreeMap<TeamId, Vec<(PlayerId, Option<RoundEntry>)>> = BTreeMap::new();
    let forfeited = |team: TeamId| {
        section
            .forfeited_matches
            .iter()
            .any(|f| f.round == round && (f.white == team || f.black == Some(team)))
    };
    for player in &tournament.players {
        let Some(&team) = owner.get(&player.id).filter(|&&t| !forfeited(t)) else {
            continue;
        };
        let Some(entry) = player.rounds.get(index).copied() else {
            continue;
        };
        match entry.opponent.filter(|o| o.0 != 0) {
            Some(other) => {
                let other_team = owner
                    .get(&other)
                    .copied()
                    .ok_or(TeamFileError::NotATeamGame {
                        round,
                        player: player.id.0,
                    })?;
                if other_team == team {
                    return Err(TeamFileError::NotATeamGame {
                        round,
                        player: player.id.0,
                    });
                }
                for (a, b) in [(team, other_team), (other_team, team)] {
                    if *opponent.entry(a).or_insert(b) != b {
                        return Err(TeamFileError::TwoOpponents { round, team: a.0 });
                    }
                }
                if entry.color != Some(Color::Black) {
                    let black_entry = tournament.player(other).and_then(|p| p.rounds.get(index));
                    let result = BoardResult::from_game_results(
                        entry.result,
                        Some(black_entry.map_or(entry.result, |e| e.result)),
                    );
                    games.push((player.id, other, result));
                }
                present
                    .entry(team)
                    .or_default()
                    .push((player.id, Some(entry)));
            }
            None if entry.result == GameResult::ForfeitWin => {
                // A player with a win against nobody: the other team left the board empty.
                present
                    .entry(team)
                    .or_default()
                    .push((player.id, Some(entry)));
            }
            None => {}
        }
    }
    let squad_position = |team: TeamId, player: PlayerId| -> usize {
        section
            .teams
            .iter()
            .find(|t| t.id == team)
            .and_then(|t| t.squad.iter().position(|&p| p == player))
            .unwrap_or(usize::MAX)
    };
    let first_colour = match colour_sequence.and_then(|s| s.trim().chars().next()) {
        Some('B' | 'b') => Color::Black,
        _ => Color::White,
    };
    let mut matches = Vec::new();
    let mut done: Vec<TeamId> = Vec::new();
    let teams: Vec<TeamId> = present.keys().copied().collect();
    for team in teams {
        if done.contains(&team) {
            continue;
        }
        let other = opponent.get(&team).copied();
        done.push(team);
        if let Some(other) = other {
            done.push(other);
        }
        let ordered = |t: TeamId| -> Vec<PlayerId> {
            let mut players: Vec<PlayerId> = present
                .get(&t)
                .map(|list| list.iter().map(|(p, _)| *p).collect())
                .unwrap_or_default();
            players.sort_by_key(|&p| squad_position(t, p));
            players
        };
        let team_players = ordered(team);
        let other_players = other.map(ordered).unwrap_or_default();
        let board_count = team_players.len().max(other_players.len()) as u32;
        if board_count > MAX_BOARDS {
            return Err(TeamFileError::TooManyBoards {
                round,
                team: team.0,
                max: MAX_BOARDS,
            });
        }
        // The first-named team: the one with the sequence's first colour on its top board.
        let top_colour = |players: &[PlayerId]| -> Option<Color> {
            let top = players.first()?;
            tournament.player(*top)?.rounds.get(index)?.color
        };
        let (home, away, home_players, away_players) = match (other, top_colour(&team_players)) {
            (Some(other), Some(colour)) if colour != first_colour => {
                (other, Some(team), other_players, team_players)
            }
            (Some(other), None) if top_colour(&other_players) == Some(first_colour) => {
                (other, Some(team), other_players, team_players)
            }
            _ => (team, other, team_players, other_players),
        };
        let boards = (0..board_count as usize)
            .map(|b| {
                let home_player = home_players.get(b).copied();
                let away_player = away_players.get(b).copied();
                // A game of the two: its colours and result as the file has them.
                let game = games.iter().find(|(w, bl, _)| {
                    [home_player, away_player].contains(&Some(*w))
                        && [home_player, away_player].contains(&Some(*bl))
                });
                match game {
                    Some(&(white, black, result)) => MatchBoard {
                        number: b as u32 + 1,
                        white: Some(white),
                        black: Some(black),
                        result: Some(result),
                    },
                    None => {
                        // One seat empty (or two players whose games are with others): the
                        // colour of the seat follows the sequence.
                        let home_colour = if b % 2 == 0 {
                            first_colour
                        } else {
                            first_colour.other()
                        };
                        let (white, black) = if home_colour == Color::White {
                            (home_player, away_player)
                        } else {
                            (away_player, home_player)
                        };
                        MatchBoard {
                            number: b as u32 + 1,
                            white,
                            black,
                            result: None,
                        }
                    }
                }
            })
            .collect();
        matches.push(TeamMatch {
            round,
            home,
            away,
            boards,
            forfeit: None,
            unplayed: false,
        });
    }
    Ok(matches)
}

/// The tournament file of `event` (see [`TeamEvent::to_tournament`]).
pub(super) fn to_tournament(event: &TeamEvent) -> Tournament {
    // The players' round columns reach the last round with a finished match; the matches
    // still to play are the schedule's comments.
    let rounds = event
        .matches
        .iter()
        .filter(|m| score::match_score(event, m).is_some())
        .map(|m| m.round)
        .max()
        .unwrap_or(0) as usize;
    let scheduled = event
        .matches
        .iter()
        .filter(|m| m.forfeit.is_none() && score::match_score(event, m).is_none())
        .map(|m| ScheduledMatch {
            round: m.round,
            home: m.home,
            away: m.away,
        })
        .collect();
    let mut players = event.players.clone();
    for player in &mut players {
        player.rounds = vec![
            RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::ZeroPointBye,
            };
            rounds
        ];
    }
    let mut forfeited = Vec::new();
    // A file records finished matches: one still in progress, or postponed, is left out.
    for m in event
        .matches
        .iter()
        .filter(|m| score::match_score(event, m).is_some())
    {
        let index = m.round as usize - 1;
        if let Some(forfeit) = m.forfeit {
            forfeited.push(ForfeitedMatch {
                round: m.round,
                white: m.home,
                black: m.away,
                forfeit,
            });
            // The boards of a forfeited match: the winners' first players win by forfeit, the
            // losers' lose by forfeit, none against anyone (no game was played).
            let (winner, loser) = match forfeit {
                MatchForfeit::HomeWins => (Some(m.home), m.away),
                MatchForfeit::AwayWins => (m.away, Some(m.home)),
                MatchForfeit::Both => (None, None),
            };
            for (team, result) in [
                (winner, GameResult::ForfeitWin),
                (loser, GameResult::ForfeitLoss),
            ] {
                let Some(team) = team.and_then(|t| event.team(t)) else {
                    continue;
                };
                for &player in team.squad.iter().take(event.boards as usize) {
                    set_entry(
                        &mut players,
                        player,
                        index,
                        RoundEntry {
                            opponent: None,
                            color: None,
                            result,
                        },
                    );
                }
            }
            continue;
        }
        for board in &m.boards {
            // A game in progress is not written: a tournament file records results.
            let Some(result) = board.effective_result() else {
                continue;
            };
            let (white_result, black_result) = result.game_results();
            match (board.white, board.black) {
                (Some(white), Some(black)) => {
                    set_entry(
                        &mut players,
                        white,
                        index,
                        RoundEntry {
                            opponent: Some(black),
                            color: Some(Color::White),
                            result: white_result,
                        },
                    );
                    if let Some(black_result) = black_result {
                        set_entry(
                            &mut players,
                            black,
                            index,
                            RoundEntry {
                                opponent: Some(white),
                                color: Some(Color::Black),
                                result: black_result,
                            },
                        );
                    }
                }
                (Some(alone), None) | (None, Some(alone)) => {
                    // The player whose opponent's seat stayed empty: a forfeit win with no
                    // opponent and no colour (the board's colour follows record 352).
                    set_entry(
                        &mut players,
                        alone,
                        index,
                        RoundEntry {
                            opponent: None,
                            color: None,
                            result: GameResult::ForfeitWin,
                        },
                    );
                }
                (None, None) => {}
            }
        }
    }
    // The points column of each player: what they scored on their boards.
    for player in &mut players {
        player.declared_points = Some(
            player
                .rounds
                .iter()
                .map(|entry| event.game_points.score(entry.result))
                .sum(),
        );
    }
    let boards = event.boards;
    let any_forfeit = !forfeited.is_empty() || event.forfeit_win.is_some();
    Tournament {
        name: event.name.clone(),
        total_rounds: event.total_rounds,
        players,
        points: event.game_points,
        teams: TeamSection {
            teams: event.teams.clone(),
            colour_sequence: Some(event.colours.sequence(boards)),
            match_points: Some(event.match_points),
            forfeited_matches: forfeited,
            pairing_allocated_byes: event.bye_value.map(|(match_points, game_points)| {
                PairingAllocatedByes {
                    match_points,
                    game_points,
                    teams: event
                        .matches
                        .iter()
                        .filter(|m| m.away.is_none() && m.forfeit.is_none())
                        .map(|m| (m.round, m.home))
                        .collect(),
                }
            }),
            penalties: event.penalties.clone(),
            forfeit_win: any_forfeit.then(|| {
                event.forfeit_win.unwrap_or((
                    event.match_points.win,
                    super::all_boards_won(boards, &event.game_points),
                ))
            }),
            forfeit_loss: any_forfeit.then_some((
                event.match_points.loss,
                crate::tournament::scoring::Points::ZERO,
            )),
            totals: totals(event),
            scheduled,
            // A team's zero-point bye is a round without its match: nothing more to write.
            byes: Vec::new(),
        },
        ..Tournament::default()
    }
}

/// Every team's totals and rank by match points, then game points (ties share the rank).
fn totals(event: &TeamEvent) -> Vec<TeamTotal> {
    let ranking = TeamRanking {
        list: vec![TeamTieBreak::MatchPoints, TeamTieBreak::GamePoints],
        swiss: false,
        lots: Lots::Shared,
    };
    let standings = tiebreak::rank(event, &ranking, event.rounds_played());
    standings
        .rows
        .iter()
        .map(|row| TeamTotal {
            team: row.team,
            match_points: row.match_points,
            game_points: row.game_points,
            rank: row.rank,
        })
        .collect()
}

fn set_entry(players: &mut [Player], id: PlayerId, index: usize, entry: RoundEntry) {
    if let Some(player) = usize::try_from(id.0)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| players.get_mut(i))
        && let Some(slot) = player.rounds.get_mut(index)
    {
        *slot = entry;
    }
}

impl MatchForfeit {
    /// The same forfeit seen with the teams named the other way round.
    pub fn mirrored(self) -> MatchForfeit {
        match self {
            MatchForfeit::HomeWins => MatchForfeit::AwayWins,
            MatchForfeit::AwayWins => MatchForfeit::HomeWins,
            MatchForfeit::Both => MatchForfeit::Both,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_colours_follow_the_setting() {
        use Color::{Black, White};
        let odd = BoardColours::HomeWhiteOnOdd;
        assert_eq!(
            [1, 2, 3].map(|b| odd.home_colour(b, 1)),
            [White, Black, White]
        );
        let black_first = BoardColours::HomeBlackOnOdd;
        assert_eq!(black_first.home_colour(1, 1), Black);
        let alternate = BoardColours::AlternateByRound;
        assert_eq!(alternate.home_colour(1, 1), White);
        assert_eq!(alternate.home_colour(1, 2), Black);
        assert_eq!(BoardColours::HomeBlackOnOdd.sequence(4), "BWBW");
        assert_eq!(
            BoardColours::from_sequence("BWBWBW"),
            BoardColours::HomeBlackOnOdd
        );
    }
}
