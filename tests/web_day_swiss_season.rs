//! Issue 7 "done when", through the real app over HTTP: a 7-round FIDE (Dutch) Swiss
//! (C.04.3) from registration to final standings. 39 players register by CSV; a 40th enters
//! late before round 3 with the organiser's points rule (half a point per missed round,
//! C.04.2 Art. 2.4); requested byes within the organiser's limits (one half-point bye, none in
//! the last two rounds; zero-point byes unlimited); the pairing-allocated bye (C.04.1 Art. 4,
//! never twice); a default-time forfeit in round 4 (Laws Art. 6.7.1, default time 0) that
//! withdraws the absentee from later rounds by the tournament's setting; a withdrawal before
//! round 5. Round 1 is unpaired and paired again before results; a manual change making a
//! rematch is refused, naming the broken criterion (C.04.3 C1). After every round the
//! TRF export, the public round page and the public standings are checked against the results
//! entered.

mod common;

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::TournamentId;
use arbiter::formats::trf;
use arbiter::tournament::GameResult;
use common::{PASSWORD, TestContext};

const ROUNDS: u32 = 7;

fn name(index: usize) -> String {
    format!("Player{index:02}, Test")
}

/// The result entered on a board: mostly the higher-rated player wins, some draws.
fn result_for(round: u32, white_rank: i32, black_rank: i32) -> &'static str {
    if (white_rank + black_rank + round as i32) % 5 == 0 {
        "1/2-1/2"
    } else if white_rank < black_rank {
        "1-0"
    } else {
        "0-1"
    }
}

fn load(ctx: &TestContext, id: i32) -> TournamentData {
    ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    })
}

fn player_id(data: &TournamentData, name: &str) -> i32 {
    data.players
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no player {name}"))
        .id
        .0
}

/// The TRF model's score of every player by name (the point system of the file).
fn trf_scores(model: &arbiter::tournament::Tournament) -> BTreeMap<String, String> {
    model
        .players
        .iter()
        .map(|p| {
            let total = p
                .rounds
                .iter()
                .map(|e| model.points.score(e.result).0)
                .sum::<i32>();
            (
                p.name.clone(),
                arbiter::tournament::scoring::Points(total).to_string(),
            )
        })
        .collect()
}

/// The tournament form: a Swiss in Brno with `rounds` rounds, `win` points for a win.
fn base(
    system: &'static str,
    rounds: &'static str,
    win: &'static str,
) -> Vec<(&'static str, &'static str)> {
    vec![
        ("name", "Brno Open"),
        ("place", "Brno"),
        ("federation", "CZE"),
        ("start_date", "2026-11-21"),
        ("end_date", "2026-11-24"),
        ("chief_arbiter", "IA Test"),
        ("time_control", "90+30"),
        ("rounds", rounds),
        ("pairing_system", system),
        ("points_win", win),
        ("points_draw", "0.5"),
        ("points_loss", "0"),
        ("points_forfeit_win", win),
        ("points_forfeit_loss", "0"),
        ("points_pairing_bye", win),
        ("points_half_bye", "0.5"),
        ("points_full_bye", win),
        ("points_zero_bye", "0"),
        ("default_time_minutes", "0"),
        ("published", "on"),
    ]
}

