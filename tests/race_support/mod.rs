//! Races of the tournament day, fought through the real server: an `actix_web::HttpServer`
//! with several workers running `arbiter::web::app` on a loopback port (as `arbiter serve`
//! does), on the test's database, and logged-in clients (session cookie and CSRF token) each on
//! a TCP connection of its own.
//!
//! Shared by `tests/web_races.rs`, which asserts, and `benches/races.rs`, which prints the
//! table; both include it with `#[path]` beside `tests/common/mod.rs`.
//!
//! **Overlap.** Every client connects and sends its whole request but the last byte of the
//! body before a `std::sync::Barrier`; once all threads are there, each sends its last byte, so
//! the handlers run together (the form extractor waits for that byte). On the client, a request
//! lasts from its last byte sent to its answer read; a request *overlapped* when that interval
//! meets another request's. The figures give the requests that overlapped and the most in
//! flight at one instant.
//!
//! **The contract checked.** An answer 303 (or 200) acknowledges the change: it must then be
//! in the database. 404, 409 and 422 refuse it: nothing was saved. Anything else (500 above
//! all) is neither, and is counted apart.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier, mpsc};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use actix_web::HttpServer;
use actix_web::dev::ServerHandle;
use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use arbiter::web::slow_clients;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};

use crate::common::{PASSWORD, Page, TestContext, TestDb, encode, tournament_form};

/// Worker threads of the server (`arbiter serve` starts one per core).
pub const WORKERS: usize = 4;
/// Connections in the pool (the default of `arbiter serve --pool-size`).
pub const POOL_SIZE: u32 = 8;
/// Arbiter accounts assigned to every event; result writers take them in turn.
pub const ARBITERS: usize = 4;
/// The environment variable that sets how many trials a scenario runs.
pub const TRIALS_ENV: &str = "ARBITER_RACE_TRIALS";

/// Players of the round unpaired in scenario 1.
pub const UNPAIR_PLAYERS: usize = 40;
/// Result writers racing the unpair in scenario 1, one board each. Few writers lose more
/// results than many: on today's code 4 lost a result in about a fifth of the trials, 20 in
/// about a sixth on PostgreSQL and a tenth on SQLite (where the writers' own lock errors
/// stop most of them).
pub const UNPAIR_WRITERS: usize = ARBITERS;
/// Players of the round in scenario 2.
pub const SWAP_PLAYERS: usize = 20;
/// Writers on boards of their own in scenario 3a (a round of twice as many players).
pub const APART_WRITERS: usize = 50;
/// Writers on the same board in scenario 3b.
pub const SAME_BOARD_WRITERS: usize = 20;
/// Players of the round in scenario 3b.
const SAME_BOARD_PLAYERS: usize = 10;

/// The results posted on the boards of a trial, in turn.
const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];

/// How long a client waits for an answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);

/// How many trials to run: `ARBITER_RACE_TRIALS`, else `default`.
pub fn trials(default: usize) -> usize {
    std::env::var(TRIALS_ENV)
        .ok()
        .and_then(|value| value.trim().parse().ok())
        .filter(|trials| *trials > 0)
        .unwrap_or(default)
}

