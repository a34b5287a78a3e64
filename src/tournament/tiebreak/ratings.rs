//! Rating-based tie-breaks (C.07 Art. 10) on the B.02 tables.
//!
//! Only games played over the board count (forfeits stay unplayed, Art. 15.2). Art. 10 says
//! these tie-breaks are dropped when unrated players are present unless the tournament's rules
//! say how to handle them; our rule, stated here: ARO, TPR and PTP use only the games against
//! rated opponents (rating > 0); APRO and APPO average the TPR / PTP of every opponent played
//! over the board that has one.

use crate::tournament::model::GameResult;
use crate::tournament::rating::{self, GameScore, RatedGame};
use crate::tournament::tiebreak::cut::{Element, Source};
use crate::tournament::tiebreak::unplayed::Record;

/// The games `player` played over the board against rated opponents.
pub fn rated_games(record: &Record, player: usize) -> Vec<RatedGame> {
    record.players[player]
        .rounds
        .iter()
        .filter(|round| round.is_played())
        .filter_map(|round| {
            let opponent = &record.players[round.opponent?];
            if opponent.rating <= 0 {
                return None;
            }
            let score = match round.result {
                GameResult::Win | GameResult::UnratedWin => GameScore::Win,
                GameResult::Draw | GameResult::UnratedDraw => GameScore::Draw,
                _ => GameScore::Loss,
            };
            Some(RatedGame::new(opponent.rating, score))
        })
        .collect()
}

/// One element per rated opponent played over the board, valued by their rating (ARO;
/// the working of TPR and PTP).
pub fn rated_opponents(record: &Record, player: usize) -> Vec<Element> {
    record.players[player]
        .rounds
        .iter()
        .enumerate()
        .filter(|(_, round)| round.is_played())
        .filter_map(|(r, round)| {
            let opponent = round.opponent?;
            let rating = record.players[opponent].rating;
            (rating > 0).then_some(Element {
                round: r as u32 + 1,
                opponent: Some(opponent as u32 + 1),
                key: i64::from(rating),
                value: i64::from(rating),
                voluntary: false,
                source: Source::Played { real_score: None },
                cut: false,
            })
        })
        .collect()
}

/// One element per opponent played over the board whose `values` entry exists (APRO, APPO).
pub fn opponents_ratings(record: &Record, player: usize, values: &[Option<i32>]) -> Vec<Element> {
    record.players[player]
        .rounds
        .iter()
        .enumerate()
        .filter(|(_, round)| round.is_played())
        .filter_map(|(r, round)| {
            let opponent = round.opponent?;
            let value = i64::from(values[opponent]?);
            Some(Element {
                round: r as u32 + 1,
                opponent: Some(opponent as u32 + 1),
                key: value,
                value,
                voluntary: false,
                source: Source::Played { real_score: None },
                cut: false,
            })
        })
        .collect()
}

/// Art. 10.2 TPR of `player`.
pub fn performance(record: &Record, player: usize) -> Option<i32> {
    rating::performance_rating(&rated_games(record, player))
}

/// Art. 10.3 PTP of `player`.
pub fn perfect(record: &Record, player: usize) -> Option<i32> {
    rating::perfect_performance(&rated_games(record, player))
}
