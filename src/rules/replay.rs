//! Replaying written moves (Laws Art. 3, 4, Appendix C): each move text is read in the
//! scoresheet's language and played; replay stops at the first move that is not a legal move,
//! saying which ply, what was written, why, and which moves were possible.

use super::moves::Move;
use super::position::Position;
use super::san::{Lang, SanError, parse_move};

/// The outcome of replaying a list of move texts.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The position after the last legal move.
    pub position: Position,
    /// The legal moves played, in order.
    pub moves: Vec<Move>,
    /// The first bad move, if any: its 1-based ply and the error.
    pub failure: Option<(usize, SanError)>,
}

/// Plays `texts` from `start` in `lang`'s piece letters, stopping at the first bad move.
#[must_use]
pub fn replay<S: AsRef<str>>(start: Position, texts: &[S], lang: Lang) -> Replay {
    let mut position = start;
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        match parse_move(&position, text.as_ref(), lang) {
            Ok(m) => {
                position.play_unchecked(m);
                moves.push(m);
            }
            Err(error) => {
                return Replay {
                    position,
                    moves,
                    failure: Some((i + 1, error)),
                };
            }
        }
    }
    Replay {
        position,
        moves,
        failure: None,
    }
}
