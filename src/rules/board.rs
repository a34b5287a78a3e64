//! The placement of the pieces on the 64 squares (Laws Art. 2).

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{ByColor, Color, Piece, Role, Square};

/// Where the pieces stand: one set of squares per role and per colour.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::standard()
    }
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The initial position of Art. 2.3.
    #[must_use]
    pub fn standard() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let file = file as u32;
            let white = Square::from_index_wrapping(file);
            board.set_piece_at(
                white,
                Piece {
                    color: Color::White,
                    role,
                },
            );
            board.set_piece_at(
                white.flip_vertical(),
                Piece {
                    color: Color::Black,
                    role,
                },
            );
            board.set_piece_at(
                Square::from_index_wrapping(8 + file),
                Piece {
                    color: Color::White,
                    role: Role::Pawn,
                },
            );
            board.set_piece_at(
                Square::from_index_wrapping(48 + file),
                Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                },
            );
        }
        board
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares holding pieces of `color`.
    #[inline]
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares holding pieces of `role` (either colour).
    #[inline]
    #[must_use]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares holding `piece`.
    #[inline]
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_role[piece.role.index()].0 & self.by_color[piece.color.index()].0)
    }

    /// Rooks and queens (pieces that move along files and ranks).
    #[inline]
    #[must_use]
    pub const fn rooks_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role[Role::Rook.index()].0 | self.by_role[Role::Queen.index()].0)
    }

    /// Bishops and queens (pieces that move along diagonals).
    #[inline]
    #[must_use]
    pub const fn bishops_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role[Role::Bishop.index()].0 | self.by_role[Role::Queen.index()].0)
    }

    /// The square of `color`'s king (the lowest one if a malformed board has several).
    #[inline]
    #[must_use]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        Bitboard(self.by_role[Role::King.index()].0 & self.by_color[color.index()].0).first()
    }

    /// The role of the piece on `square`, if any.
    #[inline]
    #[must_use]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if !self.occupied.contains(square) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|role| self.by_role[role.index()].contains(square))
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    #[must_use]
    pub fn color_at(&self, square: Square) -> Option<Color> {
        if self.by_color[0].contains(square) {
            Some(Color::White)
        } else if self.by_color[1].contains(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(square)?,
            role: self.role_at(square)?,
        })
    }

    /// Removes and returns the piece on `square`.
    #[inline]
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.by_role[piece.role.index()].discard(square);
        self.by_color[piece.color.index()].discard(square);
        self.occupied.discard(square);
        Some(piece)
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, square: Square, piece: Piece) {
        self.remove_piece_at(square);
        self.by_role[piece.role.index()].add(square);
        self.by_color[piece.color.index()].add(square);
        self.occupied.add(square);
    }

    /// Puts `piece` on an empty `square` (cheaper than [`Board::set_piece_at`]).
    #[inline]
    pub(crate) fn put_on_empty(&mut self, square: Square, piece: Piece) {
        self.by_role[piece.role.index()].add(square);
        self.by_color[piece.color.index()].add(square);
        self.occupied.add(square);
    }

    /// Empties the `squares`, whatever stood there (the board of [`Board::remove_piece_at`]
    /// on each, without finding out which pieces they were).
    #[inline]
    pub(crate) fn clear_squares(&mut self, squares: Bitboard) {
        let keep = !squares;
        for set in &mut self.by_role {
            *set &= keep;
        }
        for set in &mut self.by_color {
            *set &= keep;
        }
        self.occupied &= keep;
    }

    /// Removes a piece known to be `piece` from `square`.
    #[inline]
    pub(crate) fn take_known(&mut self, square: Square, piece: Piece) {
        self.by_role[piece.role.index()].discard(square);
        self.by_color[piece.color.index()].discard(square);
        self.occupied.discard(square);
    }

    /// Pieces of `attacker` that attack `square`, given the occupied squares `occupied`.
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, square: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(attacker);
        theirs
            & ((attacks::rook_attacks(square, occupied) & self.rooks_and_queens())
                | (attacks::bishop_attacks(square, occupied) & self.bishops_and_queens())
                | (attacks::knight_attacks(square) & self.by_role(Role::Knight))
                | (attacks::king_attacks(square) & self.by_role(Role::King))
                | (attacks::pawn_attacks(attacker.other(), square) & self.by_role(Role::Pawn)))
    }

    /// The number of pieces of each colour.
    #[must_use]
    pub fn material_count(&self) -> ByColor<usize> {
        ByColor {
            white: self.by_color(Color::White).count(),
            black: self.by_color(Color::Black).count(),
        }
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .filter_map(move |square| self.piece_at(square).map(|piece| (square, piece)))
    }
}
