//! Importing FIDE's rating list ([`crate::formats::fide_list`]) into `fide_players`: the old
//! list is replaced by the new one all or nothing, the new one written beside it into
//! `fide_players_staging` and swapped in by one short transaction ([`import_list`]). Not
//! tournament data, so not a store write: no tournament's revision moves; which list is in
//! force is recorded in `fide_rating_lists`.
//!
//! The file is read as it streams in, and players are staged [`BATCH`] at a time, so memory
//! stays bounded by a batch whatever the list's size (about 1.93 million players).

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::rc::Rc;

use diesel::QueryResult;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::db::models::{
    FidePlayer, FideRatingList, PlayerRow, Setting, TournamentId, TournamentRow,
};
use crate::db::{DbConn, write_transaction};
use crate::formats::fide_list::{ListError, ListReader, PlayerSource, RatingKind, XmlListReader};
use crate::tournament::rating_refresh::{Listed, RefreshPlan, Registered, plan_refresh};

/// Players inserted per statement (12 columns: well within SQLite's 32,766 parameters).
pub const BATCH: usize = 1000;
/// The most bad lines reported; reading stops there.
pub const MAX_ERRORS: usize = 100;
/// The setting that marks an import in progress (the command line's or the web app's, on any
/// instance): its value is the time, in Unix seconds, until which the import holds the staging
/// table. A running import renews it every [`LEASE_RENEWAL`] seconds; one that died frees the
/// table after [`LEASE_SECONDS`].
pub const IMPORT_LEASE: &str = "rating_list_import_until";
/// How long the mark of an import holds without being renewed, in seconds.
pub const LEASE_SECONDS: i64 = 300;
/// How often a running import renews its mark, in seconds.
pub const LEASE_RENEWAL: u64 = 60;

/// What an import read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportSummary {
    /// Lines read, header included.
    pub lines: u64,
    /// Players stored.
    pub players: u64,
}

/// Why nothing was imported.
#[derive(Debug)]
pub enum ImportError {
    /// The database failed.
    Db(DieselError),
    /// Lines of the file are bad (the first [`MAX_ERRORS`]).
    Lines(Vec<ListError>),
    /// A FIDE ID is on two lines.
    Duplicate {
        /// The FIDE ID.
        fide_id: u64,
        /// The later line (in a batch of [`BATCH`] lines: the first line of the repeat).
        line: u64,
    },
    /// The file cannot be opened or unpacked, or the archive holds no list.
    File(String),
    /// Another import of the list is running (from the command line or the web app); it
    /// holds the staging table until `until` (Unix seconds) unless it renews its mark.
    Busy {
        /// Unix seconds.
        until: i64,
    },
}

impl From<DieselError> for ImportError {
    fn from(error: DieselError) -> Self {
        ImportError::Db(error)
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Db(error) => write!(f, "database: {error}"),
            ImportError::Lines(errors) => {
                for (index, error) in errors.iter().enumerate() {
                    if index > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{error}")?;
                }
                Ok(())
            }
            ImportError::Duplicate { fide_id, line } => {
                write!(
                    f,
                    "line {line}: FIDE ID {fide_id} is on an earlier line too"
                )
            }
            ImportError::File(reason) => write!(f, "{reason}"),
            ImportError::Busy { until } => {
                let seconds = until - unix_now();
                write!(
                    f,
                    "another import of the rating list is running (its mark expires in {seconds} s \
                     unless it goes on); try again when it has finished"
                )
            }
        }
    }
}

impl std::error::Error for ImportError {}

/// Replaces the stored list by the players `reader` reads, recording the import as `source`.
/// `progress` is called after each batch with the lines read and players stored so far.
///
/// The players go into the staging table [`BATCH`] at a time, each batch committed on its own,
/// so that no other connection's write waits for more than one batch; when the whole file has
/// been read without a problem, the staged names are indexed (one write of a few seconds for
/// FIDE's whole list: three times faster than keeping the index up to date row by row) and one
/// short transaction swaps the staged list in and records the import. A bad line or a repeated
/// FIDE ID leaves the list in force as it was.
pub fn import_list(
    conn: &mut DbConn,
    reader: impl PlayerSource,
    source: &str,
    progress: impl FnMut(ImportSummary),
) -> Result<ImportSummary, ImportError> {
    take_lease(conn)?;
    // The mark goes whatever happens, a panic included: only a process that died keeps it
    // (until it expires).
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        import_leased(conn, reader, source, progress)
    }));
    let released = release_lease(conn);
    let summary = match outcome {
        Ok(outcome) => outcome?,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    released?;
    Ok(summary)
}

