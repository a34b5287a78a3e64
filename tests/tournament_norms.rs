//! Title norms under FIDE B.01 (Title Regulations, edition effective from 1 January 2024),
//! Art. 1.4: each test is named after the article it proves. Ratings, `dp` and rounding are
//! the regulation's (B.02 table 8.1.1 for `dp`): e.g. 5 points of 9 is p = 0.56, dp = 43.

use arbiter::tournament::model::{GameResult, Player, PlayerId, RoundEntry, Tournament};
use arbiter::tournament::norms::{self, NormFigures, NormSettings, NormTitle, PlayerNorms};
use arbiter::tournament::rating;

/// One round of the norm seeker: the opponent's title, rating and federation, and the
/// seeker's result (a bye has no opponent).
#[derive(Clone, Copy)]
struct Round {
    title: &'static str,
    rating: u16,
    federation: &'static str,
    result: GameResult,
}

const W: GameResult = GameResult::Win;
const D: GameResult = GameResult::Draw;
const L: GameResult = GameResult::Loss;

fn game(title: &'static str, rating: u16, federation: &'static str, result: GameResult) -> Round {
    Round {
        title,
        rating,
        federation,
        result,
    }
}

/// Nine games worth a GM norm: 6½ points (p = 0.72, dp = 166) against an average of 2444
/// (22000 / 9 = 2444.4), Rp = 2610; three GMs, eight title holders, seven federations.
fn gm_norm_games() -> Vec<Round> {
    vec![
        game("GM", 2550, "GER", W),
        game("GM", 2520, "HUN", W),
        game("GM", 2500, "POL", W),
        game("IM", 2480, "SVK", W),
        game("IM", 2450, "AUT", W),
        game("IM", 2420, "CZE", D),
        game("FM", 2400, "CZE", D),
        game("FM", 2380, "SRB", D),
        game("", 2300, "CRO", L),
    ]
}

/// A tournament of the seeker (player 1: CZE, 2450, `sex`, `title`) and one opponent per
/// round (players 2, 3, ...), plus `others` players who play every round among themselves.
fn event(sex: &str, title: &str, rounds: &[Round], others: &[(&str, u16, &str)]) -> Tournament {
    let count = rounds.len();
    let mut players = vec![Player {
        id: PlayerId(1),
        name: "Seeker, Sam".to_owned(),
        sex: sex.to_owned(),
        title: title.to_owned(),
        rating: 2450,
        federation: "CZE".to_owned(),
        ..Player::default()
    }];
    let bye = RoundEntry {
        opponent: None,
        color: None,
        result: GameResult::ZeroPointBye,
    };
    for (index, round) in rounds.iter().enumerate() {
        let id = PlayerId(players.len() as u32 + 1);
        if round.result.is_bye() {
            players[0].rounds.push(RoundEntry {
                opponent: None,
                color: None,
                result: round.result,
            });
            continue;
        }
        let mut opponent = Player {
            id,
            name: format!("Opponent {index}"),
            title: round.title.to_owned(),
            rating: round.rating,
            federation: round.federation.to_owned(),
            rounds: vec![bye; count],
            ..Player::default()
        };
        opponent.rounds[index] = RoundEntry {
            opponent: Some(PlayerId(1)),
            color: Some(arbiter::tournament::Color::Black),
            result: round.result.mirrored().expect("a game"),
        };
        players[0].rounds.push(RoundEntry {
            opponent: Some(id),
            color: Some(arbiter::tournament::Color::White),
            result: round.result,
        });
        players.push(opponent);
    }
    let first_other = players.len() as u32 + 1;
    for (index, (title, rating, federation)) in others.iter().enumerate() {
        let id = first_other + index as u32;
        // Pairs (first_other, first_other + 1), ... play every round: all present.
        let partner = if index % 2 == 0 { id + 1 } else { id - 1 };
        players.push(Player {
            id: PlayerId(id),
            name: format!("Other {index}"),
            title: (*title).to_owned(),
            rating: *rating,
            federation: (*federation).to_owned(),
            rounds: vec![
                RoundEntry {
                    opponent: Some(PlayerId(partner)),
                    color: None,
                    result: GameResult::Draw,
                };
                count
            ],
            ..Player::default()
        });
    }
    Tournament {
        name: "Norm Open".to_owned(),
        total_rounds: count as u32,
        players,
        ..Tournament::default()
    }
}

