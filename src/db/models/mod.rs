//! One model per table: the row struct, a `NewX` for inserts, a newtype id, and the queries as
//! associated functions taking `&mut DbConn` (crates.io `models/keyword.rs` style).
//!
//! To add a query: put an associated function on the row type of the table it reads, taking
//! `conn: &mut DbConn` first and returning `QueryResult<_>`; several writes that belong
//! together go in `conn.transaction(|conn| ...)`. Rows by a list of ids are loaded with
//! [`load_in_chunks`], never with one `IN` list of unbounded length.

use diesel::QueryResult;

use crate::db::DbConn;

pub mod audit_log;
pub mod captain_confirmations;
pub mod captain_links;
pub mod column_mappings;
pub mod desk_settings;
pub mod entries;
pub mod fide_players;
pub mod fide_rating_lists;
pub mod games;
pub mod incidents;
pub mod kept_uploads;
pub mod live_events;
pub mod live_settings;
pub mod login_attempts;
pub mod player_requests;
pub mod players;
pub mod point_adjustments;
pub mod prize_categories;
pub mod prize_settings;
pub mod prizes;
pub mod publish_outbox;
pub mod publish_targets;
pub mod published_events;
pub mod publishing_keys;
pub mod pushed_live;
pub mod round_presence;
pub mod round_schedule;
pub mod rounds;
pub mod series;
pub mod series_events;
pub mod settings;
pub mod team_boards;
pub mod team_leagues;
pub mod team_matches;
pub mod team_members;
pub mod team_penalties;
pub mod teams;
pub mod tournament_arbiters;
pub mod tournament_day;
pub mod tournament_public_ids;
pub mod tournament_tiebreaks;
pub mod tournaments;
pub mod user_sessions;
pub mod users;

pub use audit_log::{AuditEntry, AuditEntryId, AuditEntryWithUser, NewAuditEntry};
pub use column_mappings::SavedMapping;
pub use fide_players::FidePlayer;
pub use fide_rating_lists::FideRatingList;
pub use games::{Game, GameId, NewGame};
pub use incidents::{IncidentRow, NewIncident};
pub use login_attempts::LoginAttempt;
pub use players::{NewPlayer, PlayerRow, PlayerRowId};
pub use point_adjustments::{NewPointAdjustment, PointAdjustmentRow};
pub use round_schedule::ScheduledRound;
pub use rounds::{NewRound, Round, RoundId};
pub use settings::Setting;
pub use tournament_arbiters::TournamentArbiter;
pub use tournaments::{
    NewTournament, PairingRating, PairingSystem, RatingBasis, RatingKind, ReportColumns,
    ReportedRating, TournamentId, TournamentRow,
};
pub use user_sessions::UserSession;
pub use users::{NewUser, Role, User, UserId};

/// The most ids one query binds when rows are loaded by a list of ids ([`load_in_chunks`]).
pub const IDS_PER_QUERY: usize = 500;

/// Loads the rows of `ids` with `load`, [`IDS_PER_QUERY`] ids at a time: an `IN` list binds one
/// parameter per id, and SQLite refuses a statement with more than 32,766 (a round of a
/// 100,000-player event has 50,000 boards). Rows come in the order of the chunks.
pub fn load_in_chunks<I, T>(
    conn: &mut DbConn,
    ids: &[I],
    mut load: impl FnMut(&mut DbConn, &[I]) -> QueryResult<Vec<T>>,
) -> QueryResult<Vec<T>> {
    let mut rows = Vec::new();
    for chunk in ids.chunks(IDS_PER_QUERY) {
        rows.extend(load(conn, chunk)?);
    }
    Ok(rows)
}

diesel::define_sql_function! {
    /// SQL `lower(text)`: a search that ignores the case of ASCII letters on both backends.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// The `LIKE` pattern (escape character `\`) matching any text that contains `text`,
/// lower-cased: `%`, `_` and `\` in `text` match themselves.
pub fn like_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.trim().to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Declares a newtype id over an `INTEGER` column, usable in queries on every backend.
macro_rules! integer_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            serde::Serialize,
            serde::Deserialize,
            diesel::AsExpression,
            diesel::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::Integer)]
        #[serde(transparent)]
        pub struct $name(pub i32);

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Integer, DB> for $name
        where
            DB: diesel::backend::Backend,
            i32: diesel::serialize::ToSql<diesel::sql_types::Integer, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                self.0.to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Integer, DB> for $name
        where
            DB: diesel::backend::Backend,
            i32: diesel::deserialize::FromSql<diesel::sql_types::Integer, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                i32::from_sql(bytes).map($name)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                text.parse().map($name)
            }
        }
    };
}
pub(crate) use integer_id;

/// Declares a Rust enum stored as a `TEXT` column through `as_str` / `parse`.
macro_rules! text_enum {
    ($name:ident) => {
        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                <str as diesel::serialize::ToSql<diesel::sql_types::Text, DB>>::to_sql(
                    self.as_str(),
                    out,
                )
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                let text = String::from_sql(bytes)?;
                $name::parse(&text).ok_or_else(|| {
                    format!(concat!("unknown ", stringify!($name), " {:?}"), text).into()
                })
            }
        }
    };
}
pub(crate) use text_enum;
