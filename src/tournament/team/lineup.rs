//! A team's line-up for one match: an ordered subset of its squad, checked against the squad
//! order, and seated on the boards. A team that brings fewer players than boards leaves its
//! bottom boards empty; those boards are lost by forfeit
//! ([`crate::tournament::team::MatchBoard::effective_result`]).
//!
//! The competition rules of the Czech, Slovak, Hungarian and Serbian leagues (as of FIDE
//! team events) fix the board order by the squad list: a player listed above another in the
//! squad must play on a higher board if both play.

use crate::tournament::model::PlayerId;

/// Why a line-up is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    /// More players than boards.
    #[error("the line-up names {named} players for {boards} boards")]
    TooManyPlayers {
        /// Players named.
        named: usize,
        /// Boards of the match.
        boards: u32,
    },
    /// A player named twice.
    #[error("board {second}: the player is already on board {first}")]
    NamedTwice {
        /// The first board the player is on.
        first: u32,
        /// The board that names them again.
        second: u32,
    },
    /// A player who is not in the squad.
    #[error("board {board}: the player is not in the team's squad")]
    NotInSquad {
        /// The board.
        board: u32,
    },
    /// Two players in the wrong order.
    #[error(
        "board {board}: the player is listed below the player of board {lower_board} in the squad (squad places {place} and {lower_place}), so must play on a lower board"
    )]
    OutOfOrder {
        /// The board whose player is out of order.
        board: u32,
        /// The board below it whose player comes first in the squad.
        lower_board: u32,
        /// The squad place of the player on `board`.
        place: usize,
        /// The squad place of the player on `lower_board`.
        lower_place: usize,
    },
}

/// Checks `lineup` (board 1 first) against `squad` and seats it on `boards` boards: the players
/// on the top boards in the order given, the bottom boards empty when the team is short.
pub fn seat(
    squad: &[PlayerId],
    lineup: &[PlayerId],
    boards: u32,
) -> Result<Vec<Option<PlayerId>>, LineupError> {
    if lineup.len() > boards as usize {
        return Err(LineupError::TooManyPlayers {
            named: lineup.len(),
            boards,
        });
    }
    let mut places: Vec<usize> = Vec::with_capacity(lineup.len());
    for (index, player) in lineup.iter().enumerate() {
        let board = index as u32 + 1;
        if let Some(first) = lineup[..index].iter().position(|p| p == player) {
            return Err(LineupError::NamedTwice {
                first: first as u32 + 1,
                second: board,
            });
        }
        let place = squad
            .iter()
            .position(|p| p == player)
            .ok_or(LineupError::NotInSquad { board })?;
        places.push(place);
    }
    for (index, &place) in places.iter().enumerate() {
        if let Some(offset) = places[index + 1..].iter().position(|&lower| lower < place) {
            let lower_index = index + 1 + offset;
            return Err(LineupError::OutOfOrder {
                board: index as u32 + 1,
                lower_board: lower_index as u32 + 1,
                place: place + 1,
                lower_place: places[lower_index] + 1,
            });
        }
    }
    let mut seats: Vec<Option<PlayerId>> = lineup.iter().copied().map(Some).collect();
    seats.resize(boards as usize, None);
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(numbers: &[u32]) -> Vec<PlayerId> {
        numbers.iter().map(|&n| PlayerId(n)).collect()
    }

    #[test]
    fn a_short_team_leaves_its_bottom_boards_empty() {
        let seats = seat(&ids(&[1, 2, 3, 4, 5]), &ids(&[1, 3, 4]), 4).expect("in order");
        assert_eq!(
            seats,
            vec![
                Some(PlayerId(1)),
                Some(PlayerId(3)),
                Some(PlayerId(4)),
                None
            ]
        );
    }

    #[test]
    fn a_lineup_against_the_squad_order_is_refused_with_both_boards() {
        let error = seat(&ids(&[1, 2, 3, 4, 5]), &ids(&[1, 4, 2]), 4).expect_err("4 above 2");
        assert_eq!(
            error,
            LineupError::OutOfOrder {
                board: 2,
                lower_board: 3,
                place: 4,
                lower_place: 2
            }
        );
    }

    #[test]
    fn a_player_named_twice_or_from_elsewhere_is_refused() {
        let squad = ids(&[1, 2, 3]);
        assert_eq!(
            seat(&squad, &ids(&[1, 1]), 4),
            Err(LineupError::NamedTwice {
                first: 1,
                second: 2
            })
        );
        assert_eq!(
            seat(&squad, &ids(&[1, 9]), 4),
            Err(LineupError::NotInSquad { board: 2 })
        );
        assert_eq!(
            seat(&squad, &ids(&[1, 2, 3]), 2),
            Err(LineupError::TooManyPlayers {
                named: 3,
                boards: 2
            })
        );
    }
}
