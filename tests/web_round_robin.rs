//! End to end through the real app (issue 2 "Done when"): the administrator creates an
//! organiser; the organiser creates a 6-player round robin, imports the players from CSV,
//! pairs every round (Berger tables, C.05 Annex 1), enters every result (FIDE Laws Art. 10
//! scoring, forfeits included); the public standings and crosstable match values computed by
//! hand, in English and in Czech. Also: the CSV error report, the Art. 10.2 check of the point
//! system, and the conflict when two people save the same board.
//!
//! Runs on SQLite, or on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set (see `common`).

mod common;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use common::{PASSWORD, Page, TestContext, tournament_form};
use scraper::Selector;

/// The players, in file order (not starting order). Starting ranks by C.04.2 Art. 2.2:
/// Novák 2300 → 1; at 2150 the WFM first → Šťastná 2, then by name Horváth 3, Јовановић 4
/// (Cyrillic sorts after Latin); Kováč 5; the unrated Adams 6.
const PLAYERS_CSV: &str = "name,fide_id,title,rating,federation,birth_year,sex,club\n\
\"Horváth, Ádám\",720002,,2150,HUN,1985,m,Budapest SE\n\
\"Adams, Ben\",,,,ENG,2010,m,\n\
\"Šťastná, Eva\",310003,WFM,2150,CZE,2001,w,\n\
\"Novák, Jan\",310001,FM,2300,CZE,1990,m,ŠK Praha\n\
\"Јовановић, Милан\",,,2150,SRB,1999,m,\n\
\"Kováč, Peter\",,,1900,SVK,2005,m,ŠK Bratislava\n";

/// Names by starting rank (index 0 = rank 1).
const BY_RANK: [&str; 6] = [
    "Novák, Jan",
    "Šťastná, Eva",
    "Horváth, Ádám",
    "Јовановић, Милан",
    "Kováč, Peter",
    "Adams, Ben",
];

/// Every round of the Berger table for 6 (C.05 Annex 1) with the result entered:
/// (white rank, black rank, result code).
const ROUNDS: [[(u32, u32, &str); 3]; 5] = [
    [(1, 6, "1-0"), (2, 5, "1/2-1/2"), (3, 4, "0-1")],
    [(6, 4, "0-1"), (5, 3, "1-0"), (1, 2, "1/2-1/2")],
    [(2, 6, "+/-"), (3, 1, "0-1"), (4, 5, "1/2-1/2")],
    [(6, 5, "-/-"), (1, 4, "1/2-1/2"), (2, 3, "1-0")],
    [(3, 6, "1-0"), (4, 2, "0-1"), (5, 1, "0-1")],
];

/// Hand-computed standings: (place, starting rank, points). Ranks 1 and 2 both have 4 points;
/// the round-robin default tie-breaks DE, SB, WIN, KS (C.07) decide: they drew each other (DE
/// equal), then SB: 1 has ½·4 + 1 + ½·3 + 2 + 0 = 6.5, 2 has ½·4 + 1 + 3 + ½·2 + 0 (the forfeit
/// win over 6, Art. 15.2) = 7, so 2 is first.
const STANDINGS: [(u32, u32, &str); 6] = [
    (1, 2, "4"),
    (2, 1, "4"),
    (3, 4, "3"),
    (4, 5, "2"),
    (5, 3, "1"),
    (6, 6, "0"),
];

/// Hand-computed crosstable, row = starting rank, cells against 1..6 ("" on the diagonal).
const CROSSTABLE: [[&str; 6]; 6] = [
    ["", "½", "1", "½", "1", "1"],
    ["½", "", "1", "1", "½", "+"],
    ["0", "0", "", "0", "0", "1"],
    ["½", "0", "1", "", "½", "1"],
    ["0", "½", "1", "½", "", "−"],
    ["0", "−", "0", "0", "−", ""],
];

/// One board of a round page: (game id, white, black, version).
fn boards(page: &Page) -> Vec<(String, String, String, String)> {
    let html = page.html();
    let rows = Selector::parse("#pairings tbody tr").expect("selector");
    // The names, without the rating and points beside them.
    let white = Selector::parse("td.white .player").expect("selector");
    let black = Selector::parse("td.black .player, td.black em").expect("selector");
    let version = Selector::parse("input[name=version]").expect("selector");
    let text = |element: scraper::ElementRef<'_>| {
        element
            .text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    html.select(&rows)
        .map(|row| {
            (
                row.value().attr("data-game").unwrap_or_default().to_owned(),
                row.select(&white).next().map(text).unwrap_or_default(),
                row.select(&black).next().map(text).unwrap_or_default(),
                row.select(&version)
                    .next()
                    .and_then(|input| input.value().attr("value"))
                    .unwrap_or_default()
                    .to_owned(),
            )
        })
        .collect()
}

