//! Zobrist keys for "the same position" of Laws Art. 9.2.2–9.2.3: one random 64-bit number per
//! (piece, square), for Black to move, for each castling rook and for each en-passant square;
//! a position's key is the XOR of the numbers of what it holds. Playing a move changes a few
//! terms only, so [`after_move`] updates a key without looking at the whole board.

use super::bitboard::Bitboard;
use super::moves::{CastlingSide, Move, en_passant_victim};
use super::position::Position;
use super::types::{Color, Piece, Role, Square};

const fn table() -> [u64; 897] {
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

static KEYS: [u64; 897] = table();

/// The number for `piece` on `square`.
#[inline]
#[must_use]
pub fn piece(piece: Piece, square: Square) -> u64 {
    KEYS[(piece.color.index() * 6 + piece.role.index()) * 64 + square.index()]
}

#[inline]
fn piece_of(color: Color, role: Role, square: Square) -> u64 {
    piece(Piece { color, role }, square)
}

/// The number for Black to move.
#[inline]
#[must_use]
pub fn black_to_move() -> u64 {
    KEYS[768]
}

/// The XOR of the numbers of the castling rooks in `rights`.
#[inline]
#[must_use]
pub fn castling(rights: Bitboard) -> u64 {
    rights
        .into_iter()
        .fold(0, |hash, rook| hash ^ KEYS[769 + rook.index()])
}

/// The number for an en-passant square (0 for none).
#[inline]
#[must_use]
pub fn en_passant(square: Option<Square>) -> u64 {
    square.map_or(0, |square| KEYS[833 + square.index()])
}

/// The key of a position from scratch (the en-passant square only when the capture is legal).
#[must_use]
pub fn of(position: &Position) -> u64 {
    let mut hash = position
        .board()
        .pieces()
        .fold(0, |hash, (square, p)| hash ^ piece(p, square));
    if position.turn() == Color::Black {
        hash ^= black_to_move();
    }
    hash ^ castling(position.castling_rights()) ^ en_passant(position.legal_ep_square())
}

/// The key after `m`, from the key of `before` and the position `after` it produced: only the
/// moved, captured and promoted pieces, the turn, the castling rights that changed and the
/// en-passant squares are touched. `m` must have been played by `before`'s side to move.
#[must_use]
pub fn after_move(hash: u64, before: &Position, m: Move, after: &Position) -> u64 {
    let us = before.turn();
    let them = us.other();
    let mut hash = hash ^ black_to_move();
    match m {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            hash ^= piece_of(us, role, from) ^ piece_of(us, promotion.unwrap_or(role), to);
            // What stood on `to` (the move's capture field may be unset for an unchecked move).
            if let Some(victim) = before.board().piece_at(to) {
                hash ^= piece(victim, to);
            }
        }
        Move::EnPassant { from, to } => {
            hash ^= piece_of(us, Role::Pawn, from)
                ^ piece_of(us, Role::Pawn, to)
                ^ piece_of(them, Role::Pawn, en_passant_victim(from, to));
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_and_rook(king, rook);
            hash ^= piece_of(us, Role::King, king)
                ^ piece_of(us, Role::Rook, rook)
                ^ piece_of(us, Role::King, side.king_to(us))
                ^ piece_of(us, Role::Rook, side.rook_to(us));
        }
    }
    hash ^= castling(before.castling_rights() ^ after.castling_rights());
    hash ^ en_passant(before.legal_ep_square()) ^ en_passant(after.legal_ep_square())
}

/// The key after a move that is neither a capture nor a pawn move (the only moves that can
/// repeat a position, Art. 9.2), without playing it: `ep_key` is [`en_passant`] of the
/// position's legal en-passant square (such a move never leaves one behind).
#[must_use]
pub fn after_quiet_move(hash: u64, position: &Position, m: Move, ep_key: u64) -> u64 {
    let us = position.turn();
    let rights = position.castling_rights();
    let back_rank = Bitboard::rank(us.back_rank());
    let mut hash = hash ^ black_to_move() ^ ep_key;
    let rights_after = match m {
        Move::Normal { role, from, to, .. } => {
            hash ^= piece_of(us, role, from) ^ piece_of(us, role, to);
            let after = rights.without(from).without(to);
            if role == Role::King {
                after & !back_rank
            } else {
                after
            }
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_and_rook(king, rook);
            hash ^= piece_of(us, Role::King, king)
                ^ piece_of(us, Role::Rook, rook)
                ^ piece_of(us, Role::King, side.king_to(us))
                ^ piece_of(us, Role::Rook, side.rook_to(us));
            rights & !back_rank
        }
        Move::EnPassant { .. } => rights,
    };
    hash ^ castling(rights ^ rights_after)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Art. 9.2.2: the updated key equals the key computed from scratch, through captures,
    /// promotions, castling (losing the rights) and en passant.
    #[test]
    fn art_9_2_2_incremental_key_matches_full_key() {
        let mut position = Position::new();
        let mut hash = of(&position);
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let moves = position.legal_moves();
            if moves.is_empty() || position.halfmoves() > 60 {
                position = Position::new();
                hash = of(&position);
                continue;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            let mut next = position.clone();
            next.play_unchecked(m);
            let quick =
                after_quiet_move(hash, &position, m, en_passant(position.legal_ep_square()));
            hash = after_move(hash, &position, m, &next);
            assert_eq!(hash, of(&next), "after {m} from {position}");
            if !crate::rules::draw::is_zeroing(m) {
                assert_eq!(quick, hash, "quiet {m} from {position}");
            }
            position = next;
        }
    }
}
