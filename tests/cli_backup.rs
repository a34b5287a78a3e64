//! Backups a volunteer can trust, with the real binary on SQLite:
//!
//! - `arbiter backup` taken about every second while 50 arbiters enter results through the
//!   real server restores (`arbiter restore`) to databases that pass `PRAGMA integrity_check`
//!   and hold every result acknowledged before the copy began;
//! - `arbiter restore` refuses a file that is not a database, an SQLite file that is not
//!   arbiter's, a damaged one, one of a newer arbiter, and a database a server runs on, and
//!   leaves the database as it was; it keeps what it replaces as `NAME.before-restore-<time>`;
//! - `arbiter backup` on PostgreSQL says how to use `pg_dump` and fails;
//! - `arbiter serve --backup-dir` takes a backup when the database changed, keeps the newest K,
//!   and the administrator's page shows the last one, or that backups fail.

mod common;
#[expect(
    dead_code,
    reason = "the backup test uses the race's server and clients, not its scenarios"
)]
mod race_support;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use common::{TestContext, TestDb};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};
use diesel::sqlite::SqliteConnection;
use race_support::{Client, Race};

/// The binary under test.
const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

/// Result writers, one board each.
const WRITERS: usize = 50;

/// Backups taken during the load.
const BACKUPS: usize = 6;

/// The results each writer posts on its board, in turn (each changes the board).
const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];

/// How long a test waits for a server or a backup that should come (generous: a loaded
/// machine is slow; nothing is asserted about the time).
const PATIENCE: Duration = Duration::from_secs(90);

/// Runs `arbiter ARGS`.
fn arbiter(args: &[&str]) -> Output {
    Command::new(ARBITER)
        .args(args)
        .env_remove("DATABASE_URL")
        .stdin(Stdio::null())
        .output()
        .expect("run arbiter")
}

