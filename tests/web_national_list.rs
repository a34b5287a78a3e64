//! A national rating list through the player import, as an organiser loads one: the file of
//! the federation (its own headers, Windows-1250, semicolons) is refused column by column
//! until the columns are mapped, the mapping is saved and chosen again for the next list; the
//! list's national ratings land beside the FIDE ratings of the players registered (a national
//! list never overwrites a FIDE rating), "update only" registers nobody; the tournament pairs
//! on the rating it names (C.04.2 Art. 2.2.1) and its rating report carries the one it reports.
//! On PostgreSQL too when `ARBITER_TEST_DATABASE_URL` is set.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::models::{PlayerRow, Role, SavedMapping, TournamentId, UserId};
use arbiter::formats::trf;
use common::{PASSWORD, TestContext, multipart_bytes, tournament_form, upload};

/// The federation's list: Czech headers, the name in two parts, a column nobody needs.
const NATIONAL_LIST: &str = "Příjmení;Jméno;ID ČŠS;LOK;FIDE ID;Oddíl;Kategorie\r\n\
                             Dvořák;Petr;12345;1835;310999;ŠK Vltava;U18\r\n\
                             Šťastná;Eva;23456;1990;;TJ Kunice;U14\r\n\
                             Beneš;Karel;56789;1700;;ŠK Vltava;S\r\n";

/// The mapping of [`NATIONAL_LIST`]'s columns, in their order.
const MAPPING: [(&str, &str); 7] = [
    ("Příjmení", "surname"),
    ("Jméno", "given_name"),
    ("ID ČŠS", "national_id"),
    ("LOK", "national_rating"),
    ("FIDE ID", "fide_id"),
    ("Oddíl", "club"),
    ("Kategorie", ""),
];

