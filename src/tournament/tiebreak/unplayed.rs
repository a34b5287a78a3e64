//! Unplayed rounds (C.07 Art. 15–16) and the tournament record the tie-breaks read.
//!
//! - Art. 15.1: an unplayed round is any round in which a participant, paired or not, did not
//!   play a game.
//! - Art. 16.1: a requested bye is a half-point or zero-point bye (every round after a
//!   withdrawal is a zero-point bye); a voluntary unplayed round (VUR) is a requested bye or a
//!   forfeit loss.
//! - Art. 16.2: the five categories of unplayed rounds ([`Category`]).
//! - Art. 16.3: the adjusted score a participant shows to their opponents: category 16.2.5
//!   rounds count as draws, the others with the points awarded ([`PlayerRecord::adjusted`]).
//! - Art. 16.4: the dummy opponent of a participant's own unplayed rounds: the participant's
//!   own score, capped by the scheduled opponent's adjusted score for forfeits and by a draw
//!   per round for the other unplayed rounds ([`Record::dummy_score`]).
//!
//! A round that the source does not list for a player (not yet paired, or after a withdrawal)
//! is read as a zero-point bye.

use crate::tournament::model::{Color, GameResult, Tournament};
use crate::tournament::scoring::{PointSystem, Points};

/// The category of an unplayed round (C.07 Art. 16.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// 16.2.1: pairing-allocated bye or full-point bye.
    AllocatedOrFullBye,
    /// 16.2.2: forfeit win.
    ForfeitWin,
    /// 16.2.3: requested bye followed by at least one round that is not a VUR.
    RequestedByeThenPlay,
    /// 16.2.4: forfeit loss.
    ForfeitLoss,
    /// 16.2.5: requested bye followed only by VURs, or in the last round.
    RequestedByeAtEnd,
}

impl Category {
    /// A voluntary unplayed round (Art. 16.1.2): a requested bye or a forfeit loss.
    pub fn is_voluntary(self) -> bool {
        matches!(
            self,
            Category::RequestedByeThenPlay | Category::ForfeitLoss | Category::RequestedByeAtEnd
        )
    }

    /// The article that defines the category.
    pub fn article(self) -> &'static str {
        match self {
            Category::AllocatedOrFullBye => "16.2.1",
            Category::ForfeitWin => "16.2.2",
            Category::RequestedByeThenPlay => "16.2.3",
            Category::ForfeitLoss => "16.2.4",
            Category::RequestedByeAtEnd => "16.2.5",
        }
    }
}

/// One round of one player, as the tie-breaks read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// The scheduled opponent (index into [`Record::players`]), also for forfeits.
    pub opponent: Option<usize>,
    /// The result as recorded.
    pub result: GameResult,
    /// The colour, when known.
    pub color: Option<Color>,
    /// The points awarded for the round.
    pub points: Points,
    /// `None` for a game played over the board, else the unplayed-round category.
    pub unplayed: Option<Category>,
}

impl Round {
    /// True for a game played over the board against an opponent.
    pub fn is_played(&self) -> bool {
        self.unplayed.is_none()
    }
}

/// One player's record.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRecord {
    /// Rating (0 = unrated).
    pub rating: i32,
    /// Exactly [`Record::rounds`] rounds.
    pub rounds: Vec<Round>,
    /// The tournament score.
    pub score: Points,
    /// The score shown to opponents' tie-breaks (Art. 16.3).
    pub adjusted: Points,
}

/// A tournament prepared for the tie-breaks: every player with every round up to the last one
/// played, unplayed rounds categorised.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The number of rounds counted (the rounds played so far).
    pub rounds: usize,
    /// The point system.
    pub points: PointSystem,
    /// Players in starting order (index = starting number − 1).
    pub players: Vec<PlayerRecord>,
}

impl Record {
    /// Reads `tournament` after the rounds played so far.
    pub fn new(tournament: &Tournament) -> Record {
        let rounds = tournament.rounds_played() as usize;
        Record::with_rounds(tournament, rounds)
    }

    /// Reads `tournament` after its first `rounds` rounds.
    pub fn with_rounds(tournament: &Tournament, rounds: usize) -> Record {
        let system = tournament.points;
        let count = tournament.players.len();
        let players = tournament
            .players
            .iter()
            .enumerate()
            .map(|(index, player)| {
                let mut list: Vec<Round> = (0..rounds)
                    .map(|r| {
                        let entry = player.rounds.get(r);
                        let result = entry.map_or(GameResult::ZeroPointBye, |e| e.result);
                        let opponent = entry
                            .and_then(|e| e.opponent)
                            .and_then(|id| usize::try_from(id.0).ok()?.checked_sub(1))
                            .filter(|&o| o < count && o != index);
                        let color = entry.and_then(|e| e.color);
                        let unplayed = first_category(result, opponent.is_some());
                        Round {
                            opponent,
                            result,
                            color,
                            points: system.score(result),
                            unplayed,
                        }
                    })
                    .collect();
                categorise_requested_byes(&mut list);
                // Points outside the games count in the score (and so in the opponents'
                // Buchholz), never in a game.
                let score: Points = list.iter().map(|r| r.points).sum::<Points>()
                    + tournament.adjustment(player.id, rounds as u32);
                let adjusted = list
                    .iter()
                    .map(|r| match r.unplayed {
                        Some(Category::RequestedByeAtEnd) => system.draw,
                        _ => r.points,
                    })
                    .sum::<Points>()
                    + tournament.adjustment(player.id, rounds as u32);
                PlayerRecord {
                    rating: i32::from(player.rating),
                    rounds: list,
                    score,
                    adjusted,
                }
            })
            .collect();
        Record {
            rounds,
            points: system,
            players,
        }
    }

