//! FIDE Rating Regulations (B.02, applied from 1 March 2024, Art. 8.3.1 amended from
//! 1 October 2025).
//!
//! - Art. 8.1.1: conversion of a fractional score `p` into a rating difference `dp` ([`dp`]).
//! - Art. 8.1.2: conversion of a rating difference `D` into a scoring probability `PD`
//!   ([`scoring_probability`]).
//! - Art. 8.2: the initial rating of an unrated player: two hypothetical opponents rated 1800
//!   drawn with, at most 2200, a zero score in the first event disregarded ([`initial_rating`]).
//! - Art. 8.3: the rating change of a rated player: the 400-point rule for players rated below
//!   2650 only (1 Oct 2025), K = 40 / 20 / 10, K × n ≤ 700, rounding 0.5 away from zero
//!   ([`rating_change`], [`KFactor`]).
//! - Art. 7.1.2, 7.1.4, 7.2.1: the rating floor of 1400 ([`RATING_FLOOR`], [`apply_floor`]).
//! - C.07 Art. 10.1–10.3 (tie-breaks that reuse these tables): the average rating of opponents
//!   ([`average_rating`]), the tournament performance rating ([`performance_rating`]) and the
//!   perfect tournament performance ([`perfect_performance`]).
//!
//! Everything is integer arithmetic: probabilities are kept in hundredths, as in the tables.

/// The lowest rating published; a player below it is shown as unrated (B.02 Art. 7.1.2, 7.2.1).
pub const RATING_FLOOR: i32 = 1400;
/// The highest initial rating (B.02 Art. 8.2.3).
pub const MAX_INITIAL_RATING: i32 = 2200;
/// The rating of the two hypothetical opponents of an unrated player (B.02 Art. 8.2.2).
pub const HYPOTHETICAL_OPPONENT_RATING: i32 = 1800;
/// The fewest games against rated opponents for a first rating (B.02 Art. 7.1.4).
pub const MIN_GAMES_FOR_INITIAL_RATING: usize = 5;
/// Rating differences above this count as this for players rated below
/// [`FULL_DIFFERENCE_FROM`] (B.02 Art. 8.3.1).
pub const MAX_COUNTED_DIFFERENCE: i32 = 400;
/// From this rating on, the whole rating difference is used (B.02 Art. 8.3.1, 1 Oct 2025).
pub const FULL_DIFFERENCE_FROM: i32 = 2650;
/// K × games may not exceed this in one rating period (B.02 Art. 8.3.3).
pub const MAX_K_TIMES_GAMES: u32 = 700;

/// Table 8.1.1: `DP_BY_PERCENT[p]` is `dp` for a fractional score of `p` hundredths.
const DP_BY_PERCENT: [i32; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296,
    -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141,
    -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// Table 8.1.2: `(highest D of the row, PD of the higher-rated player in hundredths)`; a
/// difference above the last row (735) gives 1.00.
const PD_ROWS: [(i32, i32); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// `dp` for a fractional score of `percent` hundredths (table 8.1.1); `percent` above 100 is
/// read as 100.
pub fn dp(percent: u32) -> i32 {
    DP_BY_PERCENT[percent.min(100) as usize]
}

/// The scoring probability `PD`, in hundredths, of a player whose rating exceeds the
/// opponent's by `difference` (negative when the player is the lower rated), table 8.1.2 on
/// the full scale (no 400-point rule; see [`rating_change`] for that).
pub fn scoring_probability(difference: i32) -> i32 {
    let distance = difference.abs();
    let higher = PD_ROWS
        .iter()
        .find(|(last, _)| distance <= *last)
        .map_or(100, |(_, pd)| *pd);
    if difference >= 0 {
        higher
    } else {
        100 - higher
    }
}

/// A game's result from the player's side, for rating purposes (1, ½ or 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// 1 point.
    Win,
    /// ½ point.
    Draw,
    /// 0 points.
    Loss,
}

impl GameScore {
    /// The score in half points (2, 1, 0).
    pub fn half_points(self) -> u32 {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }
}

/// One rated game: the opponent's rating and the player's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RatedGame {
    /// The opponent's rating.
    pub opponent_rating: i32,
    /// The player's result.
    pub score: GameScore,
}

impl RatedGame {
    /// A game against an opponent rated `opponent_rating` with result `score`.
    pub fn new(opponent_rating: i32, score: GameScore) -> RatedGame {
        RatedGame {
            opponent_rating,
            score,
        }
    }
}

