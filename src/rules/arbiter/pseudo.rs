//! A.5.2 (an illegal move that stood): the move an illegal text describes, when the pieces on
//! the board can make it at all, ignoring checks (moved out of `arbiter.rs` as it was).

use crate::rules::san::{self, MoveText};
use crate::rules::{Color, Lang, Move, Position, Role, attacks};

/// A.5.2: the move an illegal text describes, if the pieces on the board can make it at all
/// (ignoring checks, which is what makes it illegal). `None` when it cannot be made out.
pub(super) fn pseudo_move(position: &Position, text: &str, lang: Lang) -> Option<Move> {
    let parsed = san::parse_move_text(text, lang).ok()?;
    let board = position.board();
    let us = position.turn();
    let ours = board.by_color(us);
    let occupied = board.occupied();
    match parsed {
        MoveText::Castle(side) => {
            let king = board.king_of(us)?;
            let rooks = board.by_piece(crate::rules::Piece {
                color: us,
                role: Role::Rook,
            });
            let rook = rooks
                .filter(|rook| rook.rank() == king.rank())
                .find(|rook| {
                    (rook.file().0 > king.file().0)
                        == (side == crate::rules::CastlingSide::KingSide)
                })?;
            Some(Move::Castle { king, rook })
        }
        MoveText::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            if ours.contains(to) {
                return None;
            }
            let role = role.unwrap_or(Role::Pawn);
            let capture = board.role_at(to);
            let candidates = board.by_piece(crate::rules::Piece { color: us, role });
            let mut found = None;
            for from in candidates {
                if file.is_some_and(|f| f != from.file()) || rank.is_some_and(|r| r != from.rank())
                {
                    continue;
                }
                let reaches = match role {
                    Role::Knight => attacks::knight_attacks(from).contains(to),
                    Role::Bishop => attacks::bishop_attacks(from, occupied).contains(to),
                    Role::Rook => attacks::rook_attacks(from, occupied).contains(to),
                    Role::Queen => attacks::queen_attacks(from, occupied).contains(to),
                    Role::King => attacks::king_attacks(from).contains(to),
                    Role::Pawn => {
                        let forward: i32 = if us == Color::White { 8 } else { -8 };
                        if capture.is_some() {
                            attacks::pawn_attacks(us, from).contains(to)
                        } else {
                            from.offset(forward) == Some(to)
                                || (from.rank() == us.relative_rank(crate::rules::Rank(1))
                                    && from.offset(forward).is_some_and(|s| !occupied.contains(s))
                                    && from.offset(2 * forward) == Some(to))
                        }
                    }
                };
                if reaches {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(from);
                }
            }
            let from = found?;
            let last_rank = us.other().back_rank();
            let promotion = if role == Role::Pawn && to.rank() == last_rank {
                // Art. 7.5.2: an unfinished promotion is a queen.
                Some(promotion.unwrap_or(Role::Queen))
            } else {
                None
            };
            Some(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            })
        }
    }
}