/// "Name (rank)".
fn label(rank: u32) -> String {
    format!("{} ({rank})", BY_RANK[rank as usize - 1])
}

/// The tournament id from a `/tournaments/{id}` redirect.
fn tournament_id(page: &Page) -> String {
    assert_eq!(page.status, StatusCode::SEE_OTHER, "body: {}", page.body);
    page.location
        .as_deref()
        .and_then(|location| location.strip_prefix("/tournaments/"))
        .expect("redirect to the tournament")
        .to_owned()
}

#[actix_web::test]
async fn web_round_robin_six_players_from_csv_to_crosstable() {
    let context = TestContext::new();
    context.create_user("admin", Role::Admin);
    let mut admin = context.client().await;
    admin.login("admin", PASSWORD).await;
    let created = admin
        .post(
            "/admin/users",
            &[
                ("username", "olga"),
                ("display_name", "Olga Organiser"),
                ("role", "organiser"),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "body: {}", created.body);

    let mut organiser = context.client().await;
    organiser.login("olga", PASSWORD).await;
    let page = organiser
        .post("/tournaments", &tournament_form(&[("published", "on")]))
        .await;
    let id = tournament_id(&page);
    let base = format!("/tournaments/{id}");

    // Players by CSV: preview first (nothing stored), then import.
    let preview = organiser
        .post(
            &format!("{base}/players/import"),
            &[("csv", PLAYERS_CSV), ("action", "preview")],
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "body: {}", preview.body);
    assert_eq!(preview.texts("#import-preview tbody tr").len(), 6);
    let players = organiser.get(&format!("{base}/players")).await;
    assert!(
        players.texts("#players tbody tr").is_empty(),
        "a preview imports nothing"
    );
    let imported = organiser
        .post(
            &format!("{base}/players/import"),
            &[("csv", PLAYERS_CSV), ("action", "import")],
        )
        .await;
    imported.assert_redirect(&format!("{base}/players"));
    let players = organiser.get(&format!("{base}/players")).await;
    assert_eq!(
        players.texts("#players td.name"),
        BY_RANK,
        "C.04.2 Art. 2.2 order"
    );

    // Pair, check against the Berger table, enter every result, publish.
    for (index, games) in ROUNDS.iter().enumerate() {
        let number = index + 1;
        let paired = organiser.post(&format!("{base}/rounds/pair"), &[]).await;
        paired.assert_redirect(&format!("{base}/rounds/{number}"));
        let round = organiser.get(&format!("{base}/rounds/{number}")).await;
        assert_eq!(round.status, StatusCode::OK);
        let found = boards(&round);
        assert_eq!(found.len(), 3, "round {number}");
        for ((game, white, black, version), (white_rank, black_rank, result)) in
            found.iter().zip(games)
        {
            assert_eq!(white, &label(*white_rank), "round {number}");
            assert_eq!(black, &label(*black_rank), "round {number}");
            let saved = organiser
                .post(
                    &format!("{base}/games/{game}"),
                    &[("result", result), ("version", version), ("back", "round")],
                )
                .await;
            assert_eq!(saved.status, StatusCode::SEE_OTHER, "body: {}", saved.body);
        }
        organiser
            .post(
                &format!("{base}/rounds/{number}/publish"),
                &[("published", "true")],
            )
            .await
            .assert_redirect(&format!("{base}/rounds/{number}"));
    }
    let refused = organiser.post(&format!("{base}/rounds/pair"), &[]).await;
    assert_eq!(
        refused.status,
        StatusCode::CONFLICT,
        "only 5 rounds for 6 players"
    );

    // The public sees the results, the standings and the crosstable, in English...
    let mut visitor = context.client().await;
    visitor.accept_language = Some("en-GB,en;q=0.9".into());
    let round = visitor.get(&format!("{base}/rounds/4")).await;
    assert_eq!(round.texts("#pairings td.result"), ["-/-", "½-½", "1-0"]);
    assert!(
        round.texts("input[name=result]").is_empty(),
        "no result form for visitors"
    );

    let standings = visitor.get(&format!("{base}/standings")).await;
    assert_eq!(standings.status, StatusCode::OK);
    let expected_ranks: Vec<String> = STANDINGS
        .iter()
        .map(|(place, _, _)| place.to_string())
        .collect();
    let expected_starts: Vec<String> = STANDINGS
        .iter()
        .map(|(_, start, _)| start.to_string())
        .collect();
    let expected_points: Vec<String> = STANDINGS
        .iter()
        .map(|(_, _, points)| points.to_string())
        .collect();
    assert_eq!(standings.texts("#standings td.rank"), expected_ranks);
    assert_eq!(standings.texts("#standings td.start"), expected_starts);
    assert_eq!(standings.texts("#standings td.points"), expected_points);
    assert_eq!(standings.text("h2").as_deref(), Some("After round 5"));
    assert!(
        standings
            .text("#standings-order")
            .is_some_and(|note| note.contains("points, then DE, SB, WIN, KS")),
        "the page says how it orders"
    );

    let crosstable = visitor.get(&format!("{base}/crosstable")).await;
    let rows = Selector::parse("#crosstable tbody tr").expect("selector");
    let cells = Selector::parse("td.cell").expect("selector");
    let points = Selector::parse("td.points").expect("selector");
    let html = crosstable.html();
    let table: Vec<(Vec<String>, String)> = html
        .select(&rows)
        .map(|row| {
            (
                row.select(&cells)
                    .map(|cell| cell.text().collect::<String>().trim().to_owned())
                    .collect(),
                row.select(&points)
                    .next()
                    .map(|cell| cell.text().collect::<String>().trim().to_owned())
                    .unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(table.len(), 6);
    let row_points = ["4", "4", "1", "3", "2", "0"];
    for (rank, (cells, points)) in table.iter().enumerate() {
        assert_eq!(cells, &CROSSTABLE[rank], "crosstable row {}", rank + 1);
        assert_eq!(points, row_points[rank], "crosstable row {}", rank + 1);
    }

    // ... and in Czech.
    visitor.accept_language = Some("cs-CZ,cs;q=0.9,en;q=0.5".into());
    let standings = visitor.get(&format!("{base}/standings")).await;
    assert_eq!(standings.text("h2").as_deref(), Some("Po 5. kole"));
    assert_eq!(
        standings.texts("#standings > thead > tr > th"),
        [
            "Místo", "Č.", "Jméno", "Titul", "Rating", "Federace", "Body", "DE", "SB", "WIN", "KS",
            "Partie"
        ]
    );
    assert_eq!(standings.texts("#standings td.points"), expected_points);
    assert_eq!(standings.texts("#standings td.name")[0], "Šťastná, Eva");
    let crosstable = visitor.get(&format!("{base}/crosstable")).await;
    assert_eq!(
        crosstable.text("a[aria-current=page]").as_deref(),
        Some("Tabulka turnaje")
    );
    assert_eq!(crosstable.texts("#crosstable td.points"), row_points);

    // The CSV export lists the players in starting order and can be imported again.
    let export = visitor.get(&format!("{base}/players.csv")).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(
        export
            .content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("text/csv"))
    );
    assert!(
        export.body.starts_with('\u{feff}'),
        "a BOM for spreadsheets"
    );
    let records = arbiter::formats::csv::read_players(
        &export.body,
        &arbiter::formats::csv::ColumnMapping::default(),
    )
    .expect("export reads back");
    let names: Vec<&str> = records.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, BY_RANK);
    // With `;` for spreadsheets set to Czech: the same players read back.
    let semicolon = visitor
        .get(&format!("{base}/players.csv?sep=semicolon"))
        .await;
    let header = semicolon.body.lines().next().unwrap_or_default();
    assert!(header.contains(';') && !header.contains(','), "{header}");
    let again = arbiter::formats::csv::read_players(
        &semicolon.body,
        &arbiter::formats::csv::ColumnMapping::default(),
    )
    .expect("reads back");
    assert_eq!(again, records);
}

#[actix_web::test]
async fn web_csv_import_reports_every_bad_row_and_imports_nothing() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut organiser = context.client().await;
    organiser.login("olga", PASSWORD).await;
    let id = tournament_id(&organiser.post("/tournaments", &tournament_form(&[])).await);
    let base = format!("/tournaments/{id}");
    let bad = "name,rating,title,federation\n\
               \"Novák, Jan\",2300,FM,CZE\n\
               ,1900,,SVK\n\
               \"Kováč, Peter\",abc,XM,SK\n";
    let page = organiser
        .post(
            &format!("{base}/players/import"),
            &[("csv", bad), ("action", "import")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.texts("#import-problems td.line"), ["3", "4", "4", "4"]);
    assert_eq!(
        page.texts("#import-problems td.field-name"),
        ["Name", "Rating", "Title", "Federation"]
    );
    assert_eq!(page.texts("#import-problems td.value")[1], "abc");
    assert_eq!(
        page.texts("#import-problems td.message")[1],
        "must be a whole number"
    );
    assert!(
        page.texts("#import-confirm").is_empty(),
        "no import button for a bad file"
    );
    let players = organiser.get(&format!("{base}/players")).await;
    assert!(
        players.texts("#players tbody tr").is_empty(),
        "nothing imported"
    );

    // Czech report.
    organiser.accept_language = Some("cs".into());
    let page = organiser
        .post(
            &format!("{base}/players/import"),
            &[("csv", bad), ("action", "preview")],
        )
        .await;
    assert_eq!(page.texts("#import-problems td.field-name")[0], "Jméno");
    assert_eq!(
        page.texts("#import-problems td.message")[0],
        "nesmí být prázdné"
    );
}

#[actix_web::test]
async fn web_art_10_2_point_system_is_checked() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut organiser = context.client().await;
    organiser.login("olga", PASSWORD).await;
    // 3-2-0: a draw worth more than half of win + loss.
    let page = organiser
        .post(
            "/tournaments",
            &tournament_form(&[
                ("points_win", "3"),
                ("points_draw", "2"),
                ("points_forfeit_win", "3"),
                ("points_pairing_bye", "3"),
                ("points_half_bye", "2"),
                ("points_full_bye", "3"),
            ]),
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.text(".errors")
            .is_some_and(|text| text.contains("Art. 10.2")),
        "body: {}",
        page.body
    );
    // Not a score at all, or absurdly long: a 422 with the field named, never a panic.
    for bad in ["x", "99999999999999"] {
        let page = organiser
            .post("/tournaments", &tournament_form(&[("points_win", bad)]))
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            page.text(".errors")
                .is_some_and(|text| text.contains("Win"))
        );
    }
    // 3-1-0 is allowed.
    let page = organiser
        .post(
            "/tournaments",
            &tournament_form(&[
                ("points_win", "3"),
                ("points_draw", "1"),
                ("points_forfeit_win", "3"),
                ("points_pairing_bye", "3"),
                ("points_half_bye", "1"),
                ("points_full_bye", "3"),
            ]),
        )
        .await;
    let id = tournament_id(&page);
    let info = organiser.get(&format!("/tournaments/{id}")).await;
    assert!(
        info.texts("#tournament-info td")
            .contains(&"3 – 1 – 0".to_owned())
    );
}

