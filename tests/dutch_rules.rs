//! Golden tests of the Dutch engine named after the rule they exercise (C.04.1, C.04.3, C.04.7).

use arbiter::pairing::dutch::{self, PairingError};
use arbiter::tournament::{
    Acceleration, Color, ForbiddenPairs, GameResult, Player, PlayerId, Points, RoundEntry,
    Tournament,
};

fn tournament(players: u32, rounds: u32) -> Tournament {
    let mut t = Tournament {
        name: "Rules".into(),
        total_rounds: rounds,
        players: (1..=players)
            .map(|i| Player {
                id: PlayerId(i),
                name: format!("P{i}"),
                rating: (3000 - i * 10) as u16,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    t.setup.initial_color = Some(Color::White);
    t
}

fn game(t: &mut Tournament, white: u32, black: u32, result: GameResult) {
    let mirrored = result.mirrored().expect("a game result");
    for (id, opponent, colour, r) in [
        (white, black, Color::White, result),
        (black, white, Color::Black, mirrored),
    ] {
        t.players[id as usize - 1].rounds.push(RoundEntry {
            opponent: Some(PlayerId(opponent)),
            color: Some(colour),
            result: r,
        });
    }
}

fn bye(t: &mut Tournament, id: u32, result: GameResult) {
    t.players[id as usize - 1].rounds.push(RoundEntry {
        opponent: None,
        color: None,
        result,
    });
}

fn pairs(t: &Tournament) -> Vec<(u32, u32)> {
    let boards = dutch::pair(t).expect("a pairing exists");
    boards
        .iter()
        .map(|board| (board.white.0, board.black.map_or(0, |black| black.0)))
        .collect()
}

fn met(list: &[(u32, u32)], a: u32, b: u32) -> bool {
    list.iter()
        .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
}

#[test]
fn dutch_round_one_top_half_meets_bottom_half_colours_alternate() {
    let t = tournament(8, 5);
    assert_eq!(pairs(&t), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
}

#[test]
fn dutch_c5_bye_to_lowest_ranked_in_round_one() {
    let t = tournament(5, 5);
    let p = pairs(&t);
    assert!(p.contains(&(5, 0)), "{p:?}");
    assert_eq!(p.len(), 3);
}

#[test]
fn dutch_c1_no_rematch() {
    let mut t = tournament(4, 3);
    game(&mut t, 1, 3, GameResult::Draw);
    game(&mut t, 4, 2, GameResult::Draw);
    let p = pairs(&t);
    assert!(!met(&p, 1, 3) && !met(&p, 2, 4), "{p:?}");
}

#[test]
fn c04_1_no_second_pairing_allocated_bye() {
    let mut t = tournament(3, 3);
    game(&mut t, 1, 2, GameResult::Win);
    bye(&mut t, 3, GameResult::PairingAllocatedBye);
    let p = pairs(&t);
    assert!(!p.contains(&(3, 0)), "{p:?}");
}

#[test]
fn dutch_c1_impossible_pairing_is_reported() {
    let mut t = tournament(2, 3);
    game(&mut t, 1, 2, GameResult::Win);
    assert_eq!(dutch::pair(&t), Err(PairingError::NoValidPairing));
}

#[test]
fn dutch_c3_absolute_colour_preferences_do_not_meet() {
    // 1 and 2 both had Black twice: both must have White, so they cannot meet (not the last
    // round). 3 and 4 both had White twice.
    let mut t = tournament(4, 5);
    game(&mut t, 3, 1, GameResult::Draw);
    game(&mut t, 4, 2, GameResult::Draw);
    game(&mut t, 3, 2, GameResult::Draw);
    game(&mut t, 4, 1, GameResult::Draw);
    // 1-2 and 3-4 would break C3; every other pair is a rematch (C1).
    assert_eq!(dutch::pair(&t), Err(PairingError::NoValidPairing));
}

#[test]
fn dutch_forbidden_pair_is_not_paired() {
    let mut t = tournament(4, 3);
    t.setup.forbidden_pairs.push(ForbiddenPairs {
        first_round: 1,
        last_round: 1,
        players: vec![PlayerId(1), PlayerId(3)],
    });
    let p = pairs(&t);
    assert!(!met(&p, 1, 3), "{p:?}");
    assert_eq!(p.len(), 2);
}

#[test]
fn baku_acceleration_splits_round_one() {
    let mut t = tournament(8, 9);
    for player in 1..=4 {
        t.setup.accelerations.push(Acceleration {
            player: PlayerId(player),
            round: 1,
            points: Points::ONE,
        });
    }
    let p = pairs(&t);
    for (a, b) in [(1, 3), (2, 4), (5, 7), (6, 8)] {
        assert!(met(&p, a, b), "{p:?}");
    }
}

#[test]
fn c04_2_absent_players_are_not_paired() {
    let mut t = tournament(5, 3);
    bye(&mut t, 2, GameResult::HalfPointBye);
    let p = pairs(&t);
    assert!(p.iter().all(|&(a, b)| a != 2 && b != 2), "{p:?}");
    assert_eq!(p.len(), 2);
}

/// Round 1 of four players recorded from boards with `result` on both boards (1–3, 2–4, the
/// higher-ranked with White).
fn round_one_boards(result: arbiter::tournament::result::BoardResult) -> Tournament {
    use arbiter::tournament::board::{Board, record_round};
    let mut t = tournament(4, 3);
    let boards = [
        Board {
            result: Some(result),
            ..Board::game(1, PlayerId(1), PlayerId(3))
        },
        Board {
            result: Some(result),
            ..Board::game(2, PlayerId(2), PlayerId(4))
        },
    ];
    record_round(&mut t, 1, &boards);
    t
}

#[test]
fn art_12_9_penalty_zero_zero_pairs_as_a_played_game_c1_no_rematch_colours_count() {
    use arbiter::tournament::result::{BoardResult, PenaltyScore};
    let penalty = round_one_boards(BoardResult::Penalty {
        score: PenaltyScore::BothZero,
        rated: true,
    });
    // Everyone on 0 points; the players have met (C1) and had their colours: 1 and 2 had
    // White, so they get Black against the opponents they have not met.
    let after_penalty = pairs(&penalty);
    assert!(!met(&after_penalty, 1, 3) && !met(&after_penalty, 2, 4));
    assert_eq!(
        {
            let mut sorted = after_penalty.clone();
            sorted.sort_unstable();
            sorted
        },
        vec![(3, 2), (4, 1)]
    );
    // The same boards lost by both players without playing (-/-): they have not met, and the
    // engine may pair them again — the penalty is not a forfeit.
    let forfeits = round_one_boards(BoardResult::DoubleForfeit);
    assert_ne!(pairs(&forfeits), after_penalty);
}
