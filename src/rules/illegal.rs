//! Illegal moves, Laws 2023 Art. 7.5 and Appendices A.4 / A.5 / B.
//!
//! - Art. 7.5.1: an illegal move found during the game is taken back: the position before it is
//!   reinstated and the game continues from there (7.5.2: an unfinished promotion becomes a
//!   queen promotion — a promotion written without its piece is completed with a queen).
//! - Art. 7.5.5 (standard play): the first completed illegal move gives the opponent two extra
//!   minutes; the second loses the game, unless the opponent cannot checkmate by any series of
//!   legal moves (then it is a draw).
//! - Appendix A.4 (rapid) and B (blitz) with adequate supervision: the same, with one minute.
//! - Appendix A.5.2 (rapid/blitz without adequate supervision): an illegal move the opponent
//!   does not claim before making their own move stands; the game goes on from the position the
//!   illegal move produced.

use super::clock::Category;

/// What happens after a completed illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMovePenalty {
    /// The position is reinstated and the opponent receives this many seconds (7.5.5, A.4).
    TimeToOpponent(u32),
    /// The offender loses, unless the opponent cannot mate (then the game is drawn) (7.5.5).
    LossUnlessOpponentCannotMate,
    /// Without adequate supervision the illegal move was not claimed and stands (A.5.2).
    Stands,
}

/// Seconds given to the opponent for a first illegal move: 2 minutes in standard play (7.5.5),
/// 1 minute in rapid and blitz (A.4.2, B).
pub fn illegal_move_bonus_seconds(category: Category) -> u32 {
    match category {
        Category::Standard => 120,
        Category::Rapid | Category::Blitz => 60,
    }
}

/// The penalty for a player's `nth` (1-based) completed illegal move. `supervised` is A.4's
/// adequate supervision (always true in standard play); `claimed` says whether the opponent
/// claimed before making their own move (only relevant without supervision, A.5.2).
pub fn illegal_move_penalty(
    category: Category,
    supervised: bool,
    claimed: bool,
    nth: u32,
) -> IllegalMovePenalty {
    if category != Category::Standard && !supervised && !claimed {
        return IllegalMovePenalty::Stands;
    }
    if nth >= 2 {
        IllegalMovePenalty::LossUnlessOpponentCannotMate
    } else {
        IllegalMovePenalty::TimeToOpponent(illegal_move_bonus_seconds(category))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_7_5_5_first_illegal_move_two_minutes() {
        assert_eq!(
            illegal_move_penalty(Category::Standard, true, false, 1),
            IllegalMovePenalty::TimeToOpponent(120)
        );
    }

    #[test]
    fn art_7_5_5_second_illegal_move_loses() {
        assert_eq!(
            illegal_move_penalty(Category::Standard, true, false, 2),
            IllegalMovePenalty::LossUnlessOpponentCannotMate
        );
    }

    #[test]
    fn a_4_rapid_first_illegal_move_one_minute() {
        assert_eq!(
            illegal_move_penalty(Category::Rapid, true, false, 1),
            IllegalMovePenalty::TimeToOpponent(60)
        );
        assert_eq!(
            illegal_move_penalty(Category::Blitz, true, false, 1),
            IllegalMovePenalty::TimeToOpponent(60)
        );
    }

    #[test]
    fn a_5_2_unclaimed_illegal_move_stands_without_supervision() {
        assert_eq!(
            illegal_move_penalty(Category::Blitz, false, false, 1),
            IllegalMovePenalty::Stands
        );
        // Claimed in time: treated as under supervision.
        assert_eq!(
            illegal_move_penalty(Category::Blitz, false, true, 2),
            IllegalMovePenalty::LossUnlessOpponentCannotMate
        );
        // Standard play is always supervised.
        assert_eq!(
            illegal_move_penalty(Category::Standard, false, false, 1),
            IllegalMovePenalty::TimeToOpponent(120)
        );
    }
}
