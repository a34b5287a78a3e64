//! Tie-breaks on the participant's own record (C.07 Art. 7, 10.6), one element per round.
//!
//! - 7.1 WIN: rounds in which the participant obtained, with or without playing, the points of
//!   a win.
//! - 7.2 WON, 7.3 BPG, 7.4 BWG: games won / played with black / won with black over the
//!   board. In a round robin (Art. 15.2) a forfeit win counts as a game won; a forfeit loss
//!   stays unplayed.
//! - 7.5 PS: the sum of the scores after each round (Cut-1 removes the first round's).
//! - 7.6 REP: the rounds minus half-point byes, zero-point byes and forfeit losses.
//! - 7.7 STD: 1 for each round where the participant scored more than the scheduled opponent
//!   (or, without playing, more than a draw), ½ where equal.
//! - 7.8 TPN, 10.6 RTNG: the pairing number and the rating.

use crate::tournament::model::{Color, GameResult};
use crate::tournament::tiebreak::cut::{Element, Source};
use crate::tournament::tiebreak::unplayed::{Category, Record, Round};

fn per_round(record: &Record, player: usize, value: impl Fn(usize, &Round) -> i64) -> Vec<Element> {
    record.players[player]
        .rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            let v = value(r, round);
            Element {
                round: r as u32 + 1,
                opponent: round.opponent.map(|o| o as u32 + 1),
                key: v,
                value: v,
                voluntary: false,
                source: Source::Own,
                cut: false,
            }
        })
        .collect()
}

/// A game that counts as played for Type B tie-breaks: over the board, or (round robin,
/// Art. 15.2) a forfeit win against the scheduled opponent.
fn counts_as_game(round: &Round, swiss: bool) -> bool {
    round.is_played() || (!swiss && round.unplayed == Some(Category::ForfeitWin))
}

fn is_win(round: &Round) -> bool {
    matches!(
        round.result,
        GameResult::Win | GameResult::UnratedWin | GameResult::ForfeitWin
    )
}

/// Art. 7.1 WIN.
pub fn wins(record: &Record, player: usize) -> Vec<Element> {
    let win = record.points.win;
    per_round(record, player, |_, round| i64::from(round.points == win))
}

/// Art. 7.2 WON.
pub fn games_won(record: &Record, player: usize, swiss: bool) -> Vec<Element> {
    per_round(record, player, |_, round| {
        i64::from(counts_as_game(round, swiss) && is_win(round))
    })
}

/// Art. 7.3 BPG.
pub fn games_with_black(record: &Record, player: usize, swiss: bool) -> Vec<Element> {
    per_round(record, player, |_, round| {
        i64::from(counts_as_game(round, swiss) && round.color == Some(Color::Black))
    })
}

/// Art. 7.4 BWG.
pub fn wins_with_black(record: &Record, player: usize, swiss: bool) -> Vec<Element> {
    per_round(record, player, |_, round| {
        i64::from(
            counts_as_game(round, swiss) && round.color == Some(Color::Black) && is_win(round),
        )
    })
}

/// Art. 7.5 PS: the score after each round, in tenths; significance is the round, so Cut-1
/// removes the first round's score.
pub fn progressive_scores(record: &Record, player: usize) -> Vec<Element> {
    let rounds = &record.players[player].rounds;
    let mut running = 0i64;
    rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            running += i64::from(round.points.0);
            Element {
                round: r as u32 + 1,
                opponent: round.opponent.map(|o| o as u32 + 1),
                key: r as i64,
                value: running,
                voluntary: false,
                source: Source::Own,
                cut: false,
            }
        })
        .collect()
}

/// Art. 7.6 REP: 1 per round unless it is a half-point bye, a zero-point bye (any round after
/// a withdrawal included) or a forfeit loss.
pub fn rounds_elected_to_play(record: &Record, player: usize) -> Vec<Element> {
    per_round(record, player, |_, round| {
        i64::from(!matches!(
            round.unplayed,
            Some(
                Category::RequestedByeThenPlay
                    | Category::RequestedByeAtEnd
                    | Category::ForfeitLoss
            )
        ))
    })
}

/// Art. 7.7 STD, in half points: 2 when the participant scored more than the scheduled
/// opponent (or more than a draw without one), 1 when equal.
pub fn standard_points(record: &Record, player: usize) -> Vec<Element> {
    per_round(record, player, |r, round| {
        let other = match round.opponent {
            Some(opponent) => record.players[opponent].rounds[r].points,
            None => record.points.draw,
        };
        match round.points.cmp(&other) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        }
    })
}

/// Art. 7.8 TPN: the pairing number.
pub fn pairing_number(player: usize) -> Vec<Element> {
    vec![whole(player as i64 + 1)]
}

/// Art. 10.6 RTNG: the rating.
pub fn rating(record: &Record, player: usize) -> Vec<Element> {
    vec![whole(i64::from(record.players[player].rating))]
}

fn whole(value: i64) -> Element {
    Element {
        round: 0,
        opponent: None,
        key: value,
        value,
        voluntary: false,
        source: Source::Whole,
        cut: false,
    }
}