/// Runs `arbiter ARGS` and panics unless it succeeds; its standard output.
fn arbiter_ok(args: &[&str]) -> String {
    let output = arbiter(args);
    assert!(
        output.status.success(),
        "arbiter {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `arbiter ARGS`, which must fail; its standard error.
fn arbiter_refuses(args: &[&str]) -> String {
    let output = arbiter(args);
    assert!(
        !output.status.success(),
        "arbiter {args:?} succeeded: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A path as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// A board of a restored database.
#[derive(Debug, QueryableByName)]
struct Restored {
    #[diesel(sql_type = Integer)]
    id: i32,
    #[diesel(sql_type = Nullable<Text>)]
    result: Option<String>,
    #[diesel(sql_type = Integer)]
    version: i32,
}

/// One line of a PRAGMA's answer.
#[derive(Debug, QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// Opens an SQLite file.
fn open(path: &Path) -> SqliteConnection {
    SqliteConnection::establish(arg(path))
        .unwrap_or_else(|error| panic!("open {}: {error}", path.display()))
}

/// `PRAGMA integrity_check`'s answer, lines joined.
fn integrity(path: &Path) -> String {
    let lines: Vec<Line> =
        diesel::sql_query("SELECT integrity_check AS line FROM pragma_integrity_check")
            .load(&mut open(path))
            .unwrap_or_else(|error| panic!("check {}: {error}", path.display()));
    lines
        .into_iter()
        .map(|line| line.line)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A result the server acknowledged: the board, the version it gave the board, the result.
#[derive(Debug, Clone)]
struct Ack {
    at: Instant,
    game: i32,
    version: i32,
    result: &'static str,
}

/// The test: 50 arbiters enter results on boards of their own as fast as the server
/// answers, while `arbiter backup` runs about every second; every backup restores (`arbiter
/// restore`) to a database that passes `PRAGMA integrity_check` and holds every result
/// acknowledged before the backup began (its board at that version or a later one, and the
/// very result when at that version).
#[test]
fn backups_every_second_under_fifty_writers_restore_every_result_acknowledged_before_them() {
    let mut race = Race::start(TestDb::on(None));
    let event = race.paired_event(2 * WRITERS);
    let boards: Vec<race_support::Board> = event.games().take(WRITERS).cloned().collect();
    assert_eq!(boards.len(), WRITERS, "a board for every writer");
    let url = race.ctx.db.url.clone();
    let folder = tempfile::tempdir().expect("a folder for the backups");

    let acks: Arc<Mutex<Vec<Ack>>> = Arc::default();
    let failures: Arc<Mutex<Vec<String>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = boards
        .iter()
        .enumerate()
        .map(|(index, board)| {
            let mut client = race.arbiters[index % race.arbiters.len()].clone();
            let (acks, failures, stop) = (acks.clone(), failures.clone(), stop.clone());
            let (tournament, game, mut version) = (event.id, board.id, board.version);
            std::thread::spawn(move || {
                let mut turn = index;
                while !stop.load(Ordering::Relaxed) {
                    let result = RESULTS[turn % RESULTS.len()];
                    turn += 1;
                    let page = client.post(
                        &format!("/tournaments/{tournament}/games/{game}"),
                        &[
                            ("result", result),
                            ("version", &version.to_string()),
                            ("back", "round"),
                        ],
                    );
                    let acknowledged = page.status == StatusCode::SEE_OTHER
                        && page
                            .location
                            .as_deref()
                            .is_some_and(|l| !l.starts_with("/login"));
                    if !acknowledged {
                        failures.lock().expect("failures").push(format!(
                            "board {game} at version {version}: {} {}",
                            page.status,
                            page.body.chars().take(300).collect::<String>()
                        ));
                        return;
                    }
                    version += 1;
                    let ack = Ack {
                        at: Instant::now(),
                        game,
                        version,
                        result,
                    };
                    acks.lock().expect("acks").push(ack);
                }
            })
        })
        .collect();

    // The load first reaches every board, then a backup about every second.
    let deadline = Instant::now() + PATIENCE;
    while acks.lock().expect("acks").len() < 2 * WRITERS && failures.lock().expect("f").is_empty() {
        assert!(Instant::now() < deadline, "the writers did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut backups: Vec<(Instant, Instant, PathBuf)> = Vec::new();
    for number in 1..=BACKUPS {
        std::thread::sleep(Duration::from_secs(1));
        let path = folder.path().join(format!("backup-{number}.db"));
        let began = Instant::now();
        arbiter_ok(&["backup", arg(&path), "--database-url", &url]);
        backups.push((began, Instant::now(), path));
    }
    stop.store(true, Ordering::Relaxed);
    for writer in writers {
        writer.join().expect("a writer");
    }
    let failures = failures.lock().expect("failures").clone();
    assert!(
        failures.is_empty(),
        "writes refused:\n{}",
        failures.join("\n")
    );
    let acks = acks.lock().expect("acks").clone();

    let mut during = 0;
    for (number, (began, ended, backup)) in backups.iter().enumerate() {
        let restored = folder.path().join(format!("restored-{number}.db"));
        let said = arbiter_ok(&["restore", arg(backup), "--database-url", arg(&restored)]);
        assert!(said.contains("restored from"), "{said}");
        assert_eq!(integrity(&restored), "ok", "{}", restored.display());
        let rows: Vec<Restored> = diesel::sql_query(format!(
            "SELECT id, result, version FROM games WHERE round_id = \
             (SELECT id FROM rounds WHERE tournament_id = {} AND number = 1)",
            event.id
        ))
        .load(&mut open(&restored))
        .expect("the restored boards");
        let mut checked = 0;
        for board in &boards {
            let Some(last) = acks
                .iter()
                .filter(|ack| ack.game == board.id && ack.at < *began)
                .max_by_key(|ack| ack.version)
            else {
                continue;
            };
            checked += 1;
            let row = rows
                .iter()
                .find(|row| row.id == board.id)
                .unwrap_or_else(|| panic!("backup {number}: board {} is missing", board.id));
            assert!(
                row.version > last.version
                    || (row.version == last.version && row.result.as_deref() == Some(last.result)),
                "backup {number}: board {} holds version {} ({:?}), but {} (version {}) was \
                 acknowledged before the copy began",
                board.id,
                row.version,
                row.result,
                last.result,
                last.version
            );
        }
        assert_eq!(
            checked, WRITERS,
            "backup {number}: every board had a result before it"
        );
        let written_during = acks
            .iter()
            .filter(|ack| ack.at >= *began && ack.at <= *ended)
            .count();
        during += written_during;
        println!(
            "backup {number}: {} bytes, {} results acknowledged before it, {written_during} while it ran",
            std::fs::metadata(backup).map(|m| m.len()).unwrap_or(0),
            acks.iter().filter(|ack| ack.at < *began).count()
        );
    }
    println!(
        "{} results acknowledged by {WRITERS} writers, {BACKUPS} backups, {during} results \
         acknowledged while a backup ran",
        acks.len()
    );
    assert!(
        during > 0,
        "no result was acknowledged while a backup ran: the backups did not meet the load"
    );

    // A restore over a database keeps it as NAME.before-restore-<time>.
    let replaced = folder.path().join("restored-0.db");
    let newest = &backups.last().expect("backups").2;
    let said = arbiter_ok(&["restore", arg(newest), "--database-url", arg(&replaced)]);
    let kept = kept_beside(&replaced);
    assert_eq!(kept.len(), 1, "{said}");
    assert!(said.contains(&kept[0].display().to_string()), "{said}");
    assert_eq!(integrity(&kept[0]), "ok");
}

/// The files `NAME.before-restore-*` beside `database`.
fn kept_beside(database: &Path) -> Vec<PathBuf> {
    let prefix = format!(
        "{}.before-restore-",
        database.file_name().expect("a name").to_string_lossy()
    );
    let mut kept: Vec<PathBuf> = std::fs::read_dir(database.parent().expect("a folder"))
        .expect("read the folder")
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .map(|entry| entry.path())
        .collect();
    kept.sort();
    kept
}

/// An arbiter database with an administrator's account (the test holds no connection to
/// it), and a backup of it taken by `arbiter backup`.
struct Databases {
    db: TestDb,
    folder: tempfile::TempDir,
    backup: PathBuf,
}

impl Databases {
    fn new() -> Databases {
        let ctx = TestContext::on(TestDb::on(None), 2);
        ctx.create_user("admin", Role::Admin);
        let TestContext { db, .. } = ctx;
        let folder = tempfile::tempdir().expect("a folder");
        let backup = folder.path().join("good.db");
        arbiter_ok(&["backup", arg(&backup), "--database-url", &db.url]);
        Databases { db, folder, backup }
    }

    fn database(&self) -> &Path {
        Path::new(&self.db.url)
    }

    /// `arbiter restore FILE` onto the database, which must refuse and leave the database as
    /// it was (same bytes, nothing kept beside it); the error.
    fn restore_refused(&self, file: &Path) -> String {
        let before = std::fs::read(self.database()).expect("read the database");
        let error = arbiter_refuses(&["restore", arg(file), "--database-url", &self.db.url]);
        assert_eq!(
            std::fs::read(self.database()).expect("read the database"),
            before,
            "the refused restore changed the database"
        );
        assert!(kept_beside(self.database()).is_empty(), "{error}");
        error
    }
}

#[test]
fn restore_refuses_a_file_that_is_not_a_database() {
    let dbs = Databases::new();
    let text = dbs.folder.path().join("players.csv");
    std::fs::write(&text, "name,rating\nCarlsen,2830\n").expect("write");
    let error = dbs.restore_refused(&text);
    assert!(
        error.contains("players.csv: not an SQLite database"),
        "{error}"
    );
    let error = dbs.restore_refused(&dbs.folder.path().join("missing.db"));
    assert!(error.contains("missing.db: no such file"), "{error}");
}

#[test]
fn restore_refuses_an_sqlite_database_that_is_not_arbiters() {
    let dbs = Databases::new();
    let other = dbs.folder.path().join("other.db");
    open(&other)
        .batch_execute("CREATE TABLE songs (title TEXT)")
        .expect("another program's database");
    let error = dbs.restore_refused(&other);
    assert!(
        error.contains("other.db: an SQLite database, but not arbiter's"),
        "{error}"
    );
}

#[test]
fn restore_refuses_a_database_of_a_newer_arbiter() {
    let dbs = Databases::new();
    let newer = dbs.folder.path().join("newer.db");
    std::fs::copy(&dbs.backup, &newer).expect("copy");
    open(&newer)
        .batch_execute("INSERT INTO __diesel_schema_migrations (version) VALUES ('29991231000000')")
        .expect("a migration of a later version");
    let error = dbs.restore_refused(&newer);
    assert!(
        error.contains("newer.db: made by a newer arbiter") && error.contains("29991231000000"),
        "{error}"
    );
}

#[test]
fn restore_refuses_a_damaged_database() {
    let dbs = Databases::new();
    let damaged = dbs.folder.path().join("damaged.db");
    let mut bytes = std::fs::read(&dbs.backup).expect("read the backup");
    let page = 4096;
    assert!(bytes.len() > 4 * page, "a backup of several pages");
    // Every page but the first (the schema) overwritten with noise.
    for (index, byte) in bytes.iter_mut().enumerate().skip(page) {
        *byte = (index.wrapping_mul(31) % 251) as u8;
    }
    std::fs::write(&damaged, &bytes).expect("write");
    let error = dbs.restore_refused(&damaged);
    assert!(
        error.contains("damaged.db: the database is damaged"),
        "{error}"
    );
}

#[test]
fn restore_refuses_while_a_server_runs_on_the_database_and_keeps_the_one_it_replaces() {
    let dbs = Databases::new();
    let server = Served::start(&dbs.db.url, &[]);
    let error = dbs.restore_refused(&dbs.backup);
    assert!(
        error.contains("a server is running on this database"),
        "{error}"
    );
    drop(server);
    let said = arbiter_ok(&["restore", arg(&dbs.backup), "--database-url", &dbs.db.url]);
    let kept = kept_beside(dbs.database());
    assert_eq!(kept.len(), 1, "{said}");
    assert_eq!(integrity(&kept[0]), "ok");
    assert_eq!(integrity(dbs.database()), "ok");
}

#[test]
fn backup_refuses_to_replace_a_file_unless_forced() {
    let dbs = Databases::new();
    let error = arbiter_refuses(&["backup", arg(&dbs.backup), "--database-url", &dbs.db.url]);
    assert!(
        error.contains("good.db: the file exists already"),
        "{error}"
    );
    arbiter_ok(&[
        "backup",
        arg(&dbs.backup),
        "--force",
        "--database-url",
        &dbs.db.url,
    ]);
    assert_eq!(integrity(&dbs.backup), "ok");
}

#[test]
fn backup_of_a_postgresql_database_gives_the_pg_dump_command_and_fails() {
    let url = "postgres://postgres@127.0.0.1:5432/test";
    let output = arbiter(&["backup", "copy.db", "--database-url", url]);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains(&format!(
            "pg_dump --format=custom --file=arbiter.dump '{url}'"
        )),
        "{said}"
    );
    assert!(!Path::new("copy.db").exists());
}

/// A free loopback port (bound, read, released).
fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// An `arbiter serve` process; killed when dropped.
struct Served {
    child: Child,
    port: u16,
}

impl Served {
    /// Starts `arbiter serve` on `url` with `args` and waits until it answers.
    fn start(url: &str, args: &[&str]) -> Served {
        let port = free_port();
        let child = Command::new(ARBITER)
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .args(["--workers", "2", "--pool-size", "4"])
            .args(args)
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arbiter serve");
        let served = Served { child, port };
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "arbiter serve did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        served
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The automatic backups in `folder`, oldest first.
fn automatic_backups(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with("test-") && name.ends_with(".db"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Waits until `condition` holds (panics after [`PATIENCE`], saying `what`).
fn wait_for(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !condition() {
        assert!(Instant::now() < deadline, "waited in vain for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn automatic_backups_follow_changes_keep_the_newest_and_show_on_the_administrators_page() {
    let dbs = Databases::new();
    let folder = dbs.folder.path().join("stick");
    let server = Served::start(
        &dbs.db.url,
        &[
            "--backup-dir",
            arg(&folder),
            "--backup-every",
            "1s",
            "--backup-keep",
            "2",
        ],
    );
    // The first backup at start.
    wait_for("the first backup", || automatic_backups(&folder).len() == 1);
    let first = automatic_backups(&folder);
    // Nothing changes: no new backup (the server is left alone for several periods).
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(
        automatic_backups(&folder),
        first,
        "a backup without a change"
    );
    // Each change (an account created through the page) brings a new backup; two are kept.
    let mut admin = Client::new(server.port);
    admin.login("admin");
    let mut seen = first.clone();
    for number in 1..=3 {
        let created = admin.post(
            "/admin/users",
            &[
                ("username", &format!("helper{number}")),
                ("display_name", ""),
                ("role", "arbiter"),
                ("password", "long enough password"),
            ],
        );
        assert_eq!(created.status, StatusCode::OK, "{}", created.body);
        wait_for("a backup of the change", || {
            let now = automatic_backups(&folder);
            now.last() != seen.last()
        });
        seen = automatic_backups(&folder);
        assert!(seen.len() <= 2, "more than two kept: {seen:?}");
    }
    // The newest backup, restored, holds the three accounts (a backup begun just before the
    // last one was created may come first: wait for the one after it).
    let mut restores = 0;
    wait_for("a backup of the three accounts", || {
        restores += 1;
        let Some(newest) = automatic_backups(&folder).pop() else {
            return false;
        };
        let restored = dbs.folder.path().join(format!("restored-{restores}.db"));
        arbiter_ok(&[
            "restore",
            arg(&folder.join(&newest)),
            "--database-url",
            arg(&restored),
        ]);
        let helpers: Vec<Line> = diesel::sql_query(
            "SELECT username AS line FROM users WHERE username LIKE 'helper%' ORDER BY username",
        )
        .load(&mut open(&restored))
        .expect("the accounts");
        helpers.len() == 3
    });
    assert!(automatic_backups(&folder).len() <= 2);

    let page = admin.get("/admin/users");
    assert_eq!(
        page.attrs("#backups", "data-state"),
        ["ok"],
        "{}",
        page.body
    );
    let said = page.texts("#backups p").join(" ");
    // The newest when the page was made: the one seen, or one taken after the page's own
    // session write.
    let shown = automatic_backups(&folder);
    assert!(
        shown.iter().any(|name| said.contains(name.as_str())),
        "{said} names none of {shown:?}"
    );
}

#[test]
fn a_backup_folder_that_cannot_be_written_shows_as_failing_and_the_server_serves_on() {
    let dbs = Databases::new();
    let missing = dbs.folder.path().join("no-stick").join("backups");
    let server = Served::start(&dbs.db.url, &["--backup-dir", arg(&missing)]);
    let mut admin = Client::new(server.port);
    admin.login("admin");
    let mut page = admin.get("/admin/users");
    wait_for("the failure on the page", || {
        page = admin.get("/admin/users");
        page.attrs("#backups", "data-state") == ["failing"]
    });
    let reason = page.texts("#backups code").join(" ");
    assert!(reason.contains("no such folder"), "{reason}");
    assert!(!missing.exists());
}

#[test]
fn without_a_backup_folder_the_administrators_page_says_backups_are_off() {
    let dbs = Databases::new();
    let server = Served::start(&dbs.db.url, &[]);
    let mut admin = Client::new(server.port);
    admin.login("admin");
    let page = admin.get("/admin/users");
    assert_eq!(
        page.attrs("#backups", "data-state"),
        ["off"],
        "{}",
        page.body
    );
    assert!(page.texts("#backups p").join(" ").contains("--backup-dir"));
    assert_eq!(page.texts("#hall p").len(), 1, "hall mode off: one line");
}
