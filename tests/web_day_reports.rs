//! Players' self-reports through the QR links (issue 7): both confirm → the arbiter approves;
//! they disagree → flagged, the arbiter decides (Art. 8.7: the arbiter has the last word).
//! Also the requested-bye limits (C.04.2 Art. 3.3), game scores and the PGN and TRF exports.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::StatusCode;
use arbiter::db::models::Game;
use arbiter::db::models::tournament_day::{BoardReport, ByeRequestRow, SwissSettings};
use arbiter::tournament::self_report::token_digest;
use common::{PASSWORD, Page, TestContext};

const NAMES: [&str; 4] = [
    "Novák, Jan",
    "Kovács, Anna",
    "Šarović, Dušan",
    "Horváth, Ádám",
];

/// The report links of a board on the sheet: (white path, black path).
fn links(page: &Page, board: u32) -> (String, String) {
    let path = |colour: &str| {
        let href = page
            .attrs(
                &format!("#report-board-{board} a[data-report-link={colour}]"),
                "href",
            )
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no {colour} link on board {board}: {}", page.body));
        let at = href.find("/report/").expect("a report path");
        href[at..].to_owned()
    };
    (path("white"), path("black"))
}

/// Issues the codes of round 1 (paired without them) through the sheet's button; the sheet.
async fn issue_codes<S, B>(arbiter: &mut common::Client<S>, id: i32) -> Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let sheet_path = format!("/tournaments/{id}/rounds/1/self-report");
    arbiter
        .post(&format!("{sheet_path}/codes"), &[("boards", "missing")])
        .await
        .assert_redirect(&sheet_path);
    arbiter.get(&sheet_path).await
}

/// An event of [`NAMES`] with round 1 paired on two boards: its id and the games.
fn round_one(ctx: &TestContext) -> (i32, Vec<Game>) {
    let event = setup::event(ctx, &NAMES, 5, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]));
    (event.tournament.id.0, games)
}

#[actix_web::test]
async fn self_report_agreement_approved_and_disagreement_flagged() {
    let ctx = TestContext::new();
    let (id, games) = round_one(&ctx);
    let mut arbiter = ctx.client().await;
    arbiter.login("orga", PASSWORD).await;
    let sheet = issue_codes(&mut arbiter, id).await;
    assert_eq!(sheet.status, StatusCode::OK);
    assert!(sheet.body.contains("<svg"), "QR codes are drawn");
    let (white1, black1) = links(&sheet, 1);
    let (white2, black2) = links(&sheet, 2);
    // The codes stay: a second view shows the same, and offers new ones.
    let again = arbiter
        .get(&format!("/tournaments/{id}/rounds/1/self-report"))
        .await;
    assert_eq!(links(&again, 1), (white1.clone(), black1.clone()));
    assert_eq!(again.attrs("form#new-codes", "method"), vec!["post"]);

    // Players, no account.
    let mut player = ctx.client().await;
    let page = player.get(&white1).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.attrs("#report-state", "data-state"), vec!["open"]);
    player
        .post(&white1, &[("result", "1/2-1/2")])
        .await
        .assert_redirect(&white1);
    let page = player.get(&black1).await;
    assert_eq!(
        page.attrs("#report-state", "data-state"),
        vec!["one-reported"]
    );
    player
        .post(&black1, &[("result", "1/2-1/2")])
        .await
        .assert_redirect(&black1);
    assert_eq!(
        player
            .get(&black1)
            .await
            .attrs("#report-state", "data-state"),
        vec!["agreed"]
    );
    // Board 2 disagrees.
    player.post(&white2, &[("result", "1-0")]).await;
    player.post(&black2, &[("result", "0-1")]).await;
    let sheet = arbiter
        .get(&format!("/tournaments/{id}/rounds/1/self-report"))
        .await;
    assert_eq!(
        sheet.attrs("#report-board-2", "data-state"),
        vec!["disputed"]
    );
    assert_eq!(sheet.attrs("#report-board-1", "data-state"), vec!["agreed"]);
    // A wrong token is a 404, a bad result a 422.
    assert_eq!(
        player
            .get("/report/00000000000000000000000000000000")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        player.post(&white1, &[("result", "2-0")]).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    // The arbiter approves board 1; board 2 cannot be approved without a decision.
    arbiter
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/approve",
                games[0].id.0
            ),
            &[("version", &games[0].version.to_string())],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/self-report"));
    let refused = arbiter
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/approve",
                games[1].id.0
            ),
            &[("version", &games[1].version.to_string())],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    arbiter
        .post(
            &format!(
                "/tournaments/{id}/rounds/1/boards/{}/approve",
                games[1].id.0
            ),
            &[
                ("version", &games[1].version.to_string()),
                ("result", "0-1"),
            ],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1/self-report"));
    ctx.with_conn(|conn| {
        let first = Game::find(conn, games[0].id).expect("read").expect("game");
        assert_eq!(first.result.map(|r| r.as_str()), Some("1/2-1/2"));
        let second = Game::find(conn, games[1].id).expect("read").expect("game");
        assert_eq!(second.result.map(|r| r.as_str()), Some("0-1"));
    });
    // After approval a player's report changes nothing.
    let late = player.post(&white2, &[("result", "1-0")]).await;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert_eq!(
        player
            .get(&white2)
            .await
            .text("#report-approved")
            .as_deref(),
        Some("0-1")
    );
    // The sheet and its new codes are for result enterers only.
    let sheet_path = format!("/tournaments/{id}/rounds/1/self-report");
    let codes_path = format!("{sheet_path}/codes");
    let anonymous = player.get(&sheet_path).await;
    assert!(anonymous.status.is_client_error() || anonymous.status.is_redirection());
    let refused = player.post(&codes_path, &[]).await;
    assert!(refused.status.is_client_error() || refused.status.is_redirection());

    // New codes: every board gets fresh links, the old ones stop working, the reports stay.
    arbiter
        .post(&codes_path, &[])
        .await
        .assert_redirect(&sheet_path);
    let renewed = arbiter.get(&sheet_path).await;
    let (new_white1, new_black1) = links(&renewed, 1);
    assert_ne!(new_white1, white1);
    assert_eq!(player.get(&white1).await.status, StatusCode::NOT_FOUND);
    assert_eq!(player.get(&black1).await.status, StatusCode::NOT_FOUND);
    let page = player.get(&new_black1).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.attrs("#report-state", "data-state"), vec!["approved"]);
    assert_eq!(player.get(&new_white1).await.status, StatusCode::OK);
}

