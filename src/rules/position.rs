//! A position (Laws Art. 2, 3, 4): the board, the side to move, castling rights, the
//! en-passant square and the move counters; legal move generation and playing moves.
//!
//! - Art. 3.1–3.8: how each piece moves; a move may never leave one's own king attacked
//!   (Art. 3.9, 3.10.1).
//! - Art. 3.8.2: castling (king and rook unmoved, squares between empty, the king not in
//!   check, not crossing or landing on an attacked square). Chess960 castling follows FIDE
//!   Guideline II: the king ends on g/c, the rook on f/d, whatever their starting files.
//! - Art. 3.7.3.1: en passant, only on the move right after the two-square advance.
//! - Appendix A.5.2: in rapid and blitz an unclaimed illegal move stands, so
//!   [`Position::from_setup_unchecked`] builds a position without the legality checks and
//!   the move generator still works from it (a missing king simply has no check to obey).

use std::fmt;

mod movegen;

use movegen::{BACK_RANKS, ListCollector};

use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{CastlingSide, Move, en_passant_victim};
use super::types::{Color, Piece, Rank, Role, Square};

/// Whether castling is written the standard way or the Chess960 way (UCI and FEN output).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: UCI `e1g1`, FEN `KQkq`.
    #[default]
    Standard,
    /// Chess960: UCI "king takes own rook" `e1h1`, X-FEN/Shredder-FEN file letters.
    Chess960,
}

impl CastlingMode {
    /// `Chess960` for `true`.
    #[must_use]
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// Whether this is Chess960.
    #[must_use]
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

/// The raw contents of a FEN: what a position is made of, before any legality check.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Rooks that may still castle, by their squares (works for standard chess and Chess960).
    pub castling_rights: Bitboard,
    /// The square a pawn just passed over with a two-square advance, if any.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (Art. 9.3).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling_rights: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// Why a setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no king.
    #[error("{0:?} has no king")]
    NoKing(Color),
    /// A side has more than one king.
    #[error("{0:?} has more than one king")]
    TooManyKings(Color),
    /// A side has more than 16 pieces or more than 8 pawns.
    #[error("{0:?} has too many pieces or pawns")]
    TooManyPieces(Color),
    /// A pawn stands on the first or the eighth rank (Art. 3.7.5 makes that impossible).
    #[error("pawn on {0}, a first or eighth rank square")]
    PawnOnBackRank(Square),
    /// A castling right names a rook that is not there, or a king that is not on its first rank.
    #[error("castling right for the rook on {0} without king and rook in place")]
    InvalidCastlingRight(Square),
    /// The en-passant square cannot follow a two-square pawn advance.
    #[error("impossible en-passant square {0}")]
    InvalidEnPassant(Square),
    /// The side not to move is in check (it would have left its king attacked).
    #[error("the side not to move is in check")]
    OppositeCheck,
}

/// A move that is not legal in the position, handed back with the position.
#[derive(Debug, Clone, thiserror::Error)]
#[error("illegal move {m} in {position}")]
pub struct PlayError {
    /// The refused move.
    pub m: Move,
    /// The position, unchanged.
    pub position: Box<Position>,
}

/// A position with the side to move (Art. 2, 3, 4, 9: everything the rules need to know).
///
/// Equality compares everything, counters included; for repetition (Art. 9.2.2) use
/// [`Position::repetition_key`] or [`Position::zobrist_hash`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castling_rights: Bitboard,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    mode: CastlingMode,
}

/// What makes two positions "the same" for repetition (Art. 9.2.2): same player to move,
/// same pieces on the same squares, same castling rights and the same en-passant
/// possibilities (the square is counted only when an en-passant capture is legal).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Rooks that may still castle.
    pub castling_rights: Bitboard,
    /// The en-passant square, only when an en-passant capture is legal.
    pub ep_square: Option<Square>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// A list of moves.
pub type MoveList = Vec<Move>;

impl Position {
    /// The initial position (Art. 2.3), White to move.
    #[must_use]
    pub fn new() -> Position {
        Position::from_setup_unchecked(Setup::default(), CastlingMode::Standard)
    }

