//! Standings in the app (issues 6 and 8): the organiser chooses the tie-breaks (FIDE C.07
//! Art. 4.1) on their own page; the standings show the values and their working; player cards
//! show ARO, TPR and the expected rating change (B.02 Art. 8); a Swiss tournament gets the
//! wallchart; every document downloads as a PDF whose text holds the right names and values.
//!
//! The event: six players (ratings 2400 … 2350 by starting rank), three rounds of a Dutch Swiss. Results, white first:
//! R1 1–4 1-0, 5–2 ½, 3–6 1-0; R2 2–1 0-1, 4–3 ½, 6–5 1-0; R3 1–3 ½, 5–4 0-1, 2–6 1-0.
//! Scores: 1: 2½, 2: 1½, 3: 2, 4: 1½, 5: ½, 6: 1.
//!
//! Runs on SQLite, or on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set (see `common`).

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use actix_web::cookie::Cookie;
use actix_web::http::StatusCode;
use actix_web::test;
use arbiter::db::models::{NewGame, NewRound, PairingSystem, Role};
use arbiter::db::schema::tournaments;
use arbiter::tournament::result::BoardResult;
use common::{PASSWORD, TestContext};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};

const NAMES: [&str; 6] = [
    "Novák, Jan",
    "Šťastná, Eva",
    "Őry, Ádám",
    "Јовановић, Милан",
    "Łukasz, Kowalski",
    "Adams, Ben",
];

/// (white index, black index, result) per round.
const ROUNDS: [[(usize, usize, &str); 3]; 3] = [
    [(0, 3, "1-0"), (4, 1, "1/2-1/2"), (2, 5, "1-0")],
    [(1, 0, "0-1"), (3, 2, "1/2-1/2"), (5, 4, "1-0")],
    [(0, 2, "1/2-1/2"), (4, 3, "0-1"), (1, 5, "1-0")],
];

/// Builds the event with every result entered (`forfeit`: round 3 board 2 becomes `-/+`).
fn event(ctx: &TestContext, forfeit: bool) -> setup::Event {
    let event = setup::event(ctx, &NAMES, 3, 0);
    ctx.with_conn(|conn| {
        diesel::update(tournaments::table.find(event.tournament.id.0))
            .set(tournaments::pairing_system.eq(PairingSystem::SwissDutch.as_str()))
            .execute(conn)
            .expect("make it a Swiss");
        for (index, round) in ROUNDS.iter().enumerate() {
            let new_round = NewRound {
                tournament_id: event.tournament.id,
                number: index as i32 + 1,
                published: true,
            }
            .insert(conn)
            .expect("round");
            for (board, (white, black, result)) in round.iter().enumerate() {
                let result = if forfeit && index == 2 && board == 1 {
                    "-/+"
                } else {
                    result
                };
                NewGame {
                    round_id: new_round.id,
                    board: board as i32 + 1,
                    white_id: event.players[*white].id,
                    black_id: Some(event.players[*black].id),
                    result: Some(BoardResult::parse(result).expect("a result code")),
                    colourless: false,
                }
                .insert(conn)
                .expect("game");
            }
        }
    });
    event
}

/// The standings rows: (rank, start, name, points, tie-break values).
fn standings_rows(page: &common::Page) -> Vec<(String, String, String, String, Vec<String>)> {
    let html = page.html();
    let row = scraper::Selector::parse("#standings > tbody > tr").expect("selector");
    let cell = |name: &str| scraper::Selector::parse(name).expect("selector");
    let text = |e: scraper::ElementRef<'_>| {
        e.text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    html.select(&row)
        .map(|tr| {
            let first = |s: &str| tr.select(&cell(s)).next().map(text).unwrap_or_default();
            let values = tr
                .select(&cell("td.tb summary"))
                .map(text)
                .collect::<Vec<_>>();
            (
                first("td.rank"),
                first("td.start"),
                first("td.name"),
                first("td.points"),
                values,
            )
        })
        .collect()
}

/// The working of tie-break `code` of the player with starting rank `start`, fetched as the
/// standings page's script does: the fragment at the address its `<details>` links to.
async fn working_of<S, B>(
    visitor: &mut common::Client<S>,
    standings: &common::Page,
    start: u32,
    code: &str,
) -> common::Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let links = standings.attrs(
        &format!("tr[data-start='{start}'] td.tb[data-code='{code}'] details > a"),
        "href",
    );
    let [link] = links.as_slice() else {
        panic!("one link to the working of {code}: {links:?}");
    };
    let (address, anchor) = link.split_once('#').expect("the tie-break as the anchor");
    assert_eq!(anchor, code);
    let fragment = visitor.get(&format!("{address}&code={code}")).await;
    assert_eq!(fragment.status, StatusCode::OK, "{}", fragment.body);
    fragment
}

