//! `arbiter ratings find ID-OR-NAME [--json]`: the loaded list's players of that FIDE ID, or
//! whose name starts so.
//!
//! `arbiter ratings import FILE`: loads FIDE's rating list (the TXT list as downloaded, zipped
//! or not: `players_list.zip` / `players_list_foa.txt`, `standard_rating_list.zip`, ..., and the
//! XML lists `players_list_xml.zip` / `players_list_xml_foa.xml`) into
//! the database, replacing the list loaded before, for the player form's FIDE ID look-up and
//! the refresh of ratings before round 1. The file streams through: a progress bar on a
//! terminal (else a progress line every [`PROGRESS_EVERY`] lines on stderr), and memory stays
//! bounded whatever its size.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Subcommand;

use crate::db;
use crate::db::models::fide_players::FidePlayer;
use crate::db::rating_list::import_file;
use crate::formats::fide_list::RatingKind;
use indicatif::{ProgressBar, ProgressStyle};

/// Lines between two progress lines.
pub const PROGRESS_EVERY: u64 = 100_000;

/// Arguments of `arbiter ratings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Database: an SQLite file path, or a `postgres://user@host:port/db` URL.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "arbiter.db",
        global = true
    )]
    pub database_url: String,
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The rating kind of a single list's rating column.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Kind {
    /// Standard.
    Standard,
    /// Rapid.
    Rapid,
    /// Blitz.
    Blitz,
}

/// `arbiter ratings` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Import FIDE's rating list (TXT, or a zip holding it), replacing the one loaded before.
    Import {
        /// The file: `players_list_foa.txt`, `standard_rating_list.txt`, or their `.zip`.
        file: String,
        /// What a single list's rating column is (default: from the file name, else standard).
        #[arg(long, value_enum)]
        kind: Option<Kind>,
    },
    /// Find players in the loaded list by FIDE ID or by the start of their name.
    Find {
        /// A FIDE ID (`1503014`) or the start of a name as FIDE writes it (`Carlsen, M`).
        query: String,
        /// Print a JSON array of objects (`fide_id`, `name`, `federation`, `sex`, `title`,
        /// `birth_year`, `standard`, `rapid`, `blitz`).
        #[arg(long)]
        json: bool,
        /// At most this many players (1–1000).
        #[arg(long, default_value_t = 20)]
        limit: i64,
    },
}

/// Runs `arbiter ratings`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.action {
        Action::Import { file, kind } => import(&args.database_url, &file, kind),
        Action::Find { query, json, limit } => find(&args.database_url, &query, json, limit),
    }
}

/// A player found, as `--json` prints it.
#[derive(Debug, serde::Serialize)]
struct Found<'a> {
    fide_id: i64,
    name: &'a str,
    federation: &'a str,
    sex: &'a str,
    title: &'a str,
    birth_year: Option<i32>,
    standard: Option<i32>,
    rapid: Option<i32>,
    blitz: Option<i32>,
}

fn find(database: &str, query: &str, json: bool, limit: i64) -> anyhow::Result<ExitCode> {
    let pool = db::connect_pool(database, 1)?;
    let mut conn = pool.get().context("database connection")?;
    if FidePlayer::count(&mut conn)? == 0 {
        eprintln!("no rating list is loaded: run `arbiter ratings import FILE` first");
        return Ok(ExitCode::FAILURE);
    }
    let players = FidePlayer::search(&mut conn, query, limit)?;
    let found: Vec<Found> = players
        .iter()
        .map(|p| Found {
            fide_id: p.fide_id,
            name: &p.name,
            federation: &p.federation,
            sex: &p.sex,
            title: p.shown_title(),
            birth_year: p.birth_year,
            standard: p.standard,
            rapid: p.rapid,
            blitz: p.blitz,
        })
        .collect();
    if json {
        println!("{}", serde_json::to_string_pretty(&found)?);
    } else {
        let rating = |r: Option<i32>| r.map_or_else(|| "-".to_owned(), |r| r.to_string());
        for p in &found {
            println!(
                "{:>10}  {:<40} {:<3} {:<1} {:<3} {:>4}  std {:>4}  rpd {:>4}  btz {:>4}",
                p.fide_id,
                p.name,
                p.federation,
                p.sex,
                p.title,
                p.birth_year.map_or_else(String::new, |y| y.to_string()),
                rating(p.standard),
                rating(p.rapid),
                rating(p.blitz)
            );
        }
        if found.is_empty() {
            eprintln!("no player matches {query:?}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn import(database: &str, file: &str, kind: Option<Kind>) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let pool = db::connect_pool(database, 1)?;
    let mut conn = pool.get().context("database connection")?;
    let name = Path::new(file)
        .file_name()
        .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned());
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{bar:40} {percent:>3}% {bytes}/{total_bytes} {msg} ({elapsed}, about {eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let on_terminal = std::io::stderr().is_terminal();
    let mut next = PROGRESS_EVERY;
    let outcome = import_file(&mut conn, Path::new(file), &name, kind_of(kind), |at| {
        if on_terminal {
            bar.set_length(at.total);
            bar.set_position(at.bytes);
            bar.set_message(format!("{} players", at.summary.players));
        } else if at.summary.lines >= next {
            eprintln!(
                "ratings: {} players stored ({} lines read)",
                at.summary.players, at.summary.lines
            );
            next = (at.summary.lines / PROGRESS_EVERY + 1) * PROGRESS_EVERY;
        }
    });
    bar.finish_and_clear();
    match outcome {
        Ok(summary) => {
            eprintln!(
                "ratings: {} players imported from {file} ({} lines) in {:.1} s",
                summary.players,
                summary.lines,
                started.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("{file}: nothing imported:\n{error}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn kind_of(kind: Option<Kind>) -> Option<RatingKind> {
    kind.map(|kind| match kind {
        Kind::Standard => RatingKind::Standard,
        Kind::Rapid => RatingKind::Rapid,
        Kind::Blitz => RatingKind::Blitz,
    })
}
