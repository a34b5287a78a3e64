//! The open API, publishing keys and a venue's target, through the app in process (SQLite, or
//! PostgreSQL with `ARBITER_TEST_DATABASE_URL`); the end-to-end run between two servers is
//! `tests/web_publish.rs`.
//!
//! - `/api/v1/events/{id}` answers the same bytes for the same state, 304 for a known ETag, 404
//!   for an unpublished event; unpublished rounds never appear; `/api/v1/events` lists only
//!   published events, searched and paged; `/api/v1/schema.json` is the schema.
//! - A publishing key is shown once and stored as its SHA-256; only its owner revokes it.
//! - A venue's target is set by the owner only; from then on every write queues its revision in
//!   the outbox, in the write's own transaction (a refused write queues nothing).
//! - A push with a valid key but a wrong body is refused with the reason: another version,
//!   broken gzip, another encoding, no key.

mod common;

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::test;
use arbiter::db::models::Role;
use arbiter::tournament::self_report::token_digest;
use common::{TestContext, json_push, tournament_form};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct PublicId {
    #[diesel(sql_type = Text)]
    public_id: String,
}

fn count(ctx: &TestContext, sql: &str) -> i64 {
    ctx.with_conn(|conn| diesel::sql_query(sql).load::<Count>(conn))
        .expect("count")
        .first()
        .map_or(0, |row| row.n)
}

fn public_id(ctx: &TestContext, id: i32) -> String {
    ctx.with_conn(|conn| {
        diesel::sql_query(format!(
            "SELECT public_id FROM tournament_public_ids WHERE tournament_id = {id}"
        ))
        .load::<PublicId>(conn)
    })
    .expect("public id")
    .remove(0)
    .public_id
}

/// A 4-player round robin by `orga` (published unless `hidden`) with round 1 paired; its id.
async fn event<S, B>(client: &mut common::Client<S>, name: &str, hidden: bool) -> i32
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let mut form = tournament_form(&[("name", name)]);
    if !hidden {
        form.push(("published", "on"));
    }
    let created = client.post("/tournaments", &form).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let csv = "name,rating,fide_id\n\"Alpha, A\",2400,1001\n\"Beta, B\",2300,\n\"Gamma, C\",2200,\n\"Delta, D\",2100,\n";
    let imported = client
        .post(
            &format!("/tournaments/{id}/players/import"),
            &[("csv", csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    let paired = client
        .post(&format!("/tournaments/{id}/rounds/pair"), &[])
        .await;
    assert_eq!(paired.status, StatusCode::SEE_OTHER, "{}", paired.body);
    id
}

#[actix_web::test]
async fn the_document_is_deterministic_cached_and_shows_only_what_is_published() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    let id = event(&mut client, "Published Open", false).await;
    let hidden = event(&mut client, "Hidden Open", true).await;
    let pid = public_id(&ctx, id);
    assert_eq!(pid.len(), 32);
    let mut visitor = ctx.client().await;

    let first = visitor.get(&format!("/api/v1/events/{pid}")).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.content_type.as_deref(), Some("application/json"));
    let again = visitor.get(&format!("/api/v1/events/{pid}")).await;
    assert_eq!(first.bytes, again.bytes, "same state, same bytes");
    let json: serde_json::Value = serde_json::from_str(&first.body).expect("JSON");
    assert_eq!(json["format"], "arbiter-public-state");
    assert_eq!(json["id"], pid.as_str());
    assert_eq!(json["published_at"], serde_json::Value::Null);
    assert_eq!(json["players"].as_array().map(Vec::len), Some(4));
    assert_eq!(json["players"][0]["fide_id"], 1001);
    assert_eq!(
        json["rounds"].as_array().map(Vec::len),
        Some(0),
        "round 1 is paired but not published: {}",
        first.body
    );
    // The round published: its pairings appear.
    let published = client
        .post(
            &format!("/tournaments/{id}/rounds/1/publish"),
            &[("published", "true")],
        )
        .await;
    assert_eq!(
        published.status,
        StatusCode::SEE_OTHER,
        "{}",
        published.body
    );
    let now = visitor.get(&format!("/api/v1/events/{pid}")).await;
    let json: serde_json::Value = serde_json::from_str(&now.body).expect("JSON");
    assert_eq!(
        json["rounds"][0]["boards"].as_array().map(Vec::len),
        Some(2)
    );
    assert!(json["revision"].as_i64() > Some(0));

    // ETag and 304.
    let etag = {
        let response = test::call_service(
            &test::init_service(arbiter::web::app(ctx.state.clone())).await,
            test::TestRequest::get()
                .uri(&format!("/api/v1/events/{pid}"))
                .to_request(),
        )
        .await;
        assert_eq!(
            response
                .headers()
                .get(header::ACCESS_CONTROL_ALLOW_ORIGIN)
                .and_then(|value| value.to_str().ok()),
            Some("*"),
            "the open API's answer, from the page cache too"
        );
        response
            .headers()
            .get(header::ETAG)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
            .expect("an ETag")
    };
    let cached = visitor
        .send(
            test::TestRequest::get()
                .uri(&format!("/api/v1/events/{pid}"))
                .insert_header((header::IF_NONE_MATCH, etag.clone())),
        )
        .await;
    assert_eq!(cached.status, StatusCode::NOT_MODIFIED);
    assert!(cached.bytes.is_empty());

    // Unpublished: 404 and not listed; an id of the wrong shape: 404.
    let hidden_id = public_id(&ctx, hidden);
    let page = visitor.get(&format!("/api/v1/events/{hidden_id}")).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND, "{}", page.body);
    assert!(page.body.contains("error"));
    let page = visitor.get("/api/v1/events/..%2F..%2Fetc").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    let list = visitor.get("/api/v1/events").await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    assert!(list.body.contains(&pid));
    assert!(!list.body.contains(&hidden_id), "{}", list.body);
    assert!(!list.body.contains("Hidden Open"));

    // The schema.
    let schema = visitor.get("/api/v1/schema.json").await;
    assert_eq!(schema.status, StatusCode::OK);
    let schema: serde_json::Value = serde_json::from_str(&schema.body).expect("JSON schema");
    assert_eq!(
        schema["properties"]["format"]["const"],
        "arbiter-public-state"
    );
}

