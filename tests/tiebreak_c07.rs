//! C.07 (2026) tie-breaks on small tournaments whose values were computed by hand from the
//! regulation's definitions (the working is in the comments).

#[path = "common/tiebreak_builder.rs"]
mod builder;

use arbiter::tournament::Tournament;
use arbiter::tournament::tiebreak::{Calculator, Lots, TieBreak, TieBreakSettings, Value, rank};

/// Five players, three rounds, with every kind of unplayed round:
///
/// | round | games |
/// |---|---|
/// | 1 | 1–4 1-0, 2–5 ½-½, 3 pairing-allocated bye |
/// | 2 | 3–1 1-0, 2 half-point bye, 4–5 forfeit (4 wins) |
/// | 3 | 1–2 ½-½, 4–3 0-1 (3 has black), 5 withdrew (zero-point bye) |
///
/// Scores: 1 = 1.5, 2 = 1.5, 3 = 3, 4 = 1, 5 = 0.5. Ratings 2000, 1900, 1800, 1700, unrated.
///
/// Art. 16.2: 2's half-point bye is followed by a played round (16.2.3); 3's bye is 16.2.1;
/// 4's forfeit win 16.2.2; 5's forfeit loss 16.2.4 and the last-round zero-point bye 16.2.5.
/// Art. 16.3 adjusted scores: 5 shows 0.5 + 0 + ½ (16.2.5 as a draw) = 1; the others their
/// own scores.
fn five_players() -> Tournament {
    builder::tournament(
        &[
            "4w1 3b0 2w=",
            "5w= H 1b=",
            "U 1w1 4b1",
            "1b0 5w+ 3w0",
            "2b= 4b- Z",
        ],
        &[2000, 1900, 1800, 1700, 0],
    )
}

fn values(tournament: &Tournament, code: &str) -> Vec<String> {
    let calculator = Calculator::new(tournament, true);
    let tie_break = TieBreak::parse(code).expect("code");
    (0..tournament.players.len())
        .map(|p| {
            calculator
                .value(p, &tie_break)
                .map_or("-".to_string(), |v| v.display())
        })
        .collect()
}

#[test]
fn art_8_1_buchholz_with_art_16_adjusted_scores_and_dummies() {
    // 1: 1 + 3 + 1.5 = 5.5
    // 2: 5's adjusted 1 + dummy for H min(1.5, ½×3) = 1.5 + 1.5 = 4
    // 3: dummy for U min(3, 1.5) = 1.5 + 1.5 + 1 = 4
    // 4: 1.5 + forfeit dummy min(1, 5's adjusted 1) = 1 + 3 = 5.5
    // 5: 1.5 + forfeit dummy min(0.5, 4's 1) = 0.5 + Z dummy min(0.5, 1.5) = 0.5 = 2.5
    assert_eq!(
        values(&five_players(), "BH"),
        ["5.5", "4", "4", "5.5", "2.5"]
    );
}

#[test]
fn art_16_5_buchholz_cut_1_cuts_the_voluntary_unplayed_round() {
    // 1: {1, 3, 1.5} cut 1 -> 4.5
    // 2: {1, 1.5 (VUR: requested bye), 1.5}: the VUR's 1.5 is cut, not the lowest 1 -> 2.5
    // 3: {1.5 (PAB, not voluntary), 1.5, 1} cut 1 -> 3
    // 4: {1.5, 1 (forfeit win, not voluntary), 3} cut 1 -> 4.5
    // 5: {1.5, 0.5 VUR, 0.5 VUR} cut one VUR -> 2
    assert_eq!(
        values(&five_players(), "BH-C1"),
        ["4.5", "2.5", "3", "4.5", "2"]
    );
    assert_eq!(
        values(&five_players(), "BH/C1"),
        values(&five_players(), "BH-C1")
    );
}

#[test]
fn art_14_2_buchholz_cut_2_and_median() {
    // 1: {1, 3, 1.5}: C2 -> 3; M1 -> 1.5
    // 2: {1, 1.5v, 1.5}: C2 cuts the VUR then the lowest 1 -> 1.5
    let cut2 = values(&five_players(), "BH-C2");
    assert_eq!(cut2[0], "3");
    assert_eq!(cut2[1], "1.5");
    let median = values(&five_players(), "BH-M1");
    assert_eq!(median[0], "1.5");
    assert_eq!(median[3], "1.5");
}

