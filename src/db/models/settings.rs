//! `settings`: instance-wide values shared by every app instance (e.g. the session key).

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error};

use crate::db::DbConn;
use crate::db::schema::settings;

/// A row of `settings`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = settings)]
pub struct Setting {
    /// Setting name.
    pub name: String,
    /// Its value.
    pub value: String,
}

impl Setting {
    /// The value of `name`, if set.
    pub fn get(conn: &mut DbConn, name: &str) -> QueryResult<Option<String>> {
        settings::table
            .find(name)
            .select(settings::value)
            .first(conn)
            .optional()
    }

    /// Sets `name` unless it is already set, and returns the value that is stored afterwards.
    /// Two instances racing to create it both end up with the first one's value.
    pub fn get_or_insert(conn: &mut DbConn, name: &str, value: &str) -> QueryResult<String> {
        if let Some(existing) = Setting::get(conn, name)? {
            return Ok(existing);
        }
        let inserted = diesel::insert_into(settings::table)
            .values((settings::name.eq(name), settings::value.eq(value)))
            .execute(conn);
        match inserted {
            Ok(_) | Err(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {}
            Err(error) => return Err(error),
        }
        Setting::get(conn, name)?.ok_or(Error::NotFound)
    }

    /// Sets `name` to `value` (insert or update).
    pub fn set(conn: &mut DbConn, name: &str, value: &str) -> QueryResult<()> {
        conn.transaction(|conn| {
            let updated = diesel::update(settings::table.find(name))
                .set(settings::value.eq(value))
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(settings::table)
                    .values((settings::name.eq(name), settings::value.eq(value)))
                    .execute(conn)?;
            }
            Ok(())
        })
    }
}
