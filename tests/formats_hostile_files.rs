//! Files nobody checked before us: a number in a TRF file must not make the reader allocate
//! without bound or index past what it checked (player numbers fit in 4 digits, rounds in 3),
//! a PGN must not nest variations deep enough to overflow the stack, and a player list we
//! export must not carry spreadsheet formulas. FIDE's XML rating list is read within a bound on
//! every text, tag, comment, reference and nesting, each refusal naming the line and element.

use std::process::Command;

use arbiter::formats::csv::{PlayerRecord, read_players, write_players};
use arbiter::formats::fide_list::xml::{
    MAX_COMMENT, MAX_DEPTH, MAX_ELEMENTS, MAX_GAP, MAX_NAME, MAX_TAG, MAX_XML_TEXT,
};
use arbiter::formats::fide_list::{ListError, ListProblem, RatingKind, XmlListReader};
use arbiter::formats::trf;
use arbiter::rules::pgn::{ReadOptions, read_games};

const HEADER: &str = "012 Hostile Open\nXXR 5\n";

/// A player line with starting rank `rank` and no rounds.
fn player(rank: u32) -> String {
    let name = format!("Player{rank:04}, Test");
    format!("001 {rank:>4}      {name:<33} 1800\n")
}

fn players(count: u32) -> String {
    (1..=count).map(player).collect()
}

#[test]
fn trf_240_bye_in_round_a_million_is_refused_with_the_three_digit_limit() {
    let text = format!("{HEADER}{}240 F 1000000 1\n", players(2));
    let error = trf::parse(&text).expect_err("a round beyond 999");
    assert_eq!((error.line, error.column), (5, 7), "{error}");
    assert!(error.reason.contains("999"), "{error}");
    // Four thousand million rounds: the same answer, at once.
    let text = format!("{HEADER}{}240 H 4000000000 2\n", players(2));
    let error = trf::parse(&text).expect_err("a round beyond 999");
    assert!(error.reason.contains("999"), "{error}");
    // A bye within the limit is read.
    let text = format!("{HEADER}{}240 H 3 2\n", players(2));
    let tournament = trf::parse(&text).expect("a bye in round 3");
    assert_eq!(tournament.players[1].rounds.len(), 3);
}

#[test]
fn trf_player_numbers_beyond_four_digits_are_refused_with_the_limit() {
    for record in ["240 F 1 12345", "XXZ 10000", "260 001 002 1 12345"] {
        let text = format!("{HEADER}{}{record}\n", players(2));
        let error = trf::parse(&text).expect_err(record);
        assert!(error.reason.contains("9999"), "{record}: {error}");
    }
}

#[test]
fn trf_number_of_rounds_beyond_three_digits_is_refused() {
    for record in ["XXR 1000", "142 4000000000"] {
        let error = trf::parse(&format!("012 x\n{record}\n{}", players(2))).expect_err(record);
        assert_eq!((error.line, error.column), (2, 5), "{error}");
        assert!(error.reason.contains("999"), "{record}: {error}");
    }
}

#[test]
fn trf_250_records_as_trf_2026_writes_them_are_read_and_short_ones_refused() {
    // TRF-2026: match points (empty in individual events), game points, first and last
    // round, first and last player.
    let six_words = format!("{HEADER}{}250 00.0 01.0 001 002 0001 0002\n", players(4));
    let five_words = format!("{HEADER}{}250      01.0 001 002 0001 0002\n", players(4));
    for text in [six_words, five_words] {
        let tournament = trf::parse(&text).expect("a TRF-2026 250 record");
        assert_eq!(tournament.setup.accelerations.len(), 4, "{text}");
        assert!(
            tournament
                .setup
                .accelerations
                .iter()
                .all(|a| a.points.0 == 10 && a.round <= 2 && a.player.0 <= 2)
        );
    }
    for record in ["250 1.0 1 2 1", "250 1.0 1 2", "250 1"] {
        let text = format!("{HEADER}{}{record}\n", players(4));
        let error = trf::parse(&text).expect_err(record);
        assert_eq!(error.line, 7, "{record}: {error}");
    }
    // Ranges are bounded like every other number of the file.
    for record in [
        "250 1.0 1 1000 1 2",
        "250 1.0 1 2 1 10000",
        "250 1.0 1 999 1 9999",
    ] {
        let text = format!("{HEADER}{}{record}\n", players(4));
        assert!(trf::parse(&text).is_err(), "{record}");
    }
}

#[test]
fn trf_point_values_too_large_to_count_are_an_error_not_an_overflow() {
    for record in ["BBW 300000000", "BBD 999999999½", "XXS W=-2147483648"] {
        let text = format!("{HEADER}{record}\n{}", players(2));
        let error = trf::parse(&text).expect_err(record);
        assert_eq!(error.line, 3, "{record}: {error}");
    }
}

