//! `arbiter bench rating-list [--players 1930000] [--database-url URL]`: the import of FIDE's
//! rating list at full size. A list of `--players` players is written in FIDE's combined TXT
//! layout ([`layout::combined_line`]: made-up players, never FIDE's data; about 165 bytes a
//! line, so 1.93 million players make a file of about 317 MB like FIDE's), then imported
//! through the same code as `arbiter ratings import` ([`import_file`]). Printed: the file's size,
//! the seconds of the import, players a second, and the peak resident memory of the import
//! (VmHWM, reset before it) beside the resident memory before it.
//!
//! Without `--database-url` the list goes into a new SQLite file in a temporary folder, removed
//! afterwards; with a URL (`postgres://…`) it replaces the list loaded in that database.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use rand::{Rng, SeedableRng};

use super::{peak_mb, reset_peak};
use crate::db;
use crate::db::rating_list::import_file;
use crate::formats::fide_list::layout::{COMBINED_HEADER, combined_line};

/// Arguments of `arbiter bench rating-list`.
#[derive(Debug, clap::Args)]
pub struct RatingListArgs {
    /// Players in the generated list (FIDE's full list has about 1.93 million).
    #[arg(long, default_value_t = 1_930_000)]
    pub players: u64,
    /// The database to import into (its loaded list is replaced); default: a new SQLite file
    /// in a temporary folder.
    #[arg(long)]
    pub database_url: Option<String>,
    /// Seed of the made-up players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep the generated list at this path (and its SQLite database beside it).
    #[arg(long)]
    pub keep: Option<PathBuf>,
}

const FEDERATIONS: [&str; 24] = [
    "CZE", "SVK", "HUN", "SRB", "GER", "POL", "AUT", "FRA", "ESP", "ITA", "NED", "ENG", "USA",
    "IND", "RUS", "UKR", "CRO", "SLO", "ROU", "BUL", "CHN", "IRI", "TUR", "BRA",
];
/// FIDE's list is ASCII.
const SYLLABLES: [&str; 20] = [
    "no", "vak", "ko", "va", "ra", "sza", "bo", "lic", "ic", "pe", "tro", "dvo", "rak", "mar",
    "tin", "ho", "rvat", "ne", "mec", "ka",
];

/// Runs the bench.
pub fn run(args: &RatingListArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.players >= 1, "at least one player");
    let folder = match &args.keep {
        Some(path) => path
            .parent()
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(".")),
        None => std::env::temp_dir().join(format!("arbiter-bench-ratings-{}", std::process::id())),
    };
    std::fs::create_dir_all(&folder).with_context(|| format!("{}", folder.display()))?;
    let list = args
        .keep
        .clone()
        .unwrap_or_else(|| folder.join("players_list_foa.txt"));
    let started = Instant::now();
    let bytes = write_list(&list, args.players, args.seed)?;
    eprintln!(
        "rating list: {} players written to {} ({:.1} MB) in {:.1} s",
        args.players,
        list.display(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    let database = match &args.database_url {
        Some(url) => url.clone(),
        None => folder.join("ratings.db").to_string_lossy().into_owned(),
    };
    let backend = if database.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let pool = db::connect_pool(&database, 1)?;
    let mut conn = pool.get().context("database connection")?;
    let resident_before = resident_mb().unwrap_or(0.0);
    reset_peak();
    let started = Instant::now();
    let mut next_tenth = 1;
    let outcome = import_file(&mut conn, &list, "players_list_foa.txt", None, |at| {
        if at.total > 0 && at.bytes * 10 >= at.total * next_tenth {
            eprintln!(
                "rating list: {}0 % read, {} players stored, {:.1} s",
                next_tenth,
                at.summary.players,
                started.elapsed().as_secs_f64()
            );
            next_tenth = at.bytes * 10 / at.total + 1;
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let peak = peak_mb();
    drop(conn);
    drop(pool);
    if args.keep.is_none() {
        let _ = std::fs::remove_dir_all(&folder);
    }
    let summary = outcome.map_err(|error| anyhow::anyhow!("the import failed: {error}"))?;
    println!(
        "rating list: {} players ({:.1} MB) imported into {backend} in {seconds:.1} s ({:.0} players/s); peak memory {} MB (resident before the import {resident_before:.0} MB)",
        summary.players,
        bytes as f64 / 1e6,
        summary.players as f64 / seconds.max(1e-9),
        peak.map_or_else(|| "?".to_owned(), |mb| format!("{mb:.0}")),
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes a list of `players` made-up players in FIDE's combined layout; returns its size.
fn write_list(path: &PathBuf, players: u64, seed: u64) -> anyhow::Result<u64> {
    let file = File::create(path).with_context(|| format!("{}", path.display()))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut bytes = 0u64;
    let mut write = |line: &str, out: &mut BufWriter<File>| -> std::io::Result<()> {
        out.write_all(line.as_bytes())?;
        out.write_all(b"\r\n")?;
        bytes += line.len() as u64 + 2;
        Ok(())
    };
    write(COMBINED_HEADER, &mut out)?;
    let mut name = String::new();
    for index in 0..players {
        let fide_id = 100_000 + index * 7 + rng.random_range(0..7);
        name.clear();
        for part in 0..2 {
            if part == 1 {
                name.push_str(", ");
            }
            let syllables = rng.random_range(2..5);
            for s in 0..syllables {
                let syllable = SYLLABLES[rng.random_range(0..SYLLABLES.len())];
                if s == 0 {
                    let mut chars = syllable.chars();
                    if let Some(first) = chars.next() {
                        name.extend(first.to_uppercase());
                        name.push_str(chars.as_str());
                    }
                } else {
                    name.push_str(syllable);
                }
            }
        }
        let woman = rng.random_bool(0.15);
        let title = match rng.random_range(0..1000) {
            0..3 => "GM",
            3..8 => "IM",
            8..20 => "FM",
            20..30 if woman => "WFM",
            30..40 => "CM",
            _ => "",
        };
        let rating = |share: f64, rng: &mut rand::rngs::StdRng| {
            rng.random_bool(share)
                .then(|| rng.random_range(1400..2800u16))
        };
        let ratings = [
            rating(0.25, &mut rng),
            rating(0.15, &mut rng),
            rating(0.15, &mut rng),
        ];
        let birth_year = rng
            .random_bool(0.9)
            .then(|| rng.random_range(1930..2020u16));
        let flag = match (woman, rng.random_bool(0.3)) {
            (true, true) => "wi",
            (true, false) => "w",
            (false, true) => "i",
            (false, false) => "",
        };
        let line = combined_line(
            fide_id,
            &name,
            FEDERATIONS[rng.random_range(0..FEDERATIONS.len())],
            if woman { "F" } else { "M" },
            title,
            ratings,
            birth_year,
            flag,
        );
        write(&line, &mut out)?;
    }
    out.flush()?;
    Ok(bytes)
}

/// Resident memory now (VmRSS) in MB.
fn resident_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
