//! Random tournaments paired round by round by our own Dutch engine (C.04.3): the generator
//! that FIDE's endorsement procedure for pairing programs (C.02) asks for, whose every round an
//! independent checker then re-pairs. Pure: the same [`Profile`] and seed give the same
//! tournament (within one build: the stream is `rand`'s `StdRng`).
//!
//! What a profile can make: ratings falling by a random step from a top rating (the spread),
//! draws, games lost by forfeit, requested half-point and zero-point byes, players
//! who withdraw after some round, late entries (absent, with a zero- or half-point bye, in the
//! rounds before they join), and Baku acceleration (C.04.7).
//!
//! # Which fields can play the asked rounds
//!
//! No two players meet twice (C.04.3 C1) and nobody gets a second pairing-allocated bye
//! (C.04.1 Art. 4, C.04.3 C2). Then:
//!
//! - **Impossible, refused before round 1** ([`GenerateError::TooManyRounds`]): more rounds
//!   than a round robin has. With `n` players, a player who plays every round needs a new
//!   opponent each time: at most `n − 1` rounds for even `n`; for odd `n` one of them may be the
//!   player's one bye, so at most `n` (the round robin with a bye in every round). 9 players
//!   cannot play 11 rounds; 9 may play up to 9.
//! - **Certain, up to [`certain_rounds`] = `⌊n/2⌋`**: before round `k` every player has lost at
//!   most `k − 1` possible opponents (one a round: the opponent met, or the bye used). Among the
//!   `n` players (even `n`), the pairs still allowed form a graph of minimum degree
//!   `≥ n − 1 − (k − 1) = n − k`; when `n − k ≥ n/2`, i.e. `k ≤ n/2`, Dirac's theorem gives a
//!   Hamiltonian cycle, hence a perfect matching: round `k` can be paired without a rematch. For
//!   odd `n`, give the bye to any player still allowed one (there is one unless every player
//!   has had a bye or a win by forfeit) and pair the `n − 1` others, whose degrees among
//!   themselves are `≥ n − 2 − (k − 1) ≥ (n − 1)/2` when `k ≤ (n − 1)/2 = ⌊n/2⌋`. A forfeited
//!   game uses up no opponent (the two may meet again) and a requested bye none, so the count
//!   holds with them. With absences, read `n` as the field present in round `k`: round `k` is
//!   certain when at least `2k` players are present. The bound is sharp: 10 players who met
//!   group against group in rounds 1–5 (5 against 5, each meeting the whole other group) have
//!   only pairs within the groups left for round 6, and 5 players cannot pair among themselves.
//! - **In between** the engine pairs round after round and may still find no pairing, because a
//!   Swiss fixes each round without looking ahead; [`generate`] then stops with
//!   [`GenerateError::NoPairing`], naming the round and keeping the rounds made so far. The
//!   absolute colour criterion (C3: two non-topscorers with the same absolute colour preference
//!   do not meet) removes further pairs, which the degree count above does not see: "certain"
//!   is certain for C1 and C2; a C3 dead end is reported the same way.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::pairing::baku;
use crate::pairing::dutch::{self, PairingError};
use crate::tournament::board::{Board, pairing_allocated_bye};
use crate::tournament::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};

