//! Draws by claim and automatic draws, Laws 2023 Art. 9: threefold repetition (9.2, with the
//! Laws' definition of "the same position" in 9.2.2–9.2.3), fifty moves (9.3), both including a
//! claim on a move written but not yet played (9.2.1.1, 9.3.1); incorrect claims (9.5: the
//! opponent gets 2 minutes in standard play, 1 minute in rapid and blitz, A.3 / B.3); fivefold
//! repetition and 75 moves (9.6.1, 9.6.2), where a mate on the last move takes precedence.
//!
//! "The same position" is [`RepetitionKey`]: same player to move, same pieces on the same
//! squares, same castling rights, and an en-passant square only when the capture is possible.

use super::clock::Category;
use super::{Move, Position, RepetitionKey, Role, zobrist};

/// One position of the history: its Zobrist key and, to confirm a key match, the position
/// itself as repetition sees it.
#[derive(Debug, Clone)]
struct Entry {
    hash: u64,
    key: RepetitionKey,
}

/// The positions of a game since its last irreversible move (pawn move or capture), counted
/// for repetition. Positions before such a move can never occur again, so they are dropped.
///
/// Each position's Zobrist key is updated from the previous one by the move played
/// ([`zobrist::after_move`]); keys are compared first and a match is confirmed on the full
/// [`RepetitionKey`], so a key collision can never make a wrong answer.
#[derive(Debug, Clone, Default)]
pub struct RepetitionHistory {
    entries: Vec<Entry>,
    /// How many times the current position has stood (this time included).
    current: u32,
    /// Whether some position has stood at least twice (only then can a written move repeat).
    any_repeated: bool,
    /// The keys of the positions that have stood at least twice.
    twice: Vec<u64>,
}

/// Whether a move resets the fifty-move count (Art. 9.3: a pawn move or a capture).
pub fn is_zeroing(m: Move) -> bool {
    match m {
        Move::Normal { role, capture, .. } => role == Role::Pawn || capture.is_some(),
        Move::EnPassant { .. } => true,
        Move::Castle { .. } => false,
    }
}

impl RepetitionHistory {
    /// A history holding only the start position.
    pub fn new(start: &Position) -> RepetitionHistory {
        let mut history = RepetitionHistory::default();
        history.restart(start);
        history
    }

    /// Records the position `after` reached by playing `m` in `before`, which must be the last
    /// position recorded.
    pub fn push(&mut self, before: &Position, m: Move, after: &Position) {
        let Some(last) = self.entries.last() else {
            self.restart(after);
            return;
        };
        let hash = zobrist::after_move(last.hash, before, m, after);
        debug_assert_eq!(
            hash,
            zobrist::of(after),
            "incremental Zobrist key after {m}"
        );
        if is_zeroing(m) {
            self.entries.clear();
            self.any_repeated = false;
            self.twice.clear();
        }
        let entry = Entry {
            hash,
            key: after.repetition_key(),
        };
        let count = self.count_entry(hash, &entry.key) + 1;
        self.entries.push(entry);
        self.current = count;
        if count == 2 {
            self.twice.push(hash);
        }
        self.any_repeated |= count >= 2;
    }

    /// Starts again from `position` (the start, or a position reached without a legal move:
    /// an illegal move that stood, A.5.2).
    pub fn restart(&mut self, position: &Position) {
        self.entries.clear();
        self.entries.push(Entry {
            hash: zobrist::of(position),
            key: position.repetition_key(),
        });
        self.current = 1;
        self.any_repeated = false;
        self.twice.clear();
    }

    /// How many times the current (last pushed) position has stood, this time included.
    pub fn current_count(&self) -> u32 {
        self.current
    }

    /// How many times `position` has stood on the board.
    pub fn count(&self, position: &Position) -> u32 {
        self.count_entry(zobrist::of(position), &position.repetition_key())
    }

    fn count_entry(&self, hash: u64, key: &RepetitionKey) -> u32 {
        self.entries
            .iter()
            .filter(|entry| entry.hash == hash && entry.key == *key)
            .count() as u32
    }

