//! `result_audit`: every result change (who, when, old value, new value), shown on the board.
//! Rows are written by `Game::set_result`.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{GameId, UserId, integer_id};
use crate::db::schema::{result_audit, users};

integer_id!(
    /// Id of a row in `result_audit`.
    ResultAuditId
);

/// A row of `result_audit`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = result_audit)]
pub struct AuditEntry {
    /// Row id.
    pub id: ResultAuditId,
    /// The game.
    pub game_id: GameId,
    /// Who changed it.
    pub user_id: UserId,
    /// When.
    pub changed_at: time::PrimitiveDateTime,
    /// Before (`None` = no result).
    pub old_result: Option<String>,
    /// After (`None` = cleared).
    pub new_result: Option<String>,
}

/// An audit row with the display name of who made the change.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntryWithUser {
    /// The change.
    pub entry: AuditEntry,
    /// Display name of the user.
    pub user_name: String,
}

impl AuditEntry {
    /// The changes of a game, oldest first.
    pub fn for_game(conn: &mut DbConn, game: GameId) -> QueryResult<Vec<AuditEntryWithUser>> {
        let rows: Vec<(AuditEntry, String)> = result_audit::table
            .inner_join(users::table)
            .filter(result_audit::game_id.eq(game))
            .order(result_audit::id.asc())
            .select((result_audit::all_columns, users::display_name))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(entry, user_name)| AuditEntryWithUser { entry, user_name })
            .collect())
    }
}
