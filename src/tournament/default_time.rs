//! Waiting time and default time, FIDE Laws of Chess (2023) Art. 6.7.
//!
//! - Art. 6.7.1: the regulations of an event specify a default time in advance (zero if they
//!   do not). A player who arrives at the chessboard after the default time loses the game
//!   unless the arbiter decides otherwise. With a default time of zero a player must be at the
//!   board when the round starts.
//! - Art. 6.7.2: if the default time is not zero and neither player is present initially,
//!   White loses all the time that elapses until White arrives (unless the regulations or the
//!   arbiter decide otherwise).
//!
//! A player who forfeits without notice is withdrawn from later rounds unless the arbiter decides
//! otherwise (C.05 General Regulations for Competitions Art. 6.5; the tournament's rules may say
//! otherwise, see [`ForfeitWithdrawalRule`]).
//!
//! Everything here is a pure function of the round start, the default time, the check-in
//! times and "now": the web round view calls [`board_state`] on every refresh.

use time::{Duration, OffsetDateTime};

use crate::tournament::model::Color;
use crate::tournament::result::BoardResult;

/// A board's players' arrival times (`None` = not checked in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CheckIns {
    /// When White was checked in at the board.
    pub white: Option<OffsetDateTime>,
    /// When Black was checked in at the board.
    pub black: Option<OffsetDateTime>,
}

/// Which players of a board are absent when the default time has passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Absent {
    /// White did not arrive in time.
    White,
    /// Black did not arrive in time.
    Black,
    /// Neither arrived in time.
    Both,
}

impl Absent {
    /// The forfeit result to confirm: `-/+`, `+/-` or `-/-`.
    pub fn forfeit(self) -> BoardResult {
        match self {
            Absent::White => BoardResult::BlackWinsByForfeit,
            Absent::Black => BoardResult::WhiteWinsByForfeit,
            Absent::Both => BoardResult::DoubleForfeit,
        }
    }

    /// True when the player of `color` is among the absent.
    pub fn includes(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Absent::Both, _) | (Absent::White, Color::White) | (Absent::Black, Color::Black)
        )
    }
}

/// The state of one board, as the round view shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardState {
    /// The round has not started yet.
    NotStarted,
    /// Both players arrived in time: the game is on.
    Playing,
    /// The round started and at least one player is missing, but the default time has not
    /// passed: `remaining` until it does.
    Waiting {
        /// Time left until the default time.
        remaining: Duration,
        /// White is here.
        white_present: bool,
        /// Black is here.
        black_present: bool,
    },
    /// The default time passed with `absent` missing (Art. 6.7.1): a forfeit for the arbiter to
    /// confirm.
    Flagged {
        /// Who is absent.
        absent: Absent,
    },
}

impl BoardState {
    /// A short stable name for the web view and its JSON (`not-started`, `playing`,
    /// `waiting`, `flagged`).
    pub fn name(&self) -> &'static str {
        match self {
            BoardState::NotStarted => "not-started",
            BoardState::Playing => "playing",
            BoardState::Waiting { .. } => "waiting",
            BoardState::Flagged { .. } => "flagged",
        }
    }
}

/// The moment after which an absent player loses (Art. 6.7.1): the round start plus the
/// default time.
pub fn deadline(round_start: OffsetDateTime, default_time: Duration) -> OffsetDateTime {
    round_start + default_time.max(Duration::ZERO)
}

/// True when a check-in at `arrived` counts as arriving in time: at or before the deadline.
fn in_time(arrived: Option<OffsetDateTime>, deadline: OffsetDateTime) -> bool {
    arrived.is_some_and(|at| at <= deadline)
}

