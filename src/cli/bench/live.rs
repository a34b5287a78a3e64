//! `arbiter bench live [--boards 200] [--seconds 20] [--feeders 8] [--seed S]`: the arbiter's
//! console under a round fed live from electronic boards.
//!
//! A fresh SQLite database gets a tournament with `2 × boards` players and round 1 paired; the
//! app is served on a local port exactly as `arbiter serve` serves it; an arbiter logs in and
//! opens the round's console events (Server-Sent Events, over a real TCP connection). Then every
//! board changes position once a second for `--seconds` seconds: each board plays a random legal
//! game (made up in advance from `--seed`), one move a second, and its event (a LiveChess
//! board event, as a board relay sends it) is posted to the feed API
//! (`POST /api/v1/live/{id}/rounds/1/boards/{board}` with the feed key) by `--feeders` threads,
//! each with a kept-alive connection of its own.
//!
//! The **lag** of an event is the time from the board's change (its second's tick; the feeders
//! post at once, so a post that waits for the ones before it counts that wait) to the moment
//! the console's event stream reports the board at that move or later. One line: boards, events posted,
//! events a second achieved, the lag's median, 95th percentile and maximum in milliseconds, and
//! how many events were more than a second behind or never reported. Figures, not assertions.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use actix_web::{HttpServer, test};
use anyhow::Context;
use rand::{Rng, SeedableRng};

use crate::db;
use crate::db::models::{NewGame, NewPlayer, NewRound, NewTournament, NewUser, Role};
use crate::db::store::{create_account, create_tournament, issue_feed_key};
use crate::formats::live_feed::{BoardEvent, ClockReading};
use crate::rules::fen::board_fen;
use crate::rules::{Color, Position};
use crate::tournament::PointSystem;
use crate::tournament::rating_basis::{PairingRating, ReportedRating};
use crate::tournament::system::PairingSystem;
use crate::web::{self, AppConfig, AppState};

/// Arguments of `arbiter bench live`.
#[derive(Debug, clap::Args)]
pub struct LiveArgs {
    /// Boards of the round, each fed one position change a second.
    #[arg(long, default_value_t = 200)]
    pub boards: u32,
    /// Seconds of feeding.
    #[arg(long, default_value_t = 20)]
    pub seconds: u32,
    /// Threads posting the boards' events (each with a connection of its own).
    #[arg(long, default_value_t = 8)]
    pub feeders: u32,
    /// Seed of the made-up games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The arbiter's password in the bench's database.
const PASSWORD: &str = "bench-live-password";

/// Runs the bench.
pub fn run(args: &LiveArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.boards >= 1 && args.seconds >= 1 && args.feeders >= 1,
        "nothing to do"
    );
    let folder = std::env::temp_dir().join(format!("arbiter-bench-live-{}", std::process::id()));
    std::fs::create_dir_all(&folder).with_context(|| format!("{}", folder.display()))?;
    let outcome = measure(&folder.join("live.db").to_string_lossy(), args);
    std::fs::remove_dir_all(&folder).ok();
    outcome?;
    Ok(ExitCode::SUCCESS)
}

/// The games: for each board, its events, one a second (the first the starting position with
/// White's clock started).
fn games(boards: u32, plies: u32, seed: u64) -> Vec<Vec<BoardEvent>> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (1..=boards)
        .map(|board| {
            let mut position = Position::new();
            let event = |position: &Position, t: u64| BoardEvent {
                serialnr: format!("B{board}"),
                flipped: false,
                board: board_fen(position.board()),
                clock: Some(ClockReading {
                    white: Some(5400),
                    black: Some(5400),
                    run: Some(
                        if position.turn() == Color::White {
                            "white"
                        } else {
                            "black"
                        }
                        .to_owned(),
                    ),
                    time: None,
                }),
                t,
            };
            let mut events = vec![event(&position, 0)];
            for ply in 1..=plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                position.play_unchecked(m);
                events.push(event(&position, u64::from(ply) * 1000));
            }
            events
        })
        .collect()
}

