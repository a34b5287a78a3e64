//! The FIDE Swiss Team Pairing System (C.04.6, approved by the Council on 28/10/2025, applied
//! from 1 February 2026): the next round of a team Swiss, team against team.
//!
//! The C.04.1 basic rules and C.04.2 general handling rules apply to teams mutatis mutandis,
//! except C.04.1 f and g (the Preface): colours never keep two teams apart, they only weigh in
//! the quality of a pairing. What this engine does, article by article:
//!
//! - **The field** ([`Round`], built from a tournament by [`history`]). Art. 1.1: each team has
//!   a fixed pairing number (TPN), here its place in the team number order. Art. 1.2: the rules
//!   of the competition make match points or game points the *primary* score
//!   ([`PrimaryScore`]); the other one is the secondary score, used to choose the first-team of
//!   a match (Art. 4.2.2). Art. 1.3: teams with the same primary score form a scoregroup; a
//!   bracket is the top scoregroup still unpaired plus the *upfloaters* chosen for it from
//!   below. Art. 1.5: a floater is a team that played a match against a team with another
//!   score (the previous round's floaters count in C7 and C10). Art. 1.6: colour
//!   difference and colour sequence over the matches actually played, the colour of a match
//!   being that of the team's first board. Art. 1.7: colour preferences, type A (one strength)
//!   or, when the rules say so, type B (strong and mild) ([`ColourPreferences`]).
//! - **Absolute criteria** (Art. 2.1): C1 two teams meet at most once (a forfeited match was
//!   not played); C2 a team that had the pairing-allocated bye, won a match by forfeit or had
//!   a full-point bye does not get the bye. **Completion** (Art. 2.2, C3): the teams not yet
//!   paired can always be paired among themselves.
//! - **Quality criteria** (Art. 2.3, in descending priority): C4 fewest upfloaters; C5
//!   their scores as high as possible, taken in ascending order; C6 the next scoregroup keeps
//!   a pairing with C1, C3 and the fewest upfloaters its size allows; C7 fewest upfloaters
//!   that floated in the previous round; C8 fewest pairs of teams wanting the same colour;
//!   C9 (type B) fewest pairs where both want it strongly; C10 fewest upfloaters' opponents
//!   that floated in the previous round. C7 and C10 do not apply in the last two rounds.
//! - **The process** (Art. 3.3.2, in `brackets`): first the pairing-allocated bye (Art. 3.4:
//!   the team that leaves a legal pairing for all others, with the lowest score, the most
//!   matches played, the largest TPN); then bracket by bracket from the top scoregroup down.
//!   For each bracket the sets of upfloaters are enumerated (Art. 3.5): by number (C4), by
//!   score profile (C5), then in the lexicographic order of their TPNs (3.5.3, 3.5.4); the
//!   first set that gives a legal pairing of the bracket and of everybody left (C3) and
//!   complies with C6 and C7 as well as any set of its profile can, is taken. The bracket
//!   itself is then paired (Art. 3.6, in `weights.rs`): among its pairings complying with C1
//!   the first, in the lexicographic order of their identifiers (the top members in order, then
//!   the bottom members in the order of their top members), of those best for C8, C9 and
//!   C10. Those criteria and the identifier are packed, in that priority, into one wide
//!   matching weight, and the generic matcher ([`crate::pairing::matching`]) finds it.
//! - **Colours** (Art. 4, in `colours.rs`): after the whole round is paired, for each match the
//!   first-team (higher primary score, then higher secondary score, then smaller TPN) is given
//!   its colour by the first of nine rules that decides (4.3.1 the initial-colour by TPN parity
//!   when neither team has played; 4.3.2–4.3.4 preferences; 4.3.5 colour difference; 4.3.6
//!   alternate from the last round the two differed; 4.3.7–4.3.9 preference or alternation of
//!   one team).
//! - **Boards** (C.04.2 Art. 3.6, as the Dutch system orders them): by the higher score of the
//!   match, then the sum of both scores, then the smaller TPN; the bye last.
//!
//! Art. 3.3.3: when no pairing of the round exists, the Chief Arbiter decides; the engine says
//! so ([`TeamPairingError::NoPairing`]). `checker` re-pairs every round of a file;
//! [`generator`] makes random team events paired by this engine.

mod brackets;
pub mod checker;
mod colours;
pub mod generator;
pub mod history;
mod weights;

use crate::tournament::model::Color;
use crate::tournament::scoring::Points;
use crate::tournament::team::TeamId;

pub use history::{round_input, team_event_of};

/// Which score orders the teams (C.04.6 Art. 1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PrimaryScore {
    /// Match points (the default of Art. 1.2.2); game points are the secondary score.
    #[default]
    MatchPoints,
    /// Game points; match points are the secondary score.
    GamePoints,
}