#[test]
fn cli_reads_a_trf_2026_file_with_a_250_record_without_panicking() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("accelerated.trf");
    let sample = std::fs::read_to_string(format!(
        "{}/tests/data/dutch/n16_r9_s1/r02.trf",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("sample");
    std::fs::write(&path, format!("250      01.0 001 001 0001 0008\n{sample}")).expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["standings", &path.to_string_lossy()])
        .output()
        .expect("arbiter runs");
    assert!(
        output.status.success(),
        "exit {:?}: {}",
        output.status.code(),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn pgn_variations_nested_beyond_the_limit_are_an_error_not_a_stack_overflow() {
    let depth = 200_000;
    let mut text = String::from("1. e4 e5 ");
    for _ in 0..depth {
        text.push_str("( e5 ");
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push_str(" *\n");
    let games = read_games(&text, ReadOptions::default());
    assert_eq!(games.len(), 1);
    let error = games[0].as_ref().expect_err("too deep");
    assert!(error.reason.contains("deep"), "{error:?}");
    // Ordinary nesting is read.
    let games = read_games(
        "1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3))) e5 *\n",
        ReadOptions::default(),
    );
    assert!(games[0].is_ok(), "{games:?}");
}

#[test]
fn csv_export_neutralises_formulas_and_reads_back_the_same_players() {
    let hostile = [
        "=HYPERLINK(\"https://evil.example\",\"click\")",
        "+1+1",
        "-2+3",
        "@SUM(A1)",
        "\tTab, Start",
        "\rReturn, Start",
    ];
    let players: Vec<PlayerRecord> = hostile
        .iter()
        .map(|name| PlayerRecord {
            name: (*name).to_owned(),
            club: (*name).to_owned(),
            ..PlayerRecord::default()
        })
        .collect();
    let text = write_players(&players);
    let mut reader = ::csv::ReaderBuilder::new().from_reader(text.as_bytes());
    for record in reader.records() {
        let record = record.expect("a record");
        for cell in record.iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "a cell a spreadsheet would run: {cell:?}"
            );
        }
    }
    // Importing the export gives back what was exported (names are trimmed on import).
    let read = read_players(&text, &arbiter::formats::csv::ColumnMapping::default())
        .expect("the export reads back");
    let names: Vec<&str> = read.iter().map(|p| p.name.as_str()).collect();
    let expected: Vec<&str> = hostile.iter().map(|name| name.trim()).collect();
    assert_eq!(names, expected);
    // A name that merely starts with an apostrophe keeps it.
    let apostrophe = vec![PlayerRecord {
        name: "'t Hart, Jan".to_owned(),
        ..PlayerRecord::default()
    }];
    let read = read_players(
        &write_players(&apostrophe),
        &arbiter::formats::csv::ColumnMapping::default(),
    )
    .expect("reads back");
    assert_eq!(read[0].name, "'t Hart, Jan");
}

fn first_error(text: &str) -> ListError {
    XmlListReader::new(text.as_bytes(), RatingKind::Standard)
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("an error in {text:.200}"))
}

#[test]
fn fide_xml_references_comments_and_attributes_are_read_within_their_bounds() {
    let text = "<?xml version=\"1.0\"?><!-- FIDE --><playerslist date='2026-11'>\r\n<player id=\"a>b\"><fideid>7</fideid><name>&#78;ov&#xE1;k, J&amp;n</name><x:rating>2000</x:rating><games/></player></playerslist>";
    let players: Vec<_> = XmlListReader::new(text.as_bytes(), RatingKind::Rapid).collect();
    let player = players[0].clone().expect("a player");
    assert_eq!(player.name, "Novák, J&n");
    assert_eq!(player.rapid, Some(2000));
    assert_eq!(players.len(), 1);
}

#[test]
fn fide_xml_every_bound_stops_the_reading_naming_the_line_and_the_element() {
    let head = "<playerslist>\n<player><fideid>1</fideid>";
    let cases = [
        (
            format!(
                "{head}<name>{}</name></player></playerslist>",
                "A".repeat(300)
            ),
            "name",
            ListProblem::TooLong { max: MAX_XML_TEXT },
        ),
        (
            format!(
                "{head}<name>{}</name></player></playerslist>",
                "&#65;".repeat(300)
            ),
            "name",
            ListProblem::TooLong { max: MAX_XML_TEXT },
        ),
        (
            format!("{head}<{} /></player></playerslist>", "n".repeat(100)),
            "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn",
            ListProblem::TooLong { max: MAX_NAME },
        ),
        (
            format!(
                "{head}<games a=\"{}\"/></player></playerslist>",
                "1".repeat(300)
            ),
            "games",
            ListProblem::TooLong { max: MAX_TAG },
        ),
        (
            format!("{head}<!--{}--></player></playerslist>", "c".repeat(2000)),
            "comment",
            ListProblem::TooLong { max: MAX_COMMENT },
        ),
        (
            format!("{head}{}</player></playerslist>", " ".repeat(2000)),
            "player",
            ListProblem::TooLong { max: MAX_GAP },
        ),
        (
            format!("{head}{}", "<games>".repeat(10)),
            "games",
            ListProblem::TooDeep { max: MAX_DEPTH },
        ),
        (
            format!("{head}{}</player></playerslist>", "<k>1</k>".repeat(100)),
            "player",
            ListProblem::TooManyElements { max: MAX_ELEMENTS },
        ),
        (
            format!("\n<!DOCTYPE x [<!ENTITY a \"b\">]>{head}"),
            "",
            ListProblem::Xml("a DOCTYPE or other declaration is not accepted"),
        ),
        (
            format!("{head}<name><![CDATA[x]]></name></player></playerslist>"),
            "name",
            ListProblem::Xml("a CDATA section is not accepted"),
        ),
    ];
    for (text, field, problem) in cases {
        let error = first_error(&text);
        assert_eq!(
            (error.line, error.field.as_str(), &error.problem),
            (2, field, &problem),
            "{error}"
        );
    }
    let error = first_error(&format!(
        "{head}<name>&bogus;</name></player></playerslist>"
    ));
    assert_eq!(error.field, "bogus");
    let error = first_error(&format!("{head}<name>A</nome></player></playerslist>"));
    assert_eq!(error.field, "nome");
    let error = first_error(&format!("{head}<name>A</name>"));
    assert_eq!(error.problem, ListProblem::Truncated);
}