/// What kind of tournament to make.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// Number of players (late entries included).
    pub players: u32,
    /// Number of rounds.
    pub rounds: u32,
    /// Rating of player 1.
    pub top_rating: u16,
    /// Each next player is rated lower by a random `0..rating_step` (never below 1000): the
    /// rating spread of the field.
    pub rating_step: u16,
    /// Share of played games drawn.
    pub draw_rate: f64,
    /// Share of games lost by forfeit (the absent player loses, the other wins).
    pub forfeit_rate: f64,
    /// Share of players who ask for a half-point bye in a round.
    pub half_point_bye_rate: f64,
    /// Share of players who ask for a zero-point bye in a round.
    pub zero_point_bye_rate: f64,
    /// Share of players who withdraw after a random round (absent from then on).
    pub withdrawal_rate: f64,
    /// Share of players who join late, in round 2 up to 4 (absent before).
    pub late_entry_rate: f64,
    /// Baku acceleration (C.04.7) of the players ranked in group A.
    pub baku: bool,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            players: 30,
            rounds: 7,
            top_rating: 2700,
            rating_step: 30,
            draw_rate: 0.3,
            forfeit_rate: 0.01,
            half_point_bye_rate: 0.01,
            zero_point_bye_rate: 0.0,
            withdrawal_rate: 0.0,
            late_entry_rate: 0.0,
            baku: false,
        }
    }
}

/// Why no tournament was made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// Fewer than two players.
    #[error("at least two players are needed")]
    TooFewPlayers,
    /// The field cannot play this many rounds without a rematch (C.04.3 C1), whatever the
    /// pairings.
    #[error(
        "{players} players cannot play {rounds} rounds without a rematch (C.04.3 C1): a round \
         robin has at most {most} rounds (one bye each for an odd field, C.04.3 C2)"
    )]
    TooManyRounds {
        /// Players.
        players: u32,
        /// Rounds asked.
        rounds: u32,
        /// [`most_rounds`] of the field.
        most: u32,
    },
    /// The engine found no pairing for a round (possible above [`certain_rounds`]).
    #[error("round {round}: {error}")]
    NoPairing {
        /// The round that could not be paired.
        round: u32,
        /// The engine's answer.
        error: PairingError,
        /// The tournament up to that round: earlier rounds played, and the round's byes and
        /// absences already entered.
        so_far: Box<Tournament>,
    },
}

/// The most rounds `players` can play without a rematch: `n − 1` for even `n`, `n` for odd `n`
/// (each player's one pairing-allocated bye standing in for an opponent).
pub fn most_rounds(players: u32) -> u32 {
    if players.is_multiple_of(2) {
        players.saturating_sub(1)
    } else {
        players
    }
}

/// The rounds a field of `players` is certain to pair without a rematch, whatever the results
/// (module doc: Dirac's theorem): `⌊n/2⌋`.
pub fn certain_rounds(players: u32) -> u32 {
    players / 2
}

/// Refuses, before round 1, a field that cannot play the asked rounds without a rematch.
pub fn check_feasible(profile: &Profile) -> Result<(), GenerateError> {
    if profile.players < 2 {
        return Err(GenerateError::TooFewPlayers);
    }
    let most = most_rounds(profile.players);
    if profile.rounds > most {
        return Err(GenerateError::TooManyRounds {
            players: profile.players,
            rounds: profile.rounds,
            most,
        });
    }
    Ok(())
}

/// When a player takes part: from `first` to `last` round (1-based, inclusive), and what the
/// rounds before `first` score (a late entry's zero- or half-point bye).
#[derive(Debug, Clone, Copy)]
struct Presence {
    first: u32,
    last: u32,
    missed: GameResult,
}

