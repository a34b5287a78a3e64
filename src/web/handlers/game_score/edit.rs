//! `GET /tournaments/{id}/rounds/{number}/boards/{game}/score`: the game score of a board, with
//! a form to paste or upload it (PGN or a move list in the scoresheet's language), the stored
//! result beside it and the rules core's report on it ([`crate::web::pages::game_score::check_score`]).

use actix_web::web;

use crate::web::extractors::CurrentUser;
use crate::web::pages::game_score::ScorePage;
use crate::web::{AppError, AppState, PageContext};

/// Shows the page.
pub async fn edit_score(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
) -> Result<ScorePage, AppError> {
    ScorePage::load(ctx, &state, user.0, path.into_inner(), None).await
}
