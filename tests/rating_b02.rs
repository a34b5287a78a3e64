//! FIDE Rating Regulations B.02 (1 March 2024, Art. 8.3.1 as amended 1 October 2025), with
//! values worked by hand from the published tables 8.1.1 and 8.1.2.

use arbiter::tournament::rating::{
    GameScore, InitialRating, KFactor, RatedGame, apply_floor, capped_k, dp, initial_rating,
    performance_rating, rating_change, scoring_probability,
};
use proptest::prelude::*;

use GameScore::{Draw, Loss, Win};

#[test]
fn b02_8_3_rating_change_sums_score_minus_pd() {
    // 2000 vs 1900 (D +100: .64) win, vs 2100 (D −100: .36) draw, vs 2050 (D −50: .43) loss.
    // Σ PD = 1.43, score 1.5, ΔR = +.07, K 20: +1.4 -> +1.
    let games = [
        RatedGame::new(1900, Win),
        RatedGame::new(2100, Draw),
        RatedGame::new(2050, Loss),
    ];
    let change = rating_change(2000, 20, &games);
    assert_eq!(change.expected, 143);
    assert_eq!(change.delta, 7);
    assert_eq!(change.change_hundredths, 140);
    assert_eq!(change.change, 1);
}

#[test]
fn b02_8_3_1_four_hundred_point_rule_below_2650() {
    // 2000 beats 1500: D 500 counts as 400 -> PD .92; ΔR .08 × 20 = 1.6 -> 2.
    let change = rating_change(2000, 20, &[RatedGame::new(1500, Win)]);
    assert_eq!(change.expected, 92);
    assert_eq!(change.change, 2);
}

#[test]
fn b02_8_3_1_no_four_hundred_point_rule_from_2650() {
    // 2700 loses to 2230: D 470 in full -> PD .95 (row 457–484); ΔR −.95 × 10 = −9.5 -> −10
    // (0.5 away from zero, Art. 8.3.4). With the 400 cap it would have been −.92 × 10 -> −9.
    let change = rating_change(2700, 10, &[RatedGame::new(2230, Loss)]);
    assert_eq!(change.expected, 95);
    assert_eq!(change.change_hundredths, -950);
    assert_eq!(change.change, -10);
    let capped = rating_change(2649, 10, &[RatedGame::new(2179, Loss)]);
    assert_eq!(capped.expected, 92);
    assert_eq!(capped.change, -9);
}

#[test]
fn b02_8_3_3_k_factor_rules() {
    let base = KFactor {
        rating: 2100,
        games_before: 100,
        has_reached_2400: false,
        junior: false,
    };
    assert_eq!(base.base(), 20);
    assert_eq!(
        KFactor {
            games_before: 29,
            ..base
        }
        .base(),
        40
    );
    assert_eq!(
        KFactor {
            junior: true,
            rating: 2299,
            ..base
        }
        .base(),
        40
    );
    assert_eq!(
        KFactor {
            junior: true,
            rating: 2300,
            ..base
        }
        .base(),
        20
    );
    assert_eq!(
        KFactor {
            has_reached_2400: true,
            rating: 2380,
            ..base
        }
        .base(),
        10
    );
}

#[test]
fn b02_8_3_3_k_times_games_at_most_700() {
    assert_eq!(capped_k(40, 17), 40); // 680
    assert_eq!(capped_k(40, 18), 38); // 38 × 18 = 684, 39 × 18 = 702
    assert_eq!(capped_k(40, 20), 35);
    assert_eq!(capped_k(20, 36), 19); // 19 × 36 = 684
    assert_eq!(capped_k(10, 70), 10);
    assert_eq!(capped_k(10, 71), 9);
    // In a rating change the capped K is used.
    let games = vec![RatedGame::new(2000, Win); 20];
    assert_eq!(rating_change(2000, 40, &games).k, 35);
}

#[test]
fn b02_8_2_initial_rating_with_two_hypothetical_draws() {
    // Opponents 1600..2000 (sum 9000) + 2 × 1800 = 12600 / 7 = 1800; 2.5 + 1 = 3.5 / 7 = .50.
    let games = [
        RatedGame::new(1600, Win),
        RatedGame::new(1700, Draw),
        RatedGame::new(1800, Draw),
        RatedGame::new(1900, Draw),
        RatedGame::new(2000, Loss),
    ];
    assert_eq!(initial_rating(&games, true), InitialRating::Rated(1800));
}

#[test]
fn b02_8_2_3_initial_rating_at_most_2200() {
    // Five wins against 2000: Ra = 13600 / 7 = 1942.86, p = 6/7 = .86 -> dp 309: 2251.86,
    // capped at 2200.
    let games = vec![RatedGame::new(2000, Win); 5];
    assert_eq!(initial_rating(&games, true), InitialRating::Rated(2200));
}