    /// A position from a setup, after checking that it could arise in a game: one king each,
    /// no pawn on the first or eighth rank, castling rights with king and rook in place, a
    /// possible en-passant square, the side not to move not in check.
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let kings = setup.board.by_piece(Piece {
                color,
                role: Role::King,
            });
            if kings.is_empty() {
                return Err(PositionError::NoKing(color));
            }
            if kings.more_than_one() {
                return Err(PositionError::TooManyKings(color));
            }
            let ours = setup.board.by_color(color);
            if ours.count() > 16 || (ours & setup.board.by_role(Role::Pawn)).count() > 8 {
                return Err(PositionError::TooManyPieces(color));
            }
        }
        if let Some(square) = (setup.board.by_role(Role::Pawn) & BACK_RANKS).first() {
            return Err(PositionError::PawnOnBackRank(square));
        }
        let valid_rights = valid_castling_rights(&setup.board, setup.castling_rights);
        if let Some(square) = (setup.castling_rights & !valid_rights).first() {
            return Err(PositionError::InvalidCastlingRight(square));
        }
        if let Some(ep) = setup.ep_square
            && !plausible_ep_square(&setup.board, setup.turn, ep)
        {
            return Err(PositionError::InvalidEnPassant(ep));
        }
        let position = Position::from_setup_unchecked(setup, mode);
        let them = position.turn.other();
        if let Some(king) = position.board.king_of(them)
            && position
                .board
                .attackers_to(king, position.turn, position.board.occupied())
                .is_nonempty()
        {
            return Err(PositionError::OppositeCheck);
        }
        Ok(position)
    }

    /// A position from a setup **without** the legality checks (Appendix A.5.2: an unclaimed
    /// illegal move stands in rapid and blitz, and the game goes on from there). Castling
    /// rights without king and rook in place and impossible en-passant squares are dropped,
    /// because they could not be used anyway; everything else is kept as given.
    #[must_use]
    pub fn from_setup_unchecked(setup: Setup, mode: CastlingMode) -> Position {
        let castling_rights = valid_castling_rights(&setup.board, setup.castling_rights);
        let ep_square = setup
            .ep_square
            .filter(|&ep| plausible_ep_square(&setup.board, setup.turn, ep));
        Position {
            board: setup.board,
            turn: setup.turn,
            castling_rights,
            ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            mode,
        }
    }

    /// The position's contents as a setup (the en-passant square only when a capture is legal).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            castling_rights: self.castling_rights,
            ep_square: self.legal_ep_square(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The pieces.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// Rooks that may still castle, by square.
    #[inline]
    #[must_use]
    pub const fn castling_rights(&self) -> Bitboard {
        self.castling_rights
    }

    /// Whether castling is written the standard or the Chess960 way.
    #[inline]
    #[must_use]
    pub const fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Changes how castling is written (UCI and FEN output only).
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The square passed over by the last two-square pawn advance, whether or not a capture
    /// there is legal.
    #[inline]
    #[must_use]
    pub const fn pseudo_ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square only when an en-passant capture is legal (Art. 9.2.3; what FEN
    /// output and repetition use).
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut list = MoveList::new();
        self.gen_en_passant(&mut ListCollector(&mut list), ep, self.info());
        if list.is_empty() { None } else { Some(ep) }
    }

    /// Half-moves since the last capture or pawn move (Art. 9.3).
    #[inline]
    #[must_use]
    pub const fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, incremented after each Black move).
    #[inline]
    #[must_use]
    pub const fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Pieces of the side not to move that attack the king of the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(king) => self
                .board
                .attackers_to(king, self.turn.other(), self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check (Art. 3.9.2).
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// Whether the side to move is checkmated (Art. 1.4.1: in check with no legal move).
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated (Art. 5.2.1: not in check, no legal move).
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.has_quick_move() || self.count_legal_moves() > 0
    }

    /// Plays `m` if it is legal; otherwise hands the position back in the error.
    pub fn play(self, m: Move) -> Result<Position, PlayError> {
        if self.is_legal(m) {
            let mut position = self;
            position.play_unchecked(m);
            Ok(position)
        } else {
            Err(PlayError {
                m,
                position: Box::new(self),
            })
        }
    }

    /// Plays `m` without checking that it is legal. `m` must come from this position's
    /// legal moves (or, for Appendix A.5.2, be a move that the pieces on the board can make);
    /// anything else leaves a consistent but meaningless board.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        self.ep_square = None;
        self.halfmoves = self.halfmoves.saturating_add(1);
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if role == Role::Pawn || capture.is_some() || self.board.occupied().contains(to) {
                    self.halfmoves = 0;
                }
                self.board
                    .clear_squares(Bitboard::from_square(from).with(to));
                self.castling_rights = self.castling_rights.without(from).without(to);
                if role == Role::King {
                    self.castling_rights &= !Bitboard::rank(us.back_rank());
                }
                if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 {
                    self.ep_square = Square::new(((from.index() + to.index()) / 2) as u32);
                }
                self.board.put_on_empty(
                    to,
                    Piece {
                        color: us,
                        role: promotion.unwrap_or(role),
                    },
                );
            }
            Move::EnPassant { from, to } => {
                self.halfmoves = 0;
                let pawn = Piece {
                    color: us,
                    role: Role::Pawn,
                };
                self.board.take_known(from, pawn);
                self.board.remove_piece_at(en_passant_victim(from, to));
                self.board.set_piece_at(to, pawn);
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_and_rook(king, rook);
                self.board.remove_piece_at(king);
                self.board.remove_piece_at(rook);
                self.board.set_piece_at(
                    side.king_to(us),
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.board.set_piece_at(
                    side.rook_to(us),
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                self.castling_rights &= !Bitboard::rank(us.back_rank());
            }
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
    }

    /// The position after a pass: the other side to move, no en-passant square (for "is this
    /// side attacking…" questions; not a legal move).
    #[must_use]
    pub fn swap_turn(&self) -> Position {
        let mut position = self.clone();
        position.turn = self.turn.other();
        position.ep_square = None;
        position
    }

    /// What counts for repetition (Art. 9.2.2, 9.2.3).
    #[must_use]
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            board: self.board.clone(),
            turn: self.turn,
            castling_rights: self.castling_rights,
            ep_square: self.legal_ep_square(),
        }
    }

    /// A 64-bit Zobrist hash of [`Position::repetition_key`]: equal keys give equal hashes,
    /// different keys almost surely different ones (see [`super::zobrist`]).
    #[must_use]
    pub fn zobrist_hash(&self) -> u64 {
        super::zobrist::of(self)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::fen::to_fen(self))
    }
}

