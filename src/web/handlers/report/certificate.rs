//! `GET /tournaments/{id}/players/{player}/it1.pdf`: FIDE's certificate of a title result (IT1)
//! of one player, a page per norm made (FIDE B.01 Art. 1.4), in the visitor's language (whoever
//! runs the day).

use actix_web::{HttpResponse, web};

use crate::print::Document;
use crate::tournament::PlayerId;
use crate::web::extractors::CurrentUser;
use crate::web::pages::report::norm_form;
use crate::web::pages::standings::{load_ranked, player_start};
use crate::web::{AppError, AppState, PageContext};

/// Sends the certificate; 404 for a player of another tournament, 422 when no norm is made.
pub async fn print_certificate(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let ranked = load_ranked(&state, Some(user.0), id).await?;
    let start = player_start(&ranked.data, player).ok_or(AppError::NotFound)?;
    norm_form(
        &ctx,
        &ranked,
        Document::NormCertificate,
        Some(PlayerId(start)),
    )
}
