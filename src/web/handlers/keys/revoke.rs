//! `POST /account/keys/{id}/revoke`: revokes one of the organiser's publishing keys; pushes
//! with it are refused from now on (what it published stays published).

use actix_web::{HttpResponse, web};

use crate::db::models::publishing_keys::PublishingKeyId;
use crate::db::store;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: its CSRF token only.
#[derive(Debug, serde::Deserialize)]
pub struct RevokeForm {}

/// Revokes the key (404 for another organiser's).
pub async fn revoke_key(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<RevokeForm>,
) -> Result<HttpResponse, AppError> {
    let (owner, id) = (user.id, PublishingKeyId(path.into_inner()));
    state
        .write(&ctx, move |conn| {
            store::revoke_publishing_key(conn, owner, id)
        })
        .await?;
    Ok(see_other("/account/keys"))
}
