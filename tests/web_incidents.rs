//! The incident log of a tournament (the chief arbiter's report): an assigned arbiter records
//! a decision with its round, board, time, Article (FIDE Laws Art. 7, 11, 12.9, Appendices
//! A/B/G), decision and consequence; it is linked to the game of its board, listed for the
//! tournament's arbiters only, audited, and printed in the chief arbiter's report PDF. Input
//! that does not read is refused naming the field.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::{AuditEntry, Role, TournamentId};
use common::{PASSWORD, TestContext, multipart, upload};

fn report() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/report/open-report.trf"
    ))
    .expect("fixture")
}

/// Writes `pdf` under `target/tmp` and returns its text (`None` without poppler-utils).
fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    assert!(pdf.starts_with(b"%PDF"), "{name} is not a PDF");
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp/web_incidents");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(name);
    std::fs::write(&path, pdf).expect("write pdf");
    let output = std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .ok()?;
    assert!(output.status.success(), "pdftotext failed on {name}");
    Some(String::from_utf8(output.stdout).expect("UTF-8"))
}

#[actix_web::test]
async fn art_12_9_2_an_incident_is_logged_linked_to_its_game_and_printed() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    ctx.create_user("arno", Role::Arbiter);
    ctx.create_user("other", Role::Organiser);
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let token = orga.csrf_token().await;
    let created = orga
        .send(upload(
            "/tournaments/import",
            multipart(
                &[("csrf_token", &token)],
                Some(("file", "report.trf", &report())),
            ),
        ))
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let t = created.location.expect("new tournament");
    orga.post(&format!("{t}/arbiters"), &[("username", "arno")])
        .await;
    orga.post(&format!("{t}/publish"), &[("published", "true")])
        .await;

    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let empty = arno.get(&format!("{t}/incidents")).await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.body);
    assert!(empty.text("#no-incidents").is_some());
    assert_eq!(empty.attrs("#incidents-tab", "href").len(), 1);

    // Seen and written by the tournament's arbiters only.
    let mut other = ctx.client().await;
    other.login("other", PASSWORD).await;
    assert_eq!(
        other.get(&format!("{t}/incidents")).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        other.get(&format!("{t}/arbiter-report.pdf")).await.status,
        StatusCode::FORBIDDEN
    );
    let good = [
        ("round", "2"),
        ("board", "1"),
        ("time", "15:42"),
        ("article", "12.9.2"),
        (
            "decision",
            "White spoke to his opponent during play: warned, two minutes added for Black",
        ),
        ("consequence", "+2 min for Black"),
    ];
    assert_eq!(
        other.post(&format!("{t}/incidents"), &good).await.status,
        StatusCode::FORBIDDEN
    );
    let no_token = arno.post_raw(&format!("{t}/incidents"), &good).await;
    assert_eq!(no_token.status, StatusCode::FORBIDDEN);

    // Input that does not read: refused, naming the field, what was typed kept.
    let with = |field: &'static str, value: &'static str| {
        good.iter()
            .map(|&(k, v)| if k == field { (k, value) } else { (k, v) })
            .collect::<Vec<_>>()
    };
    for (form, named) in [
        (with("time", "25:99"), "Time"),
        (with("article", "12.9.10"), "Article"),
        (with("round", "x"), "Round"),
        (with("board", "-3"), "Board"),
        (with("board", "9"), "Round 2 has no board 9"),
        (with("decision", "  "), "Decision"),
    ] {
        let refused = arno.post(&format!("{t}/incidents"), &form).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{form:?}: {}",
            refused.body
        );
        assert!(refused.body.contains(named), "{form:?}: {}", refused.body);
        assert_eq!(
            refused
                .texts("textarea[name=decision]")
                .first()
                .map(|s| s.trim().to_owned()),
            form.iter()
                .find(|(k, _)| *k == "decision")
                .map(|(_, v)| v.trim().to_owned())
        );
    }

    arno.post(&format!("{t}/incidents"), &good)
        .await
        .assert_redirect(&format!("{t}/incidents"));
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    let game = data
        .games_of_round(2)
        .into_iter()
        .find(|g| g.board == 1)
        .expect("board 1 of round 2")
        .id;
    let page = arno.get(&format!("{t}/incidents")).await;
    assert_eq!(page.texts("#incidents td.article"), ["Art. 12.9.2"]);
    assert_eq!(page.texts("#incidents td.arbiter"), ["arno"]);
    assert_eq!(page.texts("#incidents td.time"), ["15:42"]);
    assert_eq!(
        page.attrs("#incidents td.board a", "href"),
        [format!("{t}/games/{}", game.0)]
    );
    assert_eq!(
        page.texts("#incidents td.consequence"),
        ["+2 min for Black"]
    );
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("audit"));
    let row = audit
        .iter()
        .find(|a| a.entry.action == "incident")
        .expect("audited");
    assert_eq!(row.entry.game_id, Some(game));
    assert_eq!(row.user_name, "arno");

    let pdf = arno.get(&format!("{t}/arbiter-report.pdf")).await;
    assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.body);
    if let Some(text) = pdf_text("arbiter-report.pdf", &pdf.bytes) {
        assert!(text.contains("Chief arbiter's report"), "{text}");
        assert!(text.contains("IA Novakova, Eva"), "{text}");
        assert!(text.contains("Art. 12.9.2"), "{text}");
        assert!(text.contains("15:42"), "{text}");
        assert!(text.contains("+2 min for Black"), "{text}");
    }
}