/// An organiser, a tournament with `2 × boards` players and round 1 paired; its feed key.
fn seed(conn: &mut db::DbConn, boards: u32, state: &AppState) -> anyhow::Result<(i32, String)> {
    let stored = |error| anyhow::anyhow!("the bench's data was refused: {error:?}");
    let hash = web::auth::hash_password(PASSWORD)?;
    let owner = create_account(
        conn,
        NewUser {
            username: "arbiter",
            display_name: "Bench Arbiter",
            password_hash: &hash,
            role: Role::Organiser,
        },
    )
    .map_err(stored)?
    .context("the bench's account exists already")?;
    let today = db::now().date();
    let tournament = create_tournament(
        conn,
        &NewTournament {
            name: "Live bench".to_owned(),
            place: "Brno".to_owned(),
            federation: "CZE".to_owned(),
            start_date: today,
            end_date: today,
            chief_arbiter: String::new(),
            time_control: "90+30".to_owned(),
            rounds: 9,
            pairing_system: PairingSystem::SwissDutch,
            swap_last_two_rounds: false,
            points: PointSystem::default().into(),
            default_time_minutes: 0,
            published: true,
            owner_id: owner.id,
            rating_type: crate::formats::fide_list::RatingKind::Standard,
            pairing_rating: PairingRating::default(),
            reported_rating: ReportedRating::default(),
            time_zone: String::new(),
        },
        owner.id,
    )
    .map_err(stored)?;
    let mut players = Vec::new();
    for index in 0..2 * boards {
        let player = NewPlayer {
            tournament_id: tournament,
            name: format!("Player {:04}, Bench", index + 1),
            fide_id: None,
            title: String::new(),
            rating: 2500 - i32::try_from(index).unwrap_or(0),
            federation: "CZE".to_owned(),
            birth_year: None,
            sex: String::new(),
            club: String::new(),
            birth_date: None,
            national_id: String::new(),
            national_rating: 0,
        }
        .insert(conn)?;
        players.push(player.id);
    }
    let round = NewRound {
        tournament_id: tournament,
        number: 1,
        published: true,
    }
    .insert(conn)?;
    for (index, pair) in players.chunks(2).enumerate() {
        NewGame {
            round_id: round.id,
            board: i32::try_from(index + 1).unwrap_or(i32::MAX),
            white_id: pair[0],
            black_id: Some(pair[1]),
            result: None,
            colourless: false,
        }
        .insert(conn)?;
    }
    let key = issue_feed_key(conn, tournament, false, &state.config.link_key(), owner.id)
        .map_err(stored)?
        .context("a feed key")?;
    Ok((tournament.0, key))
}

/// The session cookie of the arbiter, logged in through the app's own form (in-process).
fn log_in(state: &AppState) -> anyhow::Result<String> {
    actix_web::rt::System::new().block_on(async move {
        let app = test::init_service(web::app(state.clone())).await;
        let login =
            test::call_service(&app, test::TestRequest::get().uri("/login").to_request()).await;
        let cookie = cookie_of(&login);
        let body = String::from_utf8_lossy(&test::read_body(login).await).into_owned();
        let token = body
            .split("name=\"csrf_token\" value=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .context("the login form's CSRF token")?
            .to_owned();
        let form = format!("csrf_token={token}&username=arbiter&password={PASSWORD}&next=%2F");
        let request = test::TestRequest::post()
            .uri("/login")
            .insert_header(("Cookie", cookie))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(form)
            .to_request();
        let answer = test::call_service(&app, request).await;
        anyhow::ensure!(
            answer.status().is_redirection(),
            "login: {}",
            answer.status()
        );
        Ok(cookie_of(&answer))
    })
}

/// The cookies a response sets, as a `Cookie` header sends them back.
fn cookie_of<B>(response: &actix_web::dev::ServiceResponse<B>) -> String {
    response
        .response()
        .cookies()
        .map(|c| format!("{}={}", c.name(), c.value()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Serves the app on a free local port in a thread of its own; returns the port.
fn serve(state: AppState) -> anyhow::Result<u16> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(move || web::app(state.clone()))
                .workers(2)
                .bind(("127.0.0.1", 0));
            match server {
                Ok(server) => {
                    let _ = sender.send(server.addrs().first().map(|a| a.port()));
                    let _ = server.run().await;
                }
                Err(_) => {
                    let _ = sender.send(None);
                }
            }
        });
    });
    receiver
        .recv_timeout(Duration::from_secs(30))
        .ok()
        .flatten()
        .context("the app did not start")
}

/// Posts `body` to `path` on a kept-alive connection and reads the answer's status.
fn post(
    stream: &mut BufReader<TcpStream>,
    path: &str,
    key: &str,
    body: &str,
) -> anyhow::Result<u16> {
    // One write: a request in pieces would wait for the server's delayed ACK (Nagle).
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {key}\r\nContent-Type: application/x-ndjson\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.get_mut().write_all(request.as_bytes())?;
    let mut status = String::new();
    stream.read_line(&mut status)?;
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        stream.read_line(&mut line)?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut answer = vec![0; length];
    stream.read_exact(&mut answer)?;
    Ok(status
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0))
}

