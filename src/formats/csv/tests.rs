//! Tests of the player list reader and writer.

use super::*;
use crate::tournament::entry_fields::MAX_NATIONAL_ID;

#[test]
fn reads_a_clean_list_in_any_column_order() {
    let text = "\u{feff}Rating,Name,title,FIDE_ID,federation,birth_year,sex,club\n\
                2450,\"Novák, Jan\",im,310000,cze,1990,M,ŠK Praha\n\
                ,\"Őry, Anna\",,,,,w,\n";
    let players = read_players(text, &ColumnMapping::default()).expect("clean");
    assert_eq!(players.len(), 2);
    assert_eq!(players[0].name, "Novák, Jan");
    assert_eq!(players[0].title, "IM");
    assert_eq!(players[0].rating, 2450);
    assert_eq!(players[0].fide_id, Some(310000));
    assert_eq!(players[0].federation, "CZE");
    assert_eq!(players[0].sex, "m");
    assert_eq!(players[0].club, "ŠK Praha");
    assert_eq!(players[1].rating, 0);
    assert_eq!(players[1].birth_year, None);
}

#[test]
fn a_bad_value_is_named_at_its_file_line_with_crlf_line_ends_too() {
    // A browser sends a pasted list with CRLF: the header is line 1, the rows 2 and 3.
    for end in ["\n", "\r\n"] {
        let text = format!("name,rating{end}\"Nový, Petr\",abc{end}Malá,x{end}");
        let errors = read_players(&text, &ColumnMapping::default()).expect_err("bad ratings");
        let lines: Vec<u64> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 3], "line ends {end:?}");
    }
}

#[test]
fn an_unclosed_quote_is_named_at_the_line_it_opened_on() {
    // Line 3 opens a quote it never closes; the reader alone would run the cell on to the
    // quote of line 5 and report a wrong count of fields on another line.
    let text = "name,rating,club\n\
                \"Novák, Jan\",2300,ŠK Praha\n\
                \"Dvořák, Petr,2200,TJ Zlín\n\
                \"Svoboda, Jiří\",2100,\n\
                \"Malá, Eva\",2000,\n";
    let errors = read_players(text, &ColumnMapping::default()).expect_err("broken");
    let found: Vec<(u64, &str)> = errors.iter().map(|e| (e.line, e.problem.key())).collect();
    assert_eq!(found, [(3, "unclosed_quote")]);
    // At the end of the file too.
    let errors = read_players("name,rating\n\"Novák, Jan,2300", &ColumnMapping::default())
        .expect_err("broken");
    assert_eq!(
        (errors[0].line, errors[0].problem.key()),
        (2, "unclosed_quote")
    );
    // With CRLF line ends and a semicolon separator.
    let text = "name;rating\r\n\"Novák, Jan\";2300\r\n\"Dvořák;2200\r\n";
    let errors = read_players(text, &ColumnMapping::default()).expect_err("broken");
    assert_eq!(
        (errors[0].line, errors[0].problem.key()),
        (3, "unclosed_quote")
    );
}

#[test]
fn text_after_a_closing_quote_is_named_with_its_line() {
    let errors = read_players(
        "name,rating\n\"Novák\" Jan,2300\n",
        &ColumnMapping::default(),
    )
    .expect_err("broken");
    assert_eq!(
        (errors[0].line, errors[0].problem.key()),
        (2, "text_after_quote")
    );
    // Doubled quotes inside a quoted cell and spaces after the quote are fine.
    let players = read_players(
        "name,club\n\"Novák, Jan\" ,\"ŠK \"\"Věž\"\"\"\n",
        &ColumnMapping::default(),
    )
    .expect("clean");
    assert_eq!(players[0].club, "ŠK \"Věž\"");
}

#[test]
fn semicolon_separated_lists_are_read() {
    let players =
        read_players("name;rating\nNovák, Jan;1800\n", &ColumnMapping::default()).expect("clean");
    assert_eq!(players[0].name, "Novák, Jan");
    assert_eq!(players[0].rating, 1800);
}