/// The castling rights of `rights` that have an unmoved-looking king and rook: the rook of
/// the right colour on its first rank with the king on that rank, at most one rook per side.
fn valid_castling_rights(board: &Board, rights: Bitboard) -> Bitboard {
    let mut valid = Bitboard::EMPTY;
    for color in Color::ALL {
        let back = Bitboard::rank(color.back_rank());
        let Some(king) = (board.by_piece(Piece {
            color,
            role: Role::King,
        }) & back)
            .single()
        else {
            continue;
        };
        let rooks = rights
            & back
            & board.by_piece(Piece {
                color,
                role: Role::Rook,
            });
        for side in CastlingSide::ALL {
            let on_side = rooks
                .filter(|&rook| {
                    CastlingSide::from_king_and_rook(king, rook) == side && rook != king
                })
                .collect::<Bitboard>();
            if let Some(rook) = on_side.single() {
                valid.add(rook);
            }
        }
    }
    valid
}

/// Whether `ep` could be the square passed over by the opponent's last two-square advance.
fn plausible_ep_square(board: &Board, turn: Color, ep: Square) -> bool {
    let (ep_rank, pawn_offset) = match turn {
        Color::White => (Rank(5), -8),
        Color::Black => (Rank(2), 8),
    };
    if ep.rank() != ep_rank || board.occupied().contains(ep) {
        return false;
    }
    let (Some(pawn), Some(origin)) = (ep.offset(pawn_offset), ep.offset(-pawn_offset)) else {
        return false;
    };
    board.piece_at(pawn)
        == Some(Piece {
            color: turn.other(),
            role: Role::Pawn,
        })
        && !board.occupied().contains(origin)
}