#[actix_web::test]
async fn c07_art_4_default_swiss_list_values_and_working() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0;
    let mut visitor = ctx.client().await;
    let page = visitor.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.text("#tiebreak-list").as_deref(),
        Some("BH-C1, BH, SB, DE")
    );
    // Each column is named under the table, in the visitor's language.
    assert_eq!(
        page.texts("#tiebreak-legend dd"),
        [
            "Buchholz",
            "Buchholz",
            "Sonneborn-Berger",
            "Direct encounter"
        ]
    );
    visitor.get("/lang/cs").await;
    let czech = visitor.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(
        czech
            .texts("#tiebreak-legend dd")
            .last()
            .map(String::as_str),
        Some("Vzájemné partie")
    );
    visitor.get("/lang/en").await;
    // Hand-computed (C.07 Art. 8.1, 9.1, 14.1): BH = sum of the opponents' scores;
    // BH-C1 drops the lowest; SB = sum of beaten opponents' scores + half of drawn ones'.
    // 1: opp 4 (1½), 2 (1½), 3 (2): BH 5, C1 3.5, SB 1.5+1.5+1 = 4.
    // 3: opp 6 (1), 4 (1½), 1 (2½): BH 5, C1 4, SB 1 + 0.75 + 1.25 = 3.
    // 4: opp 1 (2½), 3 (2), 5 (½): BH 5, C1 4.5, SB 1 + 0.5 = 1.5.
    // 2: opp 5 (½), 1 (2½), 6 (1): BH 4, C1 3.5, SB 0.25 + 1 = 1.25.
    // 6: opp 3 (2), 5 (½), 2 (1½): BH 4, C1 3.5, SB 0.5.
    // 5: opp 2 (1½), 6 (1), 4 (1½): BH 4, C1 3, SB 0.75.
    let rows = standings_rows(&page);
    let got: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| (r.0.clone(), r.1.clone(), r.4[..3].join(" ")))
        .collect();
    let expected = [
        ("1", "1", "3.5 5 4"),
        ("2", "3", "4 5 3"),
        ("3", "4", "4.5 5 1.5"),
        ("4", "2", "3.5 4 1.25"),
        ("5", "6", "3.5 4 0.5"),
        ("6", "5", "3 4 0.75"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(rows[0].3, "2.5");
    // The page carries the values only; each opens onto its working, fetched on demand.
    assert!(
        page.texts(".working-lines").is_empty(),
        "no working inlined"
    );
    let working = working_of(&mut visitor, &page, 1, "BH-C1").await;
    // The working of player 1's BH-C1: three opponents, one cut (a 1½ of players 2 or 4).
    let page = working;
    let working = page.texts(".working-lines tbody tr");
    assert_eq!(working.len(), 3, "{working:?}");
    let cut = page.texts("tr.cut");
    assert_eq!(cut.len(), 1, "{cut:?}");
    assert!(cut[0].contains("1.5") && cut[0].contains("cut"), "{cut:?}");
    assert!(
        working
            .iter()
            .any(|line| line.contains("Őry, Ádám") && line.contains('2')),
        "{working:?}"
    );
    // Names link to the player cards.
    let page = visitor.get(&format!("/tournaments/{id}/standings")).await;
    let links = page.attrs("#standings td.name a", "href");
    assert_eq!(links.len(), 6);
    assert!(links[0].ends_with(&format!("/players/{}/card", event.players[0].id.0)));
}

#[actix_web::test]
async fn c07_art_16_unplayed_round_is_shown_as_adjusted() {
    let ctx = TestContext::new();
    let event = event(&ctx, true);
    let id = event.tournament.id.0;
    let mut visitor = ctx.client().await;
    let page = visitor.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(page.status, StatusCode::OK);
    // Player 4 won round 3 by forfeit: in BH a dummy opponent stands in (Art. 16.4).
    let working = working_of(&mut visitor, &page, 4, "BH").await;
    let lines = working.texts("tr.adjusted");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with('3') && l.contains("16.4")),
        "{lines:?}\n{}",
        working.body
    );
}

