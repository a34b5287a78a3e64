//! `arbiter print` on TRF files: the samples in `tests/data/dutch` (from bbpPairings' generator),
//! and, when the full fixtures are there (`ARBITER_FIXTURES` or `../shared/fixtures`), every
//! tournament of `dutch/` printed as wallchart and pairing list through the library.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::formats::trf;
use arbiter::print::{DocumentInput, crosstable, pairings};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

fn out(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/print-preview");
    std::fs::create_dir_all(&dir).expect("create target/print-preview");
    dir.join(name)
}

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("print")
        .args(args)
        .output()
        .expect("run arbiter")
}

fn pdftotext(path: &Path) -> Option<String> {
    let output = Command::new("pdftotext")
        .arg("-layout")
        .arg(path)
        .arg("-")
        .output()
        .ok()?;
    assert!(
        output.status.success(),
        "pdftotext failed on {}",
        path.display()
    );
    Some(String::from_utf8(output.stdout).expect("UTF-8"))
}

/// The TRF name field of player `id`.
fn trf_name(trf_text: &str, id: u32) -> String {
    trf_text
        .lines()
        .filter(|l| l.starts_with("001"))
        .find(|l| l.get(4..8).and_then(|n| n.trim().parse::<u32>().ok()) == Some(id))
        .and_then(|l| l.get(14..47))
        .map(|n| n.trim().to_string())
        .expect("player line")
}

