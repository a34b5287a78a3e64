//! Tests of the spreadsheet reader.

use super::testing::{Cell, ods, ods_with_tables, xlsx, zip_bomb};
use super::*;

fn list_rows() -> Vec<Vec<Cell>> {
    use Cell::*;
    vec![
        vec![
            Text("Name"),
            Text("FIDE_ID"),
            Text("rating"),
            Text("title"),
            Text("birth_year"),
            Text("team"),
        ],
        vec![
            Text("Novák, Jan"),
            Number(310_000.0),
            Number(2450.0),
            Text("im"),
            Date(1990, 5, 17),
            Text("ŠK Praha A"),
        ],
        vec![
            Text("Őry, Anna"),
            Empty,
            Formula("2000+101", 2101.0),
            Empty,
            Number(2004.0),
            Text("ŠK Praha A"),
        ],
    ]
}

fn check_clean(list: SheetList) {
    let players = list.players.expect("clean");
    assert_eq!(players.len(), 2);
    assert_eq!(players[0].name, "Novák, Jan");
    assert_eq!(players[0].fide_id, Some(310_000));
    assert_eq!(players[0].rating, 2450);
    assert_eq!(players[0].title, "IM");
    assert_eq!(players[0].birth_year, Some(1990));
    assert_eq!(players[0].team, "ŠK Praha A");
    assert_eq!(
        players[1].rating, 2101,
        "a formula counts with its cached value"
    );
    assert_eq!(players[1].birth_year, Some(2004));
}

#[test]
fn xlsx_float_ratings_date_cells_and_formulas_read_as_the_csv_importer_reads_text() {
    let bytes = xlsx(&[("Players", list_rows())]);
    assert!(is_spreadsheet(&bytes));
    let list = read_players_spreadsheet(&bytes, None, &ColumnMapping::default()).expect("workbook");
    assert_eq!(list.sheet, "Players");
    check_clean(list);
}

#[test]
fn ods_float_ratings_date_cells_and_formulas_read_as_the_csv_importer_reads_text() {
    let bytes = ods(&[("Hráči", list_rows())]);
    let list = read_players_spreadsheet(&bytes, None, &ColumnMapping::default()).expect("workbook");
    assert_eq!(list.sheet, "Hráči");
    check_clean(list);
}

#[test]
fn a_chosen_sheet_is_read_and_an_unknown_one_refused() {
    use Cell::*;
    let notes = vec![vec![Text("Notes")], vec![Text("bring clocks")]];
    for bytes in [
        xlsx(&[("Notes", notes.clone()), ("Players", list_rows())]),
        ods(&[("Notes", notes.clone()), ("Players", list_rows())]),
    ] {
        let list = read_players_spreadsheet(&bytes, Some("players"), &ColumnMapping::default())
            .expect("workbook");
        assert_eq!(list.sheets, ["Notes", "Players"]);
        assert_eq!(list.sheet, "Players");
        check_clean(list);
        let first =
            read_players_spreadsheet(&bytes, None, &ColumnMapping::default()).expect("workbook");
        assert_eq!(first.sheet, "Notes");
        let errors = first.players.expect_err("no name column");
        assert_eq!(errors[0].problem, CsvProblem::UnknownColumn);
        assert_eq!(errors[0].sheet.as_deref(), Some("Notes"));
        assert_eq!(errors[0].cell.as_deref(), Some("A1"));
        assert_eq!(
            read_players_spreadsheet(&bytes, Some("Results"), &ColumnMapping::default()),
            Err(CsvError {
                problem: CsvProblem::UnknownSheet,
                ..CsvError::default()
            })
        );
    }
}

