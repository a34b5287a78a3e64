//! The tournament day through the one store (`db::store`): a player withdrawn on the Players
//! page is never paired again (C.04.2 Art. 3.2), an assigned arbiter runs the day but not the
//! event's settings, a change of settings after round 1 is refused or applied only when
//! confirmed (Art. 10.1), every write bumps the tournament's revision and leaves an audit row
//! that outlives an unpaired round. Runs on SQLite, and on PostgreSQL in CI.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::{AuditEntry, Role, TournamentId, TournamentRow};
use common::{PASSWORD, TestContext, tournament_form};

/// A published 7-round Dutch Swiss of `players` players (ratings descending), made by
/// organiser `orga` who assigned arbiter `arno`; returns its id.
async fn swiss_event(ctx: &TestContext, players: usize) -> i32 {
    ctx.create_user("orga", Role::Organiser);
    ctx.create_user("arno", Role::Arbiter);
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let created = orga
        .post(
            "/tournaments",
            &tournament_form(&[
                ("pairing_system", "swiss_dutch"),
                ("rounds", "7"),
                ("published", "on"),
            ]),
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let mut csv = String::from("name,rating\n");
    for index in 1..=players {
        csv.push_str(&format!("\"Hráč {index:02}, Jan\",{}\n", 2400 - 10 * index));
    }
    let imported = orga
        .post(
            &format!("/tournaments/{id}/players/import"),
            &[("csv", &csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    orga.post(
        &format!("/tournaments/{id}/arbiters"),
        &[("username", "arno")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}"));
    id
}

fn load(ctx: &TestContext, id: i32) -> TournamentData {
    ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    })
}

fn revision(ctx: &TestContext, id: i32) -> i64 {
    ctx.with_conn(|conn| {
        TournamentRow::revision(conn, TournamentId(id))
            .expect("read")
            .expect("tournament")
    })
}

/// The result URL and version of every board of round `number` with two players and no
/// result yet.
fn open_boards(ctx: &TestContext, id: i32, number: i32) -> Vec<(String, String)> {
    load(ctx, id)
        .games_of_round(number)
        .into_iter()
        .filter(|game| game.black_id.is_some() && game.result.is_none())
        .map(|game| {
            (
                format!("/tournaments/{id}/games/{}", game.id.0),
                game.version.to_string(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn c04_2_art_3_2_a_player_withdrawn_on_the_players_page_is_never_paired_again() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 10).await;
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    orga.post(&format!("/tournaments/{id}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1"));
    for (url, version) in open_boards(&ctx, id, 1) {
        orga.post(&url, &[("result", "1-0"), ("version", &version)])
            .await
            .assert_redirect(&url);
    }
    let leaver = load(&ctx, id).games_of_round(1)[0].white_id;
    orga.post(
        &format!("/tournaments/{id}/players/{}/withdraw", leaver.0),
        &[("withdrawn", "true")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/players"));
    // The Players page and the Swiss page show the same withdrawal; the page says what was done,
    // once.
    let players = orga.get(&format!("/tournaments/{id}/players")).await;
    assert_eq!(
        players.text("#notes li").unwrap_or_default(),
        "Withdrawn: not paired from round 2 on."
    );
    let again = orga.get(&format!("/tournaments/{id}/players")).await;
    assert!(again.text("#notes").is_none(), "shown once");
    assert_eq!(
        players.attrs("tr.withdrawn", "data-player"),
        vec![leaver.0.to_string()]
    );
    let swiss = orga.get(&format!("/tournaments/{id}/swiss")).await;
    let status = swiss
        .text(&format!("#swiss-player-{} .status", leaver.0))
        .unwrap_or_default();
    assert!(status.contains('2'), "withdrawn from round 2: {status:?}");
    for round in 2..=3 {
        orga.post(&format!("/tournaments/{id}/swiss/pair"), &[])
            .await
            .assert_redirect(&format!("/tournaments/{id}/rounds/{round}"));
        let data = load(&ctx, id);
        let rows: Vec<_> = data
            .games_of_round(round)
            .into_iter()
            .filter(|g| g.white_id == leaver || g.black_id == Some(leaver))
            .collect();
        assert_eq!(
            rows.len(),
            1,
            "round {round}: one row for the withdrawn player"
        );
        assert!(
            rows[0].black_id.is_none() && rows[0].result.map(|r| r.as_str()) == Some("Z"),
            "round {round}: a zero-point row, not a game: {:?}",
            rows[0]
        );
        for (url, version) in open_boards(&ctx, id, round) {
            orga.post(&url, &[("result", "1-0"), ("version", &version)])
                .await
                .assert_redirect(&url);
        }
    }
    // The standings mark the withdrawn player.
    let standings = orga.get(&format!("/tournaments/{id}/standings")).await;
    let marked = standings.texts("#standings tr.withdrawn td.name");
    assert_eq!(marked.len(), 1, "{}", standings.body);
    assert!(marked[0].contains("withdrawn"), "{marked:?}");
    // Back in: paired again from the next round.
    orga.post(
        &format!("/tournaments/{id}/players/{}/withdraw", leaver.0),
        &[("withdrawn", "false")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/players"));
    orga.post(&format!("/tournaments/{id}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/4"));
    assert!(
        load(&ctx, id)
            .games_of_round(4)
            .iter()
            .any(|g| g.black_id.is_some() && (g.white_id == leaver || g.black_id == Some(leaver))),
        "paired again after returning"
    );
}

#[actix_web::test]
async fn an_assigned_arbiter_runs_the_day_but_not_the_events_settings() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 8).await;
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let t = format!("/tournaments/{id}");
    // The day: late entry, bye, withdrawal, pairing, publishing, swap, unpairing.
    let late = arno
        .post(
            &format!("{t}/players"),
            &[("name", "Pozdní, Petr"), ("rating", "1500")],
        )
        .await;
    assert_eq!(late.status, StatusCode::OK, "{}", late.body);
    let players = load(&ctx, id).players;
    let (first, second) = (players[0].id.0, players[1].id.0);
    arno.post(
        &format!("{t}/swiss/players/{first}/bye"),
        &[("round", "3"), ("kind", "Z")],
    )
    .await
    .assert_redirect(&format!("{t}/swiss"));
    arno.post(
        &format!("{t}/swiss/players/{second}/participation"),
        &[("action", "withdraw"), ("round", "4")],
    )
    .await
    .assert_redirect(&format!("{t}/swiss"));
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    arno.post(&format!("{t}/rounds/1/publish"), &[("published", "true")])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let round1 = load(&ctx, id)
        .games_of_round(1)
        .into_iter()
        .cloned()
        .collect::<Vec<_>>();
    let swapped = arno
        .post(
            &format!("{t}/swiss/swap"),
            &[
                ("first", &round1[0].white_id.0.to_string()),
                ("second", &round1[1].white_id.0.to_string()),
                ("confirm", "1"),
            ],
        )
        .await;
    assert_eq!(swapped.status, StatusCode::SEE_OTHER, "{}", swapped.body);
    arno.post(&format!("{t}/swiss/unpair"), &[])
        .await
        .assert_redirect(&format!("{t}/swiss"));
    // Not the settings, the arbiters, publishing the event.
    for (path, form) in [
        (
            format!("{t}/edit"),
            tournament_form(&[("pairing_system", "swiss_dutch"), ("rounds", "9")]),
        ),
        (format!("{t}/publish"), vec![("published", "false")]),
        (format!("{t}/arbiters"), vec![("username", "arno")]),
        (
            format!("{t}/swiss/settings"),
            vec![
                ("max_half_point_byes", "3"),
                ("no_half_point_byes_in_last_rounds", "0"),
                ("late_entry_points", "zero"),
            ],
        ),
    ] {
        let refused = arno.post(&path, &form).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
    }
    let data = load(&ctx, id);
    assert_eq!(data.tournament.rounds, 7);
    assert!(data.tournament.published);
    // Another arbiter, not assigned, runs nothing.
    ctx.create_user("stranger", Role::Arbiter);
    let mut stranger = ctx.client().await;
    stranger.login("stranger", PASSWORD).await;
    assert_eq!(
        stranger.post(&format!("{t}/swiss/pair"), &[]).await.status,
        StatusCode::FORBIDDEN
    );
}

#[actix_web::test]
async fn art_10_1_a_changed_point_system_after_round_one_is_applied_only_when_confirmed() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 6).await;
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let t = format!("/tournaments/{id}");
    orga.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let football = [
        ("pairing_system", "swiss_dutch"),
        ("rounds", "7"),
        ("published", "on"),
        ("points_win", "3"),
        ("points_draw", "1"),
        ("points_forfeit_win", "3"),
        ("points_pairing_bye", "3"),
        ("points_full_bye", "3"),
        ("points_half_bye", "1"),
    ];
    let before = revision(&ctx, id);
    let asked = orga
        .post(&format!("{t}/edit"), &tournament_form(&football))
        .await;
    assert_eq!(asked.status, StatusCode::CONFLICT);
    let changes = asked.texts("#settings-confirmation li");
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert!(
        changes[0].contains("1–1"),
        "says which rounds are rescored: {changes:?}"
    );
    assert_eq!(
        load(&ctx, id).tournament.points.points_win,
        10,
        "nothing saved"
    );
    assert_eq!(
        revision(&ctx, id),
        before,
        "a refused write leaves the revision"
    );
    let mut confirmed = tournament_form(&football);
    confirmed.push(("confirm", "1"));
    orga.post(&format!("{t}/edit"), &confirmed)
        .await
        .assert_redirect(&t);
    assert_eq!(load(&ctx, id).tournament.points.points_win, 30);
    assert_eq!(revision(&ctx, id), before + 1);
    // A new pairing system is refused outright, confirmed or not.
    let mut other_system = tournament_form(&[("pairing_system", "round_robin"), ("rounds", "7")]);
    other_system.push(("confirm", "1"));
    let refused = orga.post(&format!("{t}/edit"), &other_system).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        load(&ctx, id).tournament.pairing_system.as_str(),
        "swiss_dutch"
    );
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("read"));
    assert!(
        audit
            .iter()
            .any(|row| row.entry.action == "settings" && row.entry.detail.contains("Points")),
        "the change is audited"
    );
}

#[actix_web::test]
async fn an_unpaired_rounds_history_stays_readable_and_every_write_bumps_the_revision() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 6).await;
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let t = format!("/tournaments/{id}");
    let start = revision(&ctx, id);
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let game = load(&ctx, id).games_of_round(1)[0].clone();
    let url = format!("{t}/games/{}", game.id.0);
    arno.post(
        &url,
        &[("result", "1-0"), ("version", &game.version.to_string())],
    )
    .await
    .assert_redirect(&url);
    // A result is in: the round cannot be unpaired, and that changes nothing.
    let refused = arno.post(&format!("{t}/swiss/unpair"), &[]).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(revision(&ctx, id), start + 2);
    // Cleared again (keyboard code `=` then empty), then unpaired.
    arno.post(
        &url,
        &[
            ("result", "="),
            ("version", &(game.version + 1).to_string()),
        ],
    )
    .await
    .assert_redirect(&url);
    arno.post(
        &url,
        &[("result", ""), ("version", &(game.version + 2).to_string())],
    )
    .await
    .assert_redirect(&url);
    arno.post(&format!("{t}/swiss/unpair"), &[])
        .await
        .assert_redirect(&format!("{t}/swiss"));
    assert_eq!(revision(&ctx, id), start + 5);
    assert!(load(&ctx, id).rounds.is_empty());
    let history = ctx.with_conn(|conn| AuditEntry::for_game(conn, game.id).expect("read"));
    let trail: Vec<_> = history
        .iter()
        .map(|row| {
            (
                row.entry.old_value.as_deref(),
                row.entry.new_value.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        trail,
        [
            (None, Some("1-0")),
            (Some("1-0"), Some("1/2-1/2")),
            (Some("1/2-1/2"), None)
        ],
        "the board's history outlives the board"
    );
    let actions: Vec<String> = ctx
        .with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("read"))
        .into_iter()
        .map(|row| row.entry.action)
        .collect();
    // The creation of the tournament is the first write of its trail, then the registrations.
    assert!(
        actions.starts_with(&["create_tournament", "register"].map(String::from)),
        "{actions:?}"
    );
    assert!(
        actions.ends_with(&["pair", "result", "result", "result", "unpair"].map(String::from)),
        "{actions:?}"
    );
}

/// A typo in a registration is corrected (audited, each changed field named); once round 1 is
/// paired a new rating moves no one (C.04.2 Art. 2.2); only a player never paired can be
/// deleted, anyone else is withdrawn instead.
#[actix_web::test]
async fn c04_2_art_2_2_registrations_are_corrected_and_only_unpaired_players_deleted() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 8).await;
    let t = format!("/tournaments/{id}");
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let third = load(&ctx, id).players[2].clone();
    let edit_url = format!("{t}/players/{}/edit", third.id.0);
    let form = arno.get(&edit_url).await;
    assert_eq!(form.status, StatusCode::OK);
    assert_eq!(
        form.attrs("#edit-player input[name=name]", "value"),
        vec![third.name.clone()]
    );
    assert_eq!(
        form.attrs("#edit-player input[name=rating]", "value"),
        ["2370"]
    );

    // A bad rating: the form again with the problem, nothing saved.
    let fields = |name: &'static str, rating: &'static str| {
        vec![("name", name), ("rating", rating), ("federation", "SVK")]
    };
    let refused = arno.post(&edit_url, &fields("Hráč 03, Jana", "23x0")).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!refused.texts(".errors li").is_empty(), "{}", refused.body);
    assert_eq!(load(&ctx, id).players[2].name, third.name);

    let saved = arno.post(&edit_url, &fields("Hráč 03, Jana", "2375")).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert!(
        saved.text(".notice").unwrap_or_default().contains("saved"),
        "{}",
        saved.body
    );
    let stored = load(&ctx, id).players[2].clone();
    assert_eq!(
        (
            stored.name.as_str(),
            stored.rating,
            stored.federation.as_str()
        ),
        ("Hráč 03, Jana", 2375, "SVK")
    );
    let audit =
        || ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("read"));
    let edit_row = audit()
        .into_iter()
        .find(|row| row.entry.action == "edit_player")
        .expect("the edit is audited");
    for change in [
        "name: Hráč 03, Jan → Hráč 03, Jana",
        "rating: 2370 → 2375",
        "federation:  → SVK",
    ] {
        assert!(
            edit_row.entry.detail.contains(change),
            "{}",
            edit_row.entry.detail
        );
    }

    // Before round 1 a registration made in error can be deleted.
    let last = load(&ctx, id).players[7].clone();
    // Unconfirmed: nothing deleted, the edit page says why.
    let unconfirmed = arno
        .post(&format!("{t}/players/{}/delete", last.id.0), &[])
        .await;
    assert_eq!(
        unconfirmed.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unconfirmed.body
    );
    assert!(
        !unconfirmed.texts(".errors li").is_empty(),
        "{}",
        unconfirmed.body
    );
    assert_eq!(load(&ctx, id).players.len(), 8);
    arno.post(
        &format!("{t}/players/{}/delete", last.id.0),
        &[("confirm", "on")],
    )
    .await
    .assert_redirect(&format!("{t}/players"));
    let deleted = arno.get(&format!("{t}/players")).await;
    assert!(
        deleted
            .text(".notice")
            .unwrap_or_default()
            .contains(&last.name),
        "{}",
        deleted.body
    );
    assert_eq!(load(&ctx, id).players.len(), 7);
    assert!(
        audit()
            .iter()
            .any(|row| row.entry.action == "delete_player" && row.entry.detail == last.name)
    );

    // After round 1: a higher rating for the last seed moves no one, and says so.
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let before = load(&ctx, id).players;
    let seventh = before[6].clone();
    let raised = arno
        .post(
            &format!("{t}/players/{}/edit", seventh.id.0),
            &[("name", seventh.name.as_str()), ("rating", "2500")],
        )
        .await;
    assert_eq!(raised.status, StatusCode::OK, "{}", raised.body);
    assert!(
        raised
            .text(".notice")
            .unwrap_or_default()
            .contains("starting ranks stay"),
        "{}",
        raised.body
    );
    let after = load(&ctx, id).players;
    let ranks = |players: &[arbiter::db::models::PlayerRow]| {
        players
            .iter()
            .map(|p| (p.id, p.starting_rank))
            .collect::<Vec<_>>()
    };
    assert_eq!(ranks(&after), ranks(&before));
    assert_eq!(after[6].rating, 2500);

    // A paired player cannot be deleted: 409, still registered; the edit page offers no delete.
    let first = after[0].clone();
    let refused = arno
        .post(
            &format!("{t}/players/{}/delete", first.id.0),
            &[("confirm", "on")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(load(&ctx, id).players.len(), 7);
    let page = arno.get(&format!("{t}/players/{}/edit", first.id.0)).await;
    assert!(page.text("#delete-player").is_none());

    // A late entry not yet paired can be deleted.
    let registered = arno
        .post(
            &format!("{t}/players"),
            &[("name", "Pozdní, Petr"), ("rating", "1800")],
        )
        .await;
    assert_eq!(registered.status, StatusCode::OK, "{}", registered.body);
    let late = load(&ctx, id)
        .players
        .into_iter()
        .find(|p| p.name == "Pozdní, Petr")
        .expect("late entry");
    arno.post(
        &format!("{t}/players/{}/delete", late.id.0),
        &[("confirm", "on")],
    )
    .await;
    assert!(
        load(&ctx, id)
            .players
            .iter()
            .all(|p| p.name != "Pozdní, Petr")
    );

    // Visitors may not edit; another tournament's player is not found.
    let mut visitor = ctx.client().await;
    let page = visitor.get(&edit_url).await;
    assert_ne!(page.status, StatusCode::OK);
    let missing = arno.get(&format!("{t}/players/999999/edit")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // Without the CSRF token: refused.
    let forged = arno
        .post_raw(&edit_url, &[("name", "Forged, Name"), ("rating", "2000")])
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
}

/// The round schedule: filled in from a first day and rounds a day, corrected round by round,
/// saved (audited), shown on the round page and printed in the documents' date; a round before
/// the one before it, or a date that does not read, is refused naming the round.
#[actix_web::test]
async fn the_round_schedule_is_filled_in_corrected_saved_and_shown() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 6).await;
    let t = format!("/tournaments/{id}");
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let filled = arno
        .get(&format!(
            "{t}/schedule?first=2026-07-04&per_day=2&time=15%3A00"
        ))
        .await;
    assert_eq!(filled.status, StatusCode::OK, "{}", filled.body);
    let dates = filled.attrs("#save-schedule input[type=date]", "value");
    assert_eq!(
        dates,
        [
            "2026-07-04",
            "2026-07-04",
            "2026-07-05",
            "2026-07-05",
            "2026-07-06",
            "2026-07-06",
            "2026-07-07"
        ]
    );
    // Two rounds a day at different times: the second a 90' + 30" game and a break later.
    assert_eq!(
        filled.attrs("#fill-schedule input[name=interval]", "value"),
        ["4:30"]
    );
    assert_eq!(
        filled.attrs("#save-schedule input[type=time]", "value"),
        [
            "15:00", "19:30", "15:00", "19:30", "15:00", "19:30", "15:00"
        ]
    );
    let morning = arno
        .get(&format!(
            "{t}/schedule?first=2026-07-04&per_day=2&time=09%3A00&interval=5%3A15"
        ))
        .await;
    assert_eq!(
        morning.attrs("#save-schedule input[type=time]", "value")[..2],
        ["09:00", "14:15"]
    );

    let mut form: Vec<(String, String)> = (1..=7)
        .map(|round| (format!("date_{round}"), dates[round - 1].clone()))
        .chain((1..=7).map(|round| (format!("time_{round}"), "15:00".to_owned())))
        .collect();
    let set = |form: &mut Vec<(String, String)>, name: &str, value: &str| {
        form.iter_mut()
            .find(|(field, _)| field == name)
            .expect("field")
            .1 = value.to_owned();
    };
    let as_pairs = |form: &[(String, String)]| -> Vec<(String, String)> { form.to_vec() };
    // Round 2 at 09:00 the same day as round 1 at 15:00: refused, naming round 2.
    set(&mut form, "time_2", "09:00");
    let pairs = as_pairs(&form);
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let refused = arno.post(&format!("{t}/schedule"), &borrowed).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .texts(".errors li")
            .join(" ")
            .contains("Round 2 starts before"),
        "{}",
        refused.body
    );
    // A date that does not read: refused, naming the round, what was typed kept.
    set(&mut form, "time_2", "19:00");
    set(&mut form, "date_5", "2026-02-30");
    let pairs = as_pairs(&form);
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let refused = arno.post(&format!("{t}/schedule"), &borrowed).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.texts(".errors li").join(" ").contains("Round 5"));
    assert_eq!(refused.attrs("input[name=date_5]", "value"), ["2026-02-30"]);
    assert!(load(&ctx, id).schedule.is_empty(), "nothing saved");

    set(&mut form, "date_5", "2026-07-06");
    let pairs = as_pairs(&form);
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let saved = arno.post(&format!("{t}/schedule"), &borrowed).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert!(saved.text(".notice").is_some());
    let data = load(&ctx, id);
    assert_eq!(data.schedule.len(), 7);
    assert_eq!(data.round_start_text(2), "2026-07-04 19:00");
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("read"));
    assert!(audit.iter().any(|row| row.entry.action == "schedule"));

    // Shown on the tournament and round pages; the documents print the round's date.
    let info = arno.get(&t).await;
    assert!(
        info.body.contains("2026-07-04 15:00 – 2026-07-07 15:00"),
        "{}",
        info.body
    );
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let round = arno.get(&format!("{t}/rounds/1")).await;
    assert_eq!(
        round.text("#round-start").unwrap_or_default(),
        "· 2026-07-04 15:00"
    );
    // Round 1 has no results yet: Pair is not offered, the pages say which boards miss one.
    let info = arno.get(&t).await;
    assert!(info.text("#pair-round").is_none());
    let blocked = info.text("#pair-blocked").unwrap_or_default();
    assert!(
        blocked.contains("Round 1 still misses results on boards 1, 2, 3"),
        "{blocked}"
    );
    let swiss = arno.get(&format!("{t}/swiss")).await;
    assert!(swiss.text("#pair-swiss").is_none());
    assert!(swiss.text("#pair-blocked").is_some());
    let input = arbiter::print::stored::document_input(
        &load(&ctx, id),
        arbiter::print::Language::English,
        arbiter::print::PaperSize::A4,
    );
    assert_eq!(input.round_date(1), "2026-07-04 15:00");
    assert_eq!(input.round_date(7), "2026-07-07 15:00");

    // A visitor may not change it; without the CSRF token it is refused.
    let forged = arno.post_raw(&format!("{t}/schedule"), &borrowed).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
}

