//! `kept_uploads`: a spreadsheet uploaded on the player import, kept between the check and the
//! import, since a browser cannot send a file input again (a CSV list goes on as text in the
//! form instead). Found by a random token the form carries, of which only the SHA-256 is
//! stored, and only for the organiser and event it was uploaded by and to; dropped after
//! [`KEPT_FOR_HOURS`]. Written by [`crate::db::store::keep_upload`].

use diesel::prelude::*;
use sha2::{Digest, Sha256};

use crate::db::DbConn;
use crate::db::models::{TournamentId, UserId};
use crate::db::schema_ratings::kept_uploads;

/// How long an uploaded file is kept, in hours.
pub const KEPT_FOR_HOURS: i64 = 24;

/// The SHA-256 (hex) of a token, as stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A kept file.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = kept_uploads)]
pub struct KeptUpload {
    /// The file.
    pub bytes: Vec<u8>,
}

/// A file to keep.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = kept_uploads)]
pub struct NewKeptUpload<'a> {
    /// Who uploaded it.
    pub owner_id: UserId,
    /// To which event.
    pub tournament_id: TournamentId,
    /// [`token_hash`] of its token.
    pub token_hash: String,
    /// The file.
    pub bytes: &'a [u8],
    /// Now.
    pub created_at: time::PrimitiveDateTime,
}

impl NewKeptUpload<'_> {
    /// Inserts the file (inside the caller's transaction).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<usize> {
        diesel::insert_into(kept_uploads::table)
            .values(self)
            .execute(conn)
    }
}

impl KeptUpload {
    /// The file of `token`, if `owner` uploaded it to `tournament` and it is not expired.
    pub fn find(
        conn: &mut DbConn,
        owner: UserId,
        tournament: TournamentId,
        token: &str,
    ) -> QueryResult<Option<KeptUpload>> {
        kept_uploads::table
            .filter(kept_uploads::token_hash.eq(token_hash(token)))
            .filter(kept_uploads::owner_id.eq(owner))
            .filter(kept_uploads::tournament_id.eq(tournament))
            .filter(kept_uploads::created_at.gt(expiry()))
            .select(KeptUpload::as_select())
            .first(conn)
            .optional()
    }

    /// Drops the expired files, and `owner`'s earlier files for `tournament` (one kept file
    /// per organiser and event): inside the caller's transaction.
    pub fn drop_old(
        conn: &mut DbConn,
        owner: UserId,
        tournament: TournamentId,
    ) -> QueryResult<usize> {
        let expired =
            diesel::delete(kept_uploads::table.filter(kept_uploads::created_at.le(expiry())))
                .execute(conn)?;
        let earlier = diesel::delete(
            kept_uploads::table
                .filter(kept_uploads::owner_id.eq(owner))
                .filter(kept_uploads::tournament_id.eq(tournament)),
        )
        .execute(conn)?;
        Ok(expired + earlier)
    }
}

/// Files uploaded at or before this moment are expired.
fn expiry() -> time::PrimitiveDateTime {
    crate::db::now() - time::Duration::hours(KEPT_FOR_HOURS)
}
