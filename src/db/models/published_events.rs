//! `published_events`: on the public server, the newest state a venue pushed of each event,
//! keyed by the event's stable public id: the document as served (canonical JSON of
//! [`crate::formats::public_state::PublicState`] with its published-at stamp) and the columns
//! the list searches. Written only by [`crate::db::store::apply_push`], which never lowers the
//! revision.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::UserId;
use crate::db::models::publishing_keys::PublishingKeyId;
use crate::db::schema_publish::published_events;

/// A pushed event.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = published_events)]
pub struct PublishedEvent {
    /// The event's stable public id.
    pub public_id: String,
    /// Its organiser.
    pub owner_id: UserId,
    /// The key of the newest push.
    pub key_id: PublishingKeyId,
    /// The venue's revision stored.
    pub revision: i64,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// First day.
    pub start_date: time::Date,
    /// Last day.
    pub end_date: time::Date,
    /// The document as served.
    pub document: String,
    /// When this revision was accepted.
    pub published_at: time::PrimitiveDateTime,
    /// The organising federation, possibly empty.
    pub federation: String,
}

/// An event of the list: what `/api/v1/events` shows of a pushed event.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = published_events)]
pub struct PublishedSummary {
    /// The event's stable public id.
    pub public_id: String,
    /// The venue's revision stored.
    pub revision: i64,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// First day.
    pub start_date: time::Date,
    /// Last day.
    pub end_date: time::Date,
    /// The organising federation, possibly empty.
    pub federation: String,
}

impl PublishedEvent {
    /// The pushed event `public_id`.
    pub fn find(conn: &mut DbConn, public_id: &str) -> QueryResult<Option<PublishedEvent>> {
        published_events::table
            .find(public_id)
            .select(PublishedEvent::as_select())
            .first(conn)
            .optional()
    }

    /// Stores a first push (inside the caller's transaction).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<usize> {
        diesel::insert_into(published_events::table)
            .values(self.clone())
            .execute(conn)
    }

    /// Replaces the stored state by this newer one, only while the stored revision is still
    /// `below` (a conditional write: two pushes racing cannot lower it); the rows changed.
    pub fn replace_if_older(&self, conn: &mut DbConn, below: i64) -> QueryResult<usize> {
        diesel::update(
            published_events::table
                .find(&self.public_id)
                .filter(published_events::revision.lt(below)),
        )
        .set(self.clone())
        .execute(conn)
    }

    /// The revision stored of `public_id`, if pushed.
    pub fn revision(conn: &mut DbConn, public_id: &str) -> QueryResult<Option<i64>> {
        published_events::table
            .find(public_id)
            .select(published_events::revision)
            .first(conn)
            .optional()
    }
}
