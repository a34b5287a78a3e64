//! A league's player list imported while other people work, through the real server
//! ([`race_support`]): what they were answered and how fast. Shared by
//! `tests/web_import_limits.rs`, which asserts no 5xx on a small league, and
//! `benches/league_import.rs`, which prints the figures of a large one; both include it with
//! `#[path]` beside `tests/common/mod.rs` and `tests/race_support/mod.rs`.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use diesel::prelude::*;

use crate::common::{PASSWORD, tournament_form};
use crate::race_support::{ARBITERS, BOARD_COLUMNS, Board, Client, Race, result_of};

/// What was answered during a league import ([`league_import_under_load`]).
#[derive(Debug, Clone, Default)]
pub struct LoadFigures {
    /// `SQLite` or `PostgreSQL`.
    pub backend: &'static str,
    /// Teams in the imported list (one player each).
    pub teams: usize,
    /// The import's answer.
    pub import_status: u16,
    /// How long the import's request took.
    pub import_time: Duration,
    /// Each login answered while the import ran: status and latency.
    pub logins: Vec<(u16, Duration)>,
    /// Each result in the other event answered while the import ran: status and latency.
    pub results: Vec<(u16, Duration)>,
}

impl LoadFigures {
    /// Answers 5xx among the logins and results.
    pub fn server_errors(&self) -> usize {
        self.logins
            .iter()
            .chain(&self.results)
            .filter(|(status, _)| *status >= 500)
            .count()
    }

    /// The figures as lines of text.
    pub fn report(&self) -> String {
        fn line(what: &str, answers: &[(u16, Duration)]) -> String {
            let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
            for (status, _) in answers {
                *statuses.entry(*status).or_default() += 1;
            }
            let statuses: Vec<String> = statuses
                .iter()
                .map(|(status, count)| format!("{status}×{count}"))
                .collect();
            let mut times: Vec<Duration> = answers.iter().map(|(_, time)| *time).collect();
            times.sort();
            let at = |share: f64| {
                times
                    .get(((times.len() as f64 - 1.0) * share).round() as usize)
                    .map_or_else(
                        || "-".to_owned(),
                        |time| format!("{:.0} ms", time.as_secs_f64() * 1000.0),
                    )
            };
            format!(
                "  {what}: {} answered ({}); latency min {}, median {}, 95% {}, max {}",
                answers.len(),
                statuses.join(" "),
                at(0.0),
                at(0.5),
                at(0.95),
                at(1.0)
            )
        }
        format!(
            "league import of {} teams on {}: {} in {:.2} s\n{}\n{}\n  5xx answers: {}\n",
            self.teams,
            self.backend,
            self.import_status,
            self.import_time.as_secs_f64(),
            line("logins", &self.logins),
            line("results in another event", &self.results),
            self.server_errors()
        )
    }
}

/// A league's list of `teams` teams (one player each, a team column) imported by the
/// organiser while, until it is answered, arbiters log in again and again (a fresh browser
/// each time) and post results in another event, one after the other on each of two
/// threads. Returns what was answered and how fast.
pub fn league_import_under_load(race: &mut Race, teams: usize) -> LoadFigures {
    let event = race.paired_event(2 * ARBITERS + 2);
    let created = race.owner.post(
        "/tournaments",
        &tournament_form(&[
            ("name", "Load League"),
            ("pairing_system", "team_round_robin"),
        ]),
    );
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let league = created.location.expect("the new league's address");
    let mut csv = String::from("name,rating,team\n");
    for number in 0..teams {
        csv.push_str(&format!(
            "\"Member{number:05}, Load\",{},Load Team {number:05}\n",
            1500 + number % 900
        ));
    }
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let port = race.owner.port;
    let mut owner = race.owner.clone();
    let importer = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            let start = Instant::now();
            let page = owner.post(
                &format!("{league}/players/import"),
                &[("csv", &csv), ("action", "import")],
            );
            let time = start.elapsed();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            (page.status.as_u16(), time)
        })
    };
    let logins = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            let mut answers = Vec::new();
            let mut number = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                let mut browser = Client::new(port);
                browser.refresh_csrf_token();
                let name = format!("arbiter{}", number % ARBITERS + 1);
                let start = Instant::now();
                let page = browser.post(
                    "/login",
                    &[("username", &name), ("password", PASSWORD), ("next", "/")],
                );
                answers.push((page.status.as_u16(), start.elapsed()));
                number += 1;
            }
            answers
        })
    };
    let results = {
        let done = Arc::clone(&done);
        let arbiter = race.arbiters[0].clone();
        let pool = race.ctx.pool.clone();
        let boards: Vec<Board> = event.games().cloned().collect();
        let id = event.id;
        thread::spawn(move || {
            let mut arbiter = arbiter;
            let mut answers = Vec::new();
            let mut index = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                let board = &boards[index % boards.len()];
                let version: Vec<Board> = pool
                    .get()
                    .map_err(|error| error.to_string())
                    .and_then(|mut conn| {
                        diesel::sql_query(format!(
                            "SELECT {BOARD_COLUMNS} FROM games g WHERE g.id = {}",
                            board.id
                        ))
                        .load(&mut conn)
                        .map_err(|error| error.to_string())
                    })
                    .unwrap_or_default();
                let Some(now) = version.first() else {
                    continue;
                };
                let start = Instant::now();
                let page = arbiter.post(
                    &format!("/tournaments/{id}/games/{}", board.id),
                    &[
                        ("result", result_of(index)),
                        ("version", &now.version.to_string()),
                        ("back", "round"),
                    ],
                );
                answers.push((page.status.as_u16(), start.elapsed()));
                index += 1;
            }
            answers
        })
    };
    let (import_status, import_time) = importer.join().expect("the import thread");
    LoadFigures {
        backend: race.backend(),
        teams,
        import_status,
        import_time,
        logins: logins.join().expect("the login thread"),
        results: results.join().expect("the result thread"),
    }
}
