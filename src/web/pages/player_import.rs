//! The import page (`player/import.html`), shared by the form ([`crate::web::handlers::player::import_form`]) and the
//! preview ([`crate::web::handlers::player::import`]): the column mapping of a list of another layout (the visitor's
//! saved mappings to choose from), the problems of a file, or its players with what the import
//! does with each; and reading the mapping the page's form sends.

use crate::db::models::SavedMapping;
use crate::db::store::ImportStep;
use crate::formats::csv::{
    COLUMNS, ColumnMapping, CsvError, MAX_MAPPED_COLUMNS, PlayerRecord, READ_COLUMNS,
};
use crate::web::PageContext;
use crate::web::pages::player::{field_label, problem_message};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::upload::CsrfUpload;
use askama::Template;

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
    /// The token of the uploaded spreadsheet kept for the next check
    /// ([`crate::db::store::keep_upload`]): the form sends it back as `kept`.
    pub kept: Option<String>,
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
            kept: None,
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

/// The mapping in use: the saved one chosen (`mapping_id`), then the columns of the form's
/// mapping table (a column with no field chosen, `?`, is not mapped).
pub fn mapping_of(form: &CsrfUpload, saved: &[SavedMapping]) -> ColumnMapping {
    let mut mapping = form
        .get("mapping_id")
        .parse::<i32>()
        .ok()
        .and_then(|id| saved.iter().find(|m| m.id == id))
        .map(SavedMapping::mapping)
        .unwrap_or_default();
    for index in 0..MAX_MAPPED_COLUMNS {
        let header = form.get(&format!("map_header_{index}"));
        let field = form.get(&format!("map_field_{index}"));
        if field != "?" {
            mapping.push(header, field);
        }
    }
    mapping
}

/// What the import does with a row, in the page's language.
pub fn step_text(ctx: &PageContext, step: &ImportStep) -> String {
    match step {
        ImportStep::Register => ctx.t("player.import_step.register"),
        ImportStep::Skip => ctx.t("player.import_step.skip"),
        ImportStep::Unchanged { name } => ctx.t_with_name("player.import_step.unchanged", name),
        ImportStep::Update {
            name,
            national_rating,
            ..
        } => ctx.lang.t_with(
            "player.import_step.update",
            &[
                ("name", name),
                ("old", &national_rating.0.to_string()),
                ("new", &national_rating.1.to_string()),
            ],
        ),
    }
}

/// A problem of the file for the error table, in the page's language.
pub fn problem_row(ctx: &PageContext, error: &CsvError) -> ProblemRow {
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
