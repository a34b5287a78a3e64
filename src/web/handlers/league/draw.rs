//! `POST /tournaments/{id}/league/draw`: draws the league's schedule by the Berger tables
//! (C.05 Annex 1), the teams' pairing numbers as entered or, with `lots`, drawn first.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DrawForm {
    /// Checkbox: draw the pairing numbers by lot.
    pub lots: Option<String>,
}

/// Draws the schedule and opens round 1.
pub async fn draw_schedule(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<DrawForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let lots = form.lots.is_some().then(rand::random::<u64>);
    let by = user.id;
    let rounds = state
        .write(&ctx, move |conn| {
            store::draw_schedule(conn, tournament, lots, by)
        })
        .await?;
    let notice = ctx.lang.t_with(
        "league.schedule_drawn",
        &[("rounds", &ctx.lang.counted("rounds", u64::from(rounds)))],
    );
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/league/rounds/1"),
        notice,
    ))
}
