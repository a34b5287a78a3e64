//! `POST /tournaments/{id}/publishing`: sets the public server's address and the publishing
//! key (owner or administrator); an empty key keeps the one saved before.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::publish_targets::PublishTarget;
use crate::db::store;
use crate::publish::target_url;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The longest key accepted, in characters.
pub const MAX_KEY: usize = 200;

/// The form.
#[derive(Debug, Deserialize)]
pub struct TargetForm {
    /// The public server's address.
    #[serde(default)]
    pub url: String,
    /// The publishing key (empty: keep the saved one).
    #[serde(default)]
    pub key: String,
}

/// Saves the target; the tournament's state is queued for the first push.
pub async fn save_target(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<TargetForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let url = target_url(&form.url).map_err(|_| {
        AppError::Unprocessable(ctx.t_with_name("publish.error.url", form.url.trim()))
    })?;
    let typed = form.key.trim().to_owned();
    if typed.chars().count() > MAX_KEY || typed.chars().any(|c| c.is_whitespace()) {
        return Err(AppError::Unprocessable(ctx.t("publish.error.key")));
    }
    let by = user.id;
    let missing_key = ctx.t("publish.error.key");
    state
        .try_write(move |conn| {
            let key = if typed.is_empty() {
                match PublishTarget::find(conn, tournament)? {
                    Some(target) => target.key,
                    None => return Ok(Err(missing_key)),
                }
            } else {
                typed
            };
            store::set_publish_target(conn, tournament, &url, &key, Some(by)).map(Ok)
        })
        .await?
        .map_err(|error| AppError::from_store(&ctx, error))?
        .map_err(AppError::Unprocessable)?;
    Ok(see_other(&format!("/tournaments/{id}#publishing")))
}
