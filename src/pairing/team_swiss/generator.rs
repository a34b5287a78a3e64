//! Random team Swiss events paired round by round by our C.04.6 engine, for the endorsement
//! run of a team pairing program (C.02 asks for such a generator) and for tests. The same
//! profile and seed give the same event (within one build: `rand`'s `StdRng`).
//!
//! What a profile makes: `teams` teams of `boards` players (team strength falling by a random
//! step from a top rating, boards within a team a little weaker down the order), every match
//! played on all boards with the first-named team White on the odd boards (record 352
//! `WBWB…`), each game drawn at the draw rate or else won by the stronger player with the Elo
//! expectation; whole matches forfeited (record 330) and teams absent for a round (not paired,
//! no points) at their rates. The pairing-allocated bye scores what the profile says (record
//! 320). The file is TRF-2026: 001 players, 310 teams with their totals, 352, 362, 320, 330,
//! 142 rounds, 152 initial-colour, 192 the system's code.
//!
//! A field cannot play more rounds than a round robin of it without a rematch (C1): that is
//! refused up front ([`check_feasible`]). Up to `⌊n/2⌋` rounds a pairing always exists (the
//! graph of teams not yet met keeps a perfect matching, as for individuals); beyond that a
//! round may find none, and [`generate`] stops there and says which round.

use std::ops::RangeInclusive;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::pairing::generator::most_rounds;
use crate::tournament::model::{Color, Player, PlayerId, Tournament};
use crate::tournament::result::BoardResult;
use crate::tournament::scoring::{PointSystem, Points};
use crate::tournament::team::league::BoardColours;
use crate::tournament::team::{
    MatchBoard, MatchForfeit, MatchPoints, PairingAllocatedByes, Team, TeamEvent, TeamId,
    TeamMatch, TeamTotal,
};

use super::history::TeamSwiss;
use super::{ColourPreferences, Options, PrimaryScore, TeamPairingError, pair, round_input};

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// Number of teams.
    pub teams: u32,
    /// Boards per match.
    pub boards: u32,
    /// Number of rounds.
    pub rounds: u32,
    /// Rating of the strongest team's first board.
    pub top_rating: u16,
    /// Each next team is weaker by a random `0..rating_step`.
    pub rating_step: u16,
    /// Share of games drawn.
    pub draw_rate: f64,
    /// Share of matches forfeited as a whole.
    pub forfeit_rate: f64,
    /// Share of teams absent from a round (not paired, no points).
    pub absence_rate: f64,
    /// Primary score and colour preferences.
    pub options: Options,
    /// Match points of a win, draw and loss.
    pub match_points: MatchPoints,
    /// Match points and game points of the pairing-allocated bye.
    pub bye_points: (Points, Points),
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            teams: 16,
            boards: 4,
            rounds: 7,
            top_rating: 2500,
            rating_step: 40,
            draw_rate: 0.3,
            forfeit_rate: 0.01,
            absence_rate: 0.0,
            options: Options::default(),
            match_points: MatchPoints::default(),
            bye_points: (Points(20), Points(20)),
        }
    }
}

/// Why no event was made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// Fewer than two teams, or no boards.
    #[error("at least two teams of at least one board are needed")]
    TooSmall,
    /// More boards than a team record holds.
    #[error("{0} boards: at most {max} per match", max = crate::tournament::team::MAX_BOARDS)]
    TooManyBoards(u32),
    /// More rounds than the field can play without a rematch.
    #[error(
        "{teams} teams cannot play {rounds} rounds without a rematch (C.04.6 [C1]): at most {most}"
    )]
    TooManyRounds {
        /// Teams.
        teams: u32,
        /// Rounds asked for.
        rounds: u32,
        /// The most rounds possible.
        most: u32,
    },
    /// A round had no legal pairing; the event up to the round before is kept.
    #[error("round {round}: {error}")]
    NoPairing {
        /// The round that could not be paired.
        round: u32,
        /// Why.
        error: TeamPairingError,
        /// The event with the rounds before.
        so_far: Box<Tournament>,
    },
}

/// Refuses up front a profile that cannot be played: too few teams, or more rounds than a round
/// robin of the field (`n − 1` for an even field, `n` for an odd one, where each team has one
/// bye).
pub fn check_feasible(profile: &Profile) -> Result<(), GenerateError> {
    if profile.teams < 2 || profile.boards == 0 {
        return Err(GenerateError::TooSmall);
    }
    if profile.boards > crate::tournament::team::MAX_BOARDS {
        return Err(GenerateError::TooManyBoards(profile.boards));
    }
    let most = most_rounds(profile.teams);
    if profile.rounds > most {
        return Err(GenerateError::TooManyRounds {
            teams: profile.teams,
            rounds: profile.rounds,
            most,
        });
    }
    Ok(())
}

