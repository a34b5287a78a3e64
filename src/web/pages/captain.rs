//! A team captain's page behind their personal link (`/captain/{token}`): the team's matches
//! in a league, each with the line-up form while the captain may still give or change it, and
//! the two line-ups side by side once both are in — they are revealed together, as a league's
//! line-ups are exchanged, or when the league's deadline before the round's start passes (then
//! the one given is shown and the form is closed); until then a captain sees only their own.

use askama::Template;

use crate::db::league::LeagueData;
use crate::db::models::PlayerRowId;
use crate::db::models::captain_links::CaptainLink;
use crate::db::models::teams::{TeamRow, TeamRowId};
use crate::tournament::personal_link::token_digest;
use crate::tournament::time_zone;
use crate::web::pages::league_match::{LineupForm, captains_words, lineup_form};
use crate::web::{AppError, AppState, PageContext};

/// One board once both line-ups are in.
#[derive(Debug, Clone)]
pub struct RevealedBoard {
    /// Board number.
    pub number: u32,
    /// White's name, empty for an empty seat.
    pub white: String,
    /// Black's name, empty for an empty seat.
    pub black: String,
    /// The result as shown, empty while not played.
    pub result: String,
}

/// One match of the team.
#[derive(Debug, Clone)]
pub struct CaptainMatch {
    /// The match's row id (the form's address).
    pub id: i32,
    /// The round.
    pub round: i32,
    /// The other team's name.
    pub opponent: String,
    /// This team plays at home (first named).
    pub home: bool,
    /// The match's version (the form's guard against a stale page).
    pub version: i32,
    /// This team's line-up is in.
    pub own_given: bool,
    /// When the line-ups are due, in the event's time zone; empty without a deadline.
    pub deadline: String,
    /// The deadline has passed.
    pub deadline_passed: bool,
    /// The other team's line-up is in (only that it is, not who).
    pub other_given: bool,
    /// The form, while the captain may give or change the line-up.
    pub form: Option<LineupForm>,
    /// The boards, once both line-ups are in.
    pub boards: Vec<RevealedBoard>,
    /// The match is played: the captains give their word on its results.
    pub played: bool,
    /// Both captains' words on the results (team, word).
    pub words: Vec<(String, String)>,
}

/// The page.
#[derive(Template)]
#[template(path = "captain/show.html")]
pub struct CaptainPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The link's token (the forms' addresses).
    pub token: String,
    /// The event's name.
    pub event: String,
    /// The team's name.
    pub team: String,
    /// The team's matches by round.
    pub matches: Vec<CaptainMatch>,
}

impl CaptainPage {
    /// The page of `team`'s captain.
    pub fn new(ctx: PageContext, league: &LeagueData, team: TeamRowId, token: String) -> Self {
        let name = |p: Option<PlayerRowId>| {
            p.and_then(|p| league.data.player(p))
                .map_or(String::new(), |p| p.name.clone())
        };
        let now = crate::db::now();
        let zone = &league.data.tournament.time_zone;
        let mut matches: Vec<CaptainMatch> = league
            .matches
            .iter()
            .filter(|m| m.home_id == team || m.away_id == Some(team))
            .filter_map(|m| {
                let away = m.away_id?;
                let home = m.home_id == team;
                let other = if home { away } else { m.home_id };
                let (own_given, other_given) = if home {
                    (m.home_lineup, m.away_lineup)
                } else {
                    (m.away_lineup, m.home_lineup)
                };
                let stored = league.boards_of(m.id);
                let revealed = league.lineups_revealed(m, now);
                let open =
                    !revealed && m.forfeit.is_none() && !stored.iter().any(|b| b.result.is_some());
                let side = if home { "home" } else { "away" };
                let boards = if revealed {
                    (1..=u32::try_from(league.league.boards).unwrap_or(0))
                        .map(|n| {
                            let row = stored.iter().find(|b| b.board as u32 == n);
                            RevealedBoard {
                                number: n,
                                white: name(row.and_then(|b| b.white_id)),
                                black: name(row.and_then(|b| b.black_id)),
                                result: row
                                    .and_then(|b| b.result)
                                    .map(|r| r.label().to_owned())
                                    .unwrap_or_default(),
                            }
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                Some(CaptainMatch {
                    id: m.id.0,
                    round: m.round,
                    opponent: league.team(other).map_or(String::new(), |t| t.name.clone()),
                    home,
                    version: m.version,
                    own_given,
                    deadline: league
                        .lineup_deadline(m)
                        .map(|due| time_zone::local_text(zone, due))
                        .unwrap_or_default(),
                    deadline_passed: league.lineup_deadline_passed(m, now),
                    other_given,
                    form: open.then(|| lineup_form(&ctx, league, m, side, team)),
                    boards,
                    played: league.match_played(m),
                    words: captains_words(&ctx, league, m),
                })
            })
            .collect();
        matches.sort_by_key(|m| m.round);
        CaptainPage {
            token,
            event: league.data.tournament.name.clone(),
            team: league.team(team).map_or(String::new(), |t| t.name.clone()),
            matches,
            ctx,
        }
    }
}

/// The league and team a captain's link `token` speaks for; `NotFound` for a malformed,
/// unknown or revoked link, or a team no longer in a league.
pub async fn load_captain(
    state: &AppState,
    token: String,
) -> Result<(LeagueData, TeamRowId), AppError> {
    if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::NotFound);
    }
    state
        .db(move |conn| {
            let team =
                CaptainLink::team_of(conn, &token_digest(&token))?.ok_or(AppError::NotFound)?;
            let row = TeamRow::find(conn, team)?.ok_or(AppError::NotFound)?;
            let data = crate::db::domain::TournamentData::load(conn, row.tournament_id)?
                .ok_or(AppError::NotFound)?;
            if !data.tournament.pairing_system.is_team()
                || data.tournament.pairing_system.is_team_swiss()
            {
                return Err(AppError::NotFound);
            }
            Ok((LeagueData::load_for(conn, data)?, team))
        })
        .await
}
