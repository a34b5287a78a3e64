//! The arbiter's record end to end in a real headless Chromium, driven over WebDriver
//! (chromedriver): on a round played, the arbiter enters a penalty result (FIDE Laws
//! Art. 12.9.5, ½-0 with the article and a reason) on the board's page, gives points outside
//! the games (TRF-2026 `299`, a deduction with its reason) and expels a player (Art. 12.9.9)
//! on the Players page. The standings page shows all three (each side's own score, the
//! adjustment mark, the expelled badge), and so does the standings PDF the page links to.
//!
//! Screenshots go to `target/e2e-screenshots/record-*.png`. Without `chromium` and
//! `chromedriver` the test prints `skipped: ...` and passes, unless `ARBITER_E2E=1`, which
//! makes a missing browser a failure.

mod common;
#[path = "day_support/setup.rs"]
mod setup;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

use arbiter::db::domain::TournamentData;
use common::{PASSWORD, TestContext};
use serde_json::json;
use webdriver::{Browser, browser_missing, serve, shots};

/// A public GET's status and body bytes (the standings PDF of a published event).
fn get_bytes(port: u16, path: &str) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .expect("request");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("response");
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header")
        + 4;
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut body = raw[end..].to_vec();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = unchunk(&body);
    }
    (status, body)
}

/// The body of a chunked response.
fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&data[..line_end])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
    out
}

fn load(ctx: &TestContext, id: i32) -> TournamentData {
    ctx.with_conn(|conn| {
        TournamentData::load(conn, arbiter::db::models::TournamentId(id))
            .expect("load")
            .expect("tournament")
    })
}

