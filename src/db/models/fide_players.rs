//! `fide_players`: FIDE's rating list as last imported; read by FIDE ID for the player form's
//! look-up and a tournament's rating refresh, and searched by FIDE ID or the start of a name
//! (`arbiter ratings find`, the form's type-ahead). An import ([`crate::db::rating_list`])
//! writes the new list into its twin `fide_players_staging`, batch by batch, and swaps the two
//! tables' names in one short transaction ([`FidePlayer::swap_in_staged`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::load_in_chunks;
use crate::db::schema_ratings::{fide_players, fide_players_staging};
use crate::formats::fide_list::{ListPlayer, RatingKind};

/// A row of `fide_players` (also what an import stages).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = fide_players)]
pub struct FidePlayer {
    /// FIDE ID.
    pub fide_id: i64,
    /// Name as FIDE writes it.
    pub name: String,
    /// Federation.
    pub federation: String,
    /// `m`, `w` or empty.
    pub sex: String,
    /// Title as in the list.
    pub title: String,
    /// Women's title as in the list.
    pub women_title: String,
    /// Standard rating.
    pub standard: Option<i32>,
    /// Rapid rating.
    pub rapid: Option<i32>,
    /// Blitz rating.
    pub blitz: Option<i32>,
    /// Year of birth.
    pub birth_year: Option<i32>,
    /// Marked inactive.
    pub inactive: bool,
    /// The name in lower case (the key of the name look-up).
    pub name_key: String,
}

impl From<&ListPlayer> for FidePlayer {
    fn from(player: &ListPlayer) -> Self {
        FidePlayer {
            fide_id: i64::try_from(player.fide_id).unwrap_or(i64::MAX),
            name: player.name.clone(),
            federation: player.federation.clone(),
            sex: player.sex.clone(),
            title: player.title.clone(),
            women_title: player.women_title.clone(),
            standard: player.standard.map(i32::from),
            rapid: player.rapid.map(i32::from),
            blitz: player.blitz.map(i32::from),
            birth_year: player.birth_year.map(i32::from),
            inactive: player.inactive,
            name_key: player.name.to_lowercase(),
        }
    }
}

impl FidePlayer {
    /// The player of FIDE ID `fide_id`, if the list has them.
    pub fn find(conn: &mut DbConn, fide_id: i64) -> QueryResult<Option<FidePlayer>> {
        fide_players::table
            .find(fide_id)
            .select(FidePlayer::as_select())
            .first(conn)
            .optional()
    }

    /// The players of these FIDE IDs that the list has (in chunks, see [`load_in_chunks`]).
    pub fn find_many(conn: &mut DbConn, fide_ids: &[i64]) -> QueryResult<Vec<FidePlayer>> {
        load_in_chunks(conn, fide_ids, |conn, chunk| {
            fide_players::table
                .filter(fide_players::fide_id.eq_any(chunk))
                .select(FidePlayer::as_select())
                .load(conn)
        })
    }

    /// The players a search names: a FIDE ID, or the start of a name as FIDE writes it
    /// (`Carlsen`, `carlsen, m`; letters' case ignored), by name, at most `limit`.
    pub fn search(conn: &mut DbConn, query: &str, limit: i64) -> QueryResult<Vec<FidePlayer>> {
        let query = query.trim();
        if let Ok(fide_id) = query.parse::<i64>() {
            return Ok(FidePlayer::find(conn, fide_id)?.into_iter().collect());
        }
        // The names that start with the query: a range of the indexed lower-case key.
        let start: String = query.to_lowercase().chars().take(100).collect();
        let end = format!("{start}{}", char::MAX);
        fide_players::table
            .filter(fide_players::name_key.ge(&start))
            .filter(fide_players::name_key.lt(&end))
            .order((fide_players::name_key.asc(), fide_players::fide_id.asc()))
            .limit(limit.clamp(1, 1000))
            .select(FidePlayer::as_select())
            .load(conn)
    }

    /// The rating of `kind` (standard, rapid or blitz), if rated.
    pub fn rating(&self, kind: RatingKind) -> Option<i32> {
        match kind {
            RatingKind::Standard => self.standard,
            RatingKind::Rapid => self.rapid,
            RatingKind::Blitz => self.blitz,
        }
    }

    /// The title to show: the open title, else the women's.
    pub fn shown_title(&self) -> &str {
        if self.title.is_empty() {
            &self.women_title
        } else {
            &self.title
        }
    }

    /// How many players the list has.
    pub fn count(conn: &mut DbConn) -> QueryResult<i64> {
        fide_players::table.count().get_result(conn)
    }

    /// Empties the staging table (before an import writes into it, and after a swap).
    pub fn clear_staged(conn: &mut DbConn) -> QueryResult<usize> {
        diesel::delete(fide_players_staging::table).execute(conn)
    }

