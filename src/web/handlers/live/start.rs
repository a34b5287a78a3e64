//! `POST /tournaments/{id}/rounds/{number}/start`: the arbiter starts the round; the default
//! time (Art. 6.7.1) counts from now. Starting twice keeps the first start.

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct StartForm {}

/// Starts the round and goes back to the live view.
pub async fn start_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    _form: CsrfForm<StartForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (now, by) = (OffsetDateTime::now_utc().unix_timestamp(), user.id);
    state
        .write(&ctx, move |conn| {
            store::start_round(conn, tournament, number, now, by)
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live"
    )))
}
