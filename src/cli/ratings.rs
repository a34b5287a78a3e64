//! `arbiter ratings find ID-OR-NAME [--json]`: the loaded list's players of that FIDE ID, or
//! whose name starts so.
//!
//! `arbiter ratings import FILE`: loads FIDE's rating list (the TXT list as downloaded, zipped
//! or not: `players_list.zip` / `players_list_foa.txt`, `standard_rating_list.zip`, ..., and the
//! XML lists `players_list_xml.zip` / `players_list_xml_foa.xml`) into
//! the database, replacing the list loaded before, for the player form's FIDE ID look-up and
//! the refresh of ratings before round 1. The file streams through: a progress line every
//! [`PROGRESS_EVERY`] lines on stderr, and memory stays bounded whatever its size.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Subcommand;

use crate::db;
use crate::db::models::fide_players::FidePlayer;
use crate::db::rating_list::{ImportError, ImportSummary, import_list};
use crate::formats::fide_list::{ListReader, PlayerSource, RatingKind, XmlListReader};

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
    let opened = File::open(file).with_context(|| format!("{file}: cannot open"))?;
    let mut opened = BufReader::with_capacity(1 << 16, opened);
    let zipped = opened.fill_buf()?.starts_with(b"PK\x03\x04");
    let pool = db::connect_pool(database, 1)?;
    let mut conn = pool.get().context("database connection")?;
    let name = Path::new(file)
        .file_name()
        .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned());
    let outcome = if zipped {
        let mut archive = zip::ZipArchive::new(File::open(file)?)
            .with_context(|| format!("{file}: not a zip archive"))?;
        let entry_name = archive
            .file_names()
            .filter_map(|name| name.ok().map(|name| name.into_owned()))
            .find(|entry| {
                let lower = entry.to_ascii_lowercase();
                lower.ends_with(".txt") || lower.ends_with(".xml")
            })
            .with_context(|| format!("{file}: no .txt or .xml list in the archive"))?;
        let entry = archive.by_name(&entry_name)?;
        let kind = kind_of(kind, &entry_name);
        let source = format!("{name}:{entry_name}");
        run_import(
            &mut conn,
            BufReader::with_capacity(1 << 16, entry),
            kind,
            &source,
        )
    } else {
        let kind = kind_of(kind, &name);
        run_import(&mut conn, opened, kind, &name)
    };
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

fn kind_of(kind: Option<Kind>, name: &str) -> RatingKind {
    match kind {
        Some(Kind::Standard) => RatingKind::Standard,
        Some(Kind::Rapid) => RatingKind::Rapid,
        Some(Kind::Blitz) => RatingKind::Blitz,
        None => RatingKind::from_file_name(name),
    }
}

/// Imports the TXT list, or the XML list when the file starts with `<`.
fn run_import<R: Read>(
    conn: &mut db::DbConn,
    mut input: BufReader<R>,
    kind: RatingKind,
    source: &str,
) -> Result<ImportSummary, ImportError> {
    let xml = input
        .fill_buf()
        .map(|start| start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<'))
        .unwrap_or(false);
    if xml {
        store_list(conn, XmlListReader::new(input, kind), source)
    } else {
        let reader =
            ListReader::new(input, kind).map_err(|error| ImportError::Lines(vec![error]))?;
        store_list(conn, reader, source)
    }
}

/// Stores the players of `reader`, with a progress line every [`PROGRESS_EVERY`] lines.
fn store_list(
    conn: &mut db::DbConn,
    reader: impl PlayerSource,
    source: &str,
) -> Result<ImportSummary, ImportError> {
    let mut next = PROGRESS_EVERY;
    import_list(conn, reader, source, |summary| {
        if summary.lines >= next {
            eprintln!(
                "ratings: {} players stored ({} lines read)",
                summary.players, summary.lines
            );
            next = (summary.lines / PROGRESS_EVERY + 1) * PROGRESS_EVERY;
        }
    })
}
