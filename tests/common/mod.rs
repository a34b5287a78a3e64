//! Shared test harness: a fresh database per test and a cookie-keeping client that drives the
//! real actix app (`arbiter::web::app`).
//!
//! SQLite by default (a temporary file). When `ARBITER_TEST_DATABASE_URL` is set to a
//! PostgreSQL URL (e.g. `postgres://postgres@127.0.0.1:5432/test`), every test gets its own
//! fresh schema on that server (`search_path` set through the URL's `options`), dropped at the
//! end, so PostgreSQL tests can run in parallel without seeing each other.
#![allow(dead_code)] // each test binary uses a different part of the harness

use std::collections::BTreeMap;

use actix_http::Request;
use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter::db::models::{NewUser, Role, User};
use arbiter::db::{self, DbConn, DbPool};
use arbiter::web::{self, AppConfig, AppState};
use diesel::connection::SimpleConnection;
use scraper::{Html, Selector};

/// The environment variable that selects PostgreSQL for the database and web tests.
pub const PG_ENV: &str = "ARBITER_TEST_DATABASE_URL";

/// A database that lives as long as the test.
pub struct TestDb {
    /// The URL the app uses.
    pub url: String,
    /// Keeps the SQLite file's folder alive.
    _dir: Option<tempfile::TempDir>,
    /// PostgreSQL: (server URL, schema) to drop at the end.
    pg_schema: Option<(String, String)>,
}

impl TestDb {
    /// A fresh, empty database (migrations not yet run), on the server [`PG_ENV`] names.
    pub fn new() -> TestDb {
        TestDb::on(std::env::var(PG_ENV).ok().as_deref())
    }

    /// A fresh, empty database: a schema of its own on the PostgreSQL server `base`, or a
    /// temporary SQLite file when `base` is `None` or blank.
    pub fn on(base: Option<&str>) -> TestDb {
        match base.map(str::trim) {
            Some(base) if !base.is_empty() => TestDb::postgres(base),
            _ => {
                let dir = tempfile::tempdir().expect("temporary folder");
                let url = dir.path().join("test.db").to_string_lossy().into_owned();
                TestDb {
                    url,
                    _dir: Some(dir),
                    pg_schema: None,
                }
            }
        }
    }

    fn postgres(base: &str) -> TestDb {
        let schema = format!(
            "t_{}",
            arbiter::web::auth::new_csrf_token()
                .get(..16)
                .unwrap_or("x")
        );
        let mut conn = db::establish(base).expect("connect to ARBITER_TEST_DATABASE_URL");
        conn.batch_execute(&format!("CREATE SCHEMA {schema}"))
            .expect("create a test schema");
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options=-csearch_path%3D{schema}");
        TestDb {
            url,
            _dir: None,
            pg_schema: Some((base.to_owned(), schema)),
        }
    }

    /// True on PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        self.pg_schema.is_some()
    }

    /// A migrated pool of 4 connections on this database.
    pub fn pool(&self) -> DbPool {
        self.pool_of(4)
    }

    /// A migrated pool of `size` connections on this database.
    pub fn pool_of(&self, size: u32) -> DbPool {
        db::connect_pool(&self.url, size).expect("open and migrate the test database")
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((base, schema)) = &self.pg_schema
            && let Ok(mut conn) = db::establish(base)
        {
            let _ = conn.batch_execute(&format!("DROP SCHEMA {schema} CASCADE"));
        }
    }
}

/// A test's database, pool and app state.
pub struct TestContext {
    /// The database (dropped at the end of the test).
    pub db: TestDb,
    /// The pool the app uses.
    pub pool: DbPool,
    /// The state handed to the app.
    pub state: AppState,
}

/// The password every account made by [`TestContext::create_user`] has.
pub const PASSWORD: &str = "correct horse battery";

impl TestContext {
    /// A fresh database with its pool and a session key from the database.
    pub fn new() -> TestContext {
        TestContext::on(TestDb::new(), 4)
    }

    /// `db` with a pool of `pool_size` connections and a session key from the database.
    pub fn on(db: TestDb, pool_size: u32) -> TestContext {
        let pool = db.pool_of(pool_size);
        let session_key = {
            let mut conn = pool.get().expect("connection");
            web::session_key_from_database(&mut conn).expect("session key")
        };
        let state = AppState {
            pool: pool.clone(),
            config: AppConfig {
                secure_cookies: false,
                trust_forwarded_for: false,
                session_key,
                public_url: None,
            },
            pages: Default::default(),
            rating_import: Default::default(),
            logins: Default::default(),
            venue: Default::default(),
            live: Default::default(),
        };
        TestContext { db, pool, state }
    }

