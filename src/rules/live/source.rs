//! A game followed from a source of **moves** rather than positions: a PGN that grows during
//! the round, LiveChess Cloud's game files. Each reading of the source is its whole mainline so
//! far; [`LiveGame::follow_mainline`] compares it with the game:
//!
//! - the mainline extends the game: the new moves are played through the same checks as a
//!   board's moves (every alert of the Laws and every claim hint applies);
//! - it differs from a ply on: the source corrected itself, and the game's mainline is replaced
//!   from that ply with no leftover variation, as an operator's correction is;
//! - a move that is not legal where it stands: refused, naming the ply and the move, and the
//!   game is unchanged;
//! - the source's result while the game has none: a proposed result (its own alert, no
//!   article: the arbiter checks it).
//!
//! Moves after the game's end by the Laws (checkmate, fivefold repetition, ...) are not
//! played: the game ended there. The source is the record of the game: an operator's
//! correction ([`LiveGame::correct`]) stands until the source's next reading that differs from
//! it, which replaces it in turn — a wrong move is corrected at the source.

use super::{AlertKind, LiveGame};
use crate::rules::Move;
use crate::rules::Position;
use crate::rules::game::Outcome;
use crate::rules::san::{Lang, parse_move};

/// What feeds a live game: a board's placements or a source's moves (never both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FedBy {
    /// An electronic board's placements.
    Board,
    /// A source of moves (a PGN, LiveChess Cloud).
    Moves,
}

/// Why a source's reading was refused (the game is then unchanged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// A move that is not legal where it stands.
    #[error("move {ply} ({san}) is not legal there")]
    IllegalMove {
        /// Its ply (1 = White's first move).
        ply: u32,
        /// The move as the source wrote it.
        san: String,
    },
    /// The board is followed from an electronic board's placements.
    #[error(
        "this board follows an electronic board's positions: a source of moves cannot feed it too"
    )]
    FedByBoard,
    /// The board is followed from a source of moves.
    #[error(
        "this board follows a source of moves (a PGN or LiveChess Cloud): board events cannot feed it too"
    )]
    FedByMoves,
}

impl LiveGame {
    /// What feeds the game, once something has.
    pub fn fed_by(&self) -> Option<FedBy> {
        self.fed_by
    }

    /// Refuses board events on a game fed by a source of moves.
    pub fn check_board_feed(&self) -> Result<(), SourceError> {
        match self.fed_by {
            Some(FedBy::Moves) => Err(SourceError::FedByMoves),
            _ => Ok(()),
        }
    }