/// Seeds, serves, feeds and prints the line.
fn measure(url: &str, args: &LiveArgs) -> anyhow::Result<()> {
    let pool = db::connect_pool(url, 8)?;
    let session_key = web::session_key_from_database(&mut *pool.get()?)?;
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
    let (id, key) = seed(&mut *pool.get()?, args.boards, &state)?;
    let cookie = log_in(&state)?;
    let port = serve(state)?;
    let games = Arc::new(games(args.boards, args.seconds, args.seed));

    // The console's event stream: when each board was reported at which ply.
    let reported: Arc<Mutex<HashMap<(i32, usize), Instant>>> = Arc::default();
    let mut events = TcpStream::connect(("127.0.0.1", port))?;
    write!(
        events,
        "GET /tournaments/{id}/rounds/1/console/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n"
    )?;
    {
        let reported = reported.clone();
        let mut events = events.try_clone()?;
        std::thread::spawn(move || {
            let mut buffer = vec![0u8; 64 * 1024];
            let mut text = String::new();
            while let Ok(read) = events.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                let now = Instant::now();
                text.push_str(&String::from_utf8_lossy(&buffer[..read]));
                while let Some(end) = text.find("\n\n") {
                    let message: String = text.drain(..end + 2).collect();
                    let Some(data) = message.split("event: board\ndata: ").nth(1) else {
                        continue;
                    };
                    let Ok(line) = serde_json::from_str::<serde_json::Value>(data.trim()) else {
                        continue;
                    };
                    let board = line["board"].as_i64().unwrap_or(0) as i32;
                    let plies = line["plies"].as_u64().unwrap_or(0) as usize;
                    let mut reported = reported.lock().unwrap_or_else(|e| e.into_inner());
                    for ply in 0..=plies {
                        reported.entry((board, ply)).or_insert(now);
                    }
                }
            }
        });
    }
    std::thread::sleep(Duration::from_millis(300));

    // The feeders: board b's event k posted at second k.
    let sent: Arc<Mutex<HashMap<(i32, usize), Instant>>> = Arc::default();
    let started = Instant::now();
    let mut feeders = Vec::new();
    for feeder in 0..args.feeders {
        let (games, sent, key) = (games.clone(), sent.clone(), key.clone());
        let (boards, seconds, count) = (args.boards, args.seconds, args.feeders);
        feeders.push(std::thread::spawn(move || -> anyhow::Result<u32> {
            let connection = TcpStream::connect(("127.0.0.1", port))?;
            connection.set_nodelay(true)?;
            let mut stream = BufReader::new(connection);
            let mut refused = 0;
            for second in 0..=seconds as usize {
                let due = started + Duration::from_secs(second as u64);
                if let Some(wait) = due.checked_duration_since(Instant::now()) {
                    std::thread::sleep(wait);
                }
                for board in (1..=boards).filter(|b| (b - 1) % count == feeder) {
                    let Some(event) = games[board as usize - 1].get(second) else {
                        continue;
                    };
                    let board = board as i32;
                    // The board changed at the tick: a post that waits for the ones before it
                    // is behind by that wait too.
                    sent.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert((board, second), due);
                    let path = format!("/api/v1/live/{id}/rounds/1/boards/{board}");
                    if post(&mut stream, &path, &key, &event.to_line())? != 200 {
                        refused += 1;
                    }
                }
            }
            Ok(refused)
        }));
    }
    let mut refused = 0;
    for feeder in feeders {
        refused += feeder
            .join()
            .map_err(|_| anyhow::anyhow!("a feeder panicked"))??;
    }
    let feeding = started.elapsed().as_secs_f64();
    std::thread::sleep(Duration::from_secs(3));
    events.shutdown(std::net::Shutdown::Both).ok();
    let sent = sent.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let reported = reported.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let mut lags: Vec<f64> = Vec::with_capacity(sent.len());
    let mut missing = 0;
    for (key, at) in &sent {
        match reported.get(key) {
            Some(seen) => lags.push(seen.saturating_duration_since(*at).as_secs_f64() * 1000.0),
            None => missing += 1,
        }
    }
    lags.sort_by(f64::total_cmp);
    let at = |share: f64| {
        lags.get(((lags.len().max(1) - 1) as f64 * share).round() as usize)
            .copied()
            .unwrap_or(f64::NAN)
    };
    let behind = lags.iter().filter(|lag| **lag > 1000.0).count();
    println!(
        "boards\tevents\tevents/s\tlag median ms\tlag p95 ms\tlag max ms\tover 1 s\tnot reported\trefused"
    );
    println!(
        "{}\t{}\t{:.0}\t{:.1}\t{:.1}\t{:.1}\t{behind}\t{missing}\t{refused}",
        args.boards,
        sent.len(),
        sent.len() as f64 / feeding,
        at(0.5),
        at(0.95),
        lags.last().copied().unwrap_or(f64::NAN),
    );
    Ok(())
}
