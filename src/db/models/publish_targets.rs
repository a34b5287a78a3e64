//! `publish_targets`: on the venue, where a tournament is published to (the public server's
//! address and the organiser's publishing key there) and how the pushes have gone: the newest
//! revision acknowledged and when, since when they fail, the back-off. The key is kept in clear
//! here: the venue must send it (the public server keeps only its hash). Set by
//! [`crate::db::store::set_publish_target`]; the pusher ([`crate::publish`]) records each
//! attempt.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_publish::publish_targets;

/// A tournament's target.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = publish_targets)]
pub struct PublishTarget {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The public server's address, without a trailing slash.
    pub url: String,
    /// The publishing key.
    pub key: String,
    /// The newest revision acknowledged.
    pub pushed_revision: Option<i64>,
    /// When it was.
    pub pushed_at: Option<time::PrimitiveDateTime>,
    /// Since when pushes fail.
    pub failing_since: Option<time::PrimitiveDateTime>,
    /// Failed attempts since the last success.
    pub attempts: i32,
    /// Not before this time.
    pub next_attempt_at: Option<time::PrimitiveDateTime>,
    /// Why the last attempt failed.
    pub last_error: String,
}

impl PublishTarget {
    /// The target of `tournament`, if it has one.
    pub fn find(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Option<PublishTarget>> {
        publish_targets::table
            .find(tournament)
            .select(PublishTarget::as_select())
            .first(conn)
            .optional()
    }

    /// True when `tournament` is published somewhere (the store then queues each revision).
    pub fn exists(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(publish_targets::table.find(tournament)))
            .get_result(conn)
    }

    /// Sets (or replaces) the target of `tournament`: pushes start afresh, at once.
    pub fn set(
        conn: &mut DbConn,
        tournament: TournamentId,
        url: &str,
        key: &str,
    ) -> QueryResult<()> {
        let updated = diesel::update(publish_targets::table.find(tournament))
            .set((
                publish_targets::url.eq(url),
                publish_targets::key.eq(key),
                publish_targets::pushed_revision.eq(None::<i64>),
                publish_targets::pushed_at.eq(None::<time::PrimitiveDateTime>),
                publish_targets::failing_since.eq(None::<time::PrimitiveDateTime>),
                publish_targets::attempts.eq(0),
                publish_targets::next_attempt_at.eq(None::<time::PrimitiveDateTime>),
                publish_targets::last_error.eq(""),
            ))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(publish_targets::table)
                .values((
                    publish_targets::tournament_id.eq(tournament),
                    publish_targets::url.eq(url),
                    publish_targets::key.eq(key),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    /// Forgets the target of `tournament` (its pushes stop); the rows deleted.
    pub fn remove(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<usize> {
        diesel::delete(publish_targets::table.find(tournament)).execute(conn)
    }

    /// The targets the event's state has been pushed to (the public server knows the event).
    pub fn known_to_server(conn: &mut DbConn) -> QueryResult<Vec<PublishTarget>> {
        publish_targets::table
            .filter(publish_targets::pushed_revision.is_not_null())
            .select(PublishTarget::as_select())
            .load(conn)
    }

    /// The targets due for a push at `now`: with revisions waiting in the outbox and past
    /// their back-off.
    pub fn due(conn: &mut DbConn, now: time::PrimitiveDateTime) -> QueryResult<Vec<PublishTarget>> {
        use crate::db::schema_publish::publish_outbox;
        let waiting = publish_outbox::table.select(publish_outbox::tournament_id);
        publish_targets::table
            .filter(publish_targets::tournament_id.eq_any(waiting))
            .filter(
                publish_targets::next_attempt_at
                    .is_null()
                    .or(publish_targets::next_attempt_at.le(now)),
            )
            .order(publish_targets::tournament_id)
            .select(PublishTarget::as_select())
            .load(conn)
    }

    /// Records an acknowledged push of `revision` at `now`: the failures are forgotten.
    pub fn pushed(
        conn: &mut DbConn,
        tournament: TournamentId,
        revision: i64,
        now: time::PrimitiveDateTime,
    ) -> QueryResult<usize> {
        diesel::update(publish_targets::table.find(tournament))
            .set((
                publish_targets::pushed_revision.eq(Some(revision)),
                publish_targets::pushed_at.eq(Some(now)),
                publish_targets::failing_since.eq(None::<time::PrimitiveDateTime>),
                publish_targets::attempts.eq(0),
                publish_targets::next_attempt_at.eq(None::<time::PrimitiveDateTime>),
                publish_targets::last_error.eq(""),
            ))
            .execute(conn)
    }

    /// Records a failed attempt: failing since `since` (the first failure), the next attempt
    /// not before `retry_at`.
    pub fn failed(
        conn: &mut DbConn,
        tournament: TournamentId,
        since: time::PrimitiveDateTime,
        retry_at: time::PrimitiveDateTime,
        error: &str,
    ) -> QueryResult<usize> {
        diesel::update(publish_targets::table.find(tournament))
            .set((
                publish_targets::failing_since.eq(Some(since)),
                publish_targets::attempts.eq(publish_targets::attempts + 1),
                publish_targets::next_attempt_at.eq(Some(retry_at)),
                publish_targets::last_error.eq(error),
            ))
            .execute(conn)
    }

    /// Lifts the back-off: the next push is due at once (the Publish-now button).
    pub fn due_now(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<usize> {
        diesel::update(publish_targets::table.find(tournament))
            .set(publish_targets::next_attempt_at.eq(None::<time::PrimitiveDateTime>))
            .execute(conn)
    }
}