/// Seconds since the Unix epoch.
fn unix_now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Marks an import as running ([`IMPORT_LEASE`]), or says which one runs. The mark is a row
/// that only one transaction can insert: a mark past its time is removed first.
fn take_lease(conn: &mut DbConn) -> Result<(), ImportError> {
    use crate::db::schema::settings;
    use diesel::prelude::*;
    let now = unix_now();
    let busy = write_transaction(conn, |conn| {
        if let Some(until) = Setting::get(conn, IMPORT_LEASE)? {
            match until.parse::<i64>() {
                Ok(until) if until > now => return Ok(Some(until)),
                _ => {
                    diesel::delete(settings::table.find(IMPORT_LEASE)).execute(conn)?;
                }
            }
        }
        let inserted = diesel::insert_into(settings::table)
            .values((
                settings::name.eq(IMPORT_LEASE),
                settings::value.eq((now + LEASE_SECONDS).to_string()),
            ))
            .execute(conn);
        match inserted {
            Ok(_) => Ok(None),
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                Ok(Some(now + LEASE_SECONDS))
            }
            Err(error) => Err(error),
        }
    })?;
    match busy {
        Some(until) => Err(ImportError::Busy { until }),
        None => Ok(()),
    }
}

/// Renews the mark of the running import.
fn renew_lease(conn: &mut DbConn) -> QueryResult<()> {
    Setting::set(
        conn,
        IMPORT_LEASE,
        &(unix_now() + LEASE_SECONDS).to_string(),
    )
}

/// Removes the mark of the import that ends, in a transaction of its own. A transaction the
/// import left open (it stopped inside one) is rolled back first: on PostgreSQL a statement in
/// an aborted transaction fails, and the mark would stay until it expires.
fn release_lease(conn: &mut DbConn) -> QueryResult<()> {
    use crate::db::schema::settings;
    use diesel::connection::{Connection, TransactionManager};
    use diesel::prelude::*;
    type Manager = <DbConn as Connection>::TransactionManager;
    while Manager::transaction_manager_status_mut(conn)
        .transaction_depth()
        .ok()
        .flatten()
        .is_some()
    {
        Manager::rollback_transaction(conn)?;
    }
    write_transaction(conn, |conn| {
        diesel::delete(settings::table.find(IMPORT_LEASE)).execute(conn)
    })
    .map(|_| ())
}

/// [`import_list`] once the import is marked as running.
fn import_leased(
    conn: &mut DbConn,
    reader: impl PlayerSource,
    source: &str,
    mut progress: impl FnMut(ImportSummary),
) -> Result<ImportSummary, ImportError> {
    let mut renewed = std::time::Instant::now();
    FidePlayer::clear_staged(conn)?;
    FidePlayer::drop_staged_name_index(conn)?;
    let mut reader = reader;
    let mut errors = Vec::new();
    let mut batch: Vec<FidePlayer> = Vec::with_capacity(BATCH);
    let mut lines: Vec<u64> = Vec::with_capacity(BATCH);
    let mut summary = ImportSummary {
        lines: reader.line(),
        players: 0,
    };
    let staged = loop {
        let next = reader.next();
        summary.lines = reader.line();
        match next {
            Some(Ok(player)) => {
                if errors.is_empty() {
                    batch.push(FidePlayer::from(&player));
                    lines.push(reader.line());
                }
            }
            Some(Err(error)) => {
                errors.push(error);
                if errors.len() >= MAX_ERRORS {
                    break Ok(());
                }
            }
            None => break Ok(()),
        }
        if batch.len() >= BATCH {
            if let Err(error) = stage(conn, &batch, &lines) {
                break Err(error);
            }
            summary.players += batch.len() as u64;
            batch.clear();
            lines.clear();
            progress(summary);
            if renewed.elapsed().as_secs() >= LEASE_RENEWAL {
                if let Err(error) = renew_lease(conn) {
                    break Err(error.into());
                }
                renewed = std::time::Instant::now();
            }
        }
    };
    let outcome = staged
        .and_then(|()| {
            if errors.is_empty() {
                Ok(())
            } else {
                Err(ImportError::Lines(std::mem::take(&mut errors)))
            }
        })
        .and_then(|()| stage(conn, &batch, &lines))
        .and_then(|()| {
            summary.players += batch.len() as u64;
            progress(summary);
            write_transaction(conn, FidePlayer::index_staged_names)?;
            write_transaction(conn, |conn| {
                FidePlayer::swap_in_staged(conn)?;
                FideRatingList::record(
                    conn,
                    source,
                    i32::try_from(summary.players).unwrap_or(i32::MAX),
                )
            })
            .map_err(ImportError::from)
        });
    // The list before (after a swap) or the refused one is not kept.
    let cleared = FidePlayer::clear_staged(conn);
    outcome?;
    cleared?;
    Ok(summary)
}

/// How far the import of a file has come: bytes of the list read (unpacked, for a zip) of
/// `total`, and what [`import_list`] has stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileProgress {
    /// Bytes of the list read so far.
    pub bytes: u64,
    /// Bytes of the list in all (the file's size, or the zip entry's unpacked size).
    pub total: u64,
    /// Lines read and players stored.
    pub summary: ImportSummary,
}