/// Makes the tournament: every round's byes and absences drawn, then paired by [`dutch::pair`],
/// then results drawn (forfeits, draws, and wins by the Elo expectation of the ratings).
pub fn generate(profile: &Profile, seed: u64) -> Result<Tournament, GenerateError> {
    check_feasible(profile)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut rating = profile.top_rating;
    let players = (1..=profile.players)
        .map(|id| {
            let player = Player {
                id: PlayerId(id),
                name: format!("Player {id:04}"),
                rating,
                ..Player::default()
            };
            rating = rating
                .saturating_sub(rng.random_range(0..profile.rating_step.max(1)))
                .max(1000);
            player
        })
        .collect();
    let mut tournament = Tournament {
        name: format!("Random tournament {seed}"),
        total_rounds: profile.rounds,
        players,
        ..Tournament::default()
    };
    tournament.setup.initial_color = Some(if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    });
    // Absences are drawn only when asked for, so that a profile without them draws the same
    // numbers as before they existed (the same seed, the same tournament).
    let presence = presences(profile, &mut rng);
    if profile.baku {
        tournament.setup.accelerations = accelerations(profile, &presence, &tournament);
    }
    for round in 1..=profile.rounds {
        let index = round as usize - 1;
        for (player, presence) in tournament.players.iter_mut().zip(&presence) {
            let absent = if round < presence.first {
                Some(presence.missed)
            } else if round > presence.last {
                Some(GameResult::ZeroPointBye)
            } else if rng.random_bool(probability(profile.half_point_bye_rate)) {
                Some(GameResult::HalfPointBye)
            } else if profile.zero_point_bye_rate > 0.0
                && rng.random_bool(probability(profile.zero_point_bye_rate))
            {
                Some(GameResult::ZeroPointBye)
            } else {
                None
            };
            if let Some(result) = absent {
                player.rounds.push(RoundEntry {
                    opponent: None,
                    color: None,
                    result,
                });
            }
        }
        let pairing = match dutch::pair(&tournament) {
            Ok(pairing) => pairing,
            Err(error) => {
                return Err(GenerateError::NoPairing {
                    round,
                    error,
                    so_far: Box::new(tournament),
                });
            }
        };
        play_round(profile, &mut rng, &mut tournament, &pairing);
        for player in &mut tournament.players {
            while player.rounds.len() <= index {
                player.rounds.push(RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::ZeroPointBye,
                });
            }
        }
    }
    let points = tournament.points;
    for player in &mut tournament.players {
        player.declared_points = Some(player.rounds.iter().map(|e| points.score(e.result)).sum());
    }
    Ok(tournament)
}

fn probability(rate: f64) -> f64 {
    rate.clamp(0.0, 1.0)
}

/// Each player's first and last round: withdrawals after a random round, late entries in
/// round 2 up to 4 (never both for one player).
fn presences(profile: &Profile, rng: &mut StdRng) -> Vec<Presence> {
    let mut presence = vec![
        Presence {
            first: 1,
            last: profile.rounds,
            missed: GameResult::ZeroPointBye,
        };
        profile.players as usize
    ];
    if profile.rounds < 2 {
        return presence;
    }
    if profile.withdrawal_rate > 0.0 {
        for player in &mut presence {
            if rng.random_bool(probability(profile.withdrawal_rate)) {
                player.last = rng.random_range(1..profile.rounds);
            }
        }
    }
    if profile.late_entry_rate > 0.0 {
        for player in &mut presence {
            if player.last == profile.rounds
                && rng.random_bool(probability(profile.late_entry_rate))
            {
                player.first = rng.random_range(2..=profile.rounds.min(4));
                if rng.random_bool(0.5) {
                    player.missed = GameResult::HalfPointBye;
                }
            }
        }
    }
    presence
}

/// Baku acceleration (C.04.7): group A is the first `2·⌈N/4⌉` of the players present in
/// round 1; a late entry ranked above its last player belongs to it too (Art. 1.3: late
/// entries do not move the last player of group A).
fn accelerations(
    profile: &Profile,
    presence: &[Presence],
    tournament: &Tournament,
) -> Vec<crate::tournament::Acceleration> {
    let on_time: Vec<u32> = (1..=profile.players)
        .zip(presence)
        .filter(|(_, p)| p.first == 1)
        .map(|(id, _)| id)
        .collect();
    let group_a = baku::group_a_size(on_time.len() as u32) as usize;
    let last_of_group_a = on_time.get(group_a.saturating_sub(1)).copied().unwrap_or(0);
    baku::accelerations(
        last_of_group_a,
        profile.rounds,
        profile.rounds,
        tournament.points.win,
    )
}

