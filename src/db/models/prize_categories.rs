//! `prize_categories`: the organiser's categories of a tournament, in their order
//! ([`crate::tournament::prizes::Category`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_standings::prize_categories;
use crate::tournament::prizes::{Category, CategoryRule};

/// A row of `prize_categories`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = prize_categories)]
pub struct PrizeCategory {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The place in the organiser's order (0-based).
    pub position: i32,
    /// The organiser's name, empty for the rule's own.
    pub name: String,
    /// [`CategoryRule::kind`].
    pub kind: String,
    /// [`CategoryRule::value`].
    pub value: String,
}

impl PrizeCategory {
    /// The categories of a tournament, in order.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<PrizeCategory>> {
        prize_categories::table
            .filter(prize_categories::tournament_id.eq(tournament))
            .order(prize_categories::position.asc())
            .select(PrizeCategory::as_select())
            .load(conn)
    }

    /// Replaces a tournament's categories (inside the caller's transaction).
    pub fn replace(
        conn: &mut DbConn,
        tournament: TournamentId,
        categories: &[Category],
    ) -> QueryResult<()> {
        diesel::delete(
            prize_categories::table.filter(prize_categories::tournament_id.eq(tournament)),
        )
        .execute(conn)?;
        for (position, category) in categories.iter().enumerate() {
            diesel::insert_into(prize_categories::table)
                .values(PrizeCategory {
                    tournament_id: tournament,
                    position: i32::try_from(position).unwrap_or(i32::MAX),
                    name: category.name.clone(),
                    kind: category.rule.kind().to_owned(),
                    value: category.rule.value(),
                })
                .execute(conn)?;
        }
        Ok(())
    }

    /// The row as the core's type; `None` when it no longer reads.
    pub fn category(&self) -> Option<Category> {
        Some(Category {
            name: self.name.clone(),
            rule: CategoryRule::parse(&self.kind, &self.value).ok()?,
        })
    }
}
