//! Vocabulary of the board (Laws Art. 2): colours, piece roles, pieces, files, ranks and squares.
//!
//! Squares are numbered `a1 = 0`, `b1 = 1`, … `h8 = 63` (Art. 2.4: the eight files a–h and the
//! eight ranks 1–8).

use std::fmt;

/// The colour of a piece or of the side to move (Art. 2.1: White and Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first (Art. 1.2).
    White,
    /// The other side.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` for `true`.
    #[inline]
    #[must_use]
    pub const fn from_white(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// The rank on which this colour's pieces start (1 for White, 8 for Black).
    #[inline]
    #[must_use]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank(0),
            Color::Black => Rank(7),
        }
    }

    /// A rank seen from this colour's side (`Rank(0)` is the own back rank).
    #[inline]
    #[must_use]
    pub const fn relative_rank(self, rank: Rank) -> Rank {
        match self {
            Color::White => rank,
            Color::Black => Rank(7 - rank.0),
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// The kind of a piece, without its colour (Art. 2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (Art. 3.7).
    Pawn,
    /// Knight (Art. 3.6).
    Knight,
    /// Bishop (Art. 3.2).
    Bishop,
    /// Rook (Art. 3.3).
    Rook,
    /// Queen (Art. 3.4).
    Queen,
    /// King (Art. 3.8).
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The pieces a pawn may be promoted to (Art. 3.7.5.1), queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// `0` for the pawn … `5` for the king.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English lower-case letter used by FEN and UCI (`p n b r q k`).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The English upper-case letter used by SAN (`P N B R Q K`).
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role for a FEN/UCI letter, either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_white(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }
}

/// A file (column) a–h, `File(0)` = a (Art. 2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(pub u8);

impl File {
    /// The file's letter, `a`–`h`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file for a letter `a`–`h` (either case).
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'h' {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
}

/// A rank (row) 1–8, `Rank(0)` = 1 (Art. 2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(pub u8);

impl Rank {
    /// The rank's digit, `1`–`8`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// The rank for a digit `1`–`8`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Some(Rank(c as u8 - b'1'))
        } else {
            None
        }
    }
}

/// One of the 64 squares, `a1 = 0` … `h8 = 63`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square a1.
    pub const A1: Square = Square(0);
    /// Square c1.
    pub const C1: Square = Square(2);
    /// Square d1.
    pub const D1: Square = Square(3);
    /// Square e1.
    pub const E1: Square = Square(4);
    /// Square f1.
    pub const F1: Square = Square(5);
    /// Square g1.
    pub const G1: Square = Square(6);
    /// Square h1.
    pub const H1: Square = Square(7);
    /// Square e8.
    pub const E8: Square = Square(60);
    /// Square h8.
    pub const H8: Square = Square(63);

    /// The square with this index, if it is below 64.
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with this index; the index is taken modulo 64.
    #[inline]
    #[must_use]
    pub const fn from_index_wrapping(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on a file and a rank.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    /// `0` for a1 … `63` for h8.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    /// The square's rank.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The same square seen from Black's side (a1 ↔ a8).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `delta` steps further in index (a1 + 8 = a2), if still on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self.0 as i32 + delta;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Parses a square like `e4` (file letter, rank digit).
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(file, rank))
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One value per colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// The value for a colour.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value for a colour, mutable.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}
