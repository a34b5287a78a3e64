//! `POST /tournaments/{id}/league/matches/{match}/status`: a whole-match forfeit (`forfeit` =
//! `home`, `away`, `both` or empty) and whether the match is postponed (played later, out of
//! order; the standings count it as still to play until its results are in).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::team_matches::{TeamMatchId, parse_forfeit};
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct StatusForm {
    /// The forfeit's stored name, empty for none.
    pub forfeit: String,
    /// Checkbox: postponed.
    pub postponed: Option<String>,
}

/// Saves the status and shows the match again.
pub async fn set_status(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<StatusForm>,
) -> Result<HttpResponse, AppError> {
    let (id, of) = path.into_inner();
    let forfeit = match form.forfeit.trim() {
        "" => None,
        name => Some(
            parse_forfeit(name)
                .ok_or_else(|| AppError::Unprocessable(ctx.t("league.error.forfeit")))?,
        ),
    };
    let postponed = form.postponed.is_some();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::set_match_status(conn, tournament, TeamMatchId(of), forfeit, postponed, by)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/league/matches/{of}"),
        ctx.t("league.status_saved"),
    ))
}
