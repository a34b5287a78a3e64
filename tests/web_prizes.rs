//! Categories and prizes in the app: the organiser defines categories (age from the year of
//! birth in the tournament's year, women, rating band, club …) and a prize list in order of
//! priority; the public sees the standings of each category and the prize list (a player takes
//! one prize, the first in the organiser's order; players equal on points share by the
//! organiser's rule) on the web and as a PDF. Bad rows come back with what to fix, never a 500.
//!
//! The event (as in `web_standings`): six players, three rounds of a Swiss, every result in.
//! Final order with the default tie-breaks: 1 (2½), 3 (2), 4 (1½), 2 (1½), 6 (1), 5 (½).
//!
//! Runs on SQLite, or on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set (see `common`).

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use std::collections::BTreeMap;
use std::process::Command;

use actix_web::cookie::Cookie;
use actix_web::http::StatusCode;
use actix_web::test;
use arbiter::db::models::{NewGame, NewRound, PairingSystem, Role};
use arbiter::db::schema::{players, tournaments};
use arbiter::tournament::result::BoardResult;
use common::{PASSWORD, TestContext};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};

const NAMES: [&str; 6] = [
    "Novák, Jan",
    "Šťastná, Eva",
    "Őry, Ádám",
    "Jovanović, Milena",
    "Łukasz, Kowalski",
    "Adams, Ben",
];

/// (white index, black index, result) per round.
const ROUNDS: [[(usize, usize, &str); 3]; 3] = [
    [(0, 3, "1-0"), (4, 1, "1/2-1/2"), (2, 5, "1-0")],
    [(1, 0, "0-1"), (3, 2, "1/2-1/2"), (5, 4, "1-0")],
    [(0, 2, "1/2-1/2"), (4, 3, "0-1"), (1, 5, "1-0")],
];

/// (year of birth, sex, club) by starting rank: 2 is a girl born 2013 (U14 in 2026), 4 a woman
/// born 1970 (50+), 5 a man born 1976 (50 in 2026: 50+), 6 a boy born 2012 (14: not U14).
const PEOPLE: [(Option<i32>, &str, &str); 6] = [
    (Some(1990), "m", "ŠK Brno"),
    (Some(2013), "w", "ŠK Brno"),
    (Some(1985), "m", ""),
    (Some(1970), "w", "TJ Zlín"),
    (Some(1976), "m", ""),
    (Some(2012), "m", "TJ Zlín"),
];

fn event(ctx: &TestContext) -> setup::Event {
    let event = setup::event(ctx, &NAMES, 3, 0);
    ctx.with_conn(|conn| {
        diesel::update(tournaments::table.find(event.tournament.id.0))
            .set(tournaments::pairing_system.eq(PairingSystem::SwissDutch.as_str()))
            .execute(conn)
            .expect("make it a Swiss");
        for (player, (year, sex, club)) in event.players.iter().zip(PEOPLE) {
            diesel::update(players::table.find(player.id.0))
                .set((
                    players::birth_year.eq(year),
                    players::sex.eq(sex),
                    players::club.eq(club),
                ))
                .execute(conn)
                .expect("person");
        }
        for (index, round) in ROUNDS.iter().enumerate() {
            let new_round = NewRound {
                tournament_id: event.tournament.id,
                number: index as i32 + 1,
                published: true,
            }
            .insert(conn)
            .expect("round");
            for (board, (white, black, result)) in round.iter().enumerate() {
                NewGame {
                    round_id: new_round.id,
                    board: board as i32 + 1,
                    white_id: event.players[*white].id,
                    black_id: Some(event.players[*black].id),
                    result: Some(BoardResult::parse(result).expect("a result code")),
                    colourless: false,
                }
                .insert(conn)
                .expect("game");
            }
        }
    });
    event
}

