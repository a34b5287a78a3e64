//! FIDE's rating list in the database (`db::rating_list`): an import replaces the list whole or
//! not at all (a bad line or a FIDE ID on two lines leaves the list before it in place), and a
//! list of 200,000 lines made here streams in without holding the file or its players in
//! memory; a second import while one runs is refused (they share the staging table). On
//! PostgreSQL too when `ARBITER_TEST_DATABASE_URL` is set.

mod common;

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};

use arbiter::db::models::{FidePlayer, FideRatingList, Setting};
use arbiter::db::rating_list::{IMPORT_LEASE, ImportError, LEASE_SECONDS, import_list};
use arbiter::formats::fide_list::layout::{COMBINED_HEADER, combined_line};
use arbiter::formats::fide_list::{
    ListError, ListPlayer, ListProblem, ListReader, PlayerSource, RatingKind,
};
use common::TestContext;

fn line(fide_id: u64, rating: u16) -> String {
    combined_line(
        fide_id,
        &format!("Player{fide_id}, Test"),
        "CZE",
        if fide_id.is_multiple_of(3) { "F" } else { "M" },
        if fide_id.is_multiple_of(50) { "FM" } else { "" },
        [Some(rating), None, Some(rating.saturating_sub(20))],
        Some(1950 + (fide_id % 60) as u16),
        if fide_id.is_multiple_of(7) { "i" } else { "" },
    )
}

fn import_text(ctx: &TestContext, text: &str) -> Result<u64, ImportError> {
    ctx.with_conn(|conn| {
        let reader = ListReader::new(text.as_bytes(), RatingKind::Standard).expect("header");
        import_list(conn, reader, "test.txt", |_| {}).map(|summary| summary.players)
    })
}

#[test]
fn an_import_replaces_the_list_whole_or_not_at_all() {
    let ctx = TestContext::new();
    let first = format!(
        "{COMBINED_HEADER}\n{}\n{}\n",
        line(10, 2000),
        line(11, 2100)
    );
    assert_eq!(import_text(&ctx, &first).expect("imported"), 2);
    let stored = ctx.with_conn(|conn| FidePlayer::find(conn, 11).expect("read"));
    assert_eq!(stored.map(|p| p.standard), Some(Some(2100)));

    // A bad rating on line 3: nothing of the new list, the old one stays.
    let bad = format!(
        "{COMBINED_HEADER}\n{}\n{}\n",
        line(12, 2200),
        line(13, 2300).replacen("2300", "23x0", 1)
    );
    match import_text(&ctx, &bad) {
        Err(ImportError::Lines(errors)) => {
            assert_eq!(
                (errors[0].line, errors[0].field.as_str(), &errors[0].problem),
                (3, "SRtng", &ListProblem::NotANumber)
            );
        }
        other => panic!("{other:?}"),
    }
    // A FIDE ID on two lines (here in two batches' worth of lines apart).
    let mut duplicate = format!("{COMBINED_HEADER}\n");
    for fide_id in 100..1600 {
        duplicate.push_str(&line(fide_id, 1800));
        duplicate.push('\n');
    }
    duplicate.push_str(&line(150, 1900));
    duplicate.push('\n');
    match import_text(&ctx, &duplicate) {
        Err(ImportError::Duplicate { fide_id, line }) => assert_eq!((fide_id, line), (150, 1502)),
        other => panic!("{other:?}"),
    }
    ctx.with_conn(|conn| {
        assert_eq!(FidePlayer::count(conn).expect("count"), 2);
        assert!(FidePlayer::find(conn, 12).expect("read").is_none());
        let latest = FideRatingList::latest(conn).expect("read").expect("a list");
        assert_eq!((latest.source.as_str(), latest.players), ("test.txt", 2));
    });
}

#[test]
fn a_second_import_while_one_runs_is_refused_and_a_dead_ones_mark_expires() {
    let ctx = TestContext::new();
    let list = format!("{COMBINED_HEADER}\n{}\n", line(10, 2000));
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    // Another import (the command line, another instance) holds the staging table.
    ctx.with_conn(|conn| Setting::set(conn, IMPORT_LEASE, &(now + 120).to_string()).expect("mark"));
    match import_text(&ctx, &list) {
        Err(error @ ImportError::Busy { until }) => {
            assert_eq!(until, now + 120);
            assert!(error.to_string().contains("another import"), "{error}");
        }
        other => panic!("{other:?}"),
    }
    ctx.with_conn(|conn| assert_eq!(FidePlayer::count(conn).expect("count"), 0));
    // An import that died left its mark: once past its time, the next import runs.
    ctx.with_conn(|conn| {
        Setting::set(conn, IMPORT_LEASE, &(now - LEASE_SECONDS).to_string()).expect("mark")
    });
    assert_eq!(import_text(&ctx, &list).expect("imported"), 1);
    // An import that ends, well or not, removes its mark.
    ctx.with_conn(|conn| assert_eq!(Setting::get(conn, IMPORT_LEASE).expect("read"), None));
    let bad = format!(
        "{COMBINED_HEADER}\n{}\n",
        line(12, 2200).replacen("2200", "22x0", 1)
    );
    assert!(matches!(
        import_text(&ctx, &bad),
        Err(ImportError::Lines(_))
    ));
    ctx.with_conn(|conn| assert_eq!(Setting::get(conn, IMPORT_LEASE).expect("read"), None));
}