#[actix_web::test]
async fn the_list_is_searched_and_paged_and_bad_queries_say_why() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    for name in ["Spring Open", "Summer Open", "Autumn Cup"] {
        event(&mut client, name, false).await;
    }
    let mut visitor = ctx.client().await;
    let page = |body: &str| serde_json::from_str::<serde_json::Value>(body).expect("JSON");
    let all = page(&visitor.get("/api/v1/events?limit=2").await.body);
    assert_eq!(all["total"], 3);
    assert_eq!(all["events"].as_array().map(Vec::len), Some(2));
    let rest = page(&visitor.get("/api/v1/events?limit=2&offset=2").await.body);
    assert_eq!(rest["events"].as_array().map(Vec::len), Some(1));
    let mut ids: Vec<String> = all["events"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(rest["events"].as_array().into_iter().flatten())
        .filter_map(|event| event["id"].as_str().map(str::to_owned))
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3, "paging shows every event once");
    let open = page(&visitor.get("/api/v1/events?q=OPEN").await.body);
    assert_eq!(open["total"], 2, "case ignored: {open}");
    let praha = page(&visitor.get("/api/v1/events?q=prah").await.body);
    assert_eq!(praha["total"], 3, "the place is searched");
    let none = page(&visitor.get("/api/v1/events?q=%25").await.body);
    assert_eq!(none["total"], 0, "a % is a character, not a wildcard");
    for bad in ["limit=1000", "offset=-1", "limit=x"] {
        let answer = visitor.get(&format!("/api/v1/events?{bad}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(answer.body.contains("error"), "{}", answer.body);
    }
}

#[actix_web::test]
async fn a_publishing_key_is_shown_once_stored_hashed_and_revoked_by_its_owner_only() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    ctx.create_user("rival", Role::Organiser);
    ctx.create_user("arb", Role::Arbiter);
    let mut client = ctx.logged_in("orga").await;
    let made = client
        .post("/account/keys", &[("label", "Brno hall")])
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let key = made.text("#key-value").expect("the key, shown once");
    assert!(key.starts_with("arbk_"), "{key}");
    let listed = client.get("/account/keys").await;
    assert!(listed.body.contains("Brno hall"));
    assert!(!listed.body.contains(&key), "shown only once");
    assert_eq!(
        count(
            &ctx,
            &format!(
                "SELECT COUNT(*) AS n FROM publishing_keys WHERE token_hash = '{}'",
                token_digest(&key)
            )
        ),
        1,
        "stored as its SHA-256"
    );
    assert_eq!(
        count(
            &ctx,
            &format!("SELECT COUNT(*) AS n FROM publishing_keys WHERE token_hash = '{key}'")
        ),
        0
    );
    let key_id = listed.attrs("tr[data-key]", "data-key").remove(0);
    let mut rival = ctx.logged_in("rival").await;
    let refused = rival
        .post(&format!("/account/keys/{key_id}/revoke"), &[])
        .await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    let mut arbiter = ctx.logged_in("arb").await;
    assert_eq!(
        arbiter.get("/account/keys").await.status,
        StatusCode::FORBIDDEN
    );
    let no_token = client
        .post_raw(&format!("/account/keys/{key_id}/revoke"), &[])
        .await;
    assert_eq!(no_token.status, StatusCode::FORBIDDEN, "CSRF");
    assert_eq!(
        count(
            &ctx,
            "SELECT COUNT(*) AS n FROM publishing_keys WHERE revoked_at IS NOT NULL"
        ),
        0
    );
    client
        .post(&format!("/account/keys/{key_id}/revoke"), &[])
        .await
        .assert_redirect("/account/keys");
    assert_eq!(
        count(
            &ctx,
            "SELECT COUNT(*) AS n FROM publishing_keys WHERE revoked_at IS NOT NULL"
        ),
        1
    );
}

