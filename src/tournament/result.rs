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
//! | arbiter's penalty after a played game: both lose | `0-0` | `0` | `0` |
//! | arbiter's penalty: White keeps ½, Black gets nothing | `1/2-0` | `=` | `0` |
//! | arbiter's penalty: White gets nothing, Black keeps ½ | `0-1/2` | `0` | `=` |
//! | the same, game not rated | `0-0 NR`, `1/2-0 NR`, `0-1/2 NR` | `L`/`D` | `L`/`D` |
//! | played, not rated: White wins, draw, Black wins | `1-0 NR`, `1/2-1/2 NR`, `0-1 NR` | `W`/`D`/`L` | `L`/`D`/`W` |
//!
//! A game played but not rated ([`BoardResult::Unrated`]; FIDE Rating Regulations: e.g. a
//! game against an opponent who played no move, or between players the organiser has declared
//! not rated) scores as the game did and counts for pairing as a played game; only the rating
//! report tells it apart (TRF `W`, `D`, `L`).
//!
//! Penalty results ([`BoardResult::Penalty`]) are the scores an arbiter decides after a game was
//! played: the offender's points reduced or the game declared lost with the opponent's score
//! decided by the arbiter (FIDE Laws Art. 12.9.4–12.9.6 of the Laws in force since 2018, the
//! letters d–f of older editions), or both players penalised, e.g. for an electronic device
//! (Art. 11.3; 11.3 b of the 2014 edition). The game was played: the players have met, their
//! colours count, and each side keeps its own score ([`BoardResult::game_results`]). A score
//! above a win (1-1) or the ordinary ½-½ is no penalty result; [`BoardResult::parse`] never
//! reads a penalty (only the arbiter's penalty form enters one, with its article and reason),
//! [`BoardResult::from_code`] reads every stored code.

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
    /// A game played but not rated (TRF `W`, `D`, `L`): scored as played, left out of the
    /// rating.
    Unrated(Outcome),
    /// The arbiter's penalty score after a played game (Laws Art. 12.9.4–12.9.6, 11.3).
    Penalty {
        /// Who keeps what.
        score: PenaltyScore,
        /// False when the game is not rated (TRF `L`/`D` instead of `0`/`=`).
        rated: bool,
    },
}

/// Who won a played game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// A draw.
    Draw,
    /// Black won.
    BlackWins,
}

/// The score of a penalty result: less than the game gave, never more than a win in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PenaltyScore {
    /// 0-0: both players get nothing.
    BothZero,
    /// ½-0: White keeps half a point, Black gets nothing.
    WhiteHalf,
    /// 0-½: White gets nothing, Black keeps half a point.
    BlackHalf,
}

/// The article under which an arbiter enters a penalty result (FIDE Laws in force since 2018;
/// [`PenaltyArticle::code`] is what the audit row keeps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PenaltyArticle {
    /// Art. 12.9.4 (12.9 f of older editions): the opponent's points in the game increased to
    /// the most the game could give.
    OpponentPointsIncreased,
    /// Art. 12.9.5 (12.9 e): the offender's points in the game reduced.
    OffenderPointsReduced,
    /// Art. 12.9.6 (12.9 d): the game declared lost by the offender; the arbiter decides the
    /// opponent's score.
    GameDeclaredLost,
    /// Art. 11.3 (11.3 b of the 2014 edition): an electronic device in the playing venue,
    /// either or both players.
    ElectronicDevice,
}

impl PenaltyArticle {
    /// Every article, in the order of the arbiter's form.
    pub const ALL: [PenaltyArticle; 4] = [
        PenaltyArticle::OffenderPointsReduced,
        PenaltyArticle::GameDeclaredLost,
        PenaltyArticle::OpponentPointsIncreased,
        PenaltyArticle::ElectronicDevice,
    ];

