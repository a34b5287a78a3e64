//! Baku acceleration (FIDE C.04.7, 2026 edition): virtual points for the upper group in the
//! first rounds, so that the strongest players meet each other earlier.
//!
//! - Art. 1.1: usable only when a win is worth two draws and a loss nothing.
//! - Art. 1.2: before round 1 the ranked list splits into group A, the first half rounded up
//!   to an even number (`2·⌈N/4⌉`), and group B, the rest.
//! - Art. 1.3: late entries do not change who is the last player of group A.
//! - Art. 1.4: the accelerated rounds are the first `⌈R/2⌉`; in the first `⌈accelerated/2⌉` of
//!   them a group-A player carries virtual points equal to a win, in the rest half of that;
//!   group B never does, and nobody does after the accelerated rounds.
//! - Art. 1.5: the pairing score (real plus virtual points) forms the score groups. The Dutch
//!   engine reads the virtual points from [`PairingSetup::accelerations`] (TRF `250`/`XXA`).
//!
//! [`PairingSetup::accelerations`]: crate::tournament::PairingSetup

use crate::tournament::scoring::{PointSystem, Points};
use crate::tournament::{Acceleration, PlayerId};

/// Why a point system cannot be accelerated (C.04.7 Art. 1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BakuError {
    /// A win is not worth exactly two draws.
    #[error("a win ({win}) is not worth two draws ({draw})")]
    WinNotTwoDraws {
        /// Points for a win.
        win: Points,
        /// Points for a draw.
        draw: Points,
    },
    /// A loss scores points.
    #[error("a loss scores {0}, not zero")]
    LossScores(Points),
}

/// Checks the premise of C.04.7 Art. 1.1.
pub fn premise_holds(points: &PointSystem) -> Result<(), BakuError> {
    if points.loss != Points::ZERO {
        return Err(BakuError::LossScores(points.loss));
    }
    if points.win.0 != 2 * points.draw.0 {
        return Err(BakuError::WinNotTwoDraws {
            win: points.win,
            draw: points.draw,
        });
    }
    Ok(())
}

/// The size of group A for `players` ranked before round 1 (Art. 1.2): `2·⌈N/4⌉`, never
/// more than the field.
pub fn group_a_size(players: u32) -> u32 {
    (2 * players.div_ceil(4)).min(players)
}

/// The number of accelerated rounds of a tournament of `total_rounds` (Art. 1.4): `⌈R/2⌉`.
pub fn accelerated_rounds(total_rounds: u32) -> u32 {
    total_rounds.div_ceil(2)
}

/// The virtual points a group-A player carries in `round` (Art. 1.4).
pub fn virtual_points(round: u32, total_rounds: u32, win: Points) -> Points {
    let accelerated = accelerated_rounds(total_rounds);
    if round == 0 || round > accelerated {
        Points::ZERO
    } else if round <= accelerated.div_ceil(2) {
        win
    } else {
        Points(win.0 / 2)
    }
}

/// The virtual points of every group-A player (starting numbers `1..=last_of_group_a`) in
/// every accelerated round up to `up_to_round` (the engine also reads earlier rounds, for the
/// float history).
pub fn accelerations(
    last_of_group_a: u32,
    total_rounds: u32,
    up_to_round: u32,
    win: Points,
) -> Vec<Acceleration> {
    let last_round = up_to_round.min(accelerated_rounds(total_rounds));
    (1..=last_round)
        .flat_map(|round| {
            let points = virtual_points(round, total_rounds, win);
            (1..=last_of_group_a).map(move |player| Acceleration {
                player: PlayerId(player),
                round,
                points,
            })
        })
        .filter(|a| a.points != Points::ZERO)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c04_7_art_1_2_group_a_is_first_half_rounded_up_to_even() {
        assert_eq!(group_a_size(161), 82);
        assert_eq!(group_a_size(178), 90);
        assert_eq!(group_a_size(40), 20);
        assert_eq!(group_a_size(41), 22);
        assert_eq!(group_a_size(3), 2);
        assert_eq!(group_a_size(1), 1);
        assert_eq!(group_a_size(0), 0);
    }

    #[test]
    fn c04_7_art_1_4_nine_rounds_three_full_two_half() {
        let win = Points(10);
        let by_round: Vec<Points> = (1..=9).map(|r| virtual_points(r, 9, win)).collect();
        let expected = [10, 10, 10, 5, 5, 0, 0, 0, 0].map(Points);
        assert_eq!(by_round, expected);
    }

    #[test]
    fn c04_7_art_1_4_eleven_rounds_match_points_two_then_one() {
        let by_round: Vec<Points> = (1..=11)
            .map(|r| virtual_points(r, 11, Points(20)))
            .collect();
        let expected = [20, 20, 20, 10, 10, 10, 0, 0, 0, 0, 0].map(Points);
        assert_eq!(by_round, expected);
    }

    #[test]
    fn c04_7_art_1_4_seven_rounds_and_group_a_only() {
        let list = accelerations(4, 7, 7, Points(10));
        // 7 rounds: 4 accelerated, 2 at a win and 2 at half, for players 1–4 only.
        assert_eq!(list.len(), 16);
        assert!(list.iter().all(|a| a.player.0 <= 4 && a.round <= 4));
        assert!(
            list.iter()
                .all(|a| a.points == if a.round <= 2 { Points(10) } else { Points(5) })
        );
        assert_eq!(accelerations(4, 7, 1, Points(10)).len(), 4);
    }

    #[test]
    fn c04_7_art_1_1_premise() {
        let mut points = PointSystem::default();
        assert_eq!(premise_holds(&points), Ok(()));
        points.win = Points(30);
        assert!(matches!(
            premise_holds(&points),
            Err(BakuError::WinNotTwoDraws { .. })
        ));
        points.win = Points(10);
        points.loss = Points(1);
        assert_eq!(
            premise_holds(&points),
            Err(BakuError::LossScores(Points(1)))
        );
    }
}
