//! Player lists saved as spreadsheets (Office Open XML `.xlsx`, OpenDocument `.ods`), read with
//! calamine into the rows of the CSV importer ([`crate::formats::csv::read_rows`]): the same
//! columns, checks and problems, named by sheet, row (as the spreadsheet numbers it) and cell.
//!
//! **Which sheet.** The first, unless one is named. The first row with anything in it names the
//! columns; the cell left-most in it is the list's first column.
//!
//! **Cells.** Numbers come out as the list wants them: a rating or FIDE ID saved as a float
//! (`2450.0`) is the whole number `2450`; a fraction stays one (and is refused as such). A date
//! cell in the `birth_year` column gives its year; elsewhere it reads `YYYY-MM-DD`. A formula
//! cell counts with the value the spreadsheet saved for it (its cached result); a cell holding
//! an error (`#N/A`, `#REF!`) is a problem of that cell.
//!
//! **Bounds.** An upload is at most a few megabytes, but a zip can unpack to far more (a zip
//! bomb), and a few bytes of `.ods` can ask for a million repeated cells. So the archive is
//! first unpacked entry by entry within [`MAX_UNPACKED`] bytes in all (whatever sizes its
//! directory claims) into a new archive calamine reads; an `.ods` sheet's repeated rows and
//! cells are counted before calamine expands them ([`MAX_CELLS`]); an `.xlsx` sheet is read
//! cell by cell, and a sheet of more than [`MAX_ROWS`] rows is refused. Legacy `.xls` files are
//! not read: the message asks for `.xlsx`, `.ods` or CSV.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};

use calamine::{Data, DataRef, Ods, Reader, Xlsx};
use quick_xml::events::{BytesStart, Event};

use crate::formats::csv::{
    ColumnMapping, CsvError, CsvProblem, ListCell, ListRow, MAX_MAPPED_COLUMNS, PlayerRecord,
    read_rows,
};

/// The most bytes the entries of a spreadsheet archive may unpack to, together.
pub const MAX_UNPACKED: u64 = 16 * 1024 * 1024;
/// The most entries a spreadsheet archive may have.
pub const MAX_ENTRIES: usize = 1000;
/// The most rows with something in them that a sheet may have (header included).
pub const MAX_ROWS: usize = 10_000;
/// The most columns read; a value further right is reported, not kept.
pub const MAX_COLUMNS: u32 = 64;
/// The most cells calamine may lay out for all sheets of an `.ods` file.
pub const MAX_CELLS: u64 = 1_000_000;

/// The bytes a zip archive (`.xlsx`, `.ods`) starts with.
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
/// The bytes an OLE compound file (`.xls`) starts with.
const OLE_MAGIC: &[u8] = &[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/// True when the bytes are a spreadsheet file rather than text (a zip archive, or a legacy
/// Excel file, which [`read_players_spreadsheet`] refuses with a message).
pub fn is_spreadsheet(bytes: &[u8]) -> bool {
    bytes.starts_with(ZIP_MAGIC) || bytes.starts_with(OLE_MAGIC)
}

/// A player list read from a sheet of a workbook.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetList {
    /// The sheets of the workbook, in order.
    pub sheets: Vec<String>,
    /// The sheet read.
    pub sheet: String,
    /// The headers of its first row (the columns a [`ColumnMapping`] maps), at most
    /// [`MAX_MAPPED_COLUMNS`].
    pub headers: Vec<String>,
    /// Its players, or every problem found (each naming the sheet, row and cell).
    pub players: Result<Vec<PlayerRecord>, Vec<CsvError>>,
}

/// One cell's value, as the spreadsheet typed it.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Text(String),
    Number(f64),
    Date { year: i32, month: u8, day: u8 },
    Bool(bool),
    Error(String),
}

/// The cells of a sheet with something in them: row → (column, value), both 0-based.
type Cells = BTreeMap<u32, Vec<(u32, Value)>>;