#[test]
fn art_9_1_sonneborn_berger_with_dummies() {
    // 1: 1×1 + 3×0 + 1.5×½ = 1.75
    // 2: 1×½ + dummy 1.5×½ + 1.5×½ = 2
    // 3: dummy 1.5×1 + 1.5×1 + 1×1 = 4
    // 4: 1.5×0 + dummy 1×1 + 3×0 = 1
    // 5: 1.5×½ + 0.5×0 + 0.5×0 = 0.75
    assert_eq!(
        values(&five_players(), "SB"),
        ["1.75", "2", "4", "1", "0.75"]
    );
}

#[test]
fn art_16_5_2_sonneborn_berger_cut_1_cuts_the_higher_of_vur_and_least_significant() {
    // 1: lowest-score opponent is 4 (1), contribution 1 -> 0.75
    // 2: lowest-score opponent 5 (1) gives 0.5; the VUR gives 0.75 >= 0.5: cut the VUR -> 1.25
    // 5: least significant (0.5, 0); lowest VUR 0 >= 0: cut a VUR -> 0.75
    let sb = values(&five_players(), "SB-C1");
    assert_eq!(sb[0], "0.75");
    assert_eq!(sb[1], "1.25");
    assert_eq!(sb[4], "0.75");
}

#[test]
fn art_7_1_to_7_4_counts() {
    let t = five_players();
    // WIN counts rounds scored as a win with or without playing.
    assert_eq!(values(&t, "WIN"), ["1", "0", "3", "1", "0"]);
    // WON counts only games won over the board.
    assert_eq!(values(&t, "WON"), ["1", "0", "2", "0", "0"]);
    // BPG: 1 (r2), 2 (r3), 3 (r3), 4 (r1), 5 (r1; the forfeit in r2 is not a game).
    assert_eq!(values(&t, "BPG"), ["1", "1", "1", "1", "1"]);
    assert_eq!(values(&t, "BWG"), ["0", "0", "1", "0", "0"]);
}

#[test]
fn art_7_5_progressive_scores_and_cut_1() {
    let t = five_players();
    // 1: 1 + 1 + 1.5; 2: .5 + 1 + 1.5; 3: 1 + 2 + 3; 4: 0 + 1 + 1; 5: .5 ×3
    assert_eq!(values(&t, "PS"), ["3.5", "3", "6", "2", "1.5"]);
    // Cut-1 removes the score after round 1.
    assert_eq!(values(&t, "PS-C1"), ["2.5", "2.5", "5", "2", "1"]);
}

#[test]
fn art_7_6_rounds_elected_to_play() {
    // 2 had a half-point bye; 5 a forfeit loss and a zero-point bye; a PAB still counts.
    assert_eq!(values(&five_players(), "REP"), ["3", "2", "3", "3", "1"]);
}

#[test]
fn art_7_7_standard_points() {
    // 1: 1 + 0 + ½; 2: ½ + ½ (bye worth a draw) + ½; 3: 1 (PAB > draw) + 1 + 1;
    // 4: 0 + 1 (forfeit win) + 0; 5: ½ + 0 + 0 (zero-point bye below a draw).
    assert_eq!(
        values(&five_players(), "STD"),
        ["1.5", "1.5", "3", "1", "0.5"]
    );
}

#[test]
fn art_7_8_and_10_6_pairing_number_and_rating() {
    let t = five_players();
    assert_eq!(values(&t, "TPN"), ["1", "2", "3", "4", "5"]);
    assert_eq!(values(&t, "RTNG"), ["2000", "1900", "1800", "1700", "0"]);
}

#[test]
fn art_8_2_average_of_opponents_buchholz() {
    // 1 played 4 (BH 5.5), 3 (4), 2 (4): 13.5 / 3 = 4.5
    // 5 played only 2 (BH 4): 4
    let aob = values(&five_players(), "AOB");
    assert_eq!(aob[0], "4.5");
    assert_eq!(aob[4], "4");
}

#[test]
fn art_8_3_fore_buchholz_draws_the_last_round() {
    // Round 3 as draws: 3 has 2.5, 4 has 1.5, the others unchanged.
    // 1: 4 (1.5) + 3 (2.5) + 2 (1.5) = 5.5
    // 4: 1 (1.5) + forfeit dummy min(1.5, 5's adjusted 1) + 3 (2.5) = 5
    let fb = values(&five_players(), "FB");
    assert_eq!(fb[0], "5.5");
    assert_eq!(fb[3], "5");
}