#[actix_web::test]
async fn web_concurrent_result_edit_gets_a_conflict_and_overwrites_nothing() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    context.create_user("arno", Role::Arbiter);
    let mut organiser = context.client().await;
    organiser.login("olga", PASSWORD).await;
    let id = tournament_id(&organiser.post("/tournaments", &tournament_form(&[])).await);
    let base = format!("/tournaments/{id}");
    let players = "name,rating\n\"A, A\",2000\n\"B, B\",1900\n\"C, C\",1800\n";
    organiser
        .post(
            &format!("{base}/players/import"),
            &[("csv", players), ("action", "import")],
        )
        .await
        .assert_redirect(&format!("{base}/players"));
    organiser
        .post(&format!("{base}/arbiters"), &[("username", "arno")])
        .await
        .assert_redirect(&base);
    organiser.post(&format!("{base}/rounds/pair"), &[]).await;

    // Three players: round 1 is 2-3 and 1 has the bye (C.05 Annex 1, dummy number 4).
    let round = organiser.get(&format!("{base}/rounds/1")).await;
    let found = boards(&round);
    assert_eq!(found.len(), 2);
    assert_eq!(
        (found[0].1.as_str(), found[0].2.as_str()),
        ("B, B (2)", "C, C (3)")
    );
    assert_eq!(found[1].1, "A, A (1)");
    assert_eq!(
        round.attrs("#pairings td.result input.result-key", "value")[1],
        "Z"
    );
    let (game, _, _, version) = found[0].clone();

    // The arbiter (not yet published: arbiters of the tournament see it) and the organiser
    // both open the board with the same version.
    let mut arbiter = context.client().await;
    arbiter.login("arno", PASSWORD).await;
    let board = arbiter.get(&format!("{base}/games/{game}")).await;
    assert_eq!(board.status, StatusCode::OK);
    assert_eq!(
        board.attrs("#result-form input[name=version]", "value"),
        std::slice::from_ref(&version)
    );

    let first = arbiter
        .post(
            &format!("{base}/games/{game}"),
            &[("result", "1-0"), ("version", &version)],
        )
        .await;
    first.assert_redirect(&format!("{base}/games/{game}"));
    let second = organiser
        .post(
            &format!("{base}/games/{game}"),
            &[("result", "0-1"), ("version", &version)],
        )
        .await;
    assert_eq!(second.status, StatusCode::CONFLICT);
    assert!(
        second
            .text("#conflict")
            .is_some_and(|text| text.contains("1-0") && text.contains("0-1"))
    );
    assert_eq!(second.text("#current-result").as_deref(), Some("1-0"));

    let board = organiser.get(&format!("{base}/games/{game}")).await;
    assert_eq!(
        board.text("#current-result").as_deref(),
        Some("1-0"),
        "nothing overwritten"
    );
    assert_eq!(board.texts("#audit tbody tr").len(), 1);
    assert_eq!(board.texts("#audit td.who"), ["arno"]);
    assert_eq!(board.texts("#audit td.old"), ["—"]);
    assert_eq!(board.texts("#audit td.new"), ["1-0"]);

    // With the fresh version the organiser's correction goes through and is logged.
    let fresh = board.attrs("#result-form input[name=version]", "value");
    organiser
        .post(
            &format!("{base}/games/{game}"),
            &[("result", "1/2-1/2"), ("version", &fresh[0])],
        )
        .await
        .assert_redirect(&format!("{base}/games/{game}"));
    let board = organiser.get(&format!("{base}/games/{game}")).await;
    assert_eq!(board.texts("#audit td.new"), ["1-0", "½-½"]);

    // An anonymous visitor cannot see the unpublished tournament nor write to it.
    let mut visitor = context.client().await;
    assert_eq!(visitor.get(&base).await.status, StatusCode::NOT_FOUND);
    let anonymous = visitor
        .post(
            &format!("{base}/games/{game}"),
            &[("result", "0-1"), ("version", "9")],
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::SEE_OTHER);
}

