//! `GET /tournaments/{id}/players.csv`: the player list as CSV (the import format, in list
//! order), for anyone who may see the tournament.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::formats::csv::write_players;
use crate::web::extractors::MaybeUser;
use crate::web::handlers::player::{in_list_order, record_of};
use crate::web::handlers::tournament::load_visible;
use crate::web::{AppError, AppState};

/// Sends the CSV file.
pub async fn export_players(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_visible(&state, user.0, id).await?;
    let records: Vec<_> = in_list_order(&data.players)
        .into_iter()
        .map(record_of)
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"players-{id}.csv\""),
        ))
        .body(write_players(&records)))
}
