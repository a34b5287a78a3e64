//! The players' records checked against each other: opponents that name each other back, points
//! columns equal to the results.

use super::*;

/// The players' records checked against each other, every problem in file order: each
/// opponent exists and names the player back in the same round, and each points column
/// (columns 81–84) equals the results under the file's point system. The rounds after the
/// last paired one hold byes requested ahead, which such files leave out of the total (or
/// count in it): either total is accepted. The problems of [`cross_problems`], in English.
pub fn cross_check(read: &TrfRead) -> Vec<TrfError> {
    cross_problems(read)
        .into_iter()
        .map(|(line, column, problem)| err(line, column, TrfProblem::Cross(problem)))
        .collect()
}

/// What the cross-check of the players' records finds ([`cross_problems`]), with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CrossProblem {
    /// A round names an opponent who is not in the file, or the player himself.
    NoOpponent {
        /// The round.
        round: u32,
        /// The starting number named.
        opponent: u32,
    },
    /// A player is paired with an opponent who is not paired with him in that round.
    NotPairedBack {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
        /// The opponent named.
        opponent: u32,
    },
    /// The points column differs from the results under the file's point system.
    PointsDiffer {
        /// The player.
        player: u32,
        /// The points column.
        given: Points,
        /// The results (and points outside the games) added up.
        total: Points,
    },
}

impl CrossProblem {
    /// The problem in English.
    pub fn reason(&self) -> String {
        match self {
            CrossProblem::NoOpponent { round, opponent } => {
                format!("round {round}: no opponent {opponent}")
            }
            CrossProblem::NotPairedBack {
                round,
                player,
                opponent,
            } => format!(
                "round {round}: player {player} is paired with {opponent} but {opponent} is not paired with {player}"
            ),
            CrossProblem::PointsDiffer {
                player,
                given,
                total,
            } => format!(
                "points column says {given} but the results add up to {total} (player {player})"
            ),
        }
    }
}

/// The players' records checked against each other ([`cross_check`]): each problem with its
/// line and column.
pub fn cross_problems(read: &TrfRead) -> Vec<(usize, usize, CrossProblem)> {
    let tournament = &read.tournament;
    let players = &tournament.players;
    let line_of = |index: usize| read.player_lines.get(index).copied().unwrap_or(0);
    let known = |id: PlayerId| id.0 >= 1 && id.0 as usize <= players.len();
    let rounds_with_games = tournament.rounds_paired();
    let mut problems = Vec::new();
    for (index, player) in players.iter().enumerate() {
        for (round, entry) in player.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent else {
                continue;
            };
            let column = 92 + 10 * round;
            let round = round as u32 + 1;
            if !known(opponent) || opponent == player.id {
                problems.push((
                    line_of(index),
                    column,
                    CrossProblem::NoOpponent {
                        round,
                        opponent: opponent.0,
                    },
                ));
                continue;
            }
            let back = players[opponent.0 as usize - 1]
                .rounds
                .get(round as usize - 1)
                .and_then(|e| e.opponent);
            if back != Some(player.id) {
                problems.push((
                    line_of(index),
                    column,
                    CrossProblem::NotPairedBack {
                        round,
                        player: player.id.0,
                        opponent: opponent.0,
                    },
                ));
            }
        }
    }
    for (index, player) in players.iter().enumerate() {
        let Some(given) = player.declared_points else {
            continue;
        };
        let score = |e: &RoundEntry| tournament.points.score(e.result);
        let outside = tournament.adjustment(player.id, u32::MAX);
        let total: Points = player.rounds.iter().map(score).sum::<Points>() + outside;
        let paired_total: Points = player
            .rounds
            .iter()
            .take(rounds_with_games as usize)
            .map(score)
            .sum::<Points>()
            + outside;
        if given != total && given != paired_total {
            problems.push((
                line_of(index),
                81,
                CrossProblem::PointsDiffer {
                    player: player.id.0,
                    given,
                    total,
                },
            ));
        }
    }
    problems
}
