//! `POST /tournaments/{id}/players/mappings/{mapping}/delete`: deletes one of the visitor's
//! saved column mappings ([`store::delete_mapping`]) from the player import page; another
//! organiser's mapping is not found (404).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form carries only the CSRF token.
#[derive(Debug, Default, serde::Deserialize)]
pub struct MappingDeleteForm {}

/// Deletes the mapping and goes back to the import page.
pub async fn delete_mapping(
    ctx: PageContext,
    user: CurrentUser,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    _form: CsrfForm<MappingDeleteForm>,
) -> Result<HttpResponse, AppError> {
    let (id, mapping) = path.into_inner();
    let owner = user.id;
    authorise(&state, &user.0, id, Need::Day).await?;
    let name = state
        .write(&ctx, move |conn| {
            store::delete_mapping(conn, owner, mapping)
        })
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/players/import"),
        ctx.t_with_name("player.mapping_deleted", &name),
    ))
}
