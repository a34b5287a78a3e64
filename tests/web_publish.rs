//! Publishing from a venue to a public server, end to end on loopback, with the real binary:
//! the venue is `arbiter serve` on SQLite, the public server `arbiter serve` on PostgreSQL when
//! `ARBITER_TEST_DATABASE_URL` is set (else a second SQLite file), each a process of its own.
//!
//! - Rounds are paired and results entered at the venue while the public server is down (its
//!   process killed) for two rounds; the venue's page says it is offline and how many changes
//!   wait. When the public server is back, `/api/v1/events/{id}` answers the same bytes on both
//!   (but the published-at stamp) within 10 s.
//! - A replayed older push, a push with another organiser's key, with a revoked key, and bodies
//!   of 50 MB (declared) and 5 MB (chunked, undeclared) are refused with a 4xx that says why
//!   (the older one acknowledged with 200 and ignored), and change nothing.
//! - The venue killed with SIGKILL while it pushes, and restarted: nothing lost, the public
//!   revision never goes down.
//!
//! The keys are made with `arbiter keys create` and revoked with `arbiter keys revoke`, the
//! target set with `arbiter publish set`: the commands as the guide gives them.

mod common;
#[expect(
    dead_code,
    reason = "the publishing test uses the client, not the races' server"
)]
mod race_support;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use common::{Page, TestContext, TestDb, tournament_form};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text};
use race_support::Client;

/// The binary under test.
const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

/// Players of the event.
const PLAYERS: usize = 10;

/// How long the public copy may lag once both servers run.
const CATCH_UP: Duration = Duration::from_secs(10);

/// A free loopback port (bound, read, released).
fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// An `arbiter serve` process on `port` and the database `url`; killed when dropped.
struct Served {
    child: Child,
    port: u16,
    url: String,
}

impl Served {
    /// Starts the server and waits until it answers.
    fn start(url: &str, port: u16) -> Served {
        let child = Command::new(ARBITER)
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .args(["--workers", "2", "--pool-size", "4"])
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "warn,arbiter::publish=info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arbiter serve");
        let served = Served {
            child,
            port,
            url: url.to_owned(),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "arbiter serve did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        served
    }

