//! Player lists as CSV, for registration.
//!
//! The first line names the columns, in any order and any letter case:
//! `name` (required, "Surname, Given", or `surname` and `given_name` instead), `fide_id`,
//! `title`, `rating` (the FIDE rating), `federation`, `birth_year`, `sex`, `club`,
//! `national_id`, `national_rating`. A list of another layout (a national federation's
//! rating list, a club's spreadsheet) is read through a [`ColumnMapping`], which says which
//! field each of its columns fills and which columns to leave out; organisers save theirs. The separator is the one of comma, semicolon (spreadsheets in
//! many European locales write that) and tab that the header line has most of, outside quotes.
//! Fields may be quoted; a UTF-8 byte-order mark is ignored. Bytes are read in the encoding
//! they were saved in ([`crate::formats::text`]): UTF-8, UTF-16, Windows-1250/1252,
//! ISO-8859-2.
//!
//! Reading checks every row and returns either all players or the problems found (the first
//! [`MAX_ERRORS`]), each with its line and column name, so that nothing is imported until the
//! file is clean. Spreadsheets (`.xlsx`, `.ods`) are read by [`crate::formats::spreadsheet`]
//! into the same rows ([`ListRow`]) and checked here by the same [`read_rows`]. [`write_players`] writes the same format, so an export can be imported again.
//!
//! **Formulas.** A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a
//! formula (or a command) to a spreadsheet that opens the file. [`write_players`] writes such a
//! cell with a leading apostrophe, which spreadsheets show as text; reading takes one such
//! apostrophe off again, so an exported list imports unchanged ([`neutralise_formula`]).

use std::collections::HashMap;
use std::fmt;

pub use crate::tournament::entry_fields::FieldProblem;
use crate::tournament::entry_fields::{
    MAX_RATING, MAX_TEXT, check_national_id, check_text, parse_federation, parse_number, parse_sex,
    parse_title,
};

mod mapping;

pub use mapping::{ColumnMapping, MAX_MAPPED_COLUMNS};

/// One player of a list, as registered (before starting ranks are given).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerRecord {
    /// Name as "Surname, Given".
    pub name: String,
    /// FIDE ID.
    pub fide_id: Option<u64>,
    /// FIDE title in capitals (GM, IM, WGM, FM, WIM, CM, WFM, WCM), empty if none.
    pub title: String,
    /// Rating, 0 = unrated.
    pub rating: u16,
    /// Federation, three capital letters, or empty.
    pub federation: String,
    /// Year of birth.
    pub birth_year: Option<u16>,
    /// `m`, `w` or empty.
    pub sex: String,
    /// Club, possibly empty.
    pub club: String,
    /// The player's ID in the national federation's list, possibly empty.
    pub national_id: String,
    /// National rating, 0 = none (kept beside the FIDE rating, never instead of it).
    pub national_rating: u16,
    /// In a team competition, the team whose squad the player joins (board order is the
    /// order of the list); empty otherwise. Read from an optional `team` column, written only
    /// when a player of the list has one.
    pub team: String,
}

/// The columns, in the order [`write_players`] writes them.
pub const COLUMNS: [&str; 8] = [
    "name",
    "fide_id",
    "title",
    "rating",
    "federation",
    "birth_year",
    "sex",
    "club",
];

/// The national columns, written after [`COLUMNS`] when a player of the list has one.
pub const NATIONAL_COLUMNS: [&str; 2] = ["national_id", "national_rating"];

/// The columns a list may have: [`COLUMNS`], for a team competition `team`, the
/// [`NATIONAL_COLUMNS`], and the name in two parts (`surname`, `given_name`) instead of `name`.
pub const READ_COLUMNS: [&str; 13] = [
    "name",
    "fide_id",
    "title",
    "rating",
    "federation",
    "birth_year",
    "sex",
    "club",
    "team",
    "national_id",
    "national_rating",
    "surname",
    "given_name",
];

/// The most problems a reading reports (the rest of the file is not read).
pub const MAX_ERRORS: usize = 100;

