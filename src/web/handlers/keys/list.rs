//! `GET /account/keys`: the organiser's publishing keys and the form for a new one.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::publishing_keys::PublishingKey;
use crate::web::extractors::Organiser;
use crate::web::pages::publishing::{KeyRow, KeysPage};
use crate::web::{AppError, AppState, PageContext, public_base_url, render_page};

/// Shows the keys.
pub async fn list_keys(
    req: HttpRequest,
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let owner = user.id;
    let keys = state
        .db(move |conn| Ok(PublishingKey::of_owner(conn, owner)?))
        .await?;
    let page = KeysPage {
        ctx,
        keys: keys.iter().map(KeyRow::from).collect(),
        new_key: None,
        server_url: public_base_url(&req, &state.config),
    };
    render_page(&page, StatusCode::OK)
}
