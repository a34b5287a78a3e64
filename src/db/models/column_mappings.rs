//! `column_mappings`: the column mappings an organiser saved for player lists of other
//! layouts ([`ColumnMapping`]), by name, to read the next list of the same source (a national
//! federation's rating list) without mapping its columns again.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::UserId;
use crate::db::schema_ratings::column_mappings;
use crate::formats::csv::ColumnMapping;

/// The longest name of a saved mapping, in characters.
pub const MAX_MAPPING_NAME: usize = 60;
/// The most mappings one organiser keeps.
pub const MAX_MAPPINGS: i64 = 50;

/// A row of `column_mappings`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = column_mappings)]
pub struct SavedMapping {
    /// Row id.
    pub id: i32,
    /// The organiser who saved it.
    pub owner_id: UserId,
    /// Its name.
    pub name: String,
    /// The mapping as [`ColumnMapping::to_text`] writes it.
    pub layout: String,
    /// When last saved.
    pub updated_at: time::PrimitiveDateTime,
}

impl SavedMapping {
    /// The mapping.
    pub fn mapping(&self) -> ColumnMapping {
        ColumnMapping::from_text(&self.layout)
    }

    /// The organiser's mappings, by name.
    pub fn of_owner(conn: &mut DbConn, owner: UserId) -> QueryResult<Vec<SavedMapping>> {
        column_mappings::table
            .filter(column_mappings::owner_id.eq(owner))
            .order(column_mappings::name.asc())
            .select(SavedMapping::as_select())
            .load(conn)
    }

    /// The organiser's mapping `id`, if it is theirs.
    pub fn find(conn: &mut DbConn, owner: UserId, id: i32) -> QueryResult<Option<SavedMapping>> {
        column_mappings::table
            .filter(column_mappings::id.eq(id))
            .filter(column_mappings::owner_id.eq(owner))
            .select(SavedMapping::as_select())
            .first(conn)
            .optional()
    }

    /// Saves `mapping` under `name` for `owner`, replacing their mapping of that name (inside
    /// the caller's transaction). `Ok(false)`: not saved, the owner has [`MAX_MAPPINGS`]
    /// already.
    pub fn save(
        conn: &mut DbConn,
        owner: UserId,
        name: &str,
        mapping: &ColumnMapping,
    ) -> QueryResult<bool> {
        let columns = mapping.to_text();
        let updated = diesel::update(
            column_mappings::table
                .filter(column_mappings::owner_id.eq(owner))
                .filter(column_mappings::name.eq(name)),
        )
        .set((
            column_mappings::layout.eq(&columns),
            column_mappings::updated_at.eq(crate::db::now()),
        ))
        .execute(conn)?;
        if updated > 0 {
            return Ok(true);
        }
        let count: i64 = column_mappings::table
            .filter(column_mappings::owner_id.eq(owner))
            .count()
            .get_result(conn)?;
        if count >= MAX_MAPPINGS {
            return Ok(false);
        }
        diesel::insert_into(column_mappings::table)
            .values((
                column_mappings::owner_id.eq(owner),
                column_mappings::name.eq(name),
                column_mappings::layout.eq(&columns),
            ))
            .execute(conn)?;
        Ok(true)
    }

    /// Deletes the organiser's mapping `id`; its name, or `None` when they have no such
    /// mapping (another organiser's is never touched).
    pub fn delete(conn: &mut DbConn, owner: UserId, id: i32) -> QueryResult<Option<String>> {
        conn.transaction(|conn| {
            let Some(found) = SavedMapping::find(conn, owner, id)? else {
                return Ok(None);
            };
            diesel::delete(
                column_mappings::table
                    .filter(column_mappings::id.eq(id))
                    .filter(column_mappings::owner_id.eq(owner)),
            )
            .execute(conn)?;
            Ok(Some(found.name))
        })
    }
}
