//! What the report on a game record asks the arbiter to look at ([`Warning`]), as data: the
//! command line prints each in English ([`fmt::Display`]); the web pages word them in the
//! reader's language from the same fields.

use std::fmt;

use super::Termination;
use crate::rules::Color;
use crate::rules::draw::ClaimKind;
use crate::rules::game::Outcome;

/// The event after which a side loses unless its opponent cannot mate by any series of legal
/// moves (5.1.2, 6.9, 7.5.5), when that could not be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LossEvent {
    /// Art. 7.5.5: a second illegal move.
    SecondIllegalMove,
    /// Art. 6.9: a flag fell on the clock readings of the record.
    FlagFall,
    /// Art. 6.9: the record declares a loss on time.
    TimeForfeit,
    /// Art. 5.1.2: the record declares a resignation.
    Resignation,
}

impl LossEvent {
    /// English, with the article: `flag fall (6.9)`.
    pub fn describe(self) -> &'static str {
        match self {
            LossEvent::SecondIllegalMove => "second illegal move (7.5.5)",
            LossEvent::FlagFall => "flag fall (6.9)",
            LossEvent::TimeForfeit => "time forfeit (6.9)",
            LossEvent::Resignation => "resignation (5.1.2)",
        }
    }
}

/// One thing in a game record an arbiter should look at. `ply` is the 1-based record entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// The `FEN` tag cannot be read.
    StartPosition {
        /// Why, from the FEN reader.
        error: String,
    },
    /// Whether `side` can still mate after `event` could not be decided: no result by the Laws.
    MateUndecided {
        /// What happened.
        event: LossEvent,
        /// The side whose mating chances decide.
        side: Color,
    },
    /// The game ended by the Laws, yet more moves are recorded.
    MovesAfterEnd {
        /// The ply it ended after.
        at: usize,
        /// How it ended.
        termination: Termination,
        /// How many entries follow.
        more: usize,
    },
    /// An incorrect claim on a written move (9.5): time to the opponent, the move is played.
    IncorrectClaim {
        /// Where.
        ply: usize,
        /// Threefold or fifty moves.
        kind: ClaimKind,
        /// The claimant.
        by: Color,
        /// Seconds added to the opponent's clock.
        seconds: u32,
    },
    /// An incorrect claim on the final position (9.5).
    IncorrectFinalClaim {
        /// Threefold or fifty moves.
        kind: ClaimKind,
    },
    /// An illegal move under the arbiter's eyes was answered instead of corrected (7.5.1).
    IllegalNotCorrected {
        /// Where.
        ply: usize,
        /// The move as written.
        text: String,
        /// Who made it.
        by: Color,
    },
    /// An illegal move not claimed stands (A.5.2).
    IllegalStands {
        /// Where.
        ply: usize,
        /// The move as written.
        text: String,
    },
    /// An illegal move: position reinstated, time to the opponent (7.5.1, 7.5.5).
    IllegalReinstated {
        /// Where.
        ply: usize,
        /// The move as written.
        text: String,
        /// Who made it.
        by: Color,
        /// Seconds given to the opponent.
        seconds: u32,
    },
    /// A draw offer before the move the regulations allow (9.1.1).
    EarlyDrawOffer {
        /// Where.
        ply: usize,
        /// The move it was made on.
        move_number: u32,
        /// The first move on which one is allowed.
        first_allowed: u32,
    },
    /// A draw agreed before the move the regulations allow (9.1.1).
    EarlyAgreement {
        /// The move it was agreed on.
        move_number: u32,
        /// The first move on which one is allowed.
        first_allowed: u32,
    },
    /// A draw agreed before both players made a move (5.2.3).
    AgreementBeforeMoves,
    /// Both flags fell before the last period: the game continues (6.11.1.1).
    BothFlagsEarly,
    /// Whether the position after `ply` is dead (5.2.2) could not be decided.
    DeadUndecided {
        /// The ply.
        ply: usize,
    },
    /// The record could not be followed to its end: no result by the Laws.
    NotFollowed,
    /// A move that cannot be made and that the record does not show played (no move of the
    /// same player follows from the position before it): the record cannot be read from it on
    /// (Art. 8), and no illegal move is judged (7.5).
    UnreadableFrom {
        /// Where.
        ply: usize,
        /// The move as written.
        text: String,
    },
    /// The signed result differs from the result by the Laws; the signed one stands (8.7).
    SignedDiffers {
        /// As signed.
        signed: Outcome,
        /// By the Laws.
        by_laws: Outcome,
    },
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::StartPosition { error } => write!(f, "start position: {error}"),
            Warning::MateUndecided { event, side } => write!(
                f,
                "{}: whether {} can still mate could not be decided",
                event.describe(),
                color_name(*side)
            ),
            Warning::MovesAfterEnd {
                at,
                termination,
                more,
            } => write!(
                f,
                "the game ended after ply {at} ({}); {more} more plies are recorded",
                termination.name()
            ),
            Warning::IncorrectClaim {
                ply,
                kind,
                by,
                seconds,
            } => write!(
                f,
                "ply {ply}: incorrect {} claim by {}: {seconds} s added to the opponent's clock \
                 and the written move must be played (9.5)",
                kind.name(),
                color_name(*by)
            ),
            Warning::IncorrectFinalClaim { kind } => write!(
                f,
                "incorrect {} claim on the final position (9.5)",
                kind.name()
            ),
            Warning::IllegalNotCorrected { ply, text, by } => write!(
                f,
                "ply {ply}: illegal move {text} by {} was not corrected (7.5.1) and the game \
                 went on from it",
                color_name(*by)
            ),
            Warning::IllegalStands { ply, text } => write!(
                f,
                "ply {ply}: illegal move {text} stands (A.5.2): the game continued from the \
                 position it produced"
            ),
            Warning::IllegalReinstated {
                ply,
                text,
                by,
                seconds,
            } => write!(
                f,
                "ply {ply}: illegal move {text} by {}: position reinstated (7.5.1), {seconds} s \
                 to the opponent",
                color_name(*by)
            ),
            Warning::EarlyDrawOffer {
                ply,
                move_number,
                first_allowed,
            } => write!(
                f,
                "ply {ply}: draw offer on move {move_number}, before move {first_allowed} (9.1.1)"
            ),
            Warning::EarlyAgreement {
                move_number,
                first_allowed,
            } => write!(
                f,
                "draw agreed at move {move_number}, before move {first_allowed} (9.1.1)"
            ),
            Warning::AgreementBeforeMoves => {
                f.write_str("draw agreed before both players made a move (5.2.3)")
            }
            Warning::BothFlagsEarly => {
                f.write_str("both flags fell before the last period: the game continues (6.11.1.1)")
            }
            Warning::DeadUndecided { ply } => write!(
                f,
                "whether the position after ply {ply} is dead (5.2.2) could not be decided"
            ),
            Warning::NotFollowed => {
                f.write_str("the record could not be followed to its end: no result by the Laws")
            }
            Warning::UnreadableFrom { ply, text } => write!(
                f,
                "ply {ply} ({text}) cannot be read: the record is unreadable from it on (8)"
            ),
            Warning::SignedDiffers { signed, by_laws } => write!(
                f,
                "the signed result {} differs from the result by the Laws {}; the signed result \
                 stands unless the arbiter decides otherwise (8.7)",
                signed.as_pgn(),
                by_laws.as_pgn()
            ),
        }
    }
}