/// The real app on a loopback port, run by an actix system of its own on a background thread;
/// stopped when dropped.
pub struct Server {
    /// The port on 127.0.0.1.
    pub port: u16,
    handle: ServerHandle,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts `arbiter::web::app` on the context's state with `workers` workers.
    pub fn start(ctx: &TestContext, workers: usize) -> Server {
        let state = ctx.state.clone();
        let (sender, receiver) = mpsc::channel();
        let thread = thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server = HttpServer::new(move || arbiter::web::app(state.clone()))
                    .client_request_timeout(slow_clients::HEAD_TIMEOUT)
                    .client_disconnect_timeout(slow_clients::DISCONNECT_TIMEOUT)
                    .workers(workers)
                    .disable_signals()
                    .bind(("127.0.0.1", 0))
                    .expect("listen on a loopback port");
                let port = server.addrs()[0].port();
                let running = server.run();
                sender
                    .send((port, running.handle()))
                    .expect("report the port");
                running.await.expect("the server runs");
            });
        });
        let (port, handle) = receiver.recv().expect("the server started");
        Server {
            port,
            handle,
            thread: Some(thread),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // The stop command is sent at once; the thread ends when the server has stopped.
        drop(self.handle.stop(false));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A browser over plain HTTP/1.1: a new connection per request, the session cookie kept, the
/// session's CSRF token known.
#[derive(Clone)]
pub struct Client {
    /// The server's port.
    pub port: u16,
    cookies: BTreeMap<String, String>,
    csrf_token: String,
}

impl Client {
    /// A client of the server on `port`, without cookies.
    pub fn new(port: u16) -> Client {
        Client {
            port,
            cookies: BTreeMap::new(),
            csrf_token: String::new(),
        }
    }

    /// Logs in through the form (password [`PASSWORD`]); panics unless it redirects home.
    pub fn login(&mut self, username: &str) {
        self.refresh_csrf_token();
        let page = self.post(
            "/login",
            &[
                ("username", username),
                ("password", PASSWORD),
                ("next", "/"),
            ],
        );
        page.assert_redirect("/");
        self.refresh_csrf_token();
    }

    /// Reads the session's CSRF token from the login page's form (a visitor's session, before
    /// or without logging in).
    pub fn refresh_csrf_token(&mut self) {
        let page = self.get("/login");
        self.csrf_token = page
            .attrs("input[name=csrf_token]", "value")
            .into_iter()
            .next()
            .expect("the login page carries a CSRF token");
    }

    /// `GET path`.
    pub fn get(&mut self, path: &str) -> Page {
        let request = self.request("GET", path, None);
        self.exchange(&request)
    }

    /// `POST path` with the form and the CSRF token, like a browser.
    pub fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let request = self.request("POST", path, Some(form));
        self.exchange(&request)
    }

    /// Connects and sends `POST path` but for its last byte: the request waits in the server
    /// until [`Armed::fire`].
    pub fn arm(&self, path: &str, form: &[(&str, &str)]) -> Armed {
        let mut request = self.request("POST", path, Some(form));
        let last = request.pop().expect("a form body is never empty");
        let mut stream = connect(self.port);
        stream.write_all(&request).expect("send the request");
        Armed { stream, last }
    }

    /// The bytes of a request with the cookies; a form gets the CSRF token first.
    fn request(&self, method: &str, path: &str, form: Option<&[(&str, &str)]>) -> Vec<u8> {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n",
            self.port
        );
        if !self.cookies.is_empty() {
            let cookies: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            head.push_str(&format!("Cookie: {}\r\n", cookies.join("; ")));
        }
        let body = form.map(|form| {
            std::iter::once(("csrf_token", self.csrf_token.as_str()))
                .chain(form.iter().copied())
                .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
                .collect::<Vec<_>>()
                .join("&")
        });
        if let Some(body) = &body {
            head.push_str(&format!(
                "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        head.push_str(body.as_deref().unwrap_or_default());
        head.into_bytes()
    }

    /// Sends a request and keeps the cookies its answer sets.
    fn exchange(&mut self, request: &[u8]) -> Page {
        let mut stream = connect(self.port);
        stream.write_all(request).expect("send the request");
        let (page, set_cookies) = read_answer(&mut stream);
        for cookie in set_cookies {
            let pair = cookie.split(';').next().unwrap_or_default();
            let Some((name, value)) = pair.split_once('=') else {
                continue;
            };
            let expired = value.is_empty() || cookie.to_ascii_lowercase().contains("max-age=0");
            if expired {
                self.cookies.remove(name.trim());
            } else {
                self.cookies
                    .insert(name.trim().to_owned(), value.trim().to_owned());
            }
        }
        page
    }
}

/// A connection to the server with a read timeout.
fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect to the server");
    stream
        .set_read_timeout(Some(ANSWER_TIMEOUT))
        .expect("set a read timeout");
    stream.set_nodelay(true).expect("no Nagle delay");
    stream
}

/// Reads a whole answer (the server closes the connection after it, as asked) and returns it
/// with the `Set-Cookie` values. Bodies are taken as sent (the app sends sized bodies).
fn read_answer(stream: &mut TcpStream) -> (Page, Vec<String>) {
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read the answer");
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse::<u16>().ok())
        .and_then(|code| StatusCode::from_u16(code).ok())
        .unwrap_or_else(|| panic!("no HTTP status in {head:?}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
    };
    let page = Page {
        status,
        location: header("location"),
        content_type: header("content-type"),
        retry_after: header("retry-after"),
        disposition: header("content-disposition"),
        body: body.to_owned(),
        bytes: body.as_bytes().to_vec(),
    };
    let cookies = headers
        .iter()
        .filter(|(key, _)| key == "set-cookie")
        .map(|(_, value)| value.clone())
        .collect();
    (page, cookies)
}

/// A request sent but for its last byte.
pub struct Armed {
    stream: TcpStream,
    last: u8,
}

impl Armed {
    /// Sends the last byte and reads the answer, timing both.
    pub fn fire(mut self) -> Shot {
        let start = Instant::now();
        self.stream
            .write_all(&[self.last])
            .expect("send the last byte");
        let (page, _) = read_answer(&mut self.stream);
        Shot {
            page,
            start,
            end: Instant::now(),
        }
    }
}

/// Releases every armed request at once, each on a thread of its own held at a barrier; the
/// answers in the same order.
pub fn fire_together(armed: Vec<Armed>) -> Vec<Shot> {
    let barrier = Arc::new(Barrier::new(armed.len()));
    let threads: Vec<_> = armed
        .into_iter()
        .map(|armed| {
            let barrier = Arc::clone(&barrier);
            thread::spawn(move || {
                barrier.wait();
                armed.fire()
            })
        })
        .collect();
    threads
        .into_iter()
        .map(|thread| thread.join().expect("a request thread"))
        .collect()
}

/// What the app answered, as the contract reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// 303 (not to the login page) or 200: saved.
    Acknowledged,
    /// 404, 409, 422: nothing saved.
    Refused,
    /// 5xx.
    ServerError,
    /// Anything else (a 403 of a lost session, a 400): the harness is at fault.
    Unexpected,
}

