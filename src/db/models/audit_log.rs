//! `audit_log`: what every write of the tournament day did (`db::store`), who did it, when,
//! and at which revision of the tournament. Rows are never deleted with the games or rounds
//! they speak of, so an unpaired round's history stays readable.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{GameId, TournamentId, UserId, integer_id};
use crate::db::schema::{audit_log, users};

integer_id!(
    /// Id of a row in `audit_log`.
    AuditEntryId
);

/// A row of `audit_log`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    /// Row id.
    pub id: AuditEntryId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The tournament's revision after the write.
    pub revision: i64,
    /// Who (`None` for a player's own report or the system).
    pub user_id: Option<UserId>,
    /// When.
    pub at: time::PrimitiveDateTime,
    /// What (a name such as `start_round`, `withdraw`, `self_report`).
    pub action: String,
    /// The round concerned.
    pub round: Option<i32>,
    /// The board concerned.
    pub board: Option<i32>,
    /// The game concerned (kept after the game is gone).
    pub game_id: Option<GameId>,
    /// The value before.
    pub old_value: Option<String>,
    /// The value after.
    pub new_value: Option<String>,
    /// Anything else a reader needs.
    pub detail: String,
}

/// A new audit row (the store fills `tournament_id`, `revision` and `at`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewAuditEntry {
    /// What.
    pub action: &'static str,
    /// The round concerned.
    pub round: Option<i32>,
    /// The board concerned.
    pub board: Option<i32>,
    /// The game concerned.
    pub game_id: Option<GameId>,
    /// The value before.
    pub old_value: Option<String>,
    /// The value after.
    pub new_value: Option<String>,
    /// Anything else a reader needs.
    pub detail: String,
}

/// An audit row with the display name of who made the change.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntryWithUser {
    /// The change.
    pub entry: AuditEntry,
    /// Display name of the user (empty when nobody logged in made it).
    pub user_name: String,
}

impl NewAuditEntry {
    /// Writes the row for `tournament` at `revision`, by `user`.
    pub fn insert(
        &self,
        conn: &mut DbConn,
        tournament: TournamentId,
        revision: i64,
        user: Option<UserId>,
    ) -> QueryResult<usize> {
        diesel::insert_into(audit_log::table)
            .values((
                audit_log::tournament_id.eq(tournament),
                audit_log::revision.eq(revision),
                audit_log::user_id.eq(user),
                audit_log::at.eq(crate::db::now()),
                audit_log::action.eq(self.action),
                audit_log::round.eq(self.round),
                audit_log::board.eq(self.board),
                audit_log::game_id.eq(self.game_id),
                audit_log::old_value.eq(self.old_value.as_deref()),
                audit_log::new_value.eq(self.new_value.as_deref()),
                audit_log::detail.eq(&self.detail),
            ))
            .execute(conn)
    }
}

impl AuditEntry {
    fn with_users(rows: Vec<(AuditEntry, Option<String>)>) -> Vec<AuditEntryWithUser> {
        rows.into_iter()
            .map(|(entry, user_name)| AuditEntryWithUser {
                entry,
                user_name: user_name.unwrap_or_default(),
            })
            .collect()
    }

    /// The result changes of a game (results and the arbiter's penalty results), oldest first.
    pub fn for_game(conn: &mut DbConn, game: GameId) -> QueryResult<Vec<AuditEntryWithUser>> {
        let rows = audit_log::table
            .left_join(users::table)
            .filter(audit_log::game_id.eq(game))
            .filter(audit_log::action.eq_any(["result", "penalty"]))
            .order(audit_log::id.asc())
            .select((audit_log::all_columns, users::display_name.nullable()))
            .load(conn)?;
        Ok(AuditEntry::with_users(rows))
    }

    /// Every change of a tournament, oldest first.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<AuditEntryWithUser>> {
        let rows = audit_log::table
            .left_join(users::table)
            .filter(audit_log::tournament_id.eq(tournament))
            .order(audit_log::id.asc())
            .select((audit_log::all_columns, users::display_name.nullable()))
            .load(conn)?;
        Ok(AuditEntry::with_users(rows))
    }
}
