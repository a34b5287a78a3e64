//! `POST /tournaments/{id}/teams`: adds a team with the next pairing number (before the
//! schedule is drawn). Its squad is made by registering players with this team.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::tournament::entry_fields::check_text;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TeamForm {
    /// The team's name.
    pub name: String,
    /// Its club or federation.
    pub club: String,
}

/// Adds the team and shows the teams again.
pub async fn add_team(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<TeamForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let CsrfForm(form) = form;
    let name = check_text(form.name.trim(), true)
        .map_err(|_| AppError::Unprocessable(ctx.t("league.error.team_name")))?;
    let club = check_text(form.club.trim(), false)
        .map_err(|_| AppError::Unprocessable(ctx.t("league.error.team_name")))?;
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let by = user.id;
    let team = state
        .write(&ctx, move |conn| {
            store::add_team(conn, tournament, &name, &club, by)
        })
        .await?;
    let notice = ctx.lang.t_with(
        "league.team_added",
        &[("name", &team.name), ("number", &team.number.to_string())],
    );
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/teams"),
        notice,
    ))
}