/// Imports the list in the file at `path` as FIDE publishes it: the TXT list or the XML list
/// (read as XML when its first character is `<`), each as it is or in a zip (the first `.txt`
/// or `.xml` entry). `kind` is a single list's rating column, else the file's name says it
/// ([`RatingKind::from_file_name`]). The list is recorded as the file's name (with the zip
/// entry's). `progress` is called after each batch. The command line and the administrator's
/// upload both import through here.
pub fn import_file(
    conn: &mut DbConn,
    path: &Path,
    name: &str,
    kind: Option<RatingKind>,
    mut progress: impl FnMut(FileProgress),
) -> Result<ImportSummary, ImportError> {
    let unreadable = |error: std::io::Error| ImportError::File(format!("{name}: {error}"));
    let mut opened = BufReader::with_capacity(1 << 16, File::open(path).map_err(unreadable)?);
    let zipped = opened
        .fill_buf()
        .map_err(unreadable)?
        .starts_with(b"PK\x03\x04");
    let read = Rc::new(Cell::new(0u64));
    let counted = |inner| Counting {
        inner,
        read: Rc::clone(&read),
    };
    if zipped {
        let mut file = File::open(path).map_err(unreadable)?;
        check_zip_directory(&mut file)
            .map_err(|reason| ImportError::File(format!("{name}: {reason}")))?;
        let mut archive = zip::ZipArchive::new(file)
            .map_err(|error| ImportError::File(format!("{name}: not a zip archive ({error})")))?;
        let entry_name = archive
            .file_names()
            .filter_map(|entry| entry.ok().map(|entry| entry.into_owned()))
            .find(|entry| {
                let lower = entry.to_ascii_lowercase();
                lower.ends_with(".txt") || lower.ends_with(".xml")
            })
            .ok_or_else(|| {
                ImportError::File(format!("{name}: no .txt or .xml list in the archive"))
            })?;
        let entry = archive
            .by_name(&entry_name)
            .map_err(|error| ImportError::File(format!("{name}: {entry_name}: {error}")))?;
        let total = entry.size();
        let kind = kind.unwrap_or_else(|| RatingKind::from_file_name(&entry_name));
        let source = format!("{name}:{entry_name}");
        let input = BufReader::with_capacity(1 << 16, counted(Box::new(entry) as Box<dyn Read>));
        import_text(conn, input, kind, &source, |summary| {
            progress(FileProgress {
                bytes: read.get(),
                total,
                summary,
            })
        })
    } else {
        let total = opened.get_ref().metadata().map(|m| m.len()).unwrap_or(0);
        let kind = kind.unwrap_or_else(|| RatingKind::from_file_name(name));
        let input = BufReader::with_capacity(1 << 16, counted(Box::new(opened) as Box<dyn Read>));
        import_text(conn, input, kind, name, |summary| {
            progress(FileProgress {
                bytes: read.get(),
                total,
                summary,
            })
        })
    }
}

/// The most files a zipped list may hold (FIDE's archives hold one).
pub const MAX_ZIP_ENTRIES: u64 = 16;
/// The largest central directory of a zipped list, in bytes (the list of its files).
const MAX_ZIP_DIRECTORY: u64 = 64 * 1024;

/// Checks a zip archive's directory before it is read: the archive reader holds every entry of
/// the directory in memory, so an upload that claims millions of entries (or a ZIP64 count)
/// is refused first. Reads at most the last 64 KiB of the file.
fn check_zip_directory(file: &mut File) -> Result<(), String> {
    use std::io::{Seek, SeekFrom};
    // The end-of-central-directory record: 22 bytes and a comment of at most 65,535.
    let length = file.metadata().map_err(|error| error.to_string())?.len();
    let tail_length = length.min(22 + 65_535);
    let mut tail = vec![0u8; tail_length as usize];
    file.seek(SeekFrom::Start(length - tail_length))
        .and_then(|_| file.read_exact(&mut tail))
        .map_err(|error| error.to_string())?;
    let not_a_zip = || "not a zip archive (no end of its directory)".to_owned();
    let at = tail
        .windows(4)
        .rposition(|window| window == b"PK\x05\x06")
        .ok_or_else(not_a_zip)?;
    let record = tail.get(at..at + 22).ok_or_else(not_a_zip)?;
    let entries = u64::from(u16::from_le_bytes([record[10], record[11]]));
    let size = u64::from(u32::from_le_bytes([
        record[12], record[13], record[14], record[15],
    ]));
    let zip64 = at >= 20 && tail[at - 20..at - 16] == *b"PK\x06\x07";
    if zip64 || entries == 0xFFFF || size == 0xFFFF_FFFF {
        return Err(
            "a ZIP64 archive is not accepted (a rating list's archive is small)".to_owned(),
        );
    }
    if entries > MAX_ZIP_ENTRIES || size > MAX_ZIP_DIRECTORY {
        return Err(format!(
            "the archive lists {entries} files in {size} bytes; a rating list's archive holds \
             one (at most {MAX_ZIP_ENTRIES} files in {MAX_ZIP_DIRECTORY} bytes accepted)"
        ));
    }
    Ok(())
}

