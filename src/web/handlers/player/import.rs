//! `POST /tournaments/{id}/players/import`: checks a player list, uploaded as `file` (CSV read
//! in the encoding it was saved in, which the preview names, or a spreadsheet, `.xlsx`/`.ods`,
//! whose first sheet or the sheet named in `sheet` is read) or pasted as `csv`, and shows a
//! preview (`action=preview`), or imports it (`action=import`). Every row with a problem is
//! listed with its line (a spreadsheet's sheet, row and cell) and column, and nothing is
//! imported until the whole file is clean; the import is one transaction. The preview of a
//! clean spreadsheet carries its players on as CSV text, which the import reads.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::formats::csv::{COLUMNS, CsvError, READ_COLUMNS, read_players, write_players};
use crate::formats::spreadsheet::read_players_spreadsheet;
use crate::web::extractors::CurrentUser;
use crate::web::handlers::player::import_form::{ImportPage, ProblemRow};
use crate::web::handlers::player::{field_label, problem_message, registration};
use crate::web::handlers::tournament::{TournamentHeader, load_for_day};
use crate::web::upload::CsrfUpload;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Previews or imports the list.
pub async fn import_players(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfUpload,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let user_id = user.id;
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let mut page = ImportPage {
        header: TournamentHeader::new(&data, access, "players"),
        csv: String::new(),
        columns: COLUMNS.join(","),
        problems: Vec::new(),
        preview: Vec::new(),
        checked: true,
        encoding: None,
        sheet: None,
        sheets: Vec::new(),
        ctx,
    };
    // A chosen file wins over the text area; the preview sends the text back as `csv`.
    let parsed = if let Some(bytes) = form.binary("file") {
        match read_players_spreadsheet(bytes, Some(form.get("sheet"))) {
            Ok(list) => {
                page.sheet = Some(list.sheet);
                page.sheets = list.sheets;
                if let Ok(records) = &list.players {
                    page.csv = write_players(records);
                }
                list.players
            }
            Err(error) => Err(vec![error]),
        }
    } else if form.get("file").trim().is_empty() {
        page.csv = form.get("csv").to_owned();
        read_players(&page.csv)
    } else {
        page.csv = form.get("file").to_owned();
        page.encoding = form.encoding("file");
        read_players(&page.csv)
    };
    let action = form.get("action");
    match parsed {
        Err(errors) => {
            page.problems = errors
                .iter()
                .map(|error| problem_row(&page.ctx, error))
                .collect();
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Ok(records) if action == "import" => {
            let tournament_id = data.tournament.id;
            let new: Vec<store::Registration> = records
                .iter()
                .map(|record| registration(tournament_id, record))
                .collect();
            let count = new.len();
            let by = user_id;
            state
                .write(&page.ctx, move |conn| {
                    store::register_players(conn, tournament_id, &new, by)
                })
                .await?;
            tracing::info!(tournament = id, count, "players imported");
            Ok(see_other(&format!("/tournaments/{id}/players")))
        }
        Ok(records) => {
            page.preview = records;
            render_page(&page, StatusCode::OK)
        }
    }
}

/// A problem of the file for the error table, in the page's language.
fn problem_row(ctx: &PageContext, error: &CsvError) -> ProblemRow {
    ProblemRow {
        line: error.line,
        cell: error.cell.as_deref().unwrap_or_default().to_owned(),
        field: if error.field.is_empty() {
            String::new()
        } else if READ_COLUMNS.contains(&error.field.as_str()) {
            field_label(ctx, &error.field)
        } else {
            error.field.clone()
        },
        value: error.value.clone(),
        message: problem_message(ctx, &error.problem),
    }
}
