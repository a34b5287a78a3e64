//! `tournament_tiebreaks`: the tie-break list an organiser chose for a tournament (FIDE C.07
//! Art. 4.1) and the Art. 4.2 choice for ties left after it (lots from a seed, or shared
//! places). A tournament without a row uses the FIDE-recommended default for its system.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::TournamentId;
use crate::db::schema_day::swiss_settings;
use crate::db::schema_standings::tournament_tiebreaks;
use crate::tournament::tiebreak::{Lots, TieBreak, TieBreakSettings};

/// A row of `tournament_tiebreaks`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = tournament_tiebreaks)]
pub struct TournamentTieBreaks {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The codes in order, comma-separated as FIDE writes them (`BH-C1,BH,SB,DE`).
    pub codes: String,
    /// Ties left after the list share the place (no drawing of lots).
    pub shared_places: bool,
    /// The seed of the drawing of lots.
    pub lots_seed: i64,
}

impl TournamentTieBreaks {
    /// The stored choice of tournament `id`, if the organiser made one.
    pub fn find(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<TournamentTieBreaks>> {
        tournament_tiebreaks::table.find(id).first(conn).optional()
    }

    /// Saves the choice (insert or update).
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        conn.transaction(|conn| {
            let updated = diesel::update(tournament_tiebreaks::table.find(self.tournament_id))
                .set(self)
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(tournament_tiebreaks::table)
                    .values(self)
                    .execute(conn)?;
            }
            Ok(())
        })
    }

    /// Forgets the choice: the tournament goes back to the default list.
    pub fn delete(conn: &mut DbConn, id: TournamentId) -> QueryResult<usize> {
        diesel::delete(tournament_tiebreaks::table.find(id)).execute(conn)
    }

    /// The settings of a loaded tournament (stored or the default of its system) and whether
    /// the organiser chose them. A stored list that no longer reads falls back to the default.
    pub fn settings_for(
        conn: &mut DbConn,
        data: &TournamentData,
    ) -> QueryResult<(TieBreakSettings, bool)> {
        let id = data.tournament.id;
        let stored = TournamentTieBreaks::find(conn, id)?;
        let swiss_row: Option<i32> = swiss_settings::table
            .find(id.0)
            .select(swiss_settings::tournament_id)
            .first(conn)
            .optional()?;
        let swiss = is_swiss(data, swiss_row.is_some());
        Ok((settings_of(stored.as_ref(), swiss), stored.is_some()))
    }
}

/// True for a Swiss tournament (its pairing system, or Swiss rules saved for it): C.07 Art. 16
/// then applies to unplayed rounds rather than Art. 15.2.
pub fn is_swiss(data: &TournamentData, has_swiss_settings: bool) -> bool {
    data.tournament.pairing_system.is_swiss() || has_swiss_settings
}

/// The settings a stored row (or its absence) stands for.
pub fn settings_of(row: Option<&TournamentTieBreaks>, swiss: bool) -> TieBreakSettings {
    let default = if swiss {
        TieBreakSettings::swiss_default()
    } else {
        TieBreakSettings::round_robin_default()
    };
    let Some(row) = row else {
        return default;
    };
    let list = TieBreak::parse_list(&row.codes).unwrap_or(default.list);
    TieBreakSettings {
        list,
        swiss,
        lots: if row.shared_places {
            Lots::Shared
        } else {
            Lots::Draw {
                seed: row.lots_seed as u64,
            }
        },
    }
}