/// Draws the results of the round's games and records them with the pairing-allocated bye.
fn play_round(profile: &Profile, rng: &mut StdRng, tournament: &mut Tournament, pairing: &[Board]) {
    for (white, black) in pairing.iter().filter_map(Board::players) {
        let (rw, rb) = (
            f64::from(tournament.players[white.0 as usize - 1].rating),
            f64::from(tournament.players[black.0 as usize - 1].rating),
        );
        let expected = 1.0 / (1.0 + 10f64.powf((rb - rw) / 400.0));
        let (result_white, result_black) = if rng.random_bool(probability(profile.forfeit_rate)) {
            if rng.random_bool(0.5) {
                (GameResult::ForfeitWin, GameResult::ForfeitLoss)
            } else {
                (GameResult::ForfeitLoss, GameResult::ForfeitWin)
            }
        } else if rng.random_bool(probability(profile.draw_rate)) {
            (GameResult::Draw, GameResult::Draw)
        } else if rng.random_bool(expected.clamp(0.0, 1.0)) {
            (GameResult::Win, GameResult::Loss)
        } else {
            (GameResult::Loss, GameResult::Win)
        };
        for (id, opponent, colour, result) in [
            (white, black, Color::White, result_white),
            (black, white, Color::Black, result_black),
        ] {
            tournament.players[id.0 as usize - 1]
                .rounds
                .push(RoundEntry {
                    opponent: Some(opponent),
                    color: Some(colour),
                    result,
                });
        }
    }
    if let Some(bye) = pairing_allocated_bye(pairing) {
        tournament.players[bye.0 as usize - 1]
            .rounds
            .push(RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::PairingAllocatedBye,
            });
    }
}

/// The parameter space of an endorsement run (C.02), as FIDE's own generator spans it: rounds
/// 5 up to 13 (never more than [`most_rounds`] of the field), ratings from a top of 1600–2800
/// falling by steps of up to 1–120 points (from a flat to a wide spread), draws 0–50 %,
/// forfeits 0–5 %, half-point byes 0–5 %, zero-point byes 0–3 %, in half of the tournaments
/// withdrawals (0–5 %) and in half late entries (0–5 %), and Baku acceleration (C.04.7) in a
/// quarter. The field size is drawn evenly from `players`.
///
/// Tournament `index` of run `seed` is always the same: the draws come from a generator keyed
/// by the pair `(seed, index)`. Returns the profile and the seed to [`generate`] it with.
pub fn sample_profile(
    seed: u64,
    index: u64,
    players: std::ops::RangeInclusive<u32>,
) -> (Profile, u64) {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&index.to_le_bytes());
    key[16..].copy_from_slice(b"arbiter C.02 run");
    let mut rng = StdRng::from_seed(key);
    let (low, high) = (*players.start(), *players.end());
    let players = rng.random_range(low.max(2)..=high.max(low.max(2)));
    let rounds = rng.random_range(5..=13).min(most_rounds(players));
    let top_rating = rng.random_range(1600..=2800);
    let rating_step = [1, 5, 15, 30, 60, 120][rng.random_range(0..6)];
    let draw_rate = rng.random_range(0.0..=0.5);
    let forfeit_rate = rng.random_range(0.0..=0.05);
    let half_point_bye_rate = rng.random_range(0.0..=0.05);
    let zero_point_bye_rate = rng.random_range(0.0..=0.03);
    let withdrawal_rate = if rng.random_bool(0.5) {
        rng.random_range(0.0..=0.05)
    } else {
        0.0
    };
    let late_entry_rate = if rng.random_bool(0.5) {
        rng.random_range(0.0..=0.05)
    } else {
        0.0
    };
    let baku = rng.random_bool(0.25);
    let profile = Profile {
        players,
        rounds,
        top_rating,
        rating_step,
        draw_rate,
        forfeit_rate,
        half_point_bye_rate,
        zero_point_bye_rate,
        withdrawal_rate,
        late_entry_rate,
        baku,
    };
    (profile, rng.random())
}