/// The TXT list, or the XML list when the text starts with `<`.
fn import_text<R: Read>(
    conn: &mut DbConn,
    mut input: BufReader<R>,
    kind: RatingKind,
    source: &str,
    progress: impl FnMut(ImportSummary),
) -> Result<ImportSummary, ImportError> {
    let xml = input
        .fill_buf()
        .map(|start| start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<'))
        .unwrap_or(false);
    if xml {
        import_list(conn, XmlListReader::new(input, kind), source, progress)
    } else {
        let reader =
            ListReader::new(input, kind).map_err(|error| ImportError::Lines(vec![error]))?;
        import_list(conn, reader, source, progress)
    }
}

/// A reader that counts the bytes read through it (for the progress of an import).
struct Counting<R> {
    inner: R,
    read: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// What the list in force says of a look-up ([`look_up`]).
#[derive(Debug)]
pub enum Found {
    /// No list is loaded.
    NoList,
    /// One player (and the list's file).
    One(Box<FidePlayer>, String),
    /// Several players match (at most the limit asked for).
    Several(Vec<FidePlayer>),
    /// Nobody (the list's file).
    Nobody(String),
}

/// The players of the list in force whose FIDE ID is `query` or whose name starts with it
/// ([`FidePlayer::search`]), at most `limit`; the player form's look-up.
pub fn look_up(conn: &mut DbConn, query: &str, limit: i64) -> QueryResult<Found> {
    let Some(list) = FideRatingList::latest(conn)? else {
        return Ok(Found::NoList);
    };
    let mut players = FidePlayer::search(conn, query, limit)?;
    Ok(match players.len() {
        0 => Found::Nobody(list.source),
        1 => Found::One(Box::new(players.remove(0)), list.source),
        _ => Found::Several(players),
    })
}

/// What refreshing the ratings of `tournament`'s players from the stored list would change
/// ([`plan_refresh`]); read inside a store write's transaction, and for its preview.
pub fn refresh_plan(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<RefreshPlan> {
    let kind =
        TournamentRow::find(conn, tournament)?.map_or(RatingKind::Standard, |row| row.rating_type);
    let players = PlayerRow::for_tournament(conn, tournament)?;
    let ids: Vec<i64> = players.iter().filter_map(|player| player.fide_id).collect();
    let list: HashMap<u64, Listed> = FidePlayer::find_many(conn, &ids)?
        .into_iter()
        .filter_map(|listed| {
            let fide_id = u64::try_from(listed.fide_id).ok()?;
            let entry = Listed {
                rating: listed.rating(kind).and_then(|r| u16::try_from(r).ok()),
                title: listed.title,
                women_title: listed.women_title,
            };
            Some((fide_id, entry))
        })
        .collect();
    let registered: Vec<Registered> = players
        .iter()
        .map(|player| Registered {
            player: player.id.0,
            name: player.name.clone(),
            fide_id: player.fide_id.and_then(|id| u64::try_from(id).ok()),
            rating: u16::try_from(player.rating).unwrap_or(0),
            title: player.title.clone(),
        })
        .collect();
    Ok(plan_refresh(&registered, &list))
}

/// Stages a batch in its own transaction; a FIDE ID already staged (or twice in the batch) is
/// reported with its line.
fn stage(conn: &mut DbConn, batch: &[FidePlayer], lines: &[u64]) -> Result<(), ImportError> {
    if batch.is_empty() {
        return Ok(());
    }
    let mut seen: HashMap<i64, usize> = HashMap::with_capacity(batch.len());
    for (index, player) in batch.iter().enumerate() {
        if seen.insert(player.fide_id, index).is_some() {
            return Err(ImportError::Duplicate {
                fide_id: player.fide_id as u64,
                line: lines[index],
            });
        }
    }
    match write_transaction(conn, |conn| FidePlayer::stage_batch(conn, batch)) {
        Ok(_) => Ok(()),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            let ids: Vec<i64> = batch.iter().map(|player| player.fide_id).collect();
            let index = FidePlayer::staged_ids(conn, &ids)?
                .iter()
                .filter_map(|fide_id| seen.get(fide_id).copied())
                .min()
                .unwrap_or(0);
            Err(ImportError::Duplicate {
                fide_id: batch[index].fide_id as u64,
                line: lines[index],
            })
        }
        Err(error) => Err(error.into()),
    }
}