#[actix_web::test]
async fn every_write_of_a_published_event_queues_its_revision_in_the_same_transaction() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    ctx.create_user("rival", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    let id = event(&mut client, "Queued Open", false).await;
    let outbox = || {
        count(
            &ctx,
            &format!("SELECT COUNT(*) AS n FROM publish_outbox WHERE tournament_id = {id}"),
        )
    };
    assert_eq!(outbox(), 0, "no target, no outbox");
    let target = format!("/tournaments/{id}/publishing");
    let bad = client
        .post(&target, &[("url", "ftp://example"), ("key", "arbk_x")])
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let no_key = client
        .post(&target, &[("url", "http://127.0.0.1:9"), ("key", "")])
        .await;
    assert_eq!(no_key.status, StatusCode::UNPROCESSABLE_ENTITY);
    let mut rival = ctx.logged_in("rival").await;
    let refused = rival
        .post(&target, &[("url", "http://127.0.0.1:9"), ("key", "arbk_x")])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(outbox(), 0);
    client
        .post(
            &target,
            &[("url", "http://127.0.0.1:9/"), ("key", "arbk_x")],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}#publishing"));
    assert_eq!(outbox(), 1, "the target's own write is queued");
    // A write: published round 1, then a result; each queues one revision.
    client
        .post(
            &format!("/tournaments/{id}/rounds/1/publish"),
            &[("published", "true")],
        )
        .await;
    assert_eq!(outbox(), 2);
    let max_queued = count(
        &ctx,
        &format!("SELECT MAX(revision) AS n FROM publish_outbox WHERE tournament_id = {id}"),
    );
    let revision = count(
        &ctx,
        &format!("SELECT revision AS n FROM tournaments WHERE id = {id}"),
    );
    assert_eq!(max_queued, revision, "the newest revision is queued");
    // A refused write (a result from a stale version) queues nothing.
    #[derive(QueryableByName)]
    struct Game {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        id: i32,
        #[diesel(sql_type = diesel::sql_types::Integer)]
        version: i32,
    }
    let game = ctx
        .with_conn(|conn| {
            diesel::sql_query(format!(
                "SELECT g.id, g.version FROM games g JOIN rounds r ON r.id = g.round_id \
                 WHERE r.tournament_id = {id} ORDER BY g.board"
            ))
            .load::<Game>(conn)
        })
        .expect("games")
        .remove(0);
    let stale = client
        .post(
            &format!("/tournaments/{id}/games/{}", game.id),
            &[
                ("result", "1-0"),
                ("version", &(game.version + 7).to_string()),
            ],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    assert_eq!(outbox(), 2, "a refused write queues nothing");
    let page = client.get(&format!("/tournaments/{id}")).await;
    let status = page.text("#publish-status").unwrap_or_default();
    assert!(status.contains("2 changes waiting"), "{status}");
    client
        .post(&format!("/tournaments/{id}/publishing/now"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}#publishing"));
    assert_eq!(outbox(), 3, "Publish now queues the current revision");
    client
        .post(&format!("/tournaments/{id}/publishing/remove"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}#publishing"));
    assert_eq!(outbox(), 0, "stopping drops what waited");
}

#[actix_web::test]
async fn a_push_with_a_valid_key_but_a_wrong_body_is_refused_with_the_reason() {
    let ctx = TestContext::new();
    let orga = ctx.create_user("orga", Role::Organiser);
    let key = ctx
        .with_conn(|conn| arbiter::db::store::create_publishing_key(conn, orga.id, "hall"))
        .map(|(key, _)| key)
        .expect("a key");
    let mut client = ctx.client().await;
    let document = r#"{"format":"arbiter-public-state","version":2,"id":"0123456789abcdef0123456789abcdef","revision":1,"published_at":null,"event":{"name":"X","place":"","federation":"","start_date":"2026-01-01","end_date":"2026-01-01","time_zone":"","system":"swiss_dutch","team":false,"rounds":1,"time_control":"","chief_arbiter":""},"players":[],"rounds":[],"standings":{"after_round":0,"tie_breaks":[],"rows":[]}}"#;
    let push = |body: Vec<u8>, headers: Vec<(header::HeaderName, String)>| {
        let mut request = test::TestRequest::post()
            .uri("/api/v1/push")
            .set_payload(body);
        for (name, value) in headers {
            request = request.insert_header((name, value));
        }
        request
    };
    let bearer = (header::AUTHORIZATION, format!("Bearer {key}"));
    let answer = client
        .send(push(document.as_bytes().to_vec(), vec![bearer.clone()]))
        .await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.body
    );
    assert!(answer.body.contains("version 2"), "{}", answer.body);
    let answer = client
        .send(push(
            b"not gzip".to_vec(),
            vec![
                bearer.clone(),
                (header::CONTENT_ENCODING, "gzip".to_owned()),
            ],
        ))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    let answer = client
        .send(push(
            document.as_bytes().to_vec(),
            vec![bearer.clone(), (header::CONTENT_ENCODING, "br".to_owned())],
        ))
        .await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let answer = client
        .send(push(document.as_bytes().to_vec(), Vec::new()))
        .await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    assert!(answer.body.contains("Bearer"), "{}", answer.body);
    // The right version, gzip-compressed as a venue sends it: applied.
    let good = document.replace("\"version\":2", "\"version\":1");
    let answer = client
        .send(push(
            arbiter::publish::gzip(&good),
            vec![
                bearer.clone(),
                (header::CONTENT_ENCODING, "gzip".to_owned()),
            ],
        ))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert!(answer.body.contains("\"applied\""), "{}", answer.body);
    let served = client
        .get("/api/v1/events/0123456789abcdef0123456789abcdef")
        .await;
    assert_eq!(served.status, StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&served.body).expect("JSON");
    assert!(json["published_at"].is_string());
    assert_eq!(count(&ctx, "SELECT COUNT(*) AS n FROM published_events"), 1);
}

/// A team league's document carries its teams with their squads, every scheduled match (the
/// played ones with their score and boards, the rest to play), and the team standings; a
/// line-up given by one team is not shown before the other's is in.
#[actix_web::test]
async fn a_team_leagues_document_has_its_teams_matches_and_standings_but_no_line_up_early() {
    use arbiter::db::models::TournamentId;
    use arbiter::db::models::team_matches::TeamMatchRow;
    use arbiter::formats::trf;

    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    // Four teams of two boards (one reserve each) after round 1 of 3.
    let event = common::small_league(4, 1, 5);
    let text = trf::write(&event.to_tournament());
    let imported = client.post("/tournaments/import", &[("trf", &text)]).await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    let id: i32 = imported
        .location
        .as_deref()
        .and_then(|l| l.strip_prefix("/tournaments/"))
        .and_then(|l| l.strip_suffix("/teams"))
        .and_then(|id| id.parse().ok())
        .expect("the league's teams page");
    let published = client
        .post(
            &format!("/tournaments/{id}/publish"),
            &[("published", "true")],
        )
        .await;
    assert_eq!(
        published.status,
        StatusCode::SEE_OTHER,
        "{}",
        published.body
    );

    // The home team of a round-2 match gives its line-up; the away team has not.
    let round_2 = ctx.with_conn(|conn| {
        TeamMatchRow::for_tournament(conn, TournamentId(id))
            .expect("matches")
            .into_iter()
            .find(|m| m.round == 2 && m.away_id.is_some())
            .expect("a round-2 match")
    });
    let url = format!("/tournaments/{id}/league/matches/{}", round_2.id.0);
    let page = client.get(&url).await;
    let version = page.attrs("#lineup-home input[name=version]", "value")[0].clone();
    let squad: Vec<String> = page.attrs("#lineup-home select[name=board_1] option", "value");
    let squad: Vec<String> = squad.into_iter().filter(|v| !v.is_empty()).collect();
    let given = client
        .post(
            &format!("{url}/lineup"),
            &[
                ("side", "home"),
                ("version", version.as_str()),
                ("board_1", squad[0].as_str()),
                ("board_2", squad[1].as_str()),
            ],
        )
        .await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);

    let pid = public_id(&ctx, id);
    let mut visitor = ctx.client().await;
    let answer = visitor.get(&format!("/api/v1/events/{pid}")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let json: serde_json::Value = serde_json::from_str(&answer.body).expect("JSON");
    assert_eq!(json["event"]["team"], true);
    let teams = json["teams"].as_array().expect("teams");
    assert_eq!(teams.len(), 4);
    for team in teams {
        assert_eq!(team["players"].as_array().map(Vec::len), Some(3), "{team}");
    }
    let matches = json["matches"].as_array().expect("matches");
    assert_eq!(
        matches.len(),
        6,
        "three rounds of two matches: {}",
        answer.body
    );
    let mut game_points = 0.0;
    for m in matches {
        let round = m["round"].as_u64().expect("round");
        let boards = m["boards"].as_array().expect("boards");
        if round == 1 {
            assert_eq!(m["status"], "played", "{m}");
            assert_eq!(boards.len(), 2, "{m}");
            let score = m["score"].as_array().expect("a score");
            game_points += score
                .iter()
                .map(|s| {
                    s.as_str()
                        .and_then(|s| s.parse::<f64>().ok())
                        .expect("points")
                })
                .sum::<f64>();
        } else {
            assert_eq!(m["status"], "to_play", "{m}");
            assert!(boards.is_empty(), "no line-up shown early: {m}");
            assert_eq!(m["score"], serde_json::Value::Null, "{m}");
        }
    }
    assert_eq!(game_points, 4.0, "two matches of two boards");
    // A round's PGN: the games of its matches, named by the squads' numbering.
    let pgn = visitor
        .get(&format!("/api/v1/events/{pid}/rounds/1/games.pgn"))
        .await;
    assert_eq!(pgn.status, StatusCode::OK, "{}", pgn.body);
    assert_eq!(pgn.body.matches("[Event ").count(), 4, "{}", pgn.body);
    let name_of = |number: u64| {
        json["players"]
            .as_array()
            .and_then(|players| players.iter().find(|p| p["number"] == number))
            .and_then(|p| p["name"].as_str())
            .expect("a player")
            .to_owned()
    };
    for m in matches.iter().filter(|m| m["round"] == 1) {
        for board in m["boards"].as_array().expect("boards") {
            let white = name_of(board["white"].as_u64().expect("white"));
            let black = name_of(board["black"].as_u64().expect("black"));
            assert!(
                pgn.body
                    .contains(&format!("[White \"{white}\"]\n[Black \"{black}\"]")),
                "{white} - {black}: {}",
                pgn.body
            );
        }
    }
    let standings = &json["team_standings"];
    assert_eq!(standings["after_round"], 1);
    assert_eq!(standings["rows"].as_array().map(Vec::len), Some(4));
    let standing_points: f64 = standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            row["game_points"]
                .as_str()
                .and_then(|s| s.parse::<f64>().ok())
                .expect("gp")
        })
        .sum();
    assert_eq!(standing_points, game_points);

    // The same league pushed to a public server (here: this one, under another id) shows its
    // team standings and matches on its page.
    let orga = ctx.with_conn(|conn| {
        arbiter::db::models::User::by_username(conn, "orga")
            .expect("query")
            .expect("orga")
    });
    let key = ctx
        .with_conn(|conn| arbiter::db::store::create_publishing_key(conn, orga.id, "hall"))
        .map(|(key, _)| key)
        .expect("a key");
    let copy = answer
        .body
        .replacen(&pid, "00000000000000000000000000000abc", 1);
    let pushed = visitor.send(json_push(&key, copy)).await;
    assert!(pushed.status.is_success(), "{}", pushed.body);
    let page = visitor
        .get("/events/00000000000000000000000000000abc")
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let teams: Vec<String> = json["teams"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|team| team["name"].as_str().map(str::to_owned))
        .collect();
    let rows = page.texts("#team-standings tbody tr");
    assert_eq!(rows.len(), 4, "{}", page.body);
    for team in &teams {
        assert!(
            rows.iter().any(|row| row.contains(team.as_str())),
            "{team}: {rows:?}"
        );
    }
    assert_eq!(page.texts("table.matches tr").len(), 6, "{}", page.body);
}

