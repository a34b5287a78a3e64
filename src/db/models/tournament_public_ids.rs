//! `tournament_public_ids`: each tournament's stable public id, 32 random hex digits made with
//! the tournament ([`crate::db::models::NewTournament::insert`]): the event in
//! `/api/v1/events/{id}` on the venue and on every server it is published to. A table of its
//! own because `tournaments` has all the columns diesel's tables take.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_publish::tournament_public_ids;

/// Gives `tournament` the public id `public_id` (inside the caller's transaction).
pub fn insert(conn: &mut DbConn, tournament: TournamentId, public_id: &str) -> QueryResult<usize> {
    diesel::insert_into(tournament_public_ids::table)
        .values((
            tournament_public_ids::tournament_id.eq(tournament),
            tournament_public_ids::public_id.eq(public_id),
        ))
        .execute(conn)
}

/// The public id of `tournament`.
pub fn public_id_of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Option<String>> {
    tournament_public_ids::table
        .find(tournament)
        .select(tournament_public_ids::public_id)
        .first(conn)
        .optional()
}

/// The tournament whose public id is `public_id`.
pub fn tournament_of(conn: &mut DbConn, public_id: &str) -> QueryResult<Option<TournamentId>> {
    tournament_public_ids::table
        .filter(tournament_public_ids::public_id.eq(public_id))
        .select(tournament_public_ids::tournament_id)
        .first(conn)
        .optional()
}
