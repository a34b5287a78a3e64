//! `GET /tournaments/{id}/games/{game}`: one board: players, result, the entry form and the
//! penalty form (Laws Art. 12.9, 11.3; for arbiters and managers) and every change made to it
//! (who, when, old, new, grounds).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::load_visible;
use crate::web::extractors::MaybeUser;
use crate::web::pages::result::{BoardPage, visible_game};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the board.
pub async fn show_board(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, game_id) = path.into_inner();
    let (data, access) = load_visible(&state, user.0, id).await?;
    let game = visible_game(&data, access, game_id).ok_or(AppError::NotFound)?;
    let page = BoardPage::load(ctx, &state, &data, access, game, None).await?;
    render_page(&page, StatusCode::OK)
}