/// One request's answer and when it was in flight.
#[derive(Debug)]
pub struct Shot {
    /// The answer.
    pub page: Page,
    /// The last byte sent.
    pub start: Instant,
    /// The answer read.
    pub end: Instant,
}

impl Shot {
    /// The answer as the contract reads it.
    pub fn answer(&self) -> Answer {
        let to_login = self
            .page
            .location
            .as_deref()
            .is_some_and(|location| location.starts_with("/login"));
        match self.page.status.as_u16() {
            200 => Answer::Acknowledged,
            303 if !to_login => Answer::Acknowledged,
            404 | 409 | 422 => Answer::Refused,
            500..=599 => Answer::ServerError,
            _ => Answer::Unexpected,
        }
    }

    /// True when the answer acknowledges the change.
    pub fn acknowledged(&self) -> bool {
        self.answer() == Answer::Acknowledged
    }

    /// True when the two requests were in flight together.
    pub fn meets(&self, other: &Shot) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// How much the requests of one trial overlapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlap {
    /// Requests in flight together with at least one other.
    pub overlapped: usize,
    /// The most requests in flight at one instant.
    pub max_in_flight: usize,
}

impl Overlap {
    /// The overlap of `shots`.
    pub fn of(shots: &[Shot]) -> Overlap {
        let overlapped = shots
            .iter()
            .enumerate()
            .filter(|(i, shot)| {
                shots
                    .iter()
                    .enumerate()
                    .any(|(j, other)| *i != j && shot.meets(other))
            })
            .count();
        // The most in flight is reached at some request's start.
        let max_in_flight = shots
            .iter()
            .map(|shot| {
                shots
                    .iter()
                    .filter(|other| other.start <= shot.start && shot.start < other.end)
                    .count()
            })
            .max()
            .unwrap_or(0);
        Overlap {
            overlapped,
            max_in_flight,
        }
    }
}