#[test]
fn every_problem_is_reported_with_line_and_field() {
    let text = "name,rating,title,federation,fide_id,birth_year,sex\n\
                \"A, B\",abc,XX,CZ,12,1800,m\n\
                ,4000,GM,SVK,12,1850,q\n\
                \"C, D\",1500\n";
    let errors = read_players(text, &ColumnMapping::default()).expect_err("dirty");
    let found: Vec<(u64, &str, &str)> = errors
        .iter()
        .map(|e| (e.line, e.field.as_str(), e.problem.key()))
        .collect();
    assert_eq!(
        found,
        [
            (2, "rating", "not_a_number"),
            (2, "title", "unknown_title"),
            (2, "federation", "bad_federation"),
            (2, "birth_year", "out_of_range"),
            (3, "name", "required"),
            (3, "rating", "out_of_range"),
            (3, "birth_year", "out_of_range"),
            (3, "sex", "bad_sex"),
            (3, "fide_id", "duplicate_fide_id"),
            (4, "", "wrong_field_count"),
        ]
    );
    assert_eq!(
        errors[0].to_string(),
        "line 2, rating \"abc\": must be a whole number"
    );
}

#[test]
fn header_problems_stop_before_rows() {
    let errors =
        read_players("nmae,rating\nx,1\n", &ColumnMapping::default()).expect_err("bad header");
    assert_eq!(errors[0].line, 1);
    assert_eq!(errors[0].problem, CsvProblem::UnknownColumn);
    assert_eq!(errors[1].problem, CsvProblem::MissingNameColumn);
    let errors = read_players("name,name\n", &ColumnMapping::default()).expect_err("duplicate");
    assert_eq!(errors[0].problem, CsvProblem::DuplicateColumn);
}

#[test]
fn empty_and_broken_input_is_an_error_not_a_panic() {
    assert_eq!(
        read_players("", &ColumnMapping::default()).expect_err("empty")[0].problem,
        CsvProblem::Empty
    );
    assert_eq!(
        read_players("name\n", &ColumnMapping::default()).expect_err("no players")[0].problem,
        CsvProblem::NoPlayers
    );
    let errors =
        read_players_bytes(b"name\nok\n\xff\x00\n", &ColumnMapping::default()).expect_err("bytes");
    assert_eq!(
        (errors[0].line, &errors[0].problem),
        (3, &CsvProblem::NotText)
    );
}

#[test]
fn export_reads_back_the_same_players() {
    let players = vec![
        PlayerRecord {
            name: "Šťastný, Petr".into(),
            fide_id: Some(12345),
            title: "FM".into(),
            rating: 2301,
            federation: "CZE".into(),
            birth_year: Some(2001),
            sex: "m".into(),
            club: "TJ \"Bohemians\", Praha".into(),
            national_id: "CZ-77".into(),
            national_rating: 2288,
            team: String::new(),
        },
        PlayerRecord {
            name: "Јовановић, Мила".into(),
            ..PlayerRecord::default()
        },
    ];
    let text = write_players(&players);
    assert!(text.starts_with("name,fide_id,title,rating"));
    assert_eq!(
        read_players(&text, &ColumnMapping::default()).expect("round trip"),
        players
    );
}

#[test]
fn separators_comma_semicolon_and_tab_are_found_in_the_header() {
    assert_eq!(separator_of("name,rating"), b',');
    assert_eq!(separator_of("name;rating;club"), b';');
    assert_eq!(separator_of("name\trating\tclub"), b'\t');
    // Separators inside quotes do not count.
    assert_eq!(separator_of("\"name, as written\";rating"), b';');
    assert_eq!(separator_of("name"), b',');
    let list = "name\trating\tclub\n\"Dvořák, Jan\"\t2412\tŠK Brno\n";
    let players = read_players(list, &ColumnMapping::default()).expect("tab-separated");
    assert_eq!(players[0].name, "Dvořák, Jan");
    assert_eq!(
        (players[0].rating, players[0].club.as_str()),
        (2412, "ŠK Brno")
    );
}