#[test]
fn problems_name_the_sheet_the_row_and_the_cell() {
    use Cell::*;
    let rows = vec![
        vec![Empty, Empty],
        vec![Text("name"), Text("rating"), Text("sex")],
        vec![Text("Dvořák, Jan"), Number(2412.5), Text("m")],
        vec![
            Text("Šťastný, Petr"),
            FormulaError("VLOOKUP(A4,X:Y,2)", "#N/A"),
            Text("q"),
        ],
        vec![Text("Ďurica, Martin"), Number(2205.0), Empty, Text("note")],
    ];
    for bytes in [
        xlsx(&[("List", rows.clone())]),
        ods(&[("List", rows.clone())]),
    ] {
        let errors = read_players_spreadsheet(&bytes, None, &ColumnMapping::default())
            .expect("workbook")
            .players
            .expect_err("dirty");
        let found: Vec<(u64, Option<&str>, &str, &str, &str)> = errors
            .iter()
            .map(|e| {
                (
                    e.line,
                    e.cell.as_deref(),
                    e.field.as_str(),
                    e.value.as_str(),
                    e.problem.key(),
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                (3, Some("B3"), "rating", "2412.5", "not_a_number"),
                (4, Some("B4"), "rating", "#N/A", "cell_error"),
                (4, Some("C4"), "sex", "q", "bad_sex"),
                (5, Some("D5"), "", "note", "outside_columns"),
            ]
        );
        assert!(errors.iter().all(|e| e.sheet.as_deref() == Some("List")));
        assert_eq!(
            errors[0].to_string(),
            "sheet \"List\", row 3, cell B3, rating \"2412.5\": must be a whole number"
        );
    }
}

#[test]
fn legacy_xls_text_and_damaged_archives_are_not_spreadsheets() {
    let mut xls = OLE_MAGIC.to_vec();
    xls.extend_from_slice(&[0; 64]);
    assert!(is_spreadsheet(&xls));
    for bytes in [xls, b"name\nA\n".to_vec(), b"PK\x03\x04broken".to_vec()] {
        assert_eq!(
            read_players_spreadsheet(&bytes, None, &ColumnMapping::default()).map(|l| l.sheet),
            Err(CsvError {
                problem: CsvProblem::NotASpreadsheet,
                ..CsvError::default()
            })
        );
    }
}

#[test]
fn a_zip_bomb_is_refused_after_reading_no_more_than_the_bound() {
    // 64 MB of spaces deflate to about 64 KB.
    let bomb = zip_bomb("xl/sharedStrings.xml", 64 << 20);
    assert!(bomb.len() < 1 << 20, "{}", bomb.len());
    assert_eq!(
        read_players_spreadsheet(&bomb, None, &ColumnMapping::default()).map(|l| l.sheet),
        Err(CsvError {
            problem: CsvProblem::TooLarge {
                what: "bytes",
                max: MAX_UNPACKED
            },
            ..CsvError::default()
        })
    );
}

#[test]
fn ods_repeated_cells_are_counted_before_calamine_expands_them() {
    // A few hundred bytes asking for 1,000,000 rows of 16,384 valued cells.
    let table = r#"<table:table table:name="S"><table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="16384" office:value-type="float" office:value="1"/></table:table-row></table:table>"#;
    let bytes = ods_with_tables(table);
    assert_eq!(
        read_players_spreadsheet(&bytes, None, &ColumnMapping::default()).map(|l| l.sheet),
        Err(CsvError {
            problem: CsvProblem::TooLarge {
                what: "cells",
                max: MAX_CELLS
            },
            ..CsvError::default()
        })
    );
    // Trailing empty rows and columns, as spreadsheet programs save them, are fine.
    let table = r#"<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row><table:table-row><table:table-cell office:value-type="string"><text:p>Kovač, Ana</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row><table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table>"#;
    let list = read_players_spreadsheet(&ods_with_tables(table), None, &ColumnMapping::default())
        .expect("workbook");
    assert_eq!(list.players.expect("clean")[0].name, "Kovač, Ana");
}

#[test]
fn an_xlsx_sheet_of_more_rows_than_a_list_has_is_refused() {
    use Cell::*;
    let mut rows = vec![vec![Text("name")]];
    rows.extend((0..MAX_ROWS).map(|_| vec![Text("Player, A")]));
    let bytes = xlsx(&[("Big", rows)]);
    assert_eq!(
        read_players_spreadsheet(&bytes, None, &ColumnMapping::default()).map(|l| l.sheet),
        Err(CsvError {
            problem: CsvProblem::TooLarge {
                what: "rows",
                max: MAX_ROWS as u64
            },
            ..CsvError::default()
        })
    );
}
