//! The live round view (FIDE Laws Art. 6.7) through the real app: the arbiter starts the
//! round, checks players in; with default time 0 an absent player's board is flagged at once,
//! the forfeit is confirmed with one click (`+/-`, `-/+`, `-/-`) and, by the tournament's rule,
//! the absentee is withdrawn from later rounds unless the arbiter excuses them (GRC Art. 6.5).
//! With a non-zero default time boards wait, a forfeit is refused, and the Art. 6.7.2 note
//! shows when neither player is there.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::StatusCode;
use arbiter::db::models::Game;
use arbiter::db::models::tournament_day::{ParticipationRow, SwissSettings};
use common::{PASSWORD, TestContext};
use serde_json::Value;

const NAMES: [&str; 6] = [
    "Novák, Jan",
    "Kovács, Anna",
    "Šarović, Dušan",
    "Horváth, Ádám",
    "Петровић, Ана",
    "Adams, Ben",
];

fn board(live: &Value, number: i64) -> &Value {
    live["boards"]
        .as_array()
        .and_then(|boards| boards.iter().find(|b| b["board"] == number))
        .unwrap_or_else(|| panic!("no board {number} in {live}"))
}

#[actix_web::test]
async fn art_6_7_1_zero_default_time_flags_absent_and_forfeit_withdraws() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES, 5, 0);
    let (_, games) =
        ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3), (4, 5)]));
    let id = event.tournament.id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;

    // Before the start every board is "not started".
    let live: Value = serde_json::from_str(
        &client
            .get(&format!("/tournaments/{id}/rounds/1/live.json"))
            .await
            .body,
    )
    .expect("json");
    assert_eq!(board(&live, 1)["state"], "not-started");

    // Players of boards 1 (White only) and 2 (both) arrive before the start.
    for (game, colour) in [
        (&games[0], "white"),
        (&games[1], "white"),
        (&games[1], "black"),
    ] {
        let page = client
            .post(
                &format!("/tournaments/{id}/rounds/1/boards/{}/check-in", game.id.0),
                &[("colour", colour)],
            )
            .await;
        // Without scripts the answer returns to the board's row.
        page.assert_redirect(&format!(
            "/tournaments/{id}/rounds/1/live#live-board-{}",
            game.board
        ));
    }
    client
        .post(&format!("/tournaments/{id}/rounds/1/start"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/live"));
    // Default time 0: absent at the start means flagged as soon as the start has passed.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let page = client
        .get(&format!("/tournaments/{id}/rounds/1/live.json"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let live: Value = serde_json::from_str(&page.body).expect("json");
    assert_eq!(board(&live, 1)["state"], "flagged");
    assert_eq!(board(&live, 1)["absent"], "black");
    assert_eq!(board(&live, 1)["forfeit"], "+/-");
    assert_eq!(board(&live, 2)["state"], "playing");
    assert_eq!(board(&live, 3)["state"], "flagged");
    assert_eq!(board(&live, 3)["forfeit"], "-/-");
    assert!(
        board(&live, 3)["white_clock_seconds"].is_null(),
        "6.7.2 needs a non-zero default time"
    );

    // The HTML view shows the forfeit button on board 1 and not on board 2.
    let html = client
        .get(&format!("/tournaments/{id}/rounds/1/live"))
        .await;
    assert_eq!(html.status, StatusCode::OK);
    let forms = html.attrs("#live-board-1 form[data-forfeit]", "hidden");
    assert_eq!(forms.len(), 0, "board 1's forfeit form is visible");
    assert_eq!(
        html.attrs("#live-board-2 form[data-forfeit]", "hidden")
            .len(),
        1
    );

    // A playing board cannot be forfeited.
    let refused = client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/forfeit",
                games[1].id.0
            ),
            &[("version", &games[1].version.to_string())],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);

    // One click on board 1: +/-, Black withdrawn from round 2 on (the default rule).
    client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/forfeit",
                games[0].id.0
            ),
            &[("version", &games[0].version.to_string())],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/live"));
    // Board 3, both absent, excused: -/-, nobody withdrawn.
    client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/forfeit",
                games[2].id.0
            ),
            &[("version", &games[2].version.to_string()), ("excused", "1")],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/live"));
    ctx.with_conn(|conn| {
        let first = Game::find(conn, games[0].id).expect("read").expect("game");
        assert_eq!(first.result.map(|r| r.as_str()), Some("+/-"));
        let third = Game::find(conn, games[2].id).expect("read").expect("game");
        assert_eq!(third.result.map(|r| r.as_str()), Some("-/-"));
        let black = ParticipationRow::for_player(conn, event.players[1].id).expect("read");
        assert_eq!(black.withdrawn_from, Some(2));

        for excused in [4, 5] {
            let row = ParticipationRow::for_player(conn, event.players[excused].id).expect("read");
            assert_eq!(row.withdrawn_from, None);
        }
    });
    let live: Value = serde_json::from_str(
        &client
            .get(&format!("/tournaments/{id}/rounds/1/live.json"))
            .await
            .body,
    )
    .expect("json");
    assert_eq!(board(&live, 1)["state"], "finished");
}