/// Reads the player list of a spreadsheet's first sheet, or of the sheet named `sheet`, its
/// columns named as [`crate::formats::csv::READ_COLUMNS`] or by `mapping`. An `Err` is a
/// problem of the whole file (not a spreadsheet, too large, no such sheet).
pub fn read_players_spreadsheet(
    bytes: &[u8],
    sheet: Option<&str>,
    mapping: &ColumnMapping,
) -> Result<SheetList, CsvError> {
    let whole = |problem| CsvError {
        line: 0,
        problem,
        ..CsvError::default()
    };
    if !bytes.starts_with(ZIP_MAGIC) {
        return Err(whole(CsvProblem::NotASpreadsheet));
    }
    let unpacked = unpack_bounded(bytes).map_err(whole)?;
    let mut archive = zip::ZipArchive::new(Cursor::new(unpacked.as_slice()))
        .map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
    let ods = read_entry(&mut archive, "mimetype")
        .is_some_and(|mime| mime.starts_with(b"application/vnd.oasis.opendocument.spreadsheet"));
    let (sheets, name, cells) = if ods {
        let content =
            read_entry(&mut archive, "content.xml").ok_or(whole(CsvProblem::NotASpreadsheet))?;
        let cells = ods_cell_bound(&content).map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
        if cells > MAX_CELLS {
            return Err(whole(CsvProblem::TooLarge {
                what: "cells",
                max: MAX_CELLS,
            }));
        }
        drop(archive);
        let mut workbook: Ods<_> = Ods::new(Cursor::new(unpacked.as_slice()))
            .map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
        let sheets = workbook.sheet_names();
        let name = choose_sheet(&sheets, sheet).ok_or(whole(CsvProblem::UnknownSheet))?;
        let range = workbook
            .worksheet_range(&name)
            .map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
        // LibreOffice saves a formula's error as the cell's text (`#N/A`, `Err:502`).
        let formulas = workbook
            .worksheet_formula(&name)
            .map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
        let (top, left) = range.start().unwrap_or((0, 0));
        let mut cells = Cells::new();
        for (row_index, row) in range.rows().enumerate() {
            let row_number = top.saturating_add(row_index as u32);
            for (column_index, data) in row.iter().enumerate() {
                let column = left.saturating_add(column_index as u32);
                let formula = formulas
                    .get_value((row_number, column))
                    .is_some_and(|formula| !formula.is_empty());
                let value = match (value_of_data(data), formula) {
                    (Some(Value::Text(text)), true) if is_error_text(&text) => {
                        Some(Value::Error(text))
                    }
                    (value, _) => value,
                };
                if let Some(value) = value {
                    keep(&mut cells, row_number, column, value).map_err(whole)?;
                }
            }
        }
        (sheets, name, cells)
    } else {
        drop(archive);
        let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(unpacked.as_slice()))
            .map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
        let sheets = workbook.sheet_names();
        let name = choose_sheet(&sheets, sheet).ok_or(whole(CsvProblem::UnknownSheet))?;
        let mut reader = workbook
            .worksheet_cells_reader(&name)
            .map_err(|_| whole(CsvProblem::NotASpreadsheet))?;
        let mut cells = Cells::new();
        while let Some(cell) = reader
            .next_cell()
            .map_err(|_| whole(CsvProblem::NotASpreadsheet))?
        {
            let (row, column) = cell.get_position();
            if let Some(value) = value_of_ref(cell.get_value().clone()) {
                keep(&mut cells, row, column, value).map_err(whole)?;
            }
        }
        (sheets, name, cells)
    };
    let rows = rows_of(&cells);
    let headers = rows
        .first()
        .map(|row| {
            row.cells
                .iter()
                .take(MAX_MAPPED_COLUMNS)
                .map(|cell| cell.text.trim().to_owned())
                .collect()
        })
        .unwrap_or_default();
    let players = read_rows(rows.into_iter().map(Ok), mapping).map_err(|errors| {
        errors
            .into_iter()
            .map(|error| CsvError {
                sheet: Some(name.as_str().into()),
                ..error
            })
            .collect()
    });
    Ok(SheetList {
        sheets,
        sheet: name,
        headers,
        players,
    })
}

/// The sheet asked for (by name, letter case ignored), or the first.
fn choose_sheet(sheets: &[String], wanted: Option<&str>) -> Option<String> {
    match wanted.map(str::trim).filter(|name| !name.is_empty()) {
        Some(wanted) => sheets
            .iter()
            .find(|name| name.trim().eq_ignore_ascii_case(wanted) || name.trim() == wanted)
            .cloned(),
        None => sheets.first().cloned(),
    }
}

