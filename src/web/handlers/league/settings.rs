//! `POST /tournaments/{id}/league/settings`: the league's boards per match (4–12), board
//! colours, match points and ranking order (the organiser); for a team Swiss also its system
//! (C.04.6 primary score and colour type), the bye's value and the initial-colour. The number
//! of boards is fixed once a line-up is in; a team Swiss's system and initial-colour once round
//! 1 is paired.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::TournamentId;
use crate::db::models::team_leagues::{LeagueRow, parse_colours};
use crate::db::store;
use crate::tournament::scoring::Points;
use crate::tournament::team::tiebreak::TeamTieBreak;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The team Swiss systems offered (C.04.6 Art. 1.2 and 1.7, as TRF-2026 record 192 codes).
pub const SWISS_SYSTEMS: [&str; 4] = [
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEA_GP_MP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_TYPEB_GP_MP",
];

/// The fewest and most boards of a match.
pub const BOARDS: std::ops::RangeInclusive<i32> = 1..=20;

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SettingsForm {
    /// Boards per match.
    pub boards: String,
    /// Colour rule's stored name.
    pub colours: String,
    /// Match points of a win.
    pub win: String,
    /// Of a draw.
    pub draw: String,
    /// Of a loss.
    pub loss: String,
    /// A preset name or a list of team tie-break codes.
    pub tie_breaks: String,
    /// A list of team tie-break codes typed by the organiser (`MPTS,GPTS,DE:MP,EMGSB`): when
    /// given, it is the ranking instead of the preset.
    pub tie_break_list: String,
    /// A team Swiss's system code (TRF-2026 record 192); empty for a league.
    pub swiss_system: String,
    /// Match points of a team Swiss's pairing-allocated bye.
    pub bye_match_points: String,
    /// Its game points; empty = half the boards.
    pub bye_game_points: String,
    /// The initial-colour: `w`, `b` or empty (drawn before round 1).
    pub initial_colour: String,
}

impl SettingsForm {
    /// The settings, or the first problem in the page's language.
    pub fn check(&self, ctx: &PageContext, tournament: TournamentId) -> Result<LeagueRow, String> {
        let boards = self
            .boards
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|b| BOARDS.contains(b))
            .ok_or_else(|| ctx.t("league.error.boards"))?;
        let colours =
            parse_colours(self.colours.trim()).ok_or_else(|| ctx.t("league.error.colours"))?;
        let points = |text: &str| {
            Some(text)
                .filter(|t| t.trim().chars().count() <= 5)
                .and_then(Points::parse)
                .filter(|p| (0..=100).contains(&p.0))
                .ok_or_else(|| ctx.t("league.error.match_points"))
        };
        let (win, draw, loss) = (points(&self.win)?, points(&self.draw)?, points(&self.loss)?);
        if !(win.0 > draw.0 && draw.0 >= loss.0) {
            return Err(ctx.t("league.error.match_points"));
        }
        let tie_breaks = match self.tie_break_list.trim() {
            "" => self.tie_breaks.trim().to_owned(),
            list => list
                .chars()
                .take(200)
                .collect::<String>()
                .to_ascii_uppercase(),
        };
        let defaults = LeagueRow::default_for(tournament);
        let swiss_system = match self.swiss_system.trim() {
            "" => defaults.swiss_system,
            code => SWISS_SYSTEMS
                .iter()
                .find(|&&known| known == code)
                .map(|&known| known.to_owned())
                .ok_or_else(|| ctx.t("league.error.swiss_system"))?,
        };
        let bye_match_points = match self.bye_match_points.trim() {
            "" => defaults.bye_match_points,
            text => points(text)?.0,
        };
        let bye_game_points = match self.bye_game_points.trim() {
            "" => None,
            text => Some(
                Points::parse(text)
                    .filter(|p| (0..=boards * 10).contains(&p.0))
                    .ok_or_else(|| ctx.t("league.error.bye_game_points"))?
                    .0,
            ),
        };
        let initial_colour = match self.initial_colour.trim() {
            colour @ ("" | "w" | "b") => colour.to_owned(),
            _ => return Err(ctx.t("league.error.initial_colour")),
        };
        let row = LeagueRow {
            tournament_id: tournament,
            boards,
            colours: crate::db::models::team_leagues::colours_name(colours).into(),
            match_points_win: win.0,
            match_points_draw: draw.0,
            match_points_loss: loss.0,
            tie_breaks,
            swiss_system,
            bye_match_points,
            bye_game_points,
            initial_colour,
        };
        if row.order().is_none() && TeamTieBreak::parse_list(&row.tie_breaks).is_err() {
            return Err(ctx
                .lang
                .t_with("league.error.tie_breaks", &[("value", &row.tie_breaks)]));
        }
        Ok(row)
    }
}

/// Saves the settings and shows the teams page again.
pub async fn save_settings(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let settings = form
        .check(&ctx, tournament)
        .map_err(AppError::Unprocessable)?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::save_league(conn, tournament, settings, by)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/teams"),
        ctx.t("league.settings_saved"),
    ))
}
