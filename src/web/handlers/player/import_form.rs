//! `GET /tournaments/{id}/players/import`: the import form (choose the file, CSV or a
//! spreadsheet, uploaded as it is so that its encoding or its cells are read on the server, or
//! paste CSV text), and the page shared with the preview: the column mapping of a list of
//! another layout (the organiser's saved mappings to choose from), the problems, or the
//! players with what the import does with each.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::models::SavedMapping;
use crate::formats::csv::{COLUMNS, ColumnMapping, PlayerRecord, READ_COLUMNS};
use crate::web::extractors::CurrentUser;
use crate::web::handlers::player::field_label;
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

/// One column of the file in the mapping table.
#[derive(Debug, Clone)]
pub struct MappingRow {
    /// The column's header as the file writes it.
    pub header: String,
    /// The field chosen: a [`READ_COLUMNS`] name, empty to leave the column out, `?` when
    /// nothing is chosen yet for an unknown header.
    pub field: String,
}

/// One player of the preview and what the import does with it (translated).
#[derive(Debug, Clone)]
pub struct PreviewRow {
    /// The row as read.
    pub record: PlayerRecord,
    /// "new registration", "national rating 1650 → 1702 (Novák, Jan)", ...
    pub step: String,
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
    pub preview: Vec<PreviewRow>,
    /// True after a preview (to tell "no problems" apart from "not checked yet").
    pub checked: bool,
    /// The encoding the uploaded file was read in (none for pasted text).
    pub encoding: Option<&'static str>,
    /// The sheet read, when the file was a spreadsheet.
    pub sheet: Option<String>,
    /// The workbook's sheets, when the file was a spreadsheet.
    pub sheets: Vec<String>,
    /// The file's columns and the field each fills (empty before a file is read).
    pub mapping: Vec<MappingRow>,
    /// The fields a column may fill: (name, translated label).
    pub fields: Vec<(&'static str, String)>,
    /// The visitor's saved mappings: (id, name).
    pub saved: Vec<(i32, String)>,
    /// Update registered players only (a national list): register nobody.
    pub update_only: bool,
    /// A confirmation (a mapping saved).
    pub notice: Option<String>,
}

impl ImportPage {
    /// The empty page of tournament `header`, with the visitor's saved mappings.
    pub fn new(ctx: PageContext, header: TournamentHeader, saved: &[SavedMapping]) -> ImportPage {
        let fields = READ_COLUMNS
            .iter()
            .map(|field| (*field, field_label(&ctx, field)))
            .collect();
        ImportPage {
            header,
            csv: String::new(),
            columns: COLUMNS.join(","),
            problems: Vec::new(),
            preview: Vec::new(),
            checked: false,
            encoding: None,
            sheet: None,
            sheets: Vec::new(),
            mapping: Vec::new(),
            fields,
            saved: saved.iter().map(|m| (m.id, m.name.clone())).collect(),
            update_only: false,
            notice: None,
            ctx,
        }
    }

    /// The mapping table for a file whose first line holds `headers`, as `mapping` maps them
    /// (a header it does not name keeps its own field when it is one, else waits for a
    /// choice).
    pub fn set_mapping(&mut self, headers: &[String], mapping: &ColumnMapping) {
        self.mapping = headers
            .iter()
            .filter(|header| !header.is_empty())
            .map(|header| {
                let own = header.to_lowercase();
                let field = match mapping.field_of(header) {
                    Some(field) => field.to_owned(),
                    None if READ_COLUMNS.contains(&own.as_str()) => own,
                    None => "?".to_owned(),
                };
                MappingRow {
                    header: header.clone(),
                    field,
                }
            })
            .collect();
    }

    /// True when a column of the file waits for a field.
    pub fn mapping_wanted(&self) -> bool {
        self.mapping.iter().any(|row| row.field == "?")
    }
}

/// Shows the empty import form.
pub async fn import_form(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let owner = user.id;
    let (data, access) = load_for_day(&state, user.0, path.into_inner()).await?;
    let saved = state
        .db(move |conn| Ok(SavedMapping::of_owner(conn, owner)?))
        .await?;
    let page = ImportPage::new(ctx, TournamentHeader::new(&data, access, "players"), &saved);
    render_page(&page, StatusCode::OK)
}