/// Integer division rounding to the nearest whole number, 0.5 rounded up (towards +∞).
pub(crate) fn div_round_half_up(numerator: i64, denominator: i64) -> i64 {
    debug_assert!(denominator > 0);
    (2 * numerator + denominator).div_euclid(2 * denominator)
}

/// Integer division rounding to the nearest whole number, 0.5 rounded away from zero.
fn div_round_half_away(numerator: i64, denominator: i64) -> i64 {
    debug_assert!(denominator > 0);
    let magnitude = (2 * numerator.abs() + denominator) / (2 * denominator);
    if numerator < 0 { -magnitude } else { magnitude }
}

/// The fractional score `p` of `half_points` out of `games` games, in hundredths rounded to the
/// nearest hundredth (0.005 rounded up), as tables 8.1.1 is read. `None` without games.
pub fn fractional_score_percent(half_points: u32, games: usize) -> Option<u32> {
    if games == 0 {
        return None;
    }
    let percent = div_round_half_up(i64::from(half_points) * 50, games as i64);
    Some(percent.clamp(0, 100) as u32)
}

/// The average of `ratings`, rounded to the nearest whole number with 0.5 rounded up
/// (C.07 Art. 10.1 ARO). `None` for an empty list.
pub fn average_rating(ratings: &[i32]) -> Option<i32> {
    if ratings.is_empty() {
        return None;
    }
    let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
    Some(div_round_half_up(sum, ratings.len() as i64) as i32)
}

/// The tournament performance rating (C.07 Art. 10.2): the rounded average rating of the
/// opponents plus `dp` of the fractional score (B.02 table 8.1.1). `None` without games.
pub fn performance_rating(games: &[RatedGame]) -> Option<i32> {
    let ratings: Vec<i32> = games.iter().map(|g| g.opponent_rating).collect();
    let average = average_rating(&ratings)?;
    let half_points: u32 = games.iter().map(|g| g.score.half_points()).sum();
    let percent = fractional_score_percent(half_points, games.len())?;
    Some(average + dp(percent))
}

/// The expected score, in hundredths, of a player rated `rating` against `opponents` on the
/// full scale (the sum of the table 8.1.2 probabilities, no 400-point rule).
pub fn expected_score(rating: i32, opponents: &[i32]) -> i32 {
    opponents
        .iter()
        .map(|&o| scoring_probability(rating - o))
        .sum()
}

/// The perfect tournament performance (C.07 Art. 10.3): the lowest whole rating whose expected
/// score (table 8.1.2, full scale) reaches the player's score; for a zero score, 800 below the
/// lowest-rated opponent. `None` without games.
pub fn perfect_performance(games: &[RatedGame]) -> Option<i32> {
    let lowest = games.iter().map(|g| g.opponent_rating).min()?;
    let highest = games.iter().map(|g| g.opponent_rating).max()?;
    let half_points: i32 = games.iter().map(|g| g.score.half_points() as i32).sum();
    if half_points == 0 {
        return Some(lowest - 800);
    }
    let target = half_points * 50;
    let opponents: Vec<i32> = games.iter().map(|g| g.opponent_rating).collect();
    // The expected score never decreases as the rating grows; below `lowest - 736` it is 0 and
    // from `highest + 736` on it is the number of games, which reaches any score.
    let (mut low, mut high) = (lowest - 736, highest + 736);
    while low < high {
        let middle = low + (high - low) / 2;
        if expected_score(middle, &opponents) >= target {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    Some(low)
}

/// Which K applies to a player (B.02 Art. 8.3.3), before the K × n ≤ 700 cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KFactor {
    /// The player's rating at the start of the period.
    pub rating: i32,
    /// Rated games the player had completed before this period.
    pub games_before: u32,
    /// The player's published rating has reached 2400 at some time.
    pub has_reached_2400: bool,
    /// Until the end of the year of the player's 18th birthday.
    pub junior: bool,
}

impl KFactor {
    /// K before the cap: 40 for a player new to the list until 30 games, 40 for a junior
    /// under 2300, 10 once 2400 was reached, otherwise 20.
    pub fn base(self) -> u32 {
        if self.games_before < 30 || (self.junior && self.rating < 2300) {
            40
        } else if self.has_reached_2400 || self.rating >= 2400 {
            10
        } else {
            20
        }
    }

    /// K for a period of `games` games: the base K, or the largest whole number such that
    /// K × games does not exceed 700.
    pub fn for_games(self, games: usize) -> u32 {
        capped_k(self.base(), games)
    }
}

/// K reduced so that K × `games` does not exceed 700 (B.02 Art. 8.3.3).
pub fn capped_k(k: u32, games: usize) -> u32 {
    let games = games as u32;
    if games == 0 || k * games <= MAX_K_TIMES_GAMES {
        k
    } else {
        MAX_K_TIMES_GAMES / games
    }
}

/// The rating difference counted for a player rated `rating` against `opponent_rating`
/// (B.02 Art. 8.3.1): capped at ±400 for players rated below 2650, whole above.
pub fn counted_difference(rating: i32, opponent_rating: i32) -> i32 {
    let difference = rating - opponent_rating;
    if rating >= FULL_DIFFERENCE_FROM {
        difference
    } else {
        difference.clamp(-MAX_COUNTED_DIFFERENCE, MAX_COUNTED_DIFFERENCE)
    }
}

/// The working of a rating change (B.02 Art. 8.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingChange {
    /// The K used (after the K × n ≤ 700 cap).
    pub k: u32,
    /// Games counted.
    pub games: usize,
    /// The player's score in half points.
    pub half_points: u32,
    /// The sum of the scoring probabilities PD, in hundredths.
    pub expected: i32,
    /// Σ ΔR = score − ΣPD, in hundredths.
    pub delta: i32,
    /// K × Σ ΔR in hundredths of a rating point (unrounded change × 100).
    pub change_hundredths: i64,
    /// The change rounded to a whole number, 0.5 away from zero (Art. 8.3.4).
    pub change: i32,
}