/// The list narrows by organising federation, by dates (events that end on `from` or later,
/// start on `to` or earlier) and by state today (current, upcoming, finished), for the server's
/// own events and pushed ones alike; a value that cannot be read is a 400 naming it.
#[actix_web::test]
async fn the_list_narrows_by_federation_dates_and_state_for_own_and_pushed_events() {
    let ctx = TestContext::new();
    let orga = ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    let today = time::OffsetDateTime::now_utc().date();
    let day = |offset: i64| {
        (today + time::Duration::days(offset))
            .format(time::macros::format_description!("[year]-[month]-[day]"))
            .expect("a date")
    };
    for (name, federation, start, end) in [
        ("Past Open", "CZE", -30, -28),
        ("Now Open", "CZE", -1, 1),
        ("Next Open", "HUN", 10, 12),
    ] {
        let (start, end) = (day(start), day(end));
        let mut form = tournament_form(&[
            ("name", name),
            ("federation", federation),
            ("start_date", &start),
            ("end_date", &end),
        ]);
        form.push(("published", "on"));
        let created = client.post("/tournaments", &form).await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    }
    // A Slovak event pushed from a venue, running today.
    let key = ctx
        .with_conn(|conn| arbiter::db::store::create_publishing_key(conn, orga.id, "hall"))
        .map(|(key, _)| key)
        .expect("a key");
    let document = format!(
        r#"{{"format":"arbiter-public-state","version":1,"id":"0123456789abcdef0123456789abcdef","revision":1,"published_at":null,"event":{{"name":"Pushed Cup","place":"Nitra","federation":"SVK","start_date":"{today}","end_date":"{today}","time_zone":"","system":"swiss_dutch","team":false,"rounds":1,"time_control":"","chief_arbiter":""}},"players":[],"rounds":[],"standings":{{"after_round":0,"tie_breaks":[],"rows":[]}}}}"#,
        today = day(0)
    );
    let mut venue = ctx.client().await;
    let pushed = venue.send(json_push(&key, document)).await;
    assert!(pushed.status.is_success(), "{}", pushed.body);

    let mut visitor = ctx.client().await;
    let mut names = async |query: &str| -> Vec<String> {
        let answer = visitor.get(&format!("/api/v1/events?{query}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{query}: {}", answer.body);
        let page: serde_json::Value = serde_json::from_str(&answer.body).expect("JSON");
        let mut names: Vec<String> = page["events"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|event| event["name"].as_str().map(str::to_owned))
            .collect();
        names.sort();
        assert_eq!(page["total"], names.len(), "{query}");
        names
    };
    assert_eq!(
        names("").await,
        ["Next Open", "Now Open", "Past Open", "Pushed Cup"]
    );
    assert_eq!(names("federation=cze").await, ["Now Open", "Past Open"]);
    assert_eq!(names("federation=SVK").await, ["Pushed Cup"]);
    assert_eq!(names("state=current").await, ["Now Open", "Pushed Cup"]);
    assert_eq!(names("state=upcoming").await, ["Next Open"]);
    assert_eq!(names("state=finished").await, ["Past Open"]);
    let from = day(5);
    assert_eq!(names(&format!("from={from}")).await, ["Next Open"]);
    let to = day(-5);
    assert_eq!(names(&format!("to={to}")).await, ["Past Open"]);
    let (from, to) = (day(-2), day(0));
    assert_eq!(
        names(&format!("from={from}&to={to}&q=open")).await,
        ["Now Open"]
    );
    for (bad, named) in [
        ("federation=CZ", "federation"),
        ("from=2026-13-01", "from"),
        ("to=tomorrow", "to"),
        ("state=soon", "state"),
    ] {
        let answer = visitor.get(&format!("/api/v1/events?{bad}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(answer.body.contains(named), "{bad}: {}", answer.body);
    }
}

/// The home page at federation scale: its three lists (under way, to come, recently finished)
/// show at most 15 events each, in their order, with a link to the rest when more exist, the
/// server's own events and those pushed from venues alike (a pushed one links to its page
/// here); the whole page stays under 50 KiB; an unpublished event never appears; a search is
/// paged by links until every match was shown once.
#[actix_web::test]
async fn the_home_page_lists_events_by_state_in_bounded_lists_and_pages_a_search() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    ctx.with_conn(|conn| arbiter::cli::bench::seed_events(conn, 240, 7))
        .expect("seeded");
    let mut organiser = ctx.logged_in("orga").await;
    let mut form = tournament_form(&[("name", "Hidden Open Secret")]);
    form.retain(|(name, _)| *name != "published");
    let created = organiser.post("/tournaments", &form).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);

    let mut visitor = ctx.client().await;
    let total = async |visitor: &mut common::Client<_>, query: &str| -> i64 {
        let answer = visitor.get(&format!("/api/v1/events?{query}")).await;
        let page: serde_json::Value = serde_json::from_str(&answer.body).expect("JSON");
        page["total"].as_i64().expect("a total")
    };
    let home = visitor.get("/").await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.body);
    assert!(
        home.bytes.len() <= 50 * 1024,
        "the home page is {} bytes",
        home.bytes.len()
    );
    assert!(!home.body.contains("Hidden Open Secret"));
    let mut shown = 0;
    for state in ["current", "upcoming", "finished"] {
        let lines = home.texts(&format!("#events-{state} li"));
        let matching = total(&mut visitor, &format!("state={state}")).await;
        assert_eq!(lines.len() as i64, matching.min(15), "{state}");
        let more = home.attrs(&format!("#events-{state} .pages a"), "href");
        if matching > 15 {
            assert_eq!(more, [format!("/?state={state}")], "{state}");
        } else {
            assert!(more.is_empty(), "{state}: {more:?}");
        }
        shown += lines.len();
    }
    assert!(shown >= 30, "240 events fill at least two lists: {shown}");
    // A pushed event links to its page on this server.
    let pushed = home.attrs("#events-finished a[href^='/events/']", "href");
    assert!(!pushed.is_empty(), "{}", home.body);
    let page = visitor.get(&pushed[0]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);

    // A search pages by links until every match was shown once; the hidden event is not one.
    let matching = total(&mut visitor, "q=brno").await;
    assert!(
        matching > 25,
        "the made-up events are often in Brno: {matching}"
    );
    let mut names = Vec::new();
    let mut next = Some("/?q=brno".to_owned());
    while let Some(address) = next {
        let page = visitor.get(&address.replace("&amp;", "&")).await;
        assert_eq!(page.status, StatusCode::OK, "{address}");
        let lines = page.texts(".search-results li");
        assert!(lines.len() <= 25, "{address}");
        assert!(
            lines
                .iter()
                .all(|line| line.to_lowercase().contains("brno")),
            "{lines:?}"
        );
        names.extend(lines);
        next = page.attrs("a[rel=next]", "href").into_iter().next();
    }
    assert_eq!(names.len() as i64, matching);
    assert!(!names.iter().any(|name| name.contains("Hidden")));
    let bad = visitor.get("/?state=soon").await;
    assert_eq!(bad.status, StatusCode::OK);
    assert!(
        bad.body.contains("state is current, upcoming or finished"),
        "{}",
        bad.body
    );
}

