//! A TRF file another program wrote as a [`PublicState`]: the one conversion from the TRF
//! reader's [`Tournament`] (and its report header) to the public state document, so that an
//! imported event is read by a series exactly as one of this server's events is.
//!
//! The rounds are the file's rounds, every one complete; the standings are computed here after
//! the last round with the usual Swiss tie-breaks (C.07: BH-C1, BH, SB, DE), ties left after them
//! sharing the place (no lots are drawn for an event that is over). The year of birth and the
//! sex come along for a series' categories ([`crate::formats::public_state::Player::birth_year`]).

use crate::formats::public_state::{
    AdjustmentState, BoardState, Event, FORMAT, Player, PublicState, RoundState, StandingRow,
    Standings, VERSION, date_text,
};
use crate::formats::trf::ReportHeader;
use crate::tournament::board::boards_of_round;
use crate::tournament::model::Tournament;
use crate::tournament::scoring::PointSystem;
use crate::tournament::tiebreak::{Calculator, Lots, TieBreakSettings, rank::rank_with};

impl PublicState {
    /// The document of a tournament read from a TRF file, under the public id `id`; an event
    /// without a first day in its header (`042`) takes `fallback_date`.
    pub fn from_trf(
        tournament: &Tournament,
        header: &ReportHeader,
        id: String,
        fallback_date: time::Date,
    ) -> PublicState {
        let played = tournament.rounds_played();
        let start = header.start_date.unwrap_or(fallback_date);
        let end = header.end_date.filter(|end| *end >= start).unwrap_or(start);
        let players = tournament
            .players
            .iter()
            .map(|p| Player {
                number: Some(p.id.0),
                name: p.name.trim().to_owned(),
                title: p.title.trim().to_owned(),
                federation: p.federation.trim().to_owned(),
                rating: Some(u32::from(p.rating)).filter(|r| *r > 0),
                national_rating: None,
                fide_id: p.fide_id.and_then(|id| i64::try_from(id).ok()),
                national_id: None,
                club: String::new(),
                birth_year: birth_year(&p.birth),
                sex: Some(p.sex.trim().to_lowercase()).filter(|s| !s.is_empty()),
            })
            .collect();
        let rounds = (1..=played)
            .map(|round| RoundState {
                number: round,
                date: header
                    .round_dates
                    .get(round as usize - 1)
                    .copied()
                    .flatten()
                    .map(date_text),
                start: None,
                boards: boards(tournament, round),
            })
            .collect();
        let settings = TieBreakSettings {
            lots: Lots::Shared,
            ..TieBreakSettings::swiss_default()
        };
        let calculator = Calculator::after_round(tournament, settings.swiss, played);
        let ranked = rank_with(&calculator, &settings);
        let standings = Standings {
            after_round: played,
            tie_breaks: ranked.tie_breaks.iter().map(|t| t.fide_code()).collect(),
            rows: ranked
                .rows
                .iter()
                .map(|row| StandingRow {
                    rank: row.rank,
                    player: row.player.0,
                    points: row.points.to_string(),
                    tie_breaks: row
                        .values
                        .iter()
                        .map(|value| value.map(|v| v.display()))
                        .collect(),
                })
                .collect(),
            point_system: if tournament.points == PointSystem::default() {
                Vec::new()
            } else {
                tournament
                    .points
                    .scores()
                    .iter()
                    .map(|s| s.to_string())
                    .collect()
            },
            adjustments: tournament
                .adjustments
                .iter()
                .map(|a| AdjustmentState {
                    player: a.player.0,
                    round: a.round,
                    points: a.points.to_string(),
                })
                .collect(),
        };
        PublicState {
            format: FORMAT.to_owned(),
            version: VERSION,
            id,
            revision: 0,
            published_at: None,
            event: Event {
                name: tournament.name.trim().to_owned(),
                place: header.city.trim().to_owned(),
                federation: header.federation.trim().to_owned(),
                start_date: date_text(start),
                end_date: date_text(end),
                time_zone: String::new(),
                system: "swiss_dutch".to_owned(),
                team: false,
                rounds: tournament.total_rounds.max(played),
                time_control: header.time_control.trim().to_owned(),
                chief_arbiter: header.chief_arbiter.trim().to_owned(),
            },
            players,
            rounds,
            standings,
            teams: Vec::new(),
            matches: Vec::new(),
            team_standings: None,
            prizes: Vec::new(),
        }
    }
}

/// The year of a TRF birth field (`1990/05/12`, `1990`, `12.05.1990`); `None` without one.
fn birth_year(birth: &str) -> Option<u32> {
    let birth = birth.trim();
    crate::formats::trf::date(birth)
        .and_then(|date| u32::try_from(date.year()).ok())
        .or_else(|| birth.get(..4)?.parse::<u32>().ok())
        .filter(|year| *year > 1800)
}

/// Round `round`'s boards by the one mapping of round entries to boards
/// ([`boards_of_round`]; the file was checked by the reader, so every opponent names the
/// player back).
fn boards(tournament: &Tournament, round: u32) -> Vec<BoardState> {
    boards_of_round(tournament, round)
        .unwrap_or_default()
        .into_iter()
        .map(|board| BoardState {
            board: board.number,
            white: board.white.0,
            black: board.black.map(|b| b.0),
            result: board.result.map(|r| r.as_str().to_owned()),
            moves: None,
        })
        .collect()
}
