//! Live games reach the public server: a venue follows a round from electronic boards, and
//! its pusher (`arbiter::publish::push_live_due`, run by `arbiter serve`) sends each round's
//! games to the public server the event is published on — **already delayed** by the venue's
//! broadcast delay, so the public server never holds undelayed moves — where the public
//! follows them on `/events/{id}/rounds/{n}/games` and its `broadcast.pgn`. A round is sent
//! again only when what the public sees changed. The public server refuses a push of live
//! games that is not the organiser's, not of an event it knows, or not legal chess, saying why.

mod common;
#[path = "day_support/setup.rs"]
mod setup;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter::db::models::Role;
use arbiter::db::now_millis;
use arbiter::db::store;
use arbiter::formats::live_feed::{LogEntry, feed_of_moves};
use arbiter::publish::{agent, push_due, push_live_due};
use common::TestContext;

/// Board 1: the knights out and back, then 5. e4 e5 6. Nf3.
const MOVES: [&str; 13] = [
    "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Nf3", "Nc6", "Bb5",
];

fn push_live(key: &str, body: &str) -> test::TestRequest {
    test::TestRequest::post()
        .uri("/api/v1/push/live")
        .insert_header((header::AUTHORIZATION, format!("Bearer {key}")))
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .set_payload(body.to_owned())
}

#[actix_web::test]
async fn a_venues_live_games_reach_its_public_server_only_as_delayed() {
    // The public server, with the organiser's publishing key.
    let public = TestContext::new();
    let owner = public.create_user("pub", Role::Organiser);
    let (key, _) = public
        .with_conn(|conn| store::create_publishing_key(conn, owner.id, "venue").expect("a key"));
    let port = webdriver::serve(public.state.clone());

    // The venue: a round of two boards, published on the public server.
    let venue = TestContext::new();
    let event = setup::event(
        &venue,
        &["Alfa, Anna", "Beta, Boris", "Gama, Gita", "Delta, Dan"],
        3,
        0,
    );
    let tournament = event.tournament.id;
    venue.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]));
    let agent = agent();
    let public_id = venue.with_conn(|conn| {
        store::set_publish_target(
            conn,
            tournament,
            &format!("http://127.0.0.1:{port}"),
            &key,
            None,
        )
        .expect("the target");
        assert_eq!(push_due(conn, &agent), 1, "the event's state pushed");
        arbiter::db::models::tournament_public_ids::public_id_of(conn, tournament)
            .expect("read")
            .expect("a public id")
    });
    let mut client = public.client().await;
    let games = format!("/events/{public_id}/rounds/1/games");
    assert_eq!(client.get(&games).await.status, StatusCode::NOT_FOUND);

    // Board 1 played 8 plies twenty minutes ago and 5 more just now; the delay is 15 minutes.
    let events: Vec<LogEntry> = feed_of_moves("B1", &MOVES, 0, 1_000)
        .expect("a feed")
        .into_iter()
        .map(LogEntry::Board)
        .collect();
    let now = now_millis();
    let mut sent = arbiter::publish::LiveSent::new();
    let pushed = venue.with_conn(|conn| {
        store::record_feed(conn, tournament, 1, 1, &events[..9], now - 20 * 60_000).expect("kept");
        store::record_feed(conn, tournament, 1, 1, &events[9..], now).expect("kept");
        push_live_due(conn, &agent, &mut sent, now)
    });
    assert_eq!(pushed, 1, "round 1 sent");
    let page = client.get(&games).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.texts("#watch-1 ol.moves li"),
        ["Nf3 Nf6", "Ng1 Ng8", "Nf3 Nf6", "Ng1 Ng8"],
        "only the moves older than the delay"
    );
    assert!(
        page.text("#watch-2 .empty").is_some(),
        "board 2 not followed"
    );
    for secret in ["9.2", "claim", "proposed"] {
        assert!(!page.body.contains(secret), "{secret} on the public page");
    }
    let pgn = client
        .get(&format!("/events/{public_id}/rounds/1/broadcast.pgn"))
        .await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(
        pgn.body.contains("[White \"Alfa, Anna\"]")
            && pgn
                .body
                .contains("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *"),
        "{}",
        pgn.body
    );
    assert!(
        !pgn.body.contains("Delta"),
        "board 2 has no game: {}",
        pgn.body
    );
    let event_page = client.get(&format!("/events/{public_id}")).await;
    assert!(event_page.text("#live-games-1").is_some(), "linked");

    // Nothing new for the public: nothing sent. The delay set to 0: the rest goes out.
    let again = venue.with_conn(|conn| push_live_due(conn, &agent, &mut sent, now_millis()));
    assert_eq!(again, 0);
    let pushed = venue.with_conn(|conn| {
        store::set_broadcast_delay(conn, tournament, 0, event.organiser.id).expect("delay 0");
        push_live_due(conn, &agent, &mut sent, now_millis())
    });
    assert_eq!(pushed, 1);
    let page = client.get(&games).await;
    assert_eq!(
        page.texts("#watch-1 ol.moves li")[4..],
        ["e4 e5", "Nf3 Nc6", "Bb5"]
    );
    assert!(
        page.text("#watch-delay")
            .expect("the delay")
            .contains("as they are played")
    );
    // In Czech letters.
    client.get("/lang/cs?next=/").await;
    let cs = client.get(&games).await;
    assert_eq!(cs.texts("#watch-1 ol.moves li")[0], "Jf3 Jf6");

    // Refusals, each saying why; nothing stored.
    let mut api = public.client().await;
    let document = |moves: &str| {
        format!(
            "{{\"format\":\"arbiter-public-live\",\"version\":1,\"id\":\"{public_id}\",\"round\":1,\"delay_minutes\":0,\"boards\":[{{\"board\":1,\"moves\":[{moves}]}}]}}"
        )
    };
    let unknown = api
        .send(push_live("0123456789abcdef", &document("\"e4\"")))
        .await;
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED, "{}", unknown.body);
    let illegal = api
        .send(push_live(&key, &document("\"e4\",\"e5\",\"Ke3\"")))
        .await;
    assert_eq!(illegal.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        illegal.body.contains("board 1, ply 3") && illegal.body.contains("Ke3"),
        "{}",
        illegal.body
    );
    let elsewhere = document("\"e4\"").replace(&public_id, "0123456789abcdef0123456789abcdef");
    let not_pushed = api.send(push_live(&key, &elsewhere)).await;
    assert_eq!(not_pushed.status, StatusCode::CONFLICT);
    assert!(
        not_pushed.body.contains("push its state first"),
        "{}",
        not_pushed.body
    );
    let broken = api.send(push_live(&key, "{\"format\":")).await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    let page = client.get(&games).await;
    assert_eq!(page.texts("#watch-1 ol.moves li").len(), 7, "unchanged");
}