/// The colour preferences of the competition (C.04.6 Art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ColourPreferences {
    /// Type A (Art. 1.7.1, the default): one strength of preference.
    #[default]
    TypeA,
    /// Type B (Art. 1.7.2): strong and mild preferences.
    TypeB,
}

/// The rules of the competition the engine needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// The primary score (Art. 1.2).
    pub primary: PrimaryScore,
    /// Type A or type B colour preferences (Art. 1.7).
    pub colours: ColourPreferences,
}

/// One team to be paired, as the rounds before have left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The team.
    pub team: TeamId,
    /// Its pairing number (Art. 1.1).
    pub tpn: u32,
    /// Its primary score (Art. 1.2).
    pub primary: Points,
    /// Its secondary score (Art. 1.2).
    pub secondary: Points,
    /// Matches played over the board (a forfeited match and the bye are not played).
    pub matches_played: u32,
    /// The colours of its played matches in round order (Art. 1.6).
    pub colours: Vec<Color>,
    /// It played, in the previous round, a team with another score (Art. 1.5).
    pub floated_last_round: bool,
    /// C2 bars it from the pairing-allocated bye (Art. 2.1.2).
    pub bye_barred: bool,
    /// The teams it has played (Art. 2.1.1).
    pub opponents: Vec<TeamId>,
}

/// A round to pair: the teams present and the facts of the event the rules read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The round to pair, 1-based.
    pub number: u32,
    /// The rounds of the event (C7 and C10 are off in the last two; type B mild
    /// preferences change in the last one).
    pub total_rounds: u32,
    /// The initial-colour drawn before round 1 (Art. 4.1).
    pub initial_colour: Color,
    /// The rules of the competition.
    pub options: Options,
    /// The teams to pair, each once.
    pub entrants: Vec<Entrant>,
}

/// One board of the round: a match, or the pairing-allocated bye (`black` is `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TeamPairing {
    /// The team with White (its first board plays White, Art. 1.6.1), or the team with the bye.
    pub white: TeamId,
    /// The team with Black; `None` for the bye.
    pub black: Option<TeamId>,
}

/// Why a round was not paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamPairingError {
    /// No pairing complies with the absolute criteria (Art. 3.3.3: the Chief Arbiter decides).
    #[error("no legal pairing: {0} (C.04.6 Art. 3.3.3)")]
    NoPairing(NoPairingReason),
    /// A team is listed twice.
    #[error("team {0} is listed twice")]
    DuplicateTeam(u32),
    /// A bracket too large for the matching weights.
    #[error("a bracket of {0} teams is more than this engine pairs")]
    TooLarge(usize),
}

/// Where the search for a legal pairing ended ([`TeamPairingError::NoPairing`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoPairingReason {
    /// A bracket has no pairing that keeps the absolute criteria.
    #[error("a bracket has no pairing")]
    Bracket,
    /// Teams are left over once every bracket is paired.
    #[error("{teams} teams are left unpaired")]
    LeftUnpaired {
        /// How many.
        teams: usize,
    },
    /// No team can have the pairing-allocated bye and leave a pairing of the others
    /// (Art. 3.4.1).
    #[error(
        "no team can have the pairing-allocated bye and leave a pairing of the others (Art. 3.4.1)"
    )]
    NoBye,
    /// A scoregroup has no legal bracket, whatever teams float up into it.
    #[error(
        "the scoregroup of {teams} teams with {points} points has no legal bracket with any upfloaters"
    )]
    ScoreGroup {
        /// Its teams.
        teams: usize,
        /// Their primary score.
        points: Points,
    },
}

/// Pairs `round`: the boards in board order (C.04.2 Art. 3.6), the bye last.
pub fn pair(round: &Round) -> Result<Vec<TeamPairing>, TeamPairingError> {
    let mut seen = std::collections::HashSet::new();
    for entrant in &round.entrants {
        if !seen.insert(entrant.team) {
            return Err(TeamPairingError::DuplicateTeam(entrant.team.0));
        }
    }
    let field = brackets::Field::new(round);
    let (bye, pairs) = field.pair_round()?;
    let mut boards: Vec<(usize, Option<usize>)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (white, black) = colours::allocate(&field, a, b);
            (white, Some(black))
        })
        .collect();
    let entrants = &round.entrants;
    boards.sort_by_key(|&(white, black)| {
        let black = black.unwrap_or(white);
        let (a, b) = (&entrants[white], &entrants[black]);
        (
            std::cmp::Reverse(a.primary.max(b.primary)),
            std::cmp::Reverse(a.primary + b.primary),
            a.tpn.min(b.tpn),
        )
    });
    if let Some(bye) = bye {
        boards.push((bye, None));
    }
    Ok(boards
        .into_iter()
        .map(|(white, black)| TeamPairing {
            white: entrants[white].team,
            black: black.map(|b| entrants[b].team),
        })
        .collect())
}
