//! Player lists from real files and FIDE's rating list, through the real app: a spreadsheet
//! (`.xlsx`, `.ods`) uploaded on the import page is previewed and imported as a CSV list is,
//! its problems named by sheet, row and cell, a zip bomb refused; the FIDE ID look-up fills
//! the player form from the imported list; the refresh of ratings shows old → new and applies
//! exactly that, and after round 1 only as an audited override. On PostgreSQL too when
//! `ARBITER_TEST_DATABASE_URL` is set.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::StatusCode;
use arbiter::db::models::{AuditEntry, PlayerRow, PlayerRowId};
use arbiter::db::rating_list::import_list;
use arbiter::db::schema::players;
use arbiter::formats::fide_list::layout::{COMBINED_HEADER, combined_line};
use arbiter::formats::fide_list::{ListReader, RatingKind};
use arbiter::formats::spreadsheet::testing::{Cell, ods, xlsx, zip_bomb};
use common::{TestContext, multipart, multipart_bytes, upload};
use diesel::prelude::*;

fn player_list() -> Vec<Vec<Cell>> {
    use Cell::*;
    vec![
        vec![
            Text("name"),
            Text("fide_id"),
            Text("rating"),
            Text("birth_year"),
            Text("club"),
        ],
        vec![
            Text("Novák, Jan"),
            Number(310_001.0),
            Number(2450.0),
            Date(1990, 5, 17),
            Text("ŠK Praha"),
        ],
        vec![
            Text("Őry, Anna"),
            Empty,
            Formula("2000+101", 2101.0),
            Number(2004.0),
            Text("=HYPERLINK(\"x\")"),
        ],
    ]
}

/// Name, FIDE ID, rating, birth year and club of a stored player.
type StoredPlayer<'a> = (&'a str, Option<i64>, i32, Option<i32>, &'a str);

#[actix_web::test]
async fn spreadsheet_upload_previews_imports_and_names_sheet_row_and_cell() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &[], 5, 0);
    let id = event.tournament.id.0;
    let mut client = ctx.logged_in("orga").await;
    let import = format!("/tournaments/{id}/players/import");

    // An .xlsx with a float rating, a date cell as birth year and a formula: the preview.
    let token = client.csrf_token().await;
    let workbook = xlsx(&[
        ("Notes", vec![vec![Cell::Text("x")]]),
        ("Players", player_list()),
    ]);
    let preview = client
        .send(upload(
            &import,
            multipart_bytes(
                &[
                    ("csrf_token", &token),
                    ("action", "preview"),
                    ("sheet", "Players"),
                ],
                ("file", "players.xlsx", &workbook),
            ),
        ))
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert_eq!(
        preview.texts("#import-preview td.name"),
        ["Novák, Jan", "Őry, Anna"]
    );
    let sheet = preview.texts("#import-sheet").join(" ");
    assert!(
        sheet.contains("Players") && sheet.contains("Notes"),
        "{sheet}"
    );
    let carried = preview.attrs("#import-confirm input[name=csv]", "value");
    assert_eq!(carried.len(), 1);

    // The confirmation imports what the preview showed.
    let token = client.csrf_token().await;
    let imported = client
        .post_raw(
            &import,
            &[
                ("csrf_token", &token),
                ("action", "import"),
                ("csv", &carried[0]),
            ],
        )
        .await;
    imported.assert_redirect(&format!("/tournaments/{id}/players"));
    let stored = ctx
        .with_conn(|conn| PlayerRow::for_tournament(conn, event.tournament.id).expect("players"));
    let read: Vec<StoredPlayer> = stored
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.fide_id,
                p.rating,
                p.birth_year,
                p.club.as_str(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("Novák, Jan", Some(310_001), 2450, Some(1990), "ŠK Praha"),
            ("Őry, Anna", None, 2101, Some(2004), "=HYPERLINK(\"x\")"),
        ]
    );

    // An .ods with problems: each names its row and cell; the sheet is named above.
    use Cell::*;
    let rows = vec![
        vec![Text("name"), Text("rating"), Text("sex")],
        vec![Text("Dvořák, Jan"), Number(2412.5), Text("m")],
        vec![
            Text("Šťastný, Petr"),
            FormulaError("VLOOKUP(A3,X:Y,2)", "#N/A"),
            Text("q"),
        ],
    ];
    let token = client.csrf_token().await;
    let refused = client
        .send(upload(
            &import,
            multipart_bytes(
                &[("csrf_token", &token), ("action", "preview")],
                ("file", "hraci.ods", &ods(&[("Hráči", rows)])),
            ),
        ))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(refused.texts("#import-sheet")[0].contains("Hráči"));
    assert_eq!(refused.texts("#import-problems td.line"), ["2", "3", "3"]);
    assert_eq!(
        refused.texts("#import-problems td.cell"),
        ["B2", "B3", "C3"]
    );
    assert_eq!(
        refused.texts("#import-problems td.value"),
        ["2412.5", "#N/A", "q"]
    );

    // A sheet that is not there, and a zip bomb: refused with what is wrong.
    for (fields, file, expected) in [
        (
            vec![("sheet", "Results")],
            ods(&[("Hráči", player_list())]),
            "no sheet",
        ),
        (
            Vec::new(),
            zip_bomb("xl/sharedStrings.xml", 64 << 20),
            "too large",
        ),
    ] {
        let token = client.csrf_token().await;
        let mut all = vec![("csrf_token", token.as_str()), ("action", "preview")];
        all.extend(fields);
        let page = client
            .send(upload(
                &import,
                multipart_bytes(&all, ("file", "x.xlsx", &file)),
            ))
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
        let message = page.texts("#import-problems td.message").join(" ");
        assert!(message.contains(expected), "{message}");
    }

    // Without the CSRF token: refused before the file is looked at.
    let forged = client
        .send(upload(
            &import,
            multipart_bytes(&[("action", "preview")], ("file", "p.xlsx", &workbook)),
        ))
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    // Other forms still take text files only.
    let token = client.csrf_token().await;
    let trf = client
        .send(upload(
            "/tournaments/import",
            multipart_bytes(&[("csrf_token", &token)], ("file", "t.xlsx", &workbook)),
        ))
        .await;
    assert_eq!(trf.status, StatusCode::UNPROCESSABLE_ENTITY);
    let _ = multipart(&[], None);
}

