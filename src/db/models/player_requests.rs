//! `player_requests`: what players ask the arbiter through their personal link — a bye, a
//! withdrawal, a correction of their data — and the arbiter's answer.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::models::entries::EntryId;
use crate::db::models::integer_id;
use crate::db::schema_desk::{entries, player_requests};
use crate::tournament::desk::RequestState;

integer_id!(
    /// Id of a row in `player_requests`.
    PlayerRequestId
);

/// A row of `player_requests`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = player_requests)]
pub struct PlayerRequest {
    /// Row id.
    pub id: PlayerRequestId,
    /// The entry asking.
    pub entry_id: EntryId,
    /// `bye`, `withdraw` or `correction`.
    pub kind: String,
    /// The round of a bye.
    pub round: Option<i32>,
    /// `H` or `Z` for a bye.
    pub bye_kind: String,
    /// The correction asked for.
    pub detail: String,
    /// [`RequestState::code`].
    pub state: String,
    /// The arbiter's note.
    pub answer: String,
    /// When it was asked.
    pub created_at: time::PrimitiveDateTime,
}

/// A new request.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = player_requests)]
pub struct NewPlayerRequest {
    /// The entry asking.
    pub entry_id: EntryId,
    /// `bye`, `withdraw` or `correction`.
    pub kind: String,
    /// The round of a bye.
    pub round: Option<i32>,
    /// `H` or `Z`.
    pub bye_kind: String,
    /// The correction asked for.
    pub detail: String,
    /// Now.
    pub created_at: time::PrimitiveDateTime,
}

impl NewPlayerRequest {
    /// Inserts the request inside the caller's transaction.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<usize> {
        diesel::insert_into(player_requests::table)
            .values(self)
            .execute(conn)
    }
}

impl PlayerRequest {
    /// The request with this id.
    pub fn find(conn: &mut DbConn, id: PlayerRequestId) -> QueryResult<Option<PlayerRequest>> {
        player_requests::table
            .find(id)
            .select(PlayerRequest::as_select())
            .first(conn)
            .optional()
    }

    /// The requests of an entry, newest first.
    pub fn of_entry(conn: &mut DbConn, entry: EntryId) -> QueryResult<Vec<PlayerRequest>> {
        player_requests::table
            .filter(player_requests::entry_id.eq(entry))
            .order(player_requests::id.desc())
            .select(PlayerRequest::as_select())
            .load(conn)
    }

    /// The requests of a tournament's entries, oldest first.
    pub fn of_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<PlayerRequest>> {
        player_requests::table
            .inner_join(entries::table)
            .filter(entries::tournament_id.eq(tournament))
            .order(player_requests::id.asc())
            .select(PlayerRequest::as_select())
            .load(conn)
    }

    /// Answers a pending request; the rows changed (0: it was answered already).
    pub fn answer(
        conn: &mut DbConn,
        id: PlayerRequestId,
        state: RequestState,
        note: &str,
    ) -> QueryResult<usize> {
        diesel::update(
            player_requests::table
                .find(id)
                .filter(player_requests::state.eq(RequestState::Pending.code())),
        )
        .set((
            player_requests::state.eq(state.code()),
            player_requests::answer.eq(note),
        ))
        .execute(conn)
    }

    /// Where it stands (an unknown code reads as pending).
    pub fn state(&self) -> RequestState {
        RequestState::parse(&self.state).unwrap_or(RequestState::Pending)
    }
}
