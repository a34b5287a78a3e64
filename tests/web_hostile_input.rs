//! Bad input gets a 4xx that says what is wrong, never a 500, on SQLite and PostgreSQL alike:
//! control characters in any form field or upload (PostgreSQL refuses a NUL byte in text),
//! dates outside what a tournament can have, and `next` links that would leave the site.
//!
//! Every request is made by a logged-in user with a valid CSRF token, so that the answer under
//! test is the input check.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use arbiter::web::input::refused_character;
use common::{PASSWORD, Page, TestContext, multipart, tournament_form, upload};

/// Characters no form may carry: NUL (PostgreSQL refuses it), other C0 controls, an escape
/// sequence, DEL, a C1 control (NEL), a lone carriage return.
const HOSTILE: [&str; 6] = ["\0", "\u{1}", "\u{1b}[31m", "\u{7f}", "\u{85}", "a\rb"];

/// Asserts a 422 whose message names `field`.
fn assert_refused(page: &Page, field: &str, what: &str) {
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{what}: {}",
        page.body
    );
    let message = page.text(".message").unwrap_or_default();
    assert!(
        message.contains(&format!("“{field}”")),
        "{what}: the message names the field {field}: {message:?}"
    );
}

#[actix_web::test]
async fn control_characters_in_any_form_field_are_refused_naming_the_field() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Novák, Jan", "Kovács, Anna"], 1, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    ctx.create_user("admin", Role::Admin);
    let id = event.tournament.id.0;
    let game = games[0].id.0;
    let mut admin = ctx.client().await;
    admin.login("admin", PASSWORD).await;
    let mut organiser = ctx.client().await;
    organiser.login("orga", PASSWORD).await;

    for bad in HOSTILE {
        let hostile = |text: &str| format!("{text}{bad}");
        // The login form of someone else's browser.
        let mut visitor = ctx.client().await;
        let page = visitor
            .post(
                "/login",
                &[
                    ("username", &hostile("orga")),
                    ("password", PASSWORD),
                    ("next", "/"),
                ],
            )
            .await;
        assert_refused(&page, "username", "login");

        let name = hostile("Open");
        let page = organiser
            .post("/tournaments", &tournament_form(&[("name", &name)]))
            .await;
        assert_refused(&page, "name", "new tournament");
        let place = hostile("Brno");
        let page = organiser
            .post(
                &format!("/tournaments/{id}/edit"),
                &tournament_form(&[("place", &place)]),
            )
            .await;
        assert_refused(&page, "place", "tournament settings");
        let page = organiser
            .post(
                &format!("/tournaments/{id}/players"),
                &[("name", &hostile("Horváth, Ádám")), ("rating", "2100")],
            )
            .await;
        assert_refused(&page, "name", "player registration");
        let csv = format!("name,rating\r\n{},2000\r\n", hostile("Šarović, Dušan"));
        let page = organiser
            .post(
                &format!("/tournaments/{id}/players/import"),
                &[("csv", &csv), ("action", "import")],
            )
            .await;
        assert_refused(&page, "csv", "pasted player list");
        let page = organiser
            .post(
                &format!("/tournaments/{id}/arbiters"),
                &[("username", &hostile("arno"))],
            )
            .await;
        assert_refused(&page, "username", "arbiter assignment");

        // Uploads: a TRF file whose 012 line carries the character, pasted or as a file.
        let trf = format!(
            "012 {}\r\n001    1      Novák, Jan                        2000\r\n",
            hostile("Open")
        );
        let page = organiser
            .post("/tournaments/import", &[("trf", &trf)])
            .await;
        assert_refused(&page, "trf", "pasted TRF");
        let token = organiser.csrf_token().await;
        let page = organiser
            .send(upload(
                "/tournaments/import",
                multipart(&[("csrf_token", &token)], Some(("file", "x.trf", &trf))),
            ))
            .await;
        assert_refused(&page, "file", "uploaded TRF");
        let pgn = format!("[Event \"{}\"]\r\n\r\n1. e4 e5 *\r\n", hostile("Open"));
        let page = organiser
            .send(upload(
                &format!("/tournaments/{id}/rounds/1/boards/{game}/score"),
                multipart(
                    &[("csrf_token", &token), ("lang", "en")],
                    Some(("file", "g.pgn", &pgn)),
                ),
            ))
            .await;
        assert_refused(&page, "file", "uploaded PGN");

        // Accounts.
        let page = admin
            .post(
                "/admin/users",
                &[
                    ("username", "newbie"),
                    ("display_name", &hostile("New Bie")),
                    ("role", "arbiter"),
                    ("password", PASSWORD),
                ],
            )
            .await;
        assert_refused(&page, "display_name", "new account");
        let page = organiser
            .post(
                "/account/password",
                &[
                    ("current", PASSWORD),
                    ("password", &hostile(PASSWORD)),
                    ("password_confirm", &hostile(PASSWORD)),
                ],
            )
            .await;
        assert_refused(&page, "password", "password change");
    }

    // Tabs and line breaks are text: a pasted list with CRLF lines and a tab is imported.
    let page = organiser
        .post(
            &format!("/tournaments/{id}/players/import"),
            &[
                ("csv", "name,club\r\n\"Horváth, Ádám\",\"ŠK\tPraha\"\r\n"),
                ("action", "import"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
}

#[actix_web::test]
async fn next_links_stay_on_the_site() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let leaving = [
        "/%09/evil.example",
        "/%0A/evil.example",
        "/%0D%0ASet-Cookie:%20x=1",
        "//evil.example",
        "/%2F/evil.example",
        "/\\evil.example",
        "/%5Cevil.example",
        "https://evil.example/",
        "/%20/evil.example",
        "evil.example",
        "/%00",
    ];
    let mut client = ctx.client().await;
    for next in leaving {
        let page = client.get(&format!("/lang/cs?next={next}")).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next}: {}", page.body);
        assert_eq!(
            page.location.as_deref(),
            Some("/"),
            "language switch, {next}"
        );
    }
    // The login form carries `next` back; the login goes where it says only when it is a
    // path of this site.
    for next in leaving {
        let decoded = percent_decode(next);
        let mut visitor = ctx.client().await;
        let page = visitor.get(&format!("/login?next={next}")).await;
        assert_eq!(page.status, StatusCode::OK, "{next}");
        assert_eq!(page.attrs("input[name=next]", "value"), vec!["/"], "{next}");
        let page = visitor
            .post(
                "/login",
                &[
                    ("username", "orga"),
                    ("password", PASSWORD),
                    ("next", &decoded),
                ],
            )
            .await;
        if refused_character(&decoded).is_some() {
            // A crafted form with a control character meets the input gate first.
            assert_refused(&page, "next", &format!("login, {next}"));
        } else {
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{next}: {}", page.body);
            assert_eq!(page.location.as_deref(), Some("/"), "login, {next}");
        }
    }
    // A path of the site is kept.
    let page = client.get("/lang/cs?next=/tournaments/1%3Fround%3D2").await;
    assert_eq!(page.location.as_deref(), Some("/tournaments/1?round=2"));
}

/// `%XX` escapes decoded (the test's own inputs are ASCII).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%'
            && let Some(hex) = text.get(at + 1..at + 3)
            && let Ok(byte) = u8::from_str_radix(hex, 16)
        {
            out.push(byte);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[actix_web::test]
async fn tournament_dates_outside_1900_to_2200_are_refused() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut organiser = ctx.client().await;
    organiser.login("orga", PASSWORD).await;
    for (start, end) in [
        ("-9999-01-01", "2026-11-22"),
        ("1899-12-31", "2026-11-22"),
        ("2026-11-20", "+10000-01-01"),
        ("2026-11-20", "2201-01-01"),
    ] {
        let page = organiser
            .post(
                "/tournaments",
                &tournament_form(&[("start_date", start), ("end_date", end)]),
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{start}..{end}: {}",
            page.body
        );
    }
}
