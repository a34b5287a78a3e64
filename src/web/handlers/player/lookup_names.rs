//! `GET /tournaments/{id}/players/lookup.json?q=NAME`: the players of the rating list whose
//! name starts with `NAME` (at most ten, by name), for the type-ahead of the player form's
//! look-up (`static/js/fide-lookup.js`): a JSON array of `{"fide_id": 1503014, "label":
//! "Carlsen, Magnus (NOR, GM, 2830, 1990)"}`, the rating of the tournament's rating type.
//! Fewer than two letters, or a number, answer an empty array.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::db::models::FidePlayer;
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::player::LookupCandidate;
use crate::web::{AppError, AppState};

/// The most names offered.
pub const MAX_NAMES: i64 = 10;

/// The query.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct NamesQuery {
    /// The start of the name typed.
    pub q: String,
}

/// One name offered.
#[derive(Debug, Clone, Serialize)]
pub struct Offered {
    /// FIDE ID.
    pub fide_id: i64,
    /// Name and facts.
    pub label: String,
}

/// The names as JSON.
pub async fn lookup_names(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<NamesQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _access) = load_for_day(&state, user.0, id).await?;
    let kind = data.tournament.rating_type;
    let typed = query.into_inner().q.trim().to_owned();
    let offered: Vec<Offered> =
        if typed.chars().count() < 2 || typed.chars().all(|c| c.is_ascii_digit()) {
            Vec::new()
        } else {
            state
                .db(move |conn| Ok(FidePlayer::search(conn, &typed, MAX_NAMES)?))
                .await?
                .iter()
                .map(|listed| {
                    let candidate = LookupCandidate::new(listed, kind, id, None);
                    Offered {
                        fide_id: candidate.fide_id,
                        label: candidate.label,
                    }
                })
                .collect()
        };
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(offered))
}
