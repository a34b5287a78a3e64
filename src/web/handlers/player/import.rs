//! `POST /tournaments/{id}/players/import`: checks a CSV player list, uploaded as `file` (read
//! in the encoding it was saved in, which the preview names) or pasted as `csv`, and shows a
//! preview (`action=preview`), or imports it (`action=import`). Every row with a problem is
//! listed with its line and column, and nothing is imported until the whole file is clean; the
//! import is one transaction.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::formats::csv::{COLUMNS, READ_COLUMNS, read_players};
use crate::web::extractors::CurrentUser;
use crate::web::handlers::player::import_form::{ImportPage, ProblemRow};
use crate::web::handlers::player::{field_label, problem_message, registration};
use crate::web::handlers::tournament::{TournamentHeader, load_for_day};
use crate::web::upload::CsrfFields;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Previews or imports the list.
pub async fn import_players(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfFields,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let user_id = user.id;
    let (data, access) = load_for_day(&state, user.0, id).await?;
    // A chosen file wins over the text area; the preview sends the text back as `csv`.
    let (csv, encoding) = if form.get("file").trim().is_empty() {
        (form.get("csv").to_owned(), None)
    } else {
        (form.get("file").to_owned(), form.encoding("file"))
    };
    let action = form.get("action");
    let parsed = read_players(&csv);
    let mut page = ImportPage {
        header: TournamentHeader::new(&data, access, "players"),
        csv,
        columns: COLUMNS.join(","),
        problems: Vec::new(),
        preview: Vec::new(),
        checked: true,
        encoding,
        ctx,
    };
    match parsed {
        Err(errors) => {
            page.problems = errors
                .iter()
                .map(|error| ProblemRow {
                    line: error.line,
                    field: if error.field.is_empty() {
                        String::new()
                    } else if READ_COLUMNS.contains(&error.field.as_str()) {
                        field_label(&page.ctx, &error.field)
                    } else {
                        error.field.clone()
                    },
                    value: error.value.clone(),
                    message: problem_message(&page.ctx, &error.problem),
                })
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
