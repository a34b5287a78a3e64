//! The score of a team match (C.07 Art. 11.1): game points, the sum of the points the team's
//! players score on the boards (FIDE Laws Art. 10, by the announced game point system), and
//! match points, given for the match won, drawn or lost by comparing the two teams' game points.
//!
//! - An empty seat loses its board by forfeit ([`crate::tournament::team::MatchBoard::effective_result`]).
//! - A whole match forfeited (TRF-2026 record 330): the winner gets the match points of a win and
//!   the game points of every board won by forfeit, the loser nothing; a double forfeit gives
//!   both teams nothing.
//! - The free round of a league with an odd number of teams scores nothing.
//! - The arbiter's penalty (or bonus) points are added to a team's totals
//!   ([`PenaltyPoints`]); the opponents' tie-breaks do not see them.

use crate::tournament::model::{GameResult, PlayerId};
use crate::tournament::scoring::Points;
use crate::tournament::team::{TeamEvent, TeamId, TeamMatch};

/// Match points for a match won, drawn and lost (TRF-2026 record 362; default 2/1/0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchPoints {
    /// A match won.
    pub win: Points,
    /// A match drawn.
    pub draw: Points,
    /// A match lost.
    pub loss: Points,
}

impl Default for MatchPoints {
    /// 2/1/0 (TRF-2026 record 362 defaults; C.04.6 team Swiss).
    fn default() -> MatchPoints {
        MatchPoints {
            win: Points(20),
            draw: Points(10),
            loss: Points::ZERO,
        }
    }
}

impl MatchPoints {
    /// 3/1/0, as in the Czech and Slovak leagues.
    pub fn three_one_zero() -> MatchPoints {
        MatchPoints {
            win: Points(30),
            draw: Points(10),
            loss: Points::ZERO,
        }
    }

    /// The match points of `outcome`.
    pub fn of(&self, outcome: MatchOutcome) -> Points {
        match outcome {
            MatchOutcome::Win => self.win,
            MatchOutcome::Draw => self.draw,
            MatchOutcome::Loss => self.loss,
        }
    }
}

/// A match won, drawn or lost, from one team's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchOutcome {
    /// More game points than the opponent.
    Win,
    /// As many game points as the opponent.
    Draw,
    /// Fewer game points than the opponent.
    Loss,
}

impl MatchOutcome {
    /// The outcome for the other team.
    pub fn reversed(self) -> MatchOutcome {
        match self {
            MatchOutcome::Win => MatchOutcome::Loss,
            MatchOutcome::Draw => MatchOutcome::Draw,
            MatchOutcome::Loss => MatchOutcome::Win,
        }
    }
}

/// A whole match forfeited (TRF-2026 record 330: `+-`, `-+`, `--`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchForfeit {
    /// The first-named team wins: the other did not come.
    HomeWins,
    /// The second-named team wins.
    AwayWins,
    /// Neither team came.
    Both,
}

/// Points given or taken by the arbiter (TRF-2026 record 299 without a result type): counted
/// in the team's totals, not in anyone's tie-breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PenaltyPoints {
    /// The team.
    pub team: TeamId,
    /// The round the decision belongs to, if any.
    pub round: Option<u32>,
    /// Match points added (negative for a penalty).
    pub match_points: Points,
    /// Game points added (negative for a penalty).
    pub game_points: Points,
    /// The arbiter's written reason.
    pub reason: String,
}

/// The score of one match, once every board has a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchScore {
    /// The first-named team's game points.
    pub home_game_points: Points,
    /// The second-named team's game points.
    pub away_game_points: Points,
    /// The first-named team's outcome.
    pub home_outcome: MatchOutcome,
    /// The first-named team's match points.
    pub home_match_points: Points,
    /// The second-named team's match points.
    pub away_match_points: Points,
    /// Decided by a whole-match forfeit, not over the boards.
    pub forfeited: bool,
}

impl MatchScore {
    /// `(game points, match points, outcome)` of `team`, which plays in the match `of`.
    pub fn of_team(&self, of: &TeamMatch, team: TeamId) -> (Points, Points, MatchOutcome) {
        if of.home == team {
            (
                self.home_game_points,
                self.home_match_points,
                self.home_outcome,
            )
        } else {
            (
                self.away_game_points,
                self.away_match_points,
                self.home_outcome.reversed(),
            )
        }
    }
}

