//! SAN output (Laws Appendix C): canonical SAN in a language's piece letters: the letter, the
//! departure file, rank or square only when needed to tell two pieces apart (C.8), `x` for
//! captures (C.9), `=Q` for promotions (C.11), `+`/`#`, castling as `O-O`/`O-O-O` or `0-0`.

use super::super::bitboard::Bitboard;
use super::super::moves::{CastlingSide, Move};
use super::super::position::Position;
use super::super::types::{Role, Square};
use super::{CastlingStyle, Lang, SanStyle};

/// Canonical SAN of a legal move, with `+`/`#`, in `lang`'s letters.
#[must_use]
pub fn to_san(position: &Position, m: Move, lang: Lang) -> String {
    to_san_styled(
        position,
        m,
        SanStyle {
            lang,
            castling: CastlingStyle::LetterO,
        },
    )
}

/// Canonical SAN of a legal move with a chosen style, with `+`/`#`.
#[must_use]
pub fn to_san_styled(position: &Position, m: Move, style: SanStyle) -> String {
    let mut text = to_san_without_suffix(position, m, style);
    let mut after = position.clone();
    after.play_unchecked(m);
    if after.is_check() {
        text.push(if after.has_legal_move() { '+' } else { '#' });
    }
    text
}

/// Canonical SAN without the check or mate mark.
#[must_use]
pub fn to_san_without_suffix(position: &Position, m: Move, style: SanStyle) -> String {
    let lang = style.lang;
    let zero = style.castling == CastlingStyle::Zero;
    match m {
        Move::Castle { .. } => match (m.castling_side(), zero) {
            (Some(CastlingSide::QueenSide), false) => "O-O-O".to_string(),
            (Some(CastlingSide::QueenSide), true) => "0-0-0".to_string(),
            (_, false) => "O-O".to_string(),
            (_, true) => "0-0".to_string(),
        },
        Move::EnPassant { from, to } => format!("{}x{to}", from.file().char()),
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut text = String::with_capacity(8);
            if role == Role::Pawn {
                if capture.is_some() {
                    text.push(from.file().char());
                    text.push('x');
                }
            } else {
                text.push_str(lang.letter(role));
                let others: Vec<Square> = position
                    .legal_moves_to(Bitboard::from_square(to))
                    .into_iter()
                    .filter(|o| {
                        matches!(o, Move::Normal { .. }) && o.role() == role && o.from() != from
                    })
                    .map(|o| o.from())
                    .collect();
                if !others.is_empty() {
                    if others.iter().all(|o| o.file() != from.file()) {
                        text.push(from.file().char());
                    } else if others.iter().all(|o| o.rank() != from.rank()) {
                        text.push(from.rank().char());
                    } else {
                        text.push(from.file().char());
                        text.push(from.rank().char());
                    }
                }
                if capture.is_some() {
                    text.push('x');
                }
            }
            text.push_str(&to.to_string());
            if let Some(promotion) = promotion {
                text.push('=');
                text.push_str(lang.letter(promotion));
            }
            text
        }
    }
}