fn seeker_norms(tournament: &Tournament, settings: &NormSettings) -> PlayerNorms {
    norms::evaluate(tournament, settings)
        .into_iter()
        .next()
        .expect("the seeker")
}

fn verdict(norms: &PlayerNorms, title: NormTitle) -> NormFigures {
    norms
        .verdicts
        .iter()
        .find(|v| v.title == title)
        .cloned()
        .unwrap_or_else(|| panic!("no {} verdict", title.code()))
}

fn swiss() -> NormSettings {
    NormSettings {
        host_federation: "CZE".to_owned(),
        ..NormSettings::default()
    }
}

fn articles(figures: &NormFigures) -> Vec<&'static str> {
    figures.shortfalls.iter().map(|s| s.article).collect()
}

#[test]
fn b01_1_4_9_dp_of_five_points_in_nine_games_is_43() {
    // p = 5/9 = 0.556, rounded to 0.56 (whole percent, .5 up): dp = 43.
    let percent = rating::fractional_score_percent(10, 9).expect("games");
    assert_eq!((percent, rating::dp(percent)), (56, 43));
}

#[test]
fn b01_1_4_8_gm_norm_performance_2610_against_average_2444() {
    let t = event("m", "IM", &gm_norm_games(), &[]);
    let norms = seeker_norms(&t, &swiss());
    let gm = verdict(&norms, NormTitle::Gm);
    assert!(gm.achieved(), "{:?}", gm.shortfalls);
    assert_eq!(
        (
            gm.games.len(),
            gm.half_points,
            gm.average,
            gm.percent,
            gm.dp,
            gm.performance
        ),
        (9, 13, 2444, 72, 166, 2610)
    );
    assert_eq!((gm.title_holders, gm.norm_titled), (8, 3));
    assert_eq!((gm.foreign_federations, gm.own_federation), (7, 2));
    assert_eq!(gm.counts_as, 9);
    assert!(gm.left_out.is_empty());
    // The seeker holds IM: no IM verdict; a man: no WGM or WIM verdict.
    assert_eq!(norms.verdicts.len(), 1);
}

#[test]
fn b01_1_4_8_performance_below_2600_is_no_gm_norm_but_an_im_norm() {
    // One win fewer (a draw): 6 of 9, p = 0.67, dp = 125, Rp = 2569.
    let mut games = gm_norm_games();
    games[4].result = D;
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    let gm = verdict(&norms, NormTitle::Gm);
    assert_eq!(
        (gm.half_points, gm.percent, gm.dp, gm.performance),
        (12, 67, 125, 2569)
    );
    assert_eq!(articles(&gm), ["1.4.8"]);
    let im = verdict(&norms, NormTitle::Im);
    assert!(im.achieved(), "{:?}", im.shortfalls);
    // 1.4.1d: each full point above the least score that makes the norm counts as one game
    // more. Against 2444 the least is 5 of 9 (p = 0.56, dp 43, Rp 2487; 4½ gives 2444): 6 is
    // one point above, so the norm counts as 10 games.
    assert_eq!(im.counts_as, 10);
}

#[test]
fn b01_1_4_6_one_opponent_below_the_floor_is_raised_to_it() {
    // The last opponent rated 2000: raised to the GM floor 2200. Ra = (22000 - 300 + 200) / 9
    // = 2433.3 -> 2433; Rp = 2599: one point short.
    let mut games = gm_norm_games();
    games[8].rating = 2000;
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert_eq!(gm.raised_to_floor, Some((PlayerId(10), 2000, 2200)));
    assert_eq!((gm.average, gm.performance), (2433, 2599));
    assert_eq!(articles(&gm), ["1.4.8"]);
}