/// The state of a board at `now` (Art. 6.7.1). `round_start` is `None` while the arbiter has
/// not started the round.
pub fn board_state(
    round_start: Option<OffsetDateTime>,
    default_time: Duration,
    check_ins: CheckIns,
    now: OffsetDateTime,
) -> BoardState {
    let Some(start) = round_start else {
        return BoardState::NotStarted;
    };
    if now < start {
        return BoardState::NotStarted;
    }
    let limit = deadline(start, default_time);
    // A player "present" now: checked in at or before now.
    let white_here = check_ins.white.is_some_and(|at| at <= now);
    let black_here = check_ins.black.is_some_and(|at| at <= now);
    if now <= limit {
        if white_here && black_here {
            return BoardState::Playing;
        }
        return BoardState::Waiting {
            remaining: limit - now,
            white_present: white_here,
            black_present: black_here,
        };
    }
    let white_ok = in_time(check_ins.white, limit);
    let black_ok = in_time(check_ins.black, limit);
    match (white_ok, black_ok) {
        (true, true) => BoardState::Playing,
        (false, true) => BoardState::Flagged {
            absent: Absent::White,
        },
        (true, false) => BoardState::Flagged {
            absent: Absent::Black,
        },
        (false, false) => BoardState::Flagged {
            absent: Absent::Both,
        },
    }
}

/// Art. 6.7.2: with a non-zero default time and neither player present at the start, White's
/// clock runs from the start until White arrives. Returns the time White loses (so far, or in
/// total once White has arrived), or `None` when the article does not apply.
pub fn white_time_lost(
    round_start: OffsetDateTime,
    default_time: Duration,
    check_ins: CheckIns,
    now: OffsetDateTime,
) -> Option<Duration> {
    if default_time <= Duration::ZERO || now < round_start {
        return None;
    }
    let present_at_start = |at: Option<OffsetDateTime>| at.is_some_and(|t| t <= round_start);
    if present_at_start(check_ins.white) || present_at_start(check_ins.black) {
        return None;
    }
    let until = match check_ins.white {
        Some(arrived) if arrived <= now => arrived,
        _ => now,
    };
    Some(until - round_start)
}

/// The tournament's rule for a player who forfeits without notice (GRC Art. 6.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ForfeitWithdrawalRule {
    /// Withdrawn from later rounds unless the arbiter decides otherwise (the default).
    #[default]
    WithdrawUnlessExcused,
    /// The player stays in the tournament.
    KeepPaired,
}

/// The arbiter's decision about a forfeit without notice, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArbiterDecision {
    /// The absence is excused: keep pairing the player.
    Excuse,
    /// Withdraw the player whatever the rule says.
    Withdraw,
}