    /// A record made of per-round values directly (a team competition's matches, with match or
    /// game points as the score): requested byes are categorised (Art. 16.2.3/16.2.5) and the
    /// scores summed (16.3) here. Each player's rounds must number `rounds`.
    pub fn from_rounds(
        rounds: usize,
        points: PointSystem,
        players: Vec<(i32, Vec<Round>)>,
    ) -> Record {
        let players = players
            .into_iter()
            .map(|(rating, mut list)| {
                categorise_requested_byes(&mut list);
                let score: Points = list.iter().map(|r| r.points).sum();
                let adjusted = list
                    .iter()
                    .map(|r| match r.unplayed {
                        Some(Category::RequestedByeAtEnd) => points.draw,
                        _ => r.points,
                    })
                    .sum();
                PlayerRecord {
                    rating,
                    rounds: list,
                    score,
                    adjusted,
                }
            })
            .collect();
        Record {
            rounds,
            points,
            players,
        }
    }

    /// Art. 8.3 Fore Buchholz: the same tournament with every game paired in the last round
    /// (played or forfeited) ended in a draw.
    pub fn fore(tournament: &Tournament) -> Record {
        Record::fore_with_rounds(tournament, tournament.rounds_played() as usize)
    }

    /// [`Record::fore`] after the first `rounds` rounds (the last of them drawn).
    pub fn fore_with_rounds(tournament: &Tournament, rounds: usize) -> Record {
        let mut drawn = tournament.clone();
        if rounds > 0 {
            for player in &mut drawn.players {
                if let Some(entry) = player.rounds.get_mut(rounds - 1)
                    && entry.opponent.is_some_and(|o| o.0 != 0)
                    && (entry.result.is_played()
                        || matches!(
                            entry.result,
                            GameResult::ForfeitWin | GameResult::ForfeitLoss
                        ))
                {
                    entry.result = GameResult::Draw;
                }
            }
        }
        Record::with_rounds(&drawn, rounds)
    }

    /// The score of the dummy opponent of player `player`'s unplayed round `round`
    /// (Art. 16.4): the player's own score, at most the scheduled opponent's adjusted score
    /// for a forfeit (16.4.1) and at most a draw per round otherwise (16.4.2). `None` for a
    /// played game.
    pub fn dummy_score(&self, player: usize, round: usize) -> Option<Points> {
        let record = &self.players[player];
        let entry = &record.rounds[round];
        let category = entry.unplayed?;
        let cap = match (category, entry.opponent) {
            (Category::ForfeitWin | Category::ForfeitLoss, Some(opponent)) => {
                self.players[opponent].adjusted
            }
            _ => Points(self.points.draw.0 * self.rounds as i32),
        };
        Some(record.score.min(cap))
    }

    /// The result against the dummy (Art. 16.4): the points of the round read as a win, draw
    /// or loss of the point system, i.e. the points awarded.
    pub fn points_against(&self, player: usize, round: usize) -> Points {
        self.players[player].rounds[round].points
    }
}

/// The category an unplayed round has on its own; requested byes are refined afterwards.
fn first_category(result: GameResult, has_opponent: bool) -> Option<Category> {
    Some(match result {
        GameResult::Win | GameResult::UnratedWin if has_opponent => return None,
        GameResult::Draw | GameResult::UnratedDraw | GameResult::Loss | GameResult::UnratedLoss
            if has_opponent =>
        {
            return None;
        }
        // A "played" result without an opponent is read by its points.
        GameResult::Win | GameResult::UnratedWin => Category::AllocatedOrFullBye,
        GameResult::Draw
        | GameResult::UnratedDraw
        | GameResult::Loss
        | GameResult::UnratedLoss
        | GameResult::HalfPointBye
        | GameResult::ZeroPointBye => Category::RequestedByeAtEnd,
        GameResult::PairingAllocatedBye | GameResult::FullPointBye => Category::AllocatedOrFullBye,
        GameResult::ForfeitWin if has_opponent => Category::ForfeitWin,
        GameResult::ForfeitWin => Category::AllocatedOrFullBye,
        GameResult::ForfeitLoss => Category::ForfeitLoss,
    })
}

/// Art. 16.2.3 / 16.2.5: a requested bye followed by a round that is not a VUR is 16.2.3,
/// one followed only by VURs (or in the last round) is 16.2.5.
fn categorise_requested_byes(rounds: &mut [Round]) {
    let mut later_non_voluntary = false;
    for round in rounds.iter_mut().rev() {
        if matches!(
            round.unplayed,
            Some(Category::RequestedByeAtEnd | Category::RequestedByeThenPlay)
        ) {
            round.unplayed = Some(if later_non_voluntary {
                Category::RequestedByeThenPlay
            } else {
                Category::RequestedByeAtEnd
            });
        }
        if !round.unplayed.is_some_and(Category::is_voluntary) {
            later_non_voluntary = true;
        }
    }
}
