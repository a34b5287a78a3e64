//! Identities that C.07's definitions imply, checked on random complete round robins without
//! unplayed games (property tests).

use arbiter::tournament::tiebreak::{Calculator, Lots, TieBreak, TieBreakSettings, Value, rank};
use arbiter::tournament::{
    Color, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament,
};
use proptest::prelude::*;

/// A single round robin of `players` (even) by the circle method; `results[k]` decides the
/// k-th game (0 white wins, 1 draw, 2 black wins).
fn round_robin(players: usize, results: &[u8]) -> Tournament {
    let rounds = players - 1;
    let mut entries: Vec<Vec<RoundEntry>> = vec![Vec::new(); players];
    let mut game = 0;
    for r in 0..rounds {
        let mut pairs = vec![(r, players - 1)];
        for k in 1..players / 2 {
            pairs.push(((r + k) % rounds, (r + rounds - k) % rounds));
        }
        for (white, black) in pairs {
            let outcome = results[game % results.len()] % 3;
            game += 1;
            let (w, b) = match outcome {
                0 => (GameResult::Win, GameResult::Loss),
                1 => (GameResult::Draw, GameResult::Draw),
                _ => (GameResult::Loss, GameResult::Win),
            };
            entries[white].push(RoundEntry {
                opponent: Some(PlayerId(black as u32 + 1)),
                color: Some(Color::White),
                result: w,
            });
            entries[black].push(RoundEntry {
                opponent: Some(PlayerId(white as u32 + 1)),
                color: Some(Color::Black),
                result: b,
            });
        }
    }
    Tournament {
        name: "round robin".into(),
        total_rounds: rounds as u32,
        players: entries
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| Player {
                id: PlayerId(i as u32 + 1),
                name: format!("P{}", i + 1),
                rating: 1500 + 50 * i as u16,
                rounds,
                ..Player::default()
            })
            .collect(),
        points: PointSystem::default(),
        ..Tournament::default()
    }
}

fn value(calculator: &Calculator<'_>, player: usize, code: &str) -> Value {
    let tie_break = TieBreak::parse(code).expect("code");
    calculator.value(player, &tie_break).expect("value")
}

fn tournament_strategy() -> impl Strategy<Value = Tournament> {
    (1usize..5, prop::collection::vec(0u8..3, 1..40))
        .prop_map(|(half, results)| round_robin(half * 2, &results))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn art_8_1_round_robin_buchholz_is_total_minus_own(t in tournament_strategy()) {
        let calculator = Calculator::new(&t, true);
        let total: i64 = calculator.record.players.iter().map(|p| i64::from(p.score.0)).sum();
        for (p, player) in calculator.record.players.iter().enumerate() {
            prop_assert_eq!(value(&calculator, p, "BH"), Value::tenths(total - i64::from(player.score.0)));
        }
    }

    #[test]
    fn art_14_1_cut_1_removes_the_weakest_opponent(t in tournament_strategy()) {
        let calculator = Calculator::new(&t, true);
        let record = &calculator.record;
        for (p, player) in record.players.iter().enumerate() {
            let weakest = player
                .rounds
                .iter()
                .filter_map(|r| r.opponent)
                .map(|o| i64::from(record.players[o].score.0))
                .min()
                .unwrap_or(0);
            let bh = value(&calculator, p, "BH");
            let cut = value(&calculator, p, "BH-C1");
            prop_assert_eq!(Value::ratio(bh.numerator * 10 / bh.denominator - weakest, 10), cut);
        }
    }

    #[test]
    fn art_7_7_standard_points_share_one_point_per_game(t in tournament_strategy()) {
        let calculator = Calculator::new(&t, true);
        let n = t.players.len() as i64;
        let sum: f64 = (0..t.players.len()).map(|p| value(&calculator, p, "STD").as_f64()).sum();
        prop_assert_eq!(sum, (n * (n - 1) / 2) as f64);
        let black: f64 = (0..t.players.len()).map(|p| value(&calculator, p, "BPG").as_f64()).sum();
        prop_assert_eq!(black, (n * (n - 1) / 2) as f64);
    }

    #[test]
    fn art_7_1_without_unplayed_rounds_win_equals_won(t in tournament_strategy()) {
        let calculator = Calculator::new(&t, true);
        for p in 0..t.players.len() {
            prop_assert_eq!(value(&calculator, p, "WIN"), value(&calculator, p, "WON"));
            prop_assert_eq!(value(&calculator, p, "REP"), Value::whole(t.players.len() as i64 - 1));
        }
    }

    #[test]
    fn art_7_5_progressive_scores_weight_early_rounds(t in tournament_strategy()) {
        let calculator = Calculator::new(&t, true);
        let rounds = calculator.record.rounds as i64;
        for (p, player) in calculator.record.players.iter().enumerate() {
            let expected: i64 = player
                .rounds
                .iter()
                .enumerate()
                .map(|(r, round)| (rounds - r as i64) * i64::from(round.points.0))
                .sum();
            prop_assert_eq!(value(&calculator, p, "PS"), Value::tenths(expected));
        }
    }

    #[test]
    fn art_9_1_sonneborn_berger_at_most_buchholz(t in tournament_strategy()) {
        let calculator = Calculator::new(&t, true);
        for (p, player) in calculator.record.players.iter().enumerate() {
            let sb = value(&calculator, p, "SB");
            let bh = value(&calculator, p, "BH");
            prop_assert!(sb <= bh);
            if player.rounds.iter().all(|r| r.result == GameResult::Win) {
                prop_assert_eq!(sb, bh);
            }
        }
    }

    #[test]
    fn art_4_2_standings_are_ordered_by_points(t in tournament_strategy()) {
        let settings = TieBreakSettings {
            list: TieBreak::parse_list("DE,SB,WIN,KS").expect("list"),
            swiss: false,
            lots: Lots::Draw { seed: 3 },
        };
        let standings = rank(&t, &settings);
        prop_assert_eq!(standings.rows.len(), t.players.len());
        for pair in standings.rows.windows(2) {
            prop_assert!(pair[0].points >= pair[1].points);
            prop_assert!(pair[0].rank < pair[1].rank);
        }
        let mut starts: Vec<u32> = standings.rows.iter().map(|r| r.player.0).collect();
        starts.sort_unstable();
        prop_assert_eq!(starts, (1..=t.players.len() as u32).collect::<Vec<_>>());
    }
}
