//! `arbiter bench home [--events 100,10000,100000] [--database-url URL] [--requests 30]`: the
//! public server's home page and event list at federation scale.
//!
//! For each count, a fresh database gets that many published events, half run on the server
//! itself (tournaments created through the store as an organiser creates them) and half pushed
//! from venues (each applied through the store as `POST /api/v1/push` applies it), their first
//! days spread over ten years before and one year after today, most of one to nine days, one in
//! fifty a season of about two hundred days. Then the app itself (the same service `arbiter
//! serve` runs, called in-process, without the network) answers each page `--requests` times,
//! and one line per page is printed: events held, bytes of the page, and the median, 95th
//! percentile and slowest answer in milliseconds. Figures, not assertions; the home page's
//! bound (50 KiB) is checked by `tests/web_publish_api.rs`.
//!
//! Pages: the home page (`/`), a page of recently finished events further down (`/?state=
//! finished&offset=100`), the open API's list (`/api/v1/events`, 50 events) and a text search
//! (`/?q=open`, which reads every name and place, so it grows with the events held).
//!
//! Without `--database-url` each count gets a new SQLite file in a temporary folder, removed
//! afterwards. With a PostgreSQL URL each count gets a schema of its own in that database
//! (dropped afterwards); the seeding runs with `synchronous_commit = off` (its speed is not
//! what is measured).

use std::process::ExitCode;
use std::time::Instant;

use actix_web::test;
use anyhow::Context;
use diesel::connection::SimpleConnection;
use rand::{Rng, SeedableRng};

use crate::db::models::{NewTournament, NewUser, Role};
use crate::db::store::{apply_push, create_account, create_publishing_key, create_tournament};
use crate::db::{self, Backend};
use crate::formats::public_state::{
    Event, FORMAT, PublicState, Standings, VERSION, date_text, new_public_id,
};
use crate::tournament::PointSystem;
use crate::tournament::rating_basis::{PairingRating, ReportedRating};
use crate::tournament::system::PairingSystem;
use crate::web::{self, AppConfig, AppState};

/// Arguments of `arbiter bench home`.
#[derive(Debug, clap::Args)]
pub struct HomeArgs {
    /// The numbers of events, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = [100u32, 10_000, 100_000])]
    pub events: Vec<u32>,
    /// A PostgreSQL database to measure in (a schema of its own per count); default: SQLite
    /// files in a temporary folder.
    #[arg(long)]
    pub database_url: Option<String>,
    /// Answers timed per page.
    #[arg(long, default_value_t = 30)]
    pub requests: u32,
    /// Seed of the made-up events.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The pages timed: a label and an address.
const PAGES: [(&str, &str); 4] = [
    ("home page", "/"),
    ("finished, 5th page", "/?state=finished&offset=100"),
    ("API list", "/api/v1/events"),
    ("search \"open\"", "/?q=open"),
];

/// Words the made-up names are made of.
const WORDS: [&str; 12] = [
    "Open",
    "Memorial",
    "Cup",
    "Festival",
    "Rapid",
    "Blitz",
    "Junior",
    "Senior",
    "League",
    "Championship",
    "Grand Prix",
    "Trophy",
];
const PLACES: [&str; 10] = [
    "Brno",
    "Bratislava",
    "Szeged",
    "Novi Sad",
    "Ostrava",
    "Košice",
    "Debrecen",
    "Niš",
    "Plzeň",
    "Žilina",
];
const FEDERATIONS: [&str; 4] = ["CZE", "SVK", "HUN", "SRB"];

/// Runs the bench.
pub fn run(args: &HomeArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.requests >= 1, "at least one request per page");
    let folder = std::env::temp_dir().join(format!("arbiter-bench-home-{}", std::process::id()));
    std::fs::create_dir_all(&folder).with_context(|| format!("{}", folder.display()))?;
    let backend = match &args.database_url {
        Some(url) if Backend::from_url(url) == Backend::Postgres => "PostgreSQL",
        Some(_) => anyhow::bail!("--database-url takes a PostgreSQL URL (SQLite is the default)"),
        None => "SQLite",
    };
    println!("backend\tevents\tpage\tbytes\tmedian ms\tp95 ms\tmax ms");
    for &count in &args.events {
        let (url, schema) = match &args.database_url {
            None => (
                folder
                    .join(format!("home-{count}.db"))
                    .to_string_lossy()
                    .into_owned(),
                None,
            ),
            Some(base) => {
                let schema = format!("arbiter_bench_home_{}_{count}", std::process::id());
                let mut conn = db::establish(base)?;
                conn.batch_execute(&format!("CREATE SCHEMA {schema}"))?;
                let separator = if base.contains('?') { '&' } else { '?' };
                (
                    format!("{base}{separator}options=-csearch_path%3D{schema}"),
                    Some((base.clone(), schema)),
                )
            }
        };
        let outcome = measure(&url, backend, count, args);
        if let Some((base, schema)) = schema {
            let mut conn = db::establish(&base)?;
            conn.batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))?;
        }
        outcome?;
    }
    std::fs::remove_dir_all(&folder).ok();
    Ok(ExitCode::SUCCESS)
}

