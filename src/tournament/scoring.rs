//! Scoring, FIDE Laws Art. 10.
//!
//! Art. 10.1: unless announced otherwise, a win (or a win by forfeit) scores 1 point, a loss
//! (or a loss by forfeit) 0 points and a draw ½ point. Art. 10.2: the total score of a game
//! can never exceed the maximum score normally given for a game, and the score of an individual
//! player must be one of those normally associated with the game (so a draw cannot be worth more
//! than half of a win plus a loss, and no score other than the announced ones is possible).

use std::fmt;

use crate::tournament::model::GameResult;

/// A score in tenths of a point, so that ½ and 3-1-0 systems are both exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub i32);

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(5);
    /// One point.
    pub const ONE: Points = Points(10);

    /// From a decimal value such as `1.5` (rounded to the nearest tenth).
    pub fn from_f64(value: f64) -> Points {
        Points((value * 10.0).round() as i32)
    }

    /// As a decimal value.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// Parses `1`, `1.5`, `0.5`, `½`, `1½`, `3`.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        if let Some(whole) = text.strip_suffix('½') {
            let base = if whole.is_empty() {
                0
            } else {
                whole.parse::<i32>().ok()?
            };
            return Some(Points(base.checked_mul(10)?.checked_add(5)?));
        }
        let (whole, frac) = match text.split_once(['.', ',']) {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        let negative = whole.starts_with('-');
        let whole_value: i32 = if whole.is_empty() || whole == "-" {
            0
        } else {
            whole.parse().ok()?
        };
        let tenth: i32 = match frac.len() {
            0 => 0,
            _ if frac.chars().all(|c| c.is_ascii_digit())
                && frac[1..].chars().all(|c| c == '0') =>
            {
                i32::from(frac.as_bytes()[0] - b'0')
            }
            _ => return None,
        };
        let magnitude = whole_value
            .checked_abs()?
            .checked_mul(10)?
            .checked_add(tenth)?;
        Some(Points(if negative { -magnitude } else { magnitude }))
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0 - other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

impl fmt::Display for Points {
    /// `1`, `1.5`, `0.5`, `-1` — one decimal only when needed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let value = self.0.abs();
        if value % 10 == 0 {
            write!(f, "{sign}{}", value / 10)
        } else {
            write!(f, "{sign}{}.{}", value / 10, value % 10)
        }
    }
}

/// The announced point system (Art. 10.1 defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointSystem {
    /// A won game.
    pub win: Points,
    /// A drawn game.
    pub draw: Points,
    /// A lost game.
    pub loss: Points,
    /// A win by forfeit.
    pub forfeit_win: Points,
    /// A loss by forfeit.
    pub forfeit_loss: Points,
    /// A pairing-allocated bye (C.04.1: as a win unless announced otherwise).
    pub pairing_allocated_bye: Points,
    /// A requested half-point bye.
    pub half_point_bye: Points,
    /// A requested full-point bye.
    pub full_point_bye: Points,
    /// A zero-point bye / absence.
    pub zero_point_bye: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            forfeit_win: Points::ONE,
            forfeit_loss: Points::ZERO,
            pairing_allocated_bye: Points::ONE,
            half_point_bye: Points::HALF,
            full_point_bye: Points::ONE,
            zero_point_bye: Points::ZERO,
        }
    }
}

/// Why a point system breaks Art. 10.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointSystemError {
    /// A value is negative.
    #[error("{field}: a score cannot be negative")]
    Negative {
        /// The offending field.
        field: &'static str,
    },
    /// A win must be worth more than a loss.
    #[error("a win must score more than a loss")]
    WinNotAboveLoss,
    /// Two draws would be worth more than a win and a loss (Art. 10.2).
    #[error("a draw ({draw}) is worth more than half of a win and a loss together (Art. 10.2)")]
    DrawTooHigh {
        /// The draw value.
        draw: Points,
    },
    /// A draw must not be worth less than a loss.
    #[error("a draw ({draw}) is worth less than a loss")]
    DrawBelowLoss {
        /// The draw value.
        draw: Points,
    },
    /// A forfeit or bye score is not one of the game scores (Art. 10.2).
    #[error(
        "{field} ({value}) is not one of the announced game scores (win, draw, loss) (Art. 10.2)"
    )]
    NotAnnouncedScore {
        /// The offending field.
        field: &'static str,
        /// Its value.
        value: Points,
    },
}

impl PointSystem {
    /// The classic 3-1-0 system ("football scoring"), byes scored like a win.
    pub fn three_one_zero() -> PointSystem {
        PointSystem {
            win: Points(30),
            draw: Points(10),
            loss: Points(0),
            forfeit_win: Points(30),
            forfeit_loss: Points(0),
            pairing_allocated_bye: Points(30),
            half_point_bye: Points(10),
            full_point_bye: Points(30),
            zero_point_bye: Points(0),
        }
    }