    /// A pooled connection.
    pub fn conn(&self) -> db::PooledConn {
        self.pool.get().expect("connection")
    }

    /// Creates an account with [`PASSWORD`] directly in the database.
    pub fn create_user(&self, username: &str, role: Role) -> User {
        let hash = web::auth::hash_password(PASSWORD).expect("hash");
        let mut conn = self.conn();
        NewUser {
            username,
            display_name: username,
            password_hash: &hash,
            role,
        }
        .insert(&mut conn)
        .expect("insert user")
    }

    /// Runs `f` with a connection.
    pub fn with_conn<T>(&self, f: impl FnOnce(&mut DbConn) -> T) -> T {
        let mut conn = self.conn();
        f(&mut conn)
    }

    /// Starts the real app on this database.
    pub async fn client(
        &self,
    ) -> Client<
        impl Service<Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    > {
        Client::new(test::init_service(web::app(self.state.clone())).await)
    }

    /// Starts the real app with a browser logged in as `username` (password [`PASSWORD`]).
    pub async fn logged_in(
        &self,
        username: &str,
    ) -> Client<
        impl Service<Request, Response = ServiceResponse<impl MessageBody>, Error = actix_web::Error>,
    > {
        let mut client = self.client().await;
        client.login(username, PASSWORD).await;
        client
    }
}

/// A response, read whole.
#[derive(Debug)]
pub struct Page {
    /// Status.
    pub status: StatusCode,
    /// `Location` header, if any.
    pub location: Option<String>,
    /// `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// `Retry-After` header, if any.
    pub retry_after: Option<String>,
    /// `Content-Disposition` header, if any (a PDF's file name).
    pub disposition: Option<String>,
    /// Body as text.
    pub body: String,
    /// Body as sent (a PDF).
    pub bytes: Vec<u8>,
}

impl Page {
    /// The body parsed as HTML.
    pub fn html(&self) -> Html {
        Html::parse_document(&self.body)
    }