    /// Takes a source's reading: its whole mainline so far (SAN, English letters), its clock
    /// (seconds left for White and Black, when it has one) and its result (`None` while the
    /// game goes on). See the module documentation for what it does; on an error the game is
    /// unchanged.
    pub fn follow_mainline(
        &mut self,
        sans: &[String],
        clock: Option<[Option<u64>; 2]>,
        result: Option<Outcome>,
    ) -> Result<(), SourceError> {
        if self.fed_by == Some(FedBy::Board) {
            return Err(SourceError::FedByBoard);
        }
        // The moves written as the game already has them are its moves: only the rest is
        // read (a log replayed holds the whole mainline in every reading).
        let known = self
            .moves
            .iter()
            .zip(sans)
            .take_while(|(ours, theirs)| ours == theirs)
            .count();
        let mut position = Position::new();
        let mut moves: Vec<Move> = Vec::with_capacity(sans.len());
        for &m in &self.played[..known] {
            position.play_unchecked(m);
            moves.push(m);
        }
        for (index, san) in sans.iter().enumerate().skip(known) {
            let m = parse_move(&position, san, Lang::En).map_err(|_| SourceError::IllegalMove {
                ply: index as u32 + 1,
                san: san.clone(),
            })?;
            position.play_unchecked(m);
            moves.push(m);
        }
        self.fed_by = Some(FedBy::Moves);
        let same = self
            .played
            .iter()
            .zip(&moves)
            .take_while(|(a, b)| a == b)
            .count();
        if let Some([white, black]) = clock
            && self.result.is_none()
        {
            // The reading is the clock after the source's last move: the time control's
            // check (6.3.1) reads it as the moves are played; the flag and the last five
            // minutes are checked once they are.
            self.clock = [white, black];
        }
        if same < self.played.len() {
            // The source corrected itself: its mainline replaces the game's from that ply.
            let from = same as u32 + 1;
            let mut rest = &moves[same..];
            loop {
                match self.correct(from, rest) {
                    Ok(()) => break,
                    Err(super::CorrectionError::Ended { ply })
                        if (ply as usize).saturating_sub(same) < rest.len() =>
                    {
                        rest = &rest[..(ply as usize).saturating_sub(same)];
                    }
                    // Every move was checked above and the ply is in the game.
                    Err(_) => break,
                }
            }
        } else {
            for &m in &moves[same..] {
                if self.result.is_some() {
                    break;
                }
                self.play(m);
            }
        }
        if let Some([white, black]) = clock {
            self.clock(white, black);
        }
        self.running = if self.result.is_none() {
            Some(self.position.turn())
        } else {
            self.running
        };
        if let Some(outcome) = result.filter(|&r| r != Outcome::Unknown)
            && self.result.is_none()
        {
            self.alert(AlertKind::SourceResult, None, None);
            self.result = Some(outcome);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::live::Observation;

    fn sans(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_growing_mainline_is_played_move_by_move() {
        let mut game = LiveGame::new();
        for snapshot in ["e4 e5", "e4 e5 Nf3", "e4 e5 Nf3 Nc6 Bb5"] {
            game.follow_mainline(&sans(snapshot), None, None)
                .expect("legal");
        }
        assert_eq!(game.moves(), sans("e4 e5 Nf3 Nc6 Bb5").as_slice());
        assert!(game.alerts().is_empty());
        assert_eq!(game.fed_by(), Some(FedBy::Moves));
    }

    #[test]
    fn the_same_moves_written_otherwise_are_no_correction() {
        let mut game = LiveGame::new();
        game.follow_mainline(&sans("e4 e5 Nf3 Nc6 Bc4 Nf6 0-0"), None, None)
            .expect("legal");
        assert_eq!(game.moves().last().map(String::as_str), Some("O-O"));
        game.follow_mainline(&sans("e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Bc5"), None, None)
            .expect("legal");
        game.follow_mainline(&sans("e4 e5 Nf3 Nc6 Bc4 Nf6 0-0 Bc5 d3"), None, None)
            .expect("legal");
        assert_eq!(
            game.moves(),
            sans("e4 e5 Nf3 Nc6 Bc4 Nf6 O-O Bc5 d3").as_slice()
        );
        assert!(game.alerts().is_empty());
    }

    #[test]
    fn a_source_correction_replaces_the_mainline_without_a_variation() {
        let mut game = LiveGame::new();
        game.follow_mainline(&sans("e4 e5 Nf3 Nc6"), None, None)
            .expect("legal");
        game.follow_mainline(&sans("e4 e5 Nf3 Nf6 Nxe5"), None, None)
            .expect("legal");
        assert_eq!(game.moves(), sans("e4 e5 Nf3 Nf6 Nxe5").as_slice());
        // The source took its last move back.
        game.follow_mainline(&sans("e4 e5 Nf3 Nf6"), None, None)
            .expect("legal");
        assert_eq!(game.moves(), sans("e4 e5 Nf3 Nf6").as_slice());
    }

    #[test]
    fn an_illegal_move_of_the_source_is_refused_by_name_and_the_game_kept() {
        let mut game = LiveGame::new();
        game.follow_mainline(&sans("e4 e5"), None, None)
            .expect("legal");
        let refused = game.follow_mainline(&sans("e4 e5 Ke3"), None, None);
        assert_eq!(
            refused,
            Err(SourceError::IllegalMove {
                ply: 3,
                san: "Ke3".to_owned()
            })
        );
        assert!(refused.unwrap_err().to_string().contains("Ke3"));
        assert_eq!(game.moves(), sans("e4 e5").as_slice());
    }

    #[test]
    fn art_5_1_1_checkmate_from_a_source_and_its_result_is_not_proposed_twice() {
        let mut game = LiveGame::new();
        game.follow_mainline(&sans("f3 e5 g4 Qh4#"), None, Some(Outcome::BlackWins))
            .expect("legal");
        assert_eq!(game.result(), Some(Outcome::BlackWins));
        let kinds: Vec<AlertKind> = game.alerts().iter().map(|a| a.kind).collect();
        assert_eq!(kinds, [AlertKind::Checkmate]);
    }

    #[test]
    fn the_sources_result_is_a_proposed_result_without_an_article() {
        let mut game = LiveGame::new();
        game.follow_mainline(&sans("e4 e5"), None, Some(Outcome::Draw))
            .expect("legal");
        assert_eq!(game.result(), Some(Outcome::Draw));
        let alert = &game.alerts()[0];
        assert_eq!(
            (alert.kind, alert.article, alert.ply),
            (AlertKind::SourceResult, None, 2)
        );
    }

    #[test]
    fn art_6_9_the_sources_clock_at_zero_is_a_flag_fall() {
        let mut game = LiveGame::new();
        game.follow_mainline(&sans("e4 e5 Nf3"), Some([Some(120), Some(0)]), None)
            .expect("legal");
        assert_eq!(game.result(), Some(Outcome::WhiteWins));
        assert!(game.alerts().iter().any(|a| a.kind == AlertKind::FlagFall));
    }

    #[test]
    fn a_board_and_a_source_never_feed_one_game() {
        let mut by_source = LiveGame::new();
        by_source
            .follow_mainline(&sans("e4"), None, None)
            .expect("legal");
        assert_eq!(by_source.check_board_feed(), Err(SourceError::FedByMoves));
        let mut by_board = LiveGame::new();
        by_board.observe(Observation {
            placement: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            flipped: false,
            running: Some(crate::rules::Color::White),
        });
        assert_eq!(
            by_board.follow_mainline(&sans("e4"), None, None),
            Err(SourceError::FedByBoard)
        );
        assert_eq!(by_board.check_board_feed(), Ok(()));
    }
}