#[actix_web::test]
async fn organiser_chooses_tie_breaks_and_others_cannot() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0;
    let path = format!("/tournaments/{id}/tiebreaks");
    // Anonymous: the form asks to log in; a POST is refused and nothing is stored.
    let mut anonymous = ctx.client().await;
    let page = anonymous.get(&path).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(page.location.unwrap_or_default().starts_with("/login"));
    let page = anonymous.post(&path, &[("codes", "WIN")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(page.location.unwrap_or_default().starts_with("/login"));
    // Another organiser (not the owner) and an arbiter: 403.
    ctx.create_user("other", Role::Organiser);
    ctx.create_user("arb", Role::Arbiter);
    for name in ["other", "arb"] {
        let mut client = ctx.client().await;
        client.login(name, PASSWORD).await;
        assert_eq!(
            client.get(&path).await.status,
            StatusCode::FORBIDDEN,
            "{name}"
        );
        let page = client
            .post(&path, &[("codes", "WIN"), ("ties", "lots")])
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{name}");
    }
    let mut owner = ctx.client().await;
    owner.login("orga", PASSWORD).await;
    let form = owner.get(&path).await;
    assert_eq!(form.status, StatusCode::OK);
    assert_eq!(form.attrs("#codes", "value"), ["BH-C1, BH, SB, DE"]);
    // Without the CSRF token: refused.
    let page = owner
        .post_raw(&path, &[("codes", "WIN"), ("ties", "lots")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // A wrong code: shown again with the reason (422).
    let page = owner
        .post(&path, &[("codes", "BH/C1, XYZ"), ("ties", "lots")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text(".errors").unwrap_or_default().contains("XYZ"));
    // In the reader's language.
    owner.accept_language = Some("cs".to_owned());
    let page = owner
        .post(&path, &[("codes", "BH/C1, XYZ"), ("ties", "lots")])
        .await;
    let reason = page.text(".errors").unwrap_or_default();
    assert!(reason.contains("„XYZ“ není individuální"), "{reason}");
    owner.accept_language = None;
    // Nothing stored yet: the public standings still use the default.
    let public = anonymous.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(
        public.text("#tiebreak-list").as_deref(),
        Some("BH-C1, BH, SB, DE")
    );
    // TRF spelling accepted; stored as FIDE writes it; shared places.
    let page = owner
        .post(
            &path,
            &[
                ("codes", "sb, WIN, BH/C1"),
                ("ties", "shared"),
                ("seed", ""),
            ],
        )
        .await;
    page.assert_redirect(&format!("/tournaments/{id}/standings"));
    let public = anonymous.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(
        public.text("#tiebreak-list").as_deref(),
        Some("SB, WIN, BH-C1")
    );
    let rows = standings_rows(&public);
    // 2 and 4 both have 1½: SB 1.25 vs 1.5 → 4 before 2 (WIN: 1 each, not reached).
    let order: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(order, ["1", "3", "4", "2", "6", "5"]);
    assert_eq!(rows[2].4, ["1.5", "1", "4.5"]);
    // Back to the default.
    let page = owner.post(&path, &[("codes", ""), ("reset", "1")]).await;
    page.assert_redirect(&format!("/tournaments/{id}/standings"));
    let public = anonymous.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(
        public.text("#tiebreak-list").as_deref(),
        Some("BH-C1, BH, SB, DE")
    );
}

#[actix_web::test]
async fn b02_player_card_numbers() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0;
    let mut visitor = ctx.client().await;
    let card = visitor
        .get(&format!(
            "/tournaments/{id}/players/{}/card",
            event.players[0].id.0
        ))
        .await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    // Player 1 (2400) met 4 (2370), 2 (2390), 3 (2380) and scored 2½.
    // ARO = 7140 / 3 = 2380 (C.07 10.1). TPR = 2380 + dp(83 %) = 2380 + 273 = 2653.
    // PD (B.02 8.1.2) for differences 30, 10, 20: .54 + .51 + .53 = 1.58; Δ = 2.5 − 1.58 =
    // 0.92; K = 10 (rated 2400 and above): +9.2, rounded +9.
    assert_eq!(card.text("#card-points").as_deref(), Some("2.5"));
    assert_eq!(card.text("#card-games").as_deref(), Some("3"));
    assert_eq!(card.text("#card-aro").as_deref(), Some("2380"));
    assert_eq!(card.text("#card-tpr").as_deref(), Some("2653"));
    let change = card.text("#card-change").unwrap_or_default();
    assert!(change.starts_with("+9.20 (rounded: +9)"), "{change}");
    assert!(change.contains("ΣPD = 1.58"), "{change}");
    let rounds = card.texts("#card-rounds tbody tr");
    assert_eq!(rounds.len(), 3);
    assert!(
        rounds[1].contains("Šťastná, Eva") && rounds[1].ends_with('1'),
        "{rounds:?}"
    );
    // A player of another tournament or without a starting number: 404.
    let missing = visitor
        .get(&format!("/tournaments/{id}/players/999999/card"))
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn swiss_crosstable_is_a_wallchart() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0;
    let mut visitor = ctx.client().await;
    let page = visitor.get(&format!("/tournaments/{id}/crosstable")).await;
    assert_eq!(page.status, StatusCode::OK);
    let row = |start: u32| page.texts(&format!("#wallchart tr[data-start='{start}'] td.cell"));
    // Opponent's starting number, colour, result per round.
    assert_eq!(row(1), ["4w1", "2b1", "3w½"]);
    assert_eq!(row(2), ["5b½", "1w0", "6w1"]);
    assert_eq!(row(6), ["3b0", "5w1", "2b0"]);
    assert_eq!(
        page.text("#wallchart tr[data-start='4'] td.rank")
            .as_deref(),
        Some("3")
    );
}

/// GETs `path` as the client with `cookies` and returns (status, content type, body bytes).
async fn get_bytes(
    ctx: &TestContext,
    cookies: &BTreeMap<String, String>,
    path: &str,
) -> (StatusCode, String, Vec<u8>) {
    let app = test::init_service(arbiter::web::app(ctx.state.clone())).await;
    let mut request = test::TestRequest::get()
        .uri(path)
        .peer_addr("192.0.2.10:40000".parse().expect("address"));
    for (name, value) in cookies {
        request = request.cookie(Cookie::new(name.clone(), value.clone()));
    }
    let response = test::call_service(&app, request.to_request()).await;
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let body = test::read_body(response).await.to_vec();
    (status, content_type, body)
}

/// Writes `pdf`, renders page 1 to PNG for looking at, and returns its text (`None` without
/// poppler-utils).
fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp/web_standings");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(name);
    std::fs::write(&path, pdf).expect("write pdf");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(dir.join(name.trim_end_matches(".pdf")))
        .status();
    let output = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .ok()?;
    assert!(output.status.success(), "pdftotext failed on {name}");
    Some(String::from_utf8(output.stdout).expect("UTF-8"))
}

#[actix_web::test]
async fn every_document_is_a_pdf_with_the_right_text() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0;
    let mut organiser = ctx.client().await;
    organiser.login("orga", PASSWORD).await;
    let round_page = organiser.get(&format!("/tournaments/{id}/rounds/3")).await;
    // The four round documents, the table cards and the hall screen.
    assert_eq!(
        round_page.attrs("#print-round a", "href").len(),
        7,
        "the round page has the four round documents, two kinds of table cards and the screen"
    );
    let cookies = organiser.cookies().clone();
    let anonymous = BTreeMap::new();
    let documents = [
        ("pairings.pdf?round=3", true),
        ("pairings-alphabetical.pdf?round=3", true),
        ("standings.pdf", true),
        ("crosstable.pdf", true),
        ("scoresheets.pdf?round=3", false),
        ("result-slips.pdf?round=3", false),
    ];
    let mut checked = 0;
    for (document, public) in documents {
        let path = format!("/tournaments/{id}/print/{document}");
        let (status, content_type, body) = get_bytes(&ctx, &cookies, &path).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{path}: {}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(content_type, "application/pdf");
        assert!(body.starts_with(b"%PDF"), "{path}");
        let (anonymous_status, _, _) = get_bytes(&ctx, &anonymous, &path).await;
        let expected = if public {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(anonymous_status, expected, "{path} for the public");
        let name = document.split('?').next().unwrap_or(document);
        let Some(text) = pdf_text(name, &body) else {
            continue;
        };
        for player in ["Novák, Jan", "Adams, Ben"] {
            assert!(text.contains(player), "{name}: {player} missing\n{text}");
        }
        if name == "standings.pdf" {
            assert!(text.contains("Јовановић, Милан") && text.contains("Łukasz, Kowalski"));
            for code in ["BH-C1", "BH", "SB", "DE"] {
                assert!(text.contains(code), "{code} column missing\n{text}");
            }
            let line = text
                .lines()
                .find(|l| l.contains("Јовановић"))
                .unwrap_or_default();
            // Player 4: 1½ points, BH-C1 4.5, BH 5, SB 1.5.
            assert!(line.contains("4.5") && line.contains("1.5"), "{line}");
        }
        if name == "crosstable.pdf" {
            let line = text
                .lines()
                .find(|l| l.contains("Novák"))
                .unwrap_or_default();
            assert!(line.contains("4w1") && line.contains("3w½"), "{line}");
        }
        checked += 1;
    }
    eprintln!("{checked} PDFs checked with pdftotext (0 when poppler-utils is missing)");
    // Unknown document: 404; a round not paired: 404.
    let (status, _, _) = get_bytes(&ctx, &cookies, &format!("/tournaments/{id}/print/x.pdf")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get_bytes(
        &ctx,
        &cookies,
        &format!("/tournaments/{id}/print/pairings.pdf?round=7"),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn arbiters_pairing_list_carries_self_report_qr_codes() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0;
    let mut organiser = ctx.client().await;
    organiser.login("orga", PASSWORD).await;
    // Round 2 was stored without codes (as a round paired before codes came with the pairing):
    // the arbiter issues them with the sheet's explicit POST, since no GET writes.
    organiser
        .post(
            &format!("/tournaments/{id}/rounds/2/self-report/codes"),
            &[("boards", "missing")],
        )
        .await;
    let path = format!("/tournaments/{id}/print/pairings.pdf?round=2");
    let (_, _, with_qr) = get_bytes(&ctx, organiser.cookies(), &path).await;
    let (_, _, public) = get_bytes(&ctx, &BTreeMap::new(), &path).await;
    assert!(with_qr.starts_with(b"%PDF") && public.starts_with(b"%PDF"));
    // The tokens are there for the three boards of round 2, and the arbiter's list is the one
    // with the codes drawn (many more drawing operations).
    let reports = ctx.with_conn(|conn| {
        let games: Vec<_> = arbiter::db::domain::TournamentData::load(conn, event.tournament.id)
            .expect("load")
            .expect("tournament")
            .games_of_round(2)
            .iter()
            .map(|g| g.id)
            .collect();
        arbiter::db::models::tournament_day::BoardReport::for_games(conn, &games).expect("reports")
    });
    assert_eq!(reports.len(), 3);
    assert!(
        with_qr.len() > public.len() + 2000,
        "{} vs {}",
        with_qr.len(),
        public.len()
    );
    if let Some(text) = pdf_text("pairings-qr.pdf", &with_qr) {
        assert!(text.contains("QR"), "{text}");
    }
}

#[actix_web::test]
async fn cli_prints_a_stored_tournament_with_its_tie_breaks() {
    let ctx = TestContext::new();
    let event = event(&ctx, false);
    let id = event.tournament.id.0.to_string();
    let mut owner = ctx.client().await;
    owner.login("orga", PASSWORD).await;
    let page = owner
        .post(
            &format!("/tournaments/{id}/tiebreaks"),
            &[("codes", "SB, BH-C1"), ("ties", "lots"), ("seed", "7")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp/web_standings");
    std::fs::create_dir_all(&dir).expect("dir");
    let run = |kind: &str, round: &str, file: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["print", kind, "--tournament", &id, "--round", round])
            .args(["--database", &ctx.db.url, "-o"])
            .arg(dir.join(file))
            .output()
            .expect("run arbiter");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read(dir.join(file)).expect("pdf")
    };
    let standings = run("standings", "3", "cli-standings.pdf");
    let pairings = run("pairings", "2", "cli-pairings.pdf");
    assert!(standings.starts_with(b"%PDF") && pairings.starts_with(b"%PDF"));
    if let Some(text) = pdf_text("cli-standings-copy.pdf", &standings) {
        let header = text
            .lines()
            .find(|l| l.contains("Name"))
            .unwrap_or_default();
        assert!(
            header.contains("SB") && header.contains("BH-C1") && !header.contains(" DE"),
            "{header}"
        );
        // Player 4: SB 1.5, BH-C1 4.5.
        let line = text
            .lines()
            .find(|l| l.contains("Јовановић"))
            .unwrap_or_default();
        assert!(line.contains("1.5") && line.contains("4.5"), "{line}");
    }
    if let Some(text) = pdf_text("cli-pairings-copy.pdf", &pairings) {
        assert!(text.contains("Pairings, round 2"), "{text}");
        assert!(text.contains("Šťastná, Eva") && text.contains("Novák, Jan"));
    }
    // A tournament that does not exist: the error says so.
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["print", "standings", "--tournament", "999999"])
        .args(["--database", &ctx.db.url, "-o"])
        .arg(dir.join("none.pdf"))
        .output()
        .expect("run arbiter");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no such tournament"));
}