#[test]
fn cli_prints_the_pairing_list_of_a_round_from_trf_and_pairs() {
    let trf_path = data("dutch/n30_r7_s1/r05.trf");
    let pairs_path = data("dutch/n30_r7_s1/r05.pairs");
    let pdf = out("cli_pairings_r05_cs.pdf");
    let result = arbiter(&[
        "pairings",
        "--trf",
        trf_path.to_str().expect("path"),
        "--pairs",
        pairs_path.to_str().expect("path"),
        "--lang",
        "cs",
        "--date",
        "2026-11-21",
        "-o",
        pdf.to_str().expect("path"),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let Some(text) = pdftotext(&pdf) else {
        eprintln!("pdftotext not installed: skipping the text check");
        return;
    };
    assert!(text.contains("Rozlosování 5. kola"), "{text}");
    assert!(text.contains("2026-11-21"));
    let trf_text = std::fs::read_to_string(&trf_path).expect("trf");
    let pairs = std::fs::read_to_string(&pairs_path).expect("pairs");
    let mut checked = 0;
    for line in pairs.lines().skip(1) {
        let numbers: Vec<u32> = line
            .split_whitespace()
            .map(|n| n.parse().expect("number"))
            .collect();
        if numbers[1] == 0 {
            continue;
        }
        let (white, black) = (
            trf_name(&trf_text, numbers[0]),
            trf_name(&trf_text, numbers[1]),
        );
        let row = text
            .lines()
            .find(|l| l.contains(&white) && l.contains(&black))
            .unwrap_or_else(|| panic!("{white} – {black} not on one line:\n{text}"));
        assert!(row.find(&white) < row.find(&black), "{row}");
        checked += 1;
    }
    assert_eq!(checked, 15);
}

#[test]
fn cli_prints_wallchart_and_scoresheets_from_a_full_trf() {
    let trf_path = data("dutch/n75_r9_s1/full.trf");
    let wallchart = out("cli_wallchart_n75.pdf");
    let result = arbiter(&[
        "crosstable",
        "--trf",
        trf_path.to_str().expect("path"),
        "--paper",
        "letter",
        "-o",
        wallchart.to_str().expect("path"),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let sheets = out("cli_scoresheets_n75.pdf");
    let result = arbiter(&[
        "scoresheets",
        "--trf",
        trf_path.to_str().expect("path"),
        "--round",
        "3",
        "--two-per-page",
        "--lang",
        "sr-Cyrl",
        "-o",
        sheets.to_str().expect("path"),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let (Some(text), Some(sheet_text)) = (pdftotext(&wallchart), pdftotext(&sheets)) else {
        eprintln!("pdftotext not installed: skipping the text check");
        return;
    };
    let trf_text = std::fs::read_to_string(&trf_path).expect("trf");
    for id in [1, 37, 75] {
        let name = trf_name(&trf_text, id);
        assert!(text.contains(&name), "{name} missing");
    }
    assert!(text.contains("Crosstable after round 9"));
    assert!(sheet_text.contains("Записник партије"));
    assert!(sheet_text.contains("Фигуре: К Д Т Л С"));
}

#[test]
fn cli_errors_say_what_is_wrong() {
    let pdf = out("cli_error.pdf");
    let missing = arbiter(&[
        "pairings",
        "--trf",
        "/nonexistent.trf",
        "-o",
        pdf.to_str().expect("p"),
    ]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read /nonexistent.trf"));

    let bad = out("bad.trf");
    std::fs::write(&bad, "012 Bad\n001    1      Test0001 Player0001               2693                             4.5    4    16 x 1\n")
        .expect("write");
    let result = arbiter(&[
        "pairings",
        "--trf",
        bad.to_str().expect("p"),
        "-o",
        pdf.to_str().expect("p"),
    ]);
    assert!(!result.status.success());
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("line 2, column"), "{stderr}");

    let result = arbiter(&[
        "standings",
        "--tournament",
        "1",
        "-o",
        pdf.to_str().expect("p"),
    ]);
    assert!(!result.status.success());
    assert!(String::from_utf8_lossy(&result.stderr).contains("--trf"));

    // A TRF has no prize rules: refused with the reason, not an empty prize list.
    let trf_path = data("dutch/n30_r7_s1/full.trf");
    let result = arbiter(&[
        "prizes",
        "--trf",
        trf_path.to_str().expect("path"),
        "-o",
        pdf.to_str().expect("p"),
    ]);
    assert!(!result.status.success(), "an empty prize list was printed");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("no categories or prizes") && stderr.contains("--tournament"),
        "{stderr}"
    );

    let result = arbiter(&[
        "pairings",
        "--trf",
        trf_path.to_str().expect("path"),
        "--round",
        "9",
        "-o",
        pdf.to_str().expect("p"),
    ]);
    assert!(!result.status.success());
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("round 9 does not exist"), "{stderr}");
}

fn fixtures() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("ARBITER_FIXTURES") {
        return Some(PathBuf::from(dir));
    }
    let sibling = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    sibling.is_dir().then_some(sibling)
}

#[test]
fn every_fixture_tournament_prints_as_wallchart_and_pairing_list() {
    let Some(root) = fixtures() else {
        eprintln!("full fixtures not found: only the samples in tests/data were printed");
        return;
    };
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root.join("dutch"))
        .expect("dutch fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("full.trf").is_file())
        .collect();
    folders.sort();
    let input = DocumentInput::default();
    let mut documents = 0;
    let mut text_checked = 0;
    for (index, folder) in folders.iter().enumerate() {
        let text = std::fs::read_to_string(folder.join("full.trf")).expect("read");
        let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        let rounds = tournament.rounds_played();
        let wallchart = crosstable::crosstable(
            &tournament,
            &input,
            rounds,
            crosstable::CrosstableKind::Wallchart,
            None,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        let list = pairings::by_board(&tournament, &input, rounds)
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        documents += 2;
        if index % 20 == 0 {
            let path = out("fixture_wallchart.pdf");
            std::fs::write(&path, &wallchart).expect("write");
            if let Some(pdf_text) = pdftotext(&path) {
                for player in &tournament.players {
                    assert!(
                        pdf_text.contains(&player.name),
                        "{}: {} missing from the wallchart",
                        folder.display(),
                        player.name
                    );
                }
                text_checked += 1;
            }
            assert!(list.starts_with(b"%PDF-"));
        }
    }
    println!(
        "printed {documents} documents from {} fixture tournaments; {text_checked} wallcharts checked name by name",
        folders.len()
    );
    assert!(documents > 0);
}

#[test]
fn pairing_list_of_the_round_after_byes_requested_ahead() {
    // Written after round 5: player 3's half-point bye and player 7's absence in round 6 are
    // requests for the round to pair, not a sixth round; the pairs are round 6's.
    let trf_path = data("trf-styles/swiss-manager-trf16.trf");
    let pairs_path = out("cli_pairs_after_byes_ahead.pairs");
    std::fs::write(&pairs_path, "4\n1 2\n4 5\n6 8\n9 10\n").expect("pairs written");
    let pdf = out("cli_pairings_after_byes_ahead.pdf");
    let result = arbiter(&[
        "pairings",
        "--trf",
        trf_path.to_str().expect("path"),
        "--pairs",
        pairs_path.to_str().expect("path"),
        "--lang",
        "cs",
        "-o",
        pdf.to_str().expect("path"),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let Some(text) = pdftotext(&pdf) else {
        eprintln!("pdftotext not installed: skipping the text check");
        return;
    };
    assert!(text.contains("Rozlosování 6. kola"), "{text}");
}