#[actix_web::test]
async fn c04_forty_player_seven_round_swiss_from_registration_to_final_standings() {
    let ctx = TestContext::new();
    ctx.create_user("orga", arbiter::db::models::Role::Organiser);
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let mut public = ctx.client().await;

    // The form offers the Swiss systems and checks them.
    let form = orga.get("/tournaments/new").await;
    let systems = form.attrs("select[name=pairing_system] option", "value");
    assert!(systems.contains(&"swiss_dutch".to_owned()), "{systems:?}");
    assert!(systems.contains(&"swiss_dutch_baku".to_owned()));
    // A new tournament is offered as a Dutch Swiss of nine rounds.
    assert_eq!(
        form.attrs("select[name=pairing_system] option[selected]", "value"),
        ["swiss_dutch"]
    );
    assert_eq!(form.attrs("input[name=rounds]", "value"), ["9"]);
    let no_rounds = orga
        .post("/tournaments", &base("swiss_dutch", "0", "1"))
        .await;
    assert_eq!(no_rounds.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        no_rounds.body.contains("number of rounds"),
        "{}",
        no_rounds.body
    );
    let baku_three = orga
        .post("/tournaments", &base("swiss_dutch_baku", "7", "3"))
        .await;
    assert_eq!(baku_three.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(baku_three.body.contains("C.04.7"), "{}", baku_three.body);
    let created = orga
        .post("/tournaments", &base("swiss_dutch", "7", "1"))
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let location = created.location.expect("location");
    let id: i32 = location.rsplit('/').next().unwrap().parse().unwrap();
    let t = format!("/tournaments/{id}");

    // Registration: 39 players by CSV.
    let mut csv = String::from("name,fide_id,title,rating,federation,birth_year,sex,club\n");
    for index in 1..=39 {
        csv.push_str(&format!(
            "\"{}\",,,{},CZE,1990,m,\n",
            name(index),
            2500 - 10 * index
        ));
    }
    let imported = orga
        .post(
            &format!("{t}/players/import"),
            &[("csv", &csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);

    // The pairing button pairs through the Swiss page; the Swiss tab is there.
    let info = orga.get(&t).await;
    assert_eq!(
        info.attrs("#pair-round", "action"),
        vec![format!("{t}/swiss/pair")]
    );
    assert_eq!(info.attrs("#swiss-tab", "href"), vec![format!("{t}/swiss")]);

    // The organiser's limits: one half-point bye, none in the last two rounds; late entries
    // score half a point per missed round; a forfeit without notice withdraws.
    let settings = orga
        .post(
            &format!("{t}/swiss/settings"),
            &[
                ("max_half_point_byes", "1"),
                ("max_zero_point_byes", ""),
                ("no_half_point_byes_in_last_rounds", "2"),
                ("late_entry_points", "half"),
                ("forfeit_withdraws", "1"),
            ],
        )
        .await;
    assert_eq!(settings.status, StatusCode::SEE_OTHER, "{}", settings.body);

    let data = load(&ctx, id);
    let half_bye = player_id(&data, &name(5));
    let zero_bye = player_id(&data, &name(7));
    let bye = |player: i32| format!("{t}/swiss/players/{player}/bye");
    let ok = orga
        .post(&bye(half_bye), &[("round", "2"), ("kind", "H")])
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER, "{}", ok.body);
    let second = orga
        .post(&bye(half_bye), &[("round", "3"), ("kind", "H")])
        .await;
    assert_eq!(second.status, StatusCode::UNPROCESSABLE_ENTITY, "limit");
    let late = orga
        .post(
            &bye(player_id(&data, &name(6))),
            &[("round", "6"), ("kind", "H")],
        )
        .await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY, "last rounds");
    let zero = orga
        .post(&bye(zero_bye), &[("round", "3"), ("kind", "Z")])
        .await;
    assert_eq!(zero.status, StatusCode::SEE_OTHER, "{}", zero.body);

    let mut entered: BTreeMap<(u32, String), char> = BTreeMap::new();
    let mut pab_players: Vec<String> = Vec::new();
    let forfeiter = name(12);
    let withdrawer = name(10);
    let newcomer = "Latecomer, Lucy";
    for round in 1..=ROUNDS {
        if round == 3 {
            // The late entry registers before round 3 is paired.
            let added = orga
                .post(
                    &format!("{t}/players"),
                    &[
                        ("name", newcomer),
                        ("rating", "2290"),
                        ("federation", "CZE"),
                        ("sex", "w"),
                    ],
                )
                .await;
            assert_eq!(added.status, StatusCode::OK, "{}", added.body);
            assert!(added.body.contains(newcomer));
        }
        if round == 5 {
            let data = load(&ctx, id);
            let withdrawn = orga
                .post(
                    &format!(
                        "{t}/swiss/players/{}/participation",
                        player_id(&data, &withdrawer)
                    ),
                    &[("action", "withdraw"), ("round", "5")],
                )
                .await;
            assert_eq!(
                withdrawn.status,
                StatusCode::SEE_OTHER,
                "{}",
                withdrawn.body
            );
        }
        let paired = orga.post(&format!("{t}/swiss/pair"), &[]).await;
        paired.assert_redirect(&format!("{t}/rounds/{round}"));
        // Preview: not public until published.
        let round_path = format!("{t}/rounds/{round}");
        assert_eq!(public.get(&round_path).await.status, StatusCode::NOT_FOUND);
        let preview = orga.get(&round_path).await;
        assert_eq!(preview.attrs("#unpair-round", "action").len(), 1);

        if round == 1 {
            // Unpair and pair again before any result: the same pairing comes back.
            let before: Vec<_> = load(&ctx, id)
                .games_of_round(1)
                .iter()
                .map(|g| (g.white_id, g.black_id))
                .collect();
            orga.post(&format!("{t}/swiss/unpair"), &[])
                .await
                .assert_redirect(&format!("{t}/swiss"));
            assert!(load(&ctx, id).rounds.is_empty());
            orga.post(&format!("{t}/swiss/pair"), &[])
                .await
                .assert_redirect(&round_path);
            let after: Vec<_> = load(&ctx, id)
                .games_of_round(1)
                .iter()
                .map(|g| (g.white_id, g.black_id))
                .collect();
            assert_eq!(before, after);
        }
        if round == 2 {
            // A manual change that makes a rematch is refused with the rule it breaks.
            let data = load(&ctx, id);
            let first = data.games_of_round(1)[0];
            let (a, x) = (first.white_id, first.black_id.expect("a game"));
            let board_a = data
                .games_of_round(2)
                .into_iter()
                .find(|g| g.white_id == a || g.black_id == Some(a))
                .expect("a is paired");
            let opponent = if board_a.white_id == a {
                board_a.black_id.expect("game")
            } else {
                board_a.white_id
            };
            if opponent != x {
                let swap = orga
                    .post(
                        &format!("{t}/swiss/swap"),
                        &[
                            ("first", &opponent.0.to_string()),
                            ("second", &x.0.to_string()),
                        ],
                    )
                    .await;
                assert_eq!(swap.status, StatusCode::UNPROCESSABLE_ENTITY);
                assert!(swap.body.contains("rematch"), "{}", swap.body);
                let unchanged = load(&ctx, id);
                assert_eq!(
                    unchanged
                        .games_of_round(2)
                        .iter()
                        .map(|g| (g.white_id, g.black_id))
                        .collect::<Vec<_>>(),
                    data.games_of_round(2)
                        .iter()
                        .map(|g| (g.white_id, g.black_id))
                        .collect::<Vec<_>>()
                );
            }
        }
        orga.post(&format!("{round_path}/publish"), &[("published", "true")])
            .await;
        let shown = public.get(&round_path).await;
        assert_eq!(shown.status, StatusCode::OK);

        let data = load(&ctx, id);
        let rank_of = |pid| {
            data.player(pid)
                .and_then(|p| p.starting_rank)
                .expect("ranked")
        };
        let name_of = |pid| data.player(pid).expect("player").name.clone();
        let games: Vec<_> = data
            .games_of_round(round as i32)
            .into_iter()
            .cloned()
            .collect();
        // C.04.1: at most one pairing-allocated bye per round, never twice to a player.
        let pabs: Vec<_> = games
            .iter()
            .filter(|g| g.result.map(|r| r.as_str()) == Some("U"))
            .map(|g| name_of(g.white_id))
            .collect();
        assert!(pabs.len() <= 1, "round {round}: {pabs:?}");
        for pab in &pabs {
            assert!(!pab_players.contains(pab), "second PAB for {pab}");
            pab_players.push(pab.clone());
        }
        let present = |name: &str| {
            games.iter().any(|g| {
                g.black_id.is_some()
                    && (name_of(g.white_id) == name
                        || g.black_id.map(name_of).as_deref() == Some(name))
            })
        };
        match round {
            2 => assert!(!present(&name(5)), "half-point bye requested"),
            3 => {
                assert!(!present(&name(7)), "zero-point bye requested");
                assert!(present(newcomer), "late entry paired from round 3");
            }
            r if r >= 5 => {
                assert!(!present(&forfeiter), "round {r}: forfeit withdraws");
                assert!(!present(&withdrawer), "round {r}: withdrawn");
            }
            _ => {}
        }

        if round == 4 {
            // Art. 6.7.1: default time 0; everybody is at the board when the round starts but
            // the forfeiter (checked in first, so that nobody's arrival depends on how many
            // seconds the check-ins take).
            let mut flagged = None;
            for g in games.iter().filter(|g| g.black_id.is_some()) {
                for (colour, pid) in [("white", g.white_id), ("black", g.black_id.unwrap())] {
                    if name_of(pid) == forfeiter {
                        flagged = Some((g.clone(), colour));
                        continue;
                    }
                    let page = orga
                        .post(
                            &format!("{round_path}/boards/{}/check-in", g.id.0),
                            &[("colour", colour)],
                        )
                        .await;
                    assert!(page.status.is_redirection(), "{}", page.body);
                }
            }
            let start = orga.post(&format!("{round_path}/start"), &[]).await;
            assert_eq!(start.status, StatusCode::SEE_OTHER, "{}", start.body);
            // The default time (0) has passed once the clock is past the starting second.
            actix_web::rt::time::sleep(std::time::Duration::from_millis(1100)).await;
            let (game, colour) = flagged.expect("the forfeiter is paired in round 4");
            let live: serde_json::Value =
                serde_json::from_str(&public.get(&format!("{round_path}/live.json")).await.body)
                    .expect("json");
            let board = live["boards"]
                .as_array()
                .and_then(|b| b.iter().find(|b| b["board"] == game.board))
                .expect("board");
            assert_eq!(board["state"], "flagged", "{board}");
            let forfeit = orga
                .post(
                    &format!("{round_path}/boards/{}/forfeit", game.id.0),
                    &[("version", &game.version.to_string())],
                )
                .await;
            assert!(forfeit.status.is_redirection(), "{}", forfeit.body);
            let (code_w, code_b) = if colour == "white" {
                ('-', '+')
            } else {
                ('+', '-')
            };
            entered.insert((round, name_of(game.white_id)), code_w);
            entered.insert((round, name_of(game.black_id.unwrap())), code_b);
        }

        // Results for every other board.
        let data = load(&ctx, id);
        for g in data.games_of_round(round as i32) {
            let Some(black) = g.black_id else {
                entered.insert(
                    (round, name_of(g.white_id)),
                    g.result
                        .map(|r| r.as_str())
                        .unwrap_or("?")
                        .chars()
                        .next()
                        .unwrap(),
                );
                continue;
            };
            if g.result.is_some() {
                continue;
            }
            let result = result_for(round, rank_of(g.white_id), rank_of(black));
            let page = orga
                .post(
                    &format!("{t}/games/{}", g.id.0),
                    &[
                        ("result", result),
                        ("version", &g.version.to_string()),
                        ("back", "round"),
                    ],
                )
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
            let (w, b) = match result {
                "1-0" => ('1', '0'),
                "0-1" => ('0', '1'),
                _ => ('=', '='),
            };
            entered.insert((round, name_of(g.white_id)), w);
            entered.insert((round, name_of(black)), b);
        }

        // TRF export: every entered result, every bye, for every round so far.
        let export = orga.get(&format!("{t}/export.trf")).await;
        assert_eq!(export.status, StatusCode::OK);
        let model = trf::parse(&export.body).unwrap_or_else(|e| panic!("{e}\n{}", export.body));
        for ((r, who), code) in entered.iter().filter(|((r, _), _)| *r == round) {
            let player = model
                .players
                .iter()
                .find(|p| &p.name == who)
                .unwrap_or_else(|| panic!("{who} not in TRF"));
            let entry = player.rounds[*r as usize - 1];
            assert_eq!(entry.result.trf_code(), *code, "round {r}, {who}");
        }
        if round >= 3 {
            let lucy = model.players.iter().find(|p| p.name == newcomer).unwrap();
            assert_eq!(lucy.rounds[0].result, GameResult::HalfPointBye);
            assert_eq!(lucy.rounds[1].result, GameResult::HalfPointBye);
        }
        if round >= 5 {
            for who in [&forfeiter, &withdrawer] {
                let p = model.players.iter().find(|p| &p.name == who).unwrap();
                let e = p.rounds[round as usize - 1];
                assert!(
                    e.opponent.is_none() && e.result == GameResult::ZeroPointBye,
                    "{who}"
                );
            }
        }

        // Public standings agree with the TRF's results.
        let standings = public.get(&format!("{t}/standings")).await;
        assert_eq!(standings.status, StatusCode::OK);
        let names = standings.texts("#standings tr[data-start] td.name a");
        let points = standings.texts("#standings tr[data-start] td.points");
        assert_eq!(names.len(), model.players.len());
        let shown: BTreeMap<_, _> = names.into_iter().zip(points).collect();
        assert_eq!(shown, trf_scores(&model), "round {round}");
    }
    // The schedule is complete: nothing more to pair.
    assert_eq!(
        orga.post(&format!("{t}/swiss/pair"), &[]).await.status,
        StatusCode::CONFLICT
    );
    assert!(
        !pab_players.is_empty(),
        "an odd field had a pairing-allocated bye"
    );
}

#[actix_web::test]
async fn c04_7_baku_round_one_pairs_group_a_among_itself() {
    let ctx = TestContext::new();
    ctx.create_user("orga", arbiter::db::models::Role::Organiser);
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let created = orga
        .post("/tournaments", &base("swiss_dutch_baku", "5", "1"))
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let t = created.location.expect("location");
    let id: i32 = t.rsplit('/').next().unwrap().parse().unwrap();
    let mut csv = String::from("name,rating\n");
    for index in 1..=8 {
        csv.push_str(&format!("\"{}\",{}\n", name(index), 2500 - 10 * index));
    }
    let imported = orga
        .post(
            &format!("{t}/players/import"),
            &[("csv", &csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    orga.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let data = load(&ctx, id);
    let rank = |pid| data.player(pid).and_then(|p| p.starting_rank).unwrap();
    let mut boards: Vec<(i32, i32)> = data
        .games_of_round(1)
        .iter()
        .map(|g| {
            let (a, b) = (
                rank(g.white_id),
                rank(g.black_id.expect("8 players, no bye")),
            );
            (a.min(b), a.max(b))
        })
        .collect();
    boards.sort();
    // Group A = 2·⌈8/4⌉ = 4 players with a virtual point: 1–3, 2–4 in A, 5–7, 6–8 in B
    // (without acceleration it would be 1–5, 2–6, 3–7, 4–8).
    assert_eq!(boards, vec![(1, 3), (2, 4), (5, 7), (6, 8)]);
}
