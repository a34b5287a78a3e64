//! The hall screen (`/tournaments/{id}/screen`, `/events/{id}/screen`) and the table cards
//! (`name-cards.pdf`, `board-cards.pdf`), through the app in process (SQLite, or PostgreSQL
//! with `ARBITER_TEST_DATABASE_URL`).
//!
//! - The screen shows what the public state document holds and nothing more: the newest
//!   published round by board and by name, the standings; an unpublished round never.
//! - A pushed event's screen is built from its stored document the same way.
//! - Bad slide settings say why; the cards are for the people who run the day.

mod common;

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::test;
use arbiter::db::models::Role;
use common::{TestContext, tournament_form};
use diesel::prelude::*;
use diesel::sql_types::Text;

#[derive(QueryableByName)]
struct PublicId {
    #[diesel(sql_type = Text)]
    public_id: String,
}

const PLAYERS: [&str; 5] = [
    "Alpha, Anna",
    "Beta, Béla",
    "Cyril, Ćiril",
    "Dvořák, Řehoř",
    "Erdős, Pál",
];

#[actix_web::test]
async fn the_hall_screen_shows_the_published_round_by_board_and_by_name_and_the_standings() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut orga = ctx.logged_in("orga").await;
    let mut form = tournament_form(&[("name", "Hall Open")]);
    form.push(("published", "on"));
    let created = orga.post("/tournaments", &form).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let csv = format!(
        "name,rating\n{}",
        PLAYERS
            .iter()
            .enumerate()
            .map(|(i, name)| format!("\"{name}\",{}\n", 2400 - 100 * i))
            .collect::<String>()
    );
    let imported = orga
        .post(
            &format!("/tournaments/{id}/players/import"),
            &[("csv", csv.as_str()), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    // Name cards before any round: every player, no board.
    let cards = orga
        .get(&format!("/tournaments/{id}/print/name-cards.pdf"))
        .await;
    assert_eq!(cards.status, StatusCode::OK, "{}", cards.body);
    assert!(cards.bytes.starts_with(b"%PDF-"));
    let paired = orga
        .post(&format!("/tournaments/{id}/rounds/pair"), &[])
        .await;
    assert_eq!(paired.status, StatusCode::SEE_OTHER, "{}", paired.body);

    // Round 1 paired but not published: the screen shows no pairing.
    let mut visitor = ctx.client().await;
    let screen = visitor.get(&format!("/tournaments/{id}/screen")).await;
    assert_eq!(screen.status, StatusCode::OK, "{}", screen.body);
    assert!(screen.texts("table.boards").is_empty(), "{}", screen.body);
    assert!(screen.texts("table.names").is_empty(), "{}", screen.body);
    assert_eq!(screen.text("h1").as_deref(), Some("Hall Open"));

    let published = orga
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
    let screen = visitor
        .get(&format!("/tournaments/{id}/screen?every=20"))
        .await;
    assert_eq!(screen.status, StatusCode::OK, "{}", screen.body);
    assert_eq!(
        screen.attrs("body", "data-every"),
        ["20"],
        "the slide time reaches the script"
    );
    // The boards as the public document has them: two games and a bye.
    let pid = public_id(&ctx, id);
    let document: serde_json::Value =
        serde_json::from_str(&visitor.get(&format!("/api/v1/events/{pid}")).await.body)
            .expect("the document");
    let boards = document["rounds"][0]["boards"]
        .as_array()
        .expect("round 1's boards")
        .clone();
    assert_eq!(boards.len(), 3);
    let name = |number: &serde_json::Value| {
        document["players"]
            .as_array()
            .expect("players")
            .iter()
            .find(|p| &p["number"] == number)
            .and_then(|p| p["name"].as_str())
            .expect("a player")
            .to_owned()
    };
    let rows = screen.texts("table.boards tbody tr");
    assert_eq!(rows.len(), 3, "{rows:?}");
    for board in &boards {
        let white = name(&board["white"]);
        let row = rows
            .iter()
            .find(|row| row.contains(&white))
            .unwrap_or_else(|| panic!("{white} on the boards: {rows:?}"));
        assert!(row.starts_with(&board["board"].to_string()), "{row}");
        if board["black"].is_null() {
            assert!(row.contains("bye"), "{row}");
        } else {
            assert!(row.contains(&name(&board["black"])), "{row}");
        }
    }
    // By name: every player once, in alphabetical order, with board, colour and opponent.
    let names: Vec<String> = screen
        .texts("table.names tbody tr td:first-child")
        .into_iter()
        .collect();
    assert_eq!(names, PLAYERS, "alphabetical");
    for board in boards
        .iter()
        .filter(|b| !b.is_null() && !b["black"].is_null())
    {
        let (white, black) = (name(&board["white"]), name(&board["black"]));
        let line = screen
            .texts("table.names tbody tr")
            .into_iter()
            .find(|row| row.starts_with(&black))
            .expect("black's line");
        assert!(line.contains("Black") && line.contains(&white), "{line}");
    }
    // The standings slide lists every player.
    assert_eq!(screen.texts("table.standings tbody tr").len(), 5);

    // Slides of two lines: the round's boards on two numbered slides.
    let small = visitor
        .get(&format!("/tournaments/{id}/screen?rows=6"))
        .await;
    assert_eq!(small.status, StatusCode::OK, "{}", small.body);
    let bad = visitor
        .get(&format!("/tournaments/{id}/screen?every=3"))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(
        bad.body.contains("“3”") && bad.body.contains("5 to 120"),
        "{}",
        bad.body
    );
    let bad = visitor
        .get(&format!("/tournaments/{id}/screen?rows=lots"))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);

    // The public id's screen of a tournament of this server is its own screen.
    let moved = visitor.get(&format!("/events/{pid}/screen?every=30")).await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER);
    assert_eq!(
        moved.location.as_deref(),
        Some(format!("/tournaments/{id}/screen?every=30").as_str())
    );

    // A pushed event's screen comes from its stored document: push this one as another event.
    ctx.create_user("public", Role::Organiser);
    let mut owner = ctx.logged_in("public").await;
    let key_page = owner.post("/account/keys", &[("label", "venue")]).await;
    let key = key_page.text("#key-value").expect("the new key is shown");
    let other = "0123456789abcdef0123456789abcdef";
    let pushed = document.to_string().replace(&pid, other);
    let answer = visitor
        .send(
            test::TestRequest::post()
                .uri("/api/v1/push")
                .insert_header((header::AUTHORIZATION, format!("Bearer {key}")))
                .insert_header((header::CONTENT_TYPE, "application/json"))
                .set_payload(pushed),
        )
        .await;
    assert!(
        answer.status.is_success(),
        "{} {}",
        answer.status,
        answer.body
    );
    let screen = visitor.get(&format!("/events/{other}/screen")).await;
    assert_eq!(screen.status, StatusCode::OK, "{}", screen.body);
    assert_eq!(screen.texts("table.boards tbody tr"), rows);

    // The table cards are for those who run the day.
    let cards = visitor
        .get(&format!("/tournaments/{id}/print/board-cards.pdf?round=1"))
        .await;
    assert_eq!(cards.status, StatusCode::FORBIDDEN);
    let cards = orga
        .get(&format!("/tournaments/{id}/print/board-cards.pdf?round=1"))
        .await;
    assert_eq!(cards.status, StatusCode::OK, "{}", cards.body);
    assert_eq!(cards.content_type.as_deref(), Some("application/pdf"));
}

#[actix_web::test]
async fn an_unpublished_tournaments_screen_is_its_organisers_only_and_says_nothing_is_public() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut orga = ctx.logged_in("orga").await;
    let created = orga
        .post("/tournaments", &tournament_form(&[("name", "Closed Cup")]))
        .await;
    let id = created.created_id();
    let mut visitor = ctx.client().await;
    let screen = visitor.get(&format!("/tournaments/{id}/screen")).await;
    assert_eq!(screen.status, StatusCode::NOT_FOUND);
    let screen = orga.get(&format!("/tournaments/{id}/screen")).await;
    assert_eq!(screen.status, StatusCode::OK, "{}", screen.body);
    assert_eq!(screen.texts("#slide-empty").len(), 1, "{}", screen.body);
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