#[test]
fn czech_slovak_and_hungarian_names_in_each_encoding() {
    let list = "name;rating;club\nDvořák, Jan;2412;ŠK Ďurica\nŠťastný, Petr;2330;\n\
                Őry, Gábor;2281;Győri SE\nĎurica, Martin;2205;ŠK Žilina\n";
    let names = [
        "Dvořák, Jan",
        "Šťastný, Petr",
        "Őry, Gábor",
        "Ďurica, Martin",
    ];
    let mut encoded: Vec<(&str, Vec<u8>)> = Vec::new();
    for encoding in [encoding_rs::WINDOWS_1250, encoding_rs::ISO_8859_2] {
        encoded.push((encoding.name(), encoding.encode(list).0.into_owned()));
    }
    encoded.push(("UTF-8", list.as_bytes().to_vec()));
    let mut with_bom = vec![0xef, 0xbb, 0xbf];
    with_bom.extend_from_slice(list.as_bytes());
    encoded.push(("UTF-8 with BOM", with_bom));
    let mut utf16 = vec![0xff, 0xfe];
    utf16.extend(list.encode_utf16().flat_map(u16::to_le_bytes));
    encoded.push(("UTF-16LE", utf16));
    for (name, bytes) in encoded {
        let players = read_players_bytes(&bytes, &ColumnMapping::default())
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let read: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(read, names, "{name}");
        assert_eq!(players[3].club, "ŠK Žilina", "{name}");
    }
    // Western names in Windows-1252, comma-separated.
    let list = "name,club\n\"Müller, Jürgen\",Köln\n\"Szabó, Réka\",Pécs\n";
    let bytes = encoding_rs::WINDOWS_1252.encode(list).0.into_owned();
    let players = read_players_bytes(&bytes, &ColumnMapping::default()).expect("1252");
    assert_eq!(players[0].name, "Müller, Jürgen");
    assert_eq!(players[1].club, "Pécs");
}

proptest::proptest! {
    #[test]
    fn any_bytes_give_players_or_errors_never_a_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
        let mut text = b"name,rating,title,fide_id\n".to_vec();
        text.extend(bytes);
        match read_players_bytes(&text, &ColumnMapping::default()) {
            Ok(players) => proptest::prop_assert!(!players.is_empty()),
            Err(errors) => proptest::prop_assert!(!errors.is_empty()),
        }
    }
}

/// A national federation's list as it is published: its own headers, the name in two
/// parts, columns nobody needs.
const NATIONAL_LIST: &str = "Příjmení;Jméno;ID ČŠS;LOK;FIDE ID;Oddíl;Rok nar.;Kategorie\n\
                             Dvořák;Petr;12345;1835;310999;ŠK Vltava;2008;U18\n\
                             Nováková;Eva;23456;;;TJ Kunice;2012;U14\n";

fn national_mapping() -> ColumnMapping {
    let mut mapping = ColumnMapping::default();
    for (header, field) in [
        ("Příjmení", "surname"),
        ("jméno", "given_name"),
        ("ID ČŠS", "national_id"),
        ("LOK", "national_rating"),
        ("FIDE ID", "fide_id"),
        ("Oddíl", "club"),
        ("Rok nar.", "birth_year"),
        ("Kategorie", ""),
    ] {
        assert!(mapping.push(header, field), "{header}");
    }
    mapping
}

