//! The tournament as the pairing engines, tie-breaks, printing and TRF see it: players in
//! starting-rank order and, per player and round, one [`RoundEntry`].
//!
//! This is the shape of a TRF file (one `001` line per player, one round entry per round), so
//! `formats::trf` converts to and from it without loss, and it knows nothing of the database.

use crate::tournament::scoring::{PointSystem, Points};

/// A player's starting number (pairing number), 1-based as in TRF and on pairing lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u32);

/// The colour a player had in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// What happened to one player in one round (TRF result codes in brackets).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Won a played game (`1`).
    Win,
    /// Drew a played game (`=`).
    Draw,
    /// Lost a played game (`0`).
    Loss,
    /// Won a played game that is not rated, e.g. less than one move played (`W`).
    UnratedWin,
    /// Drew a played game that is not rated (`D`).
    UnratedDraw,
    /// Lost a played game that is not rated (`L`).
    UnratedLoss,
    /// Won by forfeit: the opponent did not play (`+`).
    ForfeitWin,
    /// Lost by forfeit (`-`).
    ForfeitLoss,
    /// Requested half-point bye (`H`).
    HalfPointBye,
    /// Requested full-point bye (`F`).
    FullPointBye,
    /// Zero-point bye or not paired (`Z`, or blank).
    ZeroPointBye,
    /// Pairing-allocated bye (`U`).
    PairingAllocatedBye,
}

impl GameResult {
    /// True when a game was actually played over the board (rated or not).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::Win
                | GameResult::Draw
                | GameResult::Loss
                | GameResult::UnratedWin
                | GameResult::UnratedDraw
                | GameResult::UnratedLoss
        )
    }

    /// True for a bye of any kind (no opponent).
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            GameResult::HalfPointBye
                | GameResult::FullPointBye
                | GameResult::ZeroPointBye
                | GameResult::PairingAllocatedBye
        )
    }

    /// The TRF result code.
    pub fn trf_code(self) -> char {
        match self {
            GameResult::Win => '1',
            GameResult::Draw => '=',
            GameResult::Loss => '0',
            GameResult::UnratedWin => 'W',
            GameResult::UnratedDraw => 'D',
            GameResult::UnratedLoss => 'L',
            GameResult::ForfeitWin => '+',
            GameResult::ForfeitLoss => '-',
            GameResult::HalfPointBye => 'H',
            GameResult::FullPointBye => 'F',
            GameResult::ZeroPointBye => 'Z',
            GameResult::PairingAllocatedBye => 'U',
        }
    }

    /// The result the opponent gets for the same game (`None` for byes).
    pub fn mirrored(self) -> Option<GameResult> {
        Some(match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
            GameResult::UnratedWin => GameResult::UnratedLoss,
            GameResult::UnratedDraw => GameResult::UnratedDraw,
            GameResult::UnratedLoss => GameResult::UnratedWin,
            GameResult::ForfeitWin => GameResult::ForfeitLoss,
            GameResult::ForfeitLoss => GameResult::ForfeitWin,
            _ => return None,
        })
    }
}

/// One player's round: the opponent (none for a bye), the colour (none when no game was
/// played or it is unknown), and the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEntry {
    /// The opponent, or `None` for a bye / not paired.
    pub opponent: Option<PlayerId>,
    /// The colour the player had (or was assigned, for a forfeit).
    pub color: Option<Color>,
    /// What happened.
    pub result: GameResult,
}

/// A registered player with the rounds played so far.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Player {
    /// Starting number.
    pub id: PlayerId,
    /// Name as "Surname, Given".
    pub name: String,
    /// Sex as written in TRF (`m`, `w`, or empty).
    pub sex: String,
    /// FIDE title (GM, IM, WGM, FM, ...), empty if none.
    pub title: String,
    /// Rating (0 = unrated).
    pub rating: u16,
    /// Federation (three letters), possibly empty.
    pub federation: String,
    /// FIDE ID, if known.
    pub fide_id: Option<u64>,
    /// Birth date or year as written, possibly empty.
    pub birth: String,
    /// Points as stated by the source (TRF column); standings recompute them.
    pub declared_points: Option<Points>,
    /// One entry per round, index 0 = round 1. Missing trailing rounds mean "not yet paired".
    pub rounds: Vec<RoundEntry>,
}

impl Default for PlayerId {
    fn default() -> Self {
        PlayerId(0)
    }
}

/// A tournament in starting-rank order: `players[i].id == PlayerId(i + 1)`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tournament {
    /// Event name.
    pub name: String,
    /// Total number of rounds announced (may exceed the rounds played so far).
    pub total_rounds: u32,
    /// The players.
    pub players: Vec<Player>,
    /// The announced point system.
    pub points: PointSystem,
}

impl Tournament {
    /// The player with starting number `id`, if any.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
        self.players.get(index)
    }

    /// The number of rounds for which at least one player has an entry.
    pub fn rounds_played(&self) -> u32 {
        self.players
            .iter()
            .map(|p| p.rounds.len() as u32)
            .max()
            .unwrap_or(0)
    }
}
