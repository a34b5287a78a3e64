//! `GET /tournaments/{id}/players`: the player list (public when published), with the
//! registration form and withdraw buttons for whoever runs its day.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::load_visible;
use crate::web::extractors::MaybeUser;
use crate::web::pages::player::PlayerForm;
use crate::web::pages::player::PlayersPage;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the players.
pub async fn list_players(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, access) = load_visible(&state, user.0, path.into_inner()).await?;
    let page = PlayersPage::new(ctx, &data, access, PlayerForm::default(), Vec::new(), None);
    render_page(&page, StatusCode::OK)
}