/// Loads a small rating list made here.
fn load_list(ctx: &TestContext, lines: &[String]) {
    let text = format!("{COMBINED_HEADER}\n{}\n", lines.join("\n"));
    ctx.with_conn(|conn| {
        let reader = ListReader::new(text.as_bytes(), RatingKind::Standard).expect("header");
        import_list(conn, reader, "players_list_foa.txt", |_| {}).expect("imported");
    });
}

#[actix_web::test]
async fn fide_id_lookup_fills_the_form_and_the_refresh_applies_what_it_showed() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Alpha, Adam", "Beta, Bára", "Gama, Gustav"], 5, 0);
    let id = event.tournament.id.0;
    ctx.with_conn(|conn| {
        for (player, fide_id, title) in [
            (&event.players[0], Some(310_010_i64), "FM"),
            (&event.players[1], Some(310_011), ""),
            (&event.players[2], None, ""),
        ] {
            diesel::update(players::table.find(player.id))
                .set((players::fide_id.eq(fide_id), players::title.eq(title)))
                .execute(conn)
                .expect("fide id");
        }
    });
    let mut client = ctx.logged_in("orga").await;

    // No list loaded yet: the look-up says so.
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup?fide_id=310010"))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts(".errors li")
            .join(" ")
            .contains("arbiter ratings import")
    );

    load_list(
        &ctx,
        &[
            combined_line(
                310_010,
                "Alpha, Adam",
                "CZE",
                "M",
                "IM",
                [Some(2411), Some(2380), None],
                Some(1988),
                "",
            ),
            combined_line(
                310_011,
                "Beta, Bára",
                "CZE",
                "F",
                "WFM",
                [Some(2100), None, None],
                Some(2001),
                "w",
            ),
            combined_line(
                310_099,
                "Nový, Ondřej",
                "SVK",
                "M",
                "",
                [Some(1987), None, None],
                Some(2010),
                "",
            ),
        ],
    );

    // The look-up on the registration form fills every field it knows.
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup?fide_id=310099"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let value = |name: &str| page.attrs(&format!("#register-player input[name={name}]"), "value");
    assert_eq!(value("name"), ["Nový, Ondřej"]);
    assert_eq!(value("fide_id"), ["310099"]);
    assert_eq!(value("rating"), ["1987"]);
    assert_eq!(value("federation"), ["SVK"]);
    assert_eq!(value("birth_year"), ["2010"]);
    assert_eq!(
        page.attrs(
            "#register-player select[name=sex] option[selected]",
            "value"
        ),
        ["m"]
    );
    assert!(
        page.texts(".notice")
            .join(" ")
            .contains("players_list_foa.txt")
    );
    // On the edit page: the registration's club is kept, the rest comes from the list.
    let player = event.players[1].id.0;
    let page = client
        .get(&format!(
            "/tournaments/{id}/players/lookup?fide_id=310011&player={player}"
        ))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.attrs("#edit-player input[name=title]", "value"),
        ["WFM"]
    );
    assert_eq!(
        page.attrs("#edit-player input[name=rating]", "value"),
        ["2100"]
    );
    // An ID the list does not have.
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup?fide_id=999"))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts(".errors li")
            .join(" ")
            .contains("has this FIDE ID or a name that starts with “999”")
    );

    // The refresh shows old → new.
    let page = client
        .get(&format!("/tournaments/{id}/players/refresh-ratings"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.texts("#refresh-changes td.name"),
        ["Alpha, Adam", "Beta, Bára"]
    );
    assert_eq!(
        page.texts("#refresh-changes td.rating"),
        ["2400 → 2411", "2390 → 2100"]
    );
    assert_eq!(
        page.texts("#refresh-changes td.title"),
        ["FM → IM", "— → WFM"]
    );
    assert!(page.texts("#refresh-without-id")[0].contains("Gama, Gustav"));
    let digest = page.attrs("#refresh-apply input[name=digest]", "value")[0].clone();

    // A digest of other changes writes nothing.
    let token = client.csrf_token().await;
    let stale = client
        .post_raw(
            &format!("/tournaments/{id}/players/refresh-ratings"),
            &[("csrf_token", &token), ("digest", "0000")],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    let rating = |ctx: &TestContext, player: PlayerRowId| {
        ctx.with_conn(|conn| PlayerRow::find(conn, player).expect("read").expect("row"))
    };
    assert_eq!(rating(&ctx, event.players[0].id).rating, 2400);

    // The digest shown applies the changes shown, audited.
    let token = client.csrf_token().await;
    let done = client
        .post_raw(
            &format!("/tournaments/{id}/players/refresh-ratings"),
            &[("csrf_token", &token), ("digest", &digest)],
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let alpha = rating(&ctx, event.players[0].id);
    assert_eq!((alpha.rating, alpha.title.as_str()), (2411, "IM"));
    let beta = rating(&ctx, event.players[1].id);
    assert_eq!((beta.rating, beta.title.as_str()), (2100, "WFM"));
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, event.tournament.id).expect("audit"));
    let refreshed: Vec<(&str, Option<&str>, Option<&str>)> = audit
        .iter()
        .filter(|e| e.entry.action.starts_with("refresh_rating"))
        .map(|e| {
            (
                e.entry.action.as_str(),
                e.entry.old_value.as_deref(),
                e.entry.new_value.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        refreshed,
        [
            ("refresh_rating", Some("2400 FM"), Some("2411 IM")),
            ("refresh_rating", Some("2390"), Some("2100 WFM")),
        ]
    );

    // After round 1 is paired, only an explicit override refreshes (audited as one).
    ctx.with_conn(|conn| {
        diesel::update(players::table.find(event.players[2].id))
            .set(players::fide_id.eq(Some(310_099_i64)))
            .execute(conn)
            .expect("fide id");
        setup::pair_round(conn, &event, 1, &[(0, 1)]);
    });
    let page = client
        .get(&format!("/tournaments/{id}/players/refresh-ratings"))
        .await;
    assert_eq!(page.texts("#refresh-changes td.rating"), ["2380 → 1987"]);
    assert_eq!(
        page.attrs("#refresh-apply input[name=override]", "value"),
        ["1"]
    );
    let digest = page.attrs("#refresh-apply input[name=digest]", "value")[0].clone();
    let token = client.csrf_token().await;
    let refused = client
        .post_raw(
            &format!("/tournaments/{id}/players/refresh-ratings"),
            &[("csrf_token", &token), ("digest", &digest)],
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(rating(&ctx, event.players[2].id).rating, 2380);
    let token = client.csrf_token().await;
    let overridden = client
        .post_raw(
            &format!("/tournaments/{id}/players/refresh-ratings"),
            &[
                ("csrf_token", &token),
                ("digest", &digest),
                ("override", "1"),
            ],
        )
        .await;
    assert_eq!(overridden.status, StatusCode::OK, "{}", overridden.body);
    assert_eq!(rating(&ctx, event.players[2].id).rating, 1987);
    let audit =
        ctx.with_conn(|conn| AuditEntry::for_tournament(conn, event.tournament.id).expect("audit"));
    let last = &audit.last().expect("audit row").entry;
    assert_eq!(
        (last.action.as_str(), last.round),
        ("refresh_rating_override", Some(1))
    );
}

#[actix_web::test]
async fn csv_import_names_the_broken_quote_line_and_the_4_mb_limit() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &[], 5, 0);
    let id = event.tournament.id.0;
    let mut client = ctx.logged_in("orga").await;
    let import = format!("/tournaments/{id}/players/import");
    // Line 3 (the header is line 1) opens a quote it never closes.
    let list = "name,rating,club\r\n\
                \"Novák, Jan\",2300,ŠK Praha\r\n\
                \"Dvořák, Petr,2200,TJ Zlín\r\n\
                \"Svoboda, Jiří\",2100,\r\n";
    let token = client.csrf_token().await;
    let page = client
        .send(upload(
            &import,
            multipart(
                &[("csrf_token", &token), ("action", "preview")],
                Some(("file", "players.csv", list)),
            ),
        ))
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.body
    );
    assert_eq!(page.texts("#import-problems td.line"), ["3"]);
    let message = page.texts("#import-problems td.message").join(" ");
    assert!(
        message.contains("quote") && message.contains("not closed"),
        "{message}"
    );
    // A 5 MB file: the message names the 4 MB limit, not "the form could not be read".
    let big = format!(
        "name,rating\n{}",
        "\"Novák, Jan\",2300\n".repeat(5 * 1024 * 1024 / 18)
    );
    let token = client.csrf_token().await;
    let page = client
        .send(upload(
            &import,
            multipart(
                &[("csrf_token", &token), ("action", "preview")],
                Some(("file", "players.csv", &big)),
            ),
        ))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.body.contains("4 MB limit"), "{}", page.body);
    assert!(!page.body.contains("could not be read"));
    // Nothing was imported.
    let players = client.get(&format!("/tournaments/{id}/players")).await;
    assert!(!players.body.contains("Novák, Jan"));
}

