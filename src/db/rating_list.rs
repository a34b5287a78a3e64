//! Importing FIDE's rating list ([`crate::formats::fide_list`]) into `fide_players`: the old
//! list is replaced by the new one in one transaction, all or nothing. Not tournament data, so
//! not a store write: no tournament's revision moves; which list is in force is recorded in
//! `fide_rating_lists`.
//!
//! The file is read as it streams in, and players are inserted [`BATCH`] at a time, so memory
//! stays bounded by a batch whatever the list's size (~1.5 million players).

use std::collections::HashMap;
use std::fmt;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::{Connection, QueryResult};

use crate::db::models::{FidePlayer, FideRatingList, PlayerRow, TournamentId};
use crate::db::{DbConn, write_transaction};
use crate::formats::fide_list::{ListError, PlayerSource};
use crate::tournament::rating_refresh::{Listed, RefreshPlan, Registered, plan_refresh};

/// Players inserted per statement (11 columns: well within SQLite's 32,766 parameters).
pub const BATCH: usize = 1000;
/// The most bad lines reported; reading stops there.
pub const MAX_ERRORS: usize = 100;

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
        }
    }
}

impl std::error::Error for ImportError {}

/// Replaces the stored list by the players `reader` reads, recording the import as `source`.
/// `progress` is called after each batch with the lines read and players stored so far.
pub fn import_list(
    conn: &mut DbConn,
    reader: impl PlayerSource,
    source: &str,
    mut progress: impl FnMut(ImportSummary),
) -> Result<ImportSummary, ImportError> {
    write_transaction(conn, |conn| {
        FidePlayer::delete_all(conn)?;
        let mut reader = reader;
        let mut errors = Vec::new();
        let mut batch: Vec<FidePlayer> = Vec::with_capacity(BATCH);
        let mut lines: Vec<u64> = Vec::with_capacity(BATCH);
        let mut summary = ImportSummary {
            lines: reader.line(),
            players: 0,
        };
        loop {
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
                        break;
                    }
                }
                None => break,
            }
            if batch.len() >= BATCH {
                insert(conn, &batch, &lines)?;
                summary.players += batch.len() as u64;
                batch.clear();
                lines.clear();
                progress(summary);
            }
        }
        if !errors.is_empty() {
            return Err(ImportError::Lines(errors));
        }
        insert(conn, &batch, &lines)?;
        summary.players += batch.len() as u64;
        progress(summary);
        FideRatingList::record(
            conn,
            source,
            i32::try_from(summary.players).unwrap_or(i32::MAX),
        )?;
        Ok(summary)
    })
}

/// What refreshing the ratings of `tournament`'s players from the stored list would change
/// ([`plan_refresh`]); read inside a store write's transaction, and for its preview.
pub fn refresh_plan(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<RefreshPlan> {
    let players = PlayerRow::for_tournament(conn, tournament)?;
    let ids: Vec<i64> = players.iter().filter_map(|player| player.fide_id).collect();
    let list: HashMap<u64, Listed> = FidePlayer::find_many(conn, &ids)?
        .into_iter()
        .filter_map(|listed| {
            let fide_id = u64::try_from(listed.fide_id).ok()?;
            let entry = Listed {
                rating: listed.standard.and_then(|r| u16::try_from(r).ok()),
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

/// Inserts a batch; a FIDE ID already stored (or twice in the batch) is reported with its line.
fn insert(conn: &mut DbConn, batch: &[FidePlayer], lines: &[u64]) -> Result<(), ImportError> {
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
    // In a savepoint: a refused insert leaves the transaction usable (PostgreSQL) to find which
    // ID was stored already. Looking first would scan a table the planner believes empty.
    match conn.transaction(|conn| FidePlayer::insert_batch(conn, batch)) {
        Ok(_) => Ok(()),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            let ids: Vec<i64> = batch.iter().map(|player| player.fide_id).collect();
            let stored = FidePlayer::find_many(conn, &ids)?;
            let index = stored
                .iter()
                .filter_map(|player| seen.get(&player.fide_id).copied())
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