/// The rating change of a player rated `rating` for `games` with base K `k` (B.02 Art. 8.3):
/// the 400-point rule below 2650, K capped so that K × n ≤ 700, rounded 0.5 away from zero.
pub fn rating_change(rating: i32, k: u32, games: &[RatedGame]) -> RatingChange {
    let k = capped_k(k, games.len());
    let expected: i32 = games
        .iter()
        .map(|g| scoring_probability(counted_difference(rating, g.opponent_rating)))
        .sum();
    let half_points: u32 = games.iter().map(|g| g.score.half_points()).sum();
    let delta = half_points as i32 * 50 - expected;
    let change_hundredths = i64::from(k) * i64::from(delta);
    RatingChange {
        k,
        games: games.len(),
        half_points,
        expected,
        delta,
        change_hundredths,
        change: div_round_half_away(change_hundredths, 100) as i32,
    }
}

/// The rating after a change, or `None` when it falls below the floor of 1400 and the player
/// is shown as unrated (B.02 Art. 7.2.1).
pub fn apply_floor(rating: i32) -> Option<i32> {
    (rating >= RATING_FLOOR).then_some(rating)
}

/// The outcome of an unrated player's games (B.02 Art. 8.2, 7.1.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InitialRating {
    /// A zero score in the player's first event is disregarded (Art. 8.2.1).
    Disregarded,
    /// Fewer than five games against rated opponents so far (Art. 7.1.4): the provisional
    /// value is shown but not published.
    TooFewGames {
        /// Games counted so far.
        games: usize,
        /// The value Ru would have now (at most 2200).
        provisional: i32,
    },
    /// Ru is below the floor of 1400 (Art. 7.1.4): not published.
    BelowFloor {
        /// The value of Ru.
        provisional: i32,
    },
    /// A publishable initial rating.
    Rated(i32),
}

/// The initial rating `Ru = Ra + dp` of an unrated player (B.02 Art. 8.2): `Ra` averages the
/// rated opponents and two hypothetical opponents rated 1800 drawn with; `p` counts those two
/// draws; Ru is rounded (0.5 up) and at most 2200. `first_event` says whether these are the
/// player's first event's games, whose zero score is disregarded.
pub fn initial_rating(games: &[RatedGame], first_event: bool) -> InitialRating {
    let half_points: u32 = games.iter().map(|g| g.score.half_points()).sum();
    if first_event && half_points == 0 {
        return InitialRating::Disregarded;
    }
    let counted = games.len() + 2;
    let rating_sum: i64 = games
        .iter()
        .map(|g| i64::from(g.opponent_rating))
        .sum::<i64>()
        + 2 * i64::from(HYPOTHETICAL_OPPONENT_RATING);
    let percent = fractional_score_percent(half_points + 2, counted).unwrap_or(50);
    let numerator = rating_sum + i64::from(dp(percent)) * counted as i64;
    let provisional = (div_round_half_up(numerator, counted as i64) as i32).min(MAX_INITIAL_RATING);
    if games.len() < MIN_GAMES_FOR_INITIAL_RATING {
        InitialRating::TooFewGames {
            games: games.len(),
            provisional,
        }
    } else if provisional < RATING_FLOOR {
        InitialRating::BelowFloor { provisional }
    } else {
        InitialRating::Rated(provisional)
    }
}