#[actix_web::test]
async fn the_lookup_finds_by_name_and_fills_the_rating_of_the_events_rating_type() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &[], 5, 0);
    let id = event.tournament.id.0;
    ctx.with_conn(|conn| {
        use arbiter::db::schema::tournaments;
        diesel::update(tournaments::table.find(event.tournament.id))
            .set(tournaments::rating_type.eq("rapid"))
            .execute(conn)
            .expect("rating type");
    });
    load_list(
        &ctx,
        &[
            combined_line(
                320_001,
                "Novák, Jan",
                "CZE",
                "M",
                "FM",
                [Some(2200), Some(2150), Some(2100)],
                Some(1990),
                "",
            ),
            combined_line(
                320_002,
                "Novák, Josef",
                "CZE",
                "M",
                "",
                [Some(2000), None, None],
                Some(1970),
                "",
            ),
            combined_line(
                320_003,
                "Nováková, Eva",
                "SVK",
                "F",
                "WIM",
                [Some(2150), Some(2190), None],
                Some(1995),
                "w",
            ),
            combined_line(
                320_004,
                "Dvořák, Petr",
                "CZE",
                "M",
                "",
                [Some(1800), Some(1850), None],
                Some(2008),
                "",
            ),
            combined_line(
                320_005,
                "100%_Sure, Max",
                "GER",
                "M",
                "",
                [None, None, None],
                None,
                "",
            ),
        ],
    );
    let mut client = ctx.logged_in("orga").await;
    let value = |page: &common::Page, name: &str| {
        page.attrs(&format!("#register-player input[name={name}]"), "value")
    };

    // One player starts so (case ignored): the form is filled with the rapid rating.
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup?fide_id=DVO"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(value(&page, "name"), ["Dvořák, Petr"]);
    assert_eq!(value(&page, "fide_id"), ["320004"]);
    assert_eq!(value(&page, "rating"), ["1850"]);
    // The type-ahead's script is served.
    let scripts = page.attrs("script[src]", "src");
    assert!(
        scripts.iter().any(|src| src.contains("fide-lookup")),
        "{scripts:?}"
    );
    for script in scripts {
        assert_eq!(client.get(&script).await.status, StatusCode::OK, "{script}");
    }

    // Several: each is offered with its rapid rating, a link to its look-up by FIDE ID.
    let page = client
        .get(&format!(
            "/tournaments/{id}/players/lookup?fide_id={}",
            common::encode("novák")
        ))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.texts("#lookup-candidates li a"),
        [
            "Novák, Jan (CZE, FM, 2150, 1990)",
            "Novák, Josef (CZE, 1970)",
            "Nováková, Eva (SVK, WIM, 2190, 1995)"
        ]
    );
    let links = page.attrs("#lookup-candidates li a", "href");
    let page = client.get(&links[1]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(value(&page, "name"), ["Novák, Josef"]);
    // No rapid rating in the list: the form says unrated, not the standard rating.
    assert_eq!(value(&page, "rating"), [""]);

    // Wildcards are letters of a name, not patterns.
    let page = client
        .get(&format!(
            "/tournaments/{id}/players/lookup?fide_id={}",
            common::encode("100%_")
        ))
        .await;
    assert_eq!(value(&page, "fide_id"), ["320005"]);
    let page = client
        .get(&format!(
            "/tournaments/{id}/players/lookup?fide_id={}",
            common::encode("%")
        ))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Nobody: said with what was typed.
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup?fide_id=Zz"))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.texts(".errors li").join(" ").contains("“Zz”"));

    // The type-ahead's names as JSON.
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup.json?q=Nov"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let names: serde_json::Value = serde_json::from_str(&page.body).expect("json");
    let ids: Vec<i64> = names
        .as_array()
        .expect("array")
        .iter()
        .map(|name| name["fide_id"].as_i64().expect("id"))
        .collect();
    assert_eq!(ids, [320_001, 320_002, 320_003]);
    assert_eq!(names[2]["label"], "Nováková, Eva (SVK, WIM, 2190, 1995)");
    let page = client
        .get(&format!("/tournaments/{id}/players/lookup.json?q=N"))
        .await;
    assert_eq!(page.body, "[]");

    // Not for visitors.
    let mut visitor = ctx.client().await;
    let page = visitor
        .get(&format!("/tournaments/{id}/players/lookup.json?q=Nov"))
        .await;
    assert_ne!(page.status, StatusCode::OK);
}

