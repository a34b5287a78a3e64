//! `GET /tournaments/{id}/players/{player}/card`: a player's card, public when the tournament
//! is: every round (opponent, colour, result), points, games played, the average rating of
//! rated opponents (C.07 Art. 10.1), the performance rating (Art. 10.2, B.02 Art. 8.1 dp
//! table), the perfect performance (Art. 10.3) and the expected rating change (B.02 Art. 8.3).
//! Counts the same rounds as the standings ([`CardPage::of`]).

use actix_web::web;

use crate::web::extractors::MaybeUser;
use crate::web::pages::player_card::CardPage;
use crate::web::pages::standings::load_ranked;
use crate::web::{AppError, AppState, PageContext};

/// Shows the card; 404 for a player without a starting number or of another tournament.
pub async fn show_card(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<CardPage, AppError> {
    let (id, player_id) = path.into_inner();
    let ranked = load_ranked(&state, user.0, id).await?;
    CardPage::of(ctx, &ranked, player_id)
}