/// The TRF-2026 code of the system (record 192).
pub fn system_code(options: Options) -> &'static str {
    match (options.colours, options.primary) {
        (ColourPreferences::TypeA, PrimaryScore::MatchPoints) => "FIDE_TEAM_TYPEA_MP_GP",
        (ColourPreferences::TypeA, PrimaryScore::GamePoints) => "FIDE_TEAM_TYPEA_GP_MP",
        (ColourPreferences::TypeB, PrimaryScore::MatchPoints) => "FIDE_TEAM_TYPEB_MP_GP",
        (ColourPreferences::TypeB, PrimaryScore::GamePoints) => "FIDE_TEAM_TYPEB_GP_MP",
    }
}

/// The options a record 192 code names, if it is one of C.04.6's.
pub fn options_of_code(code: &str) -> Option<Options> {
    let code = code.trim().to_ascii_uppercase();
    if !code.starts_with("FIDE_TEAM") || code.contains("ROUNDROBIN") {
        return None;
    }
    let colours = if code.contains("TYPEB") {
        ColourPreferences::TypeB
    } else {
        ColourPreferences::TypeA
    };
    // The first score named is the primary one: `_MP_GP`, `_MP` match points; `_GP_MP`, `_GP`
    // game points (a `_BAKU` tail aside).
    let scores = code.trim_end_matches("_BAKU");
    let primary =
        if scores.ends_with("_GP_MP") || (scores.ends_with("_GP") && !scores.ends_with("_MP_GP")) {
            PrimaryScore::GamePoints
        } else {
            PrimaryScore::MatchPoints
        };
    Some(Options { primary, colours })
}

/// Makes the event of `profile` with `seed`.
pub fn generate(profile: &Profile, seed: u64) -> Result<Tournament, GenerateError> {
    check_feasible(profile)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let boards = profile.boards;
    let mut players = Vec::new();
    let mut teams = Vec::new();
    let mut strength = profile.top_rating;
    for t in 1..=profile.teams {
        let mut squad = Vec::new();
        for board in 1..=boards {
            let id = PlayerId(players.len() as u32 + 1);
            let rating = strength
                .saturating_sub((board as u16 - 1) * 10 + rng.random_range(0..20))
                .max(1000);
            players.push(Player {
                id,
                name: format!("Player {t:02}-{board:02}"),
                rating,
                federation: "FID".into(),
                ..Player::default()
            });
            squad.push(id);
        }
        teams.push(Team {
            id: TeamId(t),
            name: format!("Team {t:02}"),
            nickname: format!("T{t:02}"),
            squad,
        });
        strength = strength
            .saturating_sub(rng.random_range(0..profile.rating_step.max(1)))
            .max(1100);
    }
    let initial_colour = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let mut swiss = TeamSwiss {
        event: TeamEvent {
            name: format!("Generated team Swiss ({} teams)", profile.teams),
            players,
            teams,
            total_rounds: profile.rounds,
            boards,
            game_points: PointSystem::default(),
            match_points: profile.match_points,
            colours: BoardColours::HomeWhiteOnOdd,
            matches: Vec::new(),
            penalties: Vec::new(),
            forfeit_win: None,
            bye_value: Some(profile.bye_points),
        },
        byes: Some(PairingAllocatedByes {
            match_points: profile.bye_points.0,
            game_points: profile.bye_points.1,
            teams: Vec::new(),
        }),
        initial_colour: Some(initial_colour),
    };
    for round in 1..=profile.rounds {
        let present: Vec<TeamId> = swiss
            .event
            .teams
            .iter()
            .map(|t| t.id)
            .filter(|_| !rng.random_bool(probability(profile.absence_rate)))
            .collect();
        let input = round_input(&swiss, round, &present, profile.options);
        let pairing = match pair(&input) {
            Ok(pairing) => pairing,
            Err(error) => {
                return Err(GenerateError::NoPairing {
                    round,
                    error,
                    so_far: Box::new(tournament_of(&swiss, profile)),
                });
            }
        };
        for board in pairing {
            let Some(black) = board.black else {
                if let Some(byes) = &mut swiss.byes {
                    byes.teams.push((round, board.white));
                }
                continue;
            };
            let played = play_match(&mut rng, profile, &swiss.event, board.white, black);
            swiss.event.matches.push(TeamMatch {
                round,
                home: board.white,
                away: Some(black),
                boards: played.0,
                forfeit: played.1,
                unplayed: false,
            });
        }
    }
    Ok(tournament_of(&swiss, profile))
}