/// Keeps a cell, within [`MAX_ROWS`] rows (a value right of [`MAX_COLUMNS`] is kept as the
/// row's last, so that the row is reported).
fn keep(cells: &mut Cells, row: u32, column: u32, value: Value) -> Result<(), CsvProblem> {
    if !cells.contains_key(&row) && cells.len() >= MAX_ROWS {
        return Err(CsvProblem::TooLarge {
            what: "rows",
            max: MAX_ROWS as u64,
        });
    }
    let row = cells.entry(row).or_default();
    if column < MAX_COLUMNS || row.last().is_none_or(|(last, _)| *last < MAX_COLUMNS) {
        row.push((column, value));
    }
    Ok(())
}

/// The sheet's rows for [`read_rows`]: from the first row with something in it (the header),
/// from the left-most column with something in it.
fn rows_of(cells: &Cells) -> Vec<ListRow> {
    let Some(header) = cells.values().next() else {
        return Vec::new();
    };
    let first = cells
        .values()
        .flat_map(|row| row.iter().map(|(column, _)| *column))
        .min()
        .unwrap_or(0);
    let names: BTreeMap<u32, String> = header
        .iter()
        .map(|(column, value)| (*column, text_of(value, "").text.trim().to_ascii_lowercase()))
        .collect();
    cells
        .iter()
        .map(|(row, values)| {
            let width = values
                .iter()
                .map(|(column, _)| (column - first) as usize + 1)
                .max()
                .unwrap_or(0);
            let mut list_row = ListRow {
                line: u64::from(*row) + 1,
                cells: vec![ListCell::default(); width],
                first_column: Some(first),
            };
            for (column, value) in values {
                let name = names.get(column).map_or("", String::as_str);
                list_row.cells[(column - first) as usize] = text_of(value, name);
            }
            list_row
        })
        .collect()
}

/// A cell as the text the list reads, knowing its column's name.
fn text_of(value: &Value, column: &str) -> ListCell {
    let text = match value {
        Value::Text(text) => text.clone(),
        Value::Number(number) => number_text(*number),
        Value::Date { year, .. } if column == "birth_year" => year.to_string(),
        Value::Date { year, month, day } => format!("{year:04}-{month:02}-{day:02}"),
        Value::Bool(true) => "TRUE".to_owned(),
        Value::Bool(false) => "FALSE".to_owned(),
        Value::Error(error) => {
            return ListCell {
                text: error.clone(),
                problem: Some(CsvProblem::CellError),
            };
        }
    };
    ListCell {
        text,
        problem: None,
    }
}

/// A number as a list writes it: whole numbers without a decimal part (`2450.0` → `2450`).
fn number_text(number: f64) -> String {
    if number.fract() == 0.0 && number.abs() < 1e15 {
        format!("{}", number as i64)
    } else {
        format!("{number}")
    }
}

/// True for the text a spreadsheet shows for a formula's error (`#N/A`, `#REF!`, `#DIV/0!`,
/// `#VALUE!`, `#NAME?`, `#NUM!`, `#NULL!`, and LibreOffice's `Err:502`).
fn is_error_text(text: &str) -> bool {
    let text = text.trim();
    [
        "#N/A", "#REF!", "#DIV/0!", "#VALUE!", "#NAME?", "#NUM!", "#NULL!",
    ]
    .contains(&text)
        || text
            .strip_prefix("Err:")
            .is_some_and(|code| code.chars().all(|c| c.is_ascii_digit()))
}

/// A date from an ISO 8601 text (`1990-05-01` or `1990-05-01T00:00:00`), as ODS saves dates.
fn iso_date(text: &str) -> Option<Value> {
    let date = text.get(..10)?;
    let mut parts = date.split('-');
    let year = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    let day = parts.next()?.parse().ok()?;
    Some(Value::Date { year, month, day })
}

fn value_of_data(data: &Data) -> Option<Value> {
    match data {
        Data::Empty => None,
        Data::String(text) if text.trim().is_empty() => None,
        Data::String(text) => Some(Value::Text(text.clone())),
        Data::Int(number) => Some(Value::Number(*number as f64)),
        Data::Float(number) => Some(Value::Number(*number)),
        Data::Bool(value) => Some(Value::Bool(*value)),
        Data::DateTime(date) => Some(excel_date(date)),
        Data::DateTimeIso(text) => {
            Some(iso_date(text).unwrap_or_else(|| Value::Text(text.clone())))
        }
        Data::DurationIso(text) => Some(Value::Text(text.clone())),
        Data::Error(error) => Some(Value::Error(error.to_string())),
    }
}