#[actix_web::test]
async fn web_c04_2_late_entries_and_withdrawals_are_kept_and_rounds_stay_private_until_published() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut organiser = context.client().await;
    organiser.login("olga", PASSWORD).await;
    let id = tournament_id(
        &organiser
            .post("/tournaments", &tournament_form(&[("published", "on")]))
            .await,
    );
    let base = format!("/tournaments/{id}");
    for (name, rating) in [
        ("Dvořák, Jan", "2000"),
        ("Erdős, Pál", "2100"),
        ("Fox, Ann", ""),
    ] {
        let page = organiser
            .post(
                &format!("{base}/players"),
                &[("name", name), ("rating", rating)],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK, "body: {}", page.body);
    }
    // A bad registration is shown again with its problems and stores nothing.
    let page = organiser
        .post(
            &format!("{base}/players"),
            &[("name", ""), ("rating", "9999")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.texts(".errors li").len(), 2);
    assert_eq!(page.texts("#players td.name").len(), 3);

    organiser.post(&format!("{base}/rounds/pair"), &[]).await;
    let late = organiser
        .post(
            &format!("{base}/players"),
            &[("name", "Gray, Tom"), ("rating", "2500")],
        )
        .await;
    assert_eq!(late.status, StatusCode::OK);
    let players = organiser.get(&format!("{base}/players")).await;
    assert_eq!(
        players.texts("#players td.name"),
        ["Erdős, Pál", "Dvořák, Jan", "Fox, Ann", "Gray, Tom"]
    );
    assert_eq!(players.texts("#players td.rank"), ["1", "2", "3", ""]);
    assert!(players.texts("#players td.status")[3].contains("late entry"));

    // Withdraw Fox: still listed, marked, and still in the round-robin schedule.
    let fox = players.attrs("#players tr[data-player]", "data-player")[2].clone();
    organiser
        .post(
            &format!("{base}/players/{fox}/withdraw"),
            &[("withdrawn", "true")],
        )
        .await
        .assert_redirect(&format!("{base}/players"));
    let players = organiser.get(&format!("{base}/players")).await;
    assert_eq!(players.texts("#players td.name").len(), 4);
    assert!(players.texts("#players td.status")[2].contains("withdrawn"));
    assert_eq!(players.attrs("#players tr.withdrawn", "data-player"), [fox]);

    // The round is not public until published.
    let mut visitor = context.client().await;
    assert_eq!(
        visitor.get(&format!("{base}/rounds/1")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(visitor.get(&base).await.status, StatusCode::OK);
    organiser
        .post(
            &format!("{base}/rounds/1/publish"),
            &[("published", "true")],
        )
        .await
        .assert_redirect(&format!("{base}/rounds/1"));
    let round = visitor.get(&format!("{base}/rounds/1")).await;
    assert_eq!(round.status, StatusCode::OK);
    assert_eq!(round.texts("#pairings td.white").len(), 2);
}