/// The figures of one scenario over its trials.
#[derive(Debug, Clone, Default)]
pub struct Figures {
    /// What was raced.
    pub scenario: String,
    /// `SQLite` or `PostgreSQL`.
    pub backend: &'static str,
    /// Trials run.
    pub trials: usize,
    /// Trials that broke the contract.
    pub failed_trials: usize,
    /// Requests raced.
    pub requests: usize,
    /// Requests in flight together with another.
    pub overlapped: usize,
    /// The most in flight at one instant, over all trials.
    pub max_in_flight: usize,
    /// Answers that acknowledged a change.
    pub acknowledged: usize,
    /// Acknowledged results lost or credited to other players, or refusals without a conflict
    /// (what the scenario forbids).
    pub wrong: usize,
    /// Answers 409.
    pub conflicts: usize,
    /// Answers 5xx.
    pub server_errors: usize,
    /// Answers outside the contract (see [`Answer::Unexpected`]).
    pub unexpected: usize,
    /// One line per failed trial.
    pub failures: Vec<String>,
}

impl Figures {
    /// Adds a trial: its answers, how many of them broke the contract, whether it failed, and
    /// what the scenario has to say; prints the trial's line.
    fn record(&mut self, trial: usize, shots: &[Shot], wrong: usize, failed: bool, note: &str) {
        let overlap = Overlap::of(shots);
        let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
        for shot in shots {
            *statuses.entry(shot.page.status.as_u16()).or_default() += 1;
        }
        let statuses: Vec<String> = statuses
            .iter()
            .map(|(status, count)| format!("{status}×{count}"))
            .collect();
        let line = format!(
            "{} [{}] trial {trial}: {} requests, {} overlapped, max {} in flight; answers {}; {note}",
            self.scenario,
            self.backend,
            shots.len(),
            overlap.overlapped,
            overlap.max_in_flight,
            statuses.join(" "),
        );
        println!("{line}");
        self.trials += 1;
        self.requests += shots.len();
        self.overlapped += overlap.overlapped;
        self.max_in_flight = self.max_in_flight.max(overlap.max_in_flight);
        self.wrong += wrong;
        for shot in shots {
            match shot.answer() {
                Answer::Acknowledged => self.acknowledged += 1,
                Answer::ServerError => self.server_errors += 1,
                Answer::Unexpected => self.unexpected += 1,
                Answer::Refused => {}
            }
            if shot.page.status == StatusCode::CONFLICT {
                self.conflicts += 1;
            }
        }
        if failed {
            self.failed_trials += 1;
            self.failures.push(line);
        }
    }

    /// The figures as a table with a header.
    pub fn table(all: &[Figures]) -> String {
        let mut out = format!(
            "{:<34} {:<10} {:>6} {:>6} {:>8} {:>10} {:>9} {:>5} {:>5} {:>5} {:>5}\n",
            "scenario",
            "backend",
            "trials",
            "failed",
            "requests",
            "overlapped",
            "in flight",
            "acked",
            "wrong",
            "409s",
            "500s"
        );
        for f in all {
            out.push_str(&format!(
                "{:<34} {:<10} {:>6} {:>6} {:>8} {:>10} {:>9} {:>5} {:>5} {:>5} {:>5}\n",
                f.scenario,
                f.backend,
                f.trials,
                f.failed_trials,
                f.requests,
                f.overlapped,
                f.max_in_flight,
                f.acknowledged,
                f.wrong,
                f.conflicts,
                f.server_errors
            ));
        }
        out
    }
}

/// A board as the database holds it (read with plain SQL, not through the app's models).
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct Board {
    /// `games.id`.
    #[diesel(sql_type = Integer)]
    pub id: i32,
    /// Board number.
    #[diesel(sql_type = Integer)]
    pub board: i32,
    /// White (or the player with the bye): a `players.id`.
    #[diesel(sql_type = Integer)]
    pub white_id: i32,
    /// Black; `None` on a bye.
    #[diesel(sql_type = Nullable<Integer>)]
    pub black_id: Option<i32>,
    /// Result code.
    #[diesel(sql_type = Nullable<Text>)]
    pub result: Option<String>,
    /// The optimistic-locking version the result form carries.
    #[diesel(sql_type = Integer)]
    pub version: i32,
}

impl Board {
    /// True when `now` is this board with the same players and `result`.
    fn holds(&self, now: Option<&Board>, result: &str) -> bool {
        now.is_some_and(|now| {
            (now.id, now.board, now.white_id, now.black_id)
                == (self.id, self.board, self.white_id, self.black_id)
                && now.result.as_deref() == Some(result)
        })
    }
}

