//! Standings, the round-robin crosstable and the crosstable symbols.
//!
//! Points are counted with the tournament's announced point system (FIDE Laws Art. 10.1/10.2,
//! [`PointSystem::score`](crate::tournament::scoring::PointSystem::score), [`points_after`]).
//! The ranking is [`ranked`]: points, then each tie-break of the C.07 list on the groups still
//! tied (C.07 Art. 2: the tie-breaks announced beforehand, applied in sequence), then drawing
//! of lots or shared places (C.07 Art. 4.2), computed by [`crate::tournament::tiebreak`]. The
//! command line, the printed standings and crosstables and the web pages all rank through it;
//! the [`crosstable`] only places the results and the points, its ranks come from [`ranked`].
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

use crate::tournament::model::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};
use crate::tournament::scoring::Points;

/// The standings after `after_round` ranked by a C.07 tie-break list (C.07 Art. 4.2).
pub fn ranked(
    tournament: &Tournament,
    after_round: u32,
    settings: &crate::tournament::tiebreak::TieBreakSettings,
) -> crate::tournament::tiebreak::Standings {
    crate::tournament::tiebreak::rank::rank_after(tournament, settings, after_round)
}

/// A player's points after `after_round` rounds (all rounds when it exceeds those recorded).
pub fn points_after(tournament: &Tournament, player: &Player, after_round: u32) -> Points {
    player
        .rounds
        .iter()
        .take(after_round as usize)
        .map(|entry| tournament.points.score(entry.result))
        .sum::<Points>()
        + tournament.adjustment(player.id, after_round)
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
    /// Points after the rounds of the crosstable.
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

/// Builds the crosstable after `after_round` rounds (the places are [`ranked`]'s).
pub fn crosstable(tournament: &Tournament, after_round: u32) -> Crosstable {
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
            CrosstableRow {
                player: player.id,
                points: points_after(tournament, player, after_round),
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

    /// Every player's points after `after_round` rounds, by starting number.
    fn points(t: &Tournament, after_round: u32) -> Vec<Points> {
        t.players
            .iter()
            .map(|player| points_after(t, player, after_round))
            .collect()
    }

    #[test]
    fn art_10_1_points_after_each_round() {
        let t = four_players(PointSystem::default());
        // 1: ½+0+½; 2: 1+1+1 (the last a forfeit win); 3: 0+1+½; 4: ½+0+0 (a forfeit loss).
        assert_eq!(
            points(&t, 3),
            [Points(10), Points(30), Points(15), Points(5)]
        );
        assert_eq!(points(&t, 1), [Points(5), Points(10), Points(0), Points(5)]);
        assert_eq!(points(&t, 0), [Points::ZERO; 4]);
        // More rounds than recorded: all of them.
        assert_eq!(points(&t, 9), points(&t, 3));
    }

    #[test]
    fn art_10_1_three_one_zero_changes_the_points() {
        let t = four_players(PointSystem::three_one_zero());
        assert_eq!(
            points(&t, 3),
            [Points(20), Points(90), Points(40), Points(10)]
        );
    }

    #[test]
    fn crosstable_places_results_against_opponents() {
        let t = four_players(PointSystem::default());
        let table = crosstable(&t, 3);
        let row1 = &table.rows[0];
        assert!(row1.against[0].is_empty());
        assert_eq!(row1.against[1][0].result, GameResult::Loss);
        assert_eq!(row1.against[2][0].result, GameResult::Draw);
        assert_eq!(row1.against[2][0].color, Some(Color::Black));
        assert_eq!(row1.against[3][0].round, 1);
        assert_eq!(row1.points, Points(10));
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
