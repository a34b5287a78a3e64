//! `GET /tournaments/{id}/players/import`: the import form (choose the file, CSV or a
//! spreadsheet, uploaded as it is so that its encoding or its cells are read on the server, or
//! paste CSV text), and the page shared with the preview.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::formats::csv::{COLUMNS, PlayerRecord};
use crate::web::extractors::CurrentUser;
use crate::web::handlers::tournament::{TournamentHeader, load_for_day};
use crate::web::{AppError, AppState, PageContext, render_page};

/// One problem of the file, for the error table.
#[derive(Debug, Clone)]
pub struct ProblemRow {
    /// Line in the file (a spreadsheet's row).
    pub line: u64,
    /// A spreadsheet's cell (`D7`), or empty.
    pub cell: String,
    /// Column (translated), empty for the whole line.
    pub field: String,
    /// The value found.
    pub value: String,
    /// What is wrong (translated).
    pub message: String,
}

/// The import page: the form, and after a preview either the problems or the players.
#[derive(Template)]
#[template(path = "player/import.html")]
pub struct ImportPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The CSV text.
    pub csv: String,
    /// The columns the file may have.
    pub columns: String,
    /// Problems found (the file is not imported).
    pub problems: Vec<ProblemRow>,
    /// The players the file holds, when it is clean.
    pub preview: Vec<PlayerRecord>,
    /// True after a preview (to tell "no problems" apart from "not checked yet").
    pub checked: bool,
    /// The encoding the uploaded file was read in (none for pasted text).
    pub encoding: Option<&'static str>,
    /// The sheet read, when the file was a spreadsheet.
    pub sheet: Option<String>,
    /// The workbook's sheets, when the file was a spreadsheet.
    pub sheets: Vec<String>,
}

/// Shows the empty import form.
pub async fn import_form(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, access) = load_for_day(&state, user.0, path.into_inner()).await?;
    let page = ImportPage {
        header: TournamentHeader::new(&data, access, "players"),
        ctx,
        csv: String::new(),
        columns: COLUMNS.join(","),
        problems: Vec::new(),
        preview: Vec::new(),
        checked: false,
        encoding: None,
        sheet: None,
        sheets: Vec::new(),
    };
    render_page(&page, StatusCode::OK)
}
