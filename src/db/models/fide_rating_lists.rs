//! `fide_rating_lists`: one row per import of FIDE's rating list; the newest says which list
//! the look-up and the refresh use.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::schema_ratings::fide_rating_lists;

/// A row of `fide_rating_lists`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = fide_rating_lists)]
pub struct FideRatingList {
    /// Row id.
    pub id: i32,
    /// The file imported.
    pub source: String,
    /// Players read.
    pub players: i32,
    /// When.
    pub imported_at: time::PrimitiveDateTime,
}

impl FideRatingList {
    /// Records an import.
    pub fn record(conn: &mut DbConn, source: &str, players: i32) -> QueryResult<usize> {
        diesel::insert_into(fide_rating_lists::table)
            .values((
                fide_rating_lists::source.eq(source),
                fide_rating_lists::players.eq(players),
            ))
            .execute(conn)
    }

    /// The newest import, if any.
    pub fn latest(conn: &mut DbConn) -> QueryResult<Option<FideRatingList>> {
        fide_rating_lists::table
            .order(fide_rating_lists::id.desc())
            .select(FideRatingList::as_select())
            .first(conn)
            .optional()
    }
}
