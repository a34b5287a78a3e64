//! A TRF file with more rounds than a tournament may have (99, the tournament form's limit) is
//! refused with the line and column of what says so — the number of rounds announced, or the
//! first player's entry beyond round 99 — never taken in with its rounds silently cut.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::models::{Role, TournamentRow};
use common::{PASSWORD, TestContext, multipart, upload};

/// A player's `001` record: two players meeting every round, every game drawn.
fn player_line(rank: u32, name: &str, rounds: u32) -> String {
    let points = format!("{:.1}", f64::from(rounds) / 2.0);
    let mut line = format!(
        "001 {rank:>4} m    {name:<33} {:>4} CZE {:>11} {:>10} {points:>4} {rank:>4}  ",
        2000 + rank,
        "",
        ""
    );
    let opponent = 3 - rank;
    for round in 1..=rounds {
        let colour = if (round + rank).is_multiple_of(2) {
            'w'
        } else {
            'b'
        };
        line.push_str(&format!("{opponent:>4} {colour} =  "));
    }
    line
}

/// A file of two players who played `played` rounds, announcing `announced` (if any).
fn file(played: u32, announced: Option<u32>) -> String {
    let mut text = String::from("012 Marathon Open\n");
    if let Some(rounds) = announced {
        text.push_str(&format!("XXR {rounds}\n"));
    }
    text.push_str(&player_line(1, "Long, Anna", played));
    text.push('\n');
    text.push_str(&player_line(2, "Longer, Berta", played));
    text.push('\n');
    text
}

/// The errors the import page lists for `text`, and its status.
async fn import(language: &str, text: &str) -> (StatusCode, Vec<String>, usize) {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    client.accept_language = Some(language.to_owned());
    let token = client.csrf_token().await;
    let page = client
        .send(upload(
            "/tournaments/import",
            multipart(&[("csrf_token", &token)], Some(("file", "long.trf", text))),
        ))
        .await;
    let stored = ctx.with_conn(|conn| TournamentRow::all(conn, i64::MAX).expect("list").len());
    (page.status, page.texts(".errors li"), stored)
}

#[actix_web::test]
async fn a_trf_announcing_more_than_99_rounds_is_refused_at_its_rounds_record() {
    let sample = file(1, Some(99));
    let (status, errors, stored) = import("en", &sample).await;
    assert_eq!(
        (status, stored),
        (StatusCode::SEE_OTHER, 1),
        "99 rounds: {errors:?}"
    );

    let (status, errors, stored) = import("en", &file(1, Some(120))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{errors:?}");
    assert_eq!(stored, 0, "nothing stored");
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = &errors[0];
    assert!(
        error.starts_with("Line 2, column 5:") && error.contains("120") && error.contains("99"),
        "the line, column and field of the rounds record, its value and the limit: {error}"
    );
    let (_, errors, _) = import("sk", &file(1, Some(120))).await;
    assert!(
        errors[0].starts_with("Riadok 2, stĺpec 5:") && !errors[0].contains("at most"),
        "in the visitor's language: {errors:?}"
    );
}

#[actix_web::test]
async fn a_trf_with_more_than_99_rounds_played_is_refused_at_the_first_entry_beyond() {
    let (status, errors, stored) = import("en", &file(100, None)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{errors:?}");
    assert_eq!(stored, 0, "nothing stored");
    // Player 1's record is line 2; round 100's entry starts at column 92 + 99 × 10.
    let error = &errors[0];
    assert!(
        error.starts_with("Line 2, column 1082:") && error.contains("100") && error.contains("99"),
        "the line and column of round 100's entry, and the limit: {error}"
    );
}
