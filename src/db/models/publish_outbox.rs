//! `publish_outbox`: on the venue, the revisions of a published tournament not yet
//! acknowledged by the public server. The store writes a row in the transaction of every
//! change of a tournament that has a target ([`crate::db::store`]'s `write_within`), so that no
//! change is lost when the process dies before the push; the pusher sends the newest state
//! once for all waiting rows (coalescing) and deletes the rows up to the revision acknowledged.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_publish::publish_outbox;

/// The outbox of one tournament, as the status line shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waiting {
    /// Changes waiting.
    pub changes: i64,
    /// The newest revision waiting.
    pub newest: Option<i64>,
}

/// Queues `revision` of `tournament` (inside the write's transaction).
pub fn queue(conn: &mut DbConn, tournament: TournamentId, revision: i64) -> QueryResult<usize> {
    diesel::insert_into(publish_outbox::table)
        .values((
            publish_outbox::tournament_id.eq(tournament),
            publish_outbox::revision.eq(revision),
            publish_outbox::queued_at.eq(crate::db::now()),
        ))
        .execute(conn)
}

/// What waits for `tournament`.
pub fn waiting(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Waiting> {
    let (changes, newest) = publish_outbox::table
        .filter(publish_outbox::tournament_id.eq(tournament))
        .select((
            diesel::dsl::count_star(),
            diesel::dsl::max(publish_outbox::revision),
        ))
        .first::<(i64, Option<i64>)>(conn)?;
    Ok(Waiting { changes, newest })
}

/// Deletes the rows of `tournament` up to `revision` (acknowledged); the rows deleted.
pub fn acknowledge(
    conn: &mut DbConn,
    tournament: TournamentId,
    revision: i64,
) -> QueryResult<usize> {
    diesel::delete(
        publish_outbox::table
            .filter(publish_outbox::tournament_id.eq(tournament))
            .filter(publish_outbox::revision.le(revision)),
    )
    .execute(conn)
}
