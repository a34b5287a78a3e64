//! `GET /tournaments/{id}/players/import`: the import form (choose the file, CSV or a
//! spreadsheet, uploaded as it is so that its encoding or its cells are read on the server, or
//! paste CSV text), with the visitor's saved column mappings.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::SavedMapping;
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::player_import::ImportPage;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the empty import form.
pub async fn import_form(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let owner = user.id;
    let (data, access) = load_for_day(&state, user.0, path.into_inner()).await?;
    let saved = state
        .db(move |conn| Ok(SavedMapping::of_owner(conn, owner)?))
        .await?;
    let page = ImportPage::new(ctx, TournamentHeader::new(&data, access, "players"), &saved);
    render_page(&page, StatusCode::OK)
}
