//! `GET /tournaments/{id}/players/{player}/edit`: a registration's fields to correct (whoever
//! runs the day), and deletion while the player was never paired.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::player::EditPage;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the form filled with the registration.
pub async fn edit_form(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let page =
        EditPage::new(ctx, &data, access, player, None, Vec::new()).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