/// The characters that make a spreadsheet read a cell as a formula when it starts with one.
pub const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// What is wrong with one field or line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum CsvProblem {
    /// The file has no header line.
    Empty,
    /// The file has a header but no players.
    NoPlayers,
    /// The bytes are not text (a zero byte: a spreadsheet or another binary file).
    NotText,
    /// A header names a column we do not know.
    UnknownColumn,
    /// A header names a column twice.
    DuplicateColumn,
    /// The required `name` column is missing.
    MissingNameColumn,
    /// A row has a different number of fields than the header.
    WrongFieldCount {
        /// Fields in the header.
        expected: usize,
        /// Fields in this row.
        found: usize,
    },
    /// A value breaks what its field accepts ([`FieldProblem`]).
    Field(FieldProblem),
    /// The FIDE ID appears on an earlier line.
    DuplicateFideId {
        /// The earlier line.
        first_line: u64,
    },
    /// The national ID appears on an earlier line.
    DuplicateNationalId {
        /// The earlier line.
        first_line: u64,
    },
    /// The CSV structure itself is broken.
    #[default]
    Malformed,
    /// A quoted cell is not closed on the line it opened on (a name or a club never spans
    /// lines): the line is the one where the quote opened.
    UnclosedQuote,
    /// Text follows a closing quote before the separator (`"Novák" Jan,…`).
    TextAfterQuote,
    /// A spreadsheet cell holds an error value (`#N/A`, `#REF!`, ...), e.g. of its formula.
    CellError,
    /// A spreadsheet cell has a value in a column the header row does not name.
    OutsideColumns,
    /// The file is not a spreadsheet we read (`.xlsx` or `.ods`), or it is damaged.
    NotASpreadsheet,
    /// The workbook has no sheet of the name asked for.
    UnknownSheet,
    /// The spreadsheet is larger than a player list can be (unpacked size, rows or cells).
    TooLarge {
        /// What was counted: `bytes`, `rows` or `cells`.
        what: &'static str,
        /// The most allowed.
        max: u64,
    },
}

impl From<FieldProblem> for CsvProblem {
    fn from(problem: FieldProblem) -> Self {
        CsvProblem::Field(problem)
    }
}

impl CsvProblem {
    /// A stable key for translating the message (`csv.problem.<key>` in the catalogs).
    pub fn key(&self) -> &'static str {
        match self {
            CsvProblem::Empty => "empty",
            CsvProblem::NoPlayers => "no_players",
            CsvProblem::NotText => "not_text",
            CsvProblem::UnknownColumn => "unknown_column",
            CsvProblem::DuplicateColumn => "duplicate_column",
            CsvProblem::MissingNameColumn => "missing_name_column",
            CsvProblem::WrongFieldCount { .. } => "wrong_field_count",
            CsvProblem::Field(problem) => problem.key(),
            CsvProblem::DuplicateFideId { .. } => "duplicate_fide_id",
            CsvProblem::DuplicateNationalId { .. } => "duplicate_national_id",
            CsvProblem::Malformed => "malformed",
            CsvProblem::UnclosedQuote => "unclosed_quote",
            CsvProblem::TextAfterQuote => "text_after_quote",
            CsvProblem::CellError => "cell_error",
            CsvProblem::OutsideColumns => "outside_columns",
            CsvProblem::NotASpreadsheet => "not_a_spreadsheet",
            CsvProblem::UnknownSheet => "unknown_sheet",
            CsvProblem::TooLarge { .. } => "too_large",
        }
    }
}