/// The round page's keyboard entry: each board saved from what an arbiter types (`1`, `=`,
/// `0`, `+`, `-`), answered as JSON with the board's new version and the round's count of
/// missing results; a board changed meanwhile is a conflict that overwrites nothing, an
/// unreadable code is refused with the reason.
#[actix_web::test]
async fn a_round_is_entered_by_keyboard_board_by_board_without_pages() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 8).await;
    let t = format!("/tournaments/{id}");
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let round = arno.get(&format!("{t}/rounds/1")).await;
    assert_eq!(round.texts("#pairings input.result-key").len(), 4);
    assert_eq!(round.text("#missing-count").as_deref(), Some("4"));
    // Beside each name, the rating and the points before the round, as on the printed list.
    let standings = round.texts("#pairings small.standing");
    assert_eq!(standings.len(), 8, "{standings:?}");
    assert!(
        standings
            .iter()
            .all(|s| s.starts_with("23") && s.ends_with("· 0")),
        "{standings:?}"
    );
    let boards = open_boards(&ctx, id, 1);
    let json = |page: &common::Page| -> serde_json::Value {
        serde_json::from_str(&page.body)
            .unwrap_or_else(|error| panic!("not JSON ({error}): {} {}", page.status, page.body))
    };
    let keys = ["1", "=", "0", "+"];
    let codes = ["1-0", "1/2-1/2", "0-1", "+/-"];
    for (index, ((url, version), key)) in boards.iter().zip(keys).enumerate() {
        let saved = arno
            .post_json(url, &[("result", key), ("version", version)])
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
        let answer = json(&saved);
        assert_eq!(answer["code"], codes[index]);
        assert_eq!(answer["missing"], 3 - index);
        assert_eq!(
            answer["version"],
            version.parse::<i64>().expect("number") + 1
        );
    }
    let stored: Vec<String> = load(&ctx, id)
        .games_of_round(1)
        .iter()
        .filter(|g| g.black_id.is_some())
        .map(|g| g.result.map(|r| r.as_str().to_owned()).unwrap_or_default())
        .collect();
    assert_eq!(stored, codes);

    // A stale version: 409 with the board as it is now; nothing overwritten.
    let (url, old_version) = &boards[0];
    let conflict = arno
        .post_json(url, &[("result", "0"), ("version", old_version)])
        .await;
    assert_eq!(conflict.status, StatusCode::CONFLICT, "{}", conflict.body);
    let answer = json(&conflict);
    assert_eq!(answer["code"], "1-0");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("NOT saved")
    );
    assert_eq!(
        load(&ctx, id).games_of_round(1)[0]
            .result
            .map(|r| r.as_str()),
        Some("1-0")
    );
    // A code that does not read: 422 with the reason.
    let current = load(&ctx, id).games_of_round(1)[1].version.to_string();
    let refused = arno
        .post_json(&boards[1].0, &[("result", "2"), ("version", &current)])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        json(&refused)["error"]
            .as_str()
            .is_some_and(|e| e.contains('2'))
    );
    // A bye code on a game: refused as JSON too.
    let refused = arno
        .post_json(&boards[1].0, &[("result", "H"), ("version", &current)])
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(json(&refused)["error"].is_string());
    // Without a script the same form posts and comes back to the round page.
    arno.post(
        &boards[1].0,
        &[("result", "0"), ("version", &current), ("back", "round")],
    )
    .await
    .assert_redirect(&format!("{t}/rounds/1#board-2"));
}