/// A published round's PGN and a finished event's TRF through the API: the PGN is made from
/// the public state (the same for an event run here and one pushed from a venue), with the
/// moves of the game scores entered; an unpublished round is a 404; the TRF waits for the
/// event to finish, and a pushed event's TRF is the venue's (404 saying so).
#[actix_web::test]
async fn a_published_rounds_pgn_and_a_finished_events_trf_come_from_what_is_public() {
    let ctx = TestContext::new();
    let orga = ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    let id = event(&mut client, "Winter Open", false).await;
    let pid = public_id(&ctx, id);
    let mut visitor = ctx.client().await;
    let pgn = format!("/api/v1/events/{pid}/rounds/1/games.pgn");
    let hidden = visitor.get(&pgn).await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND, "{}", hidden.body);
    let published = client
        .post(
            &format!("/tournaments/{id}/rounds/1/publish"),
            &[("published", "true")],
        )
        .await;
    assert_eq!(
        published.status,
        StatusCode::SEE_OTHER,
        "{}",
        published.body
    );
    let game = count(
        &ctx,
        &format!(
            "SELECT CAST(MIN(g.id) AS BIGINT) AS n FROM games g JOIN rounds r ON r.id = g.round_id \
             WHERE r.tournament_id = {id} AND g.black_id IS NOT NULL"
        ),
    );
    let entered = client
        .post(
            &format!("/tournaments/{id}/games/{game}"),
            &[("result", "1-0"), ("version", "0"), ("back", "round")],
        )
        .await;
    assert_eq!(entered.status, StatusCode::SEE_OTHER, "{}", entered.body);
    let saved = client
        .post(
            &format!("/tournaments/{id}/rounds/1/boards/{game}/score"),
            &[
                ("lang", "cs"),
                ("movetext", "1. e4 e5 2. Dh5 Jc6 3. Sc4 Jf6 4. Dxf7# 1-0"),
            ],
        )
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let round = visitor.get(&pgn).await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    assert_eq!(
        round.content_type.as_deref(),
        Some("application/x-chess-pgn; charset=utf-8")
    );
    assert_eq!(round.body.matches("[Event \"Winter Open\"]").count(), 2);
    assert!(
        round
            .body
            .contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
        "the moves in English letters: {}",
        round.body
    );
    let document = visitor.get(&format!("/api/v1/events/{pid}")).await;
    assert!(
        document
            .body
            .contains(r#""moves":"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#""#)
    );
    let later = visitor
        .get(&format!("/api/v1/events/{pid}/rounds/2/games.pgn"))
        .await;
    assert_eq!(later.status, StatusCode::NOT_FOUND);

    // The TRF: the round robin's last day (tournament_form's) is past, so it is finished.
    let trf = visitor
        .get(&format!("/api/v1/events/{pid}/report.trf"))
        .await;
    assert_eq!(trf.status, StatusCode::OK, "{}", trf.body);
    assert!(trf.body.contains("012 Winter Open"), "{}", trf.body);
    assert_eq!(
        trf.body.lines().filter(|l| l.starts_with("001 ")).count(),
        4
    );
    // An event still to come has no TRF yet.
    let today = time::OffsetDateTime::now_utc().date();
    let soon = (today + time::Duration::days(30))
        .format(time::macros::format_description!("[year]-[month]-[day]"))
        .expect("a date");
    let mut form = tournament_form(&[
        ("name", "Spring Open"),
        ("start_date", &soon),
        ("end_date", &soon),
    ]);
    form.push(("published", "on"));
    let created = client.post("/tournaments", &form).await;
    let coming = public_id(&ctx, created.created_id());
    let early = visitor
        .get(&format!("/api/v1/events/{coming}/report.trf"))
        .await;
    assert_eq!(early.status, StatusCode::NOT_FOUND);
    assert!(early.body.contains("not finished"), "{}", early.body);

    // A pushed event: its round's PGN from the document, its TRF at the venue.
    let key = ctx
        .with_conn(|conn| arbiter::db::store::create_publishing_key(conn, orga.id, "hall"))
        .map(|(key, _)| key)
        .expect("a key");
    let player = |number: u32, name: &str| {
        format!(
            r#"{{"number":{number},"name":"{name}","title":"","federation":"SVK","rating":2100,"national_rating":null,"fide_id":null,"national_id":null,"club":""}}"#
        )
    };
    let document = format!(
        r#"{{"format":"arbiter-public-state","version":1,"id":"fedcba9876543210fedcba9876543210","revision":1,"published_at":null,"event":{{"name":"Pushed Cup","place":"Nitra","federation":"SVK","start_date":"2026-01-10","end_date":"2026-01-10","time_zone":"","system":"swiss_dutch","team":false,"rounds":1,"time_control":"","chief_arbiter":""}},"players":[{},{}],"rounds":[{{"number":1,"date":"2026-01-10","start":null,"boards":[{{"board":1,"white":1,"black":2,"result":"0-1","moves":"1. f3 e5 2. g4 Qh4#"}}]}}],"standings":{{"after_round":0,"tie_breaks":[],"rows":[]}}}}"#,
        player(1, "Fool, F"),
        player(2, "Wise, W")
    );
    let pushed = visitor.send(json_push(&key, document)).await;
    assert!(pushed.status.is_success(), "{}", pushed.body);
    let round = visitor
        .get("/api/v1/events/fedcba9876543210fedcba9876543210/rounds/1/games.pgn")
        .await;
    assert_eq!(round.status, StatusCode::OK, "{}", round.body);
    assert!(round.body.contains("[White \"Fool, F\"]"), "{}", round.body);
    assert!(
        round.body.contains("[Date \"2026.01.10\"]"),
        "{}",
        round.body
    );
    assert!(
        round.body.contains("1. f3 e5 2. g4 Qh4# 0-1"),
        "{}",
        round.body
    );
    let trf = visitor
        .get("/api/v1/events/fedcba9876543210fedcba9876543210/report.trf")
        .await;
    assert_eq!(trf.status, StatusCode::NOT_FOUND);
    assert!(trf.body.contains("venue"), "{}", trf.body);
}
