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
        rating_import: Default::default(),
        logins: Default::default(),
        venue: Default::default(),
        live: Default::default(),
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

/// The texts of the elements `selector` picks in `html`, whitespace folded.
fn texts(html: &[u8], selector: &str) -> Vec<String> {
    let html = scraper::Html::parse_fragment(std::str::from_utf8(html).expect("HTML"));
    let selector = scraper::Selector::parse(selector).expect("selector");
    html.select(&selector)
        .map(|e| e.text().collect::<Vec<_>>().join(" "))
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The `href` attributes of the elements `selector` picks in `html`.
fn links(html: &[u8], selector: &str) -> Vec<String> {
    let html = scraper::Html::parse_document(std::str::from_utf8(html).expect("HTML"));
    let selector = scraper::Selector::parse(selector).expect("selector");
    html.select(&selector)
        .filter_map(|e| e.value().attr("href").map(str::to_owned))
        .collect()
}

#[actix_web::test]
async fn c07_working_is_fetched_per_player_in_the_visitors_language_and_never_stale() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Alfa, Adam", "Beta, Bedřich"], 2, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let id = event.tournament.id.0;
    let a = test::init_service(web::app(ctx.state.clone())).await;
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let url = format!("/tournaments/{id}/games/{}", games[0].id.0);
    let version = games[0].version.to_string();
    orga.post(&url, &[("result", "1-0"), ("version", &version)])
        .await
        .assert_redirect(&url);

    // The standings carry the values and a link per value, not the working itself.
    let (status, _, _, page) = visit(&a, &format!("/tournaments/{id}/standings"), &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(texts(&page, "table.working-lines").is_empty());
    assert!(texts(&page, ".working-body").is_empty());
    assert_eq!(
        texts(&page, "tr[data-start='1'] td.tb[data-code='SB'] summary"),
        ["0"],
        "Alfa's SB after round 1: she beat Beta, who has 0"
    );
    let link = links(
        &page,
        "tr[data-start='1'] td.tb[data-code='SB'] details > a",
    );
    let alfa = event.players[0].id.0;
    assert_eq!(
        link,
        [format!(
            "/tournaments/{id}/standings/working/{alfa}?round=1#SB"
        )]
    );
    let fragment = format!("/tournaments/{id}/standings/working/{alfa}?round=1&code=SB");

    // The fragment (what the script puts into the <details>) in Czech, then in English.
    let czech = [(header::ACCEPT_LANGUAGE, "cs")];
    let (status, etag_cs, _, body) = visit(&a, &fragment, &czech).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(texts(&body, "table.working-lines th")[1], "Soupeř");
    let lines = texts(&body, "table.working-lines tbody tr");
    assert_eq!(lines, ["1 2 Beta, Bedřich 0 odehráno"]);
    assert!(
        texts(&body, "html > head > title").is_empty(),
        "a fragment, not a page"
    );
    let (status, etag_en, _, body) = visit(&a, &fragment, &[(header::ACCEPT_LANGUAGE, "en")]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(texts(&body, "table.working-lines th")[1], "Opponent");
    assert_ne!(etag_cs, etag_en, "one stored answer per language");
    // Served again from the page cache: 304 for the browser that has it.
    let etag_cs = etag_cs.expect("an ETag");
    let (status, _, _, _) = visit(
        &a,
        &fragment,
        &[
            (header::ACCEPT_LANGUAGE, "cs"),
            (header::IF_NONE_MATCH, etag_cs.as_str()),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);

    // Without a script: the player's page with every tie-break of the list.
    let (status, _, _, body) = visit(
        &a,
        &format!("/tournaments/{id}/standings/working/{alfa}?round=1"),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let sections = scraper::Html::parse_document(std::str::from_utf8(&body).expect("HTML"));
    let codes: Vec<&str> = sections
        .select(&scraper::Selector::parse("section.working-section").expect("selector"))
        .filter_map(|e| e.value().attr("data-code"))
        .collect();
    assert_eq!(codes, ["DE", "SB", "WIN", "KS"]);

    // Round 2 is played: Beta wins. The working after round 2 counts it at once; the link of
    // a page counted after round 1 still explains that page's values.
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 2, &[(1, 0)]));
    let url = format!("/tournaments/{id}/games/{}", games[0].id.0);
    let version = games[0].version.to_string();
    orga.post(&url, &[("result", "1-0"), ("version", &version)])
        .await
        .assert_redirect(&url);
    let (status, new_etag, _, body) = visit(
        &a,
        &format!("/tournaments/{id}/standings/working/{alfa}?code=SB"),
        &czech,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(new_etag.as_deref(), Some(etag_cs.as_str()));
    assert_eq!(
        texts(&body, "table.working-lines tbody tr"),
        [
            "1 2 Beta, Bedřich 1 odehráno",
            "2 2 Beta, Bedřich 0 odehráno"
        ],
        "after round 2 Beta has 1 point: the win over her counts it, the loss nothing"
    );
    let (status, _, _, body) = visit(
        &a,
        &fragment,
        &[
            (header::ACCEPT_LANGUAGE, "cs"),
            (header::IF_NONE_MATCH, etag_cs.as_str()),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "a new revision, a new answer");
    assert_eq!(
        texts(&body, "table.working-lines tbody tr"),
        ["1 2 Beta, Bedřich 0 odehráno"],
        "counted after round 1, as the page that links it"
    );
}

/// Round 1's live state of `event` as it reads at `now` (what `live.json` would answer then).
fn live_at(
    ctx: &TestContext,
    event: &setup::Event,
    now: time::OffsetDateTime,
) -> arbiter::web::pages::live::LiveRound {
    ctx.with_conn(|conn| {
        let data = arbiter::db::domain::TournamentData::load(conn, event.tournament.id)
            .expect("load")
            .expect("the tournament");
        arbiter::web::pages::live::live_round(conn, &data, 1, now).expect("live state")
    })
}

#[actix_web::test]
async fn art_6_7_live_json_is_answered_304_only_while_the_boards_read_the_same() {
    use time::{Duration, OffsetDateTime};

    let ctx = TestContext::new();
    let names = ["Alfa, Adam", "Beta, Bedřich", "Gama, Gustav", "Delta, Dana"];
    // A default time of 15 minutes (Art. 6.7.1): an absent player's board waits.
    let event = setup::event(&ctx, &names, 1, 15);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]));
    let id = event.tournament.id.0;
    let hall = test::init_service(web::app(ctx.state.clone())).await;
    let mut arbiter = ctx.client().await;
    arbiter.login("orga", PASSWORD).await;
    let live = format!("/tournaments/{id}/rounds/1/live.json");

    // Before the start: the same state, poll after poll.
    let (status, etag, _, body) = visit(&hall, &live, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!body.is_empty());
    let etag = etag.expect("an ETag");
    assert!(
        etag.starts_with("W/\""),
        "weak: the server clock in the body may differ"
    );
    let (status, again, _, body) =
        visit(&hall, &live, &[(header::IF_NONE_MATCH, etag.as_str())]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
    assert_eq!(again.as_deref(), Some(etag.as_str()));

    // Everyone but Delta (board 2, Black) checks in; the arbiter starts the round.
    for (game, colour) in [
        (&games[0], "white"),
        (&games[0], "black"),
        (&games[1], "white"),
    ] {
        arbiter
            .post(
                &format!("/tournaments/{id}/rounds/1/boards/{}/check-in", game.id.0),
                &[("colour", colour)],
            )
            .await
            .assert_redirect(&format!(
                "/tournaments/{id}/rounds/1/live#live-board-{}",
                game.board
            ));
    }
    let (status, checked_in, _, _) =
        visit(&hall, &live, &[(header::IF_NONE_MATCH, etag.as_str())]).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "check-ins change what the hall shows"
    );
    let checked_in = checked_in.expect("an ETag");
    assert_ne!(checked_in, etag);
    arbiter
        .post(&format!("/tournaments/{id}/rounds/1/start"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/live"));
    let (status, _, _, _) = visit(
        &hall,
        &live,
        &[(header::IF_NONE_MATCH, checked_in.as_str())],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "the start changes it");

    // Time counts where the boards depend on it: board 2 counts down to the default time,
    // then is flagged; each second reads differently, so no poll is answered 304 meanwhile.
    let at = |now| live_at(&ctx, &event, now);
    let now = OffsetDateTime::now_utc() + Duration::seconds(1);
    let (waiting, a_second_later, flagged) = (
        at(now),
        at(now + Duration::seconds(1)),
        at(now + Duration::minutes(20)),
    );
    assert_eq!(waiting.boards[1].state, "waiting");
    assert_eq!(flagged.boards[1].state, "flagged");
    assert_ne!(waiting.etag(), a_second_later.etag());
    assert_ne!(a_second_later.etag(), flagged.etag());

    // Delta arrives: every board is playing, and the state no longer changes with time.
    arbiter
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/check-in",
                games[1].id.0
            ),
            &[("colour", "black")],
        )
        .await
        .assert_redirect(&format!(
            "/tournaments/{id}/rounds/1/live#live-board-{}",
            games[1].board
        ));
    let at = |now| live_at(&ctx, &event, now);
    let now = OffsetDateTime::now_utc() + Duration::seconds(1);
    let (playing, much_later) = (at(now), at(now + Duration::minutes(20)));
    assert!(playing.boards.iter().all(|board| board.state == "playing"));
    assert_ne!(playing.now, much_later.now);
    assert_eq!(playing.etag(), much_later.etag());
    let (status, etag, _, _) = visit(&hall, &live, &[]).await;
    assert_eq!(status, StatusCode::OK);
    let etag = etag.expect("an ETag");
    let (status, _, _, _) = visit(&hall, &live, &[(header::IF_NONE_MATCH, etag.as_str())]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED, "a quiet round: 304");
}

#[actix_web::test]
async fn static_files_have_fingerprinted_names_kept_for_a_year() {
    let ctx = TestContext::new();
    let app = test::init_service(web::app(ctx.state.clone())).await;
    let (status, _, _, page) = visit(&app, "/login", &[]).await;
    assert_eq!(status, StatusCode::OK);
    let html = scraper::Html::parse_document(std::str::from_utf8(&page).expect("HTML"));
    let stylesheet = html
        .select(&scraper::Selector::parse("link[rel=stylesheet]").expect("selector"))
        .filter_map(|e| e.value().attr("href"))
        .next()
        .expect("a stylesheet")
        .to_owned();
    let fingerprint = stylesheet
        .strip_prefix("/static/app.")
        .and_then(|rest| rest.strip_suffix(".css"))
        .expect("the name carries a fingerprint");
    assert!(
        fingerprint.len() == 12 && fingerprint.chars().all(|c| c.is_ascii_hexdigit()),
        "{stylesheet}"
    );
    let response =
        test::call_service(&app, test::TestRequest::get().uri(&stylesheet).to_request()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let cache = |response: &actix_web::dev::ServiceResponse<_>| {
        response
            .headers()
            .get(header::CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    assert_eq!(
        cache(&response).as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    let fingerprinted = test::read_body(response).await;
    // The plain name serves the same bytes, revalidated on every use.
    let response = test::call_service(
        &app,
        test::TestRequest::get().uri("/static/app.css").to_request(),
    )
    .await;
    assert_eq!(cache(&response).as_deref(), Some("no-cache"));
    assert_eq!(test::read_body(response).await, fingerprinted);
    // A fingerprint of other bytes is not served.
    let response = test::call_service(
        &app,
        test::TestRequest::get()
            .uri("/static/app.000000000000.css")
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}
