//! The FIDE Laws of Chess (Laws 2023): positions, moves, notation, game end, draws, clocks,
//! illegal moves and scoresheet checking. Pure: no I/O, nothing of ours underneath.
//!
//! Vocabulary after shakmaty: [`Color`], [`Role`], [`Piece`], [`Square`], [`Bitboard`],
//! [`Move`], [`Position`] (with [`Position::play`] and [`Position::legal_moves`]).

pub mod arbiter;
pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod clock;
pub mod dead;
pub mod draw;
pub mod fen;
pub mod game;
pub mod illegal;
pub mod live;
pub mod moves;
pub mod pgn;
pub mod position;
pub mod replay;
pub mod san;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use fen::{Fen, FenField, ParseFenError, STARTING_FEN};
pub use moves::{CastlingSide, Move};
pub use position::{
    CastlingMode, MoveList, PlayError, Position, PositionError, RepetitionKey, Setup,
};
pub use san::{Lang, SanError, SanErrorKind};
pub use types::{ByColor, Color, File, Piece, Rank, Role, Square};
