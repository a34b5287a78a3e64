//! `prizes`: a tournament's prizes in the organiser's order, the priority
//! ([`crate::tournament::prizes::Prize`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_standings::prizes;
use crate::tournament::prizes::{Prize, PrizeGroup};

/// A row of `prizes`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = prizes)]
pub struct PrizeRow {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The place in the organiser's order (0-based).
    pub position: i32,
    /// The category's position, `None` for the whole field.
    pub category: Option<i32>,
    /// The place in the group (1 = first).
    pub place: i32,
    /// The money in hundredths, when it is money.
    pub amount_cents: Option<i64>,
    /// What it is when it is not (only) money.
    pub label: String,
}

impl PrizeRow {
    /// The prizes of a tournament, in order.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<PrizeRow>> {
        prizes::table
            .filter(prizes::tournament_id.eq(tournament))
            .order(prizes::position.asc())
            .select(PrizeRow::as_select())
            .load(conn)
    }

    /// Replaces a tournament's prizes (inside the caller's transaction).
    pub fn replace(conn: &mut DbConn, tournament: TournamentId, list: &[Prize]) -> QueryResult<()> {
        diesel::delete(prizes::table.filter(prizes::tournament_id.eq(tournament))).execute(conn)?;
        for (position, prize) in list.iter().enumerate() {
            diesel::insert_into(prizes::table)
                .values(PrizeRow {
                    tournament_id: tournament,
                    position: i32::try_from(position).unwrap_or(i32::MAX),
                    category: match prize.group {
                        PrizeGroup::Overall => None,
                        PrizeGroup::Category(index) => {
                            Some(i32::try_from(index).unwrap_or(i32::MAX))
                        }
                    },
                    place: i32::try_from(prize.place).unwrap_or(i32::MAX),
                    amount_cents: prize.amount,
                    label: prize.label.clone(),
                })
                .execute(conn)?;
        }
        Ok(())
    }

    /// The row as the core's type.
    pub fn prize(&self) -> Prize {
        Prize {
            group: match self.category {
                None => PrizeGroup::Overall,
                Some(index) => PrizeGroup::Category(usize::try_from(index).unwrap_or(usize::MAX)),
            },
            place: u32::try_from(self.place).unwrap_or(0),
            amount: self.amount_cents,
            label: self.label.clone(),
        }
    }
}