/// The peak resident memory of this process so far, in kB (Linux).
fn peak_kb() -> u64 {
    common::peak_resident_kb("self")
}

/// Peak memory is per process and the other tests of this file run beside this one, so the
/// measurement runs in a child process of this test binary that runs this test alone.
const ALONE: &str = "ARBITER_TEST_ALONE";

#[test]
fn a_list_of_200000_lines_streams_in_within_bounded_memory() {
    if std::env::var_os(ALONE).is_none() {
        let name = "a_list_of_200000_lines_streams_in_within_bounded_memory";
        let output = std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args(["--exact", name, "--nocapture", "--test-threads", "1"])
            .env(ALONE, "1")
            .output()
            .expect("run the test alone");
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        println!("{printed}");
        assert!(output.status.success(), "the test alone failed:\n{printed}");
        assert!(
            printed.contains("1 passed"),
            "the test did not run alone:\n{printed}"
        );
        return;
    }
    const LINES: u64 = 200_000;
    let ctx = TestContext::new();
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("players_list_foa.txt");
    let mut out = BufWriter::new(File::create(&path).expect("file"));
    writeln!(out, "{COMBINED_HEADER}").expect("write");
    for fide_id in 1..=LINES {
        writeln!(out, "{}", line(fide_id, 1400 + (fide_id % 1400) as u16)).expect("write");
    }
    out.flush().expect("flush");
    drop(out);
    let size = std::fs::metadata(&path).expect("size").len();
    let before = peak_kb();
    let started = std::time::Instant::now();
    let mut batches = 0;
    let summary = ctx.with_conn(|conn| {
        let file = BufReader::new(File::open(&path).expect("open"));
        let reader = ListReader::new(file, RatingKind::Standard).expect("header");
        import_list(conn, reader, "players_list_foa.txt", |_| batches += 1).expect("imported")
    });
    let grown_kb = peak_kb().saturating_sub(before);
    println!(
        "imported {} players ({} MB file) in {:.1} s; peak memory grew by {} MB",
        summary.players,
        size >> 20,
        started.elapsed().as_secs_f64(),
        grown_kb >> 10
    );
    assert_eq!(summary.players, LINES);
    assert_eq!(summary.lines, LINES + 1);
    assert!(batches >= 200, "{batches}");
    // The file is ~30 MB and its players as values more: a reader that held either would
    // grow by more than that. Batches of 1,000 players and SQLite's page cache stay far below.
    assert!(size > 30 << 20, "{size}");
    assert!(grown_kb < 24 << 10, "peak memory grew by {grown_kb} kB");
    let player = ctx.with_conn(|conn| FidePlayer::find(conn, 150_000).expect("read"));
    assert_eq!(
        player.map(|p| (p.standard, p.inactive)),
        Some((Some(1400 + 150_000 % 1400), false))
    );
}

/// A reader with a bug: one player, then a panic.
struct PanickingReader(u64);

impl Iterator for PanickingReader {
    type Item = Result<ListPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0 += 1;
        if self.0 > 1 {
            panic!("a reader's bug on line {}", self.0);
        }
        Some(Ok(ListPlayer {
            fide_id: 5,
            name: "Five, Player".into(),
            ..ListPlayer::default()
        }))
    }
}

impl PlayerSource for PanickingReader {
    fn line(&self) -> u64 {
        self.0
    }
}

#[test]
fn a_failed_or_panicked_import_frees_the_list_at_once() {
    let ctx = TestContext::new();
    let list = format!("{COMBINED_HEADER}\n{}\n", line(10, 2000));
    let lease =
        |ctx: &TestContext| ctx.with_conn(|conn| Setting::get(conn, IMPORT_LEASE).expect("read"));
    // A panic in the reader ends the import; its mark goes with it.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ctx.with_conn(|conn| import_list(conn, PanickingReader(0), "bug.txt", |_| {}))
    }));
    assert!(outcome.is_err(), "the panic goes on to the caller");
    assert_eq!(lease(&ctx), None, "a panicked import leaves no mark");
    // A list the database refuses (PostgreSQL refuses a NUL byte in text; SQLite stores it),
    // and a repeated FIDE ID: refused, and no mark left.
    let nul = format!(
        "{COMBINED_HEADER}\n{}\n",
        line(11, 2000).replacen("Player11", "Play\0r11", 1)
    );
    let _ = import_text(&ctx, &nul);
    assert_eq!(lease(&ctx), None, "a refused import leaves no mark");
    let twice = format!(
        "{COMBINED_HEADER}\n{}\n{}\n",
        line(12, 2000),
        line(12, 2100)
    );
    assert!(matches!(
        import_text(&ctx, &twice),
        Err(ImportError::Duplicate { .. })
    ));
    assert_eq!(lease(&ctx), None, "a refused import leaves no mark");
    // The next import runs at once.
    assert_eq!(import_text(&ctx, &list).expect("imported"), 1);
}
