//! `fide_players`: FIDE's rating list as last imported ([`crate::db::rating_list`] writes it
//! whole); read by FIDE ID for the player form's look-up and a tournament's rating refresh, and
//! searched by FIDE ID or name (`arbiter ratings find`).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::load_in_chunks;
use crate::db::schema_ratings::fide_players;
use crate::formats::fide_list::ListPlayer;

diesel::define_sql_function! {
    /// SQL `lower(text)` (SQLite and PostgreSQL).
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// A row of `fide_players` (also what an import inserts).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
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
        let mut pattern = String::with_capacity(query.len() + 1);
        for c in query.to_lowercase().chars().take(100) {
            if matches!(c, '%' | '_' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('%');
        fide_players::table
            .filter(lower(fide_players::name).like(pattern).escape('\\'))
            .order((fide_players::name.asc(), fide_players::fide_id.asc()))
            .limit(limit.clamp(1, 1000))
            .select(FidePlayer::as_select())
            .load(conn)
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

    /// Deletes the whole list (before an import writes the new one).
    pub fn delete_all(conn: &mut DbConn) -> QueryResult<usize> {
        diesel::delete(fide_players::table).execute(conn)
    }

    /// Inserts players in one statement (the caller keeps a batch within the backends' limits
    /// on bound parameters).
    pub fn insert_batch(conn: &mut DbConn, batch: &[FidePlayer]) -> QueryResult<usize> {
        // A multi-row insert does not compile on the connection enum: one per backend.
        match conn {
            #[cfg(feature = "sqlite")]
            DbConn::Sqlite(sqlite) => diesel::insert_into(fide_players::table)
                .values(batch)
                .execute(sqlite),
            #[cfg(feature = "postgres")]
            DbConn::Pg(pg) => diesel::insert_into(fide_players::table)
                .values(batch)
                .execute(pg),
        }
    }
}
