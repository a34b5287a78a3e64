//! One board of a round — the one type the pairing engines return, the round planner writes,
//! the store saves, TRF import reads and printing draws.
//!
//! Players are starting numbers ([`PlayerId`], C.04.2 Art. 2.2). A board has White and Black,
//! or one player and no opponent (a bye row: pairing-allocated bye, requested bye, absence,
//! withdrawal, late entry's missed round). [`record_round`] writes a round of boards into the
//! per-player [`RoundEntry`] shape of [`Tournament`] (what TRF, pairing and tie-breaks read);
//! [`boards_of_round`] reads it back.

use crate::tournament::model::{Color, GameResult, PlayerId, RoundEntry, Tournament};
use crate::tournament::result::BoardResult;

/// One board of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Board number, 1-based (C.04.2 Art. 4: games first, byes after).
    pub number: u32,
    /// White, or the player alone on a bye row.
    pub white: PlayerId,
    /// Black; `None` on a bye row.
    pub black: Option<PlayerId>,
    /// The result, `None` while the game is not finished.
    pub result: Option<BoardResult>,
    /// A pairing not played whose colours were never given (TRF `- +`, `- -`, as some
    /// programs write a forfeit): White and Black are only its seats, and while the result is
    /// a forfeit [`record_round`] gives neither player a colour. False for every board this
    /// program pairs.
    pub colourless: bool,
}

impl Board {
    /// A game still to play.
    pub fn game(number: u32, white: PlayerId, black: PlayerId) -> Board {
        Board {
            number,
            white,
            black: Some(black),
            result: None,
            colourless: false,
        }
    }

    /// A bye row: `player` alone, with the bye's result already known.
    pub fn bye(number: u32, player: PlayerId, result: BoardResult) -> Board {
        Board {
            number,
            white: player,
            black: None,
            result: Some(result),
            colourless: false,
        }
    }

    /// True for a bye row (no opponent).
    pub fn is_bye(&self) -> bool {
        self.black.is_none()
    }

    /// True when `player` sits at this board.
    pub fn seats(&self, player: PlayerId) -> bool {
        self.white == player || self.black == Some(player)
    }

    /// The two players of a game (`None` on a bye row).
    pub fn players(&self) -> Option<(PlayerId, PlayerId)> {
        self.black.map(|black| (self.white, black))
    }
}

/// The pairing-allocated bye of a round (C.04.1 c), if any.
pub fn pairing_allocated_bye(boards: &[Board]) -> Option<PlayerId> {
    boards
        .iter()
        .find(|board| board.is_bye() && board.result == Some(BoardResult::PairingAllocatedBye))
        .map(|board| board.white)
}

/// Writes round `round` (1-based) into the players' entries: each player at a board gets the
/// opponent, colour and result; a game without a result yet counts as paired with nothing
/// scored. Players with no board keep what they had (callers fill absences first).
pub fn record_round(tournament: &mut Tournament, round: u32, boards: &[Board]) {
    let Some(slot) = (round as usize).checked_sub(1) else {
        return;
    };
    let unpaired = RoundEntry {
        opponent: None,
        color: None,
        result: GameResult::ZeroPointBye,
    };
    let mut put = |player: PlayerId, entry: RoundEntry| {
        if let Some(index) = (player.0 as usize).checked_sub(1)
            && let Some(player) = tournament.players.get_mut(index)
        {
            if player.rounds.len() <= slot {
                player.rounds.resize(slot + 1, unpaired);
            }
            player.rounds[slot] = entry;
        }
    };
    for board in boards {
        let (white_result, black_result) = match board.result {
            Some(result) => result.game_results(),
            None => (GameResult::ZeroPointBye, Some(GameResult::ZeroPointBye)),
        };
        // A forfeit of a pairing whose colours were never given keeps them ungiven; a game
        // played over the board always has its colours.
        let unplayed = !white_result.is_played() && board.result.is_some();
        let colour = |colour: Color| (!(board.colourless && unplayed)).then_some(colour);
        match board.black {
            Some(black) => {
                put(
                    board.white,
                    RoundEntry {
                        opponent: Some(black),
                        color: colour(Color::White),
                        result: white_result,
                    },
                );
                put(
                    black,
                    RoundEntry {
                        opponent: Some(board.white),
                        color: colour(Color::Black),
                        result: black_result.unwrap_or(GameResult::ZeroPointBye),
                    },
                );
            }
            None => put(
                board.white,
                RoundEntry {
                    opponent: None,
                    color: None,
                    result: if white_result.is_bye() {
                        white_result
                    } else {
                        GameResult::ZeroPointBye
                    },
                },
            ),
        }
    }
}