#[test]
fn art_9_2_koya_and_art_14_5_limit() {
    // 50 % of 3 rounds = 1.5: participants 1, 2, 3 qualify.
    // 1: ½ against 2 (0 against 3); 2: ½ against 1; 3: 1 against 1; 5: ½ against 2.
    assert_eq!(
        values(&five_players(), "KS"),
        ["0.5", "0.5", "1", "0", "0.5"]
    );
    // Limit raised by ½: only 3 (3 points) qualifies.
    assert_eq!(
        values(&five_players(), "KS/L+0.5"),
        ["0", "0", "0", "0", "0"]
    );
    // Lowered by ½ (≥ 1): 4 qualifies too; 3 then has 2.
    assert_eq!(values(&five_players(), "KS-L-0.5")[2], "2");
}

#[test]
fn art_10_1_average_rating_of_opponents() {
    // 1: (1700 + 1800 + 1900) / 3 = 1800; 2: unrated 5 left out -> 2000;
    // 3: (2000 + 1700) / 2 = 1850; 4: the forfeit is not a game -> (2000 + 1800) / 2 = 1900.
    assert_eq!(
        values(&five_players(), "ARO"),
        ["1800", "2000", "1850", "1900", "1900"]
    );
    // Cut-1: 1 drops 1700 -> 1850.
    assert_eq!(values(&five_players(), "ARO-C1")[0], "1850");
}

#[test]
fn art_10_2_performance_rating() {
    // 1: 1.5/3 = .50 -> dp 0 -> 1800; 3: 2/2 -> +800 -> 2650; 4: 0/2 -> 1900 − 800 = 1100.
    assert_eq!(
        values(&five_players(), "TPR"),
        ["1800", "2000", "2650", "1100", "1900"]
    );
}

#[test]
fn art_10_3_perfect_performance() {
    // 1 scored 1.5 against 1700, 1800, 1900: at 1799 the expectancies are .64 + .50 + .36 =
    // 1.50; at 1798 .63 + .50 + .36 = 1.49. So 1799.
    // 3 won against 2000 and 1700: needs 1.00 against 2000, i.e. D > 735: 2736.
    // 4 scored zero: lowest opponent 1800 − 800 = 1000.
    let ptp = values(&five_players(), "PTP");
    assert_eq!(ptp[0], "1799");
    assert_eq!(ptp[2], "2736");
    assert_eq!(ptp[3], "1000");
}

#[test]
fn art_10_4_average_performance_of_opponents() {
    // 1's opponents' TPR: 4 = 1100, 3 = 2650, 2 = 2000: 5750 / 3 = 1916.67 -> 1917.
    assert_eq!(values(&five_players(), "APRO")[0], "1917");
}

#[test]
fn art_4_2_ranking_by_points_then_the_list() {
    let settings = TieBreakSettings {
        list: TieBreak::parse_list("BH-C1,BH,SB").expect("list"),
        swiss: true,
        lots: Lots::Shared,
    };
    let standings = rank(&five_players(), &settings);
    let order: Vec<u32> = standings.rows.iter().map(|r| r.player.0).collect();
    // 3 (3 points); 1 and 2 (1.5) split by BH-C1 4.5 vs 2.5; 4 (1); 5 (0.5).
    assert_eq!(order, [3, 1, 2, 4, 5]);
    assert_eq!(standings.rows[1].values[0], Some(Value::tenths(45)));
    assert_eq!(standings.rows[1].decided_by, Some(0));
}

/// Four players tied: 1 beat 2 and 3; 2 and 3 never met; 4 is outside the group.
fn direct_encounter_group() -> Tournament {
    builder::tournament(
        &["2w1 3b1 4w0", "1b0 4w1 3w=", "4b1 1w0 2b=", "3w0 2b0 1b1"],
        &[],
    )
}

#[test]
fn art_6_2_all_met_separate_standings_rank_the_group() {
    // Scores: 1 = 2, 2 = 1.5, 3 = 1.5, 4 = 1: 2 and 3 tied; they met (½-½): still tied.
    let t = direct_encounter_group();
    let settings = TieBreakSettings {
        list: TieBreak::parse_list("DE").expect("list"),
        swiss: true,
        lots: Lots::Shared,
    };
    let standings = rank(&t, &settings);
    let ranks: Vec<(u32, u32)> = standings
        .rows
        .iter()
        .map(|r| (r.player.0, r.rank))
        .collect();
    assert_eq!(ranks, [(1, 1), (2, 2), (3, 2), (4, 4)]);
}

