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

use super::attacks;
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

/// Receives generated moves, a set of destinations at a time (so counting needs no list).
trait Collector {
    /// A non-pawn piece on `from` may go to each square of `targets`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// A pawn on `from` may go to each square of `targets` (promoting on the last rank).
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard);
    /// One special move (castling, en passant).
    fn special(&mut self, m: Move);
}

struct ListCollector<'a>(&'a mut MoveList);

impl Collector for ListCollector<'_> {
    #[inline]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.0.push(Move::Normal {
                role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }

    #[inline]
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard) {
        for to in targets {
            let capture = board.role_at(to);
            if to.rank() == Rank(0) || to.rank() == Rank(7) {
                for promotion in Role::PROMOTIONS {
                    self.0.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else {
                self.0.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }

    #[inline]
    fn special(&mut self, m: Move) {
        self.0.push(m);
    }
}

struct CountCollector(u64);

const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

impl Collector for CountCollector {
    #[inline]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline]
    fn pawn(&mut self, _: &Board, _: Square, targets: Bitboard) {
        self.0 +=
            (targets & !BACK_RANKS).count() as u64 + 4 * (targets & BACK_RANKS).count() as u64;
    }

    #[inline]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

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
        self.count_legal_moves() > 0
    }

    /// What is needed to filter moves: position of the king, checkers and pinned pieces.
    #[inline]
    fn info(&self) -> GenInfo {
        let us = self.turn;
        let them = us.other();
        let occupied = self.board.occupied();
        match self.board.king_of(us) {
            Some(king) => {
                let checkers = self.board.attackers_to(king, them, occupied);
                let theirs = self.board.by_color(them);
                let snipers = ((attacks::rook_attacks(king, theirs)
                    & self.board.rooks_and_queens())
                    | (attacks::bishop_attacks(king, theirs) & self.board.bishops_and_queens()))
                    & theirs;
                let mut pinned = Bitboard::EMPTY;
                for sniper in snipers {
                    let blockers = attacks::between(king, sniper) & occupied;
                    if !blockers.more_than_one() {
                        pinned |= blockers & self.board.by_color(us);
                    }
                }
                GenInfo {
                    king: Some(king),
                    checkers,
                    pinned,
                }
            }
            None => GenInfo {
                king: None,
                checkers: Bitboard::EMPTY,
                pinned: Bitboard::EMPTY,
            },
        }
    }

    /// All legal moves (Art. 3, 4).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::with_capacity(64);
        self.generate(&mut ListCollector(&mut list));
        list
    }

    /// The number of legal moves, without building a list.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = CountCollector(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Legal moves of pieces standing on `from`.
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .collect()
    }

    /// Our pieces of `role` that could move to `to` if their own king's safety did not
    /// matter (pseudo-legal moves: the piece's way of moving, Art. 3.2–3.8, without Art. 3.9).
    /// Castling is not included.
    #[must_use]
    pub fn pseudo_legal_origins(&self, role: Role, to: Square) -> Bitboard {
        let us = self.turn;
        let board = &self.board;
        let ours = board.by_piece(Piece { color: us, role });
        if board.by_color(us).contains(to) {
            return Bitboard::EMPTY;
        }
        let occupied = board.occupied();
        match role {
            Role::Knight => ours & attacks::knight_attacks(to),
            Role::Bishop => ours & attacks::bishop_attacks(to, occupied),
            Role::Rook => ours & attacks::rook_attacks(to, occupied),
            Role::Queen => ours & attacks::queen_attacks(to, occupied),
            Role::King => ours & attacks::king_attacks(to),
            Role::Pawn => {
                let mut origins = Bitboard::EMPTY;
                if board.by_color(us.other()).contains(to) || self.ep_square == Some(to) {
                    origins |= ours & attacks::pawn_attacks(us.other(), to);
                } else if !occupied.contains(to) {
                    let back = match us {
                        Color::White => -8,
                        Color::Black => 8,
                    };
                    if let Some(one) = to.offset(back) {
                        if ours.contains(one) {
                            origins.add(one);
                        } else if !occupied.contains(one)
                            && let Some(two) = one.offset(back)
                            && ours.contains(two)
                            && us.relative_rank(two.rank()) == Rank(1)
                        {
                            origins.add(two);
                        }
                    }
                }
                origins
            }
        }
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        // Cheap filter first: the mover must be ours and of the claimed role.
        let from = m.from();
        if self.board.color_at(from) != Some(self.turn)
            || self.board.role_at(from) != Some(m.role())
        {
            return false;
        }
        self.legal_moves().contains(&m)
    }

    /// Legal moves ending on a square of `to` (castling included when the king's destination
    /// or the castling rook's square is in `to`).
    #[must_use]
    pub fn legal_moves_to(&self, to: Bitboard) -> MoveList {
        let mut list = MoveList::with_capacity(8);
        self.generate_to(&mut ListCollector(&mut list), to);
        list
    }

    #[inline]
    fn generate<C: Collector>(&self, out: &mut C) {
        self.generate_to(out, Bitboard::FULL);
    }

    #[inline]
    fn generate_to<C: Collector>(&self, out: &mut C, to_mask: Bitboard) {
        let info = self.info();
        let us = self.turn;
        let them = us.other();
        let board = &self.board;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        let occupied = board.occupied();

        if let Some(king) = info.king {
            let without_king = occupied.without(king);
            let mut targets = Bitboard::EMPTY;
            for to in attacks::king_attacks(king) & !ours & to_mask {
                if board.attackers_to(to, them, without_king).is_empty() {
                    targets.add(to);
                }
            }
            out.piece(board, Role::King, king, targets);
        }

        if info.checkers.more_than_one() {
            return;
        }
        let mask = match (info.checkers.single(), info.king) {
            (Some(checker), Some(king)) => attacks::between(king, checker).with(checker),
            _ => Bitboard::FULL,
        } & !ours
            & to_mask;

        let pinned = info.pinned;
        let pin_line = |from: Square| -> Bitboard {
            match info.king {
                Some(king) if pinned.contains(from) => attacks::line(king, from),
                _ => Bitboard::FULL,
            }
        };

        for from in board.by_role(Role::Knight) & ours & !pinned {
            out.piece(
                board,
                Role::Knight,
                from,
                attacks::knight_attacks(from) & mask,
            );
        }
        for from in board.by_role(Role::Bishop) & ours {
            let targets = attacks::bishop_attacks(from, occupied) & mask & pin_line(from);
            out.piece(board, Role::Bishop, from, targets);
        }
        for from in board.by_role(Role::Rook) & ours {
            let targets = attacks::rook_attacks(from, occupied) & mask & pin_line(from);
            out.piece(board, Role::Rook, from, targets);
        }
        for from in board.by_role(Role::Queen) & ours {
            let targets = attacks::queen_attacks(from, occupied) & mask & pin_line(from);
            out.piece(board, Role::Queen, from, targets);
        }

        let (forward, start_rank) = match us {
            Color::White => (8i32, Rank(1)),
            Color::Black => (-8i32, Rank(6)),
        };
        for from in board.by_role(Role::Pawn) & ours {
            let mut targets = attacks::pawn_attacks(us, from) & theirs;
            if let Some(one) = from.offset(forward)
                && !occupied.contains(one)
            {
                targets.add(one);
                if from.rank() == start_rank
                    && let Some(two) = one.offset(forward)
                    && !occupied.contains(two)
                {
                    targets.add(two);
                }
            }
            targets &= mask & pin_line(from);
            if targets.is_nonempty() {
                out.pawn(board, from, targets);
            }
        }

        if let Some(ep) = self.ep_square
            && to_mask.contains(ep)
        {
            self.gen_en_passant(out, ep, info);
        }

        if info.checkers.is_empty()
            && let Some(king) = info.king
        {
            self.gen_castling(out, king, to_mask);
        }
    }

    fn gen_en_passant<C: Collector>(&self, out: &mut C, ep: Square, info: GenInfo) {
        let us = self.turn;
        let them = us.other();
        let board = &self.board;
        let capturers =
            attacks::pawn_attacks(them, ep) & board.by_role(Role::Pawn) & board.by_color(us);
        for from in capturers {
            let victim = en_passant_victim(from, ep);
            if let Some(king) = info.king {
                let occupied = (board.occupied().without(from).without(victim)).with(ep);
                let attackers = board.attackers_to(king, them, occupied).without(victim);
                if attackers.is_nonempty() {
                    continue;
                }
            }
            out.special(Move::EnPassant { from, to: ep });
        }
    }

    fn gen_castling<C: Collector>(&self, out: &mut C, king: Square, to_mask: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let board = &self.board;
        let back = Bitboard::rank(us.back_rank());
        if !back.contains(king) {
            return;
        }
        for rook in self.castling_rights & back & board.by_color(us) & board.by_role(Role::Rook) {
            let side = CastlingSide::from_king_and_rook(king, rook);
            let king_to = side.king_to(us);
            let rook_to = side.rook_to(us);
            if !to_mask.contains(king_to) && !to_mask.contains(rook) {
                continue;
            }
            let others = board.occupied().without(king).without(rook);
            let king_path = attacks::between(king, king_to).with(king_to);
            let rook_path = attacks::between(rook, rook_to).with(rook_to);
            if ((king_path | rook_path) & others).is_nonempty() {
                continue;
            }
            let after = others.with(rook_to);
            if king_path
                .into_iter()
                .any(|square| board.attackers_to(square, them, after).is_nonempty())
            {
                continue;
            }
            out.special(Move::Castle { king, rook });
        }
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
                self.board.remove_piece_at(from);
                self.board.remove_piece_at(to);
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
    /// different keys almost surely different ones.
    #[must_use]
    pub fn zobrist_hash(&self) -> u64 {
        let mut hash = 0u64;
        for (square, piece) in self.board.pieces() {
            hash ^= ZOBRIST[(piece.color.index() * 6 + piece.role.index()) * 64 + square.index()];
        }
        if self.turn == Color::Black {
            hash ^= ZOBRIST[768];
        }
        for rook in self.castling_rights {
            hash ^= ZOBRIST[769 + rook.index()];
        }
        if let Some(ep) = self.legal_ep_square() {
            hash ^= ZOBRIST[833 + ep.index()];
        }
        hash
    }

    /// The number of leaf nodes `depth` plies deep (a move generator check).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut total = 0;
                for m in self.legal_moves() {
                    let mut child = self.clone();
                    child.play_unchecked(m);
                    total += child.perft(depth - 1);
                }
                total
            }
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::fen::to_fen(self))
    }
}

#[derive(Clone, Copy)]
struct GenInfo {
    king: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
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

const fn zobrist_table() -> [u64; 897] {
    let mut table = [0u64; 897];
    let mut state = 0x0123_4567_89ab_cdefu64;
    let mut i = 0;
    while i < 897 {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        table[i] = z ^ (z >> 31);
        i += 1;
    }
    table
}

static ZOBRIST: [u64; 897] = zobrist_table();
