//! FIDE's norm forms (Title Regulations B.01, edition of 1 January 2024, Art. 1.4): the IT1
//! certificate of a title result and the IT3 tournament report, printed from the verdicts of
//! `arbiter norms` and checked through their extracted text (`pdftotext`); page 1 of each is
//! rendered to `target/print-preview/` (`pdftoppm`) for a human to look at. Without
//! poppler-utils the text checks are skipped with a message.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::formats::trf::{self, ReportHeader};
use arbiter::print::norm_forms::NormEvent;
use arbiter::print::{Document, DocumentInput, Language, PrintError, render};
use arbiter::tournament::norms::NormSettings;
use arbiter::tournament::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};

/// The seeker (player 1: IM, CZE, 2450) and nine opponents, one a round: 6½ points against an
/// average of 2444 (three GMs, eight title holders, seven federations), p = 0.72, dp = 166,
/// Rp 2610 — a GM norm (B.01 Art. 1.4.8; the figures worked in `tests/tournament_norms.rs`).
fn gm_norm_event() -> Tournament {
    use GameResult::{Draw as D, Loss as L, Win as W};
    let games: [(&str, &str, u16, &str, GameResult); 9] = [
        ("Šťastný, Jan", "GM", 2550, "GER", W),
        ("Őry, Béla", "GM", 2520, "HUN", W),
        ("Łukasz, Adam", "GM", 2500, "POL", W),
        ("Žilinský, Ľubomír", "IM", 2480, "SVK", W),
        ("Huber, Franz", "IM", 2450, "AUT", W),
        ("Novák, Petr", "IM", 2420, "CZE", D),
        ("Dvořák, Řehoř", "FM", 2400, "CZE", D),
        ("Јовановић, Душан", "FM", 2380, "SRB", D),
        ("Kovačević, Ivan", "", 2300, "CRO", L),
    ];
    let bye = RoundEntry {
        opponent: None,
        color: None,
        result: GameResult::ZeroPointBye,
    };
    let mut players = vec![Player {
        id: PlayerId(1),
        name: "Seeker, Sam".to_owned(),
        sex: "m".to_owned(),
        title: "IM".to_owned(),
        rating: 2450,
        federation: "CZE".to_owned(),
        fide_id: Some(310_000_001),
        birth: "2004/03/17".to_owned(),
        ..Player::default()
    }];
    for (index, (name, title, rating, federation, result)) in games.into_iter().enumerate() {
        let id = PlayerId(index as u32 + 2);
        let mut rounds = vec![bye; 9];
        rounds[index] = RoundEntry {
            opponent: Some(PlayerId(1)),
            color: Some(if index % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }),
            result: result.mirrored().expect("a game"),
        };
        players.push(Player {
            id,
            name: name.to_owned(),
            sex: "m".to_owned(),
            title: title.to_owned(),
            rating,
            federation: federation.to_owned(),
            fide_id: Some(310_000_010 + index as u64),
            rounds,
            ..Player::default()
        });
        players[0].rounds.push(RoundEntry {
            opponent: Some(id),
            color: Some(if index % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }),
            result,
        });
    }
    Tournament {
        name: "Brno Norm Open 2026".to_owned(),
        total_rounds: 9,
        players,
        ..Tournament::default()
    }
}

/// The event's report records (TRF `022`–`102`).
fn header() -> ReportHeader {
    ReportHeader {
        city: "Brno".to_owned(),
        federation: "CZE".to_owned(),
        start_date: time::Date::from_calendar_date(2026, time::Month::November, 14).ok(),
        end_date: time::Date::from_calendar_date(2026, time::Month::November, 22).ok(),
        kind: "Individual: Swiss-System".to_owned(),
        chief_arbiter: "Erdős Pál".to_owned(),
        deputies: vec!["Петровић, Милица".to_owned()],
        time_control: "90'/40 + 30' + 30\"".to_owned(),
        ..ReportHeader::default()
    }
}

fn input(language: Language, player: Option<u32>) -> DocumentInput {
    DocumentInput {
        language,
        player: player.map(PlayerId),
        norm_event: NormEvent {
            header: header(),
            settings: NormSettings {
                host_federation: "CZE".to_owned(),
                ..NormSettings::default()
            },
        },
        ..DocumentInput::default()
    }
}

fn preview(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/print-preview");
    std::fs::create_dir_all(&dir).expect("create target/print-preview");
    dir.join(name)
}