#[test]
fn b02_8_2_1_zero_score_in_the_first_event_is_disregarded() {
    let games = vec![RatedGame::new(1500, Loss); 5];
    assert_eq!(initial_rating(&games, true), InitialRating::Disregarded);
    // Not the first event: Ra = (7500 + 3600) / 7 = 1585.71, p = 1/7 = .14 -> −309: 1276.71
    // -> 1277, below the floor.
    assert_eq!(
        initial_rating(&games, false),
        InitialRating::BelowFloor { provisional: 1277 }
    );
}

#[test]
fn b02_7_1_4_five_games_needed() {
    let games = vec![RatedGame::new(1800, Draw); 4];
    assert_eq!(
        initial_rating(&games, true),
        InitialRating::TooFewGames {
            games: 4,
            provisional: 1800
        }
    );
}

#[test]
fn b02_7_2_1_rating_floor() {
    assert_eq!(apply_floor(1400), Some(1400));
    assert_eq!(apply_floor(1399), None);
}

#[test]
fn c07_10_2_tpr_uses_table_8_1_1() {
    // 5 of 6 (.83 -> 273) against an average of 2100: 2373.
    let mut games = vec![RatedGame::new(2100, Win); 5];
    games.push(RatedGame::new(2100, Loss));
    assert_eq!(performance_rating(&games), Some(2373));
    assert_eq!(dp(83), 273);
}

proptest! {
    #[test]
    fn b02_8_1_2_pd_of_both_players_sums_to_one(difference in -2000i32..2000) {
        prop_assert_eq!(scoring_probability(difference) + scoring_probability(-difference), 100);
    }

    #[test]
    fn b02_8_1_2_pd_never_decreases_with_the_difference(difference in -2000i32..2000) {
        prop_assert!(scoring_probability(difference + 1) >= scoring_probability(difference));
    }

    #[test]
    fn b02_8_3_equal_opponents_with_fifty_percent_change_nothing(rating in 1400i32..2800, games in 1usize..10) {
        let mut list = Vec::new();
        for _ in 0..games {
            list.push(RatedGame::new(rating, Win));
            list.push(RatedGame::new(rating, Loss));
        }
        prop_assert_eq!(rating_change(rating, 20, &list).change, 0);
    }

    #[test]
    fn c07_10_2_fifty_percent_performs_at_the_average(ratings in prop::collection::vec(1400i32..2800, 1..8)) {
        let mut games: Vec<RatedGame> = ratings.iter().map(|&r| RatedGame::new(r, Draw)).collect();
        games.truncate(ratings.len());
        let average = arbiter::tournament::rating::average_rating(&ratings);
        prop_assert_eq!(performance_rating(&games), average);
    }
}

#[test]
fn b02_8_3_player_card_of_a_rated_and_an_unrated_player() {
    use arbiter::tournament::{
        Color, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament,
    };
    let game = |opponent: u32, color, result| RoundEntry {
        opponent: Some(PlayerId(opponent)),
        color: Some(color),
        result,
    };
    // 1 (2000) beats 2 (1900), draws 3 (unrated); 3 also lost to 2 in an unrated game (`L`).
    let tournament = Tournament {
        players: vec![
            Player {
                id: PlayerId(1),
                rating: 2000,
                rounds: vec![
                    game(2, Color::White, GameResult::Win),
                    game(3, Color::Black, GameResult::Draw),
                ],
                ..Player::default()
            },
            Player {
                id: PlayerId(2),
                rating: 1900,
                rounds: vec![
                    game(1, Color::Black, GameResult::Loss),
                    game(3, Color::White, GameResult::UnratedWin),
                ],
                ..Player::default()
            },
            Player {
                id: PlayerId(3),
                rating: 0,
                rounds: vec![
                    RoundEntry {
                        opponent: None,
                        color: None,
                        result: GameResult::PairingAllocatedBye,
                    },
                    game(1, Color::White, GameResult::Draw),
                ],
                ..Player::default()
            },
        ],
        points: PointSystem::default(),
        ..Tournament::default()
    };
    let card =
        arbiter::tournament::rating::player_card(&tournament, PlayerId(1), None).expect("player 1");
    // Only the game against the rated 2 counts: D +100 -> .64, ΔR .36 × 20 = 7.2 -> 7.
    assert_eq!(card.games_played, 2);
    assert_eq!(card.points, arbiter::tournament::Points(15));
    assert_eq!(card.average_rating, Some(1900));
    assert_eq!(card.performance, Some(2700));
    assert_eq!(card.change.as_ref().map(|c| c.change), Some(7));
    // 2's unrated win (`W`) is not rated.
    let card =
        arbiter::tournament::rating::player_card(&tournament, PlayerId(2), None).expect("player 2");
    assert_eq!(card.rated_games.len(), 1);
    assert_eq!(card.change.as_ref().map(|c| c.change), Some(-7));
    // 3 is unrated: a draw against 2000 and two hypothetical 1800 draws: Ra = 5600 / 3 =
    // 1866.67, p = .50: 1867, but only one game so far.
    let card =
        arbiter::tournament::rating::player_card(&tournament, PlayerId(3), None).expect("player 3");
    assert_eq!(
        card.initial,
        Some(InitialRating::TooFewGames {
            games: 1,
            provisional: 1867
        })
    );
}
