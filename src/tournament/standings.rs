//! Standings and the round-robin crosstable.
//!
//! Points are counted with the tournament's announced point system (FIDE Laws Art. 10.1/10.2,
//! [`PointSystem::score`](crate::tournament::scoring::PointSystem::score)). The order is: points,
//! then each tie-break in the order given (C.07 Art. 2: the tie-breaks announced beforehand,
//! applied in sequence), then the starting rank (C.04.2 Art. 2.3), which makes the order total.
//! Until tie-breaks are chosen the list is simply points, then starting rank.
//!
//! With a C.07 tie-break list the ranking is [`ranked`] (points, then each tie-break on the
//! groups still tied, then drawing of lots or shared places, C.07 Art. 4.2), computed by
//! [`crate::tournament::tiebreak`]: the command line, the printed standings and the web pages
//! all rank through it.
//!
//! The crosstable symbols, one set for the web pages (crosstable, wallchart, player card) and
//! the printed crosstable and wallchart ([`result_symbol`], [`wallchart_cell`]):
//!
//! | result | symbol |
//! |---|---|
//! | win, draw, loss (rated or not) | `1`, `½`, `0` |
//! | win, loss by forfeit (Art. 6.7.1) | `+`, `−` (U+2212 minus, as wide as `+`) |
//! | pairing-allocated bye (C.04.1 c), full-point bye, half-point bye (C.04.2 Art. 3.3) | `U`, `F`, `H` |
//! | zero-point bye, absence, withdrawal, round before a late entry | `Z` |
//!
//! Byes show their TRF letter, never their points: what a bye is worth depends on the
//! tournament's point system (Art. 10.1; a pairing-allocated bye may score a win or a draw), and
//! the points column already counts it. A wallchart cell is the opponent's starting number, the
//! colour letter and the symbol (`12w½`); a round without an opponent is the symbol alone.

use std::cmp::Ordering;

use crate::tournament::model::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};
use crate::tournament::scoring::Points;

/// One ordering key after points: a value for a player (higher is better) computed from the
/// tournament as it stood after a given round.
pub trait RankingKey {
    /// A short label for headings (e.g. `BH-C1`).
    fn label(&self) -> String;
    /// The player's value after `after_round` rounds; compared higher-first.
    fn value(&self, tournament: &Tournament, player: PlayerId, after_round: u32) -> i64;
}

/// The standings after `after_round` ranked by a C.07 tie-break list (C.07 Art. 4.2).
pub fn ranked(
    tournament: &Tournament,
    after_round: u32,
    settings: &crate::tournament::tiebreak::TieBreakSettings,
) -> crate::tournament::tiebreak::Standings {
    crate::tournament::tiebreak::rank::rank_after(tournament, settings, after_round)
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsRow {
    /// Place, 1-based.
    pub rank: u32,
    /// The player (starting number).
    pub player: PlayerId,
    /// Points after the round the standings are for.
    pub points: Points,
    /// The values of the ranking keys after points, in the order the keys were given.
    pub tie_breaks: Vec<i64>,
    /// Games played over the board so far.
    pub games_played: u32,
}

/// A player's points after `after_round` rounds (all rounds when it exceeds those recorded).
pub fn points_after(tournament: &Tournament, player: &Player, after_round: u32) -> Points {
    player
        .rounds
        .iter()
        .take(after_round as usize)
        .map(|entry| tournament.points.score(entry.result))
        .sum()
}

/// The standings after `after_round` rounds, ordered by points, then by `keys` in order, then
/// by starting rank.
pub fn standings(
    tournament: &Tournament,
    after_round: u32,
    keys: &[&dyn RankingKey],
) -> Vec<StandingsRow> {
    let mut rows: Vec<StandingsRow> = tournament
        .players
        .iter()
        .map(|player| StandingsRow {
            rank: 0,
            player: player.id,
            points: points_after(tournament, player, after_round),
            tie_breaks: keys
                .iter()
                .map(|key| key.value(tournament, player.id, after_round))
                .collect(),
            games_played: player
                .rounds
                .iter()
                .take(after_round as usize)
                .filter(|entry| entry.result.is_played())
                .count() as u32,
        })
        .collect();
    rows.sort_by(compare_rows);
    for (index, row) in rows.iter_mut().enumerate() {
        row.rank = index as u32 + 1;
    }
    rows
}

/// Points (higher first), tie-breaks (higher first), starting rank (lower first).
fn compare_rows(a: &StandingsRow, b: &StandingsRow) -> Ordering {
    b.points
        .cmp(&a.points)
        .then_with(|| b.tie_breaks.cmp(&a.tie_breaks))
        .then_with(|| a.player.cmp(&b.player))
}

/// One game (or bye) seen from a player's row of the crosstable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrossEntry {
    /// The round, 1-based.
    pub round: u32,
    /// The player's colour, if a game was assigned.
    pub color: Option<Color>,
    /// The player's result.
    pub result: GameResult,
}