    /// The players of these FIDE IDs in the staging table (to name a repeated ID).
    pub fn staged_ids(conn: &mut DbConn, fide_ids: &[i64]) -> QueryResult<Vec<i64>> {
        load_in_chunks(conn, fide_ids, |conn, chunk| {
            fide_players_staging::table
                .filter(fide_players_staging::fide_id.eq_any(chunk))
                .select(fide_players_staging::fide_id)
                .load(conn)
        })
    }

    /// Inserts players into the staging table in one statement, inside the caller's
    /// transaction (the caller keeps a batch within the backends' limits on bound parameters).
    pub fn stage_batch(conn: &mut DbConn, batch: &[FidePlayer]) -> QueryResult<usize> {
        use fide_players_staging as staged;
        let rows: Vec<_> = batch
            .iter()
            .map(|p| {
                (
                    staged::fide_id.eq(p.fide_id),
                    staged::name.eq(&p.name),
                    staged::federation.eq(&p.federation),
                    staged::sex.eq(&p.sex),
                    staged::title.eq(&p.title),
                    staged::women_title.eq(&p.women_title),
                    staged::standard.eq(p.standard),
                    staged::rapid.eq(p.rapid),
                    staged::blitz.eq(p.blitz),
                    staged::birth_year.eq(p.birth_year),
                    staged::inactive.eq(p.inactive),
                    staged::name_key.eq(&p.name_key),
                )
            })
            .collect();
        // A multi-row insert does not compile on the connection enum: one per backend.
        match conn {
            #[cfg(feature = "sqlite")]
            DbConn::Sqlite(sqlite) => diesel::insert_into(staged::table)
                .values(rows)
                .execute(sqlite),
            #[cfg(feature = "postgres")]
            DbConn::Pg(pg) => {
                // A staged batch need not wait for its WAL to reach the disk: a crash loses only
                // the staging table, and the swap that puts the list in force commits as usual.
                diesel::sql_query("SET LOCAL synchronous_commit TO OFF").execute(pg)?;
                diesel::insert_into(staged::table).values(rows).execute(pg)
            }
        }
    }

    /// Drops the index of the staging table's names (the one the list before had), so that a
    /// load is not slowed by keeping it up to date row by row.
    pub fn drop_staged_name_index(conn: &mut DbConn) -> QueryResult<()> {
        #[derive(QueryableByName)]
        struct IndexName {
            #[diesel(sql_type = diesel::sql_types::Text)]
            name: String,
        }
        // The primary key's index is the only unique one; every other is a name index. Only
        // this schema's (PostgreSQL: other schemas of the database may hold such a table too),
        // read from the catalog tables themselves: `pg_indexes` calls `pg_get_indexdef` on every
        // index of the database, which fails when another session drops one meanwhile.
        let names: Vec<IndexName> = match conn {
            #[cfg(feature = "sqlite")]
            DbConn::Sqlite(sqlite) => diesel::sql_query(
                "SELECT name FROM sqlite_master WHERE type = 'index' \
                 AND tbl_name = 'fide_players_staging' AND sql IS NOT NULL",
            )
            .load(sqlite)?,
            #[cfg(feature = "postgres")]
            DbConn::Pg(pg) => diesel::sql_query(
                "SELECT c.relname AS name FROM pg_index i \
                 JOIN pg_class c ON c.oid = i.indexrelid \
                 JOIN pg_class t ON t.oid = i.indrelid \
                 JOIN pg_namespace n ON n.oid = t.relnamespace \
                 WHERE n.nspname = current_schema() AND t.relname = 'fide_players_staging' \
                 AND NOT i.indisunique",
            )
            .load(pg)?,
        };
        for index in names {
            diesel::sql_query(format!("DROP INDEX \"{}\"", index.name.replace('"', "")))
                .execute(conn)?;
        }
        Ok(())
    }

    /// Indexes the staged names (once the whole list is in), under a name of this import's
    /// own: the index goes with the table when the two are swapped.
    pub fn index_staged_names(conn: &mut DbConn) -> QueryResult<()> {
        let stamp = time::OffsetDateTime::now_utc().unix_timestamp_nanos();
        diesel::sql_query(format!(
            "CREATE INDEX fide_players_name_key_{stamp} ON fide_players_staging (name_key)"
        ))
        .execute(conn)?;
        Ok(())
    }

    /// Makes the staged list the list in force and the list before it the staging table, by
    /// renaming the two tables (inside the caller's transaction: readers see one list or the
    /// other, never a mix).
    pub fn swap_in_staged(conn: &mut DbConn) -> QueryResult<()> {
        for statement in [
            "ALTER TABLE fide_players RENAME TO fide_players_swapped",
            "ALTER TABLE fide_players_staging RENAME TO fide_players",
            "ALTER TABLE fide_players_swapped RENAME TO fide_players_staging",
        ] {
            diesel::sql_query(statement).execute(conn)?;
        }
        Ok(())
    }
}