#[actix_web::test]
async fn art_12_9_penalty_results_are_entered_with_their_grounds_shown_and_paired_as_played() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 8).await;
    let t = format!("/tournaments/{id}");
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let published = arno
        .post(&format!("{t}/rounds/1/publish"), &[("published", "true")])
        .await;
    assert_eq!(
        published.status,
        StatusCode::SEE_OTHER,
        "{}",
        published.body
    );
    let boards = open_boards(&ctx, id, 1);
    let penalty = |board: usize| format!("{}/penalty", boards[board].0);

    // Refused, naming the field: a score above a win, an ordinary result, no article, no
    // reason; an ordinary result form cannot set a penalty without its grounds.
    for (result, article, reason, word) in [
        ("1-1", "12.9.5", "phone rang", "Score"),
        ("1-0", "12.9.5", "phone rang", "Score"),
        ("1/2-0", "12.9.2", "phone rang", "Article"),
        ("1/2-0", "12.9.5", "  ", "Reason"),
    ] {
        let refused = arno
            .post(
                &penalty(0),
                &[
                    ("result", result),
                    ("article", article),
                    ("reason", reason),
                    ("version", &boards[0].1),
                ],
            )
            .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{result}: {}",
            refused.body
        );
        assert!(refused.body.contains(word), "{word}: {}", refused.body);
    }
    let refused = arno
        .post(
            &boards[0].0,
            &[("result", "0-0"), ("version", &boards[0].1)],
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(load(&ctx, id).games_of_round(1)[0].result.is_none());

    // Board 1 played 1-0, then the arbiter reduces White's score to ½ and Black's to 0
    // (Art. 12.9.5); board 2 both lose (Art. 11.3); board 3 0-½, not rated (Art. 12.9.6).
    arno.post(
        &boards[0].0,
        &[("result", "1-0"), ("version", &boards[0].1)],
    )
    .await
    .assert_redirect(&boards[0].0);
    let after_result = (boards[0].1.parse::<i32>().expect("number") + 1).to_string();
    for (board, result, article, version) in [
        (0, "1/2-0", "12.9.5", after_result.as_str()),
        (1, "0-0", "11.3", boards[1].1.as_str()),
        (2, "0-1/2 NR", "12.9.6", boards[2].1.as_str()),
    ] {
        arno.post(
            &penalty(board),
            &[
                ("result", result),
                ("article", article),
                ("reason", "mobile phone rang in the playing venue"),
                ("version", version),
            ],
        )
        .await
        .assert_redirect(&boards[board].0);
    }
    arno.post(
        &boards[3].0,
        &[("result", "0-1"), ("version", &boards[3].1)],
    )
    .await
    .assert_redirect(&boards[3].0);
    // A stale page: 409, nothing overwritten.
    let stale = arno
        .post(
            &penalty(0),
            &[
                ("result", "0-0"),
                ("article", "12.9.5"),
                ("reason", "again"),
                ("version", &boards[0].1),
            ],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);

    let data = load(&ctx, id);
    let games = data.games_of_round(1);
    let codes: Vec<&str> = games
        .iter()
        .map(|g| g.result.map_or("", |r| r.as_str()))
        .collect();
    assert_eq!(codes, ["1/2-0", "0-0", "0-1/2 NR", "0-1"]);
    // The round page's keyboard box holds the penalty's label: sent again unchanged it is
    // kept; another penalty typed there is refused (it needs its own grounds).
    let version = games[0].version.to_string();
    let kept = arno
        .post_json(&boards[0].0, &[("result", "½-0"), ("version", &version)])
        .await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.body);
    assert!(kept.body.contains("\"code\":\"1/2-0\""), "{}", kept.body);
    let version = (games[0].version + 1).to_string();
    let other = arno
        .post_json(&boards[0].0, &[("result", "0-0"), ("version", &version)])
        .await;
    assert_eq!(
        other.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        other.body
    );
    // The board page: the result and, in its history, the article and the reason.
    let page = arno.get(&boards[0].0).await;
    assert_eq!(page.text("#current-result").as_deref(), Some("½-0"));
    let details = page.texts("#audit td.detail");
    assert!(
        details.contains(&"Art. 12.9.5: mobile phone rang in the playing venue".to_owned()),
        "{details:?} {:?}",
        page.texts("#audit tr")
    );
    assert_eq!(
        page.texts("#penalty-form select[name=article] option")
            .len(),
        4
    );
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("audit"));
    assert_eq!(
        audit.iter().filter(|a| a.entry.action == "penalty").count(),
        3
    );
    // The public round page shows each board's penalty score.
    let mut public = ctx.client().await;
    let round = public.get(&format!("{t}/rounds/1")).await;
    let shown = round.texts("#pairings td.result");
    assert!(shown.len() >= 3, "{} {}", round.status, round.body);
    assert_eq!(&shown[..3], ["½-0", "0-0", "0-½ NR"], "{shown:?}");
    // Standings: each player keeps his own score; nobody has a game less.
    let name = |row| data.player(row).expect("player").name.clone();
    let standings = public.get(&format!("{t}/standings")).await;
    let points_of = |player: &str| -> f64 {
        let html = standings.html();
        let row = scraper::Selector::parse("tbody tr").expect("selector");
        let cell = scraper::Selector::parse("td.points").expect("selector");
        html.select(&row)
            .find(|tr| tr.text().any(|t| t.contains(player)))
            .and_then(|tr| tr.select(&cell).next())
            .and_then(|td| td.text().collect::<String>().trim().parse::<f64>().ok())
            .unwrap_or_else(|| panic!("{player} not in the standings"))
    };
    assert_eq!(points_of(&name(games[0].white_id)), 0.5);
    assert_eq!(points_of(&name(games[0].black_id.expect("black"))), 0.0);
    assert_eq!(points_of(&name(games[1].white_id)), 0.0);
    assert_eq!(points_of(&name(games[1].black_id.expect("black"))), 0.0);
    assert_eq!(points_of(&name(games[2].black_id.expect("black"))), 0.5);
    // The player's card lists the game with his own score.
    let card = public
        .get(&format!("{t}/players/{}/card", games[0].white_id.0))
        .await;
    assert_eq!(card.status, StatusCode::OK);
    // The export carries each side's own code (`=`/`0`, `0`/`0`, `L`/`D`).
    let export = arno.get(&format!("{t}/export.trf")).await;
    let file = arbiter::formats::trf::read(&export.body).expect("export reads");
    let code = |row| {
        let number = data.number_of(row).expect("numbered");
        file.tournament.player(number).expect("in the file").rounds[0]
            .result
            .trf_code()
    };
    let black = |g: &arbiter::db::models::Game| g.black_id.expect("black");
    assert_eq!((code(games[0].white_id), code(black(games[0]))), ('=', '0'));
    assert_eq!((code(games[1].white_id), code(black(games[1]))), ('0', '0'));
    assert_eq!((code(games[2].white_id), code(black(games[2]))), ('L', 'D'));

    // Round 2: the players of a penalty board have met (C.04.3 C1): none meets again.
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/2"));
    let data = load(&ctx, id);
    let met: Vec<(i32, i32)> = games
        .iter()
        .filter_map(|g| {
            g.black_id
                .map(|b| (g.white_id.0.min(b.0), g.white_id.0.max(b.0)))
        })
        .collect();
    for game in data.games_of_round(2) {
        if let Some(black) = game.black_id {
            let pair = (game.white_id.0.min(black.0), game.white_id.0.max(black.0));
            assert!(!met.contains(&pair), "rematch {pair:?}");
        }
    }
}

