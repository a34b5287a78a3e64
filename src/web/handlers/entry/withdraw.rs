//! `POST /tournaments/{id}/entry/{token}/withdraw`: the entrant withdraws through their link
//! before round 1 is paired ([`store::withdraw_entry`]; the first waiting entry moves up).

use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::load_linked_entry;
use crate::web::{AppError, AppState, PageContext, see_other};

/// Withdraws the entry.
pub async fn withdraw_entry(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (id, token) = path.into_inner();
    let linked = load_linked_entry(&state, id, token.clone()).await?;
    let (tournament, entry) = (linked.data.tournament.id, linked.entry.id);
    state
        .write(&ctx, move |conn| {
            store::withdraw_entry(conn, tournament, entry)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/entry/{token}")))
}
