//! The fonts every PDF embeds (DejaVu Sans and Sans Bold, from the `dejavu` crate) cover the
//! names of our players: Czech and Hungarian Latin Extended and Serbian Cyrillic, in regular and
//! bold text. Checked by reading the PDF back with `pdftotext` (poppler-utils).
//!
//! Without `pdftotext` the test says so and passes, unless `CI` or `ARBITER_E2E` is set (CI
//! installs poppler-utils in `.ci/run`): there a missing tool fails the test.

use std::process::Command;

use arbiter::print::{DocumentInput, Language, pairings};
use arbiter::tournament::board::Board;
use arbiter::tournament::{Player, PlayerId, Tournament};

/// A Czech, a Hungarian and a Serbian Cyrillic name, each with letters beyond Latin-1.
const NAMES: [&str; 4] = [
    "Dvořák, Šárka",
    "Erdős Pál, Őrsi Ügyes",
    "Шаровић, Душан",
    "Smith, John",
];

/// The text of `pdf` as `pdftotext` reads it, or `None` (with a message) when the tool is not
/// installed and neither `CI` nor `ARBITER_E2E` asks for it.
fn pdf_text(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("names.pdf");
    std::fs::write(&path, pdf).expect("write the PDF");
    match Command::new("pdftotext").arg(&path).arg("-").output() {
        Ok(output) => {
            assert!(output.status.success(), "pdftotext failed");
            Some(String::from_utf8(output.stdout).expect("pdftotext gives UTF-8"))
        }
        Err(error) => {
            let required = ["CI", "ARBITER_E2E"]
                .iter()
                .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0"));
            assert!(
                !required,
                "pdftotext is needed here (poppler-utils): {error}"
            );
            println!("skipped: pdftotext not installed (poppler-utils): {error}");
            None
        }
    }
}

#[test]
fn pdf_prints_czech_hungarian_and_serbian_cyrillic_names() {
    let players = NAMES
        .iter()
        .enumerate()
        .map(|(index, name)| Player {
            id: PlayerId(index as u32 + 1),
            name: (*name).to_string(),
            rating: 2000,
            ..Player::default()
        })
        .collect();
    let tournament = Tournament {
        // The heading is set in the bold face.
        name: "Šachový turnaj – Erdős-emlékverseny – Шаховски турнир".to_string(),
        total_rounds: 3,
        players,
        ..Tournament::default()
    };
    let input = DocumentInput {
        language: Language::SerbianCyrillic,
        boards: vec![
            Board {
                number: 1,
                white: PlayerId(1),
                black: Some(PlayerId(3)),
                result: None,
                colourless: false,
            },
            Board {
                number: 2,
                white: PlayerId(2),
                black: Some(PlayerId(4)),
                result: None,
                colourless: false,
            },
        ],
        ..DocumentInput::default()
    };
    let pdf = pairings::by_board(&tournament, &input, 1).expect("pairing list");
    assert!(pdf.starts_with(b"%PDF-"));
    let Some(text) = pdf_text(&pdf) else {
        return;
    };
    for expected in NAMES
        .iter()
        .chain(&["Šachový turnaj", "Erdős-emlékverseny", "Шаховски турнир"])
    {
        assert!(text.contains(expected), "{expected:?} missing:\n{text}");
    }
}
