//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/check-in`: a player arrived at the
//! board (Art. 6.7.1). `undo=true` removes a check-in made by mistake.

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::GameId;
use crate::db::store;
use crate::tournament::model::Color;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct CheckInForm {
    /// `white` or `black`.
    pub colour: String,
    /// Remove the check-in instead.
    #[serde(default)]
    pub undo: bool,
}

/// Records the arrival (or removes it).
pub async fn check_in(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<CheckInForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let colour = match form.colour.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(AppError::NotFound),
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (undo, by) = (form.undo, user.id);
    let now = OffsetDateTime::now_utc().unix_timestamp();
    state
        .write(&ctx, move |conn| {
            store::check_in(
                conn,
                tournament,
                number,
                GameId(game),
                colour,
                undo,
                now,
                by,
            )
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live"
    )))
}