/// A zip holding one file, as FIDE publishes its lists.
fn zipped(name: &str, content: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut buffer = std::io::Cursor::new(Vec::new());
    {
        let mut archive = zip::ZipWriter::new(&mut buffer);
        archive
            .start_file(name, zip::write::SimpleFileOptions::default())
            .expect("entry");
        archive.write_all(content).expect("write");
        archive.finish().expect("finish");
    }
    buffer.into_inner()
}

/// Waits (at most a minute) until the import the page started has ended; its status.
async fn import_outcome(
    client: &mut common::Client<
        impl actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
            Error = actix_web::Error,
        >,
    >,
) -> serde_json::Value {
    for _ in 0..1200 {
        let page = client.get("/admin/rating-list/status.json").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let status: serde_json::Value = serde_json::from_str(&page.body).expect("json");
        if status["state"] != "running" {
            return status;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the import did not end within a minute");
}

#[actix_web::test]
async fn the_administrator_uploads_the_rating_list_and_the_page_follows_the_import() {
    let ctx = TestContext::new();
    ctx.create_user("admin", arbiter::db::models::Role::Admin);
    ctx.create_user("orga", arbiter::db::models::Role::Organiser);
    let lines: Vec<String> = (0..2500u64)
        .map(|n| {
            combined_line(
                400_000 + n,
                &format!("Player{n:04}, Test"),
                "CZE",
                "M",
                "",
                [Some(1500 + (n % 900) as u16), None, None],
                Some(1980),
                "",
            )
        })
        .collect();
    let list = format!("{COMBINED_HEADER}\r\n{}\r\n", lines.join("\r\n"));
    let mut admin = ctx.logged_in("admin").await;
    let page = admin.get("/admin/rating-list").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.texts("#rating-list-loaded .empty").len(), 1);
    // The page's script (upload and import progress) is served.
    for script in page.attrs("script[src]", "src") {
        assert_eq!(admin.get(&script).await.status, StatusCode::OK, "{script}");
    }

    // Without the token nothing is read: 403.
    let forged = admin
        .send(upload(
            "/admin/rating-list",
            multipart_bytes(
                &[("csrf_token", "forged")],
                (
                    "list",
                    "players_list.zip",
                    &zipped("players_list_foa.txt", list.as_bytes()),
                ),
            ),
        ))
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);

    // The zipped list: uploaded, imported on its own thread, the page follows.
    let token = admin.csrf_token().await;
    let sent = admin
        .send(upload(
            "/admin/rating-list",
            multipart_bytes(
                &[("csrf_token", &token)],
                (
                    "list",
                    "players_list.zip",
                    &zipped("players_list_foa.txt", list.as_bytes()),
                ),
            ),
        ))
        .await;
    sent.assert_redirect("/admin/rating-list");
    let status = import_outcome(&mut admin).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["players"], 2500);
    let page = admin.get("/admin/rating-list").await;
    assert!(
        page.text("#rating-list-loaded")
            .expect("loaded")
            .contains("players_list.zip:players_list_foa.txt — 2500")
    );

    // A bad line: refused with its line and field, the list before stays in force.
    let bad = list.replacen("1501", "15x1", 1);
    let sent = admin
        .send(upload(
            "/admin/rating-list",
            multipart_bytes(
                &[("csrf_token", &token)],
                ("list", "players_list_foa.txt", bad.as_bytes()),
            ),
        ))
        .await;
    sent.assert_redirect("/admin/rating-list");
    let status = import_outcome(&mut admin).await;
    assert_eq!(status["state"], "failed", "{status}");
    assert!(
        status["problems"][0]
            .as_str()
            .expect("problem")
            .starts_with("line 3, SRtng"),
        "{status}"
    );
    let page = admin.get("/admin/rating-list").await;
    assert!(page.texts(".errors li").join(" ").contains("line 3"));
    ctx.with_conn(|conn| {
        assert_eq!(
            arbiter::db::models::FidePlayer::count(conn).expect("count"),
            2500
        );
    });

    // An upload without a file says so.
    let sent = admin
        .send(upload(
            "/admin/rating-list",
            multipart(&[("csrf_token", &token)], None),
        ))
        .await;
    assert_eq!(sent.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Only the administrator.
    let mut organiser = ctx.logged_in("orga").await;
    assert_eq!(
        organiser.get("/admin/rating-list").await.status,
        StatusCode::FORBIDDEN
    );
    let token = organiser.csrf_token().await;
    let sent = organiser
        .send(upload(
            "/admin/rating-list",
            multipart_bytes(
                &[("csrf_token", &token)],
                ("list", "l.txt", list.as_bytes()),
            ),
        ))
        .await;
    assert_eq!(sent.status, StatusCode::FORBIDDEN);
}

