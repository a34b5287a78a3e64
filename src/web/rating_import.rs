//! The administrator's import of FIDE's rating list from the web app: the uploaded file is
//! imported on a thread of its own ([`crate::db::rating_list::import_file`], the same import as
//! `arbiter ratings import`) while the page shows how far it has come. One import at a time;
//! the status of the last one stays until the next starts.
//!
//! Uploads wait in a folder of their own ([`UPLOAD_FOLDER`] in the system's temporary folder),
//! named after the process that received them. A process killed during an import leaves its
//! upload there: [`RatingImport::clean_leftovers`], run when the server starts, removes the
//! uploads of processes no longer running (and its own pid's, which only a previous process
//! can have left). The folder holds at most [`FOLDER_LIMIT`] bytes: an upload that would pass
//! it is refused rather than fill the disk.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use serde::Serialize;

use crate::db::DbPool;
use crate::db::rating_list::{ImportError, import_file};
use crate::formats::fide_list::ListProblem;

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
        /// Each problem (line and field), worded on the page in the reader's language
        /// ([`crate::web::i18n::ratings::problem_text`]).
        problems: Vec<ImportProblem>,
    },
}

/// Why an import was refused, as data: the page words it in the administrator's language.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ImportProblem {
    /// A line (and field) of the list is wrong.
    Line {
        /// Line in the file (the header is line 1).
        line: u64,
        /// The field's label as in the header, or empty for the whole line.
        field: String,
        /// The value found.
        value: String,
        /// What is wrong.
        #[serde(serialize_with = "english")]
        problem: ListProblem,
    },
    /// A FIDE ID is on two lines.
    Duplicate {
        /// The FIDE ID.
        fide_id: u64,
        /// The later line.
        line: u64,
    },
    /// The file cannot be opened or unpacked, or the archive holds no list (the reason as the
    /// unpacking library gives it).
    File {
        /// The reason.
        reason: String,
    },
    /// Another import of the list is running.
    Busy,
    /// The database failed; nothing changed.
    Database,
}

impl ImportProblem {
    /// The problems of a refused import (each bad line on its own).
    pub fn of(error: &ImportError) -> Vec<ImportProblem> {
        match error {
            ImportError::Lines(errors) => errors
                .iter()
                .map(|e| ImportProblem::Line {
                    line: e.line,
                    field: e.field.clone(),
                    value: e.value.clone(),
                    problem: e.problem.clone(),
                })
                .collect(),
            ImportError::Duplicate { fide_id, line } => vec![ImportProblem::Duplicate {
                fide_id: *fide_id,
                line: *line,
            }],
            ImportError::File(reason) => vec![ImportProblem::File {
                reason: reason.clone(),
            }],
            ImportError::Busy { .. } => vec![ImportProblem::Busy],
            ImportError::Db(_) => vec![ImportProblem::Database],
        }
    }
}

/// A list problem in the JSON: its English words (the page words it in the reader's language).
fn english<S: serde::Serializer>(problem: &ListProblem, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(problem)
}

/// The largest upload: FIDE's XML list unpacked is about 860 MB.
pub const UPLOAD_LIMIT: u64 = 1024 * 1024 * 1024;

/// The folder of the uploads waiting for their import, in the system's temporary folder.
pub const UPLOAD_FOLDER: &str = "arbiter-rating-uploads";
/// The most bytes the upload folder holds (two of FIDE's unpacked XML lists).
pub const FOLDER_LIMIT: u64 = 2 * 1024 * 1024 * 1024;
/// An upload older than this (seconds) is a leftover whoever left it.
const LEFTOVER_AGE: u64 = 24 * 60 * 60;

/// Numbers the uploads of this process.
static UPLOADS: AtomicU64 = AtomicU64::new(0);

/// The one import the server may run at a time, shared by the handlers, and the folder its
/// uploads wait in.
#[derive(Debug, Clone)]
pub struct RatingImport {
    status: Arc<Mutex<ImportStatus>>,
    folder: Arc<PathBuf>,
}

impl Default for RatingImport {
    fn default() -> Self {
        RatingImport::in_folder(std::env::temp_dir().join(UPLOAD_FOLDER))
    }
}

/// An import is running already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportBusy;

impl RatingImport {
    /// The import whose uploads wait in `folder` (created when the first upload comes).
    pub fn in_folder(folder: PathBuf) -> RatingImport {
        RatingImport {
            status: Arc::new(Mutex::new(ImportStatus::Idle)),
            folder: Arc::new(folder),
        }
    }

    /// The folder the uploads wait in.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// Removes the uploads that no running import will read: those of processes no longer
    /// running, this process's own pid's (a previous process with the same pid left them:
    /// this one has made none yet when the server starts), and any older than a day. Returns
    /// how many were removed.
    pub fn clean_leftovers(&self) -> std::io::Result<usize> {
        let entries = match std::fs::read_dir(self.folder()) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(error) => return Err(error),
        };
        let own = std::process::id();
        let mut removed = 0;
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(pid) = upload_pid(&path) else {
                continue;
            };
            let old = entry
                .metadata()
                .and_then(|meta| meta.modified())
                .ok()
                .and_then(|modified| modified.elapsed().ok())
                .is_some_and(|age| age.as_secs() > LEFTOVER_AGE);
            if (pid == own || !process_runs(pid) || old) && std::fs::remove_file(&path).is_ok() {
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// The bytes the uploads in the folder take now.
    pub fn folder_used(&self) -> u64 {
        std::fs::read_dir(self.folder())
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|entry| upload_pid(&entry.path()).is_some())
                    .filter_map(|entry| entry.metadata().ok())
                    .map(|meta| meta.len())
                    .sum()
            })
            .unwrap_or(0)
    }

    /// A new file name for an upload in the folder (the folder is created if need be).
    pub fn new_upload_path(&self) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(self.folder())?;
        Ok(self.folder().join(format!(
            "{}-{}.upload",
            std::process::id(),
            UPLOADS.fetch_add(1, Ordering::Relaxed)
        )))
    }

    /// Where the import stands.
    pub fn status(&self) -> ImportStatus {
        self.lock().clone()
    }

    fn lock(&self) -> MutexGuard<'_, ImportStatus> {
        // A thread that panicked while holding the lock left a status that is still readable.
        self.status
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
                    problems: ImportProblem::of(&error),
                },
            };
        });
        Ok(())
    }
}

/// The pid an upload's file name (`{pid}-{n}.upload`) carries; `None` for another file.
fn upload_pid(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let (pid, rest) = name.strip_suffix(".upload")?.split_once('-')?;
    rest.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Whether process `pid` runs (Linux: `/proc`); where that cannot be told, it is taken to run,
/// and only its age makes an upload a leftover.
fn process_runs(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}
