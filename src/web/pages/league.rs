//! What the league's pages share: the league loaded for a visitor, which rounds they see, the
//! match lines of a round, points as halves and the line-up's refusals in words.

use crate::db::league::LeagueData;
use crate::db::models::User;
use crate::db::models::team_matches::TeamMatchRow;
use crate::db::models::teams::TeamRowId;
use crate::tournament::team::lineup::LineupError;
use crate::tournament::team::score::match_score;
use crate::tournament::team::{TeamEvent, TeamId};
use crate::web::access::{Access, load_visible};
use crate::web::{AppError, AppState, PageContext};

/// Loads the league of tournament `id` for `user`: 404 when it is not visible to them or is
/// not a team competition.
pub async fn load_league(
    state: &AppState,
    user: Option<User>,
    id: i32,
) -> Result<(LeagueData, Access), AppError> {
    let (data, access) = load_visible(state, user, id).await?;
    if !data.tournament.pairing_system.is_team() {
        return Err(AppError::NotFound);
    }
    let league = state
        .db(move |conn| Ok(LeagueData::load_for(conn, data)?))
        .await?;
    Ok((league, access))
}

/// Whether a visitor with `access` may see round `round`: a team Swiss's round once published
/// (whoever runs the day sees it before, to check it); a league's schedule always.
pub fn round_visible(league: &LeagueData, access: Access, round: i32) -> bool {
    !league.data.tournament.pairing_system.is_team_swiss()
        || access.run_day
        || league
            .data
            .rounds
            .iter()
            .any(|r| r.number == round && r.published)
}

/// A match as a line of a round's list.
#[derive(Debug, Clone)]
pub struct MatchLine {
    /// The match's row id (for links).
    pub id: i32,
    /// The round.
    pub round: i32,
    /// The home team's name.
    pub home: String,
    /// The away team's name (empty for the free round).
    pub away: String,
    /// `5½ : 2½`, empty while not played.
    pub score: String,
    /// What else to know: forfeited, postponed, line-ups missing.
    pub status: String,
    /// The free round of an odd number of teams.
    pub free: bool,
}

impl MatchLine {
    /// The line of `found`, with its score in `event`.
    pub fn new(
        ctx: &PageContext,
        league: &LeagueData,
        event: &TeamEvent,
        found: &TeamMatchRow,
    ) -> MatchLine {
        let name = |id: TeamRowId| league.team(id).map_or(String::new(), |t| t.name.clone());
        let number = |id: TeamRowId| league.team(id).map_or(0, |t| t.number as u32);
        let scored = event
            .matches
            .iter()
            .find(|m| m.round as i32 == found.round && m.home == TeamId(number(found.home_id)))
            .and_then(|m| match_score(event, m));
        let score = match (scored, found.away_id) {
            (Some(s), Some(_)) => format!(
                "{} : {}",
                half_points(s.home_game_points),
                half_points(s.away_game_points)
            ),
            // A team Swiss's bye scores its game points (C.04.6 Art. 1.4).
            (Some(s), None) if event.bye_value.is_some() => half_points(s.home_game_points),
            _ => String::new(),
        };
        let status = if found.away_id.is_none() && event.bye_value.is_some() {
            ctx.t("result.code.pairing_bye")
        } else if found.away_id.is_none() {
            ctx.t("league.free_round")
        } else if found.forfeit.is_some() {
            ctx.t("league.forfeited")
        } else if found.postponed && scored.is_none() {
            // A postponed match once played is just played.
            ctx.t("league.postponed")
        } else if scored.is_none() && !(found.home_lineup && found.away_lineup) {
            ctx.t("league.lineups_missing")
        } else {
            String::new()
        };
        MatchLine {
            id: found.id.0,
            round: found.round,
            home: name(found.home_id),
            away: found.away_id.map(name).unwrap_or_default(),
            score,
            status,
            free: found.away_id.is_none(),
        }
    }
}

/// Points with a half as `½` (`5½`, `½`, `4`), as the printed tables write them.
pub fn half_points(points: crate::tournament::scoring::Points) -> String {
    crate::print::points_text(points)
}

/// Why a line-up was refused, naming the boards.
pub fn lineup_message(ctx: &PageContext, error: &LineupError) -> String {
    match error {
        LineupError::TooManyPlayers { named, boards } => ctx.lang.t_with(
            "league.error.lineup_too_many",
            &[
                ("named", &ctx.lang.counted("players", *named as u64)),
                ("boards", &ctx.lang.counted("boards", u64::from(*boards))),
            ],
        ),
        LineupError::NamedTwice { first, second } => ctx.lang.t_with(
            "league.error.lineup_twice",
            &[
                ("first", &first.to_string()),
                ("second", &second.to_string()),
            ],
        ),
        LineupError::NotInSquad { board } => ctx.lang.t_with(
            "league.error.lineup_not_in_squad",
            &[("board", &board.to_string())],
        ),
        LineupError::OutOfOrder {
            board, lower_board, ..
        } => ctx.lang.t_with(
            "league.error.lineup_order",
            &[
                ("board", &board.to_string()),
                ("lower_board", &lower_board.to_string()),
            ],
        ),
    }
}
