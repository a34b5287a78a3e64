//! Legal move generation (Laws Art. 3.1–3.10): every piece's moves, castling (Art. 3.8.2,
//! Chess960 after FIDE Guideline II), en passant (Art. 3.7.3.1) and promotion (Art. 3.7.5),
//! never leaving one's own king attacked (Art. 3.9). Moves are generated a set of destinations
//! at a time, filtered by the checkers and the pinned pieces, so counting needs no list and
//! reading a SAN move looks only at the named piece type's moves to the named square.

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::board::Board;
use super::super::moves::{CastlingSide, Move, en_passant_victim};
use super::super::types::{Color, Piece, Rank, Role, Square};
use super::{MoveList, Position};

/// Receives generated moves, a set of destinations at a time (so counting needs no list).
pub(super) trait Collector {
    /// A non-pawn piece on `from` may go to each square of `targets`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// A pawn on `from` may go to each square of `targets` (promoting on the last rank).
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard);
    /// One special move (castling, en passant).
    fn special(&mut self, m: Move);
}

pub(super) struct ListCollector<'a>(pub(super) &'a mut MoveList);

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

pub(super) const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

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
    /// What is needed to filter moves: position of the king, checkers and pinned pieces.
    #[inline]
    pub(super) fn info(&self) -> GenInfo {
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
    #[inline]
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

    /// The squares from which our piece of `role` can legally move to `to` by an ordinary move
    /// or an en-passant capture (not castling): only that piece type's moves to that square are
    /// looked at (what reading a SAN move needs), with the king-safety test of Art. 3.9 applied
    /// to each.
    #[must_use]
    pub fn legal_origins(&self, role: Role, to: Square) -> Bitboard {
        let origins = self.pseudo_legal_origins(role, to);
        if origins.is_empty() {
            return origins;
        }
        let us = self.turn;
        let them = us.other();
        let board = &self.board;
        let Some(king) = board.king_of(us) else {
            return origins;
        };
        let occupied = board.occupied();
        if role == Role::King {
            return if board
                .attackers_to(to, them, occupied.without(king))
                .is_empty()
            {
                origins
            } else {
                Bitboard::EMPTY
            };
        }
        if role == Role::Pawn && self.ep_square == Some(to) && !occupied.contains(to) {
            let mut legal = Bitboard::EMPTY;
            let mut list = MoveList::new();
            self.gen_en_passant(&mut ListCollector(&mut list), to, self.info());
            for m in list {
                if origins.contains(m.from()) {
                    legal.add(m.from());
                }
            }
            return legal;
        }
        let checkers = board.attackers_to(king, them, occupied);
        if checkers.more_than_one() {
            return Bitboard::EMPTY;
        }
        if let Some(checker) = checkers.single()
            && !attacks::between(king, checker).with(checker).contains(to)
        {
            return Bitboard::EMPTY;
        }
        // Art. 3.9: a pinned piece may only move along the line of its pin.
        let mut legal = origins;
        for from in origins {
            if !attacks::aligned(king, from, to) && self.is_pinned(king, from) {
                legal.discard(from);
            }
        }
        legal
    }

    /// Whether our piece on `from` is pinned to our king on `king`: an enemy rook, bishop or
    /// queen on the line through both would attack the king if that piece left (the same
    /// squares as the `pinned` set of [`Position::info`], for one square).
    fn is_pinned(&self, king: Square, from: Square) -> bool {
        let line = attacks::line(king, from);
        if line.is_empty() {
            return false;
        }
        let board = &self.board;
        let sliders = if king.file() == from.file() || king.rank() == from.rank() {
            board.rooks_and_queens()
        } else {
            board.bishops_and_queens()
        };
        let occupied = board.occupied();
        (sliders & board.by_color(self.turn.other()) & line)
            .into_iter()
            .any(|sniper| attacks::between(king, sniper) & occupied == Bitboard::from_square(from))
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

    pub(super) fn gen_en_passant<C: Collector>(&self, out: &mut C, ep: Square, info: GenInfo) {
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

    /// Whether the side to move has a legal move found without the full generation: a king
    /// step, a move of an unpinned knight, bishop, rook or queen, or an unpinned pawn's step or
    /// capture. `false` means "not found this way" (pinned pieces, en passant and castling are
    /// left to the full count); used by [`Position::has_legal_move`].
    pub(super) fn has_quick_move(&self) -> bool {
        let info = self.info();
        let board = &self.board;
        let us = self.turn;
        let ours = board.by_color(us);
        let occupied = board.occupied();
        if let Some(king) = info.king {
            let without_king = occupied.without(king);
            if (attacks::king_attacks(king) & !ours)
                .any(|to| board.attackers_to(to, us.other(), without_king).is_empty())
            {
                return true;
            }
        }
        if info.checkers.more_than_one() {
            return false;
        }
        let mask = match (info.checkers.single(), info.king) {
            (Some(checker), Some(king)) => attacks::between(king, checker).with(checker),
            _ => Bitboard::FULL,
        } & !ours;
        let free = ours & !info.pinned;
        if (board.by_role(Role::Knight) & free)
            .any(|from| (attacks::knight_attacks(from) & mask).is_nonempty())
        {
            return true;
        }
        let sliders = |role: Role, reach: fn(Square, Bitboard) -> Bitboard| {
            (board.by_role(role) & free).any(|from| (reach(from, occupied) & mask).is_nonempty())
        };
        if sliders(Role::Queen, attacks::queen_attacks)
            || sliders(Role::Rook, attacks::rook_attacks)
            || sliders(Role::Bishop, attacks::bishop_attacks)
        {
            return true;
        }
        let forward: i32 = match us {
            Color::White => 8,
            Color::Black => -8,
        };
        let theirs = board.by_color(us.other());
        (board.by_role(Role::Pawn) & free).any(|from| {
            let step = from
                .offset(forward)
                .filter(|&one| !occupied.contains(one))
                .map_or(Bitboard::EMPTY, Bitboard::from_square);
            (((attacks::pawn_attacks(us, from) & theirs) | step) & mask).is_nonempty()
        })
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

#[derive(Clone, Copy)]
pub(super) struct GenInfo {
    king: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
}
