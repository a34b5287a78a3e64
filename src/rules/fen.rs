//! Forsyth–Edwards Notation (FEN) in and out, with the X-FEN and Shredder-FEN castling
//! fields used for Chess960 (FIDE Guideline II). The six fields: piece placement (Art. 2),
//! side to move, castling rights (Art. 3.8.2), en-passant square (Art. 3.7.3.1), halfmove
//! clock (Art. 9.3), move number.
//!
//! X-FEN writes `K`/`Q` for the outermost rook on a side and the rook's file letter otherwise;
//! Shredder-FEN always writes file letters (`HAha`). Both are read.

use std::fmt;

use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::CastlingSide;
use super::position::{CastlingMode, Position, PositionError, Setup};
use super::types::{Color, File, Piece, Rank, Role, Square};

/// The FEN of the initial position (Art. 2.3).
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A field of a FEN record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// Field 1, the piece placement.
    Board,
    /// Field 2, the side to move.
    Turn,
    /// Field 3, castling rights.
    Castling,
    /// Field 4, the en-passant square.
    EnPassant,
    /// Field 5, the halfmove clock.
    HalfmoveClock,
    /// Field 6, the move number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "field 1 (piece placement)",
            FenField::Turn => "field 2 (side to move)",
            FenField::Castling => "field 3 (castling)",
            FenField::EnPassant => "field 4 (en passant)",
            FenField::HalfmoveClock => "field 5 (halfmove clock)",
            FenField::FullmoveNumber => "field 6 (move number)",
        })
    }
}

/// Why a FEN was refused: the field and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// The text of a field is malformed.
    #[error("FEN {field}: {reason}")]
    Syntax {
        /// The field.
        field: FenField,
        /// What is wrong.
        reason: String,
    },
    /// The fields are well-formed but the position is not legal.
    #[error("FEN {field}: {error}")]
    Illegal {
        /// The field the problem is attributed to.
        field: FenField,
        /// What is wrong.
        error: PositionError,
    },
}

fn syntax(field: FenField, reason: impl Into<String>) -> ParseFenError {
    ParseFenError::Syntax {
        field,
        reason: reason.into(),
    }
}

/// A FEN read into its parts, before the legality checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fen {
    /// The position's contents.
    pub setup: Setup,
    /// Chess960 when the castling field used file letters or the castling king or rooks are
    /// not on their standard squares.
    pub mode: CastlingMode,
    /// A castling letter that named no rook (an error for [`Fen::into_position`]).
    pub unresolved_castling: Option<char>,
}

impl Fen {
    /// Reads the fields of a FEN (at least the placement and side to move; missing castling
    /// and en-passant fields read as `-`, missing counters as `0 1`).
    pub fn parse(text: &str) -> Result<Fen, ParseFenError> {
        let mut fields = text.split_ascii_whitespace();
        let placement = fields
            .next()
            .ok_or_else(|| syntax(FenField::Board, "empty FEN"))?;
        let board = parse_board(placement)?;
        let turn = match fields.next() {
            Some("w") | None => Color::White,
            Some("b") => Color::Black,
            Some(other) => return Err(syntax(FenField::Turn, format!("`{other}` is not w or b"))),
        };
        let (castling_rights, mode, unresolved_castling) =
            parse_castling(&board, fields.next().unwrap_or("-"))?;
        let ep_square = match fields.next().unwrap_or("-") {
            "-" => None,
            text => Some(Square::parse(text).ok_or_else(|| {
                syntax(
                    FenField::EnPassant,
                    format!("`{text}` is not a square or -"),
                )
            })?),
        };
        let halfmoves = match fields.next() {
            None => 0,
            Some(text) => text.parse::<u32>().map_err(|_| {
                syntax(
                    FenField::HalfmoveClock,
                    format!("`{text}` is not a non-negative number"),
                )
            })?,
        };
        let fullmoves = match fields.next() {
            None => 1,
            Some(text) => match text.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(syntax(
                        FenField::FullmoveNumber,
                        format!("`{text}` is not a positive number"),
                    ));
                }
            },
        };
        if let Some(extra) = fields.next() {
            return Err(syntax(
                FenField::FullmoveNumber,
                format!("unexpected text `{extra}` after the sixth field"),
            ));
        }
        Ok(Fen {
            setup: Setup {
                board,
                turn,
                castling_rights,
                ep_square,
                halfmoves,
                fullmoves,
            },
            mode,
            unresolved_castling,
        })
    }

    /// The legal position (see [`Position::from_setup`]), or why it is not one.
    pub fn into_position(self) -> Result<Position, ParseFenError> {
        if let Some(letter) = self.unresolved_castling {
            return Err(syntax(
                FenField::Castling,
                format!("castling right `{letter}` without king and rook in place"),
            ));
        }
        Position::from_setup(self.setup, self.mode).map_err(|error| {
            let field = match error {
                PositionError::InvalidCastlingRight(_) => FenField::Castling,
                PositionError::InvalidEnPassant(_) => FenField::EnPassant,
                PositionError::OppositeCheck => FenField::Turn,
                _ => FenField::Board,
            };
            ParseFenError::Illegal { field, error }
        })
    }

    /// The position without legality checks (Appendix A.5.2).
    #[must_use]
    pub fn into_position_unchecked(self) -> Position {
        Position::from_setup_unchecked(self.setup, self.mode)
    }
}