#[actix_web::test]
async fn self_report_tokens_are_stored_only_as_hashes() {
    let ctx = TestContext::new();
    let (id, games) = round_one(&ctx);
    let mut arbiter = ctx.client().await;
    arbiter.login("orga", PASSWORD).await;
    let sheet = issue_codes(&mut arbiter, id).await;
    let (white, black) = links(&sheet, 1);
    let token = |path: &str| path.trim_start_matches("/report/").to_owned();
    let stored = ctx
        .with_conn(|conn| BoardReport::for_games(conn, &[games[0].id]).expect("the board's row"));
    let stored = format!("{stored:?}");
    for clear in [token(&white), token(&black)] {
        assert_eq!(clear.len(), 32, "{clear}");
        assert!(
            !stored.contains(&clear),
            "{clear} is stored in clear: {stored}"
        );
        assert!(stored.contains(&token_digest(&clear)), "{stored}");
    }
    // The links work.
    let mut player = ctx.client().await;
    assert_eq!(player.get(&white).await.status, StatusCode::OK);
    assert_eq!(player.get(&black).await.status, StatusCode::OK);
}

#[actix_web::test]
async fn links_printed_before_tokens_were_hashed_keep_working() {
    use diesel::prelude::*;
    let ctx = TestContext::new();
    let (_, games) = round_one(&ctx);
    // A row as an earlier version wrote it: the tokens in clear.
    let (white, black) = (
        "0123456789abcdef0123456789abcdef",
        "fedcba9876543210fedcba9876543210",
    );
    let hashed = ctx.with_conn(|conn| {
        use arbiter::db::schema_day::board_reports;
        diesel::insert_into(board_reports::table)
            .values((
                board_reports::game_id.eq(games[0].id),
                board_reports::white_token.eq(white),
                board_reports::black_token.eq(black),
            ))
            .execute(conn)
            .expect("an old row");
        let hashed = BoardReport::hash_clear_tokens(conn).expect("hash them");
        assert_eq!(BoardReport::hash_clear_tokens(conn).expect("again"), 0);
        hashed
    });
    assert_eq!(hashed, 1);
    let stored = ctx.with_conn(|conn| BoardReport::for_games(conn, &[games[0].id]).expect("row"));
    assert_eq!(stored[0].white_token_hash, token_digest(white));
    assert_eq!(stored[0].black_token_hash, token_digest(black));
    let mut player = ctx.client().await;
    for token in [white, black] {
        let page = player.get(&format!("/report/{token}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    }
}

#[actix_web::test]
async fn c04_2_art_3_3_bye_limits_enforced_through_the_app() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES, 7, 0);
    ctx.with_conn(|conn| {
        let mut settings = SwissSettings::defaults(event.tournament.id);
        settings.max_half_point_byes = 1;
        settings.no_half_point_byes_in_last_rounds = 2;
        settings.save(conn).expect("settings");
        setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]);
    });
    let id = event.tournament.id.0;
    let player = event.players[2].id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let url = format!("/tournaments/{id}/swiss/players/{player}/bye");
    client
        .post(&url, &[("round", "3"), ("kind", "H")])
        .await
        .assert_redirect(&format!("/tournaments/{id}/swiss"));
    // Second half-point bye: over the limit.
    let page = client.post(&url, &[("round", "4"), ("kind", "H")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Round 1 is paired already; round 7 is in the last two.
    assert_eq!(
        client
            .post(&url, &[("round", "1"), ("kind", "Z")])
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    // A zero-point bye (announced absence) is fine in the last rounds.
    client
        .post(&url, &[("round", "7"), ("kind", "Z")])
        .await
        .assert_redirect(&format!("/tournaments/{id}/swiss"));
    ctx.with_conn(|conn| {
        let byes = ByeRequestRow::for_tournament(conn, event.tournament.id).expect("read");
        let list: Vec<(i32, String)> = byes.into_iter().map(|b| (b.round, b.kind)).collect();
        assert_eq!(list, vec![(3, "H".to_owned()), (7, "Z".to_owned())]);
    });
    let page = client.get(&format!("/tournaments/{id}/swiss")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.texts(&format!("#swiss-player-{player} .bye-badge"))
            .contains(&"R3: ½".to_owned())
    );
    // Withdrawing drops the later byes.
    client
        .post(
            &format!("/tournaments/{id}/swiss/players/{player}/participation"),
            &[("action", "withdraw"), ("round", "5")],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/swiss"));
    ctx.with_conn(|conn| {
        let byes = ByeRequestRow::for_tournament(conn, event.tournament.id).expect("read");
        assert_eq!(byes.len(), 1);
    });
}

#[actix_web::test]
async fn pgn_and_trf_exports_of_the_round() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &NAMES, 5, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]));
    let id = event.tournament.id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let score = format!("/tournaments/{id}/rounds/1/boards/{}/score", games[0].id.0);
    client
        .post(
            &score,
            &[("movetext", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")],
        )
        .await
        .assert_redirect(&score);
    let page = client.get(&score).await;
    assert_eq!(page.status, StatusCode::OK);
    // A saved score says so, once.
    assert!(
        page.text("#notes").unwrap_or_default().contains("saved"),
        "{}",
        page.body
    );
    assert!(client.get(&score).await.text("#notes").is_none());
    for (game, result) in [(&games[0], "1-0"), (&games[1], "-/+")] {
        client
            .post(
                &format!("/tournaments/{id}/games/{}", game.id.0),
                &[("version", &game.version.to_string()), ("result", result)],
            )
            .await;
    }
    let pgn = client
        .get(&format!("/tournaments/{id}/rounds/1/games.pgn"))
        .await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(pgn.body.contains("[White \"Novák, Jan\"]"), "{}", pgn.body);
    assert!(pgn.body.contains("4. Qxf7#"), "{}", pgn.body);
    assert!(pgn.body.contains("[Round \"1.2\"]"));
    let trf = client.get(&format!("/tournaments/{id}/export.trf")).await;
    assert_eq!(trf.status, StatusCode::OK);
    let parsed = arbiter::formats::trf::parse(&trf.body).expect("our TRF reads back");
    assert_eq!(parsed.players.len(), 4);
    let results: Vec<char> = parsed
        .players
        .iter()
        .map(|p| p.rounds.first().map_or('?', |e| e.result.trf_code()))
        .collect();
    assert_eq!(results, vec!['1', '0', '-', '+']);
    let refetched = client
        .get(&format!("/tournaments/{id}/rounds/1/games.pgn"))
        .await;
    assert!(
        refetched.body.contains("[Termination \"forfeit\"]"),
        "{}",
        refetched.body
    );
}