    /// How many times the position `m` leads to from the current one has stood: keys first,
    /// the full comparison only on a key match.
    fn count_after(&self, position: &Position, m: Move) -> u32 {
        let Some(last) = self.entries.last() else {
            return 0;
        };
        let mut after = position.clone();
        after.play_unchecked(m);
        let hash = zobrist::after_move(last.hash, position, m, &after);
        if !self.entries.iter().any(|entry| entry.hash == hash) {
            return 0;
        }
        self.count_entry(hash, &after.repetition_key())
    }
}

/// A valid draw claim: on the position on the board, or on a move the claimant has written and
/// is about to play (Art. 9.2.1.1, 9.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimBasis {
    /// The position on the board already qualifies.
    OnTheBoard,
    /// Playing this move would make it qualify.
    WrittenMove(Move),
}

/// Art. 9.2: can the player to move claim a threefold repetition? `position` must be the
/// current (last pushed) position of `history`. Returns how the claim is justified, or `None`.
pub fn threefold_claim(history: &RepetitionHistory, position: &Position) -> Option<ClaimBasis> {
    if history.current_count() >= 3 {
        return Some(ClaimBasis::OnTheBoard);
    }
    // A written move can only make a third occurrence of a position that stood twice.
    if !history.any_repeated {
        return None;
    }
    // Keys first, without playing the moves; a key match is confirmed in full.
    let hash = history.entries.last()?.hash;
    let ep_key = zobrist::en_passant(position.legal_ep_square());
    position
        .legal_moves()
        .into_iter()
        .find(|&m| {
            !is_zeroing(m)
                && history
                    .twice
                    .contains(&zobrist::after_quiet_move(hash, position, m, ep_key))
                && history.count_after(position, m) >= 2
        })
        .map(ClaimBasis::WrittenMove)
}

/// Art. 9.2.1.1: is the claim on this written move valid (it would make a third occurrence)?
pub fn threefold_claim_with_move(
    history: &RepetitionHistory,
    position: &Position,
    m: Move,
) -> bool {
    !is_zeroing(m) && position.is_legal(m) && history.count_after(position, m) >= 2
}

/// Art. 9.3: can the player to move claim a draw by the fifty-move rule? Either fifty moves by
/// each side have been made without a pawn move or capture, or the claimant's written move
/// would complete them.
pub fn fifty_claim(position: &Position) -> Option<ClaimBasis> {
    if position.halfmoves() >= 100 && position.has_legal_move() {
        return Some(ClaimBasis::OnTheBoard);
    }
    if position.halfmoves() >= 99 {
        return position
            .legal_moves()
            .into_iter()
            .find(|&m| !is_zeroing(m))
            .map(ClaimBasis::WrittenMove);
    }
    None
}

/// Art. 9.3.1: is a fifty-move claim on this written move valid?
pub fn fifty_claim_with_move(position: &Position, m: Move) -> bool {
    position.halfmoves() >= 99 && !is_zeroing(m) && position.is_legal(m)
}

/// Art. 9.6.1: the same position has stood at least five times: the game is drawn.
/// `history`'s current position is the one asked about.
pub fn is_fivefold(history: &RepetitionHistory) -> bool {
    history.current_count() >= 5
}

/// Art. 9.6.2: 75 moves by each side without a pawn move or capture: the game is drawn (unless
/// the last move mated, which takes precedence: a mated side has no legal move here).
pub fn is_seventyfive(position: &Position) -> bool {
    position.halfmoves() >= 150 && position.has_legal_move()
}

/// Art. 9.5.2: time added to the opponent's clock after an incorrect draw claim, in seconds:
/// 2 minutes in standard play, 1 minute in rapid (A.3) and blitz (B.3).
pub fn incorrect_claim_bonus_seconds(category: Category) -> u32 {
    match category {
        Category::Standard => 120,
        Category::Rapid | Category::Blitz => 60,
    }
}

/// The kind of a draw claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Art. 9.2.
    Threefold,
    /// Art. 9.3.
    Fifty,
}

impl ClaimKind {
    /// The name used in reports: `threefold`, `fifty`.
    pub fn name(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::Fifty => "fifty",
        }
    }
}
