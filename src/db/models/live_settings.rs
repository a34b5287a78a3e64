//! `live_settings`: a tournament's feed key for electronic boards (kept as the SHA-256 of its
//! token, [`crate::tournament::personal_link`]) and the public broadcast's delay.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_live::live_settings;

/// The public broadcast's delay when none is set (anti-cheating), in minutes.
pub const DEFAULT_DELAY_MINUTES: i32 = 15;

/// A row of `live_settings`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = live_settings, treat_none_as_null = true)]
pub struct LiveSettingsRow {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// SHA-256 of the feed key, hex (`None`: no key).
    pub feed_key_hash: Option<String>,
    /// The public broadcast's delay in minutes.
    pub delay_minutes: i32,
}

impl LiveSettingsRow {
    /// The settings of `tournament` (the defaults when none are stored).
    pub fn of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<LiveSettingsRow> {
        Ok(live_settings::table
            .find(tournament)
            .select(LiveSettingsRow::as_select())
            .first(conn)
            .optional()?
            .unwrap_or(LiveSettingsRow {
                tournament_id: tournament,
                feed_key_hash: None,
                delay_minutes: DEFAULT_DELAY_MINUTES,
            }))
    }

    /// Stores the settings.
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        let updated = diesel::update(live_settings::table.find(self.tournament_id))
            .set(self)
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(live_settings::table)
                .values(self)
                .execute(conn)?;
        }
        Ok(())
    }

    /// The tournament whose feed key has the digest `key_hash`.
    pub fn tournament_of(conn: &mut DbConn, key_hash: &str) -> QueryResult<Option<TournamentId>> {
        live_settings::table
            .filter(live_settings::feed_key_hash.eq(key_hash))
            .select(live_settings::tournament_id)
            .first(conn)
            .optional()
    }
}