/// A spreadsheet of another layout is checked, mapped and imported without a second upload:
/// the first check names the unknown columns and keeps the file, the check with the mapping
/// reads the kept file (a browser cannot send a file input again), for `.xlsx` and `.ods`;
/// another organiser cannot read it with the token.
#[actix_web::test]
async fn a_spreadsheet_is_kept_between_the_check_and_the_mapped_import() {
    use Cell::*;
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &[], 5, 0);
    let id = event.tournament.id.0;
    let import = format!("/tournaments/{id}/players/import");
    let sheet = vec![
        vec![Text("Příjmení a jméno"), Text("Elo"), Text("Oddíl")],
        vec![Text("Novák, Jan"), Number(2105.0), Text("ŠK Brno")],
        vec![Text("Malá, Eva"), Number(1980.0), Text("TJ Zlín")],
    ];
    for (kind, workbook) in [
        ("xlsx", xlsx(&[("List1", sheet.clone())])),
        ("ods", ods(&[("List1", sheet.clone())])),
    ] {
        let mut client = ctx.logged_in("orga").await;
        let token = client.csrf_token().await;
        let first = client
            .send(upload(
                &import,
                multipart_bytes(
                    &[("csrf_token", &token), ("action", "preview")],
                    ("file", &format!("hraci.{kind}"), &workbook),
                ),
            ))
            .await;
        assert_eq!(
            first.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{kind}: {}",
            first.body
        );
        let kept = first.attrs("#import-kept input[name=kept]", "value");
        assert_eq!(kept.len(), 1, "{kind}: the file is kept: {}", first.body);
        assert_eq!(
            first.attrs("#mapping-table input[type=hidden]", "value"),
            ["Příjmení a jméno", "Elo", "Oddíl"]
        );

        // The check with the mapping and no file: the kept one is read.
        let token = client.csrf_token().await;
        let mapped = [
            ("csrf_token", token.as_str()),
            ("action", "preview"),
            ("kept", kept[0].as_str()),
            ("map_header_0", "Příjmení a jméno"),
            ("map_field_0", "name"),
            ("map_header_1", "Elo"),
            ("map_field_1", "rating"),
            ("map_header_2", "Oddíl"),
            ("map_field_2", "club"),
        ];
        let preview = client.send(upload(&import, multipart(&mapped, None))).await;
        assert_eq!(preview.status, StatusCode::OK, "{kind}: {}", preview.body);
        assert_eq!(
            preview.texts("#import-preview td.name"),
            ["Novák, Jan", "Malá, Eva"],
            "{kind}"
        );

        // Another arbiter of the event with the same token reads nothing: the file is its
        // uploader's.
        let other = ctx.create_user(&format!("other-{kind}"), arbiter::db::models::Role::Arbiter);
        ctx.with_conn(|conn| {
            arbiter::db::models::TournamentArbiter::assign(conn, event.tournament.id, other.id)
                .expect("assign")
        });
        let other_name = format!("other-{kind}");
        let mut other = ctx.logged_in(&other_name).await;
        let token = other.csrf_token().await;
        let mut stolen = mapped;
        stolen[0].1 = &token;
        let refused = other.send(upload(&import, multipart(&stolen, None))).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{kind}: {}",
            refused.body
        );
        assert!(
            refused.texts("#import-preview td.name").is_empty(),
            "{kind}"
        );

        // The import takes what the preview showed.
        let carried = preview.attrs("#import-confirm input[name=csv]", "value");
        let token = client.csrf_token().await;
        client
            .post_raw(
                &import,
                &[
                    ("csrf_token", &token),
                    ("action", "import"),
                    ("csv", &carried[0]),
                ],
            )
            .await
            .assert_redirect(&format!("/tournaments/{id}/players"));
        let stored = ctx.with_conn(|conn| {
            PlayerRow::for_tournament(conn, event.tournament.id).expect("players")
        });
        let ratings: Vec<(String, i32)> =
            stored.iter().map(|p| (p.name.clone(), p.rating)).collect();
        assert!(
            ratings.contains(&("Malá, Eva".to_owned(), 1980)),
            "{kind}: {ratings:?}"
        );
        ctx.with_conn(|conn| {
            diesel::delete(players::table.filter(players::tournament_id.eq(event.tournament.id)))
                .execute(conn)
                .expect("clear")
        });
    }
}
