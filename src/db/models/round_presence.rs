//! `round_presence`: a player's presence confirmed before a round (the check-in of the
//! players' desk). It decides who is paired, never who is forfeited: the arrival at the
//! board after pairing (`check_ins`, Laws Art. 6.7) is the live view's.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::PlayerRowId;
use crate::db::schema_desk::round_presence;

/// How a presence was confirmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresenceVia {
    /// The player's personal link.
    Link,
    /// The venue's check-in page (the printed QR code).
    Venue,
    /// The organiser's or arbiter's desk page.
    Desk,
}

impl PresenceVia {
    /// The code stored.
    pub fn code(self) -> &'static str {
        match self {
            PresenceVia::Link => "link",
            PresenceVia::Venue => "venue",
            PresenceVia::Desk => "desk",
        }
    }
}

/// A row of `round_presence`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = round_presence)]
pub struct Presence {
    /// The player.
    pub player_id: PlayerRowId,
    /// The round.
    pub round: i32,
    /// Unix seconds.
    pub checked_at: i64,
    /// [`PresenceVia::code`].
    pub via: String,
}

impl Presence {
    /// The players checked in for `round` among `players`.
    pub fn for_round(
        conn: &mut DbConn,
        players: &[PlayerRowId],
        round: i32,
    ) -> QueryResult<Vec<Presence>> {
        crate::db::models::load_in_chunks(conn, players, |conn, chunk| {
            round_presence::table
                .filter(round_presence::player_id.eq_any(chunk))
                .filter(round_presence::round.eq(round))
                .select(Presence::as_select())
                .load(conn)
        })
    }

    /// Confirms a presence (the first confirmation counts); true when it is new.
    pub fn confirm(
        conn: &mut DbConn,
        player: PlayerRowId,
        round: i32,
        at: i64,
        via: PresenceVia,
    ) -> QueryResult<bool> {
        let exists = round_presence::table
            .filter(round_presence::player_id.eq(player))
            .filter(round_presence::round.eq(round))
            .count()
            .get_result::<i64>(conn)?;
        if exists > 0 {
            return Ok(false);
        }
        diesel::insert_into(round_presence::table)
            .values((
                round_presence::player_id.eq(player),
                round_presence::round.eq(round),
                round_presence::checked_at.eq(at),
                round_presence::via.eq(via.code()),
            ))
            .execute(conn)?;
        Ok(true)
    }

    /// Removes a confirmation made by mistake; the rows removed.
    pub fn undo(conn: &mut DbConn, player: PlayerRowId, round: i32) -> QueryResult<usize> {
        diesel::delete(
            round_presence::table
                .filter(round_presence::player_id.eq(player))
                .filter(round_presence::round.eq(round)),
        )
        .execute(conn)
    }
}
