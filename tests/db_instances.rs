//! Several instances of the app started together on one empty database (a deployment that
//! starts two servers at once): every one of them migrates and opens its pool; the migrations
//! run once.

mod common;

use std::sync::{Arc, Barrier};
use std::thread;

use arbiter::db;
use arbiter::db::models::User;
use common::TestDb;

/// Instances started together.
const INSTANCES: usize = 8;

#[test]
fn instances_started_together_on_an_empty_database_all_migrate() {
    let database = TestDb::new();
    let barrier = Arc::new(Barrier::new(INSTANCES));
    let starts: Vec<_> = (0..INSTANCES)
        .map(|_| {
            let url = database.url.clone();
            let barrier = Arc::clone(&barrier);
            thread::spawn(move || {
                barrier.wait();
                db::connect_pool(&url, 2).map_err(|error| format!("{error:#}"))
            })
        })
        .collect();
    let results: Vec<_> = starts
        .into_iter()
        .map(|start| start.join().expect("an instance thread"))
        .collect();
    let failed: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    println!(
        "{INSTANCES} instances on {}: {} failed",
        if database.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        failed.len()
    );
    assert!(failed.is_empty(), "instances that failed: {failed:?}");
    // The schema is whole: every instance reads it.
    for pool in results.into_iter().flatten() {
        let mut conn = pool.get().expect("a connection");
        assert_eq!(User::count(&mut conn).expect("users"), 0);
    }
}