    /// The texts (whitespace-normalised) of the elements matching `selector`.
    pub fn texts(&self, selector: &str) -> Vec<String> {
        let selector = Selector::parse(selector).expect("valid selector");
        self.html()
            .select(&selector)
            .map(|element| {
                element
                    .text()
                    .collect::<String>()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// The text of the first element matching `selector`.
    pub fn text(&self, selector: &str) -> Option<String> {
        self.texts(selector).into_iter().next()
    }

    /// The values of `attribute` on the elements matching `selector`.
    pub fn attrs(&self, selector: &str, attribute: &str) -> Vec<String> {
        let selector = Selector::parse(selector).expect("valid selector");
        self.html()
            .select(&selector)
            .filter_map(|element| element.value().attr(attribute).map(str::to_owned))
            .collect()
    }

    /// The id a create or import answered with: asserts the redirect (303) and reads the last
    /// segment of its `Location` (`/tournaments/7` gives 7).
    pub fn created_id(&self) -> i32 {
        assert_eq!(self.status, StatusCode::SEE_OTHER, "body: {}", self.body);
        self.location
            .as_deref()
            .and_then(|location| location.rsplit('/').next())
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("no id in {:?}", self.location))
    }

    /// Asserts a redirect to `location` (303).
    pub fn assert_redirect(&self, location: &str) {
        assert_eq!(self.status, StatusCode::SEE_OTHER, "body: {}", self.body);
        assert_eq!(self.location.as_deref(), Some(location));
    }
}

/// A browser-like client: keeps cookies, knows the CSRF token.
pub struct Client<S> {
    service: S,
    cookies: BTreeMap<String, String>,
    /// The client address the app sees.
    pub peer: String,
    /// `Accept-Language` sent with every request, if any.
    pub accept_language: Option<String>,
}

impl<S, B> Client<S>
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    /// A client without cookies.
    pub fn new(service: S) -> Client<S> {
        Client {
            service,
            cookies: BTreeMap::new(),
            peer: "192.0.2.10:40000".to_owned(),
            accept_language: None,
        }
    }

    /// Forgets every cookie (a new browser).
    pub fn clear_cookies(&mut self) {
        self.cookies.clear();
    }

    /// The cookies held, by name.
    pub fn cookies(&self) -> &BTreeMap<String, String> {
        &self.cookies
    }

    /// Replaces the cookies (e.g. to carry a session to another app instance).
    pub fn set_cookies(&mut self, cookies: BTreeMap<String, String>) {
        self.cookies = cookies;
    }

    /// Sends `request` with the stored cookies and keeps the cookies the response sets.
    pub async fn send(&mut self, request: test::TestRequest) -> Page {
        let mut request = request.peer_addr(self.peer.parse().expect("socket address"));
        for (name, value) in &self.cookies {
            request = request.cookie(Cookie::new(name.clone(), value.clone()));
        }
        if let Some(language) = &self.accept_language {
            request = request.insert_header((header::ACCEPT_LANGUAGE, language.clone()));
        }
        let response = test::call_service(&self.service, request.to_request()).await;
        for cookie in response.response().cookies() {
            let removed = cookie.value().is_empty()
                || cookie
                    .max_age()
                    .is_some_and(|age| age.is_zero() || age.is_negative());
            if removed {
                self.cookies.remove(cookie.name());
            } else {
                self.cookies
                    .insert(cookie.name().to_owned(), cookie.value().to_owned());
            }
        }
        let status = response.status();
        let header_text = |name: header::HeaderName| {
            response
                .headers()
                .get(name)
                .and_then(|value| value.to_str().ok())
                .map(str::to_owned)
        };
        let location = header_text(header::LOCATION);
        let content_type = header_text(header::CONTENT_TYPE);
        let retry_after = header_text(header::RETRY_AFTER);
        let disposition = header_text(header::CONTENT_DISPOSITION);
        let bytes = test::read_body(response).await;
        Page {
            status,
            location,
            content_type,
            retry_after,
            disposition,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            bytes: bytes.to_vec(),
        }
    }

    /// `GET path`.
    pub async fn get(&mut self, path: &str) -> Page {
        self.send(test::TestRequest::get().uri(path)).await
    }

    /// `POST path` with a url-encoded form exactly as given (no CSRF token added).
    pub async fn post_raw(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        self.send(form_request(path, form)).await
    }

    /// `POST path` with the form and the session's CSRF token, asking for JSON as the round
    /// page's keyboard entry does (`Accept: application/json`).
    pub async fn post_json(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let token = self.csrf_token().await;
        let mut fields = vec![("csrf_token", token.as_str())];
        fields.extend_from_slice(form);
        self.send(form_request(path, &fields).insert_header((header::ACCEPT, "application/json")))
            .await
    }

    /// The session's CSRF token, as the login page's form carries it.
    pub async fn csrf_token(&mut self) -> String {
        let page = self.get("/login").await;
        page.attrs("input[name=csrf_token]", "value")
            .into_iter()
            .next()
            .expect("the login page carries a CSRF token")
    }

    /// `POST path` with the form and the session's CSRF token, like a browser would.
    pub async fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let token = self.csrf_token().await;
        let mut fields = vec![("csrf_token", token.as_str())];
        fields.extend_from_slice(form);
        self.post_raw(path, &fields).await
    }

    /// A TRF file uploaded to the import form (`/tournaments/import`) as the file `name`, with
    /// the session's CSRF token, as the browser sends it.
    pub async fn import_trf(&mut self, name: &str, text: &str) -> Page {
        let token = self.csrf_token().await;
        self.send(upload(
            "/tournaments/import",
            multipart(&[("csrf_token", &token)], Some(("file", name, text))),
        ))
        .await
    }

    /// `POST path` with the form and the session's CSRF token, sent from the page `from` (its
    /// `Referer`), as a browser sends a form of that page.
    pub async fn post_from(&mut self, from: &str, path: &str, form: &[(&str, &str)]) -> Page {
        let token = self.csrf_token().await;
        let mut fields = vec![("csrf_token", token.as_str())];
        fields.extend_from_slice(form);
        let referer = format!("http://localhost:8080{from}");
        self.send(form_request(path, &fields).insert_header((header::REFERER, referer)))
            .await
    }

    /// Logs in through the form; panics unless it redirects.
    pub async fn login(&mut self, username: &str, password: &str) {
        let page = self
            .post(
                "/login",
                &[
                    ("username", username),
                    ("password", password),
                    ("next", "/"),
                ],
            )
            .await;
        page.assert_redirect("/");
    }
}

