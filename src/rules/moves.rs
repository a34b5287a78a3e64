//! Moves (Laws Art. 3): a normal move or capture (with promotion, Art. 3.7.5), en passant
//! (Art. 3.7.3.1) and castling (Art. 3.8.2; Chess960 castling per FIDE Guideline II).

use std::fmt;

use super::types::{Color, File, Rank, Role, Square};

/// The side on which a player castles (Art. 3.8.2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file ("short", `O-O`).
    KingSide,
    /// Towards the a-file ("long", `O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king ends on: g or c (also in Chess960).
    #[must_use]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File(6),
            CastlingSide::QueenSide => File(2),
        }
    }

    /// The file the rook ends on: f or d (also in Chess960).
    #[must_use]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File(5),
            CastlingSide::QueenSide => File(3),
        }
    }

    /// The king's destination for `color`.
    #[must_use]
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), color.back_rank())
    }

    /// The rook's destination for `color`.
    #[must_use]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), color.back_rank())
    }

    /// The side a rook on `rook` is on, seen from a king on `king`.
    #[must_use]
    pub fn from_king_and_rook(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}

/// A move. Construct moves by asking a position for its legal moves or by parsing SAN/UCI
/// against a position; [`super::Position::play`] refuses anything illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves, possibly capturing and/or promoting.
    Normal {
        /// The moving piece's role (before promotion).
        role: Role,
        /// The starting square.
        from: Square,
        /// The role of the captured piece, if any.
        capture: Option<Role>,
        /// The destination square.
        to: Square,
        /// The new role of a promoted pawn (Art. 3.7.5).
        promotion: Option<Role>,
    },
    /// A pawn captures en passant (Art. 3.7.3.1).
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The square it moves to (the one the captured pawn passed over).
        to: Square,
    },
    /// Castling (Art. 3.8.2), given as the king's and the rook's starting squares.
    Castle {
        /// The king's starting square.
        king: Square,
        /// The castling rook's starting square.
        rook: Square,
    },
}

impl Move {
    /// The role of the moving piece (the king for castling).
    #[must_use]
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The starting square (the king's for castling).
    #[must_use]
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The destination as written in SAN/standard UCI: for castling, the king's destination.
    #[must_use]
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => Square::from_coords(
                CastlingSide::from_king_and_rook(king, rook).king_to_file(),
                king.rank(),
            ),
        }
    }

    /// The captured role, if any (a pawn for en passant).
    #[must_use]
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// Whether the move captures.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role, if any.
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// Whether this is an en-passant capture.
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Move::EnPassant { .. })
    }

    /// The castling side, if this is castling.
    #[must_use]
    pub fn castling_side(self) -> Option<CastlingSide> {
        match self {
            Move::Castle { king, rook } => Some(CastlingSide::from_king_and_rook(king, rook)),
            _ => None,
        }
    }

    /// Whether the move resets the fifty-move count (Art. 9.3: a pawn move or a capture).
    #[must_use]
    pub const fn is_zeroing(self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }

    /// The UCI text of the move: castling as the king's two-square move in standard chess
    /// (`e1g1`), as "king takes own rook" in Chess960 (`e1h1`).
    #[must_use]
    pub fn to_uci(self, chess960: bool) -> String {
        let mut text = String::with_capacity(5);
        match self {
            Move::Castle { king, rook } if chess960 => {
                text.push_str(&king.to_string());
                text.push_str(&rook.to_string());
            }
            _ => {
                text.push_str(&self.from().to_string());
                text.push_str(&self.to().to_string());
                if let Some(role) = self.promotion() {
                    text.push(role.char());
                }
            }
        }
        text
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci(false))
    }
}

/// The square of a pawn captured en passant by a move to `to` from a pawn on `from`.
#[inline]
#[must_use]
pub(crate) const fn en_passant_victim(from: Square, to: Square) -> Square {
    Square::from_coords(to.file(), Rank(from.rank().0))
}