/// The form: categories (kind, value, name) and prizes (group, place, amount).
fn form<'a>(
    categories: &[(&'a str, &'a str, &'a str)],
    prizes: &[(&'a str, &'a str, &'a str)],
    shared: &'a str,
) -> Vec<(&'a str, &'a str)> {
    let mut fields = Vec::new();
    for (kind, value, name) in categories {
        fields.push(("category_kind", *kind));
        fields.push(("category_value", *value));
        fields.push(("category_name", *name));
    }
    for (group, place, amount) in prizes {
        fields.push(("prize_group", *group));
        fields.push(("prize_place", *place));
        fields.push(("prize_amount", *amount));
    }
    fields.push(("shared", shared));
    fields.push(("currency", "€"));
    fields
}

const CATEGORIES: [(&str, &str, &str); 3] = [
    ("under", "14", ""),
    ("women", "", ""),
    ("at_least", "50", "Seniors"),
];

/// Prize list rows: (prize cell, name, points, paid).
fn prize_rows(page: &common::Page) -> Vec<(String, String, String, String)> {
    let html = page.html();
    let row = scraper::Selector::parse("#prize-list > tbody > tr").expect("selector");
    let cell = |name: &str| scraper::Selector::parse(name).expect("selector");
    let text = |e: scraper::ElementRef<'_>| {
        e.text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    html.select(&row)
        .map(|tr| {
            let first = |s: &str| tr.select(&cell(s)).next().map(text).unwrap_or_default();
            (
                first("td.prize"),
                first("td.name"),
                first("td.points"),
                first("td.paid"),
            )
        })
        .collect()
}

#[actix_web::test]
async fn categories_and_a_prize_list_one_prize_a_player_in_the_organisers_order() {
    let ctx = TestContext::new();
    let event = event(&ctx);
    let id = event.tournament.id.0;
    let mut owner = ctx.client().await;
    owner.login("orga", PASSWORD).await;
    let edit = owner.get(&format!("/tournaments/{id}/prizes/edit")).await;
    assert_eq!(edit.status, StatusCode::OK, "{}", edit.body);
    // Blank rows to fill in: three categories, five prizes.
    assert_eq!(edit.attrs("select[name=category_kind]", "name").len(), 3);
    assert_eq!(edit.attrs("input[name=prize_amount]", "name").len(), 5);
    // Categories and prizes in one form: prizes name the categories by their row (c1 = U14).
    let prizes = [
        ("overall", "1", "500"),
        ("overall", "2", "300"),
        ("c2", "", "100"),
        ("overall", "", "200"),
        ("c1", "1", "Cup"),
        ("c3", "1", "50,50"),
    ];
    let page = owner
        .post(
            &format!("/tournaments/{id}/prizes"),
            &form(&CATEGORIES, &prizes, "tiebreak"),
        )
        .await;
    page.assert_redirect(&format!("/tournaments/{id}/prizes/edit"));
    let edit = owner.get(&format!("/tournaments/{id}/prizes/edit")).await;
    assert!(
        edit.text("#notes").unwrap_or_default().contains("saved"),
        "a message says it was saved: {:?}",
        edit.text("#notes")
    );
    // Stored as typed; the empty places were numbered.
    assert_eq!(
        edit.attrs("input[name=prize_place]", "value")[..6],
        ["1", "2", "1", "3", "1", "1"]
    );
    assert_eq!(
        edit.attrs("input[name=category_name]", "value")[..3],
        ["", "", "Seniors"]
    );
    // The public prize list: player 3 of the field is 4 (Jovanović), the best woman: she takes
    // the women's prize, listed before the third overall prize, which goes to player 2
    // (Šťastná), who is then not left for U14 (nobody else is under 14: 6 is 14 in 2026).
    let mut visitor = ctx.client().await;
    let list = visitor.get(&format!("/tournaments/{id}/prizes")).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    let rows = prize_rows(&list);
    let names: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(
        names,
        [
            "Novák, Jan",
            "Őry, Ádám",
            "Jovanović, Milena",
            "Šťastná, Eva",
            "—",
            "Łukasz, Kowalski"
        ]
    );
    assert_eq!(rows[0].0, "Overall 1. 500 €");
    assert_eq!(rows[2].0, "Women 1. 100 €");
    assert_eq!(rows[4].0, "U14 1. Cup");
    assert_eq!(rows[5].0, "Seniors 1. 50.50 €");
    assert_eq!(rows[3].2, "1.5");
    // By tie-break: no paid column.
    assert!(list.texts("th").iter().all(|h| h != "Paid"));
    // The categories with who belongs to them, linked to their standings.
    let categories = list.texts("#category-list li");
    assert_eq!(categories.len(), 3, "{categories:?}");
    assert!(
        categories[0].starts_with("U14")
            && categories[0].contains("born in 2013 or later")
            && categories[0].contains("1 player"),
        "{categories:?}"
    );
    assert!(
        categories[2].starts_with("Seniors")
            && categories[2].contains("born in 1976 or earlier")
            && categories[2].contains("2 players"),
        "{categories:?}"
    );
    // In Czech the words are Czech.
    visitor.get("/lang/cs").await;
    let czech = visitor.get(&format!("/tournaments/{id}/prizes")).await;
    assert_eq!(prize_rows(&czech)[2].0, "Ženy 1. 100 €");
    assert!(czech.texts("#category-list li")[1].contains("2 hráči"));
    visitor.get("/lang/en").await;
    // The same prize list reaches a public server in the event's public state and is shown
    // there as here (in English and in Czech).
    let mut state = ctx
        .with_conn(|conn| arbiter::db::read::public_state::local_state(conn, event.tournament.id))
        .expect("the document")
        .expect("published");
    assert_eq!(state.prizes.len(), rows.len());
    state.id = "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e".to_owned();
    let made = owner.post("/account/keys", &[("label", "venue")]).await;
    let key = made.text("#key-value").expect("a publishing key");
    let pushed = visitor.send(common::json_push(&key, state.to_json())).await;
    assert!(
        pushed.status.is_success(),
        "{} {}",
        pushed.status,
        pushed.body
    );
    let public = visitor.get(&format!("/events/{}", state.id)).await;
    assert_eq!(
        prize_rows(&public),
        rows,
        "the pushed prize list is the venue's"
    );
    visitor.get("/lang/cs").await;
    let public = visitor.get(&format!("/events/{}", state.id)).await;
    assert_eq!(prize_rows(&public), prize_rows(&czech));
    visitor.get("/lang/en").await;
    // The standings of a category: women in the order of the field, with their category place.
    let women = visitor
        .get(&format!("/tournaments/{id}/standings?category=2"))
        .await;
    assert_eq!(women.status, StatusCode::OK);
    assert_eq!(women.texts("#standings td.category-rank"), ["1", "2"]);
    assert_eq!(women.texts("#standings td.rank"), ["3", "4"]);
    assert_eq!(women.texts("#standings td.start"), ["4", "2"]);
    assert_eq!(
        women.attrs("#category-select option[selected]", "value"),
        ["2"]
    );
    let all = visitor.get(&format!("/tournaments/{id}/standings")).await;
    assert_eq!(all.texts("#standings td.start").len(), 6);
    assert!(all.texts("#standings td.category-rank").is_empty());
    // A category that does not exist, or garbage: 404, not a 500.
    for query in ["9", "-1", "x", "99999999999999999999"] {
        let page = visitor
            .get(&format!("/tournaments/{id}/standings?category={query}"))
            .await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "category={query}");
    }
    // The prize list as a PDF, with the same winners.
    let anonymous = BTreeMap::new();
    let (status, content_type, pdf) = get_bytes(
        &ctx,
        &anonymous,
        &format!("/tournaments/{id}/print/prizes.pdf"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&pdf));
    assert_eq!(content_type, "application/pdf");
    if let Some(text) = pdf_text("prizes.pdf", &pdf) {
        assert!(text.contains("Prize list after round 3"), "{text}");
        for name in [
            "Novák, Jan",
            "Jovanović, Milena",
            "Łukasz, Kowalski",
            "50.50 €",
        ] {
            assert!(text.contains(name), "{name} in\n{text}");
        }
    } else {
        eprintln!("pdftotext not installed: the PDF's text was not checked");
    }
}

#[actix_web::test]
async fn a_player_who_withdrew_takes_no_prize_the_next_in_the_standings_does() {
    let ctx = TestContext::new();
    let event = event(&ctx);
    let id = event.tournament.id.0;
    // A fourth round is announced; the leader (Novák, 2½) withdraws from it (C.04.2 Art. 3.2).
    ctx.with_conn(|conn| {
        diesel::update(tournaments::table.find(id))
            .set(tournaments::rounds.eq(4))
            .execute(conn)
            .expect("four rounds")
    });
    let mut owner = ctx.client().await;
    owner.login("orga", PASSWORD).await;
    let prizes = [("overall", "1", "500"), ("overall", "2", "300")];
    let page = owner
        .post(
            &format!("/tournaments/{id}/prizes"),
            &form(&[], &prizes, "tiebreak"),
        )
        .await;
    page.assert_redirect(&format!("/tournaments/{id}/prizes/edit"));
    let leader = event.players[0].id.0;
    let withdrawn = owner
        .post(
            &format!("/tournaments/{id}/players/{leader}/withdraw"),
            &[("withdrawn", "true")],
        )
        .await;
    assert_eq!(
        withdrawn.status,
        StatusCode::SEE_OTHER,
        "{}",
        withdrawn.body
    );
    let list = owner.get(&format!("/tournaments/{id}/prizes")).await;
    let names: Vec<String> = prize_rows(&list).into_iter().map(|r| r.1).collect();
    assert_eq!(names, ["Őry, Ádám", "Jovanović, Milena"]);
    assert!(
        list.text("#prizes-left-out")
            .unwrap_or_default()
            .contains("withdrew"),
        "the page says why"
    );
    // Back in round 4: a prize again.
    let back = owner
        .post(
            &format!("/tournaments/{id}/players/{leader}/withdraw"),
            &[("withdrawn", "false")],
        )
        .await;
    assert_eq!(back.status, StatusCode::SEE_OTHER, "{}", back.body);
    let list = owner.get(&format!("/tournaments/{id}/prizes")).await;
    let names: Vec<String> = prize_rows(&list).into_iter().map(|r| r.1).collect();
    assert_eq!(names, ["Novák, Jan", "Őry, Ádám"]);
}

#[actix_web::test]
async fn players_equal_on_points_share_the_money_split_or_hort() {
    let ctx = TestContext::new();
    let event = event(&ctx);
    let id = event.tournament.id.0;
    let mut owner = ctx.client().await;
    owner.login("orga", PASSWORD).await;
    // Places 3 and 4 (players 4 and 2, 1½ each) share 200 + 100.
    let prizes = [
        ("overall", "", "500"),
        ("overall", "", "300"),
        ("overall", "", "200"),
        ("overall", "", "100"),
    ];
    let page = owner
        .post(
            &format!("/tournaments/{id}/prizes"),
            &form(&[], &prizes, "split"),
        )
        .await;
    page.assert_redirect(&format!("/tournaments/{id}/prizes/edit"));
    let list = owner.get(&format!("/tournaments/{id}/prizes")).await;
    let paid: Vec<String> = prize_rows(&list).into_iter().map(|r| r.3).collect();
    assert_eq!(
        paid,
        [
            "",
            "",
            "150 € (shared places 3–4)",
            "150 € (shared places 3–4)"
        ]
    );
    let page = owner
        .post(
            &format!("/tournaments/{id}/prizes"),
            &form(&[], &prizes, "hort"),
        )
        .await;
    page.assert_redirect(&format!("/tournaments/{id}/prizes/edit"));
    let list = owner.get(&format!("/tournaments/{id}/prizes")).await;
    let paid: Vec<String> = prize_rows(&list).into_iter().map(|r| r.3).collect();
    // Hort: 100 + 75 and 50 + 75.
    assert_eq!(paid[2], "175 € (shared places 3–4)");
    assert_eq!(paid[3], "125 € (shared places 3–4)");
}

#[actix_web::test]
async fn only_the_organiser_saves_and_bad_rows_are_named_not_a_500() {
    let ctx = TestContext::new();
    let event = event(&ctx);
    let id = event.tournament.id.0;
    let path = format!("/tournaments/{id}/prizes");
    let good = form(&CATEGORIES, &[("overall", "1", "500")], "tiebreak");
    // Anonymous: to the login page; arbiters and other organisers: 403.
    let mut anonymous = ctx.client().await;
    let page = anonymous.get(&format!("{path}/edit")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = anonymous.post(&path, &good).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    ctx.create_user("other", Role::Organiser);
    ctx.create_user("arb", Role::Arbiter);
    for name in ["other", "arb"] {
        let mut client = ctx.client().await;
        client.login(name, PASSWORD).await;
        assert_eq!(
            client.post(&path, &good).await.status,
            StatusCode::FORBIDDEN,
            "{name}"
        );
    }
    let mut owner = ctx.client().await;
    owner.login("orga", PASSWORD).await;
    // Without the CSRF token: refused.
    assert_eq!(
        owner.post_raw(&path, &good).await.status,
        StatusCode::FORBIDDEN
    );
    let long = "x".repeat(500);
    let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (
            form(&[("rating", "2000-1600", "")], &[], "tiebreak"),
            "Category 1: the band must read",
        ),
        (
            form(&[("under", "abc", "")], &[], "tiebreak"),
            "Category 1: the age must be",
        ),
        (
            form(&[("federation", "Czechia", "")], &[], "tiebreak"),
            "Category 1: the federation must be three letters",
        ),
        (
            form(&[("colour", "", "")], &[], "tiebreak"),
            "Category 1: choose the kind",
        ),
        (
            form(&[("women", "", long.as_str())], &[], "tiebreak"),
            "Category 1: at most 60 characters",
        ),
        (
            form(&[], &[("c7", "1", "100")], "tiebreak"),
            "Prize row 1: its category was removed",
        ),
        (
            form(&[], &[("overall", "0", "100")], "tiebreak"),
            "Prize row 1: the place must be a whole number",
        ),
        (
            form(&[], &[("overall", "99999999999", "100")], "tiebreak"),
            "Prize row 1: the place must be a whole number",
        ),
        (
            form(&[], &[("overall", "2", "100")], "tiebreak"),
            "Prize 1: its group's next prize must be for place 1",
        ),
        (
            form(&[], &[("overall", "1", "100")], "lottery"),
            "Choose what happens to players equal on points",
        ),
    ];
    for (fields, message) in cases {
        let page = owner.post(&path, &fields).await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{message}: {}",
            page.body
        );
        let errors = page.text(".errors").unwrap_or_default();
        assert!(errors.contains(message), "{message} in {errors}");
        // The form comes back as typed.
        let kinds = page.attrs("select[name=category_kind] option[selected]", "value");
        assert!(!kinds.is_empty());
    }
    // Nothing was stored: the prize list has no prizes.
    let list = anonymous.get(&path).await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(list.text("#no-prizes").is_some());
    // A good list is stored and audited.
    owner
        .post(&path, &good)
        .await
        .assert_redirect(&format!("{path}/edit"));
    let audited: i64 = ctx.with_conn(|conn| {
        arbiter::db::schema::audit_log::table
            .filter(arbiter::db::schema::audit_log::action.eq("prizes"))
            .count()
            .get_result(conn)
            .expect("count")
    });
    assert_eq!(audited, 1);
}

async fn get_bytes(
    ctx: &TestContext,
    cookies: &BTreeMap<String, String>,
    path: &str,
) -> (StatusCode, String, Vec<u8>) {
    let app = test::init_service(arbiter::web::app(ctx.state.clone())).await;
    let mut request = test::TestRequest::get()
        .uri(path)
        .peer_addr("192.0.2.10:40000".parse().expect("address"));
    for (name, value) in cookies {
        request = request.cookie(Cookie::new(name.clone(), value.clone()));
    }
    let response = test::call_service(&app, request.to_request()).await;
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let body = test::read_body(response).await.to_vec();
    (status, content_type, body)
}

/// Writes `pdf` (and page 1 as PNG, for looking at) and returns its text (`None` without
/// poppler-utils).
fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp/web_prizes");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(name);
    std::fs::write(&path, pdf).expect("write pdf");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(dir.join(name.trim_end_matches(".pdf")))
        .status();
    let output = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .ok()?;
    assert!(output.status.success(), "pdftotext failed on {name}");
    Some(String::from_utf8(output.stdout).expect("UTF-8"))
}