#[test]
fn b01_1_4_6_only_the_lowest_of_two_opponents_below_the_floor_is_raised() {
    let mut games = gm_norm_games();
    games[7].rating = 2100;
    games[8].rating = 2000;
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert_eq!(gm.raised_to_floor, Some((PlayerId(10), 2000, 2200)));
    // 22000 - 280 (2380 -> 2100) - 300 (2300 -> 2000) + 200 (raised) = 21620: 2402.2 -> 2402.
    assert_eq!(gm.average, 2402);
    // The IM floor is 2050: the 2000 becomes 2050, the 2100 stays.
    let im = verdict(&seeker_norms(&t, &swiss()), NormTitle::Im);
    assert_eq!(im.raised_to_floor, Some((PlayerId(10), 2000, 2050)));
    // 21420 - 2000 + 2050 = 21470: 2385.6 -> 2386.
    assert_eq!(im.average, 2386);
}

#[test]
fn b01_1_4_6_unrated_opponent_counts_1400_then_the_floor() {
    let mut games = gm_norm_games();
    games[8].rating = 0;
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    let gm = verdict(&norms, NormTitle::Gm);
    assert_eq!(gm.raised_to_floor, Some((PlayerId(10), 1400, 2200)));
    let im = verdict(&norms, NormTitle::Im);
    assert_eq!(im.raised_to_floor, Some((PlayerId(10), 1400, 2050)));
}

#[test]
fn b01_1_4_7_average_rounded_to_nearest_with_half_up() {
    // Ten opponents totalling 22000 + 2005 = 24005. Under the WIM floor (1850) nobody is
    // raised: 24005 / 10 = 2400.5 -> 2401.
    let mut games = gm_norm_games();
    games.push(game("GM", 2005, "ITA", L));
    let t = event("w", "", &games, &[]);
    let wim = verdict(&seeker_norms(&t, &swiss()), NormTitle::Wim);
    assert_eq!(wim.raised_to_floor, None);
    assert_eq!(wim.average, 2401);
}

#[test]
fn b01_1_4_1_fewer_than_nine_games_is_no_norm() {
    let mut games = gm_norm_games();
    games.truncate(8);
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert!(articles(&gm).contains(&"1.4.1"), "{:?}", gm.shortfalls);
}

#[test]
fn b01_1_4_1c_eight_games_and_a_pairing_allocated_bye_count_as_nine() {
    // A 9-round event: the loss of round 9 replaced by the pairing-allocated bye.
    let mut games = gm_norm_games();
    games[8] = game("", 0, "", GameResult::PairingAllocatedBye);
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    let gm = verdict(&norms, NormTitle::Gm);
    assert_eq!(gm.games.len(), 8);
    assert!(gm.achieved(), "{:?}", gm.shortfalls);
    assert!(gm.counts_as >= 9);
    assert_eq!(norms.excluded.len(), 1);
    assert_eq!(norms.excluded[0].why.article(), "1.4.2c");
    // The same eight games and an absence (zero-point bye): no norm.
    games[8] = game("", 0, "", GameResult::ZeroPointBye);
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert!(articles(&gm).contains(&"1.4.1"));
}

#[test]
fn b01_1_4_2c_forfeits_do_not_count() {
    let mut games = gm_norm_games();
    games.push(game("GM", 2700, "NOR", GameResult::ForfeitWin));
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    assert_eq!(norms.excluded.len(), 1);
    assert_eq!(norms.excluded[0].round, 10);
    assert_eq!(norms.excluded[0].why, norms::Exclusion::Forfeit);
    let gm = verdict(&norms, NormTitle::Gm);
    assert_eq!((gm.games.len(), gm.average), (9, 2444));
}

