//! Players reporting their own result (a QR code per board on the pairing list), with the
//! arbiter keeping the last word (FIDE Laws Art. 8.7: the signed result stands unless the
//! arbiter changes it; here: nothing counts until the arbiter approves it).
//!
//! Each board gets one secret token per player ([`BoardTokens`]); whoever holds a token speaks
//! for that colour, no account needed. The tokens are issued once per board (when the round is
//! paired, or by the arbiter's explicit "codes" action) and stay the same across prints and
//! languages: a token is a personal link ([`crate::tournament::personal_link`]): HMAC-SHA-256
//! under the server's [`LinkKey`] of its scope (the self-report of one board and colour) and a
//! random nonce stored with the board; only the
//! token's SHA-256 is stored beside the nonce, so the database alone gives no token, while the
//! server can print the same token again. New codes (a new nonce) revoke the old ones. The state machine ([`SelfReport`]):
//! both players report the same result → agreed, waiting for the arbiter; they report different
//! results → disputed (flagged for the arbiter); the arbiter approves an agreed result or
//! decides any result; after that no player report changes anything.

use crate::tournament::model::Color;

/// A result a player can report for a game played over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportedResult {
    /// 1-0.
    WhiteWins,
    /// ½-½.
    Draw,
    /// 0-1.
    BlackWins,
}

impl ReportedResult {
    /// As written on a scoresheet: `1-0`, `1/2-1/2`, `0-1`.
    pub fn notation(self) -> &'static str {
        match self {
            ReportedResult::WhiteWins => "1-0",
            ReportedResult::Draw => "1/2-1/2",
            ReportedResult::BlackWins => "0-1",
        }
    }

    /// Parses `1-0`, `1/2-1/2` (also `½-½`, `=`), `0-1`.
    pub fn parse(text: &str) -> Option<ReportedResult> {
        match text.trim() {
            "1-0" => Some(ReportedResult::WhiteWins),
            "1/2-1/2" | "½-½" | "=" | "0.5-0.5" => Some(ReportedResult::Draw),
            "0-1" => Some(ReportedResult::BlackWins),
            _ => None,
        }
    }
}

/// The secret per-board tokens, one per player (hex, 128 bits each).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardTokens {
    /// White's token.
    pub white: String,
    /// Black's token.
    pub black: String,
}

impl BoardTokens {
    /// Whose token `presented` is, compared in constant time; `None` for a wrong token.
    pub fn identify(&self, presented: &str) -> Option<Color> {
        if constant_time_eq(self.white.as_bytes(), presented.as_bytes()) {
            Some(Color::White)
        } else if constant_time_eq(self.black.as_bytes(), presented.as_bytes()) {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// The personal-link mechanism the report tokens are issued by (re-exported where the
/// self-report pages and the stores have always found it).
pub use crate::tournament::personal_link::{LinkKey, token_digest};
use crate::tournament::personal_link::{LinkScope, constant_time_eq};

impl LinkKey {
    /// The self-report tokens of board `game` issued with `nonce`: one personal link
    /// ([`LinkScope::BoardColour`]) per colour.
    pub fn board_tokens(&self, game: i64, nonce: &str) -> BoardTokens {
        let token = |colour| self.token(LinkScope::BoardColour { game, colour }, nonce);
        BoardTokens {
            white: token(Color::White),
            black: token(Color::Black),
        }
    }
}

/// Where a board's self-report stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportState {
    /// Nobody reported yet.
    Open,
    /// One player reported.
    OneReported {
        /// Who reported.
        by: Color,
        /// What they reported.
        result: ReportedResult,
    },
    /// Both reported the same result; the arbiter has to approve it.
    Agreed {
        /// The common result.
        result: ReportedResult,
    },
    /// The players disagree: flagged for the arbiter.
    Disputed {
        /// White's report.
        white: ReportedResult,
        /// Black's report.
        black: ReportedResult,
    },
    /// The arbiter approved or decided the result; closed.
    Approved {
        /// The result that counts.
        result: ReportedResult,
    },
}

impl ReportState {
    /// A short stable name (`open`, `one-reported`, `agreed`, `disputed`, `approved`).
    pub fn name(&self) -> &'static str {
        match self {
            ReportState::Open => "open",
            ReportState::OneReported { .. } => "one-reported",
            ReportState::Agreed { .. } => "agreed",
            ReportState::Disputed { .. } => "disputed",
            ReportState::Approved { .. } => "approved",
        }
    }
}

/// Why a report or an approval is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SelfReportError {
    /// The arbiter already approved a result.
    #[error("the result is already approved by the arbiter")]
    AlreadyApproved,
    /// The arbiter tried to approve without both players agreeing and without naming a result.
    #[error("the players have not agreed on a result; the arbiter must decide one")]
    NothingToApprove,
}

/// Both players' reports on one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SelfReport {
    /// White's report, if any.
    pub white: Option<ReportedResult>,
    /// Black's report, if any.
    pub black: Option<ReportedResult>,
    /// The arbiter's result, once approved.
    pub approved: Option<ReportedResult>,
}

impl SelfReport {
    /// The state derived from the reports.
    pub fn state(&self) -> ReportState {
        if let Some(result) = self.approved {
            return ReportState::Approved { result };
        }
        match (self.white, self.black) {
            (None, None) => ReportState::Open,
            (Some(result), None) => ReportState::OneReported {
                by: Color::White,
                result,
            },
            (None, Some(result)) => ReportState::OneReported {
                by: Color::Black,
                result,
            },
            (Some(white), Some(black)) if white == black => ReportState::Agreed { result: white },
            (Some(white), Some(black)) => ReportState::Disputed { white, black },
        }
    }