/// Percent-encodes a form value.
/// `POST path` with a url-encoded form body.
fn form_request(path: &str, form: &[(&str, &str)]) -> test::TestRequest {
    let body = form
        .iter()
        .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
        .collect::<Vec<_>>()
        .join("&");
    test::TestRequest::post()
        .uri(path)
        .insert_header((header::CONTENT_TYPE, "application/x-www-form-urlencoded"))
        .set_payload(body)
}

pub fn encode(value: &str) -> String {
    let mut out = String::new();
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(byte))
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The tournament form (a round robin in Praha) with the Art. 10.1 defaults and `overrides`.
pub fn tournament_form<'a>(overrides: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form = vec![
        ("name", "Memoriál Jana Nováka 2026"),
        ("place", "Praha"),
        ("federation", "CZE"),
        ("start_date", "2026-11-20"),
        ("end_date", "2026-11-22"),
        ("chief_arbiter", "IA Petra Dvořáková"),
        ("time_control", "90' + 30\""),
        ("rounds", "0"),
        ("pairing_system", "round_robin"),
        ("points_win", "1"),
        ("points_draw", "0.5"),
        ("points_loss", "0"),
        ("points_forfeit_win", "1"),
        ("points_forfeit_loss", "0"),
        ("points_pairing_bye", "1"),
        ("points_half_bye", "0.5"),
        ("points_full_bye", "1"),
        ("points_zero_bye", "0"),
        ("default_time_minutes", "30"),
    ];
    for (name, value) in overrides {
        form.retain(|(field, _)| field != name);
        form.push((name, value));
    }
    form
}

/// The boundary of the multipart bodies [`multipart`] makes.
pub const BOUNDARY: &str = "----arbiterTestBoundary7MA4YWxk";

/// A multipart body with text fields and one file field.
pub fn multipart(fields: &[(&str, &str)], file: Option<(&str, &str, &str)>) -> String {
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        ));
    }
    if let Some((name, filename, content)) = file {
        body.push_str(&format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n{content}\r\n"
        ));
    }
    body.push_str(&format!("--{BOUNDARY}--\r\n"));
    body
}

/// A multipart body with text fields and one file as bytes (a file saved in another encoding).
pub fn multipart_bytes(fields: &[(&str, &str)], file: (&str, &str, &[u8])) -> Vec<u8> {
    let mut body = multipart(fields, None)
        .trim_end_matches(&format!("--{BOUNDARY}--\r\n"))
        .as_bytes()
        .to_vec();
    let (name, filename, content) = file;
    body.extend_from_slice(format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    ).as_bytes());
    body.extend_from_slice(content);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// A `POST path` with a multipart body made by [`multipart`] or [`multipart_bytes`], as a
/// browser sends a file.
pub fn upload(path: &str, body: impl Into<actix_web::web::Bytes>) -> test::TestRequest {
    test::TestRequest::post()
        .uri(path)
        .insert_header((
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={BOUNDARY}"),
        ))
        .set_payload(body)
}

/// The peak resident memory (`VmHWM`) of process `pid` (`self`: this one) so far, in kB; 0
/// where `/proc` does not tell (not Linux).
pub fn peak_resident_kb(pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmHWM:"))
                .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A single round-robin league of `teams` teams of two boards and a reserve each (3-1-0 match
/// points, the home team White on odd boards, no incidents) after `rounds_played` rounds, drawn
/// from `seed`.
pub fn small_league(
    teams: u32,
    rounds_played: u32,
    seed: u64,
) -> arbiter::tournament::team::TeamEvent {
    use arbiter::day::league::sample::{LeagueShape, league};
    league(&LeagueShape {
        teams,
        boards: 2,
        reserves: 1,
        cycles: arbiter::tournament::system::Cycles::Single,
        match_points: arbiter::tournament::team::score::MatchPoints::three_one_zero(),
        colours: arbiter::tournament::team::BoardColours::HomeWhiteOnOdd,
        rounds_played: Some(rounds_played),
        incident_rate: 0.0,
        seed,
    })
    .expect("a league")
}

/// A push of the JSON public-state `document` to `/api/v1/push` under the publishing `key`.
pub fn json_push(key: &str, document: String) -> test::TestRequest {
    test::TestRequest::post()
        .uri("/api/v1/push")
        .insert_header((header::AUTHORIZATION, format!("Bearer {key}")))
        .insert_header((header::CONTENT_TYPE, "application/json"))
        .set_payload(document)
}
