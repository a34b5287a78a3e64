//! A pushed event's public pages are the venue's: a Swiss event with pairing-allocated byes and
//! forfeits, run on this server, published and pushed back to it under another id, shows the
//! same crosstable (wallchart) and the same working of every tie-break value (C.07 Art. 16:
//! unplayed rounds) at `/events/{id}/crosstable` and `/events/{id}/standings/working/{number}`
//! as the venue's `/tournaments/{id}/crosstable` and `/tournaments/{id}/standings/working/{player}`.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use common::{TestContext, json_push};
use diesel::prelude::*;
use diesel::sql_types::Text;

#[derive(QueryableByName)]
struct PublicId {
    #[diesel(sql_type = Text)]
    public_id: String,
}

/// The copy's public id on the public server.
const COPY: &str = "00000000000000000000000000000c07";

#[actix_web::test]
async fn art_16_a_pushed_swiss_shows_the_venues_crosstable_and_working_value_for_value() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.logged_in("orga").await;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/report/open-report.trf"
    ))
    .expect("fixture");
    let created = client.import_trf("open.trf", &text).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    ctx.with_conn(|conn| {
        diesel::sql_query(format!(
            "UPDATE tournaments SET published = TRUE WHERE id = {id}"
        ))
        .execute(conn)?;
        diesel::sql_query(format!(
            "UPDATE rounds SET published = TRUE WHERE tournament_id = {id}"
        ))
        .execute(conn)
    })
    .expect("published");
    let pid = ctx
        .with_conn(|conn| {
            diesel::sql_query(format!(
                "SELECT public_id FROM tournament_public_ids WHERE tournament_id = {id}"
            ))
            .load::<PublicId>(conn)
        })
        .expect("public id")
        .remove(0)
        .public_id;

    let mut visitor = ctx.client().await;
    let document = visitor.get(&format!("/api/v1/events/{pid}")).await;
    assert_eq!(document.status, StatusCode::OK, "{}", document.body);
    let json: serde_json::Value = serde_json::from_str(&document.body).expect("JSON");
    assert_eq!(json["standings"]["after_round"], 3, "{}", document.body);

    let key = ctx
        .with_conn(|conn| {
            let orga = arbiter::db::models::User::by_username(conn, "orga")
                .expect("query")
                .expect("orga");
            arbiter::db::store::create_publishing_key(conn, orga.id, "hall")
        })
        .map(|(key, _)| key)
        .expect("a key");
    let copy = document.body.replacen(&pid, COPY, 1);
    let pushed = visitor.send(json_push(&key, copy)).await;
    assert!(pushed.status.is_success(), "{}", pushed.body);

    // The crosstable: the venue's rows, cell for cell, value for value.
    let venue = visitor.get(&format!("/tournaments/{id}/crosstable")).await;
    assert_eq!(venue.status, StatusCode::OK, "{}", venue.body);
    let public = visitor.get(&format!("/events/{COPY}/crosstable")).await;
    assert_eq!(public.status, StatusCode::OK, "{}", public.body);
    let rows = venue.texts("#wallchart tbody tr");
    assert_eq!(rows.len(), 7, "{}", venue.body);
    assert_eq!(public.texts("#wallchart tbody tr"), rows);
    assert_eq!(
        public.texts("#wallchart thead th"),
        venue.texts("#wallchart thead th")
    );
    assert!(
        public.text("#published-from-venue").is_some(),
        "{}",
        public.body
    );
    assert!(
        rows.iter().any(|row| row.contains('U')),
        "a pairing-allocated bye: {rows:?}"
    );
    let event = visitor.get(&format!("/events/{COPY}")).await;
    assert_eq!(
        event.attrs("#crosstable-link", "href"),
        vec![format!("/events/{COPY}/crosstable")]
    );

    // The working of every player's values: the venue's, line for line; each value the one
    // the document's standings carry.
    let cards = venue.attrs("#wallchart tbody td.name a", "href");
    assert_eq!(cards.len(), 7, "{}", venue.body);
    for (number, card) in (1..).zip(&cards) {
        let player = card
            .trim_start_matches(&format!("/tournaments/{id}/players/"))
            .trim_end_matches("/card");
        let mine = visitor
            .get(&format!("/tournaments/{id}/standings/working/{player}"))
            .await;
        assert_eq!(mine.status, StatusCode::OK, "{}", mine.body);
        let theirs = visitor
            .get(&format!("/events/{COPY}/standings/working/{number}"))
            .await;
        assert_eq!(theirs.status, StatusCode::OK, "{}", theirs.body);
        let bodies = mine.texts(".working-body");
        assert!(!bodies.is_empty(), "{}", mine.body);
        assert_eq!(theirs.texts(".working-body"), bodies, "player {number}");
        assert_eq!(theirs.text("#working-player"), mine.text("#working-player"));
        let row = json["standings"]["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|row| row["player"] == number)
            .expect("ranked");
        let codes = json["standings"]["tie_breaks"].as_array().expect("codes");
        for (code, value) in codes
            .iter()
            .zip(row["tie_breaks"].as_array().expect("values"))
        {
            let value = value.as_str().unwrap_or("-");
            let shown = theirs
                .text(&format!(
                    "section[data-code='{}'] .working-body strong",
                    code.as_str().unwrap_or("")
                ))
                .unwrap_or_default();
            assert!(!shown.is_empty(), "{code}: {}", theirs.body);
            let body = theirs
                .texts(&format!(
                    "section[data-code='{}'] .working-body",
                    code.as_str().unwrap_or("")
                ))
                .join(" ");
            assert!(
                body.contains(&format!("= {value}")),
                "player {number} {code} = {value}: {body}"
            );
        }
    }
    let unknown = visitor
        .get(&format!("/events/{COPY}/standings/working/99"))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}
