//! Benchmark: a 12-team, 12-board league season (11 rounds, 1,584 games) — what a team
//! standings page and crosstable compute, and the TRF-2026 team file written and read back.
//!
//! `cargo bench --bench team` prints, per step, the median and the slowest of
//! `ARBITER_BENCH_RUNS` runs (default 50): team standings by the FIDE order
//! (MPTS, GPTS, EDE, EMGSB/C1) and by the match-points-first league order, the crosstable,
//! every team's board statistics, the TRF written, and the TRF read back into the season.
//! Then the same season is imported into a SQLite database (as `POST /tournaments/import`
//! does) and the public league pages are fetched through the app, each request reading the
//! database, ranking and rendering: `GET …/league/standings`, `…/league/crosstable`, a team's
//! working (`…/league/standings/1`) and the tables as PDF (`…/league/standings.pdf`).
//! No assertions: the figures are for the guide (`docs/src/teams/league-day.md`).

use std::time::{Duration, Instant};

use arbiter::day::import::{LeaguePlan, TeamFormat};
use arbiter::day::league::sample::{LeagueShape, league};
use arbiter::formats::trf;
use arbiter::tournament::team::TeamEvent;
use arbiter::tournament::team::crosstable::{board_records, crosstable};
use arbiter::tournament::team::tiebreak::{TeamOrder, TeamRanking, rank};
use arbiter::tournament::tiebreak::Lots;

fn measure(name: &str, runs: usize, mut step: impl FnMut()) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            step();
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    let median = times[times.len() / 2];
    let slowest = times[times.len() - 1];
    println!(
        "{name:<44} median {:>8.3} ms   slowest {:>8.3} ms",
        median.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3
    );
}

fn main() {
    let runs: usize = std::env::var("ARBITER_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
        .max(1);
    let event = league(&LeagueShape {
        boards: 12,
        ..LeagueShape::extraliga(2026)
    })
    .expect("league");
    let games: usize = event.matches.iter().map(|m| m.boards.len()).sum();
    println!(
        "{} teams, {} boards, {} rounds, {games} boards played; {runs} runs",
        event.teams.len(),
        event.boards,
        event.rounds_played()
    );
    let rounds = event.rounds_played();
    for (name, order) in [
        ("standings, FIDE order", TeamOrder::Fide),
        ("standings, match points first", TeamOrder::MatchPointsFirst),
        ("standings, Czech order (GWIN, RTOP)", TeamOrder::Czech),
    ] {
        let ranking = TeamRanking {
            list: order.list(),
            swiss: false,
            lots: Lots::Draw { seed: 1 },
        };
        measure(name, runs, || {
            std::hint::black_box(rank(&event, &ranking, rounds));
        });
    }
    measure("crosstable", runs, || {
        std::hint::black_box(crosstable(&event, rounds));
    });
    measure("board statistics, every team", runs, || {
        for team in &event.teams {
            std::hint::black_box(board_records(&event, team.id, rounds));
        }
    });
    let text = trf::write(&event.to_tournament());
    measure("TRF-2026 written", runs, || {
        std::hint::black_box(trf::write(&event.to_tournament()));
    });
    measure("TRF-2026 read back", runs, || {
        let tournament = trf::parse(&text).expect("own file");
        std::hint::black_box(TeamEvent::from_tournament(&tournament).expect("team file"));
    });
    pages(&event, runs);
}

/// The league's public pages through the app, on a SQLite file.
fn pages(event: &TeamEvent, runs: usize) {
    use arbiter::db::models::tournaments::PointColumns;
    use arbiter::db::models::{NewTournament, NewUser, PairingSystem, Role};
    use arbiter::db::store;
    use arbiter::web::{self, AppConfig, AppState};

    let dir = tempfile::tempdir().expect("temporary folder");
    let url = dir.path().join("bench.db").to_string_lossy().into_owned();
    let pool = arbiter::db::connect_pool(&url, 2).expect("database");
    let mut conn = pool.get().expect("connection");
    let owner = NewUser {
        username: "bench",
        display_name: "Bench",
        password_hash: "-",
        role: Role::Organiser,
    }
    .insert(&mut conn)
    .expect("user");
    let day = time::Date::from_calendar_date(2026, time::Month::September, 1).expect("date");
    let new = NewTournament {
        name: event.name.clone(),
        place: String::new(),
        federation: String::new(),
        start_date: day,
        end_date: day,
        chief_arbiter: String::new(),
        time_control: String::new(),
        rounds: 0,
        pairing_system: PairingSystem::TeamRoundRobin,
        swap_last_two_rounds: false,
        points: PointColumns::from(event.game_points),
        default_time_minutes: 0,
        published: true,
        owner_id: owner.id,
        rating_type: arbiter::db::models::RatingKind::Standard,
        pairing_rating: arbiter::tournament::rating_basis::PairingRating::Fide,
        reported_rating: arbiter::tournament::rating_basis::ReportedRating::Fide,
        time_zone: String::new(),
    };
    let plan = LeaguePlan {
        format: TeamFormat::RoundRobin,
        ranking: None,
        ranking_problem: None,
        schedule: Vec::new(),
    };
    let id = store::import_league(
        &mut conn,
        &new,
        event,
        &plan,
        &arbiter::db::models::ReportColumns::default(),
        owner.id,
    )
    .expect("import")
    .id;
    let session_key = web::session_key_from_database(&mut conn).expect("session key");
    drop(conn);
    let state = AppState {
        pool,
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
    actix_web::rt::System::new().block_on(async move {
        let app = actix_web::test::init_service(web::app(state)).await;
        for page in ["standings", "crosstable", "standings/1", "standings.pdf"] {
            let path = format!("/tournaments/{id}/league/{page}");
            let mut times = Vec::with_capacity(runs);
            let mut bytes = 0;
            for _ in 0..runs {
                let start = Instant::now();
                let request = actix_web::test::TestRequest::get().uri(&path).to_request();
                let response = actix_web::test::call_service(&app, request).await;
                assert!(
                    response.status().is_success(),
                    "{path}: {}",
                    response.status()
                );
                let body = actix_web::test::read_body(response).await;
                times.push(start.elapsed());
                bytes = body.len();
            }
            // The first answer reads the database, ranks and renders; the others come from the
            // page cache until the tournament's revision changes.
            let first = times[0];
            times.sort_unstable();
            println!(
                "{:<44} first {:>8.3} ms (computed)   then median {:>8.3} ms (page cache)   {bytes} bytes",
                format!("page GET /league/{page}"),
                first.as_secs_f64() * 1e3,
                times[times.len() / 2].as_secs_f64() * 1e3,
            );
        }
    });
}