#[actix_web::test]
async fn the_store_rechecks_the_list_inside_its_write_and_reads_back_what_it_saved() {
    use arbiter::db::models::TournamentRow;
    use arbiter::db::prize_list::load_rules;
    use arbiter::db::store::{self, Refusal, StoreError};
    use arbiter::tournament::prizes::{
        Category, CategoryRule, Prize, PrizeGroup, PrizeRules, SharedPlaces,
    };
    let ctx = TestContext::new();
    let event = event(&ctx);
    let tournament = event.tournament.id;
    let by = event.organiser.id;
    let rules = PrizeRules {
        categories: vec![Category {
            name: "Girls".to_owned(),
            rule: CategoryRule::Women,
        }],
        prizes: vec![
            Prize {
                group: PrizeGroup::Category(0),
                place: 1,
                amount: Some(10_050),
                label: String::new(),
            },
            Prize {
                group: PrizeGroup::Overall,
                place: 1,
                amount: None,
                label: "Cup".to_owned(),
            },
        ],
        shared: SharedPlaces::Hort,
        currency: "Kč".to_owned(),
    };
    ctx.with_conn(|conn| {
        let before = TournamentRow::find(conn, tournament)
            .expect("read")
            .expect("row")
            .revision;
        store::save_prize_rules(conn, tournament, rules.clone(), by).expect("saved");
        assert_eq!(load_rules(conn, tournament).expect("read"), rules);
        let saved = TournamentRow::find(conn, tournament)
            .expect("read")
            .expect("row")
            .revision;
        assert_eq!(saved, before + 1, "one revision");
        // A list the pure check refuses (a prize for a category that does not exist): refused
        // inside the write, nothing changed, the revision not bumped.
        let mut broken = rules.clone();
        broken.prizes[0].group = PrizeGroup::Category(5);
        let refused = store::save_prize_rules(conn, tournament, broken, by);
        assert!(
            matches!(refused, Err(StoreError::Refused(Refusal::Prizes(_)))),
            "{refused:?}"
        );
        assert_eq!(load_rules(conn, tournament).expect("read"), rules);
        let after = TournamentRow::find(conn, tournament)
            .expect("read")
            .expect("row")
            .revision;
        assert_eq!(after, saved, "a refusal rolls the revision back");
    });
}