#[actix_web::test]
async fn art_6_7_2_waiting_with_default_time_and_white_clock_note() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES[..4], 5, 30);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]));
    let id = event.tournament.id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    client
        .post(&format!("/tournaments/{id}/rounds/1/start"), &[])
        .await;
    client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/check-in",
                games[1].id.0
            ),
            &[("colour", "black")],
        )
        .await;
    let live: Value = serde_json::from_str(
        &client
            .get(&format!("/tournaments/{id}/rounds/1/live.json"))
            .await
            .body,
    )
    .expect("json");
    assert_eq!(live["default_time_minutes"], 30);
    let first = board(&live, 1);
    assert_eq!(first["state"], "waiting");
    let remaining = first["remaining_seconds"].as_i64().expect("seconds");
    assert!((1700..=1800).contains(&remaining), "{remaining}");
    // Neither player of board 1 was there at the start: White's clock runs (Art. 6.7.2).
    assert!(first["white_clock_seconds"].as_i64().is_some());
    // Board 2: Black arrived (after the start): present, still waiting for White.
    assert_eq!(board(&live, 2)["black_present"], true);
    assert_eq!(board(&live, 2)["state"], "waiting");
    let refused = client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/forfeit",
                games[0].id.0
            ),
            &[("version", "1")],
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::CONFLICT,
        "no forfeit before the default time"
    );
}

#[actix_web::test]
async fn grc_6_5_forfeit_keeps_player_when_tournament_rule_says_so() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES[..2], 5, 0);
    let (_, games) = ctx.with_conn(|conn| {
        let mut settings = SwissSettings::defaults(event.tournament.id);
        settings.forfeit_withdraws = false;
        settings.save(conn).expect("settings");
        setup::pair_round(conn, &event, 1, &[(0, 1)])
    });
    let id = event.tournament.id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/check-in",
                games[0].id.0
            ),
            &[("colour", "black")],
        )
        .await;
    client
        .post(&format!("/tournaments/{id}/rounds/1/start"), &[])
        .await;
    std::thread::sleep(std::time::Duration::from_millis(1100));
    client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/forfeit",
                games[0].id.0
            ),
            &[("version", &games[0].version.to_string())],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/live"));
    ctx.with_conn(|conn| {
        let game = Game::find(conn, games[0].id).expect("read").expect("game");
        assert_eq!(game.result.map(|r| r.as_str()), Some("-/+"));
        let white = ParticipationRow::for_player(conn, event.players[0].id).expect("read");
        assert_eq!(white.withdrawn_from, None);
    });
}

#[actix_web::test]
async fn live_view_refuses_anonymous_writes() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES[..2], 5, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let id = event.tournament.id.0;
    let mut client = ctx.client().await;
    // Anonymous: the hall screen is visible (published round), writing is not.
    let page = client
        .get(&format!("/tournaments/{id}/rounds/1/live"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.attrs("form[data-forfeit]", "action").is_empty());
    let refused = client
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/check-in",
                games[0].id.0
            ),
            &[("colour", "white")],
        )
        .await;
    assert!(refused.status.is_client_error() || refused.status.is_redirection());
    let missing = client
        .get(&format!("/tournaments/{id}/rounds/9/live.json"))
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

/// The live view saves a check-in in place (Art. 6.7.1): asked for JSON, the answer is the
/// round's live state with the arrival in it, not a redirect that reloads the page.
#[actix_web::test]
async fn art_6_7_1_a_check_in_saved_in_place_answers_the_rounds_live_state() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES, 5, 15);
    let (_, games) =
        ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3), (4, 5)]));
    let id = event.tournament.id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let page = client
        .post_json(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/check-in",
                games[2].id.0
            ),
            &[("colour", "black")],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let live: Value = serde_json::from_str(&page.body).expect("json");
    assert_eq!(board(&live, 3)["black_present"], true);
    assert_eq!(board(&live, 3)["white_present"], false);
    assert_eq!(board(&live, 1)["black_present"], false);
}