#[test]
fn b01_1_4_2a_fid_counts_as_a_game_but_no_federation_and_none_is_excluded() {
    let mut games = gm_norm_games();
    games[0].federation = "FID";
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert_eq!(gm.games.len(), 9);
    assert_eq!(gm.foreign_federations, 6);
    games[0].federation = "";
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    assert_eq!(norms.excluded[0].why, norms::Exclusion::NoFederation);
    assert_eq!(norms.excluded[0].why.article(), "1.4.2a");
}

#[test]
fn b01_1_4_3_two_foreign_federations_needed() {
    let mut games = gm_norm_games();
    for (index, round) in games.iter_mut().enumerate() {
        round.federation = if index < 8 { "CZE" } else { "SVK" };
    }
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert_eq!(gm.foreign_federations, 1);
    let found = articles(&gm);
    assert!(found.contains(&"1.4.3"), "{found:?}");
    // And 8 of 9 from the seeker's own federation: more than 3/5 (5).
    assert!(found.contains(&"1.4.4"), "{found:?}");
}

#[test]
fn b01_1_4_4_at_most_two_thirds_from_one_federation() {
    let mut games = gm_norm_games();
    for (index, round) in games.iter_mut().enumerate() {
        round.federation = match index {
            0..=6 => "GER",
            7 => "POL",
            _ => "CZE",
        };
    }
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert_eq!(gm.largest_federation, Some(("GER".to_owned(), 7)));
    assert_eq!(articles(&gm), ["1.4.4"]);
    // Six from one federation is allowed (2/3 of 9).
    games[6].federation = "POL";
    let t = event("m", "", &games, &[]);
    assert!(verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm).achieved());
}

/// 22 players not of the host federation (CZE), of 3 federations, 10 of them GM or IM, who
/// play every round.
fn strong_foreign_field() -> Vec<(&'static str, u16, &'static str)> {
    (0..22)
        .map(|i| {
            let title = if i < 10 { "GM" } else { "" };
            let federation = ["NED", "ESP", "ITA"][i % 3];
            (title, 2300, federation)
        })
        .collect()
}

#[test]
fn b01_1_4_3d_large_swiss_waives_the_federation_rules() {
    let mut games = gm_norm_games();
    for (index, round) in games.iter_mut().enumerate() {
        round.federation = if index < 7 { "GER" } else { "POL" };
    }
    let t = event("m", "", &games, &strong_foreign_field());
    let counts = norms::swiss_exemption(&t, "CZE");
    assert!(counts.applies(), "{counts:?}");
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert!(gm.achieved(), "{:?}", gm.shortfalls);
    assert_eq!(gm.federation_exemption, Some("1.4.3d"));
    // Hosted by the Netherlands, the Dutch players are not foreigners: 14 left, too few.
    let host_ned = NormSettings {
        host_federation: "NED".to_owned(),
        ..NormSettings::default()
    };
    assert!(!norms::swiss_exemption(&t, "NED").applies());
    let gm = verdict(&seeker_norms(&t, &host_ned), NormTitle::Gm);
    assert_eq!(articles(&gm), ["1.4.4"]);
    // A round robin never has the exemption.
    let round_robin = NormSettings {
        round_robin: true,
        ..swiss()
    };
    let gm = verdict(&seeker_norms(&t, &round_robin), NormTitle::Gm);
    assert_eq!(articles(&gm), ["1.4.4"]);
}

#[test]
fn b01_1_4_5a_half_the_opponents_title_holders() {
    let mut games = gm_norm_games();
    for round in games.iter_mut().skip(3) {
        round.title = if round.title == "IM" { "CM" } else { "" };
    }
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    // Three GMs; CMs do not count.
    assert_eq!(gm.title_holders, 3);
    assert_eq!(articles(&gm), ["1.4.5a"]);
}

#[test]
fn b01_1_4_5b_a_third_and_at_least_three_grandmasters() {
    let mut games = gm_norm_games();
    games[2].title = "IM";
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    let gm = verdict(&norms, NormTitle::Gm);
    assert_eq!(gm.norm_titled, 2);
    assert_eq!(articles(&gm), ["1.4.5b"]);
    // For the IM norm, GMs and IMs count: six.
    let im = verdict(&norms, NormTitle::Im);
    assert_eq!(im.norm_titled, 6);
    assert!(im.achieved());
}