    /// The article's number as the Laws write it (`12.9.5`).
    pub fn code(self) -> &'static str {
        match self {
            PenaltyArticle::OpponentPointsIncreased => "12.9.4",
            PenaltyArticle::OffenderPointsReduced => "12.9.5",
            PenaltyArticle::GameDeclaredLost => "12.9.6",
            PenaltyArticle::ElectronicDevice => "11.3",
        }
    }

    /// The article of `code`, if it is one of [`PenaltyArticle::ALL`].
    pub fn parse(code: &str) -> Option<PenaltyArticle> {
        PenaltyArticle::ALL
            .into_iter()
            .find(|article| article.code() == code.trim())
    }
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

    /// The games played but not rated.
    pub const UNRATED: [BoardResult; 3] = [
        BoardResult::Unrated(Outcome::WhiteWins),
        BoardResult::Unrated(Outcome::Draw),
        BoardResult::Unrated(Outcome::BlackWins),
    ];

    /// The penalty results an arbiter may enter after a played game, rated then not rated.
    pub const PENALTY: [BoardResult; 6] = [
        BoardResult::Penalty {
            score: PenaltyScore::BothZero,
            rated: true,
        },
        BoardResult::Penalty {
            score: PenaltyScore::WhiteHalf,
            rated: true,
        },
        BoardResult::Penalty {
            score: PenaltyScore::BlackHalf,
            rated: true,
        },
        BoardResult::Penalty {
            score: PenaltyScore::BothZero,
            rated: false,
        },
        BoardResult::Penalty {
            score: PenaltyScore::WhiteHalf,
            rated: false,
        },
        BoardResult::Penalty {
            score: PenaltyScore::BlackHalf,
            rated: false,
        },
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
            BoardResult::Unrated(Outcome::WhiteWins) => "1-0 NR",
            BoardResult::Unrated(Outcome::Draw) => "1/2-1/2 NR",
            BoardResult::Unrated(Outcome::BlackWins) => "0-1 NR",
            BoardResult::Penalty { score, rated } => match (score, rated) {
                (PenaltyScore::BothZero, true) => "0-0",
                (PenaltyScore::WhiteHalf, true) => "1/2-0",
                (PenaltyScore::BlackHalf, true) => "0-1/2",
                (PenaltyScore::BothZero, false) => "0-0 NR",
                (PenaltyScore::WhiteHalf, false) => "1/2-0 NR",
                (PenaltyScore::BlackHalf, false) => "0-1/2 NR",
            },
        }
    }

    /// The result as printed on pairing lists and pages (`½-½` for a draw, `½-0` for a
    /// penalty; `NR` marks a game not rated).
    pub fn label(self) -> &'static str {
        match self {
            BoardResult::Draw => "½-½",
            BoardResult::Unrated(Outcome::Draw) => "½-½ NR",
            BoardResult::Penalty { score, rated } => match (score, rated) {
                (PenaltyScore::WhiteHalf, true) => "½-0",
                (PenaltyScore::BlackHalf, true) => "0-½",
                (PenaltyScore::WhiteHalf, false) => "½-0 NR",
                (PenaltyScore::BlackHalf, false) => "0-½ NR",
                (PenaltyScore::BothZero, _) => self.as_str(),
            },
            other => other.as_str(),
        }
    }

    /// Reads a stored code exactly (every result, penalty results included); `None` for
    /// anything else.
    pub fn from_code(code: &str) -> Option<BoardResult> {
        BoardResult::GAME
            .into_iter()
            .chain(BoardResult::BYE)
            .chain(BoardResult::UNRATED)
            .chain(BoardResult::PENALTY)
            .find(|result| result.as_str() == code)
    }

    /// True for an arbiter's penalty result (Art. 12.9, 11.3).
    pub fn is_penalty(self) -> bool {
        matches!(self, BoardResult::Penalty { .. })
    }

    /// Parses a submitted result code; also accepts what arbiters type on a keyboard
    /// (`1`, `0`, `=`, `½`, `+`, `-` for the board's first-named player), and the codes of the
    /// games not rated ([`BoardResult::UNRATED`]). Penalty results are
    /// not read here: they are entered with their article and reason
    /// ([`BoardResult::PENALTY`], [`BoardResult::from_code`]).
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
                .chain(BoardResult::UNRATED)
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
            BoardResult::Unrated(Outcome::WhiteWins) => {
                (GameResult::UnratedWin, Some(GameResult::UnratedLoss))
            }
            BoardResult::Unrated(Outcome::Draw) => {
                (GameResult::UnratedDraw, Some(GameResult::UnratedDraw))
            }
            BoardResult::Unrated(Outcome::BlackWins) => {
                (GameResult::UnratedLoss, Some(GameResult::UnratedWin))
            }
            BoardResult::Penalty { score, rated } => {
                let (zero, half) = if rated {
                    (GameResult::Loss, GameResult::Draw)
                } else {
                    (GameResult::UnratedLoss, GameResult::UnratedDraw)
                };
                match score {
                    PenaltyScore::BothZero => (zero, Some(zero)),
                    PenaltyScore::WhiteHalf => (half, Some(zero)),
                    PenaltyScore::BlackHalf => (zero, Some(half)),
                }
            }
        }
    }

    /// The board result of two round entries that name each other (`white` is the entry of
    /// the player with White), or of one entry without opponent (`black` is `None`).
    ///
    /// Unrated games (`W`, `D`, `L`) are boards of play that stay unrated. Each side keeps its own
    /// code: a played game where neither side won and not both drew is a penalty result
    /// (`0`/`0`, `=`/`0`, `0`/`=`, or their unrated `L`/`D` forms; Art. 12.9, 11.3). A forfeit
    /// on one side only counts as that forfeit; any other pair with no forfeit win is a double
    /// forfeit. On a bye row a `+` is an old-style pairing-allocated bye and a `-` or blank an
    /// absence.
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
        if let Some(score) = penalty_score(white, black) {
            let rated = matches!(white, GameResult::Loss | GameResult::Draw);
            return BoardResult::Penalty { score, rated };
        }
        match white {
            GameResult::Win => BoardResult::WhiteWins,
            GameResult::Draw => BoardResult::Draw,
            GameResult::Loss => BoardResult::BlackWins,
            GameResult::UnratedWin => BoardResult::Unrated(Outcome::WhiteWins),
            GameResult::UnratedDraw => BoardResult::Unrated(Outcome::Draw),
            GameResult::UnratedLoss => BoardResult::Unrated(Outcome::BlackWins),
            GameResult::ForfeitWin => BoardResult::WhiteWinsByForfeit,
            _ if black == GameResult::ForfeitWin => BoardResult::BlackWinsByForfeit,
            _ => BoardResult::DoubleForfeit,
        }
    }
}