fn value_of_ref(data: DataRef<'_>) -> Option<Value> {
    match data {
        DataRef::Empty => None,
        DataRef::SharedString(text) if text.trim().is_empty() => None,
        DataRef::String(ref text) if text.trim().is_empty() => None,
        DataRef::SharedString(text) => Some(Value::Text(text.to_owned())),
        DataRef::String(text) => Some(Value::Text(text)),
        DataRef::Int(number) => Some(Value::Number(number as f64)),
        DataRef::Float(number) => Some(Value::Number(number)),
        DataRef::Bool(value) => Some(Value::Bool(value)),
        DataRef::DateTime(date) => Some(excel_date(&date)),
        DataRef::DateTimeIso(text) => Some(iso_date(&text).unwrap_or(Value::Text(text))),
        DataRef::DurationIso(text) => Some(Value::Text(text)),
        DataRef::Error(error) => Some(Value::Error(error.to_string())),
    }
}

/// A date cell's date; a duration (a time of day, an elapsed time) stays a number.
fn excel_date(date: &calamine::ExcelDateTime) -> Value {
    if date.is_duration() {
        return Value::Number(date.as_f64());
    }
    let (year, month, day, ..) = date.to_ymd_hms_milli();
    Value::Date {
        year: i32::from(year),
        month,
        day,
    }
}

/// The entry `name` of an archive already unpacked within bounds.
fn read_entry(archive: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str) -> Option<Vec<u8>> {
    let mut entry = archive.by_name(name).ok()?;
    let mut bytes = Vec::new();
    entry.read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// Unpacks every entry of a zip archive, [`MAX_UNPACKED`] bytes in all whatever the archive
/// claims, into a new archive of stored (uncompressed) entries.
fn unpack_bounded(bytes: &[u8]) -> Result<Vec<u8>, CsvProblem> {
    let too_large = CsvProblem::TooLarge {
        what: "bytes",
        max: MAX_UNPACKED,
    };
    let mut archive =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| CsvProblem::NotASpreadsheet)?;
    if archive.len() > MAX_ENTRIES {
        return Err(CsvProblem::TooLarge {
            what: "entries",
            max: MAX_ENTRIES as u64,
        });
    }
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(false);
    let mut left = MAX_UNPACKED;
    let mut buffer = Vec::new();
    for index in 0..archive.len() {
        let mut entry = archive
            .by_index(index)
            .map_err(|_| CsvProblem::NotASpreadsheet)?;
        if entry.is_dir() {
            continue;
        }
        let name = entry
            .name()
            .map_err(|_| CsvProblem::NotASpreadsheet)?
            .into_owned();
        buffer.clear();
        let read = (&mut entry)
            .take(left + 1)
            .read_to_end(&mut buffer)
            .map_err(|_| CsvProblem::NotASpreadsheet)? as u64;
        if read > left {
            return Err(too_large);
        }
        left -= read;
        out.start_file(name, options)
            .map_err(|_| CsvProblem::NotASpreadsheet)?;
        out.write_all(&buffer)
            .map_err(|_| CsvProblem::NotASpreadsheet)?;
    }
    let out = out.finish().map_err(|_| CsvProblem::NotASpreadsheet)?;
    Ok(out.into_inner())
}

