//! Tie-breaks built on the opponents' results (C.07 Art. 8, 9), with unplayed rounds managed
//! as Art. 16 says for Swiss tournaments and Art. 15.2 for pre-determined pairings.
//!
//! - Art. 8.1 Buchholz: the sum of the opponents' scores. In a Swiss (Art. 16) an opponent's
//!   score is their adjusted score (16.3); each of the player's own unplayed rounds adds a dummy
//!   opponent's score (16.4). In a round robin (Art. 15.2) forfeits count as games against the
//!   scheduled opponent and scores are not adjusted.
//! - Art. 8.2 AOB: the average of the Buchholz of the opponents played over the board.
//! - Art. 8.3 Fore Buchholz: Buchholz with every last-round game drawn (the record comes from
//!   [`crate::tournament::tiebreak::Record::fore`]).
//! - Art. 9.1 Sonneborn-Berger: for each round, the opponent's score times the points scored
//!   against them (the dummy's score times the points awarded for unplayed rounds).
//! - Art. 9.2 Koya: the points scored against participants with at least 50 % of the maximum
//!   score (Art. 14.5: the limit moved by half points).

use crate::tournament::scoring::Points;
use crate::tournament::tiebreak::cut::{Element, Source};
use crate::tournament::tiebreak::unplayed::{Category, Record};

/// The score an opponent shows: adjusted (Art. 16.3) in a Swiss, real otherwise.
fn shown_score(record: &Record, opponent: usize, swiss: bool) -> (Points, Option<Points>) {
    let player = &record.players[opponent];
    if swiss && player.adjusted != player.score {
        (player.adjusted, Some(player.score))
    } else {
        (player.score, None)
    }
}

/// Per round: the opponent's score (or the dummy's) and the points the player scored.
fn opponent_rounds(
    record: &Record,
    player: usize,
    swiss: bool,
) -> impl Iterator<Item = (usize, Option<usize>, Points, Points, Source, bool)> + '_ {
    let own = &record.players[player];
    own.rounds.iter().enumerate().map(move |(r, round)| {
        let forfeit_as_game = !swiss
            && matches!(
                round.unplayed,
                Some(Category::ForfeitWin | Category::ForfeitLoss)
            )
            && round.opponent.is_some();
        match (round.unplayed, round.opponent) {
            (None, Some(opponent)) => {
                let (score, real) = shown_score(record, opponent, swiss);
                let source = Source::Played { real_score: real };
                (r, Some(opponent), score, round.points, source, false)
            }
            (_, Some(opponent)) if forfeit_as_game => {
                let (score, real) = shown_score(record, opponent, swiss);
                let source = Source::Played { real_score: real };
                (r, Some(opponent), score, round.points, source, false)
            }
            (category, opponent) => {
                let category = category.unwrap_or(Category::AllocatedOrFullBye);
                let dummy = record.dummy_score(player, r).unwrap_or(Points::ZERO);
                let cap = match (category, opponent) {
                    (Category::ForfeitWin | Category::ForfeitLoss, Some(o)) => {
                        record.players[o].adjusted
                    }
                    _ => Points(record.points.draw.0 * record.rounds as i32),
                };
                let source = Source::Dummy {
                    category,
                    own: own.score,
                    cap,
                };
                (
                    r,
                    opponent,
                    dummy,
                    round.points,
                    source,
                    category.is_voluntary(),
                )
            }
        }
    })
}

fn starting_number(index: Option<usize>) -> Option<u32> {
    index.map(|i| i as u32 + 1)
}

/// Buchholz elements (Art. 8.1, 16): one per round, the opponent's (or dummy's) score in
/// tenths.
pub fn buchholz_elements(record: &Record, player: usize, swiss: bool) -> Vec<Element> {
    opponent_rounds(record, player, swiss)
        .map(|(r, opponent, score, _, source, voluntary)| Element {
            round: r as u32 + 1,
            opponent: starting_number(opponent),
            key: i64::from(score.0),
            value: i64::from(score.0),
            voluntary,
            source,
            cut: false,
        })
        .collect()
}

/// Sonneborn-Berger elements (Art. 9.1, 16): opponent's score × points scored, in hundredths;
/// significance is the opponent's score, then the product (Art. 14.1.1 d).
pub fn sonneborn_berger_elements(record: &Record, player: usize, swiss: bool) -> Vec<Element> {
    opponent_rounds(record, player, swiss)
        .map(|(r, opponent, score, scored, source, voluntary)| {
            let product = i64::from(score.0) * i64::from(scored.0);
            Element {
                round: r as u32 + 1,
                opponent: starting_number(opponent),
                key: i64::from(score.0),
                value: product,
                voluntary,
                source,
                cut: false,
            }
        })
        .collect()
}

/// One element per opponent played over the board, valued by `values[opponent]` (AOB: the
/// opponents' Buchholz in tenths).
pub fn opponents_values(record: &Record, player: usize, values: &[i64]) -> Vec<Element> {
    record.players[player]
        .rounds
        .iter()
        .enumerate()
        .filter_map(|(r, round)| {
            let opponent = round.opponent.filter(|_| round.is_played())?;
            Some(Element {
                round: r as u32 + 1,
                opponent: starting_number(Some(opponent)),
                key: values[opponent],
                value: values[opponent],
                voluntary: false,
                source: Source::Played { real_score: None },
                cut: false,
            })
        })
        .collect()
}

/// Koya elements (Art. 9.2, 14.5): the points scored in each round against an opponent whose
/// score is at least 50 % of the maximum (win × rounds), the limit moved by `limit` tenths.
/// Forfeits count as encounters (round robins treat them as games, Art. 15.2).
pub fn koya_elements(record: &Record, player: usize, limit: i32) -> Vec<Element> {
    let maximum = record.points.win.0 * record.rounds as i32;
    record.players[player]
        .rounds
        .iter()
        .enumerate()
        .filter_map(|(r, round)| {
            let opponent = round.opponent?;
            let score = record.players[opponent].score;
            // score ≥ maximum / 2 + limit, kept in whole tenths.
            if 2 * score.0 < maximum + 2 * limit {
                return None;
            }
            Some(Element {
                round: r as u32 + 1,
                opponent: starting_number(Some(opponent)),
                key: i64::from(round.points.0),
                value: i64::from(round.points.0),
                voluntary: false,
                source: Source::Played { real_score: None },
                cut: false,
            })
        })
        .collect()
}