impl Position {
    /// Reads a FEN, X-FEN or Shredder-FEN and checks that the position is legal.
    pub fn from_fen(text: &str) -> Result<Position, ParseFenError> {
        Fen::parse(text)?.into_position()
    }

    /// Reads a FEN without the legality checks (syntax errors are still errors).
    pub fn from_fen_unchecked(text: &str) -> Result<Position, ParseFenError> {
        Ok(Fen::parse(text)?.into_position_unchecked())
    }

    /// The FEN (X-FEN for Chess960 rights that `KQkq` cannot express); the en-passant square
    /// only when a capture is legal.
    #[must_use]
    pub fn to_fen(&self) -> String {
        to_fen(self)
    }

    /// The Shredder-FEN: castling rights always as rook files (`HAha`).
    #[must_use]
    pub fn to_shredder_fen(&self) -> String {
        write_fen(self, true)
    }
}

/// The piece-placement field alone.
#[must_use]
pub fn board_fen(board: &Board) -> String {
    let mut text = String::with_capacity(64);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let square = Square::from_coords(File(file), Rank(rank));
            match board.piece_at(square) {
                Some(piece) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// The FEN of a position (X-FEN castling).
#[must_use]
pub fn to_fen(position: &Position) -> String {
    write_fen(position, false)
}

fn write_fen(position: &Position, shredder: bool) -> String {
    let mut text = board_fen(position.board());
    text.push(' ');
    text.push(position.turn().char());
    text.push(' ');
    let castling = castling_field(position, shredder);
    text.push_str(&castling);
    text.push(' ');
    match position.legal_ep_square() {
        Some(ep) => text.push_str(&ep.to_string()),
        None => text.push('-'),
    }
    text.push_str(&format!(
        " {} {}",
        position.halfmoves(),
        position.fullmoves()
    ));
    text
}

fn castling_field(position: &Position, shredder: bool) -> String {
    let board = position.board();
    let mut text = String::new();
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            continue;
        };
        let rooks = board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) & Bitboard::rank(color.back_rank());
        for side in CastlingSide::ALL {
            let rights = position.castling_rights() & Bitboard::rank(color.back_rank());
            let Some(rook) = rights
                .filter(|&r| CastlingSide::from_king_and_rook(king, r) == side)
                .last()
            else {
                continue;
            };
            let outermost = outermost_rook(king, rooks, side) == Some(rook);
            let letter = if !shredder && outermost {
                match side {
                    CastlingSide::KingSide => 'k',
                    CastlingSide::QueenSide => 'q',
                }
            } else {
                rook.file().char()
            };
            text.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

fn outermost_rook(king: Square, rooks: Bitboard, side: CastlingSide) -> Option<Square> {
    let candidates = rooks.filter(|&r| {
        r.rank() == king.rank() && CastlingSide::from_king_and_rook(king, r) == side && r != king
    });
    match side {
        CastlingSide::KingSide => candidates.last(),
        CastlingSide::QueenSide => candidates.min(),
    }
}

fn parse_board(text: &str) -> Result<Board, ParseFenError> {
    let mut board = Board::empty();
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(syntax(
            FenField::Board,
            format!("{} ranks instead of 8", ranks.len()),
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank(7 - i as u8);
        let mut file = 0u32;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(syntax(
                        FenField::Board,
                        format!(
                            "rank {}: `{c}` is not a count of 1–8 empty squares",
                            rank.char()
                        ),
                    ));
                }
                file += d;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    board.set_piece_at(Square::from_coords(File(file as u8), rank), piece);
                }
                file += 1;
            } else {
                return Err(syntax(
                    FenField::Board,
                    format!("rank {}: `{c}` is not a piece letter or digit", rank.char()),
                ));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(syntax(
                FenField::Board,
                format!(
                    "rank {} has {} squares instead of 8",
                    rank.char(),
                    if file > 8 {
                        "more than 8".to_string()
                    } else {
                        file.to_string()
                    }
                ),
            ));
        }
    }
    Ok(board)
}