#[actix_web::test]
async fn art_12_9_9_an_expelled_player_is_never_paired_again_and_the_games_played_stand() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 8).await;
    let t = format!("/tournaments/{id}");
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    for (url, version) in open_boards(&ctx, id, 1) {
        arno.post(&url, &[("result", "0-1"), ("version", &version)])
            .await
            .assert_redirect(&url);
    }
    let first = load(&ctx, id).games_of_round(1)[0].clone();
    let (expelled, opponent) = (first.white_id, first.black_id.expect("a game"));
    let expel = format!("{t}/players/{}/expel", expelled.0);
    // Without a reason: refused, naming the field.
    let refused = arno.post(&expel, &[("reason", " ")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.body.contains("Reason"), "{}", refused.body);
    arno.post(&expel, &[("reason", "assaulted the opponent")])
        .await
        .assert_redirect(&format!("{t}/players"));
    let players = arno.get(&format!("{t}/players")).await;
    assert_eq!(
        players.text("#notes li").as_deref(),
        Some("Expelled from the competition: not paired from round 2 on; the games played stand.")
    );
    let row = format!("tr[data-player=\"{}\"] .status", expelled.0);
    assert_eq!(players.text(&row).as_deref(), Some("expelled"));
    // No second expulsion, no return.
    let again = arno.post(&expel, &[("reason", "again")]).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    let back = arno
        .post(
            &format!("{t}/players/{}/withdraw", expelled.0),
            &[("withdrawn", "false")],
        )
        .await;
    assert_eq!(back.status, StatusCode::CONFLICT, "{}", back.body);
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("audit"));
    let row = audit
        .iter()
        .find(|a| a.entry.action == "expel")
        .expect("audited");
    assert!(
        row.entry
            .detail
            .ends_with("Art. 12.9.9: assaulted the opponent"),
        "{}",
        row.entry.detail
    );
    // Round 2: never paired; the game of round 1 stands, the opponent keeps his point.
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/2"));
    let data = load(&ctx, id);
    for game in data.games_of_round(2) {
        assert!(
            game.black_id.is_none()
                || (game.white_id != expelled && game.black_id != Some(expelled)),
            "the expelled player is paired in round 2"
        );
    }
    assert_eq!(
        data.games_of_round(1)[0].result.map(|r| r.as_str()),
        Some("0-1")
    );
    let standings = arno.get(&format!("{t}/standings")).await;
    let name = |row| data.player(row).expect("player").name.clone();
    let html = standings.html();
    let rows = scraper::Selector::parse("tbody tr").expect("selector");
    let line = |player: &str| -> String {
        html.select(&rows)
            .find(|tr| tr.text().any(|text| text.contains(player)))
            .map(|tr| tr.text().collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|| panic!("{player} not in the standings"))
    };
    assert!(line(&name(expelled)).contains("expelled"));
    assert!(!line(&name(opponent)).contains("expelled"));
    let points = scraper::Selector::parse("td.points").expect("selector");
    let opponent_points = html
        .select(&rows)
        .find(|tr| tr.text().any(|text| text.contains(&name(opponent))))
        .and_then(|tr| tr.select(&points).next())
        .map(|td| td.text().collect::<String>());
    assert_eq!(
        opponent_points.and_then(|p| p.trim().parse::<f64>().ok()),
        Some(1.0)
    );
}

