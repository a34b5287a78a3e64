//! Claim hints for the arbiter only (Art. 9.2, 9.3): after each ply, whether the player to move
//! could claim a draw — by threefold repetition, on the board or on a move written and not yet
//! played (9.2.1.1, 9.2.1.2), or by the fifty-move rule (9.3.1, 9.3.2) — with the plies at
//! which the repeated position stood, the written move, or the last pawn move or capture. The
//! claims themselves are answered by [`crate::rules::draw`]; a hint is never shown to the
//! players or the public.

use crate::rules::draw::{ClaimBasis, ClaimKind, RepetitionHistory, fifty_claim, threefold_claim};
use crate::rules::san::{Lang, to_san};
use crate::rules::{Color, Position, RepetitionKey};

/// A claim the player to move could make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimHint {
    /// The ply after which the claim could be made (1 = after White's first move).
    pub ply: u32,
    /// Threefold repetition (9.2) or fifty moves (9.3).
    pub kind: ClaimKind,
    /// The player who could claim (the player to move).
    pub player: Color,
    /// The move to write and not play (9.2.1.1, 9.3.1), in SAN with English letters; `None`
    /// when the position on the board already qualifies (9.2.1.2, 9.3.2).
    pub written_move: Option<String>,
    /// Threefold: the plies after which the position (on the board or after the written move)
    /// stood, 0 for the start. Fifty: the ply of the last pawn move or capture (0: none).
    pub plies: Vec<u32>,
}

impl ClaimHint {
    /// The article: `9.2` or `9.3`.
    pub fn article(&self) -> &'static str {
        match self.kind {
            ClaimKind::Threefold => "9.2",
            ClaimKind::Fifty => "9.3",
        }
    }
}

/// The claims open to the player to move in `position`, reached at `ply`. `keys` are the
/// repetition keys of the game's positions, index = ply; `history` is the game's history with
/// `position` as its current position.
pub(super) fn hints(
    ply: u32,
    position: &Position,
    history: &RepetitionHistory,
    keys: &[RepetitionKey],
) -> Vec<ClaimHint> {
    let mut found = Vec::new();
    let player = position.turn();
    if let Some(basis) = threefold_claim(history, position) {
        let (written_move, key) = written(position, basis);
        let plies = keys
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == key)
            .map(|(at, _)| at as u32)
            .collect();
        found.push(ClaimHint {
            ply,
            kind: ClaimKind::Threefold,
            player,
            written_move,
            plies,
        });
    }
    if let Some(basis) = fifty_claim(position) {
        let (written_move, _) = written(position, basis);
        found.push(ClaimHint {
            ply,
            kind: ClaimKind::Fifty,
            player,
            written_move,
            plies: vec![ply.saturating_sub(position.halfmoves())],
        });
    }
    found
}

/// The written move in SAN, and the key of the position the claim is about.
fn written(position: &Position, basis: ClaimBasis) -> (Option<String>, RepetitionKey) {
    match basis {
        ClaimBasis::OnTheBoard => (None, position.repetition_key()),
        ClaimBasis::WrittenMove(m) => {
            let mut after = position.clone();
            after.play_unchecked(m);
            (Some(to_san(position, m, Lang::En)), after.repetition_key())
        }
    }
}
