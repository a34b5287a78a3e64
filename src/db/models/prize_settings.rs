//! `prize_settings`: a tournament's rule for prizes of players equal on points
//! ([`SharedPlaces`]) and the currency of its amounts. No row: by tie-break, no currency.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_standings::prize_settings;
use crate::tournament::prizes::SharedPlaces;

/// A row of `prize_settings`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = prize_settings)]
pub struct PrizeSettings {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// [`SharedPlaces::code`].
    pub shared_places: String,
    /// Printed after the amounts, possibly empty.
    pub currency: String,
}

impl PrizeSettings {
    /// The row of tournament `id`, if the organiser saved one.
    pub fn find(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<PrizeSettings>> {
        prize_settings::table
            .find(id)
            .select(PrizeSettings::as_select())
            .first(conn)
            .optional()
    }

    /// Saves the row (insert or update), inside the caller's transaction.
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        let updated = diesel::update(prize_settings::table.find(self.tournament_id))
            .set(self)
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(prize_settings::table)
                .values(self)
                .execute(conn)?;
        }
        Ok(())
    }

    /// The rule as the core's type (a code that no longer reads counts as by tie-break).
    pub fn shared(&self) -> SharedPlaces {
        SharedPlaces::parse(&self.shared_places).unwrap_or_default()
    }
}