    /// SIGKILL, as a power cut or a crash: no shutdown of any kind.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL the server");
        self.child.wait().expect("reap the server");
    }

    /// Killed and started again on the same database and port.
    fn restart(self) -> Served {
        let (url, port) = (self.url.clone(), self.port);
        self.kill();
        Served::start(&url, port)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `arbiter ARGS` on the database `url`; its standard output, or a panic with its error.
fn arbiter(url: &str, args: &[&str]) -> String {
    let output = Command::new(ARBITER)
        .args(args)
        .env("DATABASE_URL", url)
        .stdin(Stdio::null())
        .output()
        .expect("run arbiter");
    assert!(
        output.status.success(),
        "arbiter {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

/// `GET path` on `port`, anonymous.
fn get(port: u16, path: &str) -> Page {
    Client::new(port).get(path)
}

/// The document `/api/v1/events/{id}` with its published-at stamp cleared, byte for byte
/// otherwise (the stamp is the one field a public server changes).
fn unstamped(document: &str) -> String {
    const FIELD: &str = "\"published_at\":";
    let Some(start) = document.find(FIELD).map(|at| at + FIELD.len()) else {
        return document.to_owned();
    };
    let rest = &document[start..];
    let end = if let Some(quoted) = rest.strip_prefix('"') {
        start + 1 + quoted.find('"').expect("a closed string") + 1
    } else {
        start + rest.find(',').expect("more fields")
    };
    format!("{}null{}", &document[..start], &document[end..])
}

/// The `revision` of a document.
fn revision_of(document: &str) -> i64 {
    let value: serde_json::Value = serde_json::from_str(document).expect("a JSON document");
    value["revision"].as_i64().expect("a revision")
}

/// A board as the venue's database has it.
#[derive(Debug, QueryableByName)]
struct BoardRow {
    #[diesel(sql_type = Integer)]
    id: i32,
    #[diesel(sql_type = Integer)]
    version: i32,
    #[diesel(sql_type = Nullable<Text>)]
    result: Option<String>,
}

/// Counted rows.
#[derive(Debug, QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The venue: its server, its database (the test's own connections beside the process's) and
/// the organiser logged in.
struct Venue {
    server: Served,
    ctx: TestContext,
    organiser: Client,
    id: i32,
}

impl Venue {
    /// Starts the venue on a fresh SQLite file with a published 5-round Swiss of [`PLAYERS`].
    fn start() -> Venue {
        let ctx = TestContext::on(TestDb::on(None), 2);
        ctx.create_user("venue_orga", Role::Organiser);
        let server = Served::start(&ctx.db.url, free_port());
        let mut organiser = Client::new(server.port);
        organiser.login("venue_orga");
        let created = organiser.post(
            "/tournaments",
            &tournament_form(&[
                ("name", "Hall Open"),
                ("place", "Brno"),
                ("rounds", "5"),
                ("pairing_system", "swiss_dutch"),
                ("published", "on"),
            ]),
        );
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
        let address = created.location.expect("the new tournament's address");
        let id: i32 = address
            .rsplit('/')
            .next()
            .and_then(|id| id.parse().ok())
            .expect("a tournament id");
        let mut csv = String::from("name,rating,fide_id\n");
        for number in 1..=PLAYERS {
            csv.push_str(&format!(
                "\"Player{number:02}, Test\",{},{}\n",
                2400 - 10 * number,
                4_100_000 + number
            ));
        }
        let imported = organiser.post(
            &format!("{address}/players/import"),
            &[("csv", &csv), ("action", "import")],
        );
        assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
        Venue {
            server,
            ctx,
            organiser,
            id,
        }
    }

    fn port(&self) -> u16 {
        self.server.port
    }

    /// The event's public id.
    fn public_id(&self) -> String {
        #[derive(QueryableByName)]
        struct Id {
            #[diesel(sql_type = Text)]
            public_id: String,
        }
        let ids: Vec<Id> = self
            .ctx
            .with_conn(|conn| {
                diesel::sql_query(format!(
                    "SELECT public_id FROM tournament_public_ids WHERE tournament_id = {}",
                    self.id
                ))
                .load(conn)
            })
            .expect("read the public id");
        ids.into_iter().next().expect("the tournament").public_id
    }

    fn count(&self, sql: &str) -> i64 {
        let rows: Vec<Count> = self
            .ctx
            .with_conn(|conn| diesel::sql_query(sql).load(conn))
            .expect("count");
        rows.first().map_or(0, |row| row.n)
    }

    /// Revisions waiting in the outbox.
    fn waiting(&self) -> i64 {
        self.count(&format!(
            "SELECT COUNT(*) AS n FROM publish_outbox WHERE tournament_id = {}",
            self.id
        ))
    }

    /// Pairs the next round, publishes it and enters every result, each through the app as
    /// the arbiter does (one store write each).
    fn play_round(&mut self, number: i32) {
        let t = format!("/tournaments/{}", self.id);
        self.organiser
            .post(&format!("{t}/swiss/pair"), &[])
            .assert_redirect(&format!("{t}/rounds/{number}"));
        let published = self.organiser.post(
            &format!("{t}/rounds/{number}/publish"),
            &[("published", "true")],
        );
        assert_eq!(
            published.status,
            StatusCode::SEE_OTHER,
            "{}",
            published.body
        );
        let boards: Vec<BoardRow> = self
            .ctx
            .with_conn(|conn| {
                diesel::sql_query(format!(
                    "SELECT g.id, g.version, g.result FROM games g JOIN rounds r ON r.id = \
                     g.round_id WHERE r.tournament_id = {} AND r.number = {number} \
                     ORDER BY g.board",
                    self.id
                ))
                .load(conn)
            })
            .expect("read the boards");
        for (index, board) in boards.iter().enumerate() {
            if board.result.is_some() {
                continue; // a bye's result is set by the pairing
            }
            let result = ["1-0", "1/2-1/2", "0-1"][index % 3];
            let saved = self.organiser.post(
                &format!("{t}/games/{}", board.id),
                &[
                    ("result", result),
                    ("version", &board.version.to_string()),
                    ("back", "round"),
                ],
            );
            assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        }
    }

    /// The venue's own document.
    fn document(&self, public_id: &str) -> String {
        let page = get(self.port(), &format!("/api/v1/events/{public_id}"));
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        page.body
    }
}

/// Waits until the public server answers the venue's document (but the stamp); the time it
/// took.
fn caught_up(venue: &Venue, public: &Served, public_id: &str, within: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let expected = venue.document(public_id);
        let page = get(public.port, &format!("/api/v1/events/{public_id}"));
        if page.status == StatusCode::OK && unstamped(&page.body) == expected {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < within,
            "the public copy did not catch up within {within:?}: public {} {}, venue revision \
             {}",
            page.status,
            page.body.get(..200).unwrap_or(&page.body),
            revision_of(&expected)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `POST /api/v1/push` of `body` with `key`, as a venue sends it (plain JSON).
fn push(port: u16, key: &str, body: &str) -> (StatusCode, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let head = format!(
        "POST /api/v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: \
         Bearer {key}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("send");
    stream.write_all(body.as_bytes()).expect("send");
    read_status(&mut stream)
}

/// Sends `head` and then `body_bytes` bytes of `x` (chunked when `chunked`) from a thread of
/// its own, while this thread reads the answer: a server that refuses before reading the
/// whole body must still be heard.
fn push_large(port: u16, head: String, body_bytes: usize, chunked: bool) -> (StatusCode, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut writer = stream.try_clone().expect("clone the stream");
    let sender = std::thread::spawn(move || {
        let _ = writer.write_all(head.as_bytes());
        let chunk = vec![b'x'; 64 * 1024];
        let mut sent = 0;
        while sent < body_bytes {
            let part = &chunk[..chunk.len().min(body_bytes - sent)];
            let written = if chunked {
                writer
                    .write_all(format!("{:x}\r\n", part.len()).as_bytes())
                    .and_then(|()| writer.write_all(part))
                    .and_then(|()| writer.write_all(b"\r\n"))
            } else {
                writer.write_all(part)
            };
            if written.is_err() {
                return sent;
            }
            sent += part.len();
        }
        if chunked {
            let _ = writer.write_all(b"0\r\n\r\n");
        }
        sent
    });
    let answer = read_status(&mut stream);
    let sent = sender.join().expect("the sender");
    println!("large push: the sender wrote {sent} of {body_bytes} bytes");
    answer
}

/// Reads an answer's status and body (as far as it came).
fn read_status(stream: &mut TcpStream) -> (StatusCode, String) {
    let mut raw = Vec::new();
    let mut buffer = [0u8; 8192];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buffer[..n]),
            Err(_) if !raw.is_empty() => break,
            Err(error) => panic!("no answer: {error}"),
        }
        // The answers here are small: stop once the whole body has come.
        let text = String::from_utf8_lossy(&raw);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                })
                .unwrap_or(usize::MAX);
            if body.len() >= length {
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse::<u16>().ok())
        .and_then(|code| StatusCode::from_u16(code).ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    (status, body.to_owned())
}

/// The document with its revision raised by `by` (a push newer than the one stored).
fn with_revision(document: &str, revision: i64) -> String {
    let mut value: serde_json::Value = serde_json::from_str(document).expect("JSON");
    value["revision"] = serde_json::json!(revision);
    value["published_at"] = serde_json::Value::Null;
    serde_json::to_string(&value).expect("JSON")
}

#[test]
fn venue_publishes_through_an_outage_and_a_crash_and_the_public_server_refuses_bad_pushes() {
    // The public server and its organisers' keys (made with the command line).
    let public_ctx = TestContext::on(TestDb::new(), 2);
    let public_url = public_ctx.db.url.clone();
    public_ctx.create_user("orga", Role::Organiser);
    public_ctx.create_user("rival", Role::Organiser);
    let key = arbiter(
        &public_url,
        &["keys", "create", "--organiser", "orga", "--label", "hall"],
    );
    assert!(key.starts_with("arbk_") && key.len() == 69, "{key}");
    let rival_key = arbiter(&public_url, &["keys", "create", "--organiser", "rival"]);
    let revoked_key = arbiter(&public_url, &["keys", "create", "--organiser", "orga"]);
    let listed = arbiter(&public_url, &["keys", "list", "--organiser", "orga"]);
    assert!(!listed.contains(&key), "the key is never shown again");
    let revoked_id = listed
        .lines()
        .map(|line| line.split('\t').next().unwrap_or_default())
        .max_by_key(|id| id.parse::<i32>().unwrap_or(0))
        .expect("two keys")
        .to_owned();
    arbiter(
        &public_url,
        &["keys", "revoke", &revoked_id, "--organiser", "orga"],
    );
    let public_port = free_port();
    let public = Served::start(&public_url, public_port);

    // The venue: an event with round 1 played, published to the public server.
    let mut venue = Venue::start();
    let public_id = venue.public_id();
    venue.play_round(1);
    arbiter(
        &venue.ctx.db.url,
        &[
            "publish",
            "set",
            "--tournament",
            &venue.id.to_string(),
            "--url",
            &format!("http://127.0.0.1:{public_port}"),
            "--key",
            &key,
        ],
    );
    let took = caught_up(&venue, &public, &public_id, CATCH_UP);
    println!("first publication: {took:?}");
    let first = get(public.port, &format!("/api/v1/events/{public_id}")).body;
    let first_revision = revision_of(&first);
    let stamp = serde_json::from_str::<serde_json::Value>(&first).expect("JSON")["published_at"]
        .as_str()
        .map(str::to_owned)
        .expect("the public copy carries its published-at stamp");
    assert!(stamp.ends_with('Z'), "{stamp}");
    let page = get(public.port, &format!("/events/{public_id}"));
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.text("#published-from-venue")
            .is_some_and(|text| text.contains("Published from the venue at")),
        "{}",
        page.body
    );
    assert_eq!(page.texts("#standings tbody tr").len(), PLAYERS);
    let page = get(venue.port(), &format!("/events/{public_id}"));
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let listed = get(public.port, "/api/v1/events?q=hall");
    assert!(listed.body.contains(&public_id), "{}", listed.body);
    // The venue records the acknowledgement just after the public server applied it.
    let deadline = Instant::now() + Duration::from_secs(5);
    while venue.waiting() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let page = venue.organiser.get(&format!("/tournaments/{}", venue.id));
    let status = page.text("#publish-status").unwrap_or_default();
    assert!(status.contains("Published up to revision"), "{status}");

    // The public server goes down for two rounds.
    public.kill();
    venue.play_round(2);
    venue.play_round(3);
    std::thread::sleep(Duration::from_secs(2));
    let waiting = venue.waiting();
    assert!(waiting >= 10, "changes waiting in the outbox: {waiting}");
    let page = venue.organiser.get(&format!("/tournaments/{}", venue.id));
    let status = page.text("#publish-status").unwrap_or_default();
    assert!(
        status.contains("Offline since") && status.contains(&format!("{waiting} changes")),
        "{status}"
    );
    let down_for = Instant::now();
    let public = Served::start(&public_url, public_port);
    let took = caught_up(&venue, &public, &public_id, CATCH_UP);
    println!(
        "back after the outage: equal {took:?} after the public server answered again, {:?} \
         after its start ({waiting} changes were waiting)",
        down_for.elapsed()
    );
    let deadline = Instant::now() + Duration::from_secs(5);
    while venue.waiting() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(venue.waiting(), 0, "the outbox is empty once acknowledged");
    let current = get(public.port, &format!("/api/v1/events/{public_id}")).body;
    let current_revision = revision_of(&current);
    assert!(current_revision > first_revision);
    let json: serde_json::Value = serde_json::from_str(&current).expect("JSON");
    assert_eq!(json["rounds"].as_array().map(Vec::len), Some(3));
    assert_eq!(json["standings"]["after_round"], 3);
    assert_eq!(json["players"][0]["fide_id"], 4_100_001);

    // ETag: a reload answers 304.
    let etag = {
        let mut stream = TcpStream::connect(("127.0.0.1", public.port)).expect("connect");
        stream
            .write_all(
                format!(
                    "GET /api/v1/events/{public_id} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                )
                .as_bytes(),
            )
            .expect("send");
        let mut raw = String::new();
        stream.read_to_string(&mut raw).expect("read");
        raw.lines()
            .find_map(|line| line.strip_prefix("etag: ").or(line.strip_prefix("ETag: ")))
            .map(str::to_owned)
            .expect("an ETag")
    };
    let mut stream = TcpStream::connect(("127.0.0.1", public.port)).expect("connect");
    stream
        .write_all(
            format!(
                "GET /api/v1/events/{public_id} HTTP/1.1\r\nHost: x\r\nIf-None-Match: {etag}\r\n\
                 Connection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .expect("send");
    assert_eq!(read_status(&mut stream).0, StatusCode::NOT_MODIFIED);

    // Hostile pushes: each refused (or ignored) and nothing changes.
    let unchanged = |what: &str| {
        let now = get(public.port, &format!("/api/v1/events/{public_id}")).body;
        assert_eq!(now, current, "{what} changed the public copy");
    };
    let (status, answer) = push(public.port, &key, &unstamped(&first));
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer.contains("\"ignored\""), "{answer}");
    unchanged("a replayed older push");
    let (status, answer) = push(public.port, &key, &unstamped(&current));
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer.contains("\"ignored\""), "{answer}");
    unchanged("the same revision again");
    let newer = with_revision(&current, current_revision + 1000);
    let (status, answer) = push(public.port, &rival_key, &newer);
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    assert!(answer.contains("another organiser"), "{answer}");
    unchanged("another organiser's key");
    let (status, answer) = push(public.port, &revoked_key, &newer);
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    assert!(answer.contains("revoked"), "{answer}");
    unchanged("a revoked key");
    let (status, answer) = push(public.port, "arbk_not-a-key", &newer);
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
    unchanged("an unknown key");
    let (status, answer) = push(public.port, &key, &newer.replacen('{', "[", 1));
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer.contains("malformed"), "{answer}");
    unchanged("malformed JSON");
    let fifty_mb = 50 * 1024 * 1024;
    let head = format!(
        "POST /api/v1/push HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer \
         {key}\r\nContent-Type: application/json\r\nContent-Length: {fifty_mb}\r\n\r\n"
    );
    let (status, answer) = push_large(public.port, head, fifty_mb, false);
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(
        answer.contains("4194304 bytes"),
        "the bound is named: {answer}"
    );
    unchanged("a 50 MB body");
    let head = format!(
        "POST /api/v1/push HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer \
         {key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    let (status, answer) = push_large(public.port, head, 5 * 1024 * 1024, true);
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    unchanged("a 5 MB chunked body");

    // SIGKILL the venue while it pushes: results keep coming, the venue dies between (or
    // during) pushes, comes back, and the public copy catches up without going backwards.
    let watcher_port = public.port;
    let watched_id = public_id.clone();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stopped = stop.clone();
    let watcher = std::thread::spawn(move || {
        let mut seen = Vec::new();
        while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
            let page = get(watcher_port, &format!("/api/v1/events/{watched_id}"));
            if page.status == StatusCode::OK {
                seen.push(revision_of(&page.body));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        seen
    });
    venue.play_round(4);
    std::thread::sleep(Duration::from_millis(700));
    venue.server = venue.server.restart();
    venue.organiser = Client::new(venue.port());
    venue.organiser.login("venue_orga");
    venue.play_round(5);
    venue.server = venue.server.restart();
    let took = caught_up(&venue, &public, &public_id, CATCH_UP);
    println!("after two SIGKILLs of the venue: equal in {took:?}");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let seen = watcher.join().expect("the watcher");
    assert!(
        seen.windows(2).all(|pair| pair[0] <= pair[1]),
        "the public revision went down: {seen:?}"
    );
    let last: serde_json::Value = serde_json::from_str(&venue.document(&public_id)).expect("JSON");
    assert_eq!(last["standings"]["after_round"], 5, "nothing was lost");
    println!(
        "public revisions seen during the crashes: {} reads, {} distinct",
        seen.len(),
        {
            let mut distinct = seen.clone();
            distinct.dedup();
            distinct.len()
        }
    );
}