impl fmt::Display for CsvProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsvProblem::Empty => write!(f, "the file is empty"),
            CsvProblem::NoPlayers => write!(f, "the file has no players"),
            CsvProblem::NotText => write!(f, "not a text file (save it as CSV)"),
            CsvProblem::UnknownColumn => {
                write!(f, "unknown column (known: {})", READ_COLUMNS.join(", "))
            }
            CsvProblem::DuplicateColumn => write!(f, "column appears twice"),
            CsvProblem::MissingNameColumn => write!(f, "the header has no `name` column"),
            CsvProblem::WrongFieldCount { expected, found } => {
                write!(f, "{found} fields where the header has {expected}")
            }
            CsvProblem::Field(problem) => problem.fmt(f),
            CsvProblem::DuplicateFideId { first_line } => {
                write!(f, "the same FIDE ID is on line {first_line}")
            }
            CsvProblem::DuplicateNationalId { first_line } => {
                write!(f, "the same national ID is on line {first_line}")
            }
            CsvProblem::Malformed => write!(f, "broken CSV"),
            CsvProblem::UnclosedQuote => {
                write!(f, "a quote opened on this line is not closed on it")
            }
            CsvProblem::TextAfterQuote => {
                write!(
                    f,
                    "text after a closing quote (a quote inside a cell is written \"\")"
                )
            }
            CsvProblem::CellError => write!(f, "the cell holds an error value"),
            CsvProblem::OutsideColumns => write!(f, "a value in a column without a header"),
            CsvProblem::NotASpreadsheet => {
                write!(
                    f,
                    "not a spreadsheet we read (save it as .xlsx, .ods or CSV)"
                )
            }
            CsvProblem::UnknownSheet => write!(f, "the workbook has no such sheet"),
            CsvProblem::TooLarge { what, max } => {
                write!(f, "too large for a player list (more than {max} {what})")
            }
        }
    }
}

/// A problem at a line (1-based, the header is line 1) and column (its header name; empty
/// when the whole line is concerned). In a spreadsheet the line is the row as the spreadsheet
/// numbers it, and [`CsvError::sheet`] and [`CsvError::cell`] say where.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CsvError {
    /// Line in the file, 1-based (in a spreadsheet: the row's number).
    pub line: u64,
    /// The column's name, or empty for the whole line.
    pub field: String,
    /// The value found (may be empty).
    pub value: String,
    /// What is wrong.
    pub problem: CsvProblem,
    /// In a spreadsheet: the sheet's name.
    pub sheet: Option<Box<str>>,
    /// In a spreadsheet: the cell (`D7`), when one cell is concerned.
    pub cell: Option<Box<str>>,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.sheet {
            Some(sheet) => write!(f, "sheet \"{sheet}\", row {}", self.line)?,
            None => write!(f, "line {}", self.line)?,
        }
        if let Some(cell) = &self.cell {
            write!(f, ", cell {cell}")?;
        }
        if self.field.is_empty() {
            write!(f, ": {}", self.problem)
        } else {
            write!(f, ", {} \"{}\": {}", self.field, self.value, self.problem)
        }
    }
}

/// One row of a player list as text cells, wherever it was read from: a CSV record or a
/// spreadsheet row ([`crate::formats::spreadsheet`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListRow {
    /// The line (CSV) or row number (spreadsheet), 1-based.
    pub line: u64,
    /// The cells, left to right.
    pub cells: Vec<ListCell>,
    /// In a spreadsheet, the column (0 = `A`) of the first cell, for naming cells in errors.
    pub first_column: Option<u32>,
}

/// One cell of a [`ListRow`]: its text, or why its value cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListCell {
    /// The value as text (for a bad value, what to show of it).
    pub text: String,
    /// Why the value cannot be used (e.g. a spreadsheet error value), if so.
    pub problem: Option<CsvProblem>,
}

impl From<&str> for ListCell {
    fn from(text: &str) -> Self {
        ListCell {
            text: text.to_owned(),
            problem: None,
        }
    }
}

