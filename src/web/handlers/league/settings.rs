//! `POST /tournaments/{id}/league/settings`: the league's boards per match (4–12), board
//! colours, match points and ranking order (the organiser); for a team Swiss also its system
//! (C.04.6 primary score and colour type), the bye's value and the initial-colour. The number
//! of boards is fixed once a line-up is in; a team Swiss's system and initial-colour once round
//! 1 is paired.

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::league::SettingsForm;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

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