#[test]
fn a_national_list_reads_through_a_column_mapping() {
    let players = read_players(NATIONAL_LIST, &national_mapping()).expect("mapped");
    assert_eq!(players.len(), 2);
    assert_eq!(players[0].name, "Dvořák, Petr");
    assert_eq!(players[0].national_id, "12345");
    assert_eq!(players[0].national_rating, 1835);
    assert_eq!(
        players[0].rating, 0,
        "a national rating is never the FIDE rating"
    );
    assert_eq!(players[0].fide_id, Some(310_999));
    assert_eq!(players[0].birth_year, Some(2008));
    assert_eq!(players[1].name, "Nováková, Eva");
    assert_eq!(players[1].national_rating, 0);
}

#[test]
fn without_the_mapping_the_national_headers_are_unknown_columns() {
    let errors =
        read_players(NATIONAL_LIST, &ColumnMapping::default()).expect_err("unknown headers");
    let unknown: Vec<&str> = errors
        .iter()
        .filter(|e| e.problem == CsvProblem::UnknownColumn)
        .map(|e| e.value.as_str())
        .collect();
    assert_eq!(unknown.len(), 8, "{errors:?}");
    assert_eq!(unknown[0], "Příjmení", "the header as the file writes it");
    assert_eq!(
        headers_of(NATIONAL_LIST),
        [
            "Příjmení",
            "Jméno",
            "ID ČŠS",
            "LOK",
            "FIDE ID",
            "Oddíl",
            "Rok nar.",
            "Kategorie"
        ]
    );
}

#[test]
fn a_mapping_survives_its_stored_text_and_drops_what_it_cannot_use() {
    let mapping = national_mapping();
    assert_eq!(ColumnMapping::from_text(&mapping.to_text()), mapping);
    let read = ColumnMapping::from_text("Elo\trating\nno tab\nX\tpassword\n\tname\nELO\tclub\n");
    assert_eq!(read.columns, [("Elo".to_owned(), "rating".to_owned())]);
    let mut full = ColumnMapping::default();
    for index in 0..MAX_MAPPED_COLUMNS + 5 {
        full.push(&format!("c{index}"), "");
    }
    assert_eq!(full.columns.len(), MAX_MAPPED_COLUMNS);
}

#[test]
fn mapped_values_are_checked_like_the_others() {
    let text = "Příjmení;Jméno;ID ČŠS;LOK;FIDE ID;Oddíl;Rok nar.;Kategorie\n\
                ;Petr;123456789012345678901;4000;x;;1800;\n";
    let errors = read_players(text, &national_mapping()).expect_err("bad row");
    let problems: Vec<(&str, CsvProblem)> = errors
        .iter()
        .map(|e| (e.field.as_str(), e.problem.clone()))
        .collect();
    assert!(
        problems.contains(&("surname", CsvProblem::Field(FieldProblem::Required))),
        "{problems:?}"
    );
    assert!(problems.contains(&(
        "national_id",
        CsvProblem::Field(FieldProblem::TooLong {
            max: MAX_NATIONAL_ID
        })
    )));
    assert!(problems.contains(&(
        "national_rating",
        CsvProblem::Field(FieldProblem::OutOfRange { min: 0, max: 3500 })
    )));
    assert!(problems.contains(&("fide_id", CsvProblem::Field(FieldProblem::NotANumber))));
    assert!(problems.contains(&(
        "birth_year",
        CsvProblem::Field(FieldProblem::OutOfRange {
            min: 1900,
            max: 2100
        })
    )));
}

#[test]
fn national_columns_are_written_and_read_back_only_when_a_player_has_them() {
    let players = read_players(NATIONAL_LIST, &national_mapping()).expect("mapped");
    let text = write_players(&players);
    assert!(
        text.starts_with(
            "name,fide_id,title,rating,federation,birth_year,sex,club,national_id,national_rating\n"
        ),
        "{text}"
    );
    assert_eq!(
        read_players(&text, &ColumnMapping::default()).expect("back"),
        players
    );
    let plain = PlayerRecord {
        name: "Novák, Jan".into(),
        ..PlayerRecord::default()
    };
    assert!(!write_players(&[plain]).contains("national"));
}