    /// A player (identified by their token) reports a result; a player may change their report
    /// until the arbiter approves.
    pub fn report(
        &mut self,
        by: Color,
        result: ReportedResult,
    ) -> Result<ReportState, SelfReportError> {
        if self.approved.is_some() {
            return Err(SelfReportError::AlreadyApproved);
        }
        match by {
            Color::White => self.white = Some(result),
            Color::Black => self.black = Some(result),
        }
        Ok(self.state())
    }

    /// The arbiter approves: with `decision = None` only an agreed result can be approved;
    /// with a decision, that result counts whatever the players said (the arbiter's last word).
    pub fn approve(
        &mut self,
        decision: Option<ReportedResult>,
    ) -> Result<ReportedResult, SelfReportError> {
        if self.approved.is_some() {
            return Err(SelfReportError::AlreadyApproved);
        }
        let result = match (decision, self.state()) {
            (Some(result), _) => result,
            (None, ReportState::Agreed { result }) => result,
            (None, _) => return Err(SelfReportError::NothingToApprove),
        };
        self.approved = Some(result);
        Ok(result)
    }

    /// True when the board needs the arbiter's attention (the players disagree).
    pub fn is_flagged(&self) -> bool {
        matches!(self.state(), ReportState::Disputed { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn self_report_both_agree_then_arbiter_approves() {
        let mut board = SelfReport::default();
        assert_eq!(board.state(), ReportState::Open);
        assert_eq!(
            board.report(Color::White, ReportedResult::Draw),
            Ok(ReportState::OneReported {
                by: Color::White,
                result: ReportedResult::Draw
            })
        );
        assert_eq!(
            board.report(Color::Black, ReportedResult::Draw),
            Ok(ReportState::Agreed {
                result: ReportedResult::Draw
            })
        );
        assert_eq!(board.approve(None), Ok(ReportedResult::Draw));
        assert_eq!(
            board.report(Color::Black, ReportedResult::BlackWins),
            Err(SelfReportError::AlreadyApproved)
        );
        assert_eq!(board.approve(None), Err(SelfReportError::AlreadyApproved));
    }

    #[test]
    fn self_report_disagreement_is_flagged_and_needs_a_decision() {
        let mut board = SelfReport::default();
        board
            .report(Color::White, ReportedResult::WhiteWins)
            .expect("open");
        let state = board
            .report(Color::Black, ReportedResult::BlackWins)
            .expect("open");
        assert_eq!(
            state,
            ReportState::Disputed {
                white: ReportedResult::WhiteWins,
                black: ReportedResult::BlackWins
            }
        );
        assert!(board.is_flagged());
        assert_eq!(board.approve(None), Err(SelfReportError::NothingToApprove));
        assert_eq!(
            board.approve(Some(ReportedResult::WhiteWins)),
            Ok(ReportedResult::WhiteWins)
        );
        assert!(!board.is_flagged());
    }

    #[test]
    fn self_report_player_may_correct_before_approval() {
        let mut board = SelfReport::default();
        board
            .report(Color::White, ReportedResult::WhiteWins)
            .expect("open");
        board
            .report(Color::Black, ReportedResult::Draw)
            .expect("open");
        assert!(board.is_flagged());
        let state = board
            .report(Color::White, ReportedResult::Draw)
            .expect("open");
        assert_eq!(
            state,
            ReportState::Agreed {
                result: ReportedResult::Draw
            }
        );
    }

    #[test]
    fn self_report_one_report_cannot_be_approved_without_decision() {
        let mut board = SelfReport::default();
        board
            .report(Color::Black, ReportedResult::BlackWins)
            .expect("open");
        assert_eq!(board.approve(None), Err(SelfReportError::NothingToApprove));
    }

    #[test]
    fn tokens_identify_their_colour_only() {
        let mut rng = StdRng::seed_from_u64(7);
        let key = LinkKey::derive(b"a session key of the server");
        let nonce = LinkKey::new_nonce(&mut rng);
        let tokens = key.board_tokens(12, &nonce);
        // Derived again: the same; another board, nonce or key: others.
        assert_eq!(key.board_tokens(12, &nonce), tokens);
        for other in [
            key.board_tokens(13, &nonce),
            key.board_tokens(12, &LinkKey::new_nonce(&mut rng)),
            LinkKey::derive(b"another key").board_tokens(12, &nonce),
        ] {
            assert_ne!(other.white, tokens.white);
            assert_ne!(other.black, tokens.black);
        }
        assert_eq!(tokens.white.len(), 32);
        assert_ne!(tokens.white, tokens.black);
        assert_eq!(tokens.identify(&tokens.white), Some(Color::White));
        assert_eq!(tokens.identify(&tokens.black), Some(Color::Black));
        assert_eq!(tokens.identify("nope"), None);
        assert_eq!(tokens.identify(""), None);
        let mut wrong = tokens.white.clone();
        wrong.replace_range(0..1, if wrong.starts_with('0') { "1" } else { "0" });
        assert_eq!(tokens.identify(&wrong), None);
        assert_eq!(token_digest("abc").len(), 64);
    }

    #[test]
    fn reported_result_parses_notation() {
        for r in [
            ReportedResult::WhiteWins,
            ReportedResult::Draw,
            ReportedResult::BlackWins,
        ] {
            assert_eq!(ReportedResult::parse(r.notation()), Some(r));
        }
        assert_eq!(ReportedResult::parse("½-½"), Some(ReportedResult::Draw));
        assert_eq!(ReportedResult::parse("2-0"), None);
    }
}