/// The score of `of`, `None` while a board has no result. The free round scores nothing.
pub fn match_score(event: &TeamEvent, of: &TeamMatch) -> Option<MatchScore> {
    let game = &event.game_points;
    let points = &event.match_points;
    if of.unplayed && of.forfeit.is_none() {
        return None;
    }
    if of.away.is_none() {
        // The pairing-allocated bye of a team Swiss scores its value (record 320); a league's
        // free round nothing.
        let (match_points, game_points) = event.bye_value.unwrap_or((Points::ZERO, Points::ZERO));
        let home_outcome = if event.bye_value.is_none() {
            MatchOutcome::Draw
        } else if match_points >= points.win {
            MatchOutcome::Win
        } else if match_points >= points.draw {
            MatchOutcome::Draw
        } else {
            MatchOutcome::Loss
        };
        return Some(MatchScore {
            home_game_points: game_points,
            away_game_points: Points::ZERO,
            home_outcome,
            home_match_points: match_points,
            away_match_points: Points::ZERO,
            forfeited: false,
        });
    }
    if let Some(forfeit) = of.forfeit {
        let (win_match_points, all) = event
            .forfeit_win
            .unwrap_or((points.win, super::all_boards_won(event.boards, game)));
        let (home_game_points, away_game_points, home_outcome) = match forfeit {
            MatchForfeit::HomeWins => (all, Points::ZERO, MatchOutcome::Win),
            MatchForfeit::AwayWins => (Points::ZERO, all, MatchOutcome::Loss),
            MatchForfeit::Both => (Points::ZERO, Points::ZERO, MatchOutcome::Loss),
        };
        let (home_match_points, away_match_points) = match forfeit {
            MatchForfeit::Both => (points.loss, points.loss),
            MatchForfeit::HomeWins => (win_match_points, points.loss),
            MatchForfeit::AwayWins => (points.loss, win_match_points),
        };
        return Some(MatchScore {
            home_game_points,
            away_game_points,
            home_outcome,
            home_match_points,
            away_match_points,
            forfeited: true,
        });
    }
    let mut home = Points::ZERO;
    let mut away = Points::ZERO;
    let home_team = event.team(of.home);
    let is_home = |player: Option<PlayerId>| -> Option<bool> {
        let player = player?;
        Some(home_team.is_some_and(|t| t.squad.contains(&player)))
    };
    for (index, board) in of.boards.iter().enumerate() {
        let result = board.effective_result()?;
        let (white_result, black_result) = result.game_results();
        let white_points = game.score(white_result);
        let black_points = black_result.map_or(Points::ZERO, |r| game.score(r));
        // Which team holds White: the seat's player's squad, else the colour setting.
        let white_is_home = is_home(board.white)
            .or_else(|| is_home(board.black).map(|home| !home))
            .unwrap_or_else(|| {
                event.colours.home_colour(index as u32 + 1, of.round)
                    == crate::tournament::model::Color::White
            });
        if white_is_home {
            home += white_points;
            away += black_points;
        } else {
            home += black_points;
            away += white_points;
        }
    }
    let home_outcome = match home.cmp(&away) {
        std::cmp::Ordering::Greater => MatchOutcome::Win,
        std::cmp::Ordering::Equal => MatchOutcome::Draw,
        std::cmp::Ordering::Less => MatchOutcome::Loss,
    };
    Some(MatchScore {
        home_game_points: home,
        away_game_points: away,
        home_outcome,
        home_match_points: points.of(home_outcome),
        away_match_points: points.of(home_outcome.reversed()),
        forfeited: false,
    })
}

/// The game points `team` scored on each board (1-based index − 1) over the matches played
/// until `after_round`: the input of the knockout tie-breaks (C.07 Art. 12). Individual forfeits
/// count as games; a whole match won by forfeit counts a win on every board.
pub fn board_points(event: &TeamEvent, team: TeamId, after_round: u32) -> Vec<Points> {
    let mut per_board = vec![Points::ZERO; event.boards as usize];
    let game = &event.game_points;
    for of in event
        .matches
        .iter()
        .filter(|m| m.round <= after_round && m.involves(team) && m.away.is_some())
    {
        if let Some(forfeit) = of.forfeit {
            let won = matches!(
                (forfeit, of.home == team),
                (MatchForfeit::HomeWins, true) | (MatchForfeit::AwayWins, false)
            );
            if won {
                for slot in &mut per_board {
                    *slot += game.forfeit_win;
                }
            }
            continue;
        }
        for (index, result) in own_results(event, of, team) {
            if let Some(slot) = per_board.get_mut(index) {
                *slot += game.score(result);
            }
        }
    }
    per_board
}

/// The games `team` won in each match it played until `after_round`, as `(round, wins)`:
/// every board of the match whose result is a win for the team's side, a forfeit win on a
/// single board included (it scores as a won game). A whole match forfeited is not a match
/// played and counts none (the Czech competition rules, 5.3.3 c: "součet vyhraných partií ze
/// všech sehraných utkání").
pub fn games_won(event: &TeamEvent, team: TeamId, after_round: u32) -> Vec<(u32, u32)> {
    event
        .matches
        .iter()
        .filter(|m| m.round <= after_round && m.involves(team) && m.away.is_some())
        .filter(|m| m.forfeit.is_none() && !m.unplayed)
        .map(|of| {
            let wins = own_results(event, of, team)
                .into_iter()
                .filter(|(_, result)| matches!(result, GameResult::Win | GameResult::ForfeitWin))
                .count();
            (of.round, wins as u32)
        })
        .collect()
}

/// The result of `team`'s side on each board of a match played board by board, as
/// `(board index, result)`; boards still without a result are left out.
fn own_results(event: &TeamEvent, of: &TeamMatch, team: TeamId) -> Vec<(usize, GameResult)> {
    let squad = event.team(team).map(|t| t.squad.as_slice()).unwrap_or(&[]);
    of.boards
        .iter()
        .enumerate()
        .filter_map(|(index, board)| {
            let result = board.effective_result()?;
            let (white_result, black_result) = result.game_results();
            let ours_white = board.white.is_some_and(|p| squad.contains(&p))
                || (board.white.is_none() && board.black.is_some_and(|p| !squad.contains(&p)));
            let ours = if ours_white {
                white_result
            } else {
                black_result.unwrap_or(GameResult::ZeroPointBye)
            };
            Some((index, ours))
        })
        .collect()
}