/// The columns of [`Board`].
pub const BOARD_COLUMNS: &str = "g.id, g.board, g.white_id, g.black_id, g.result, g.version";

/// A tournament freshly paired for one trial.
pub struct Event {
    /// Tournament id.
    pub id: i32,
    /// The boards of round 1, in board order.
    pub boards: Vec<Board>,
}

impl Event {
    /// The boards with two players.
    pub fn games(&self) -> impl Iterator<Item = &Board> {
        self.boards.iter().filter(|board| board.black_id.is_some())
    }
}

/// The result the `index`-th writer of a trial posts.
pub fn result_of(index: usize) -> &'static str {
    RESULTS[index % RESULTS.len()]
}

/// What the race's tournament changes in the form: a published Dutch Swiss of 9 rounds.
const SWISS: [(&str, &str); 4] = [
    ("name", "Race Open"),
    ("rounds", "9"),
    ("pairing_system", "swiss_dutch"),
    ("published", "on"),
];

/// The server, its database and the logged-in people: the organiser who owns every event and
/// [`ARBITERS`] arbiters assigned to each.
pub struct Race {
    /// Declared first: the server stops before the database goes.
    #[expect(dead_code, reason = "held for its Drop, which stops the server")]
    server: Server,
    /// The organiser, logged in.
    pub owner: Client,
    /// The arbiters, logged in.
    pub arbiters: Vec<Client>,
    /// The database and the app's state.
    pub ctx: TestContext,
}

impl Race {
    /// Starts the app on `db` and logs everybody in.
    pub fn start(db: TestDb) -> Race {
        let ctx = TestContext::on(db, POOL_SIZE);
        // Open every connection of the pool now (it opens them on demand), so that the first
        // trial runs on as many connections as the later ones.
        let warm: Vec<_> = (0..POOL_SIZE)
            .map(|_| ctx.pool.get().expect("a connection"))
            .collect();
        drop(warm);
        let server = Server::start(&ctx, WORKERS);
        ctx.create_user("orga", Role::Organiser);
        let mut owner = Client::new(server.port);
        owner.login("orga");
        let arbiters = (1..=ARBITERS)
            .map(|number| {
                let name = format!("arbiter{number}");
                ctx.create_user(&name, Role::Arbiter);
                let mut arbiter = Client::new(server.port);
                arbiter.login(&name);
                arbiter
            })
            .collect();
        Race {
            server,
            owner,
            arbiters,
            ctx,
        }
    }