#[test]
fn art_6_3_swiss_leader_alone_whatever_the_missing_games() {
    // 1 beat 2 and 3, who did not meet: 1 has 2, the others 0 + at most 1 from the missing
    // game, so 1 is first; 2 and 3 stay tied (they never met).
    let t = builder::tournament(
        &[
            "2w1 3b1 Z",
            "1b0 4w1 4b0",
            "4b0 1w0 5w1",
            "3w1 2b0 2w1",
            "Z Z 3b0",
        ],
        &[],
    );
    let mut calculator_group = vec![0usize, 1, 2];
    calculator_group.sort_unstable();
    let record = arbiter::tournament::tiebreak::Record::new(&t);
    let outcome = arbiter::tournament::tiebreak::direct::split(&record, &calculator_group, true);
    assert_eq!(outcome.order, vec![vec![0], vec![1, 2]]);
}

#[test]
fn art_6_1_1_forfeits_left_out_of_direct_encounter_in_a_swiss() {
    // 1 and 2 tied on 1 point; their only meeting was a forfeit (1 won it): not counted.
    let t = builder::tournament(&["2w+ 3b0", "1b- 3w1", "Z 1w1 2b0"], &[]);
    let record = arbiter::tournament::tiebreak::Record::new(&t);
    let outcome = arbiter::tournament::tiebreak::direct::split(&record, &[0, 1], true);
    assert_eq!(outcome.order, vec![vec![0, 1]]);
    // In a round robin (Art. 15.2) the forfeit counts as a game: 1 ahead.
    let outcome = arbiter::tournament::tiebreak::direct::split(&record, &[0, 1], false);
    assert_eq!(outcome.order, vec![vec![0], vec![1]]);
}

#[test]
fn art_4_2_drawing_of_lots_is_reproducible_from_the_seed() {
    // Everybody drew everybody: nothing breaks the tie but lots.
    let t = builder::tournament(
        &["2w= 3b= 4w=", "1b= 4w= 3w=", "4b= 1w= 2b=", "3w= 2b= 1b="],
        &[],
    );
    let settings = |seed| TieBreakSettings {
        list: TieBreak::parse_list("BH,SB,DE").expect("list"),
        swiss: true,
        lots: Lots::Draw { seed },
    };
    let first = rank(&t, &settings(7));
    let again = rank(&t, &settings(7));
    assert_eq!(first, again);
    assert_eq!(first.seed, Some(7));
    let ranks: Vec<u32> = first.rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4]);
    assert!(first.rows.iter().all(|r| r.lot.is_some()));
    let orders: std::collections::HashSet<Vec<u32>> = (0..20)
        .map(|seed| {
            rank(&t, &settings(seed))
                .rows
                .iter()
                .map(|r| r.player.0)
                .collect()
        })
        .collect();
    assert!(orders.len() > 1, "different seeds draw different orders");
}

#[test]
fn art_4_2_standings_after_an_earlier_round() {
    // After round 2: 1 = 1, 2 = 1 (the half-point bye is now in the last round, 16.2.5),
    // 3 = 2, 4 = 1, 5 = 0.5; one draw per round caps dummies at 1.
    // BH: 1 = 4 (1) + 3 (2) = 3; 2 = 5 (0.5) + dummy min(1, 1) = 1.5;
    // 4 = 1 (1) + forfeit dummy min(1, 5's 0.5) = 1.5: 2 and 4 share third place.
    let settings = TieBreakSettings {
        list: TieBreak::parse_list("BH").expect("list"),
        swiss: true,
        lots: Lots::Shared,
    };
    let standings = arbiter::tournament::standings::ranked(&five_players(), 2, &settings);
    assert_eq!(standings.rounds, 2);
    let ranks: Vec<(u32, u32)> = standings
        .rows
        .iter()
        .map(|r| (r.player.0, r.rank))
        .collect();
    assert_eq!(ranks, [(3, 1), (1, 2), (2, 3), (4, 3), (5, 5)]);
    let table = arbiter::print::standings::StandingsTable::ranked(&five_players(), 2, &settings);
    assert_eq!(table.tie_break_names, ["BH"]);
    assert_eq!(table.rows[1].tie_breaks, ["3"]);
}
