//! What a live game is played under: the time-control category (Appendix A.1, B.1), the moves
//! to the first time control, the increment — and the articles and penalties that follow from
//! them.
//!
//! - An illegal move in standard play is **Art. 7.5.1** (the position before it reinstated); the
//!   penalty is **Art. 7.5.5**: two minutes to the opponent for a player's first, the game lost
//!   for the second (a draw when the opponent cannot checkmate by any series of legal moves).
//! - In rapid and blitz the alert cites **Appendix A.5.2** (the arbiter acts under Art. 7.5.5
//!   provided the opponent has not made his next move; blitz plays under the same appendix);
//!   the time given to the opponent is one minute (**A.3**, **B.3**). Without adequate
//!   supervision an illegal move the opponent answered stands (A.5.2): [`crate::rules::illegal`]
//!   gives the penalty.

use crate::rules::clock::Category;
use crate::rules::illegal::{IllegalMovePenalty, illegal_move_penalty};

/// The settings of one game followed live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveSettings {
    /// Standard, rapid or blitz (Appendix A.1, B.1).
    pub category: Category,
    /// Moves each player must make before the first time control (Art. 6.3.1), if there is one.
    pub moves_to_control: Option<u32>,
    /// The increment per move, in seconds (Art. 6.3.2; it decides Art. 8.4).
    pub increment: u32,
    /// Adequate supervision (Appendix A.4): an arbiter watches the game. Without it an
    /// unanswered illegal move in rapid and blitz stands (A.5.2).
    pub supervised: bool,
}

impl Default for LiveSettings {
    /// Standard play, 40 moves to the first control, 30 seconds' increment, supervised.
    fn default() -> Self {
        LiveSettings {
            category: Category::Standard,
            moves_to_control: Some(40),
            increment: 30,
            supervised: true,
        }
    }
}

impl LiveSettings {
    /// The article an illegal move's alert cites: `7.5.1` (first) or `7.5.5` (second) in
    /// standard play, `A.5.2` in rapid and blitz.
    pub fn illegal_move_article(&self, nth: u32) -> &'static str {
        match (self.category, nth) {
            (Category::Standard, 0 | 1) => "7.5.1",
            (Category::Standard, _) => "7.5.5",
            (Category::Rapid | Category::Blitz, _) => "A.5.2",
        }
    }

    /// The penalty for a player's `nth` (1-based) completed illegal move in this category.
    pub fn illegal_move_penalty(&self, nth: u32) -> IllegalMovePenalty {
        illegal_move_penalty(self.category, self.supervised, false, nth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_7_5_5_standard_two_minutes_then_the_game() {
        let standard = LiveSettings::default();
        assert_eq!(standard.illegal_move_article(1), "7.5.1");
        assert_eq!(standard.illegal_move_article(2), "7.5.5");
        assert_eq!(
            standard.illegal_move_penalty(1),
            IllegalMovePenalty::TimeToOpponent(120)
        );
        assert_eq!(
            standard.illegal_move_penalty(2),
            IllegalMovePenalty::LossUnlessOpponentCannotMate
        );
    }

    #[test]
    fn a_5_2_rapid_and_blitz_one_minute_and_their_article() {
        for category in [Category::Rapid, Category::Blitz] {
            let settings = LiveSettings {
                category,
                ..LiveSettings::default()
            };
            assert_eq!(settings.illegal_move_article(1), "A.5.2");
            assert_eq!(settings.illegal_move_article(2), "A.5.2");
            assert_eq!(
                settings.illegal_move_penalty(1),
                IllegalMovePenalty::TimeToOpponent(60)
            );
            let unsupervised = LiveSettings {
                supervised: false,
                ..settings
            };
            assert_eq!(
                unsupervised.illegal_move_penalty(1),
                IllegalMovePenalty::Stands
            );
        }
    }
}
