//! C.04.2 Art. 3.2 through the app: withdrawals made after round 3 go into the TRF-2026
//! report (`240 Z` for the rounds to come, and our own comment, as for an expulsion), come back
//! on import, and the copy pairs round 4 as the original.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::{Role, TournamentId};
use common::{PASSWORD, TestContext, multipart, upload};

fn report() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/report/open-report.trf"
    ))
    .expect("fixture")
}

fn id_of(path: &str) -> i32 {
    path.rsplit('/')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a tournament path")
}

macro_rules! import {
    ($client:expr, $text:expr) => {{
        let token = $client.csrf_token().await;
        let created = $client
            .send(upload(
                "/tournaments/import",
                multipart(
                    &[("csrf_token", &token)],
                    Some(("file", "report.trf", $text)),
                ),
            ))
            .await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
        created.location.expect("the new tournament")
    }};
}

/// The pairings of `round` of tournament `id` by the players' names (a bye: the name alone).
fn pairings_by_name(ctx: &TestContext, id: i32, round: i32) -> Vec<(String, Option<String>)> {
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    let name = |player| {
        data.players
            .iter()
            .find(|p| p.id == player)
            .map(|p| p.name.clone())
            .expect("a player of the tournament")
    };
    data.games_of_round(round)
        .iter()
        .map(|game| (name(game.white_id), game.black_id.map(name)))
        .collect()
}

/// The row id of the player named `name` in tournament `id`.
fn player_named(ctx: &TestContext, id: i32, name: &str) -> arbiter::db::models::PlayerRowId {
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    data.players
        .iter()
        .find(|p| p.name == name)
        .expect("the player")
        .id
}

/// C.04.2 Art. 3.2 (a withdrawn player is not paired): withdrawals made in the app after
/// round 3 of 5 go into the report as the facts TRF-2026 can carry (`240 Z` for the rounds to
/// come) and our own mark (a comment, as for an expulsion); imported again, the two withdrawn
/// players stay withdrawn and round 4 is paired as in the original.
#[actix_web::test]
async fn c_04_2_withdrawals_survive_the_trf_round_trip_and_round_4_pairs_the_same() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let text = report().replace("XXR 3", "XXR 5");
    let t = import!(client, &text);
    let id = id_of(&t);
    for name in ["Muller, Karl", "Dvorak, Tomas"] {
        let player = player_named(&ctx, id, name);
        client
            .post(
                &format!("{t}/players/{}/withdraw", player.0),
                &[("withdrawn", "true")],
            )
            .await
            .assert_redirect(&format!("{t}/players"));
    }
    let export = client.get(&format!("{t}/export.trf")).await;
    assert_eq!(export.status, StatusCode::OK);
    for line in ["240 Z 004    6    7", "240 Z 005    6    7"] {
        assert!(export.body.contains(line), "{line}:\n{}", export.body);
    }
    assert!(
        export.body.contains("### withdrawn    6   4")
            && export.body.contains("### withdrawn    7   4"),
        "{}",
        export.body
    );

    let copy = import!(client, &export.body);
    let copy_id = id_of(&copy);
    let copy_data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(copy_id))
            .expect("load")
            .expect("tournament")
    });
    for name in ["Muller, Karl", "Dvorak, Tomas"] {
        let player = player_named(&ctx, copy_id, name);
        assert_eq!(copy_data.withdrawn_from(player), Some(4), "{name}");
        assert_eq!(copy_data.expelled_from(player), None, "{name}");
    }
    for base in [&t, &copy] {
        client
            .post(&format!("{base}/rounds/pair"), &[])
            .await
            .assert_redirect(&format!("{base}/rounds/4"));
    }
    let original = pairings_by_name(&ctx, id, 4);
    let again = pairings_by_name(&ctx, copy_id, 4);
    assert_eq!(again, original);
    // The withdrawn players are at no board (their absence is recorded without opponent).
    for (white, black) in &again {
        if let Some(black) = black {
            for name in [white, black] {
                assert!(
                    name != "Muller, Karl" && name != "Dvorak, Tomas",
                    "{name} is withdrawn: {again:?}"
                );
            }
        }
    }
}