/// A player's row of the crosstable, in starting-rank order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrosstableRow {
    /// The player.
    pub player: PlayerId,
    /// Place in the standings.
    pub rank: u32,
    /// Points.
    pub points: Points,
    /// Index `j` holds the games against starting number `j + 1` (two in a double round
    /// robin), in round order; empty on the diagonal and for opponents not met yet.
    pub against: Vec<Vec<CrossEntry>>,
    /// Rounds without an opponent (byes).
    pub byes: Vec<CrossEntry>,
}

/// The round-robin crosstable: one row per player in starting-rank order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    /// The rows, row `i` for starting number `i + 1`.
    pub rows: Vec<CrosstableRow>,
}

/// Builds the crosstable after `after_round` rounds; ranks come from [`standings`] with `keys`.
pub fn crosstable(
    tournament: &Tournament,
    after_round: u32,
    keys: &[&dyn RankingKey],
) -> Crosstable {
    let ranking = standings(tournament, after_round, keys);
    let size = tournament.players.len();
    let rows = tournament
        .players
        .iter()
        .map(|player| {
            let mut against = vec![Vec::new(); size];
            let mut byes = Vec::new();
            for (index, entry) in player.rounds.iter().take(after_round as usize).enumerate() {
                let cross = CrossEntry {
                    round: index as u32 + 1,
                    color: entry.color,
                    result: entry.result,
                };
                let slot = entry
                    .opponent
                    .and_then(|opponent| usize::try_from(opponent.0).ok())
                    .and_then(|number| number.checked_sub(1))
                    .filter(|&slot| slot < size);
                match slot {
                    Some(slot) => against[slot].push(cross),
                    None => byes.push(cross),
                }
            }
            let line = ranking.iter().find(|row| row.player == player.id);
            CrosstableRow {
                player: player.id,
                rank: line.map_or(0, |row| row.rank),
                points: line.map_or(Points::ZERO, |row| row.points),
                against,
                byes,
            }
        })
        .collect();
    Crosstable { rows }
}

/// The crosstable symbol of a result (the set in the module documentation): `1`, `½`, `0`
/// for games, `+`, `−` for forfeits, the TRF letter `U`, `F`, `H`, `Z` for byes.
pub fn result_symbol(result: GameResult) -> &'static str {
    match result {
        GameResult::Win | GameResult::UnratedWin => "1",
        GameResult::Draw | GameResult::UnratedDraw => "½",
        GameResult::Loss | GameResult::UnratedLoss => "0",
        GameResult::ForfeitWin => "+",
        GameResult::ForfeitLoss => "−",
        GameResult::PairingAllocatedBye => "U",
        GameResult::FullPointBye => "F",
        GameResult::HalfPointBye => "H",
        GameResult::ZeroPointBye => "Z",
    }
}

