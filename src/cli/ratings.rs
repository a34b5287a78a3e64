//! `arbiter ratings import FILE`: loads FIDE's rating list (the TXT list as downloaded, zipped
//! or not: `players_list.zip` / `players_list_foa.txt`, `standard_rating_list.zip`, ...) into
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
use crate::db::rating_list::{ImportError, ImportSummary, import_list};
use crate::formats::fide_list::{ListReader, RatingKind};

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
}

/// Runs `arbiter ratings`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.action {
        Action::Import { file, kind } => import(&args.database_url, &file, kind),
    }
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
            .find(|entry| entry.to_ascii_lowercase().ends_with(".txt"))
            .with_context(|| {
                format!("{file}: no .txt list in the archive (the XML lists are not read)")
            })?;
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

fn run_import<R: Read>(
    conn: &mut db::DbConn,
    input: BufReader<R>,
    kind: RatingKind,
    source: &str,
) -> Result<ImportSummary, ImportError> {
    let reader = ListReader::new(input, kind).map_err(|error| ImportError::Lines(vec![error]))?;
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