    /// The names of the nine scores, in the order of [`PointSystem::scores`] (the `field` of a
    /// [`PointSystemError`]).
    pub const SCORE_NAMES: [&'static str; 9] = [
        "win",
        "draw",
        "loss",
        "forfeit win",
        "forfeit loss",
        "pairing-allocated bye",
        "half-point bye",
        "full-point bye",
        "zero-point bye",
    ];

    /// The nine scores in the order of [`PointSystem::SCORE_NAMES`].
    pub fn scores(&self) -> [Points; 9] {
        [
            self.win,
            self.draw,
            self.loss,
            self.forfeit_win,
            self.forfeit_loss,
            self.pairing_allocated_bye,
            self.half_point_bye,
            self.full_point_bye,
            self.zero_point_bye,
        ]
    }

    /// The system of nine scores given in the order of [`PointSystem::SCORE_NAMES`].
    pub fn from_scores(scores: [Points; 9]) -> PointSystem {
        let [
            win,
            draw,
            loss,
            forfeit_win,
            forfeit_loss,
            pairing_allocated_bye,
            half_point_bye,
            full_point_bye,
            zero_point_bye,
        ] = scores;
        PointSystem {
            win,
            draw,
            loss,
            forfeit_win,
            forfeit_loss,
            pairing_allocated_bye,
            half_point_bye,
            full_point_bye,
            zero_point_bye,
        }
    }

    /// Checks the system against Art. 10.2.
    pub fn validate(&self) -> Result<(), PointSystemError> {
        let fields = || Self::SCORE_NAMES.into_iter().zip(self.scores());
        for (field, value) in fields() {
            if value.0 < 0 {
                return Err(PointSystemError::Negative { field });
            }
        }
        if self.win <= self.loss {
            return Err(PointSystemError::WinNotAboveLoss);
        }
        if self.draw < self.loss {
            return Err(PointSystemError::DrawBelowLoss { draw: self.draw });
        }
        if self.draw.0 * 2 > self.win.0 + self.loss.0 {
            return Err(PointSystemError::DrawTooHigh { draw: self.draw });
        }
        let announced = [self.win, self.draw, self.loss];
        for (field, value) in fields().skip(3) {
            if !announced.contains(&value) {
                return Err(PointSystemError::NotAnnouncedScore { field, value });
            }
        }
        Ok(())
    }

    /// The points a player gets for `result`.
    pub fn score(&self, result: GameResult) -> Points {
        match result {
            GameResult::Win | GameResult::UnratedWin => self.win,
            GameResult::Draw | GameResult::UnratedDraw => self.draw,
            GameResult::Loss | GameResult::UnratedLoss => self.loss,
            GameResult::ForfeitWin => self.forfeit_win,
            GameResult::ForfeitLoss => self.forfeit_loss,
            GameResult::HalfPointBye => self.half_point_bye,
            GameResult::FullPointBye => self.full_point_bye,
            GameResult::ZeroPointBye => self.zero_point_bye,
            GameResult::PairingAllocatedBye => self.pairing_allocated_bye,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_10_1_nine_scores_in_one_order() {
        let system = PointSystem::three_one_zero();
        assert_eq!(PointSystem::from_scores(system.scores()), system);
        assert_eq!(system.scores()[1], system.draw);
        assert_eq!(PointSystem::SCORE_NAMES[5], "pairing-allocated bye");
        assert_eq!(system.scores()[5], system.pairing_allocated_bye);
    }

    #[test]
    fn art_10_1_default_scores() {
        let system = PointSystem::default();
        assert_eq!(system.validate(), Ok(()));
        assert_eq!(system.score(GameResult::Win), Points::ONE);
        assert_eq!(system.score(GameResult::Draw), Points::HALF);
        assert_eq!(system.score(GameResult::ForfeitLoss), Points::ZERO);
    }

    #[test]
    fn art_10_1_three_one_zero_is_allowed() {
        assert_eq!(PointSystem::three_one_zero().validate(), Ok(()));
    }

    #[test]
    fn art_10_2_draw_worth_more_than_half_is_rejected() {
        let system = PointSystem {
            draw: Points(20),
            ..PointSystem::three_one_zero()
        };
        assert_eq!(
            system.validate(),
            Err(PointSystemError::DrawTooHigh { draw: Points(20) })
        );
    }

    #[test]
    fn art_10_2_unannounced_forfeit_score_is_rejected() {
        let system = PointSystem {
            forfeit_win: Points(20),
            ..PointSystem::three_one_zero()
        };
        assert!(matches!(
            system.validate(),
            Err(PointSystemError::NotAnnouncedScore { .. })
        ));
    }

    #[test]
    fn points_parse_and_print() {
        // A number too large for tenths of a point is refused, never wrapped.
        assert_eq!(Points::parse("300000000"), None);
        assert_eq!(Points::parse("300000000½"), None);
        assert_eq!(Points::parse("1.5"), Some(Points(15)));
        assert_eq!(Points::parse("½"), Some(Points(5)));
        assert_eq!(Points::parse("2½"), Some(Points(25)));
        assert_eq!(Points::parse("3"), Some(Points(30)));
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points(15).to_string(), "1.5");
        assert_eq!(Points(30).to_string(), "3");
    }
}
