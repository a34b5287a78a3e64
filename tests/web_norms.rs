//! Title norms (FIDE B.01, edition of 1 January 2024) in the web app, from the same code as
//! `arbiter norms`: the player card shows each title's verdict with its figures, the
//! standings an arbiters' column of the norms made; the public standings have no such column.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::{Role, TournamentId};
use arbiter::formats::trf;
use arbiter::tournament::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};
use common::{PASSWORD, TestContext, multipart, upload};

/// The seeker (player 1: IM, CZE, 2450) and nine opponents, one a round: 6½ points against an
/// average of 2444 (three GMs, eight title holders, seven federations), Rp 2610 — a GM norm
/// (B.01 Art. 1.4.8 worked as in `tests/tournament_norms.rs`).
fn gm_norm_event() -> Tournament {
    use GameResult::{Draw as D, Loss as L, Win as W};
    let games: [(&str, u16, &str, GameResult); 9] = [
        ("GM", 2550, "GER", W),
        ("GM", 2520, "HUN", W),
        ("GM", 2500, "POL", W),
        ("IM", 2480, "SVK", W),
        ("IM", 2450, "AUT", W),
        ("IM", 2420, "CZE", D),
        ("FM", 2400, "CZE", D),
        ("FM", 2380, "SRB", D),
        ("", 2300, "CRO", L),
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
        ..Player::default()
    }];
    for (index, (title, rating, federation, result)) in games.into_iter().enumerate() {
        let id = PlayerId(index as u32 + 2);
        let mut rounds = vec![bye; 9];
        rounds[index] = RoundEntry {
            opponent: Some(PlayerId(1)),
            color: Some(Color::Black),
            result: result.mirrored().expect("a game"),
        };
        players.push(Player {
            id,
            name: format!("Opponent, No{}", index + 1),
            sex: "m".to_owned(),
            title: title.to_owned(),
            rating,
            federation: federation.to_owned(),
            rounds,
            ..Player::default()
        });
        players[0].rounds.push(RoundEntry {
            opponent: Some(id),
            color: Some(Color::White),
            result,
        });
    }
    Tournament {
        name: "Norm Open".to_owned(),
        total_rounds: 9,
        players,
        ..Tournament::default()
    }
}

/// Imports the GM-norm event as the logged-in `$client`; gives its path and its data.
macro_rules! import_event {
    ($ctx:expr, $client:expr) => {{
        let text = trf::write(&gm_norm_event());
        let token = $client.csrf_token().await;
        let created = $client
            .send(upload(
                "/tournaments/import",
                multipart(&[("csrf_token", &token)], Some(("file", "norm.trf", &text))),
            ))
            .await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
        let id = created.created_id();
        let t = created.location.expect("new tournament");
        let data = $ctx.with_conn(|conn| {
            TournamentData::load(conn, TournamentId(id))
                .expect("load")
                .expect("tournament")
        });
        (t, data)
    }};
}

#[actix_web::test]
async fn b01_1_4_8_a_gm_norm_on_the_card_and_in_the_arbiters_standings_column() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let (t, data) = import_event!(ctx, orga);
    let seeker = data
        .players
        .iter()
        .find(|p| p.name == "Seeker, Sam")
        .expect("the seeker")
        .id;

    let standings = orga.get(&format!("{t}/standings")).await;
    assert_eq!(standings.status, StatusCode::OK);
    assert_eq!(standings.texts("th.norms").len(), 1);
    assert_eq!(
        standings.text("tr[data-start=\"1\"] td.norms").as_deref(),
        Some("GM 2610")
    );
    assert_eq!(
        standings.text("tr[data-start=\"2\"] td.norms").as_deref(),
        Some("")
    );

    let card = orga.get(&format!("{t}/players/{}/card", seeker.0)).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    let row = "#card-norms tr[data-title=\"GM\"]";
    assert_eq!(
        card.text(&format!("{row} td.verdict")).as_deref(),
        Some("norm")
    );
    assert_eq!(card.text(&format!("{row} td.games")).as_deref(), Some("9"));
    assert_eq!(
        card.text(&format!("{row} td.points")).as_deref(),
        Some("6.5")
    );
    assert_eq!(
        card.text(&format!("{row} td.average")).as_deref(),
        Some("2444")
    );
    assert_eq!(
        card.text(&format!("{row} td.performance")).as_deref(),
        Some("2610")
    );
    // An IM does not seek the IM title again; a man no women's title.
    assert_eq!(card.texts("#card-norms tbody tr").len(), 1);

    // The public standings have no norms column.
    orga.post(&format!("{t}/publish"), &[("published", "true")])
        .await;
    let mut public = ctx.client().await;
    let open = public.get(&format!("{t}/standings")).await;
    assert_eq!(open.status, StatusCode::OK);
    assert!(open.texts("th.norms").is_empty());
}