#[actix_web::test]
async fn creating_a_tournament_and_choosing_its_tie_breaks_are_store_writes_with_audit_rows() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 4).await;
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let audit =
        || ctx.with_conn(|conn| AuditEntry::for_tournament(conn, TournamentId(id)).expect("read"));
    let created: Vec<_> = audit()
        .into_iter()
        .filter(|row| row.entry.action == "create_tournament")
        .collect();
    assert_eq!(created.len(), 1, "one audit row for the creation");
    assert_eq!(
        created[0].entry.new_value.as_deref(),
        Some(load(&ctx, id).tournament.name.as_str())
    );
    assert!(
        !created[0].user_name.is_empty(),
        "the creation names who made it"
    );
    let before = revision(&ctx, id);
    let path = format!("/tournaments/{id}/tiebreaks");
    orga.post(
        &path,
        &[("codes", "BH,SB"), ("ties", "lots"), ("seed", "7")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/standings"));
    orga.post(&path, &[("codes", ""), ("reset", "1")])
        .await
        .assert_redirect(&format!("/tournaments/{id}/standings"));
    assert_eq!(
        revision(&ctx, id),
        before + 2,
        "each save bumps the revision"
    );
    let tie_breaks: Vec<_> = audit()
        .into_iter()
        .filter(|row| row.entry.action == "tiebreaks")
        .map(|row| (row.entry.old_value, row.entry.new_value))
        .collect();
    assert!(
        tie_breaks.contains(&(None, Some("BH,SB".to_owned()))),
        "{tie_breaks:?}"
    );
    assert!(
        tie_breaks.contains(&(Some("BH,SB".to_owned()), None)),
        "{tie_breaks:?}"
    );
}

/// One person, one entry (C.04.1 b: nobody may be paired twice): a second registration with a
/// FIDE ID or national ID the event has is refused on the form, kept, naming the entry it
/// repeats; so is an edit giving a player another's FIDE ID, and a list that names the same
/// national ID twice (its lines named). A list row of a registered player updates it.
#[actix_web::test]
async fn c04_1_one_person_is_registered_once_by_form_edit_or_list() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 4).await;
    let t = format!("/tournaments/{id}");
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let entry = [
        ("name", "Novák, Jan"),
        ("fide_id", "310001"),
        ("rating", "2100"),
        ("national_id", "CZ-77"),
    ];
    let first = arno.post(&format!("{t}/players"), &entry).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(load(&ctx, id).players.len(), 5);

    // The same FIDE ID again under another spelling: refused, the form kept, the entry named.
    let again = arno
        .post(
            &format!("{t}/players"),
            &[
                ("name", "Novak, J."),
                ("fide_id", "310001"),
                ("rating", "2100"),
            ],
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    let errors = again.texts(".errors li").join(" ");
    assert!(
        errors.contains("Novák, Jan") && errors.contains("310001"),
        "{errors}"
    );
    assert_eq!(
        again
            .attrs("input[name=name]", "value")
            .first()
            .map(String::as_str),
        Some("Novak, J.")
    );
    // The same national ID without a FIDE ID: refused too.
    let national = arno
        .post(
            &format!("{t}/players"),
            &[("name", "Jan Novák"), ("national_id", "CZ-77")],
        )
        .await;
    assert_eq!(national.status, StatusCode::CONFLICT, "{}", national.body);
    assert!(
        national.texts(".errors li").join(" ").contains("CZ-77"),
        "{}",
        national.body
    );
    assert_eq!(load(&ctx, id).players.len(), 5);

    // An edit that gives another player that FIDE ID: refused on the edit form.
    let other = load(&ctx, id).players[0].clone();
    let edit = arno
        .post(
            &format!("{t}/players/{}/edit", other.id.0),
            &[("name", other.name.as_str()), ("fide_id", "310001")],
        )
        .await;
    assert_eq!(edit.status, StatusCode::CONFLICT, "{}", edit.body);
    assert!(
        edit.texts(".errors li").join(" ").contains("Novák, Jan"),
        "{}",
        edit.body
    );
    assert_eq!(load(&ctx, id).players[0].fide_id, None);

    // A list naming one national ID twice: both lines named, nothing imported.
    let list = "name,national_id\n\"Dvořák, Karel\",CZ-90\n\"Dvorak, Karel\",CZ-90\n";
    let checked = arno
        .post(
            &format!("{t}/players/import"),
            &[("csv", list), ("action", "import")],
        )
        .await;
    assert_eq!(
        checked.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        checked.body
    );
    assert_eq!(checked.texts("#import-problems td.line"), ["3"]);
    assert!(
        checked
            .texts("#import-problems td.message")
            .join(" ")
            .contains('2'),
        "{}",
        checked.body
    );
    assert_eq!(load(&ctx, id).players.len(), 5);

    // A list row of the registered player updates that entry, no second one.
    let update = "name,fide_id,national_rating\n\"Novák, Jan\",310001,1950\n";
    let imported = arno
        .post(
            &format!("{t}/players/import"),
            &[("csv", update), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    let players = load(&ctx, id).players;
    assert_eq!(players.len(), 5);
    assert_eq!(
        players
            .iter()
            .filter(|p| p.fide_id == Some(310_001))
            .count(),
        1
    );
}

/// The event's time zone: refused when unknown, and a board's history shows its times on the
/// event's wall clock, not in UTC.
#[actix_web::test]
async fn a_boards_history_is_shown_in_the_events_time_zone() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 4).await;
    let t = format!("/tournaments/{id}");
    let mut orga = ctx.client().await;
    orga.login("orga", PASSWORD).await;
    let settings = |zone: &'static str| {
        tournament_form(&[
            ("pairing_system", "swiss_dutch"),
            ("rounds", "7"),
            ("published", "on"),
            ("time_zone", zone),
        ])
    };
    let refused = orga
        .post(&format!("{t}/edit"), &settings("Europe/Nowhere"))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(refused.body.contains("Europe/Nowhere"), "{}", refused.body);
    let saved = orga
        .post(&format!("{t}/edit"), &settings("Europe/Prague"))
        .await;
    assert!(saved.status.is_redirection(), "{}", saved.body);
    assert_eq!(load(&ctx, id).tournament.time_zone, "Europe/Prague");

    orga.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let game = load(&ctx, id).games[0].clone();
    orga.post(
        &format!("{t}/games/{}", game.id.0),
        &[("version", &game.version.to_string()), ("result", "1-0")],
    )
    .await;
    let at = ctx.with_conn(|conn| AuditEntry::for_game(conn, game.id).expect("read"))[0]
        .entry
        .at;
    let page = orga.get(&format!("{t}/games/{}", game.id.0)).await;
    let shown = page.texts("#audit tbody td:first-child");
    let prague = arbiter::tournament::time_zone::local_text("Europe/Prague", at);
    assert_eq!(shown.first(), Some(&prague), "{}", page.body);
    assert_ne!(
        prague,
        arbiter::tournament::time_zone::local_text("UTC", at)
    );
}

