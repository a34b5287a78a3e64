//! `login_attempts`: the record behind login rate limiting (kept in the database so every app
//! instance sees the same counts). An attempt is recorded as failed before its password is
//! checked and marked as succeeded afterwards, so that counting and recording happen in one
//! write transaction ([`LoginAttempt::lock_counters`]) and parallel attempts cannot all slip
//! under the limit.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::schema::login_attempts;

/// A row of `login_attempts`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = login_attempts)]
pub struct LoginAttempt {
    /// Row id.
    pub id: i32,
    /// The user name tried.
    pub username: String,
    /// Client address.
    pub client_ip: String,
    /// Whether it succeeded.
    pub succeeded: bool,
    /// When.
    pub attempted_at: time::PrimitiveDateTime,
}

impl LoginAttempt {
    /// Records an attempt; returns its row id.
    pub fn record(
        conn: &mut DbConn,
        username: &str,
        client_ip: &str,
        succeeded: bool,
        at: time::PrimitiveDateTime,
    ) -> QueryResult<i32> {
        diesel::insert_into(login_attempts::table)
            .values((
                login_attempts::username.eq(username),
                login_attempts::client_ip.eq(client_ip),
                login_attempts::succeeded.eq(succeeded),
                login_attempts::attempted_at.eq(at),
            ))
            .returning(login_attempts::id)
            .get_result(conn)
    }

    /// Marks attempt `id` as succeeded (its password was right).
    pub fn mark_succeeded(conn: &mut DbConn, id: i32) -> QueryResult<usize> {
        diesel::update(login_attempts::table.find(id))
            .set(login_attempts::succeeded.eq(true))
            .execute(conn)
    }

    /// Inside a write transaction ([`crate::db::write_transaction`]): waits until no other
    /// transaction is counting attempts for `username` or `client_ip`, and keeps them waiting
    /// until this one ends. On SQLite the transaction's `BEGIN IMMEDIATE` holds the database's
    /// write lock already; on PostgreSQL this takes two advisory transaction locks, on the
    /// user name and on the address, always in that order.
    #[cfg_attr(
        not(feature = "postgres"),
        expect(unused_variables, reason = "only PostgreSQL locks on the keys")
    )]
    pub fn lock_counters(conn: &mut DbConn, username: &str, client_ip: &str) -> QueryResult<()> {
        match conn {
            #[cfg(feature = "postgres")]
            DbConn::Pg(pg) => {
                use diesel::sql_types::{Integer, Text};
                for (class, key) in [(1, username), (2, client_ip)] {
                    diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
                        .bind::<Integer, _>(class)
                        .bind::<Text, _>(key)
                        .execute(pg)?;
                }
            }
            #[cfg(feature = "sqlite")]
            DbConn::Sqlite(_) => {}
        }
        Ok(())
    }

    /// Failed attempts for `username` since `since`.
    pub fn failures_for_username(
        conn: &mut DbConn,
        username: &str,
        since: time::PrimitiveDateTime,
    ) -> QueryResult<i64> {
        login_attempts::table
            .filter(login_attempts::username.eq(username))
            .filter(login_attempts::succeeded.eq(false))
            .filter(login_attempts::attempted_at.ge(since))
            .count()
            .get_result(conn)
    }

    /// Failed attempts from `client_ip` since `since`.
    pub fn failures_for_client(
        conn: &mut DbConn,
        client_ip: &str,
        since: time::PrimitiveDateTime,
    ) -> QueryResult<i64> {
        login_attempts::table
            .filter(login_attempts::client_ip.eq(client_ip))
            .filter(login_attempts::succeeded.eq(false))
            .filter(login_attempts::attempted_at.ge(since))
            .count()
            .get_result(conn)
    }

    /// Forgets failures of `username` (after a successful login).
    pub fn clear_failures_for_username(conn: &mut DbConn, username: &str) -> QueryResult<usize> {
        diesel::delete(
            login_attempts::table
                .filter(login_attempts::username.eq(username))
                .filter(login_attempts::succeeded.eq(false)),
        )
        .execute(conn)
    }

    /// Deletes attempts older than `before`.
    pub fn prune(conn: &mut DbConn, before: time::PrimitiveDateTime) -> QueryResult<usize> {
        diesel::delete(login_attempts::table.filter(login_attempts::attempted_at.lt(before)))
            .execute(conn)
    }
}
