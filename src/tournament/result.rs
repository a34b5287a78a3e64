//! The result of one board (FIDE Laws Art. 10; byes and forfeits of C.04.1 and C.04.2): the one
//! typed value that is entered, stored, paired on, scored, printed and exported.
//!
//! A board has two players, or one player and no opponent (a bye row). Each [`BoardResult`]
//! says what both sides get ([`BoardResult::game_results`]); the reverse mapping
//! ([`BoardResult::from_game_results`]) is how a TRF file's two round entries become one board.
//! The stored text ([`BoardResult::as_str`]) is the code the web forms send:
//!
//! | result | code | White | Black |
//! |---|---|---|---|
//! | played, White wins | `1-0` | `1` | `0` |
//! | played, draw | `1/2-1/2` | `=` | `=` |
//! | played, Black wins | `0-1` | `0` | `1` |
//! | Black did not play (Art. 6.7.1) | `+/-` | `+` | `-` |
//! | White did not play | `-/+` | `-` | `+` |
//! | neither played | `-/-` | `-` | `-` |
//! | pairing-allocated bye (C.04.1 c) | `U` | `U` | |
//! | requested full-point bye | `F` | `F` | |
//! | requested half-point bye (C.04.2 Art. 3.3) | `H` | `H` | |
//! | zero-point bye, absence, withdrawal, free round of an odd round robin | `Z` | `Z` | |

use crate::tournament::model::GameResult;

/// What happened on a board.
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
    /// `Z`: zero-point bye (also an absence, a withdrawal, and the free round of a round robin
    /// with an odd field).
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

    /// The code stored in the database and sent by forms.
    pub fn as_str(self) -> &'static str {
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

    /// The result as printed on pairing lists and pages (`½-½` for a draw).
    pub fn label(self) -> &'static str {
        match self {
            BoardResult::Draw => "½-½",
            other => other.as_str(),
        }
    }

    /// Parses a stored or submitted code; also accepts what arbiters type on a keyboard
    /// (`1`, `0`, `=`, `½`, `+`, `-` for the board's first-named player).
    pub fn parse(code: &str) -> Option<BoardResult> {
        let code = code.trim();
        let short = match code {
            "1" => Some(BoardResult::WhiteWins),
            "0" => Some(BoardResult::BlackWins),
            "=" | "½" | "½-½" | "0.5-0.5" => Some(BoardResult::Draw),
            "+" => Some(BoardResult::WhiteWinsByForfeit),
            "-" => Some(BoardResult::BlackWinsByForfeit),
            _ => None,
        };
        short.or_else(|| {
            BoardResult::GAME
                .into_iter()
                .chain(BoardResult::BYE)
                .find(|result| result.as_str() == code)
        })
    }

    /// True for the results of a bye row (no opponent).
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

    /// The board result of two round entries that name each other (`white` is the entry of
    /// the player with White), or of one entry without opponent (`black` is `None`).
    ///
    /// Unrated games (`W`, `D`, `L`) are boards of play like rated ones. A forfeit on one side
    /// only counts as that forfeit; any other pair with no forfeit win is a double forfeit. On
    /// a bye row a `+` is an old-style pairing-allocated bye and a `-` or blank an absence.
    pub fn from_game_results(white: GameResult, black: Option<GameResult>) -> BoardResult {
        let Some(black) = black else {
            return match white {
                GameResult::HalfPointBye => BoardResult::HalfPointBye,
                GameResult::FullPointBye => BoardResult::FullPointBye,
                GameResult::PairingAllocatedBye | GameResult::ForfeitWin => {
                    BoardResult::PairingAllocatedBye
                }
                _ => BoardResult::ZeroPointBye,
            };
        };
        match white {
            GameResult::Win | GameResult::UnratedWin => BoardResult::WhiteWins,
            GameResult::Draw | GameResult::UnratedDraw => BoardResult::Draw,
            GameResult::Loss | GameResult::UnratedLoss => BoardResult::BlackWins,
            GameResult::ForfeitWin => BoardResult::WhiteWinsByForfeit,
            _ if black == GameResult::ForfeitWin => BoardResult::BlackWinsByForfeit,
            _ => BoardResult::DoubleForfeit,
        }
    }
}

impl std::fmt::Display for BoardResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for result in BoardResult::GAME.into_iter().chain(BoardResult::BYE) {
            assert_eq!(BoardResult::parse(result.as_str()), Some(result));
        }
        assert_eq!(BoardResult::parse("2-0"), None);
        assert_eq!(BoardResult::parse("="), Some(BoardResult::Draw));
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

    #[test]
    fn every_result_maps_back_from_its_entries() {
        for result in BoardResult::GAME.into_iter().chain(BoardResult::BYE) {
            let (white, black) = result.game_results();
            assert_eq!(BoardResult::from_game_results(white, black), result);
        }
    }
}