fn probability(rate: f64) -> f64 {
    if rate.is_finite() {
        rate.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The boards of a match of `home` (White on the odd boards) against `away`, or a forfeit.
fn play_match(
    rng: &mut StdRng,
    profile: &Profile,
    event: &TeamEvent,
    home: TeamId,
    away: TeamId,
) -> (Vec<MatchBoard>, Option<MatchForfeit>) {
    if rng.random_bool(probability(profile.forfeit_rate)) {
        let forfeit = if rng.random_bool(0.5) {
            MatchForfeit::HomeWins
        } else {
            MatchForfeit::AwayWins
        };
        return (Vec::new(), Some(forfeit));
    }
    let squad = |team: TeamId| {
        event
            .team(team)
            .map(|t| t.squad.clone())
            .unwrap_or_default()
    };
    let (home_squad, away_squad) = (squad(home), squad(away));
    let rating = |id: PlayerId| {
        event
            .players
            .get(id.0 as usize - 1)
            .map_or(1500.0, |p| f64::from(p.rating))
    };
    let boards = home_squad
        .iter()
        .zip(&away_squad)
        .enumerate()
        .map(|(index, (&h, &a))| {
            let number = index as u32 + 1;
            let (white, black) = if event.colours.home_colour(number, 1) == Color::White {
                (h, a)
            } else {
                (a, h)
            };
            let expected = 1.0 / (1.0 + 10f64.powf((rating(black) - rating(white)) / 400.0));
            let result = if rng.random_bool(probability(profile.draw_rate)) {
                BoardResult::Draw
            } else if rng.random_bool(expected.clamp(0.0, 1.0)) {
                BoardResult::WhiteWins
            } else {
                BoardResult::BlackWins
            };
            MatchBoard {
                number,
                white: Some(white),
                black: Some(black),
                result: Some(result),
            }
        })
        .collect();
    (boards, None)
}

/// The tournament file of the event so far: the team records, the byes (320), the totals of
/// each team (310) with the byes counted, and the setup records.
fn tournament_of(swiss: &TeamSwiss, profile: &Profile) -> Tournament {
    let mut tournament = swiss.event.to_tournament();
    let paired = swiss.rounds_paired();
    for player in &mut tournament.players {
        player.rounds.truncate(paired as usize);
        while player.rounds.len() < paired as usize {
            player.rounds.push(crate::tournament::model::RoundEntry {
                opponent: None,
                color: None,
                result: crate::tournament::model::GameResult::ZeroPointBye,
            });
        }
    }
    tournament.total_rounds = profile.rounds;
    tournament.setup.initial_color = swiss.initial_colour;
    tournament.other_records = vec![format!("192 {}", system_code(profile.options))];
    let byes = swiss.byes.clone().filter(|b| !b.teams.is_empty());
    tournament.teams.pairing_allocated_byes = byes;
    // The totals after the last round, byes included (match points, then game points).
    let everyone: Vec<TeamId> = swiss.event.teams.iter().map(|t| t.id).collect();
    let scores = round_input(
        swiss,
        paired + 1,
        &everyone,
        Options {
            primary: PrimaryScore::MatchPoints,
            colours: ColourPreferences::TypeA,
        },
    );
    let rank_key = |e: &super::Entrant| (e.primary, e.secondary);
    tournament.teams.totals = scores
        .entrants
        .iter()
        .map(|e| TeamTotal {
            team: e.team,
            match_points: e.primary,
            game_points: e.secondary,
            rank: 1 + scores
                .entrants
                .iter()
                .filter(|o| rank_key(o) > rank_key(e))
                .count() as u32,
        })
        .collect();
    tournament
}

/// The profile of event `index` of the acceptance run `seed`: 5–11 rounds (never more than the
/// field allows), 4–10 boards, teams from `teams`, draws 0–60 %, forfeited matches 0–5 %,
/// absences 0–5 % in half the events, type B colours in a quarter, game points primary in a
/// quarter. The second value is the seed of the event's results. Event `index` of `seed` is
/// always the same.
pub fn sample_profile(seed: u64, index: u64, teams: RangeInclusive<u32>) -> (Profile, u64) {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&index.to_le_bytes());
    key[16..24].copy_from_slice(b"c046team");
    let mut rng = StdRng::from_seed(key);
    let (low, high) = (*teams.start(), *teams.end());
    let teams = rng.random_range(low.max(2)..=high.max(low.max(2)));
    let rounds = rng.random_range(5..=11).min(most_rounds(teams));
    let boards = rng.random_range(4..=10);
    let top_rating = rng.random_range(1800..=2700);
    let rating_step = [5, 15, 30, 60, 120][rng.random_range(0..5)];
    let draw_rate = rng.random_range(0.0..=0.6);
    let forfeit_rate = rng.random_range(0.0..=0.05);
    let absence_rate = if rng.random_bool(0.5) {
        rng.random_range(0.0..=0.05)
    } else {
        0.0
    };
    let colours = if rng.random_bool(0.25) {
        ColourPreferences::TypeB
    } else {
        ColourPreferences::TypeA
    };
    let primary = if rng.random_bool(0.25) {
        PrimaryScore::GamePoints
    } else {
        PrimaryScore::MatchPoints
    };
    let bye_points = match rng.random_range(0..3) {
        0 => (Points(20), Points(boards as i32 * 10)),
        1 => (Points(10), Points(boards as i32 * 5)),
        _ => (Points(20), Points(boards as i32 * 5)),
    };
    let profile = Profile {
        teams,
        boards,
        rounds,
        top_rating,
        rating_step,
        draw_rate,
        forfeit_rate,
        absence_rate,
        options: Options { primary, colours },
        match_points: MatchPoints::default(),
        bye_points,
    };
    (profile, rng.random())
}
