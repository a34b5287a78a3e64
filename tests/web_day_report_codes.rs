//! The self-report QR codes of a round are issued once — with the pairing, or by the arbiter's
//! explicit POST — and stay the same across views, prints and languages: no GET writes (the
//! tournament's revision, the audit log and the stored tokens stay as they were), the links
//! printed first keep working after a reprint, and only the explicit "new codes" revokes them.
//! On PostgreSQL too when `ARBITER_TEST_DATABASE_URL` is set.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::StatusCode;
use arbiter::db::models::tournament_day::BoardReport;
use arbiter::db::models::{Game, TournamentId, TournamentRow};
use common::{PASSWORD, Page, TestContext};

/// A round robin of six players with round 1 paired through the app (POST): its id and the
/// organiser's browser.
async fn paired_event(
    ctx: &TestContext,
) -> (
    i32,
    common::Client<
        impl actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
            Error = actix_web::Error,
        >,
    >,
) {
    let names = [
        "A, Anna", "B, Bára", "C, Cyril", "D, Dana", "E, Emil", "F, Filip",
    ];
    let id = setup::event(ctx, &names, 5, 0).tournament.id.0;
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    orga.post(&format!("/tournaments/{id}/rounds/pair"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1"));
    (id, orga)
}

/// What a GET must not change: the revision, the audit rows, the stored tokens.
#[derive(Debug, PartialEq)]
struct Written {
    revision: i64,
    audit_rows: i64,
    tokens: Vec<(i32, String, String, Option<String>)>,
}

fn written(ctx: &TestContext, id: i32, round: i32) -> Written {
    use arbiter::db::schema::audit_log;
    use diesel::prelude::*;
    ctx.with_conn(|conn| {
        let tournament = TournamentId(id);
        let revision = TournamentRow::find(conn, tournament)
            .expect("read")
            .expect("the tournament")
            .revision;
        let audit_rows = audit_log::table
            .filter(audit_log::tournament_id.eq(tournament))
            .count()
            .get_result(conn)
            .expect("count");
        let games: Vec<_> = arbiter::db::domain::TournamentData::load(conn, tournament)
            .expect("read")
            .expect("the tournament")
            .games_of_round(round)
            .into_iter()
            .map(|game: &Game| game.id)
            .collect();
        let tokens = BoardReport::for_games(conn, &games)
            .expect("read")
            .into_iter()
            .map(|row| {
                (
                    row.game_id.0,
                    row.white_token_hash,
                    row.black_token_hash,
                    row.token_nonce,
                )
            })
            .collect();
        Written {
            revision,
            audit_rows,
            tokens,
        }
    })
}

/// Every report link on the sheet, in board order.
fn sheet_links(page: &Page) -> Vec<String> {
    page.attrs("a[data-report-link]", "href")
}

#[actix_web::test]
async fn reprints_in_any_language_keep_the_rounds_links_and_no_get_writes() {
    let ctx = TestContext::new();
    let (id, mut orga) = paired_event(&ctx).await;
    // Pairing issued the codes, in its own transaction.
    let paired = written(&ctx, id, 1);
    assert_eq!(paired.tokens.len(), 3, "codes for the three boards");
    let sheet_path = format!("/tournaments/{id}/rounds/1/self-report");
    let first = orga.get(&sheet_path).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let links = sheet_links(&first);
    assert_eq!(links.len(), 6, "{}", first.body);
    // Views and prints, in English and in Czech: the same links, nothing written.
    for language in ["en", "cs", "en"] {
        orga.accept_language = Some(language.to_owned());
        let print = orga
            .get(&format!("/tournaments/{id}/print/pairings.pdf?round=1"))
            .await;
        assert_eq!(print.status, StatusCode::OK, "{language}");
        assert!(print.bytes.starts_with(b"%PDF"), "{language}");
        assert_eq!(
            print.disposition.as_deref(),
            Some(format!("inline; filename=\"{id}-pairings-round-1.pdf\"").as_str()),
            "the file name carries the round"
        );
        let again = orga.get(&sheet_path).await;
        assert_eq!(sheet_links(&again), links, "{language}: the same links");
        assert_eq!(written(&ctx, id, 1), paired, "{language}: a GET wrote");
    }
    // The links printed first work after the reprints.
    let mut player = ctx.client().await;
    for link in &links {
        let at = link.find("/report/").expect("a report path");
        let page = player.get(&link[at..]).await;
        assert_eq!(page.status, StatusCode::OK, "{link}");
    }
    // Only the explicit POST revokes them; then the new links are as stable.
    orga.post(&format!("{sheet_path}/codes"), &[("boards", "all")])
        .await
        .assert_redirect(&sheet_path);
    let renewed = sheet_links(&orga.get(&sheet_path).await);
    assert_eq!(renewed.len(), 6);
    assert!(renewed.iter().all(|link| !links.contains(link)));
    let at = links[0].find("/report/").expect("a report path");
    assert_eq!(
        player.get(&links[0][at..]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(sheet_links(&orga.get(&sheet_path).await), renewed);
}

#[actix_web::test]
async fn a_round_without_codes_gets_them_only_by_the_explicit_post() {
    let ctx = TestContext::new();
    let (id, mut orga) = paired_event(&ctx).await;
    // A round paired before codes came with the pairing: no codes.
    ctx.with_conn(|conn| {
        use arbiter::db::schema_day::board_reports;
        use diesel::prelude::*;
        diesel::delete(board_reports::table)
            .execute(conn)
            .expect("no codes")
    });
    let before = written(&ctx, id, 1);
    let sheet_path = format!("/tournaments/{id}/rounds/1/self-report");
    let sheet = orga.get(&sheet_path).await;
    assert!(sheet_links(&sheet).is_empty(), "a GET shows no new codes");
    assert_eq!(sheet.attrs("span[data-no-codes]", "class").len(), 6);
    assert_eq!(sheet.attrs("form#issue-codes", "method"), vec!["post"]);
    let print = orga
        .get(&format!("/tournaments/{id}/print/pairings.pdf?round=1"))
        .await;
    assert_eq!(print.status, StatusCode::OK);
    assert_eq!(written(&ctx, id, 1), before, "a GET wrote");
    // The explicit POST issues them, audited, and they stay.
    orga.post(&format!("{sheet_path}/codes"), &[("boards", "missing")])
        .await
        .assert_redirect(&sheet_path);
    let issued = written(&ctx, id, 1);
    assert_eq!(issued.tokens.len(), 3);
    assert!(issued.revision > before.revision && issued.audit_rows > before.audit_rows);
    let links = sheet_links(&orga.get(&sheet_path).await);
    assert_eq!(links.len(), 6);
    // Issuing the missing ones again changes nothing already issued.
    orga.post(&format!("{sheet_path}/codes"), &[("boards", "missing")])
        .await
        .assert_redirect(&sheet_path);
    assert_eq!(written(&ctx, id, 1).tokens, issued.tokens);
    assert_eq!(sheet_links(&orga.get(&sheet_path).await), links);
}
