//! `pushed_live`: on a public server, the games a venue follows live, one document per event
//! and round as the venue last pushed it ([`crate::formats::public_live`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::schema_live::pushed_live;

/// A row of `pushed_live`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = pushed_live)]
pub struct PushedLive {
    /// The event's public id.
    pub public_id: String,
    /// The round.
    pub round: i32,
    /// The document as received (checked by [`crate::formats::public_live::PublicLive::parse`]).
    pub document: String,
    /// When it was received, Unix milliseconds.
    pub received_at: i64,
}

impl PushedLive {
    /// The round's document, if the venue pushed one.
    pub fn find(conn: &mut DbConn, public_id: &str, round: i32) -> QueryResult<Option<PushedLive>> {
        pushed_live::table
            .find((public_id, round))
            .select(PushedLive::as_select())
            .first(conn)
            .optional()
    }

    /// The rounds of an event that have a document.
    pub fn rounds(conn: &mut DbConn, public_id: &str) -> QueryResult<Vec<i32>> {
        pushed_live::table
            .filter(pushed_live::public_id.eq(public_id))
            .select(pushed_live::round)
            .order(pushed_live::round.asc())
            .load(conn)
    }

    /// Stores the round's document, replacing the one before.
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        let updated = diesel::update(pushed_live::table.find((&self.public_id, self.round)))
            .set((
                pushed_live::document.eq(&self.document),
                pushed_live::received_at.eq(self.received_at),
            ))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(pushed_live::table)
                .values(self)
                .execute(conn)?;
        }
        Ok(())
    }
}
