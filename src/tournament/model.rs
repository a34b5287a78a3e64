//! The tournament as the pairing engines, tie-breaks, printing and TRF see it: players in
//! starting-rank order and, per player and round, one [`RoundEntry`].
//!
//! This is the shape of a TRF file (one `001` line per player, one round entry per round), so
//! `formats::trf` converts to and from it without loss, and it knows nothing of the database.

use crate::tournament::scoring::{PointSystem, Points};

/// A player's starting number (pairing number), 1-based as in TRF and on pairing lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PlayerId(pub u32);

/// The colour a player had in a game: the rules core's one [`Color`] (Laws Art. 2.1).
pub use crate::rules::Color;

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

impl RoundEntry {
    /// True when the entry comes from pairing the round: an opponent (played or not) or the
    /// pairing-allocated bye. Requested byes and absences are known before a round is paired.
    pub fn is_pairing(&self) -> bool {
        self.opponent.is_some() || self.result == GameResult::PairingAllocatedBye
    }
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
    /// Rating (0 = unrated): the one the tournament reports (see
    /// [`crate::tournament::rating_basis`]).
    pub rating: u16,
    /// The rating C.04.2 Art. 2.2.1 ranks the player by, when the tournament pairs on another
    /// rating than it reports (a national rating, say); `None`: [`Player::rating`].
    pub pairing_rating: Option<u16>,
    /// Federation (three letters), possibly empty.
    pub federation: String,
    /// FIDE ID, if known.
    pub fide_id: Option<u64>,
    /// Birth date or year as written, possibly empty.
    pub birth: String,
    /// Points as stated by the source (TRF column); standings recompute them.
    pub declared_points: Option<Points>,
    /// Rank to write in the TRF rank column (86–89; ties allowed), as the standings give it
    /// for a report. The reader leaves it `None`: ranks are recomputed from the results, and
    /// the writer then ranks by points.
    pub declared_rank: Option<u32>,
    /// One entry per round, index 0 = round 1. Missing trailing rounds mean "not yet paired".
    pub rounds: Vec<RoundEntry>,
    /// The round from which the player is expelled from the competition (FIDE Laws Art. 12.9.9;
    /// 12.9 g of older editions), if expelled: never paired from then on, the games played
    /// stand. Marked in the standings and the rating report.
    pub expelled_from: Option<u32>,
    /// The round from which the player is withdrawn (C.04.2 Art. 3.2) and not back, if
    /// withdrawn without being expelled: not paired from then on.
    pub withdrawn_from: Option<u32>,
}

impl Player {
    /// The first round the player is not paired in because he left: expelled or withdrawn.
    pub fn left_from(&self) -> Option<u32> {
        self.expelled_from.or(self.withdrawn_from)
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
    /// Pairing settings beyond players and results: initial colour, accelerations, forbidden
    /// pairs (TRF `152`/`XXC`, `250`/`XXA`, `260`/`XXP`).
    pub setup: PairingSetup,
    /// The team records of a team competition (TRF-2026 310, 352, 362, 330, 299); empty for an
    /// individual event. [`crate::tournament::team::TeamEvent::from_tournament`] reads them.
    pub teams: crate::tournament::team::TeamSection,
    /// Source records this program does not interpret (e.g. TRF `022` city, `102` arbiter),
    /// kept verbatim and in order so that writing the tournament back loses nothing.
    pub other_records: Vec<String>,
    /// Points given or taken outside the games (TRF-2026 `299`), counted in the score.
    pub adjustments: Vec<PointAdjustment>,
}

/// Points given or taken outside the games (TRF-2026 `299` with a blank type: a penalty or a
/// bonus), e.g. a deduction decided on appeal or under the tournament regulations. It counts
/// in the player's score from its round on, never in a game: the opponents' results, the
/// colours and the pairings of the games stay as they were.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PointAdjustment {
    /// The player.
    pub player: PlayerId,
    /// The round from whose standings on it counts; `None`: from the start.
    pub round: Option<u32>,
    /// The points added (negative for a deduction).
    pub points: Points,
    /// Why (kept by the app; TRF has no field for it).
    pub reason: String,
}

/// Pairing settings that are not results: what the organiser announced for the pairing engine.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PairingSetup {
    /// The colour of the top-ranked player in round 1 (C.04.2 E; TRF `152`, `XXC white1|black1`).
    /// `None` leaves the choice to the engine (by lot).
    pub initial_color: Option<Color>,
    /// Fictitious points added for pairing only (C.04.7 Baku acceleration; TRF `250`, `XXA`).
    pub accelerations: Vec<Acceleration>,
    /// Players who must not be paired against each other (TRF `260`, `XXP`).
    pub forbidden_pairs: Vec<ForbiddenPairs>,
    /// JaVaFo's `XXC rank`: pair by current ranking ids instead of starting numbers.
    pub rank_ids: bool,
}

/// Fictitious points one player carries for pairing in one round (C.04.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Acceleration {
    /// The player.
    pub player: PlayerId,
    /// The round (1-based) in which the points count.
    pub round: u32,
    /// The fictitious points.
    pub points: Points,
}

/// A group of players no two of whom may meet, in a range of rounds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ForbiddenPairs {
    /// First round (1-based) of the ban.
    pub first_round: u32,
    /// Last round of the ban (`u32::MAX` when it has no end).
    pub last_round: u32,
    /// The players.
    pub players: Vec<PlayerId>,
}

impl PairingSetup {
    /// The fictitious points of `player` in `round` (zero when not accelerated).
    pub fn acceleration(&self, player: PlayerId, round: u32) -> Points {
        self.accelerations
            .iter()
            .filter(|a| a.player == player && a.round == round)
            .map(|a| a.points)
            .sum()
    }

    /// True when `a` and `b` must not meet in `round`.
    pub fn is_forbidden(&self, a: PlayerId, b: PlayerId, round: u32) -> bool {
        self.forbidden_pairs.iter().any(|group| {
            (group.first_round..=group.last_round).contains(&round)
                && group.players.contains(&a)
                && group.players.contains(&b)
        })
    }
}

impl Tournament {
    /// The points `player` was given or had taken outside the games
    /// ([`Tournament::adjustments`]) that count in the standings after `after_round`.
    pub fn adjustment(&self, player: PlayerId, after_round: u32) -> Points {
        self.adjustments
            .iter()
            .filter(|a| a.player == player && a.round.is_none_or(|round| round <= after_round))
            .map(|a| a.points)
            .sum()
    }

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

    /// The last round that was paired: the last in which some player has an opponent or the
    /// pairing-allocated bye. The rounds after it (up to [`Tournament::rounds_played`]) hold
    /// only byes requested and absences announced for rounds not paired yet (C.04.2 Art. 3.3;
    /// TRF `240`, `XXZ`, `0000 - H` in a round to come), not a round of the tournament.
    pub fn rounds_paired(&self) -> u32 {
        self.players
            .iter()
            .filter_map(|p| p.rounds.iter().rposition(RoundEntry::is_pairing))
            .map(|index| index as u32 + 1)
            .max()
            .unwrap_or(0)
    }
}