/// Seeds `count` events into `url` and times the pages.
fn measure(url: &str, backend: &str, count: u32, args: &HomeArgs) -> anyhow::Result<()> {
    let pool = db::connect_pool(url, 2)?;
    let started = Instant::now();
    seed_events(&mut *pool.get()?, count, args.seed)?;
    eprintln!(
        "bench home: {count} events seeded in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let session_key = web::session_key_from_database(&mut *pool.get()?)?;
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
        let app = test::init_service(web::app(state)).await;
        for (label, address) in PAGES {
            let mut times = Vec::with_capacity(args.requests as usize);
            let mut bytes = 0;
            for _ in 0..args.requests {
                let request = test::TestRequest::get().uri(address).to_request();
                let started = Instant::now();
                let response = test::call_service(&app, request).await;
                let status = response.status();
                let body = test::read_body(response).await;
                times.push(started.elapsed().as_secs_f64() * 1000.0);
                anyhow::ensure!(status.is_success(), "{address} answered {status}");
                bytes = body.len();
            }
            times.sort_by(f64::total_cmp);
            let at = |share: f64| times[((times.len() - 1) as f64 * share).round() as usize];
            println!(
                "{backend}\t{count}\t{label}\t{bytes}\t{:.2}\t{:.2}\t{:.2}",
                at(0.5),
                at(0.95),
                times[times.len() - 1]
            );
        }
        Ok(())
    })
}

/// `count` published events: the even ones created on this server, the odd ones pushed from
/// a venue, through the store's own writes, by an organiser `bench` made for them (see the
/// module for their dates; `seed` makes them again the same).
pub fn seed_events(conn: &mut db::DbConn, count: u32, seed: u64) -> anyhow::Result<()> {
    #[cfg(feature = "postgres")]
    if matches!(conn, db::DbConn::Pg(_)) {
        conn.batch_execute("SET synchronous_commit = off")?;
    }
    let owner = create_account(
        conn,
        NewUser {
            username: "bench",
            display_name: "Bench Organiser",
            password_hash: "",
            role: Role::Organiser,
        },
    )
    .map_err(stored)?
    .context("the bench's account exists already")?;
    let (key, _) = create_publishing_key(conn, owner.id, "bench").map_err(stored)?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let today = db::now().date();
    for index in 0..count {
        let start = today + time::Duration::days(rng.random_range(-3650..=365));
        let length = if rng.random_ratio(1, 50) {
            rng.random_range(150..=250)
        } else {
            rng.random_range(0..=8)
        };
        let end = start + time::Duration::days(length);
        let name = format!(
            "{} {} {}",
            PLACES[rng.random_range(0..PLACES.len())],
            WORDS[rng.random_range(0..WORDS.len())],
            start.year()
        );
        let place = PLACES[rng.random_range(0..PLACES.len())].to_owned();
        let federation = FEDERATIONS[rng.random_range(0..FEDERATIONS.len())].to_owned();
        if index % 2 == 0 {
            let new = NewTournament {
                name,
                place,
                federation,
                start_date: start,
                end_date: end,
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
            };
            create_tournament(conn, &new, owner.id).map_err(stored)?;
        } else {
            let state = PublicState {
                format: FORMAT.to_owned(),
                version: VERSION,
                id: new_public_id(),
                revision: 1,
                published_at: None,
                event: Event {
                    name,
                    place,
                    federation,
                    start_date: date_text(start),
                    end_date: date_text(end),
                    time_zone: "Europe/Prague".to_owned(),
                    system: "dutch".to_owned(),
                    team: false,
                    rounds: 9,
                    time_control: "90+30".to_owned(),
                    chief_arbiter: String::new(),
                },
                players: Vec::new(),
                rounds: Vec::new(),
                standings: Standings {
                    after_round: 0,
                    tie_breaks: Vec::new(),
                    rows: Vec::new(),
                    point_system: Vec::new(),
                    adjustments: Vec::new(),
                },
                teams: Vec::new(),
                matches: Vec::new(),
                team_standings: None,
                prizes: Vec::new(),
            };
            apply_push(conn, &key, &state)
                .map_err(|error| anyhow::anyhow!("push of event {index}: {error:?}"))?;
        }
        if index % 10_000 == 9_999 {
            eprintln!("bench home: {} of {count} events", index + 1);
        }
    }
    Ok(())
}

/// A store error as the bench reports it.
fn stored(error: crate::db::store::StoreError) -> anyhow::Error {
    anyhow::anyhow!("the store refused: {error:?}")
}
