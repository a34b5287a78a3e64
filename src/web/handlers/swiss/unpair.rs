//! `POST /tournaments/{id}/swiss/unpair`: removes the last round's pairing while none of its
//! games has a result (bye rows do not count), so the organiser can pair it again.

use actix_web::{HttpResponse, web};
use diesel::prelude::*;

use crate::db::schema::{games, rounds};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct UnpairForm {}

/// Deletes the last round and goes back to the Swiss page.
pub async fn unpair_last_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<UnpairForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let Some(last) = data.rounds.iter().max_by_key(|r| r.number).copied() else {
        return Err(AppError::Conflict(ctx.t("day.pair.nothing_to_unpair")));
    };
    let has_results = data
        .games_of_round(last.number)
        .iter()
        .any(|g| g.black_id.is_some() && g.result.is_some());
    if has_results {
        return Err(AppError::Conflict(ctx.t("day.pair.has_results")));
    }
    state
        .db(move |conn| {
            conn.transaction(|conn| {
                diesel::delete(games::table.filter(games::round_id.eq(last.id))).execute(conn)?;
                diesel::delete(rounds::table.filter(rounds::id.eq(last.id))).execute(conn)?;
                Ok::<_, AppError>(())
            })
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/swiss")))
}