/// The spreadsheet name of column `index` (0 = `A`, 25 = `Z`, 26 = `AA`).
pub fn column_letters(index: u32) -> String {
    let mut letters = Vec::new();
    let mut rest = u64::from(index) + 1;
    while rest > 0 {
        let digit = (rest - 1) % 26;
        letters.push(b'A' + digit as u8);
        rest = (rest - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// Reads a player list from bytes in whatever text encoding they were saved in
/// ([`crate::formats::text::decode`]); see [`read_players`].
pub fn read_players_bytes(
    bytes: &[u8],
    mapping: &ColumnMapping,
) -> Result<Vec<PlayerRecord>, Vec<CsvError>> {
    match crate::formats::text::decode(bytes) {
        Ok(decoded) => read_players(&decoded.text, mapping),
        Err(crate::formats::text::TextError::Binary { offset }) => {
            let line = bytes[..offset].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            Err(vec![line_error(line, CsvProblem::NotText)])
        }
    }
}

/// The separator of a CSV file: of comma, semicolon and tab, the one its header line has most
/// of outside quotes (a comma when it has none).
pub fn separator_of(header_line: &str) -> u8 {
    let mut quoted = false;
    let mut counts = [0usize; 3];
    for c in header_line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => counts[0] += 1,
            ';' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let separators = [b',', b';', b'\t'];
    let mut best = 0;
    for index in 1..3 {
        if counts[index] > counts[best] {
            best = index;
        }
    }
    separators[best]
}

/// Reads a player list, its columns named as [`READ_COLUMNS`] or by `mapping`; returns every
/// player, or every problem found (line by line).
pub fn read_players(
    text: &str,
    mapping: &ColumnMapping,
) -> Result<Vec<PlayerRecord>, Vec<CsvError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header_line = text.lines().next().unwrap_or("");
    if header_line.trim().is_empty() {
        return Err(vec![line_error(1, CsvProblem::Empty)]);
    }
    let delimiter = separator_of(header_line);
    if let Some(error) = broken_quote(text, delimiter) {
        return Err(vec![error]);
    }
    let mut reader = ::csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut lines = LineCounter::new(text);
    let rows = reader.records().map(|record| {
        let record = record.map_err(|error| csv_failure(&error))?;
        Ok(ListRow {
            line: record.position().map_or(0, |p| lines.line_at(p.byte())),
            cells: record.iter().map(ListCell::from).collect(),
            first_column: None,
        })
    });
    read_rows(rows, mapping)
}

/// The file line (1-based) of a record from its byte offset. The `csv` crate's own
/// `Position::line` is one short after a CRLF line end (a browser sends a pasted list with
/// CRLF, and so do spreadsheet programs on Windows): there a record's position is the LF that
/// ends the line before it. Records come in order, so the count goes on from the last one.
struct LineCounter<'a> {
    text: &'a [u8],
    /// Byte offset counted up to, and the line at that offset.
    counted: (usize, u64),
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str) -> LineCounter<'a> {
        LineCounter {
            text: text.as_bytes(),
            counted: (0, 1),
        }
    }

    /// The line of the record starting at `byte`.
    fn line_at(&mut self, byte: u64) -> u64 {
        let byte = usize::try_from(byte).map_or(self.text.len(), |b| b.min(self.text.len()));
        let (from, line) = self.counted;
        let newlines = self.text[from.min(byte)..byte]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64;
        self.counted = (byte, line + newlines);
        self.counted.1 + u64::from(self.text.get(byte) == Some(&b'\n'))
    }
}

/// The headers of a list's first line (the columns a [`ColumnMapping`] maps), at most
/// [`MAX_MAPPED_COLUMNS`], without surrounding spaces; empty when the text has none.
pub fn headers_of(text: &str) -> Vec<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header_line = text.lines().next().unwrap_or("");
    let mut reader = ::csv::ReaderBuilder::new()
        .delimiter(separator_of(header_line))
        .has_headers(false)
        .flexible(true)
        .from_reader(header_line.as_bytes());
    match reader.records().next() {
        Some(Ok(record)) => record
            .iter()
            .take(MAX_MAPPED_COLUMNS)
            .map(|cell| cell.trim().to_owned())
            .collect(),
        _ => Vec::new(),
    }
}

/// The field of [`READ_COLUMNS`] a header names (by `mapping`, else by its own name): `Ok(None)`
/// for a column the mapping leaves out, `Err` for an unknown one.
fn field_of_header(header: &str, mapping: &ColumnMapping) -> Result<Option<usize>, ()> {
    let field = match mapping.field_of(header) {
        Some("") => return Ok(None),
        Some(field) => field.to_owned(),
        None => header.trim().to_lowercase(),
    };
    READ_COLUMNS
        .iter()
        .position(|known| *known == field)
        .map(Some)
        .ok_or(())
}