#[test]
fn e2e_art_12_9_penalty_points_outside_games_and_expulsion_in_the_browser_and_the_pdf() {
    if let Some(reason) = browser_missing() {
        if std::env::var("ARBITER_E2E").is_ok_and(|v| v == "1") {
            panic!("ARBITER_E2E=1 but {reason}");
        }
        println!("skipped: {reason}");
        return;
    }
    let ctx = TestContext::new();
    let names = [
        "Adámek, Jan",
        "Bartoš, Petr",
        "Cibulka, Ivo",
        "Dušek, Karel",
        "Erben, Josef",
        "Fiala, Marek",
    ];
    let event = setup::event(&ctx, &names, 5, 60);
    let id = event.tournament.id.0;
    let games =
        ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 5), (1, 4), (2, 3)]).1);
    let port = serve(ctx.state.clone());
    let base = format!("http://127.0.0.1:{port}");
    let browser = Browser::start();
    let shot = |name: &str| browser.screenshot(&shots().join(name));

    browser.goto(&format!("{base}/login"));
    browser.type_into(&browser.find("input[name=username]"), "orga");
    browser.type_into(&browser.find("input[name=password]"), PASSWORD);
    browser.click_and_wait("#login-form button[type=submit]");
    browser.find("#new-tournament");

    // Board 1: a penalty result, ½-0 under Art. 12.9.5, with the reason.
    browser.goto(&format!("{base}/tournaments/{id}/games/{}", games[0].id.0));
    browser.set_value("#penalty-form select[name=result]", "1/2-0");
    browser.set_value("#penalty-form select[name=article]", "12.9.5");
    browser.type_into(
        &browser.find("#penalty-form textarea[name=reason]"),
        "Black's mobile phone rang in the playing venue",
    );
    shot("record-01-penalty-form.png");
    browser.click_and_wait("#penalty-form button[type=submit]");
    let current = browser.text(&browser.find("#current-result"));
    assert!(
        current.contains("½-0") || current.contains("½–0"),
        "{current}"
    );
    // Boards 2 and 3: ordinary results.
    for (game, code) in [(&games[1], "1-0"), (&games[2], "1/2-1/2")] {
        browser.goto(&format!("{base}/tournaments/{id}/games/{}", game.id.0));
        browser.click_on(&format!("#result-form input[name=result][value='{code}']"));
        browser.click_and_wait("#result-form button[type=submit]");
        browser.find("#current-result");
    }

    // Players page: a point taken from Erben (decided on appeal), Dušek expelled.
    let erben = event.players[4].id.0;
    let dusek = event.players[3].id.0;
    browser.goto(&format!("{base}/tournaments/{id}/players"));
    browser.click_on(&format!("tr[data-player='{erben}'] details.adjust summary"));
    browser.type_into(
        &browser.find(&format!(
            "tr[data-player='{erben}'] .adjust-form input[name=points]"
        )),
        "-1",
    );
    browser.type_into(
        &browser.find(&format!(
            "tr[data-player='{erben}'] .adjust-form input[name=round]"
        )),
        "1",
    );
    browser.type_into(
        &browser.find(&format!(
            "tr[data-player='{erben}'] .adjust-form input[name=reason]"
        )),
        "Decided on appeal",
    );
    shot("record-02-adjust-form.png");
    browser.click_and_wait(&format!(
        "tr[data-player='{erben}'] .adjust-form button[type=submit]"
    ));
    browser.goto(&format!("{base}/tournaments/{id}/players"));
    browser.click_on(&format!("tr[data-player='{dusek}'] details.expel summary"));
    browser.type_into(
        &browser.find(&format!(
            "tr[data-player='{dusek}'] .expel-form input[name=reason]"
        )),
        "Refused to follow the arbiter's instructions",
    );
    browser.click_and_wait(&format!(
        "tr[data-player='{dusek}'] .expel-form button[type=submit]"
    ));
    browser.find(&format!("tr[data-player='{dusek}'] .badge.expelled"));
    shot("record-03-players-expelled.png");
    let data = load(&ctx, id);
    assert_eq!(data.adjustments.len(), 1, "the deduction is stored");

    // The standings page shows them.
    browser.goto(&format!("{base}/tournaments/{id}/standings"));
    browser.find("#standings");
    // The points cell of a player's row.
    let points_of = |name: &str| -> String {
        browser
            .script(
                "const row = Array.from(document.querySelectorAll('#standings tbody tr')) \
                   .find(r => r.querySelector('td.name').innerText.includes(arguments[0])); \
                 return row ? row.querySelector('td.points').innerText : '';",
                json!([name]),
            )
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let half = |text: &str| text.starts_with('½') || text.starts_with("0.5");
    assert!(
        half(&points_of("Adámek, Jan")),
        "White keeps ½: {}",
        points_of("Adámek, Jan")
    );
    assert!(
        points_of("Fiala, Marek").starts_with('0'),
        "Black 0: {}",
        points_of("Fiala, Marek")
    );
    let erben = points_of("Erben, Josef");
    assert!(erben.contains("(-1)"), "the deduction is marked: {erben}");
    let expelled = browser
        .script(
            "return Array.from(document.querySelectorAll('#standings tbody tr')) \
               .filter(r => r.querySelector('.badge.expelled')) \
               .map(r => r.querySelector('td.name').innerText);",
            json!([]),
        )
        .to_string();
    assert!(
        expelled.contains("Dušek, Karel") && !expelled.contains("Erben"),
        "the expelled badge: {expelled}"
    );
    shot("record-04-standings.png");

    // The standings PDF the page links to carries them too.
    let href = browser
        .script(
            "return document.querySelector('#standings-pdf').getAttribute('href');",
            json!([]),
        )
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(href.contains("/print/standings.pdf"), "{href}");
    let (status, pdf) = get_bytes(port, &href);
    assert_eq!(status, 200);
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    let dir = shots();
    std::fs::create_dir_all(&dir).expect("screenshots folder");
    let path = dir.join("record-05-standings.pdf");
    std::fs::write(&path, &pdf).expect("write pdf");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&path)
        .arg(dir.join("record-05-standings-pdf"))
        .status();
    let Ok(text) = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
    else {
        println!("pdftotext not installed: the PDF's text is not checked");
        return;
    };
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    let line = |name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} missing in\n{text}"))
            .to_owned()
    };
    assert!(line("Adámek, Jan").contains('½'), "{text}");
    assert!(line("Dušek, Karel").contains("(expelled)"), "{text}");
    assert!(line("Erben, Josef").contains("-1"), "{text}");
}