/// Writes the PDF, renders page 1 to PNG, and returns the text (`None` without poppler-utils).
fn extract(name: &str, pdf: &[u8]) -> Option<String> {
    assert!(pdf.starts_with(b"%PDF-"), "{name} is not a PDF");
    let path = preview(&format!("{name}.pdf"));
    std::fs::write(&path, pdf).expect("write pdf");
    text_of(&path, name)
}

fn text_of(path: &Path, name: &str) -> Option<String> {
    let Ok(text) = Command::new("pdftotext")
        .arg("-layout")
        .arg(path)
        .arg("-")
        .output()
    else {
        eprintln!("pdftotext not installed: skipping the text checks of {name}");
        return None;
    };
    assert!(text.status.success(), "pdftotext failed on {name}");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"])
        .arg(path)
        .arg(preview(name))
        .status();
    Some(String::from_utf8(text.stdout).expect("pdftotext gives UTF-8"))
}

fn pages(text: &str) -> usize {
    text.trim_end_matches('\u{c}').matches('\u{c}').count() + 1
}

/// The line of `text` that holds `needle`.
fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines()
        .find(|line| line.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{text}"))
}

#[test]
fn b01_1_4_it1_certificate_lists_the_games_counted_and_the_norms_figures() {
    let tournament = gm_norm_event();
    let pdf = render(
        Document::NormCertificate,
        &tournament,
        &input(Language::English, Some(1)),
        9,
    )
    .expect("a GM norm is made");
    let Some(text) = extract("it1-gm-norm", &pdf) else {
        return;
    };
    // One norm (an IM seeks the GM title only): one page.
    assert_eq!(pages(&text), 1, "{text}");
    for expected in [
        "Brno Norm Open 2026",
        "Certificate of title result (FIDE IT1)",
        "Norm GM",
        "Seeker, Sam",
        "310000001",
        "2004/03/17",
        "Host federation",
        "2026-11-14 – 2026-11-22",
        "Individual: Swiss-System",
        "Erdős Pál",
        "For the host federation",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in\n{text}");
    }
    // Every game counted: round, colour, opponent, title, federation, FIDE ID, rating, result.
    let first = line_with(&text, "Šťastný, Jan");
    for cell in ["1", "w", "GM", "GER", "310000010", "2550"] {
        assert!(first.contains(cell), "{cell:?} missing in {first:?}");
    }
    assert!(line_with(&text, "Јовановић, Душан").contains("½"));
    assert!(line_with(&text, "Kovačević, Ivan").contains("CRO"));
    // The figures (Art. 1.4.1, 1.4.5, 1.4.7, 1.4.8–1.4.9).
    assert!(line_with(&text, "Games (count as)").contains('9'));
    assert!(text.contains("6½ / 9 (72 %)"), "{text}");
    assert!(text.contains("2444 (≥ 2380)"), "{text}");
    assert!(text.contains("2610 = 2444 + 166 (≥ 2600)"), "{text}");
    assert!(
        text.contains("8 title holders; 3 with GM or higher"),
        "{text}"
    );
    assert!(
        text.contains("7 federations besides CZE; 2 opponents from CZE"),
        "{text}"
    );
}

#[test]
fn b01_1_4_it1_is_refused_for_a_player_without_a_norm_or_without_a_player() {
    let tournament = gm_norm_event();
    let refused = render(
        Document::NormCertificate,
        &tournament,
        &input(Language::English, Some(2)),
        9,
    );
    assert_eq!(refused.err(), Some(PrintError::NoNorm(2)));
    let refused = render(
        Document::NormCertificate,
        &tournament,
        &input(Language::English, Some(99)),
        9,
    );
    assert_eq!(refused.err(), Some(PrintError::NoSuchPlayer(99)));
    let refused = render(
        Document::NormCertificate,
        &tournament,
        &input(Language::English, None),
        9,
    );
    assert_eq!(refused.err(), Some(PrintError::NoPlayerGiven));
    // After eight rounds the seeker has eight games: no norm yet (Art. 1.4.1).
    let refused = render(
        Document::NormCertificate,
        &tournament,
        &input(Language::English, Some(1)),
        8,
    );
    assert_eq!(refused.err(), Some(PrintError::NoNorm(1)));
}