/// Checks a player list given as rows: the first names the columns ([`READ_COLUMNS`] in any
/// order and letter case, or as `mapping` says), each further row is a player (rows with
/// nothing in them are skipped). Returns every player, or every problem found (at most
/// [`MAX_ERRORS`]); a broken row (`Err`) ends the reading.
pub fn read_rows(
    rows: impl IntoIterator<Item = Result<ListRow, CsvError>>,
    mapping: &ColumnMapping,
) -> Result<Vec<PlayerRecord>, Vec<CsvError>> {
    let mut rows = rows.into_iter();
    let mut errors = Vec::new();
    let header = match rows.next() {
        Some(Ok(header)) => header,
        Some(Err(error)) => return Err(vec![error]),
        None => return Err(vec![line_error(1, CsvProblem::Empty)]),
    };
    let mut columns: Vec<Option<usize>> = Vec::new();
    for (index, cell) in header.cells.iter().enumerate() {
        let text = cell.text.trim();
        let problem = match field_of_header(text, mapping) {
            Ok(Some(known)) if columns.contains(&Some(known)) => Some(CsvProblem::DuplicateColumn),
            Ok(known) => {
                columns.push(known);
                None
            }
            Err(()) => Some(CsvProblem::UnknownColumn),
        };
        if let Some(problem) = problem {
            errors.push(cell_error(&header, index, text, text, problem));
            columns.push(None);
        }
    }
    let has = |field: &str| {
        columns
            .iter()
            .any(|column| column.is_some_and(|c| READ_COLUMNS[c] == field))
    };
    let name_column = if has("name") { "name" } else { "surname" };
    if !has(name_column) {
        errors.push(line_error(header.line, CsvProblem::MissingNameColumn));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut players = Vec::new();
    let mut fide_ids: HashMap<u64, u64> = HashMap::new();
    let mut national_ids: HashMap<String, u64> = HashMap::new();
    for row in rows {
        if errors.len() >= MAX_ERRORS {
            break;
        }
        let row = match row {
            Ok(row) => row,
            Err(error) => {
                errors.push(error);
                break;
            }
        };
        let line = row.line;
        if row.cells.iter().all(|cell| cell.text.trim().is_empty()) {
            continue;
        }
        if row.first_column.is_some() {
            // A spreadsheet row: cells right of the named columns must be empty.
            if let Some(index) = (columns.len()..row.cells.len())
                .find(|&index| !row.cells[index].text.trim().is_empty())
            {
                let value = &row.cells[index].text;
                errors.push(cell_error(
                    &row,
                    index,
                    "",
                    value,
                    CsvProblem::OutsideColumns,
                ));
                continue;
            }
        } else if row.cells.len() != columns.len() {
            errors.push(line_error(
                line,
                CsvProblem::WrongFieldCount {
                    expected: columns.len(),
                    found: row.cells.len(),
                },
            ));
            continue;
        }
        let mut player = PlayerRecord::default();
        let mut name_parts = (String::new(), String::new());
        let mut fide_id_at = None;
        let mut national_id_at = None;
        for (index, column) in columns.iter().enumerate() {
            let Some(column) = column else { continue };
            let name = READ_COLUMNS[*column];
            let empty = ListCell::default();
            let cell = row.cells.get(index).unwrap_or(&empty);
            let checked = match &cell.problem {
                Some(problem) => Err(problem.clone()),
                None => set_field(
                    &mut player,
                    &mut name_parts,
                    *column,
                    restore_formula(cell.text.trim()),
                ),
            };
            if let Err(problem) = checked {
                errors.push(cell_error(&row, index, name, &cell.text, problem));
            }
            if name == "fide_id" {
                fide_id_at = Some(index);
            }
            if name == "national_id" {
                national_id_at = Some(index);
            }
        }
        if name_column == "surname" {
            player.name = match &name_parts {
                (surname, given) if given.is_empty() => surname.clone(),
                (surname, given) => format!("{surname}, {given}"),
            };
            if player.name.chars().count() > MAX_TEXT {
                errors.push(line_error(
                    line,
                    FieldProblem::TooLong { max: MAX_TEXT }.into(),
                ));
            }
        }
        if let (Some(id), Some(index)) = (player.fide_id, fide_id_at) {
            if let Some(&first_line) = fide_ids.get(&id) {
                errors.push(cell_error(
                    &row,
                    index,
                    "fide_id",
                    &id.to_string(),
                    CsvProblem::DuplicateFideId { first_line },
                ));
            } else {
                fide_ids.insert(id, line);
            }
        }
        if let (false, Some(index)) = (player.national_id.is_empty(), national_id_at) {
            if let Some(&first_line) = national_ids.get(&player.national_id) {
                errors.push(cell_error(
                    &row,
                    index,
                    "national_id",
                    &player.national_id,
                    CsvProblem::DuplicateNationalId { first_line },
                ));
            } else {
                national_ids.insert(player.national_id.clone(), line);
            }
        }
        players.push(player);
    }
    if errors.is_empty() && players.is_empty() {
        errors.push(line_error(header.line + 1, CsvProblem::NoPlayers));
    }
    if errors.is_empty() {
        Ok(players)
    } else {
        Err(errors)
    }
}

/// Checks one value and stores it (column index into [`READ_COLUMNS`]); a name in two parts
/// goes to `name_parts` (surname, given name).
fn set_field(
    player: &mut PlayerRecord,
    name_parts: &mut (String, String),
    column: usize,
    value: &str,
) -> Result<(), CsvProblem> {
    match READ_COLUMNS[column] {
        "name" => {
            player.name = check_text(value, true)?;
        }
        "fide_id" => {
            player.fide_id = parse_number(value, 1, 9_999_999_999)?;
        }
        "title" => {
            player.title = parse_title(value)?;
        }
        "rating" => {
            player.rating = parse_number(value, 0, u64::from(MAX_RATING))?.unwrap_or(0) as u16;
        }
        "federation" => {
            player.federation = parse_federation(value)?;
        }
        "birth_year" => {
            player.birth_year = parse_number(value, 1900, 2100)?.map(|year| year as u16);
        }
        "sex" => {
            player.sex = parse_sex(value)?;
        }
        "team" => {
            player.team = check_text(value, false)?;
        }
        "national_id" => {
            player.national_id = check_national_id(value)?;
        }
        "national_rating" => {
            player.national_rating =
                parse_number(value, 0, u64::from(MAX_RATING))?.unwrap_or(0) as u16;
        }
        "surname" => {
            name_parts.0 = check_text(value, true)?;
        }
        "given_name" => {
            name_parts.1 = check_text(value, false)?;
        }
        _ => {
            player.club = check_text(value, false)?;
        }
    }
    Ok(())
}

fn line_error(line: u64, problem: CsvProblem) -> CsvError {
    CsvError {
        line,
        problem,
        ..CsvError::default()
    }
}

/// A problem with the cell at `index` of `row` (named as a spreadsheet cell when the row
/// comes from one).
fn cell_error(
    row: &ListRow,
    index: usize,
    field: &str,
    value: &str,
    problem: CsvProblem,
) -> CsvError {
    CsvError {
        line: row.line,
        field: field.to_string(),
        value: value.to_string(),
        problem,
        sheet: None,
        cell: row.first_column.map(|first| {
            let column = first.saturating_add(u32::try_from(index).unwrap_or(u32::MAX));
            format!("{}{}", column_letters(column), row.line).into()
        }),
    }
}

/// The first broken quote of a CSV text, with its line (the header is line 1): a quoted cell
/// that is still open at the end of its line, or text after a closing quote. The CSV reader
/// would take the first for a cell running on to the next quote — lines further down, or the
/// end of the file — and report a wrong count of fields somewhere else, or nothing at all.
fn broken_quote(text: &str, delimiter: u8) -> Option<CsvError> {
    let delimiter = char::from(delimiter);
    let mut line = 1u64;
    let (mut field_start, mut quoted, mut closed) = (true, false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                }
                '"' => (quoted, closed) = (false, true),
                '\n' | '\r' => return Some(line_error(line, CsvProblem::UnclosedQuote)),
                _ => {}
            }
            continue;
        }
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                line += 1;
                (field_start, closed) = (true, false);
            }
            c if c == delimiter => (field_start, closed) = (true, false),
            ' ' | '\t' if closed => {}
            _ if closed => return Some(line_error(line, CsvProblem::TextAfterQuote)),
            '"' if field_start => (quoted, field_start) = (true, false),
            _ => field_start = false,
        }
    }
    quoted.then(|| line_error(line, CsvProblem::UnclosedQuote))
}