#[test]
fn b01_women_titles_only_for_women_and_not_below_a_title_held() {
    let t = event("w", "", &gm_norm_games(), &[]);
    let titles: Vec<NormTitle> = seeker_norms(&t, &swiss())
        .verdicts
        .iter()
        .map(|v| v.title)
        .collect();
    assert_eq!(
        titles,
        [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim]
    );
    // A WGM has no use for WGM or WIM norms.
    let t = event("w", "WGM", &gm_norm_games(), &[]);
    let titles: Vec<NormTitle> = seeker_norms(&t, &swiss())
        .verdicts
        .iter()
        .map(|v| v.title)
        .collect();
    assert_eq!(titles, [NormTitle::Gm, NormTitle::Im]);
    // A grandmaster has no use for any.
    let t = event("m", "GM", &gm_norm_games(), &[]);
    assert!(seeker_norms(&t, &swiss()).verdicts.is_empty());
}

#[test]
fn b01_1_4_1e_games_after_the_norm_may_be_left_out_except_in_a_round_robin() {
    // Round 10: a loss to a GM. Ten games: 6½ of 10 (p = 0.65, dp 110), Ra 2450, Rp 2560.
    let mut games = gm_norm_games();
    games.push(game("GM", 2500, "ESP", L));
    let t = event("m", "", &games, &[]);
    let gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert!(gm.achieved(), "{:?}", gm.shortfalls);
    assert_eq!(gm.left_out, [10]);
    assert_eq!((gm.games.len(), gm.performance), (9, 2610));
    let round_robin = NormSettings {
        round_robin: true,
        ..swiss()
    };
    let gm = verdict(&seeker_norms(&t, &round_robin), NormTitle::Gm);
    assert!(!gm.achieved());
    assert_eq!(
        (gm.games.len(), gm.average, gm.performance),
        (10, 2450, 2560)
    );
}

#[test]
fn b01_1_4_1f_wins_may_be_left_out() {
    // Two early wins against low-rated players pull the average down: with all eleven games
    // Ra = (1600 raised to 2200 + 1700 + 22000) / 11 = 2355 < 2380. Leaving out one of them
    // (the lowest-rated first) keeps ten games: Ra 2420, 7½ of 10, dp 193, Rp 2613.
    let mut games = vec![game("", 1600, "ITA", W), game("", 1700, "FRA", W)];
    let mut fixture = gm_norm_games();
    fixture[3].title = "GM"; // four GMs: a third of ten or eleven
    games.extend(fixture);
    let t = event("m", "", &games, &[]);
    let norms = seeker_norms(&t, &swiss());
    let gm = verdict(&norms, NormTitle::Gm);
    assert!(gm.achieved(), "{:?}", gm.shortfalls);
    assert_eq!(gm.left_out, [1]);
    assert_eq!(
        (gm.games.len(), gm.average, gm.performance),
        (10, 2420, 2613)
    );
    assert_eq!(gm.raised_to_floor, Some((PlayerId(3), 1700, 2200)));
}

#[test]
fn b01_1_4_2b_round_robin_unrated_opponent_who_scored_zero_does_not_count() {
    let mut games = gm_norm_games();
    games.push(game("", 0, "CZE", W));
    let t = event("m", "", &games, &[]);
    // In a Swiss the game counts (ten games); in a round robin it does not.
    let swiss_gm = verdict(&seeker_norms(&t, &swiss()), NormTitle::Gm);
    assert!(swiss_gm.games.len() == 10 || swiss_gm.left_out == [10]);
    let round_robin = NormSettings {
        round_robin: true,
        ..swiss()
    };
    let norms = seeker_norms(&t, &round_robin);
    assert_eq!(norms.excluded.len(), 1);
    assert_eq!(norms.excluded[0].why, norms::Exclusion::UnratedZeroScorer);
    assert!(verdict(&norms, NormTitle::Gm).achieved());
}
