//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/forfeit`: one click confirms the
//! forfeit of a flagged board (Art. 6.7.1: `-/+`, `+/-`, or `-/-` when both are absent). The
//! result is computed by the store from the round's start and the check-ins, never taken from
//! the form. Unless the arbiter ticks "excused", a player who forfeits without notice is
//! withdrawn from the later rounds when the tournament's rule says so (GRC Art. 6.5;
//! [`store::confirm_forfeit`]).

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::GameId;
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ForfeitForm {
    /// The board's version when the live view was shown.
    pub version: i32,
    /// Present when the arbiter excuses the absence (no withdrawal).
    #[serde(default)]
    pub excused: Option<String>,
}

/// Confirms the forfeit.
pub async fn confirm_forfeit(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<ForfeitForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (version, excused, by) = (form.version, form.excused.is_some(), user.id);
    let now = OffsetDateTime::now_utc();
    state
        .write(&ctx, move |conn| {
            store::confirm_forfeit(
                conn,
                tournament,
                number,
                GameId(game),
                version,
                excused,
                now,
                by,
            )
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live"
    )))
}