fn csv_failure(error: &::csv::Error) -> CsvError {
    let line = error.position().map_or(0, |p| p.line());
    let problem = match error.kind() {
        ::csv::ErrorKind::Utf8 { .. } => CsvProblem::NotText,
        _ => CsvProblem::Malformed,
    };
    line_error(line, problem)
}

/// True when a cell starts like a formula once leading apostrophes are set aside (so that a
/// value that really starts with `'=` survives [`neutralise_formula`] and
/// [`restore_formula`]).
fn looks_like_formula(cell: &str) -> bool {
    cell.trim_start_matches('\'').starts_with(FORMULA_STARTS)
}

/// A cell as [`write_players`] writes it: line breaks as spaces, and with an apostrophe in front
/// when a spreadsheet would take it for a formula (OWASP "CSV injection").
pub fn neutralise_formula(cell: &str) -> String {
    // A cell is written on one line: a name or a club never spans lines, and the importer
    // refuses a quoted cell that does (it names the line where such a quote opened).
    let cell: String = cell
        .chars()
        .map(|c| if matches!(c, '\r' | '\n') { ' ' } else { c })
        .collect();
    if looks_like_formula(&cell) {
        format!("'{cell}")
    } else {
        cell
    }
}

/// A cell as read: the apostrophe [`neutralise_formula`] put in front taken off again.
pub fn restore_formula(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if looks_like_formula(rest) => rest,
        _ => cell,
    }
}

