//! `POST /account/keys`: makes a publishing key and shows it this once (only its hash is
//! kept).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::db::models::publishing_keys::PublishingKey;
use crate::db::store;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::publishing::{KeyRow, KeysPage};
use crate::web::{AppError, AppState, PageContext, public_base_url, render_page};

/// The form.
#[derive(Debug, Deserialize)]
pub struct NewKeyForm {
    /// The organiser's name for the key (the venue, the laptop).
    #[serde(default)]
    pub label: String,
}

/// Makes the key; the page shows it with the list.
pub async fn create_key(
    req: HttpRequest,
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    form: CsrfForm<NewKeyForm>,
) -> Result<HttpResponse, AppError> {
    let owner = user.id;
    let label = form.0.label;
    let key = state
        .write(&ctx, move |conn| {
            store::create_publishing_key(conn, owner, &label).map(|(key, _)| key)
        })
        .await?;
    let keys = state
        .db(move |conn| Ok(PublishingKey::of_owner(conn, owner)?))
        .await?;
    let page = KeysPage {
        ctx,
        keys: keys.iter().map(KeyRow::from).collect(),
        new_key: Some(key),
        server_url: public_base_url(&req, &state.config),
    };
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-store"),
    );
    Ok(answer)
}