/// Whether a player who lost by forfeit in a round is withdrawn from the later rounds.
/// `with_notice` is true when the player told the arbiter beforehand (then never withdrawn by
/// this rule); the arbiter's decision overrides the tournament's rule.
pub fn withdraw_after_forfeit(
    rule: ForfeitWithdrawalRule,
    with_notice: bool,
    decision: Option<ArbiterDecision>,
) -> bool {
    match decision {
        Some(ArbiterDecision::Excuse) => false,
        Some(ArbiterDecision::Withdraw) => true,
        None => !with_notice && rule == ForfeitWithdrawalRule::WithdrawUnlessExcused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::GameResult;
    use time::macros::datetime;

    const START: OffsetDateTime = datetime!(2026-11-21 15:00 UTC);

    fn at(minutes: i64) -> OffsetDateTime {
        START + Duration::minutes(minutes)
    }

    #[test]
    fn art_6_7_1_zero_default_time_absent_at_start_is_flagged() {
        let state = board_state(
            Some(START),
            Duration::ZERO,
            CheckIns {
                white: Some(at(-5)),
                black: None,
            },
            at(1),
        );
        assert_eq!(
            state,
            BoardState::Flagged {
                absent: Absent::Black
            }
        );
    }

    #[test]
    fn art_6_7_1_waiting_until_default_time() {
        let checks = CheckIns {
            white: None,
            black: Some(at(2)),
        };
        let state = board_state(Some(START), Duration::minutes(30), checks, at(10));
        assert_eq!(
            state,
            BoardState::Waiting {
                remaining: Duration::minutes(20),
                white_present: false,
                black_present: true,
            }
        );
        // At the deadline itself the player is still in time.
        assert!(matches!(
            board_state(Some(START), Duration::minutes(30), checks, at(30)),
            BoardState::Waiting { .. }
        ));
        assert_eq!(
            board_state(Some(START), Duration::minutes(30), checks, at(31)),
            BoardState::Flagged {
                absent: Absent::White
            }
        );
    }

    #[test]
    fn art_6_7_1_arrival_after_default_time_still_loses() {
        let checks = CheckIns {
            white: Some(at(0)),
            black: Some(at(45)),
        };
        assert_eq!(
            board_state(Some(START), Duration::minutes(30), checks, at(50)),
            BoardState::Flagged {
                absent: Absent::Black
            }
        );
    }

    #[test]
    fn art_6_7_1_both_absent_is_double_forfeit() {
        let state = board_state(
            Some(START),
            Duration::minutes(15),
            CheckIns::default(),
            at(16),
        );
        assert_eq!(
            state,
            BoardState::Flagged {
                absent: Absent::Both
            }
        );
        assert_eq!(Absent::Both.forfeit(), BoardResult::DoubleForfeit);
        assert_eq!(
            Absent::White.forfeit().game_results(),
            (GameResult::ForfeitLoss, Some(GameResult::ForfeitWin))
        );
        assert_eq!(Absent::Black.forfeit().as_str(), "+/-");
    }

    #[test]
    fn art_6_7_1_both_present_in_time_is_playing() {
        let checks = CheckIns {
            white: Some(at(3)),
            black: Some(at(12)),
        };
        assert_eq!(
            board_state(Some(START), Duration::minutes(15), checks, at(13)),
            BoardState::Playing
        );
        assert_eq!(
            board_state(Some(START), Duration::minutes(15), checks, at(90)),
            BoardState::Playing
        );
    }

    #[test]
    fn art_6_7_round_not_started() {
        assert_eq!(
            board_state(None, Duration::ZERO, CheckIns::default(), at(100)),
            BoardState::NotStarted
        );
        assert_eq!(
            board_state(Some(START), Duration::ZERO, CheckIns::default(), at(-1)),
            BoardState::NotStarted
        );
    }

    #[test]
    fn art_6_7_2_white_clock_runs_when_both_absent() {
        let none = CheckIns::default();
        assert_eq!(
            white_time_lost(START, Duration::minutes(30), none, at(7)),
            Some(Duration::minutes(7))
        );
        let white_came = CheckIns {
            white: Some(at(12)),
            black: None,
        };
        assert_eq!(
            white_time_lost(START, Duration::minutes(30), white_came, at(20)),
            Some(Duration::minutes(12))
        );
        // Zero default time: the article does not apply (both lose at once).
        assert_eq!(white_time_lost(START, Duration::ZERO, none, at(7)), None);
        // Black present at the start: normal clock rules.
        let black_there = CheckIns {
            white: None,
            black: Some(at(0)),
        };
        assert_eq!(
            white_time_lost(START, Duration::minutes(30), black_there, at(7)),
            None
        );
    }

    #[test]
    fn grc_6_5_forfeit_without_notice_withdraws_unless_arbiter_excuses() {
        let rule = ForfeitWithdrawalRule::WithdrawUnlessExcused;
        assert!(withdraw_after_forfeit(rule, false, None));
        assert!(!withdraw_after_forfeit(rule, true, None));
        assert!(!withdraw_after_forfeit(
            rule,
            false,
            Some(ArbiterDecision::Excuse)
        ));
        let keep = ForfeitWithdrawalRule::KeepPaired;
        assert!(!withdraw_after_forfeit(keep, false, None));
        assert!(withdraw_after_forfeit(
            keep,
            false,
            Some(ArbiterDecision::Withdraw)
        ));
    }
}
