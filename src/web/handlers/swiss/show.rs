//! `GET /tournaments/{id}/swiss`: the Swiss page of whoever runs the day: each player's
//! participation and requested byes, the button that pairs the next round, unpairing and
//! swaps; for the organiser also the bye rules and late-entry points.

use actix_web::web;

use crate::web::extractors::CurrentUser;
use crate::web::pages::swiss::{SwissPage, swiss_page};
use crate::web::{AppError, AppState, PageContext};

/// Shows the page.
pub async fn show_swiss(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<SwissPage, AppError> {
    swiss_page(ctx, user.0, &state, path.into_inner(), Vec::new()).await
}
