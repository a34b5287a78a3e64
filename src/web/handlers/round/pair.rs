//! `POST /tournaments/{id}/rounds/pair` (and `/swiss/pair`, the Swiss page's button): pairs
//! the next round by the tournament's system — the Dutch engine, with Baku acceleration, or the
//! Berger tables — through the one round planner ([`crate::day`]) and the store
//! ([`store::pair_next_round`]), which issues the boards' self-report codes with it. The round
//! is saved unpublished: whoever runs the day sees a
//! preview on the round page and publishes it there, or unpairs it and pairs again.

use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct PairForm {}

/// Pairs the next round and opens it.
pub async fn pair_next_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<PairForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let key = state.config.link_key();
    let number = state
        .write(&ctx, move |conn| {
            store::pair_next_round(conn, tournament, by, &key)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/rounds/{number}")))
}
