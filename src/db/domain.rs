//! From the database to the pure domain: the result codes stored in `games.result`, and a whole
//! tournament loaded at once and converted to [`crate::tournament::model::Tournament`] (players
//! numbered by starting rank, one round entry per round) for standings and the crosstable.
//!
//! Result codes (issue 2 §6, FIDE Laws Art. 10): `1-0`, `1/2-1/2`, `0-1` for played games;
//! `+/-`, `-/+` for a win by forfeit, `-/-` when both players forfeit; on a bye row (no Black)
//! `U` pairing-allocated bye, `F` full-point, `H` half-point, `Z` zero-point bye. In a round robin
//! the player who meets the dummy number of an odd field (C.05 Annex 1) has a free round, stored
//! as `Z` unless the arbiter changes it.

use crate::db::DbConn;
use crate::db::models::{Game, Player, PlayerId, Round, Tournament, TournamentId};
use crate::tournament::model::{self, Color, GameResult, RoundEntry};

/// What can be entered on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// `1-0`.
    WhiteWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-1`.
    BlackWins,
    /// `+/-`: Black did not play.
    WhiteWinsByForfeit,
    /// `-/+`: White did not play.
    BlackWinsByForfeit,
    /// `-/-`: neither played.
    DoubleForfeit,
    /// `U`: pairing-allocated bye.
    PairingAllocatedBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `Z`: zero-point bye (also the free round of a round robin with an odd field).
    ZeroPointBye,
}

impl BoardResult {
    /// The results of a board with two players, in the order of the entry form.
    pub const GAME: [BoardResult; 6] = [
        BoardResult::WhiteWins,
        BoardResult::Draw,
        BoardResult::BlackWins,
        BoardResult::WhiteWinsByForfeit,
        BoardResult::BlackWinsByForfeit,
        BoardResult::DoubleForfeit,
    ];

    /// The results of a bye board.
    pub const BYE: [BoardResult; 4] = [
        BoardResult::ZeroPointBye,
        BoardResult::PairingAllocatedBye,
        BoardResult::HalfPointBye,
        BoardResult::FullPointBye,
    ];

    /// The code stored in `games.result` and sent by forms.
    pub fn code(self) -> &'static str {
        match self {
            BoardResult::WhiteWins => "1-0",
            BoardResult::Draw => "1/2-1/2",
            BoardResult::BlackWins => "0-1",
            BoardResult::WhiteWinsByForfeit => "+/-",
            BoardResult::BlackWinsByForfeit => "-/+",
            BoardResult::DoubleForfeit => "-/-",
            BoardResult::PairingAllocatedBye => "U",
            BoardResult::FullPointBye => "F",
            BoardResult::HalfPointBye => "H",
            BoardResult::ZeroPointBye => "Z",
        }
    }

    /// The result as printed on pairing lists (`½-½` for a draw).
    pub fn label(self) -> &'static str {
        match self {
            BoardResult::Draw => "½-½",
            other => other.code(),
        }
    }

    /// Parses a stored or submitted code.
    pub fn parse(code: &str) -> Option<BoardResult> {
        BoardResult::GAME
            .into_iter()
            .chain(BoardResult::BYE)
            .find(|result| result.code() == code.trim())
    }

    /// True for the codes of a bye board.
    pub fn is_bye(self) -> bool {
        BoardResult::BYE.contains(&self)
    }

    /// What White (or the player with the bye) and Black get.
    pub fn game_results(self) -> (GameResult, Option<GameResult>) {
        match self {
            BoardResult::WhiteWins => (GameResult::Win, Some(GameResult::Loss)),
            BoardResult::Draw => (GameResult::Draw, Some(GameResult::Draw)),
            BoardResult::BlackWins => (GameResult::Loss, Some(GameResult::Win)),
            BoardResult::WhiteWinsByForfeit => {
                (GameResult::ForfeitWin, Some(GameResult::ForfeitLoss))
            }
            BoardResult::BlackWinsByForfeit => {
                (GameResult::ForfeitLoss, Some(GameResult::ForfeitWin))
            }
            BoardResult::DoubleForfeit => (GameResult::ForfeitLoss, Some(GameResult::ForfeitLoss)),
            BoardResult::PairingAllocatedBye => (GameResult::PairingAllocatedBye, None),
            BoardResult::FullPointBye => (GameResult::FullPointBye, None),
            BoardResult::HalfPointBye => (GameResult::HalfPointBye, None),
            BoardResult::ZeroPointBye => (GameResult::ZeroPointBye, None),
        }
    }
}

/// A tournament with everything the pages need, read in one go.
#[derive(Debug, Clone)]
pub struct TournamentData {
    /// The tournament row.
    pub tournament: Tournament,
    /// Every player, by starting rank (players without one last).
    pub players: Vec<Player>,
    /// The paired rounds, by number.
    pub rounds: Vec<Round>,
    /// Every game of those rounds.
    pub games: Vec<Game>,
}

impl TournamentData {
    /// Loads tournament `id` with its players, rounds and games.
    pub fn load(
        conn: &mut DbConn,
        id: TournamentId,
    ) -> diesel::QueryResult<Option<TournamentData>> {
        let Some(tournament) = Tournament::find(conn, id)? else {
            return Ok(None);
        };
        let players = Player::for_tournament(conn, id)?;
        let rounds = Round::for_tournament(conn, id)?;
        let round_ids: Vec<_> = rounds.iter().map(|round| round.id).collect();
        let games = Game::for_rounds(conn, &round_ids)?;
        Ok(Some(TournamentData {
            tournament,
            players,
            rounds,
            games,
        }))
    }

    /// The games of round `number`, by board.
    pub fn games_of_round(&self, number: i32) -> Vec<&Game> {
        let Some(round) = self.rounds.iter().find(|round| round.number == number) else {
            return Vec::new();
        };
        let mut games: Vec<&Game> = self
            .games
            .iter()
            .filter(|game| game.round_id == round.id)
            .collect();
        games.sort_by_key(|game| game.board);
        games
    }

    /// The player with this row id.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|player| player.id == id)
    }

    /// The players that have a starting rank, in starting-rank order.
    pub fn ranked_players(&self) -> Vec<&Player> {
        let mut ranked: Vec<&Player> = self
            .players
            .iter()
            .filter(|player| player.starting_rank.is_some())
            .collect();
        ranked.sort_by_key(|player| player.starting_rank);
        ranked
    }

    /// The number of leading rounds whose every board has a result.
    pub fn complete_rounds(&self) -> u32 {
        let mut complete = 0;
        for round in &self.rounds {
            let games = self.games_of_round(round.number);
            if games.is_empty() || games.iter().any(|game| game.result.is_none()) {
                break;
            }
            complete += 1;
        }
        complete
    }

    /// The tournament as the pure domain sees it, with the first `rounds` rounds: players with
    /// a starting rank, numbered by it; a player without a board in a round gets a zero-point
    /// bye there. Unknown result codes count as not played (zero-point bye).
    pub fn to_model(&self, rounds: u32) -> model::Tournament {
        let ranked = self.ranked_players();
        let number_of = |id: PlayerId| -> Option<model::PlayerId> {
            ranked
                .iter()
                .position(|player| player.id == id)
                .map(|index| model::PlayerId(index as u32 + 1))
        };
        let unpaired = RoundEntry {
            opponent: None,
            color: None,
            result: GameResult::ZeroPointBye,
        };
        let mut players: Vec<model::Player> = ranked
            .iter()
            .enumerate()
            .map(|(index, player)| model::Player {
                id: model::PlayerId(index as u32 + 1),
                name: player.name.clone(),
                sex: player.sex.clone(),
                title: player.title.clone(),
                rating: u16::try_from(player.rating).unwrap_or(0),
                federation: player.federation.clone(),
                fide_id: player.fide_id.and_then(|id| u64::try_from(id).ok()),
                birth: player.birth_year.map(|y| y.to_string()).unwrap_or_default(),
                declared_points: None,
                rounds: vec![unpaired; rounds as usize],
            })
            .collect();
        for round_number in 1..=rounds {
            let slot = round_number as usize - 1;
            for game in self.games_of_round(round_number as i32) {
                let result = game.result.as_deref().and_then(BoardResult::parse);
                let white = number_of(game.white_id);
                let black = game.black_id.and_then(number_of);
                let (white_result, black_result) = match result {
                    Some(result) => result.game_results(),
                    None => (GameResult::ZeroPointBye, Some(GameResult::ZeroPointBye)),
                };
                if let Some(white) = white {
                    players[white.0 as usize - 1].rounds[slot] = RoundEntry {
                        opponent: black,
                        color: black.map(|_| Color::White),
                        result: if black.is_some() || white_result.is_bye() {
                            white_result
                        } else {
                            GameResult::ZeroPointBye
                        },
                    };
                }
                if let (Some(black), Some(black_result)) = (black, black_result) {
                    players[black.0 as usize - 1].rounds[slot] = RoundEntry {
                        opponent: white,
                        color: Some(Color::Black),
                        result: black_result,
                    };
                }
            }
        }
        model::Tournament {
            name: self.tournament.name.clone(),
            total_rounds: u32::try_from(self.tournament.rounds).unwrap_or(0),
            players,
            points: self.tournament.point_system(),
            ..model::Tournament::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for result in BoardResult::GAME.into_iter().chain(BoardResult::BYE) {
            assert_eq!(BoardResult::parse(result.code()), Some(result));
        }
        assert_eq!(BoardResult::parse("2-0"), None);
        assert!(BoardResult::ZeroPointBye.is_bye());
        assert!(!BoardResult::DoubleForfeit.is_bye());
    }

    #[test]
    fn art_10_forfeits_mirror() {
        assert_eq!(
            BoardResult::DoubleForfeit.game_results(),
            (GameResult::ForfeitLoss, Some(GameResult::ForfeitLoss))
        );
        assert_eq!(
            BoardResult::BlackWinsByForfeit.game_results(),
            (GameResult::ForfeitLoss, Some(GameResult::ForfeitWin))
        );
    }
}