    /// `SQLite` or `PostgreSQL`.
    pub fn backend(&self) -> &'static str {
        if self.ctx.db.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    }

    /// The arbiter who writes the `index`-th result of a trial.
    fn arbiter(&self, index: usize) -> &Client {
        &self.arbiters[index % self.arbiters.len()]
    }

    /// Empty figures of a scenario on this backend.
    fn figures(&self, scenario: String) -> Figures {
        Figures {
            scenario,
            backend: self.backend(),
            ..Figures::default()
        }
    }

    /// A new Swiss with `players` players (imported by CSV), the arbiters assigned and round 1
    /// paired (not published), through the app as an organiser does it.
    pub fn paired_event(&mut self, players: usize) -> Event {
        let created = self.owner.post("/tournaments", &tournament_form(&SWISS));
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
        let t = created.location.expect("the new tournament's address");
        let id: i32 = t
            .rsplit('/')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("a tournament address: {t}"));
        let mut csv = String::from("name,rating\n");
        for number in 1..=players {
            csv.push_str(&format!(
                "\"Racer{number:03}, Test\",{}\n",
                2600 - 5 * number
            ));
        }
        let imported = self.owner.post(
            &format!("{t}/players/import"),
            &[("csv", &csv), ("action", "import")],
        );
        assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
        for number in 1..=ARBITERS {
            let assigned = self.owner.post(
                &format!("{t}/arbiters"),
                &[("username", &format!("arbiter{number}"))],
            );
            assert_eq!(assigned.status, StatusCode::SEE_OTHER, "{}", assigned.body);
        }
        self.owner
            .post(&format!("{t}/swiss/pair"), &[])
            .assert_redirect(&format!("{t}/rounds/1"));
        Event {
            id,
            boards: self.boards(id),
        }
    }

    /// The boards of round 1 of a tournament, in board order.
    fn boards(&self, tournament: i32) -> Vec<Board> {
        self.query(&format!(
            "SELECT {BOARD_COLUMNS} FROM games g JOIN rounds r ON r.id = g.round_id \
             WHERE r.tournament_id = {tournament} AND r.number = 1 ORDER BY g.board"
        ))
    }

    /// The board with this `games.id`, if it is still there.
    fn game(&self, id: i32) -> Option<Board> {
        self.query(&format!(
            "SELECT {BOARD_COLUMNS} FROM games g WHERE g.id = {id}"
        ))
        .into_iter()
        .next()
    }

    fn query(&self, sql: &str) -> Vec<Board> {
        self.ctx
            .with_conn(|conn| diesel::sql_query(sql).load(conn))
            .expect("read the boards")
    }

    /// The `index`-th writer's result on `board`, armed: the `index`-th arbiter posts
    /// [`result_of`]`(index)` from the version read before the race.
    fn arm_result(&self, event: &Event, board: &Board, index: usize) -> Armed {
        let version = board.version.to_string();
        self.arbiter(index).arm(
            &format!("/tournaments/{}/games/{}", event.id, board.id),
            &[
                ("result", result_of(index)),
                ("version", &version),
                ("back", "round"),
            ],
        )
    }

    /// True unless `shot` acknowledged the `index`-th writer's result on `board` and the
    /// database does not hold it there (same game, same players, same result).
    fn kept(&self, shot: &Shot, board: &Board, index: usize) -> bool {
        !shot.acknowledged() || board.holds(self.game(board.id).as_ref(), result_of(index))
    }

    /// Scenario 1: per trial, a freshly paired round of [`UNPAIR_PLAYERS`]; [`UNPAIR_WRITERS`]
    /// arbiters each post a result on a board of their own while the organiser unpairs the
    /// round. Wrong: an
    /// acknowledged result that is not on its board afterwards (same game, same players, same
    /// result); a trial also fails when both the unpair and a result were acknowledged.
    pub fn unpair_against_results(&mut self, trials: usize) -> Figures {
        let (players, writers) = (UNPAIR_PLAYERS, UNPAIR_WRITERS);
        let mut figures = self.figures(format!("unpair vs {writers} results"));
        for trial in 1..=trials {
            let event = self.paired_event(players);
            let boards: Vec<Board> = event.games().take(writers).cloned().collect();
            let mut armed = vec![
                self.owner
                    .arm(&format!("/tournaments/{}/swiss/unpair", event.id), &[]),
            ];
            for (index, board) in boards.iter().enumerate() {
                armed.push(self.arm_result(&event, board, index));
            }
            let shots = fire_together(armed);
            let (unpair, results) = shots.split_first().expect("the unpair was sent");
            let acknowledged = results.iter().filter(|shot| shot.acknowledged()).count();
            let lost = results
                .iter()
                .zip(&boards)
                .enumerate()
                .filter(|(index, (shot, board))| !self.kept(shot, board, *index))
                .count();
            let both = unpair.acknowledged() && acknowledged > 0;
            let beside = results.iter().filter(|shot| shot.meets(unpair)).count();
            let note = format!(
                "unpair {} (overlapped {beside} of {writers} results); {acknowledged} results acknowledged, {lost} of them lost{}",
                unpair.page.status.as_u16(),
                if both {
                    "; unpair and results both acknowledged"
                } else {
                    ""
                }
            );
            figures.record(trial, &shots, lost, lost > 0 || both, &note);
        }
        figures
    }

    /// Scenario 2: per trial, a freshly paired round of [`SWAP_PLAYERS`]; the result of board 1
    /// is posted from the version read before the race while the organiser swaps board 1's white
    /// with board 2's white. Wrong: an acknowledged result whose game no longer has the two
    /// players it had when the version was read.
    pub fn swap_against_result(&mut self, trials: usize) -> Figures {
        let mut figures = self.figures("swap vs result".to_owned());
        for trial in 1..=trials {
            let event = self.paired_event(SWAP_PLAYERS);
            let mut games = event.games();
            let (board, other) = (
                games.next().expect("board 1").clone(),
                games.next().expect("board 2").clone(),
            );
            let swap = self.owner.arm(
                &format!("/tournaments/{}/swiss/swap", event.id),
                &[
                    ("first", &board.white_id.to_string()),
                    ("second", &other.white_id.to_string()),
                    ("confirm", "1"),
                ],
            );
            let result = self.arm_result(&event, &board, 0);
            let shots = fire_together(vec![swap, result]);
            let now = self.game(board.id);
            let misattributed = !self.kept(&shots[1], &board, 0);
            let note = format!(
                "swap {}, result {}; board 1 was {} v {:?}, is {:?}{}",
                shots[0].page.status.as_u16(),
                shots[1].page.status.as_u16(),
                board.white_id,
                board.black_id,
                now.as_ref()
                    .map(|now| (now.white_id, now.black_id, now.result.clone())),
                if misattributed { "; MISATTRIBUTED" } else { "" }
            );
            figures.record(
                trial,
                &shots,
                usize::from(misattributed),
                misattributed,
                &note,
            );
        }
        figures
    }

    /// Scenario 3a: per trial, [`APART_WRITERS`] arbiters each post a result on a board of
    /// their own (a round of twice as many players). Wrong: a refusal (there is no conflict to
    /// refuse for) or an acknowledged result not on its board; a trial also fails on any 5xx.
    pub fn writers_on_their_own_boards(&mut self, trials: usize) -> Figures {
        let writers = APART_WRITERS;
        let mut figures = self.figures(format!("{writers} writers, {writers} boards"));
        for trial in 1..=trials {
            let event = self.paired_event(2 * writers);
            let boards: Vec<Board> = event.games().take(writers).cloned().collect();
            assert_eq!(boards.len(), writers, "a board for every writer");
            let armed = boards
                .iter()
                .enumerate()
                .map(|(index, board)| self.arm_result(&event, board, index))
                .collect();
            let shots = fire_together(armed);
            let wrong = shots
                .iter()
                .zip(&boards)
                .enumerate()
                .filter(|(index, (shot, board))| {
                    shot.answer() == Answer::Refused || !self.kept(shot, board, *index)
                })
                .count();
            let errors = shots
                .iter()
                .filter(|shot| shot.answer() == Answer::ServerError)
                .count();
            let note = format!("{wrong} refused or lost without a conflict, {errors} answers 5xx");
            figures.record(trial, &shots, wrong, wrong > 0 || errors > 0, &note);
        }
        figures
    }

    /// Scenario 3b: per trial, [`SAME_BOARD_WRITERS`] arbiters post results on the same board
    /// from the same version. Exactly one must be acknowledged and be what the board holds;
    /// every other must be refused with 409. Wrong: each answer that is not so.
    pub fn writers_on_one_board(&mut self, trials: usize) -> Figures {
        let writers = SAME_BOARD_WRITERS;
        let mut figures = self.figures(format!("{writers} writers, 1 board"));
        for trial in 1..=trials {
            let event = self.paired_event(SAME_BOARD_PLAYERS);
            let board = event.games().next().expect("board 1").clone();
            let armed = (0..writers)
                .map(|index| self.arm_result(&event, &board, index))
                .collect();
            let shots = fire_together(armed);
            let winners: Vec<usize> = (0..writers)
                .filter(|index| shots[*index].acknowledged())
                .collect();
            let not_conflict = shots
                .iter()
                .filter(|shot| !shot.acknowledged() && shot.page.status != StatusCode::CONFLICT)
                .count();
            let now = self.game(board.id);
            let held = match winners.as_slice() {
                [winner] => board.holds(now.as_ref(), result_of(*winner)),
                _ => false,
            };
            let wrong = not_conflict + winners.len().saturating_sub(1) + usize::from(!held);
            let note = format!(
                "{} acknowledged, {not_conflict} not acknowledged without a 409; the board holds {:?}",
                winners.len(),
                now.and_then(|now| now.result)
            );
            figures.record(trial, &shots, wrong, wrong > 0, &note);
        }
        figures
    }
}
