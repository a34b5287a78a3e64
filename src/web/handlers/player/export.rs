//! `GET /tournaments/{id}/players.csv[?sep=semicolon]`: the player list as CSV (the import
//! format, in list order), for anyone who may see the tournament. The file starts with a UTF-8
//! byte order mark, so that spreadsheet programs show diacritics (Dvořák, Őry) correctly;
//! `sep=semicolon` writes `;` between cells, as spreadsheet programs set to Czech, Slovak,
//! Hungarian or Serbian expect.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use serde::Deserialize;

use crate::formats::csv::write_players_separated;
use crate::web::AppError;
use crate::web::access::VisibleTournament;
use crate::web::pages::player::{in_list_order, record_of};

/// The choice of separator.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ExportQuery {
    /// `semicolon` for `;`; anything else is `,`.
    pub sep: String,
}

/// The UTF-8 byte order mark that tells spreadsheet programs the file's encoding.
const BOM: &str = "\u{feff}";

/// Sends the CSV file.
pub async fn export_players(
    tournament: VisibleTournament,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, AppError> {
    let data = tournament.data;
    let id = data.tournament.id.0;
    let separator = if query.sep == "semicolon" { b';' } else { b',' };
    let records: Vec<_> = in_list_order(&data.players, data.tournament.pairing_rating)
        .into_iter()
        .map(record_of)
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"players-{id}.csv\""),
        ))
        .body(format!(
            "{BOM}{}",
            write_players_separated(&records, separator)
        )))
}
