//! `login_attempts`: the record behind login rate limiting (kept in the database so every app
//! instance sees the same counts).

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
    /// Records an attempt.
    pub fn record(
        conn: &mut DbConn,
        username: &str,
        client_ip: &str,
        succeeded: bool,
        at: time::PrimitiveDateTime,
    ) -> QueryResult<()> {
        diesel::insert_into(login_attempts::table)
            .values((
                login_attempts::username.eq(username),
                login_attempts::client_ip.eq(client_ip),
                login_attempts::succeeded.eq(succeeded),
                login_attempts::attempted_at.eq(at),
            ))
            .execute(conn)
            .map(|_| ())
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