fn windows_1250(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1250.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

/// A published 5-round Dutch Swiss by organiser `orga`, with three players registered from a
/// list: Dvořák (FIDE 1850, FIDE ID 310999), Šťastná (FIDE 1800, no ID) and Novák (FIDE 2000).
/// Returns its id and the organiser's.
async fn event(ctx: &TestContext) -> (i32, UserId) {
    let owner = ctx.create_user("orga", Role::Organiser).id;
    let mut orga = ctx.logged_in("orga").await;
    let created = orga
        .post(
            "/tournaments",
            &tournament_form(&[
                ("pairing_system", "swiss_dutch"),
                ("rounds", "5"),
                ("published", "on"),
            ]),
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let csv = "name,fide_id,rating\n\"Dvořák, Petr\",310999,1850\n\"Šťastná, Eva\",,1800\n\"Novák, Jan\",,2000\n";
    let imported = orga
        .post(
            &format!("/tournaments/{id}/players/import"),
            &[("csv", csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    (id, owner)
}

fn stored(ctx: &TestContext, id: i32) -> Vec<(String, i32, String, i32)> {
    let mut players =
        ctx.with_conn(|conn| PlayerRow::for_tournament(conn, TournamentId(id)).expect("players"));
    players.sort_by(|a, b| a.name.cmp(&b.name));
    players
        .into_iter()
        .map(|p| (p.name, p.rating, p.national_id, p.national_rating))
        .collect()
}

#[actix_web::test]
async fn a_national_list_is_mapped_saved_and_fills_national_ratings_beside_fide_ratings() {
    let ctx = TestContext::new();
    let (id, owner) = event(&ctx).await;
    let mut orga = ctx.logged_in("orga").await;
    let import = format!("/tournaments/{id}/players/import");
    let file = windows_1250(NATIONAL_LIST);

    // Without a mapping: every unknown header named, and a table to map the columns.
    let token = orga.csrf_token().await;
    let refused = orga
        .send(upload(
            &import,
            multipart_bytes(
                &[("csrf_token", &token), ("action", "preview")],
                ("file", "lok.csv", &file),
            ),
        ))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let unknown = refused.texts("#import-problems td.field-name");
    assert!(unknown.contains(&"ID ČŠS".to_owned()), "{unknown:?}");
    assert_eq!(
        refused.attrs("#mapping-table input[type=hidden]", "value"),
        MAPPING.map(|(header, _)| header.to_owned())
    );
    assert_eq!(refused.texts("#import-encoding").len(), 1);
    // The text read goes on in the text area, for the next check.
    let text = refused.texts("#csv-text").join("");
    assert!(text.contains("Šťastná"), "{text}");
    let text = NATIONAL_LIST.to_owned();

    // Mapped, and saved under a name: the preview says what the import does with each row.
    let mut fields: Vec<(String, String)> = vec![
        ("action".into(), "preview".into()),
        ("csv".into(), text.clone()),
        ("mapping_name".into(), "ČŠS LOK".into()),
    ];
    for (index, (header, field)) in MAPPING.iter().enumerate() {
        fields.push((format!("map_header_{index}"), (*header).into()));
        fields.push((format!("map_field_{index}"), (*field).into()));
    }
    let form: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let preview = orga.post(&import, &form).await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert_eq!(
        preview.texts("#import-preview td.name"),
        ["Dvořák, Petr", "Šťastná, Eva", "Beneš, Karel"]
    );
    let steps = preview.texts("#import-preview td.step");
    assert!(steps[0].contains("1835"), "{steps:?}");
    assert!(steps[1].contains("1990"), "matched by name: {steps:?}");
    assert_eq!(steps[2], "new registration");
    let saved = ctx.with_conn(|conn| SavedMapping::of_owner(conn, owner).expect("mappings"));
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].name, "ČŠS LOK");
    assert_eq!(saved[0].mapping().columns.len(), MAPPING.len());

    // The next list of that source: the saved mapping chosen, update only.
    let form_page = orga.get(&import).await;
    assert_eq!(
        form_page.texts("#mapping-id option"),
        ["—".to_owned(), "ČŠS LOK".to_owned()]
    );
    let token = orga.csrf_token().await;
    let mapping_id = saved[0].id.to_string();
    let preview = orga
        .send(upload(
            &import,
            multipart_bytes(
                &[
                    ("csrf_token", &token),
                    ("action", "preview"),
                    ("mapping_id", &mapping_id),
                    ("update_only", "on"),
                ],
                ("file", "lok.csv", &file),
            ),
        ))
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    let steps = preview.texts("#import-preview td.step");
    assert_eq!(steps[2], "not registered: left out");
    let carried = preview.attrs("#import-confirm input[name=csv]", "value");
    assert_eq!(
        preview.attrs("#import-confirm input[name=update_only]", "value"),
        ["on"]
    );
    let token = orga.csrf_token().await;
    let imported = orga
        .post_raw(
            &import,
            &[
                ("csrf_token", &token),
                ("action", "import"),
                ("csv", &carried[0]),
                ("update_only", "on"),
            ],
        )
        .await;
    imported.assert_redirect(&format!("/tournaments/{id}/players"));
    assert_eq!(
        stored(&ctx, id),
        [
            ("Dvořák, Petr".into(), 1850, "12345".into(), 1835),
            ("Novák, Jan".into(), 2000, String::new(), 0),
            ("Šťastná, Eva".into(), 1800, "23456".into(), 1990),
        ],
        "national ratings beside the FIDE ratings, which stay; nobody registered"
    );
    let list = orga.get(&format!("/tournaments/{id}/players")).await;
    assert_eq!(list.texts("#players td.national"), ["", "1835", "1990"]);

    // The same list again changes nothing.
    let token = orga.csrf_token().await;
    let again = orga
        .post_raw(
            &import,
            &[
                ("csrf_token", &token),
                ("action", "preview"),
                ("csv", &carried[0]),
            ],
        )
        .await;
    let steps = again.texts("#import-preview td.step");
    assert!(steps[0].starts_with("registered already"), "{steps:?}");
    assert_eq!(steps[2], "new registration");
}

#[actix_web::test]
async fn c04_2_art_2_2_1_the_tournament_pairs_on_the_rating_it_names_and_reports_the_other() {
    let ctx = TestContext::new();
    let (id, _) = event(&ctx).await;
    let mut orga = ctx.logged_in("orga").await;
    let import = format!("/tournaments/{id}/players/import");
    let national = "name,national_id,national_rating\n\"Dvořák, Petr\",12345,1835\n\"Šťastná, Eva\",23456,2100\n\"Novák, Jan\",34567,1500\n";
    let imported = orga
        .post(
            &import,
            &[
                ("csv", national),
                ("action", "import"),
                ("update_only", "on"),
            ],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);

    // Pairing on the national rating, reporting the FIDE rating.
    let settings = tournament_form(&[
        ("pairing_system", "swiss_dutch"),
        ("rounds", "5"),
        ("published", "on"),
        ("pairing_rating", "national"),
        ("reported_rating", "fide"),
    ]);
    orga.post(&format!("/tournaments/{id}/edit"), &settings)
        .await
        .assert_redirect(&format!("/tournaments/{id}"));
    let list = orga.get(&format!("/tournaments/{id}/players")).await;
    assert_eq!(
        list.texts("#pairing-rating"),
        ["Rating for pairing: National rating"]
    );
    assert_eq!(
        list.texts("#players td.name"),
        ["Šťastná, Eva", "Dvořák, Petr", "Novák, Jan"],
        "before round 1 the list is in the order of the national rating"
    );
    orga.post(&format!("/tournaments/{id}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1"));
    // The player's card names both ratings.
    let eva = ctx.with_conn(|conn| {
        PlayerRow::for_tournament(conn, TournamentId(id))
            .expect("players")
            .into_iter()
            .find(|p| p.name == "Šťastná, Eva")
            .expect("Eva")
            .id
            .0
    });
    let card = orga
        .get(&format!("/tournaments/{id}/players/{eva}/card"))
        .await;
    assert_eq!(card.texts("#card-name .meta"), ["FIDE 1800 · Nat. 2100"]);
    let ranks: Vec<(String, Option<i32>)> = ctx.with_conn(|conn| {
        PlayerRow::for_tournament(conn, TournamentId(id))
            .expect("players")
            .into_iter()
            .map(|p| (p.name, p.starting_rank))
            .collect()
    });
    assert_eq!(
        ranks,
        [
            ("Šťastná, Eva".to_owned(), Some(1)),
            ("Dvořák, Petr".to_owned(), Some(2)),
            ("Novák, Jan".to_owned(), Some(3)),
        ]
    );
    let report = orga.get(&format!("/tournaments/{id}/export.trf")).await;
    assert_eq!(report.status, StatusCode::OK);
    let read = trf::read(&report.body).expect("the export reads");
    let ratings: Vec<(String, u16)> = read
        .tournament
        .players
        .iter()
        .map(|p| (p.name.clone(), p.rating))
        .collect();
    assert_eq!(
        ratings,
        [
            ("Šťastná, Eva".to_owned(), 1800),
            ("Dvořák, Petr".to_owned(), 1850),
            ("Novák, Jan".to_owned(), 2000),
        ],
        "the report carries the FIDE ratings"
    );

    // Reporting the national rating: the report carries it, the starting ranks stay.
    let mut settings = settings.clone();
    settings.retain(|(field, _)| *field != "reported_rating");
    settings.push(("reported_rating", "national"));
    settings.push(("confirm", "on"));
    let saved = orga
        .post(&format!("/tournaments/{id}/edit"), &settings)
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let report = orga.get(&format!("/tournaments/{id}/export.trf")).await;
    let read = trf::read(&report.body).expect("the export reads");
    let ratings: Vec<u16> = read.tournament.players.iter().map(|p| p.rating).collect();
    assert_eq!(ratings, [2100, 1835, 1500]);
}

#[actix_web::test]
async fn a_saved_mapping_is_the_organisers_own() {
    let ctx = TestContext::new();
    let (id, owner) = event(&ctx).await;
    let mut orga = ctx.logged_in("orga").await;
    let import = format!("/tournaments/{id}/players/import");
    let preview = orga
        .post(
            &import,
            &[
                ("action", "preview"),
                ("csv", "Jméno hráče\nNovák Jan\n"),
                ("map_header_0", "Jméno hráče"),
                ("map_field_0", "name"),
                ("mapping_name", "klub"),
            ],
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    // Another organiser's tournament and mappings: theirs are not offered, ours not usable.
    ctx.create_user("other", Role::Organiser);
    let mut other = ctx.client().await;
    other.login("other", PASSWORD).await;
    let page = other.get(&import).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let created = other
        .post(
            "/tournaments",
            &tournament_form(&[("pairing_system", "swiss_dutch"), ("rounds", "5")]),
        )
        .await;
    let theirs = created.location.expect("location");
    let page = other.get(&format!("{theirs}/players/import")).await;
    assert!(page.texts("#mapping-id option").is_empty());
    let ours = ctx.with_conn(|conn| SavedMapping::of_owner(conn, owner).expect("mappings"));
    assert_eq!(ours.len(), 1);
    let refused = other
        .post(
            &format!("{theirs}/players/import"),
            &[
                ("action", "preview"),
                ("csv", "Jméno hráče\nNovák Jan\n"),
                ("mapping_id", &ours[0].id.to_string()),
            ],
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "another organiser's mapping does not apply"
    );
    // Nor can they delete it, even from their own tournament.
    let ours_id = ours[0].id;
    let delete = |t: &str| format!("{t}/players/mappings/{ours_id}/delete");
    let refused = other.post(&delete(&theirs), &[]).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.body);
    // The owner sees it listed and deletes it; it is gone from the page and the table.
    let page = orga.get(&import).await;
    assert_eq!(page.texts("#saved-mappings li"), ["klub Delete"]);
    let deleted = orga.post(&delete(&format!("/tournaments/{id}")), &[]).await;
    assert_eq!(deleted.status, StatusCode::SEE_OTHER, "{}", deleted.body);
    let page = orga.get(&import).await;
    assert!(
        page.body.contains("Column mapping “klub” deleted."),
        "{}",
        page.body
    );
    assert!(page.texts("#saved-mappings li").is_empty());
    assert!(
        ctx.with_conn(|conn| SavedMapping::of_owner(conn, owner).expect("mappings"))
            .is_empty()
    );
    // Deleting it again: not found.
    let again = orga.post(&delete(&format!("/tournaments/{id}")), &[]).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}
