//! `login_attempts`: the failed logins behind login rate limiting (kept in the database so
//! every app instance sees the same counts). Only failures are recorded; a right password
//! records nothing and forgets the failures of its client and user name. `client_ip` holds
//! the key the failures count under ([`crate::web::auth::LoginClient::key`]): the client's
//! address, or `browser <id>` for a browser the account logged in from before.

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
    /// The client's key: its address, or `browser <id>`.
    pub client_ip: String,
    /// Whether it succeeded (rows written today are failures).
    pub succeeded: bool,
    /// When.
    pub attempted_at: time::PrimitiveDateTime,
}

impl LoginAttempt {
    /// Records a failed attempt of `username` by the client `client` (its key); returns the
    /// row id.
    pub fn record(
        conn: &mut DbConn,
        username: &str,
        client: &str,
        at: time::PrimitiveDateTime,
    ) -> QueryResult<i32> {
        diesel::insert_into(login_attempts::table)
            .values((
                login_attempts::username.eq(username),
                login_attempts::client_ip.eq(client),
                login_attempts::succeeded.eq(false),
                login_attempts::attempted_at.eq(at),
            ))
            .returning(login_attempts::id)
            .get_result(conn)
    }

    /// Failed attempts of `username` by the client `client` since `since`, and when the last
    /// one was.
    pub fn failures_for(
        conn: &mut DbConn,
        client: &str,
        username: &str,
        since: time::PrimitiveDateTime,
    ) -> QueryResult<(i64, Option<time::PrimitiveDateTime>)> {
        let failures = login_attempts::table
            .filter(login_attempts::username.eq(username))
            .filter(login_attempts::client_ip.eq(client))
            .filter(login_attempts::succeeded.eq(false))
            .filter(login_attempts::attempted_at.ge(since));
        let count = failures.count().get_result(conn)?;
        let last = failures
            .select(diesel::dsl::max(login_attempts::attempted_at))
            .first(conn)?;
        Ok((count, last))
    }

    /// Failed attempts for `username` since `since`, from any client.
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

    /// Failed attempts by the client `client` (an address) since `since`, for any user name.
    pub fn failures_from(
        conn: &mut DbConn,
        client: &str,
        since: time::PrimitiveDateTime,
    ) -> QueryResult<i64> {
        login_attempts::table
            .filter(login_attempts::client_ip.eq(client))
            .filter(login_attempts::succeeded.eq(false))
            .filter(login_attempts::attempted_at.ge(since))
            .count()
            .get_result(conn)
    }

    /// Forgets the failures of `username` by the client `client` (after its right password).
    pub fn clear_failures(conn: &mut DbConn, client: &str, username: &str) -> QueryResult<usize> {
        diesel::delete(
            login_attempts::table
                .filter(login_attempts::username.eq(username))
                .filter(login_attempts::client_ip.eq(client))
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
