//! `user_sessions`: the logins the server knows of. The session cookie carries a random secret;
//! a row holds its SHA-256, the account and when the user logged in. A request is logged in
//! only while its row exists (and is younger than the caller's limit), so ending a session is
//! deleting its row — on every instance at once, since they share the database.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{User, UserId};
use crate::db::schema::{user_sessions, users};

/// The sessions of `user_sessions`.
pub struct UserSession;

impl UserSession {
    /// Records a new session (`digest`: the SHA-256 of its secret) of `user`, started `at`.
    pub fn create(
        conn: &mut DbConn,
        digest: &str,
        user: UserId,
        at: time::PrimitiveDateTime,
    ) -> QueryResult<()> {
        diesel::insert_into(user_sessions::table)
            .values((
                user_sessions::id.eq(digest),
                user_sessions::user_id.eq(user),
                user_sessions::created_at.eq(at),
            ))
            .execute(conn)
            .map(|_| ())
    }

    /// The active account of the session `digest`, if it exists and started at or after
    /// `since`.
    pub fn user_of(
        conn: &mut DbConn,
        digest: &str,
        since: time::PrimitiveDateTime,
    ) -> QueryResult<Option<User>> {
        user_sessions::table
            .inner_join(users::table)
            .filter(user_sessions::id.eq(digest))
            .filter(user_sessions::created_at.ge(since))
            .filter(users::active.eq(true))
            .select(users::all_columns)
            .first(conn)
            .optional()
    }

    /// Ends one session (logging out).
    pub fn end(conn: &mut DbConn, digest: &str) -> QueryResult<usize> {
        diesel::delete(user_sessions::table.filter(user_sessions::id.eq(digest))).execute(conn)
    }

    /// Ends every session of `user` (a new password, a disabled account).
    pub fn end_all(conn: &mut DbConn, user: UserId) -> QueryResult<usize> {
        diesel::delete(user_sessions::table.filter(user_sessions::user_id.eq(user))).execute(conn)
    }

    /// Forgets sessions started before `before` (they no longer log anybody in).
    pub fn prune(conn: &mut DbConn, before: time::PrimitiveDateTime) -> QueryResult<usize> {
        diesel::delete(user_sessions::table.filter(user_sessions::created_at.lt(before)))
            .execute(conn)
    }
}