/// How many cells calamine lays out for the sheets of an `.ods` `content.xml` at most: the
/// cells it keeps per row (repeated cells included, up to the row's last value) and, per sheet,
/// its rows up to the last with a value (repeated rows included) times its widest row.
fn ods_cell_bound(content: &[u8]) -> Result<u64, quick_xml::Error> {
    let mut reader = quick_xml::Reader::from_reader(content);
    let mut buffer = Vec::new();
    let mut total: u64 = 0;
    // Per sheet.
    let mut kept: u64 = 0;
    let mut rows: u64 = 0;
    let mut rows_to_last: u64 = 0;
    let mut width: u64 = 0;
    // Per row.
    let mut row_repeats: u64 = 1;
    let mut column: u64 = 0;
    let mut last: u64 = 0;
    let repeats = |element: &BytesStart<'_>, name: &str| -> u64 {
        element
            .try_get_attribute(name)
            .ok()
            .flatten()
            .and_then(|attribute| attribute.value.parse().ok())
            .unwrap_or(1u64)
            .clamp(1, 1 << 20)
    };
    loop {
        buffer.clear();
        let (element, has_content) = match reader.read_event_into(&mut buffer)? {
            Event::Eof => break,
            Event::Start(element) => (element, true),
            Event::Empty(element) => (element, false),
            Event::End(end) => {
                match end.name().as_ref() {
                    "table:table-row" => {
                        kept = kept.saturating_add(last.min(1 << 14));
                        rows = rows.saturating_add(row_repeats);
                        if last > 0 {
                            rows_to_last = rows;
                            width = width.max(last.min(1 << 14));
                        }
                    }
                    "table:table" => {
                        total = total.saturating_add(kept.max(rows_to_last.saturating_mul(width)));
                        (kept, rows, rows_to_last, width) = (0, 0, 0, 0);
                    }
                    _ => {}
                }
                continue;
            }
            _ => continue,
        };
        match element.name().as_ref() {
            "table:table-row" => {
                row_repeats = repeats(&element, "table:number-rows-repeated");
                (column, last) = (0, 0);
            }
            "table:table-cell" | "table:covered-table-cell" => {
                column = column.saturating_add(repeats(&element, "table:number-columns-repeated"));
                let valued = has_content
                    || element
                        .try_get_attribute("office:value-type")
                        .ok()
                        .flatten()
                        .is_some()
                    || element
                        .try_get_attribute("table:formula")
                        .ok()
                        .flatten()
                        .is_some();
                if valued {
                    last = column;
                }
            }
            _ => {}
        }
    }
    Ok(total.saturating_add(kept.max(rows_to_last.saturating_mul(width))))
}

/// Spreadsheet files written by hand, cell by cell (`.xlsx`, `.ods`, a zip bomb): the fixtures
/// of the tests, made here rather than copied from anywhere.
pub mod testing {
    use std::io::{Cursor, Write};

    /// A cell to write.
    #[derive(Debug, Clone)]
    pub enum Cell {
        /// Nothing.
        Empty,
        /// A text.
        Text(&'static str),
        /// A number.
        Number(f64),
        /// A date cell (year, month, day).
        Date(i32, u32, u32),
        /// A formula with the value it was last computed to.
        Formula(&'static str, f64),
        /// A formula whose result is an error value.
        FormulaError(&'static str, &'static str),
    }

    fn zip_of(entries: &[(&str, String)]) -> Vec<u8> {
        let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, content) in entries {
            out.start_file(*name, options).expect("entry");
            out.write_all(content.as_bytes()).expect("write");
        }
        out.finish().expect("finish").into_inner()
    }

    fn column_name(index: usize) -> String {
        crate::formats::csv::column_letters(index as u32)
    }

    /// Days since 1899-12-30 (the serial number Excel stores a date as).
    fn serial(year: i32, month: u32, day: u32) -> i64 {
        // Days from civil (Howard Hinnant's algorithm), then shifted to Excel's epoch.
        let y = i64::from(if month <= 2 { year - 1 } else { year });
        let era = if y >= 0 { y } else { y - 399 } / 400;
        let yoe = y - era * 400;
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        let unix_days = era * 146_097 + doe - 719_468;
        unix_days + 25_569
    }

    fn escape(text: &str) -> String {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    }