/// The penalty score of a played game's two codes (`None` for an ordinary result): each side
/// scored a loss or a draw, and not both a draw; rated and unrated codes are not mixed.
fn penalty_score(white: GameResult, black: GameResult) -> Option<PenaltyScore> {
    use GameResult::{Draw, Loss, UnratedDraw, UnratedLoss};
    match (white, black) {
        (Loss, Loss) | (UnratedLoss, UnratedLoss) => Some(PenaltyScore::BothZero),
        (Draw, Loss) | (UnratedDraw, UnratedLoss) => Some(PenaltyScore::WhiteHalf),
        (Loss, Draw) | (UnratedLoss, UnratedDraw) => Some(PenaltyScore::BlackHalf),
        _ => None,
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
        for result in BoardResult::GAME
            .into_iter()
            .chain(BoardResult::BYE)
            .chain(BoardResult::UNRATED)
        {
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
    fn art_12_9_penalty_codes_are_stored_but_never_typed() {
        for result in BoardResult::PENALTY {
            assert!(result.is_penalty());
            assert_eq!(BoardResult::from_code(result.as_str()), Some(result));
            assert_eq!(BoardResult::parse(result.as_str()), None, "{result:?}");
        }
        assert_eq!(BoardResult::from_code("1-1"), None);
        assert_eq!(BoardResult::from_code("1-1 NR"), None);
        assert_eq!(
            BoardResult::from_code("1/2-0").map(BoardResult::label),
            Some("½-0")
        );
    }

    #[test]
    fn art_12_9_d_penalty_half_zero_keeps_each_sides_score() {
        let half_zero = BoardResult::Penalty {
            score: PenaltyScore::WhiteHalf,
            rated: true,
        };
        assert_eq!(
            half_zero.game_results(),
            (GameResult::Draw, Some(GameResult::Loss))
        );
        assert_eq!(
            BoardResult::from_game_results(GameResult::Draw, Some(GameResult::Loss)),
            half_zero
        );
        assert_eq!(
            BoardResult::from_game_results(GameResult::Loss, Some(GameResult::Loss)),
            BoardResult::Penalty {
                score: PenaltyScore::BothZero,
                rated: true
            }
        );
        assert_eq!(
            BoardResult::from_game_results(GameResult::UnratedLoss, Some(GameResult::UnratedDraw)),
            BoardResult::Penalty {
                score: PenaltyScore::BlackHalf,
                rated: false
            }
        );
        // Both played and neither scored: a played game, never a forfeit.
        let (white, black) = BoardResult::PENALTY[0].game_results();
        assert!(white.is_played() && black.is_some_and(GameResult::is_played));
    }

    #[test]
    fn unrated_games_stay_unrated() {
        assert_eq!(
            BoardResult::from_game_results(GameResult::UnratedWin, Some(GameResult::UnratedLoss)),
            BoardResult::Unrated(Outcome::WhiteWins)
        );
        assert_eq!(
            BoardResult::from_game_results(GameResult::UnratedDraw, Some(GameResult::UnratedDraw)),
            BoardResult::Unrated(Outcome::Draw)
        );
        assert_eq!(
            BoardResult::Unrated(Outcome::BlackWins).game_results(),
            (GameResult::UnratedLoss, Some(GameResult::UnratedWin))
        );
    }

    #[test]
    fn art_12_9_penalty_article_codes_read_back() {
        for article in PenaltyArticle::ALL {
            assert_eq!(PenaltyArticle::parse(article.code()), Some(article));
        }
        assert_eq!(PenaltyArticle::parse("12.9.2"), None);
    }

    #[test]
    fn every_result_maps_back_from_its_entries() {
        for result in BoardResult::GAME
            .into_iter()
            .chain(BoardResult::BYE)
            .chain(BoardResult::UNRATED)
            .chain(BoardResult::PENALTY)
        {
            let (white, black) = result.game_results();
            assert_eq!(BoardResult::from_game_results(white, black), result);
        }
    }
}