/// The text of a PDF (`None` without poppler-utils).
fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/print-preview");
    std::fs::create_dir_all(&dir).expect("preview folder");
    let path = dir.join(name);
    std::fs::write(&path, pdf).expect("write pdf");
    let output = std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[actix_web::test]
async fn b01_it1_and_it3_are_printed_for_the_arbiters_from_the_card_and_the_report_page() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let (t, data) = import_event!(ctx, orga);
    let row_of = |name: &str| {
        data.players
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{name}"))
            .id
            .0
    };
    let (seeker, opponent) = (row_of("Seeker, Sam"), row_of("Opponent, No1"));

    // The card of a norm maker has the IT1 button; the PDF is the certificate.
    let card = orga.get(&format!("{t}/players/{seeker}/card")).await;
    let link = card
        .attrs("#print-it1", "href")
        .into_iter()
        .next()
        .expect("IT1 button");
    assert_eq!(link, format!("{t}/players/{seeker}/it1.pdf"));
    let it1 = orga.get(&link).await;
    assert_eq!(it1.status, StatusCode::OK, "{}", it1.body);
    assert_eq!(it1.content_type.as_deref(), Some("application/pdf"));
    if let Some(text) = pdf_text("web-it1.pdf", &it1.bytes) {
        assert!(
            text.contains("Certificate of title result (FIDE IT1)"),
            "{text}"
        );
        assert!(text.contains("Seeker, Sam"), "{text}");
        assert!(text.contains("2610 = 2444 + 166"), "{text}");
    }
    // No button without a norm, and the certificate is refused with the reason.
    let card = orga.get(&format!("{t}/players/{opponent}/card")).await;
    assert!(card.attrs("#print-it1", "href").is_empty());
    let refused = orga.get(&format!("{t}/players/{opponent}/it1.pdf")).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.body.contains("has made no title norm"),
        "{}",
        refused.body
    );

    // The report page has the IT3 button.
    let report = orga.get(&format!("{t}/report")).await;
    let link = report
        .attrs("#print-it3", "href")
        .into_iter()
        .next()
        .expect("IT3 button");
    let it3 = orga.get(&link).await;
    assert_eq!(it3.status, StatusCode::OK, "{}", it3.body);
    assert_eq!(it3.content_type.as_deref(), Some("application/pdf"));
    if let Some(text) = pdf_text("web-it3.pdf", &it3.bytes) {
        assert!(text.contains("Tournament report (FIDE IT3)"), "{text}");
        assert!(
            text.lines()
                .any(|line| line.contains("IM Seeker, Sam") && line.contains("2610")),
            "{text}"
        );
    }
    // Not through the public print route, and not for a visitor, even once published.
    let generic = orga.get(&format!("{t}/print/it3.pdf")).await;
    assert_eq!(generic.status, StatusCode::NOT_FOUND);
    orga.post(&format!("{t}/publish"), &[("published", "true")])
        .await;
    let mut public = ctx.client().await;
    for path in [
        format!("{t}/players/{seeker}/it1.pdf"),
        format!("{t}/report/it3.pdf"),
    ] {
        let page = public.get(&path).await;
        assert_ne!(page.status, StatusCode::OK, "{path}");
        assert_ne!(
            page.content_type.as_deref(),
            Some("application/pdf"),
            "{path}"
        );
    }
    let card = public.get(&format!("{t}/players/{seeker}/card")).await;
    assert!(card.attrs("#print-it1", "href").is_empty());
}
