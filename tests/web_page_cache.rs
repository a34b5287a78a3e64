//! Public pages at the speed of stored bytes, never stale: an anonymous visitor's page is
//! rendered once per revision of its tournament, answered 304 when the browser has it and
//! gzip-compressed when accepted; a result saved through another app instance on the same
//! database changes what this instance serves at its very next request. Runs on SQLite, and on
//! PostgreSQL in CI.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter::web::{self, AppState};
use common::{PASSWORD, TestContext};

/// What an anonymous visitor gets for `path` from `app`: status, ETag, Content-Encoding, body.
async fn visit(
    app: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    path: &str,
    headers: &[(header::HeaderName, &str)],
) -> (StatusCode, Option<String>, Option<String>, Vec<u8>) {
    let mut request = test::TestRequest::get().uri(path);
    for (name, value) in headers {
        request = request.insert_header((name.clone(), *value));
    }
    let response = test::call_service(app, request.to_request()).await;
    let text = |name| {
        response
            .headers()
            .get(name)
            .and_then(|v: &header::HeaderValue| v.to_str().ok())
            .map(str::to_owned)
    };
    let (status, etag, encoding) = (
        response.status(),
        text(header::ETAG),
        text(header::CONTENT_ENCODING),
    );
    let body = test::read_body(response).await.to_vec();
    (status, etag, encoding, body)
}

#[actix_web::test]
async fn a_result_saved_on_another_instance_changes_the_standings_served_at_once() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Alfa, Adam", "Beta, Bedřich"], 1, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let id = event.tournament.id.0;
    let standings = format!("/tournaments/{id}/standings");

    // Instance A serves the public; instance B (own pool, own cache) is where the arbiter works.
    let a = test::init_service(web::app(ctx.state.clone())).await;
    let b_state = AppState {
        pool: ctx.db.pool_of(4),
        config: ctx.state.config.clone(),
        pages: Default::default(),
    };
    let mut b = common::Client::new(test::init_service(web::app(b_state)).await);

    let (status, etag, _, before) = visit(&a, &standings, &[]).await;
    assert_eq!(status, StatusCode::OK);
    let etag = etag.expect("an ETag");
    // The same page again: 304 for a browser that has it, gzip for one that accepts it.
    let (status, _, _, empty) = visit(&a, &standings, &[(header::IF_NONE_MATCH, &etag)]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(empty.is_empty());
    let (status, _, encoding, compressed) =
        visit(&a, &standings, &[(header::ACCEPT_ENCODING, "gzip, br")]).await;
    assert_eq!(
        (status, encoding.as_deref()),
        (StatusCode::OK, Some("gzip"))
    );
    let mut plain = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(compressed.as_slice()),
        &mut plain,
    )
    .expect("gzip");
    assert_eq!(plain, before, "the compressed page is the same page");

    // The organiser enters the result through instance B.
    b.login("orga", PASSWORD).await;
    let game = &games[0];
    let url = format!("/tournaments/{id}/games/{}", game.id.0);
    b.post(
        &url,
        &[("result", "1-0"), ("version", &game.version.to_string())],
    )
    .await
    .assert_redirect(&url);

    // Instance A's next answer already counts it; the browser's old ETag no longer matches.
    let (status, new_etag, _, after) =
        visit(&a, &standings, &[(header::IF_NONE_MATCH, &etag)]).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the old page is not current any more"
    );
    assert_ne!(new_etag.as_deref(), Some(etag.as_str()));
    assert_ne!(after, before);
    let after = String::from_utf8(after).expect("HTML");
    let html = scraper::Html::parse_document(&after);
    let points: Vec<String> = html
        .select(&scraper::Selector::parse("#standings > tbody > tr").expect("selector"))
        .map(|row| row.text().collect::<String>())
        .collect();
    assert!(
        points[0].contains("Alfa") && points[0].contains('1'),
        "Alfa leads with her win: {points:?}"
    );
}

#[actix_web::test]
async fn logged_in_visitors_and_the_live_view_are_never_served_from_the_cache() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Alfa, Adam", "Beta, Bedřich"], 1, 0);
    ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let id = event.tournament.id.0;
    let mut public = ctx.client().await;
    let anonymous = public.get(&format!("/tournaments/{id}/rounds/1")).await;
    assert!(anonymous.body.contains("Beta"));
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    // The organiser's page carries the result forms, which the public one has not.
    let managed = orga.get(&format!("/tournaments/{id}/rounds/1")).await;
    assert!(
        managed.body.contains("result-form"),
        "the organiser's own page"
    );
    assert!(!anonymous.body.contains("result-form"));
    let live = public
        .get(&format!("/tournaments/{id}/rounds/1/live.json"))
        .await;
    assert_eq!(live.status, StatusCode::OK);
}