/// Writes a player list with the header [`COLUMNS`] (and `team` when a player has one, as in a
/// list read from a team competition's spreadsheet, and the [`NATIONAL_COLUMNS`] when a player
/// has a national ID or rating), formula-like cells neutralised.
pub fn write_players(players: &[PlayerRecord]) -> String {
    write_players_separated(players, b',')
}

/// [`write_players`] with another separator: `;` for spreadsheet programs set to a language
/// whose decimal mark is a comma (Czech, Slovak, Hungarian, Serbian), which [`read_players`]
/// reads back as well.
pub fn write_players_separated(players: &[PlayerRecord], separator: u8) -> String {
    let mut writer = ::csv::WriterBuilder::new()
        .delimiter(separator)
        .from_writer(Vec::new());
    let teams = players.iter().any(|player| !player.team.is_empty());
    let national = players
        .iter()
        .any(|player| !player.national_id.is_empty() || player.national_rating > 0);
    let mut header: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    if teams {
        header.push("team".to_owned());
    }
    if national {
        header.extend(NATIONAL_COLUMNS.iter().map(|c| c.to_string()));
    }
    let mut rows: Vec<Vec<String>> = vec![header];
    for player in players {
        let mut row = vec![
            player.name.clone(),
            player.fide_id.map(|id| id.to_string()).unwrap_or_default(),
            player.title.clone(),
            if player.rating == 0 {
                String::new()
            } else {
                player.rating.to_string()
            },
            player.federation.clone(),
            player.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            player.sex.clone(),
            player.club.clone(),
        ];
        if teams {
            row.push(player.team.clone());
        }
        if national {
            row.push(player.national_id.clone());
            row.push(match player.national_rating {
                0 => String::new(),
                rating => rating.to_string(),
            });
        }
        rows.push(row);
    }
    for row in rows {
        let row: Vec<String> = row.iter().map(|cell| neutralise_formula(cell)).collect();
        // Writing into a Vec cannot fail for I/O reasons; a failure would be a bug in csv.
        if writer.write_record(&row).is_err() {
            break;
        }
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests;
