//! `POST /tournaments/{id}/players/import`: checks a CSV player list and shows a preview
//! (`action=preview`), or imports it (`action=import`). Every row with a problem is listed with
//! its line and column, and nothing is imported until the whole file is clean; the import is
//! one transaction.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::NewPlayer;
use crate::db::store;
use crate::formats::csv::{COLUMNS, read_players};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::player::import_form::{ImportPage, ProblemRow};
use crate::web::handlers::player::{field_label, new_player, problem_message};
use crate::web::handlers::tournament::{TournamentHeader, load_for_day};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The form: the CSV text and what to do with it.
#[derive(Debug, Deserialize)]
pub struct ImportForm {
    /// The file's text.
    #[serde(default)]
    pub csv: String,
    /// `preview` or `import`.
    #[serde(default)]
    pub action: String,
}

/// Previews or imports the list.
pub async fn import_players(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let user_id = user.id;
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let CsrfForm(form) = form;
    let parsed = read_players(&form.csv);
    let mut page = ImportPage {
        header: TournamentHeader::new(&data, access, "players"),
        csv: form.csv.clone(),
        columns: COLUMNS.join(","),
        problems: Vec::new(),
        preview: Vec::new(),
        checked: true,
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
                    } else if COLUMNS.contains(&error.field.as_str()) {
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
        Ok(records) if form.action == "import" => {
            let tournament_id = data.tournament.id;
            let new: Vec<NewPlayer> = records
                .iter()
                .map(|record| new_player(tournament_id, record))
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