/// A refused write comes back on the page it was sent from, with the reason in words: an
/// unpair refused because a result is in, a result typed on a round page after the round was
/// unpaired (the form, and the keyboard entry's JSON). Without a page to go back to (no
/// `Referer`), the error status as before.
#[actix_web::test]
async fn a_refused_unpair_and_a_result_for_an_unpaired_board_come_back_in_words() {
    let ctx = TestContext::new();
    let id = swiss_event(&ctx, 6).await;
    let mut arno = ctx.client().await;
    arno.login("arno", PASSWORD).await;
    let t = format!("/tournaments/{id}");
    arno.post(&format!("{t}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("{t}/rounds/1"));
    let round_page = format!("{t}/rounds/1");
    let data = load(&ctx, id);
    let games = data.games_of_round(1);
    let (first, second) = (games[0].clone(), games[1].clone());
    arno.post(
        &format!("{t}/games/{}", first.id.0),
        &[("result", "1-0"), ("version", &first.version.to_string())],
    )
    .await;
    // The unpair button of the round page: refused, back on the round page, in words.
    let refused = arno
        .post_from(&round_page, &format!("{t}/swiss/unpair"), &[])
        .await;
    refused.assert_redirect(&round_page);
    let page = arno.get(&round_page).await;
    let reason = page.text("#refusal").expect("the refusal on the page");
    assert!(reason.contains("result"), "says why: {reason}");
    assert!(
        arno.get(&round_page).await.text("#refusal").is_none(),
        "shown once"
    );
    // Without a page to go back to: the status, as before.
    let plain = arno.post(&format!("{t}/swiss/unpair"), &[]).await;
    assert_eq!(plain.status, StatusCode::CONFLICT);

    // The result cleared, the round unpaired; a result then typed on the old page.
    arno.post(
        &format!("{t}/games/{}", first.id.0),
        &[
            ("result", ""),
            ("version", &(first.version + 1).to_string()),
        ],
    )
    .await;
    arno.post(&format!("{t}/swiss/unpair"), &[])
        .await
        .assert_redirect(&format!("{t}/swiss"));
    let late = arno
        .post_from(
            &round_page,
            &format!("{t}/games/{}", second.id.0),
            &[
                ("result", "1-0"),
                ("version", &second.version.to_string()),
                ("back", "round"),
            ],
        )
        .await;
    late.assert_redirect(&t);
    let page = arno.get(&t).await;
    let reason = page.text("#refusal").expect("the refusal on the page");
    assert!(reason.contains("unpaired"), "{reason}");
    let keyboard = arno
        .post_json(
            &format!("{t}/games/{}", second.id.0),
            &[("result", "1-0"), ("version", &second.version.to_string())],
        )
        .await;
    assert_eq!(keyboard.status, StatusCode::NOT_FOUND);
    let answer: serde_json::Value = serde_json::from_str(&keyboard.body).expect("JSON");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("unpaired")),
        "{answer}"
    );
}