/// A wallchart cell: opponent's starting number, colour letter (`white` or `black`, in the
/// reader's language) and [`result_symbol`] (`12w1`, `7b½`, `3w+`); a round without an
/// opponent is its symbol alone (`U`, `H`, `Z`).
pub fn wallchart_cell(entry: &RoundEntry, white: &str, black: &str) -> String {
    let symbol = result_symbol(entry.result);
    match entry.opponent {
        Some(opponent) => {
            let colour = match entry.color {
                Some(Color::White) => white,
                Some(Color::Black) => black,
                None => "",
            };
            format!("{}{colour}{symbol}", opponent.0)
        }
        None => symbol.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::scoring::PointSystem;

    /// Four players, three rounds of the Berger table for 4:
    /// R1 1-4 ½, 2-3 1-0; R2 4-3 0-1, 1-2 0-1; R3 2-4 +/-, 3-1 ½.
    fn four_players(points: PointSystem) -> Tournament {
        use GameResult::*;
        let games: [(u32, u32, GameResult); 6] = [
            (1, 4, Draw),
            (2, 3, Win),
            (4, 3, Loss),
            (1, 2, Loss),
            (2, 4, ForfeitWin),
            (3, 1, Draw),
        ];
        let mut players: Vec<Player> = (1..=4)
            .map(|n| Player {
                id: PlayerId(n),
                name: format!("Player {n}"),
                ..Player::default()
            })
            .collect();
        for (white, black, result) in games {
            players[white as usize - 1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(black)),
                color: Some(Color::White),
                result,
            });
            players[black as usize - 1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(white)),
                color: Some(Color::Black),
                result: result.mirrored().expect("a game"),
            });
        }
        Tournament {
            name: "Test".into(),
            total_rounds: 3,
            players,
            points,
            ..Tournament::default()
        }
    }

    #[test]
    fn art_10_1_points_then_starting_rank() {
        let t = four_players(PointSystem::default());
        let rows = standings(&t, 3, &[]);
        let order: Vec<(u32, Points)> = rows.iter().map(|r| (r.player.0, r.points)).collect();
        // 2: 1+1+1 = 3; 3: 0+1+½ = 1.5; 1: ½+0+½ = 1; 4: ½+0+0 = 0.5.
        assert_eq!(
            order,
            [
                (2, Points(30)),
                (3, Points(15)),
                (1, Points(10)),
                (4, Points(5))
            ]
        );
        assert_eq!(rows[3].games_played, 2);
    }

    #[test]
    fn equal_points_fall_back_to_starting_rank() {
        let t = four_players(PointSystem::default());
        // After round 1: 2 has 1, then 1 and 4 both ½ (1 first: lower starting rank), 3 has 0.
        let rows = standings(&t, 1, &[]);
        let order: Vec<u32> = rows.iter().map(|r| r.player.0).collect();
        assert_eq!(order, [2, 1, 4, 3]);
        assert_eq!(rows[1].rank, 2);
        assert_eq!(rows[2].rank, 3);
    }

    #[test]
    fn art_10_1_three_one_zero_changes_the_order() {
        let t = four_players(PointSystem::three_one_zero());
        let rows = standings(&t, 3, &[]);
        // 3: 0+3+1 = 4; 1: 1+0+1 = 2; 4: 1+0+0 = 1.
        assert_eq!(rows[1].player, PlayerId(3));
        assert_eq!(rows[1].points, Points(40));
        assert_eq!(rows[2].points, Points(20));
    }

    struct Reverse;
    impl RankingKey for Reverse {
        fn label(&self) -> String {
            "reverse".into()
        }
        fn value(&self, _: &Tournament, player: PlayerId, _: u32) -> i64 {
            i64::from(player.0)
        }
    }

    #[test]
    fn tie_break_keys_come_before_starting_rank() {
        let t = four_players(PointSystem::default());
        let rows = standings(&t, 1, &[&Reverse]);
        let order: Vec<u32> = rows.iter().map(|r| r.player.0).collect();
        assert_eq!(order, [2, 4, 1, 3]);
        assert_eq!(rows[1].tie_breaks, [4]);
    }

    #[test]
    fn crosstable_places_results_against_opponents() {
        let t = four_players(PointSystem::default());
        let table = crosstable(&t, 3, &[]);
        let row1 = &table.rows[0];
        assert!(row1.against[0].is_empty());
        assert_eq!(row1.against[1][0].result, GameResult::Loss);
        assert_eq!(row1.against[2][0].result, GameResult::Draw);
        assert_eq!(row1.against[2][0].color, Some(Color::Black));
        assert_eq!(row1.against[3][0].round, 1);
        assert_eq!(row1.rank, 3);
        assert_eq!(table.rows[3].against[1][0].result, GameResult::ForfeitLoss);
        assert_eq!(result_symbol(table.rows[1].against[3][0].result), "+");
    }

    #[test]
    fn one_symbol_per_result_whatever_the_point_system() {
        use GameResult::*;
        let symbols: Vec<&str> = [
            Win,
            UnratedWin,
            Draw,
            UnratedDraw,
            Loss,
            UnratedLoss,
            ForfeitWin,
            ForfeitLoss,
            PairingAllocatedBye,
            FullPointBye,
            HalfPointBye,
            ZeroPointBye,
        ]
        .into_iter()
        .map(result_symbol)
        .collect();
        assert_eq!(
            symbols,
            ["1", "1", "½", "½", "0", "0", "+", "−", "U", "F", "H", "Z"]
        );
    }

    #[test]
    fn wallchart_cells_show_opponent_colour_and_result() {
        let game = RoundEntry {
            opponent: Some(PlayerId(12)),
            color: Some(Color::White),
            result: GameResult::Draw,
        };
        assert_eq!(wallchart_cell(&game, "w", "b"), "12w½");
        let forfeit = RoundEntry {
            opponent: Some(PlayerId(3)),
            color: Some(Color::Black),
            result: GameResult::ForfeitLoss,
        };
        assert_eq!(wallchart_cell(&forfeit, "w", "b"), "3b−");
        let bye = RoundEntry {
            opponent: None,
            color: None,
            result: GameResult::PairingAllocatedBye,
        };
        assert_eq!(wallchart_cell(&bye, "w", "b"), "U");
        let absent = RoundEntry {
            result: GameResult::ZeroPointBye,
            ..bye
        };
        assert_eq!(wallchart_cell(&absent, "w", "b"), "Z");
    }
}