/// Why the entries of a round do not make boards.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("round {round}: player {player} meets {opponent}, who does not name them back")]
pub struct UnmatchedOpponent {
    /// The round.
    pub round: u32,
    /// The player whose entry names `opponent`.
    pub player: u32,
    /// The opponent named.
    pub opponent: u32,
}

/// The boards of round `round` (1-based) as the players' entries describe them: games first
/// (in the order of their higher-ranked player), then bye rows; both players of a game must
/// name each other.
pub fn boards_of_round(
    tournament: &Tournament,
    round: u32,
) -> Result<Vec<Board>, UnmatchedOpponent> {
    let Some(slot) = (round as usize).checked_sub(1) else {
        return Ok(Vec::new());
    };
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for player in &tournament.players {
        let Some(entry) = player.rounds.get(slot) else {
            continue;
        };
        match entry.opponent {
            None => byes.push((
                player.id,
                BoardResult::from_game_results(entry.result, None),
            )),
            Some(opponent) if opponent > player.id => {
                let other = tournament
                    .player(opponent)
                    .and_then(|o| o.rounds.get(slot))
                    .filter(|o| o.opponent == Some(player.id))
                    .ok_or(UnmatchedOpponent {
                        round,
                        player: player.id.0,
                        opponent: opponent.0,
                    })?;
                let (white, black, white_result, black_result) =
                    if entry.color == Some(Color::Black) {
                        (opponent, player.id, other.result, entry.result)
                    } else {
                        (player.id, opponent, entry.result, other.result)
                    };
                games.push((
                    white,
                    black,
                    BoardResult::from_game_results(white_result, Some(black_result)),
                    entry.color.is_none() && other.color.is_none(),
                ));
            }
            Some(_) => {}
        }
    }
    let mut boards: Vec<Board> = games
        .into_iter()
        .map(|(white, black, result, colourless)| Board {
            number: 0,
            white,
            black: Some(black),
            result: Some(result),
            colourless,
        })
        .chain(
            byes.into_iter()
                .map(|(player, result)| Board::bye(0, player, result)),
        )
        .collect();
    for (number, board) in (1..).zip(boards.iter_mut()) {
        board.number = number;
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::Player;

    fn players(n: u32) -> Tournament {
        Tournament {
            players: (1..=n)
                .map(|id| Player {
                    id: PlayerId(id),
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        }
    }

    #[test]
    fn a_recorded_round_reads_back_as_the_same_boards() {
        let mut tournament = players(5);
        let boards = vec![
            Board {
                number: 1,
                white: PlayerId(3),
                black: Some(PlayerId(1)),
                result: Some(BoardResult::Draw),
                colourless: false,
            },
            Board {
                number: 2,
                white: PlayerId(2),
                black: Some(PlayerId(4)),
                result: Some(BoardResult::BlackWinsByForfeit),
                colourless: true,
            },
            Board::bye(3, PlayerId(5), BoardResult::PairingAllocatedBye),
        ];
        record_round(&mut tournament, 1, &boards);
        let back = boards_of_round(&tournament, 1).expect("boards");
        // Games come back in the order of their higher-ranked player.
        assert_eq!(back[0].players(), Some((PlayerId(3), PlayerId(1))));
        assert_eq!(back[0].result, Some(BoardResult::Draw));
        assert_eq!(back[1].result, Some(BoardResult::BlackWinsByForfeit));
        // The forfeit without colours stays without them.
        assert!(back[1].colourless && !back[0].colourless);
        assert_eq!(tournament.players[1].rounds[0].color, None);
        assert_eq!(pairing_allocated_bye(&back), Some(PlayerId(5)));
    }

    #[test]
    fn an_opponent_who_does_not_name_the_player_back_is_refused() {
        let mut tournament = players(3);
        tournament.players[0].rounds.push(RoundEntry {
            opponent: Some(PlayerId(2)),
            color: Some(Color::White),
            result: GameResult::Win,
        });
        tournament.players[1].rounds.push(RoundEntry {
            opponent: Some(PlayerId(3)),
            color: Some(Color::Black),
            result: GameResult::Loss,
        });
        assert_eq!(
            boards_of_round(&tournament, 1),
            Err(UnmatchedOpponent {
                round: 1,
                player: 1,
                opponent: 2
            })
        );
    }
}
