//! What the server tells browsers and what it believes of them: every HTML answer forbids
//! content sniffing, framing (clickjacking) and scripts from elsewhere, and keeps the address
//! of private pages out of the `Referer` of links; the self-report QR links are built from the
//! address the server is reached at, never from `X-Forwarded-*` headers unless the operator
//! said the proxy in front sets them.

mod common;

use arbiter::db::models::tournament_day::BoardReport;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::header::{self, HeaderMap};
use actix_web::test::{self, TestRequest};
use arbiter::db::models::Role;
use arbiter::web;
use common::{PASSWORD, Page, TestContext};

/// The headers of `GET path` on the app of `ctx`, anonymous.
async fn headers_of(ctx: &TestContext, path: &str) -> (u16, HeaderMap) {
    let app = test::init_service(web::app(ctx.state.clone())).await;
    let response = test::call_service(&app, TestRequest::get().uri(path).to_request()).await;
    (response.status().as_u16(), response.headers().clone())
}

#[actix_web::test]
async fn every_html_answer_forbids_sniffing_framing_and_foreign_scripts() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    // A page, the login form, an unknown page (404), a private page (redirect), a 422.
    for path in ["/", "/login", "/no/such/page", "/admin/users", "/lang/xx"] {
        let (status, headers) = headers_of(&ctx, path).await;
        let value = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(
            value("x-content-type-options"),
            "nosniff",
            "{path} ({status})"
        );
        assert!(
            !value("referrer-policy").is_empty(),
            "{path} ({status}): a Referrer-Policy"
        );
        let csp = value("content-security-policy");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp:?}");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp:?}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp:?}");
    }
    // No template runs a script of its own inline (the policy would block it).
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/templates"))
        .expect("templates")
        .flatten()
    {
        check_templates(&entry.path());
    }
}

/// Fails on an inline `<script>` (one without `src`) or an inline event handler in a template.
fn check_templates(path: &std::path::Path) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("a folder").flatten() {
            check_templates(&entry.path());
        }
        return;
    }
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for (at, _) in text.match_indices("<script") {
        let tag_end = text[at..].find('>').map_or(text.len(), |end| at + end);
        assert!(
            text[at..tag_end].contains(" src="),
            "{}: an inline script",
            path.display()
        );
    }
    for handler in [
        " onclick=",
        " onchange=",
        " onsubmit=",
        " onload=",
        " style=",
    ] {
        assert!(!text.contains(handler), "{}: {handler}", path.display());
    }
}

/// The report links of the self-report sheet of round 1.
fn report_links(page: &Page) -> Vec<String> {
    page.attrs("a[data-report-link]", "href")
}

#[actix_web::test]
async fn self_report_links_believe_forwarded_headers_only_from_a_trusted_proxy() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Novák, Jan", "Kovács, Anna"], 3, 0);
    let key = ctx.state.config.link_key();
    ctx.with_conn(|conn| {
        for round in 1..=3 {
            let (_, games) = setup::pair_round(conn, &event, round, &[(0, 1)]);
            let ids: Vec<_> = games.iter().map(|game| game.id).collect();
            BoardReport::issue_tokens(conn, &key, &ids).expect("codes");
        }
    });
    let id = event.tournament.id.0;
    // (round, --public-url, --trust-forwarded-for, where the links lead).
    for (round, public_url, trust, expected) in [
        (1, None, false, "http://arbiter.example:8080/report/"),
        (
            2,
            Some("https://chess.example.org"),
            false,
            "https://chess.example.org/report/",
        ),
        (3, None, true, "https://proxied.example/report/"),
    ] {
        let mut state = ctx.state.clone();
        state.config.public_url = public_url.map(str::to_owned);
        state.config.trust_forwarded_for = trust;
        let mut arbiter = common::Client::new(test::init_service(web::app(state)).await);
        arbiter.login("orga", PASSWORD).await;
        let page = arbiter
            .send(
                TestRequest::get()
                    .uri(&format!("/tournaments/{id}/rounds/{round}/self-report"))
                    .insert_header((header::HOST, "arbiter.example:8080"))
                    .insert_header(("X-Forwarded-Host", "proxied.example"))
                    .insert_header(("X-Forwarded-Proto", "https"))
                    .insert_header(("Forwarded", "host=proxied.example;proto=https")),
            )
            .await;
        let links = report_links(&page);
        assert_eq!(links.len(), 2, "{}", page.body);
        assert!(
            links.iter().all(|l| l.starts_with(expected)),
            "round {round}: {links:?}"
        );
    }
    assert_eq!(
        web::parse_public_url("https://chess.example.org/").as_deref(),
        Ok("https://chess.example.org")
    );
    for bad in [
        "chess.example.org",
        "ftp://x",
        "https://x/path",
        "https://a b",
    ] {
        assert!(web::parse_public_url(bad).is_err(), "{bad}");
    }
}