type CastlingParse = (Bitboard, CastlingMode, Option<char>);

fn parse_castling(board: &Board, text: &str) -> Result<CastlingParse, ParseFenError> {
    let mut rights = Bitboard::EMPTY;
    let mut chess960 = false;
    let mut unresolved = None;
    if text == "-" {
        return Ok((rights, CastlingMode::Standard, None));
    }
    for c in text.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let back = Bitboard::rank(color.back_rank());
        let rooks = board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) & back;
        let king = (board.by_piece(Piece {
            color,
            role: Role::King,
        }) & back)
            .first();
        let rook = match c.to_ascii_lowercase() {
            'k' => king.and_then(|k| outermost_rook(k, rooks, CastlingSide::KingSide)),
            'q' => king.and_then(|k| outermost_rook(k, rooks, CastlingSide::QueenSide)),
            'a'..='h' => {
                chess960 = true;
                let file = File::from_char(c).unwrap_or(File(0));
                let square = Square::from_coords(file, color.back_rank());
                rooks.contains(square).then_some(square)
            }
            _ => {
                return Err(syntax(
                    FenField::Castling,
                    format!("`{c}` is not a castling letter (KQkq, A–H, a–h) or -"),
                ));
            }
        };
        match rook {
            Some(rook) => {
                if rights.contains(rook) {
                    return Err(syntax(FenField::Castling, format!("`{c}` repeats a right")));
                }
                rights.add(rook);
                let king_on_e = king.is_some_and(|k| k.file() == File(4));
                if !king_on_e || (rook.file() != File(0) && rook.file() != File(7)) {
                    chess960 = true;
                }
            }
            None => {
                unresolved.get_or_insert(c);
            }
        }
    }
    Ok((rights, CastlingMode::from_chess960(chess960), unresolved))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_2_3_starting_position_round_trips() {
        let position = Position::from_fen(STARTING_FEN).expect("start");
        assert_eq!(position.to_fen(), STARTING_FEN);
        assert_eq!(position, Position::new());
    }

    #[test]
    fn fen_errors_name_the_field() {
        let cases = [
            (
                "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                FenField::Board,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
                FenField::Board,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w kq - 0 1",
                FenField::Board,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
                FenField::Castling,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
                FenField::EnPassant,
            ),
            (
                "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1",
                FenField::Turn,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                FenField::Turn,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - z 1",
                FenField::HalfmoveClock,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
                FenField::FullmoveNumber,
            ),
        ];
        for (fen, expected) in cases {
            let error = Position::from_fen(fen).expect_err(fen);
            let field = match error {
                ParseFenError::Syntax { field, .. } | ParseFenError::Illegal { field, .. } => field,
            };
            assert_eq!(field, expected, "{fen}: {error}");
        }
    }

    #[test]
    fn appendix_a_5_2_unchecked_position_keeps_illegal_placement() {
        // White to move while Black is in check: illegal, but playable without checks.
        let fen = "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1";
        assert!(Position::from_fen(fen).is_err());
        let position = Position::from_fen_unchecked(fen).expect("syntax is fine");
        assert!(position.count_legal_moves() > 0);
    }

    #[test]
    fn guideline_ii_chess960_castling_fields() {
        let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let position = Position::from_fen(fen).expect("960");
        assert!(position.castling_mode().is_chess960());
        assert_eq!(position.to_shredder_fen(), fen);
        assert_eq!(
            position.to_fen(),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
        );
        let again = Position::from_fen(&position.to_fen()).expect("x-fen");
        assert_eq!(again.castling_rights(), position.castling_rights());
    }
}
