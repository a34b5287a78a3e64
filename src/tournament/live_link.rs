//! Which board of the round a game from a source of moves (a round's PGN, LiveChess Cloud) is:
//!
//! 1. **by board number**, when the source gives one (a PGN `Board` tag or `Round "3.7"`,
//!    LiveChess Cloud's pairing place) and the round has that board;
//! 2. else **by the players' FIDE ids**: the one board whose players' ids agree with every id
//!    the source gives (at least one);
//! 3. else **by the players' names**: the one board whose White and Black are the source's,
//!    compared as [`super::collation::same_name`] compares a person typed twice (case,
//!    accents, spaces and punctuation aside; `Given Surname` is also tried as
//!    `Surname, Given`).
//!
//! A game linked to a board another game of the same reading already took is not linked
//! (the first one keeps it). Pure: the caller gives the round's boards and the source's games.

use super::collation::same_name;

/// A board of the round as the linking sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundBoard {
    /// The board number.
    pub board: i32,
    /// White's name.
    pub white: String,
    /// White's FIDE id.
    pub white_fide_id: Option<i64>,
    /// Black's name.
    pub black: String,
    /// Black's FIDE id.
    pub black_fide_id: Option<i64>,
}

/// What a source says of one game: the same fields, the board number if it gives one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourcePlayers {
    /// The board number the source gives.
    pub board: Option<i32>,
    /// White's name.
    pub white: String,
    /// White's FIDE id.
    pub white_fide_id: Option<i64>,
    /// Black's name.
    pub black: String,
    /// Black's FIDE id.
    pub black_fide_id: Option<i64>,
}

/// Why a game is not linked to a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotLinked {
    /// The source's board number is not a board of the round.
    #[error("the round has no board {0}")]
    NoSuchBoard(i32),
    /// Neither the FIDE ids nor the names are a board's players.
    #[error("no board of the round has these players ({white} – {black})")]
    NoPlayers {
        /// White as the source names them.
        white: String,
        /// Black.
        black: String,
    },
    /// Several boards fit.
    #[error("boards {0:?} all fit these players")]
    Ambiguous(Vec<i32>),
    /// Another game of the source was linked to the board first.
    #[error("board {0} is already another game's of this source")]
    Taken(i32),
}

/// Both orders of a name: as written, and `Given Surname` turned to `Surname, Given`.
fn names_match(source: &str, ours: &str) -> bool {
    if source.trim().is_empty() {
        return false;
    }
    if same_name(source, ours) {
        return true;
    }
    match source.trim().rsplit_once(' ') {
        Some((given, surname)) if !source.contains(',') => {
            same_name(&format!("{surname}, {given}"), ours)
        }
        _ => false,
    }
}

/// Whether the ids the source gives agree with a board's (at least one given and equal, none
/// different).
fn ids_match(game: &SourcePlayers, board: &RoundBoard) -> bool {
    let pairs = [
        (game.white_fide_id, board.white_fide_id),
        (game.black_fide_id, board.black_fide_id),
    ];
    let given: Vec<_> = pairs
        .iter()
        .filter(|(source, _)| source.is_some())
        .collect();
    !given.is_empty() && given.iter().all(|(source, ours)| source == ours)
}

fn one(found: Vec<i32>, game: &SourcePlayers) -> Result<i32, NotLinked> {
    match found.as_slice() {
        [board] => Ok(*board),
        [] => Err(NotLinked::NoPlayers {
            white: game.white.clone(),
            black: game.black.clone(),
        }),
        _ => Err(NotLinked::Ambiguous(found)),
    }
}

/// The board of one game.
fn link_one(boards: &[RoundBoard], game: &SourcePlayers) -> Result<i32, NotLinked> {
    if let Some(number) = game.board {
        return boards
            .iter()
            .find(|b| b.board == number)
            .map(|b| b.board)
            .ok_or(NotLinked::NoSuchBoard(number));
    }
    let by_id: Vec<i32> = boards
        .iter()
        .filter(|b| ids_match(game, b))
        .map(|b| b.board)
        .collect();
    if !by_id.is_empty() {
        return one(by_id, game);
    }
    let by_name: Vec<i32> = boards
        .iter()
        .filter(|b| names_match(&game.white, &b.white) && names_match(&game.black, &b.black))
        .map(|b| b.board)
        .collect();
    one(by_name, game)
}

/// The board of each game of a source's reading, in the games' order, or why not.
pub fn link(boards: &[RoundBoard], games: &[SourcePlayers]) -> Vec<Result<i32, NotLinked>> {
    let mut taken = std::collections::HashSet::new();
    games
        .iter()
        .map(|game| {
            let board = link_one(boards, game)?;
            if taken.insert(board) {
                Ok(board)
            } else {
                Err(NotLinked::Taken(board))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round() -> Vec<RoundBoard> {
        vec![
            RoundBoard {
                board: 1,
                white: "Novák, Jan".into(),
                white_fide_id: Some(310_000),
                black: "Kovács, Péter".into(),
                black_fide_id: Some(720_000),
            },
            RoundBoard {
                board: 2,
                white: "Šťastná, Eva".into(),
                white_fide_id: None,
                black: "Jovanović, Dušan".into(),
                black_fide_id: None,
            },
        ]
    }

    #[test]
    fn linked_by_the_board_tag_first() {
        let game = SourcePlayers {
            board: Some(2),
            white: "Somebody, Else".into(),
            ..SourcePlayers::default()
        };
        assert_eq!(link(&round(), &[game]), [Ok(2)]);
        let missing = SourcePlayers {
            board: Some(9),
            ..SourcePlayers::default()
        };
        assert_eq!(link(&round(), &[missing]), [Err(NotLinked::NoSuchBoard(9))]);
    }

    #[test]
    fn linked_by_fide_id_whatever_the_names() {
        let game = SourcePlayers {
            white: "J. Novak".into(),
            white_fide_id: Some(310_000),
            black: "P. Kovacs".into(),
            black_fide_id: Some(720_000),
            ..SourcePlayers::default()
        };
        assert_eq!(link(&round(), &[game]), [Ok(1)]);
        let contradicting = SourcePlayers {
            white_fide_id: Some(310_000),
            black_fide_id: Some(1),
            ..SourcePlayers::default()
        };
        assert!(matches!(
            link(&round(), &[contradicting])[0],
            Err(NotLinked::NoPlayers { .. })
        ));
    }

    #[test]
    fn linked_by_name_without_case_accents_or_order() {
        let game = SourcePlayers {
            white: "STASTNA, eva".into(),
            black: "Dušan Jovanović".into(),
            ..SourcePlayers::default()
        };
        let again = game.clone();
        assert_eq!(
            link(&round(), &[game, again]),
            [Ok(2), Err(NotLinked::Taken(2))]
        );
    }

    #[test]
    fn not_linked_when_nobody_fits_or_the_colours_are_swapped() {
        let swapped = SourcePlayers {
            white: "Jovanović, Dušan".into(),
            black: "Šťastná, Eva".into(),
            ..SourcePlayers::default()
        };
        let unknown = SourcePlayers {
            white: "Doe, John".into(),
            black: "Roe, Jane".into(),
            ..SourcePlayers::default()
        };
        let linked = link(&round(), &[swapped, unknown]);
        assert!(
            linked
                .iter()
                .all(|l| matches!(l, Err(NotLinked::NoPlayers { .. })))
        );
        assert_eq!(
            linked[1].as_ref().unwrap_err().to_string(),
            "no board of the round has these players (Doe, John – Roe, Jane)"
        );
    }
}
