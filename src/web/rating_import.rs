//! The administrator's import of FIDE's rating list from the web app: the uploaded file is
//! imported on a thread of its own ([`crate::db::rating_list::import_file`], the same import as
//! `arbiter ratings import`) while the page shows how far it has come. One import at a time;
//! the status of the last one stays until the next starts.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use serde::Serialize;

use crate::db::DbPool;
use crate::db::rating_list::{ImportError, import_file};

/// Where the import stands (also the JSON of `/admin/rating-list/status.json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ImportStatus {
    /// No import since the server started.
    Idle,
    /// Running: bytes of the list read of `total`, players stored.
    Running {
        /// The file's name.
        file: String,
        /// Bytes read.
        bytes: u64,
        /// Bytes in all.
        total: u64,
        /// Players stored so far (in the transaction not yet committed).
        players: u64,
        /// Seconds since it started.
        seconds: f64,
    },
    /// Imported: the list is the one in force.
    Done {
        /// The file's name.
        file: String,
        /// Players stored.
        players: u64,
        /// Seconds it took.
        seconds: f64,
    },
    /// Refused: nothing changed, the list before stays. The problems with their lines.
    Failed {
        /// The file's name.
        file: String,
        /// Each problem (line and field).
        problems: Vec<String>,
    },
}

/// The one import the server may run at a time, shared by the handlers.
#[derive(Debug, Clone)]
pub struct RatingImport(Arc<Mutex<ImportStatus>>);

impl Default for RatingImport {
    fn default() -> Self {
        RatingImport(Arc::new(Mutex::new(ImportStatus::Idle)))
    }
}

/// An import is running already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportBusy;

impl RatingImport {
    /// Where the import stands.
    pub fn status(&self) -> ImportStatus {
        self.lock().clone()
    }

    fn lock(&self) -> MutexGuard<'_, ImportStatus> {
        // A thread that panicked while holding the lock left a status that is still readable.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts importing the file at `path` (uploaded as `file`) on its own thread, which
    /// removes the file when it ends; refused while another import runs.
    pub fn start(&self, pool: DbPool, path: PathBuf, file: String) -> Result<(), ImportBusy> {
        {
            let mut status = self.lock();
            if matches!(*status, ImportStatus::Running { .. }) {
                return Err(ImportBusy);
            }
            *status = ImportStatus::Running {
                file: file.clone(),
                bytes: 0,
                total: std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
                players: 0,
                seconds: 0.0,
            };
        }
        let shared = self.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            // A panic must not leave the status "running" for ever: it ends the import as failed.
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                match pool.get() {
                    Ok(mut conn) => import_file(&mut conn, &path, &file, None, |at| {
                        *shared.lock() = ImportStatus::Running {
                            file: file.clone(),
                            bytes: at.bytes,
                            total: at.total,
                            players: at.summary.players,
                            seconds: started.elapsed().as_secs_f64(),
                        };
                    }),
                    Err(error) => Err(ImportError::File(format!("database: {error}"))),
                }
            }))
            .unwrap_or_else(|_| Err(ImportError::File("the import stopped unexpectedly".into())));
            let _ = std::fs::remove_file(&path);
            *shared.lock() = match outcome {
                Ok(summary) => ImportStatus::Done {
                    file,
                    players: summary.players,
                    seconds: started.elapsed().as_secs_f64(),
                },
                Err(error) => ImportStatus::Failed {
                    file,
                    problems: error.to_string().lines().map(str::to_owned).collect(),
                },
            };
        });
        Ok(())
    }
}