/// What a player's card shows: games, points, ARO, TPR, PTP and the expected rating
/// change (B.02 Art. 8.3) or, for an unrated player, the provisional initial rating (Art. 8.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerCard {
    /// Games played over the board.
    pub games_played: usize,
    /// The tournament score.
    pub points: crate::tournament::Points,
    /// Rated games: played over the board, rated (not `W`/`D`/`L`), against rated opponents.
    pub rated_games: Vec<RatedGame>,
    /// Average rating of those opponents (C.07 Art. 10.1).
    pub average_rating: Option<i32>,
    /// Tournament performance rating (C.07 Art. 10.2).
    pub performance: Option<i32>,
    /// Perfect tournament performance (C.07 Art. 10.3).
    pub perfect: Option<i32>,
    /// The rating change for a rated player (Art. 8.3).
    pub change: Option<RatingChange>,
    /// The initial rating so far for an unrated player (Art. 8.2), counting this event as the
    /// player's first.
    pub initial: Option<InitialRating>,
}

/// The card of player `id` of `tournament`; `k` is the player's K (B.02 Art. 8.3.3), by
/// default 20 below 2400 and 10 from 2400. `None` for an unknown player.
pub fn player_card(
    tournament: &crate::tournament::Tournament,
    id: crate::tournament::PlayerId,
    k: Option<u32>,
) -> Option<PlayerCard> {
    use crate::tournament::GameResult;
    let player = tournament.player(id)?;
    let rating = i32::from(player.rating);
    let mut games_played = 0;
    let mut rated_games = Vec::new();
    for entry in &player.rounds {
        if !entry.result.is_played() {
            continue;
        }
        games_played += 1;
        let score = match entry.result {
            GameResult::Win => GameScore::Win,
            GameResult::Draw => GameScore::Draw,
            GameResult::Loss => GameScore::Loss,
            _ => continue,
        };
        let Some(opponent) = entry.opponent.and_then(|o| tournament.player(o)) else {
            continue;
        };
        if opponent.rating > 0 {
            rated_games.push(RatedGame::new(i32::from(opponent.rating), score));
        }
    }
    // The score of the standings: the results and the points outside the games.
    let points =
        crate::tournament::standings::points_after(tournament, player, tournament.rounds_played());
    let ratings: Vec<i32> = rated_games.iter().map(|g| g.opponent_rating).collect();
    let (change, initial) = if rating > 0 {
        let k = k.unwrap_or(if rating >= 2400 { 10 } else { 20 });
        (Some(rating_change(rating, k, &rated_games)), None)
    } else {
        (None, Some(initial_rating(&rated_games, true)))
    };
    Some(PlayerCard {
        games_played,
        points,
        average_rating: average_rating(&ratings),
        performance: performance_rating(&rated_games),
        perfect: perfect_performance(&rated_games),
        rated_games,
        change,
        initial,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b02_8_1_1_dp_table_ends_and_middle() {
        assert_eq!(dp(100), 800);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(83), 273);
        assert_eq!(dp(17), -273);
        for p in 0..=100 {
            assert_eq!(dp(p), -dp(100 - p), "table 8.1.1 is antisymmetric at {p}");
        }
    }

    #[test]
    fn b02_8_1_2_pd_rows_boundaries() {
        assert_eq!(scoring_probability(0), 50);
        assert_eq!(scoring_probability(3), 50);
        assert_eq!(scoring_probability(4), 51);
        assert_eq!(scoring_probability(-4), 49);
        assert_eq!(scoring_probability(559), 97);
        assert_eq!(scoring_probability(560), 98);
        assert_eq!(scoring_probability(619), 98);
        assert_eq!(scoring_probability(620), 99);
        assert_eq!(scoring_probability(735), 99);
        assert_eq!(scoring_probability(736), 100);
        assert_eq!(scoring_probability(-736), 0);
    }
}