    /// An `.xlsx` workbook with the sheets given (name, rows of cells from column A, row 1).
    pub fn xlsx(sheets: &[(&str, Vec<Vec<Cell>>)]) -> Vec<u8> {
        let mut entries = vec![(
            "[Content_Types].xml",
            String::from(
                r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#,
            ),
        )];
        entries.push((
            "_rels/.rels",
            String::from(
                r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#,
            ),
        ));
        let mut workbook = String::from(
            r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>"#,
        );
        let mut rels = String::from(
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#,
        );
        let mut sheet_entries = Vec::new();
        for (index, (name, rows)) in sheets.iter().enumerate() {
            let number = index + 1;
            workbook.push_str(&format!(
                r#"<sheet name="{}" sheetId="{number}" r:id="rId{number}"/>"#,
                escape(name)
            ));
            rels.push_str(&format!(
                r#"<Relationship Id="rId{number}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{number}.xml"/>"#
            ));
            let mut xml = String::from(
                r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
            );
            for (row_index, row) in rows.iter().enumerate() {
                let r = row_index + 1;
                xml.push_str(&format!(r#"<row r="{r}">"#));
                for (column_index, cell) in row.iter().enumerate() {
                    let at = format!("{}{r}", column_name(column_index));
                    xml.push_str(&match cell {
                        Cell::Empty => String::new(),
                        Cell::Text(text) => format!(
                            r#"<c r="{at}" t="inlineStr"><is><t>{}</t></is></c>"#,
                            escape(text)
                        ),
                        Cell::Number(number) => format!(r#"<c r="{at}"><v>{number}</v></c>"#),
                        Cell::Date(y, m, d) => {
                            format!(r#"<c r="{at}" s="1"><v>{}</v></c>"#, serial(*y, *m, *d))
                        }
                        Cell::Formula(formula, value) => format!(
                            r#"<c r="{at}"><f>{}</f><v>{value}</v></c>"#,
                            escape(formula)
                        ),
                        Cell::FormulaError(formula, error) => format!(
                            r#"<c r="{at}" t="e"><f>{}</f><v>{error}</v></c>"#,
                            escape(formula)
                        ),
                    });
                }
                xml.push_str("</row>");
            }
            xml.push_str("</sheetData></worksheet>");
            sheet_entries.push((format!("xl/worksheets/sheet{number}.xml"), xml));
        }
        workbook.push_str("</sheets></workbook>");
        rels.push_str(&format!(
            r#"<Relationship Id="rId{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#,
            sheets.len() + 1
        ));
        entries.push(("xl/workbook.xml", workbook));
        entries.push(("xl/_rels/workbook.xml.rels", rels));
        // Style 1 is the built-in date format 14 (m/d/yyyy).
        entries.push((
            "xl/styles.xml",
            String::from(
                r#"<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>"#,
            ),
        ));
        let mut all: Vec<(&str, String)> = entries;
        for (name, xml) in &sheet_entries {
            all.push((name.as_str(), xml.clone()));
        }
        zip_of(&all)
    }

    /// An `.ods` workbook whose `content.xml` body (the `<table:table>` elements) is given.
    pub fn ods_with_tables(tables: &str) -> Vec<u8> {
        let content = format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
        );
        zip_of(&[
            (
                "mimetype",
                "application/vnd.oasis.opendocument.spreadsheet".to_owned(),
            ),
            (
                "META-INF/manifest.xml",
                String::from(
                    r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#,
                ),
            ),
            ("content.xml", content),
        ])
    }

    /// An `.ods` workbook with the sheets given, as [`xlsx`] does.
    pub fn ods(sheets: &[(&str, Vec<Vec<Cell>>)]) -> Vec<u8> {
        let mut tables = String::new();
        for (name, rows) in sheets {
            tables.push_str(&format!(r#"<table:table table:name="{}">"#, escape(name)));
            for row in rows {
                tables.push_str("<table:table-row>");
                for cell in row {
                    tables.push_str(&match cell {
                        Cell::Empty => "<table:table-cell/>".to_owned(),
                        Cell::Text(text) => format!(
                            r#"<table:table-cell office:value-type="string"><text:p>{}</text:p></table:table-cell>"#,
                            escape(text)
                        ),
                        Cell::Number(number) => format!(
                            r#"<table:table-cell office:value-type="float" office:value="{number}"><text:p>{number}</text:p></table:table-cell>"#
                        ),
                        Cell::Date(y, m, d) => format!(
                            r#"<table:table-cell office:value-type="date" office:date-value="{y:04}-{m:02}-{d:02}"><text:p>{d}.{m}.{y}</text:p></table:table-cell>"#
                        ),
                        Cell::Formula(formula, value) => format!(
                            r#"<table:table-cell table:formula="of:{}" office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>"#,
                            escape(formula)
                        ),
                        Cell::FormulaError(formula, error) => format!(
                            r#"<table:table-cell table:formula="of:{}" office:value-type="string" office:string-value="" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" calcext:value-type="error"><text:p>{error}</text:p></table:table-cell>"#,
                            escape(formula)
                        ),
                    });
                }
                tables.push_str("</table:table-row>");
            }
            tables.push_str("</table:table>");
        }
        ods_with_tables(&tables)
    }

    /// A zip archive of one entry `name` holding `size` zero bytes, deflated (a zip bomb).
    pub fn zip_bomb(name: &str, size: usize) -> Vec<u8> {
        let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(size > u32::MAX as usize);
        out.start_file(name, options).expect("entry");
        let chunk = vec![b' '; 1 << 20];
        let mut left = size;
        while left > 0 {
            let n = left.min(chunk.len());
            out.write_all(&chunk[..n]).expect("write");
            left -= n;
        }
        out.finish().expect("finish").into_inner()
    }
}

#[cfg(test)]
mod tests;
