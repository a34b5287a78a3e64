//! `POST /tournaments/{id}/rounds/{number}/start`: the arbiter starts the round; the default
//! time (Art. 6.7.1) counts from now. Starting twice keeps the first start.

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::tournament_day::RoundStart;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::live::{load_for_results, round_of};
use crate::web::{AppError, AppState, see_other};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct StartForm {}

/// Starts the round and goes back to the live view.
pub async fn start_round(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    _form: CsrfForm<StartForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, _) = load_for_results(&state, user.0, id).await?;
    let round = round_of(&data, number)?;
    let now = OffsetDateTime::now_utc().unix_timestamp();
    state
        .db(move |conn| Ok(RoundStart::start(conn, round.id, now)?))
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live"
    )))
}