#[test]
fn b01_it3_tournament_report_lists_the_event_players_and_norms_made() {
    let tournament = gm_norm_event();
    let pdf = render(
        Document::NormReport,
        &tournament,
        &input(Language::English, None),
        9,
    )
    .expect("the report");
    let Some(text) = extract("it3-report", &pdf) else {
        return;
    };
    assert_eq!(pages(&text), 1, "{text}");
    for expected in [
        "Tournament report (FIDE IT3)",
        "Brno Norm Open 2026",
        "Erdős Pál",
        "Петровић, Милица",
        "90'/40 + 30' + 30\"",
        "Number of players",
        "GM 3 · IM 4 · FM 2",
        "CZE 3",
        "Title norms achieved",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in\n{text}");
    }
    let row = line_with(&text, "IM Seeker, Sam");
    for cell in ["310000001", "CZE", "GM", "6½", "2444", "2610"] {
        assert!(row.contains(cell), "{cell:?} missing in {row:?}");
    }
    assert!(
        line_with(&text, "Number of players").contains("10"),
        "{text}"
    );

    // After eight rounds nobody has a norm: the report says so.
    let pdf = render(
        Document::NormReport,
        &tournament,
        &input(Language::English, None),
        8,
    )
    .expect("the report");
    let Some(text) = extract("it3-report-no-norm", &pdf) else {
        return;
    };
    assert!(text.contains("No title norm was achieved."), "{text}");
}

#[test]
fn norm_forms_print_their_headings_in_the_six_languages() {
    let tournament = gm_norm_event();
    let titles = [
        (
            Language::English,
            "Certificate of title result",
            "Tournament report",
        ),
        (
            Language::Czech,
            "Osvědčení o splnění normy na titul",
            "Zpráva o turnaji",
        ),
        (
            Language::Slovak,
            "Osvedčenie o splnení normy na titul",
            "Správa o turnaji",
        ),
        (
            Language::Hungarian,
            "Igazolás címnorma teljesítéséről",
            "Versenyjelentés",
        ),
        (
            Language::SerbianLatin,
            "Potvrda o ispunjenoj normi za titulu",
            "Izveštaj o turniru",
        ),
        (
            Language::SerbianCyrillic,
            "Потврда о испуњеној норми за титулу",
            "Извештај о турниру",
        ),
    ];
    for (language, it1, it3) in titles {
        let certificate = render(
            Document::NormCertificate,
            &tournament,
            &input(language, Some(1)),
            9,
        )
        .expect("certificate");
        let report =
            render(Document::NormReport, &tournament, &input(language, None), 9).expect("report");
        let code = language.code();
        let (Some(certificate), Some(report)) = (
            extract(&format!("it1-{code}"), &certificate),
            extract(&format!("it3-{code}"), &report),
        ) else {
            return;
        };
        assert!(certificate.contains(it1), "{code}: {certificate}");
        assert!(report.contains(it3), "{code}: {report}");
        assert!(certificate.contains("Seeker, Sam"), "{code}: {certificate}");
    }
}

fn arbiter_print(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("print")
        .args(args)
        .output()
        .expect("run arbiter")
}

#[test]
fn cli_prints_it1_and_it3_from_a_trf_report() {
    let mut tournament = gm_norm_event();
    tournament.other_records = header().records();
    let path = preview("it-norm-event.trf");
    std::fs::write(&path, trf::write(&tournament)).expect("write trf");
    let file = path.to_str().expect("UTF-8 path");

    let it1 = preview("cli-it1.pdf");
    let output = arbiter_print(&[
        "it1",
        "--trf",
        file,
        "--player",
        "1",
        "--lang",
        "cs",
        "-o",
        it1.to_str().expect("path"),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let it3 = preview("cli-it3.pdf");
    let output = arbiter_print(&["it3", "--trf", file, "-o", it3.to_str().expect("path")]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // A player without a norm: an error that says so, no file.
    let none = preview("cli-it1-none.pdf");
    let _ = std::fs::remove_file(&none);
    let output = arbiter_print(&[
        "it1",
        "--trf",
        file,
        "--player",
        "2",
        "-o",
        none.to_str().expect("path"),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("player 2 has made no title norm"),
        "{stderr}"
    );
    assert!(!none.exists());

    let (Some(certificate), Some(report)) = (text_of(&it1, "cli-it1"), text_of(&it3, "cli-it3"))
    else {
        return;
    };
    // The event's facts come from the file's report records.
    assert!(certificate.contains("Osvědčení o splnění normy na titul"));
    assert!(certificate.contains("Erdős Pál"), "{certificate}");
    assert!(
        certificate.contains("2026-11-14 – 2026-11-22"),
        "{certificate}"
    );
    assert!(certificate.contains("2610 = 2444 + 166"), "{certificate}");
    assert!(line_with(&report, "IM Seeker, Sam").contains("2610"));
    assert!(report.contains("Brno"), "{report}");
}
