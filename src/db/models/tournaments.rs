//! `tournaments`: the event, its point system (Art. 10.1) and default time (Art. 6.7).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{UserId, integer_id};
use crate::db::schema::{tournament_arbiters, tournaments};
use crate::tournament::scoring::{PointSystem, Points};

integer_id!(
    /// Id of a row in `tournaments`.
    TournamentId
);

pub use crate::formats::fide_list::RatingKind;
pub use crate::tournament::system::PairingSystem;

pub use crate::tournament::rating_basis::{PairingRating, RatingBasis, ReportedRating};

/// A text column holding the code of a pure type (its `as_str` and `parse`): `$stored` reads it
/// (an unknown code is a read error), and the type writes itself as a `String`.
macro_rules! stored_code {
    ($(#[$doc:meta])* $stored:ident, $kind:ty, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub struct $stored($kind);

        impl<DB> Queryable<diesel::sql_types::Text, DB> for $stored
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            type Row = String;

            fn build(text: String) -> diesel::deserialize::Result<Self> {
                <$kind>::parse(&text)
                    .map($stored)
                    .ok_or_else(|| format!(concat!("unknown ", $what, " {:?}"), text).into())
            }
        }

        impl From<$stored> for $kind {
            fn from(stored: $stored) -> Self {
                stored.0
            }
        }

        impl From<$kind> for String {
            fn from(kind: $kind) -> Self {
                kind.as_str().to_owned()
            }
        }
    };
}

stored_code!(
    /// The `rating_type` column read as a [`RatingKind`].
    StoredRatingKind,
    RatingKind,
    "rating type"
);
stored_code!(
    /// The `pairing_rating` column read as a [`PairingRating`].
    StoredPairingRating,
    PairingRating,
    "pairing rating"
);
stored_code!(
    /// The `reported_rating` column read as a [`ReportedRating`].
    StoredReportedRating,
    ReportedRating,
    "reported rating"
);

/// The `pairing_system` column read as the pure [`PairingSystem`] (an unknown name is a read
/// error).
#[derive(Debug, Clone, Copy)]
pub struct StoredSystem(PairingSystem);

impl<DB> Queryable<diesel::sql_types::Text, DB> for StoredSystem
where
    DB: diesel::backend::Backend,
    String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
{
    type Row = String;

    fn build(text: String) -> diesel::deserialize::Result<Self> {
        PairingSystem::parse(&text)
            .map(StoredSystem)
            .ok_or_else(|| format!("unknown pairing system {text:?}").into())
    }
}

impl From<StoredSystem> for PairingSystem {
    fn from(stored: StoredSystem) -> Self {
        stored.0
    }
}

impl From<PairingSystem> for String {
    fn from(system: PairingSystem) -> Self {
        system.as_str().to_owned()
    }
}

/// The nine `points_*` columns of `tournaments`: the announced point system (Art. 10.1), in
/// tenths of a point. Embedded in [`TournamentRow`] and [`NewTournament`]; converts to and from
/// the pure [`PointSystem`], the one place that knows which column is which score.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Queryable, Selectable, Insertable, AsChangeset,
)]
#[diesel(table_name = tournaments)]
pub struct PointColumns {
    /// For a win.
    pub points_win: i32,
    /// For a draw.
    pub points_draw: i32,
    /// For a loss.
    pub points_loss: i32,
    /// For a win by forfeit.
    pub points_forfeit_win: i32,
    /// For a loss by forfeit.
    pub points_forfeit_loss: i32,
    /// For a pairing-allocated bye.
    pub points_pairing_bye: i32,
    /// For a requested half-point bye.
    pub points_half_bye: i32,
    /// For a requested full-point bye.
    pub points_full_bye: i32,
    /// For a zero-point bye.
    pub points_zero_bye: i32,
}

impl From<PointSystem> for PointColumns {
    fn from(system: PointSystem) -> Self {
        PointColumns {
            points_win: system.win.0,
            points_draw: system.draw.0,
            points_loss: system.loss.0,
            points_forfeit_win: system.forfeit_win.0,
            points_forfeit_loss: system.forfeit_loss.0,
            points_pairing_bye: system.pairing_allocated_bye.0,
            points_half_bye: system.half_point_bye.0,
            points_full_bye: system.full_point_bye.0,
            points_zero_bye: system.zero_point_bye.0,
        }
    }
}

impl From<PointColumns> for PointSystem {
    fn from(columns: PointColumns) -> Self {
        PointSystem {
            win: Points(columns.points_win),
            draw: Points(columns.points_draw),
            loss: Points(columns.points_loss),
            forfeit_win: Points(columns.points_forfeit_win),
            forfeit_loss: Points(columns.points_forfeit_loss),
            pairing_allocated_bye: Points(columns.points_pairing_bye),
            half_point_bye: Points(columns.points_half_bye),
            full_point_bye: Points(columns.points_full_bye),
            zero_point_bye: Points(columns.points_zero_bye),
        }
    }
}

/// A row of `tournaments`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    /// Row id.
    pub id: TournamentId,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Organising federation.
    pub federation: String,
    /// First day.
    pub start_date: time::Date,
    /// Last day.
    pub end_date: time::Date,
    /// Chief arbiter.
    pub chief_arbiter: String,
    /// Time control as announced.
    pub time_control: String,
    /// Number of rounds.
    pub rounds: i32,
    /// Pairing system.
    #[diesel(deserialize_as = StoredSystem)]
    pub pairing_system: PairingSystem,
    /// Double round robin: swap the last two rounds of the first cycle.
    pub swap_last_two_rounds: bool,
    /// The point system (Art. 10.1), the nine `points_*` columns.
    #[diesel(embed)]
    pub points: PointColumns,
    /// Art. 6.7 default time in minutes, 0 = none.
    pub default_time_minutes: i32,
    /// Visible to anonymous visitors.
    pub published: bool,
    /// The owning organiser.
    pub owner_id: UserId,
    /// When created.
    pub created_at: time::PrimitiveDateTime,
    /// Bumped by every write of the tournament ([`crate::db::store`]).
    pub revision: i64,
    /// The FIDE rating the event uses (standard, rapid or blitz).
    #[diesel(deserialize_as = StoredRatingKind)]
    pub rating_type: RatingKind,
    /// The rating that ranks the players (C.04.2 Art. 2.2.1).
    #[diesel(deserialize_as = StoredPairingRating)]
    pub pairing_rating: PairingRating,
    /// The rating the reports carry.
    #[diesel(deserialize_as = StoredReportedRating)]
    pub reported_rating: ReportedRating,
    /// The event's time zone (an IANA name); empty: the server's.
    pub time_zone: String,
}

/// The report columns of `tournaments`: what a FIDE rating report (TRF-2026) says beyond the
/// event's settings. Read and written on their own, so that the settings form leaves them be.
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable, AsChangeset)]
#[diesel(table_name = tournaments)]
pub struct ReportColumns {
    /// Deputy chief arbiters (TRF `112`), one per line.
    pub deputy_arbiters: String,
    /// Type of tournament as written (TRF `092`); empty: said from the pairing system.
    pub report_type: String,
    /// Report records this program does not interpret, kept verbatim from an imported file,
    /// one per line.
    pub report_records: String,
}

impl ReportColumns {
    /// The report columns of tournament `id` (defaults when there is no such tournament).
    pub fn find(conn: &mut DbConn, id: TournamentId) -> QueryResult<ReportColumns> {
        Ok(tournaments::table
            .find(id)
            .select(ReportColumns::as_select())
            .first(conn)
            .optional()?
            .unwrap_or_default())
    }

    /// Stores them for tournament `id` (inside the caller's transaction).
    pub fn save(&self, conn: &mut DbConn, id: TournamentId) -> QueryResult<usize> {
        diesel::update(tournaments::table.find(id))
            .set(self.clone())
            .execute(conn)
    }

    /// The deputies, one per non-blank line.
    pub fn deputies(&self) -> Vec<String> {
        lines(&self.deputy_arbiters)
    }

    /// The records kept verbatim, one per non-blank line.
    pub fn records(&self) -> Vec<String> {
        lines(&self.report_records)
    }
}

fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim_end)
        .filter(|line| !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// A new tournament.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = tournaments)]
pub struct NewTournament {
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Organising federation.
    pub federation: String,
    /// First day.
    pub start_date: time::Date,
    /// Last day.
    pub end_date: time::Date,
    /// Chief arbiter.
    pub chief_arbiter: String,
    /// Time control as announced.
    pub time_control: String,
    /// Number of rounds.
    pub rounds: i32,
    /// Pairing system.
    #[diesel(serialize_as = String)]
    pub pairing_system: PairingSystem,
    /// Double round robin: swap the last two rounds of the first cycle.
    pub swap_last_two_rounds: bool,
    /// The point system (Art. 10.1), the nine `points_*` columns.
    #[diesel(embed)]
    pub points: PointColumns,
    /// Art. 6.7 default time in minutes, 0 = none.
    pub default_time_minutes: i32,
    /// Visible to anonymous visitors.
    pub published: bool,
    /// The owning organiser.
    pub owner_id: UserId,
    /// The FIDE rating the event uses (standard, rapid or blitz).
    #[diesel(serialize_as = String)]
    pub rating_type: RatingKind,
    /// The rating that ranks the players (C.04.2 Art. 2.2.1).
    #[diesel(serialize_as = String)]
    pub pairing_rating: PairingRating,
    /// The rating the reports carry.
    #[diesel(serialize_as = String)]
    pub reported_rating: ReportedRating,
    /// The event's time zone (an IANA name, `Europe/Prague`); empty: the server's.
    pub time_zone: String,
}

impl NewTournament {
    /// The point system these values announce (Art. 10.1).
    pub fn point_system(&self) -> PointSystem {
        self.points.into()
    }

    /// Inserts the tournament with a new random public id
    /// ([`crate::db::models::tournament_public_ids`]) and returns it; the caller's transaction
    /// holds both.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<TournamentRow> {
        let row: TournamentRow = diesel::insert_into(tournaments::table)
            .values(self.clone())
            .returning(TournamentRow::columns())
            .get_result(conn)?;
        crate::db::models::tournament_public_ids::insert(
            conn,
            row.id,
            &crate::formats::public_state::new_public_id(),
        )?;
        Ok(row)
    }

    /// Overwrites the tournament `id` with these values (owner included).
    pub fn update(&self, conn: &mut DbConn, id: TournamentId) -> QueryResult<usize> {
        diesel::update(tournaments::table.find(id))
            .set(self.clone())
            .execute(conn)
    }
}

impl TournamentRow {
    /// Every column in the nested shape the row reads (the point columns as one tuple): what
    /// `TournamentRow::as_select()` selects, for `returning`, where `as_returning()` does not
    /// compile on the multi-backend connection.
    fn columns() -> <TournamentRow as Selectable<<DbConn as Connection>::Backend>>::SelectExpression
    {
        <TournamentRow as Selectable<<DbConn as Connection>::Backend>>::construct_selection()
    }

    /// The announced point system (Art. 10.1).
    pub fn point_system(&self) -> PointSystem {
        self.points.into()
    }

    /// Which rating pairs and which is reported.
    pub fn rating_basis(&self) -> RatingBasis {
        RatingBasis {
            pairing: self.pairing_rating,
            reported: self.reported_rating,
        }
    }

    /// The tournament with this id.
    pub fn find(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<TournamentRow>> {
        tournaments::table
            .find(id)
            .select(TournamentRow::as_select())
            .first(conn)
            .optional()
    }

    /// The `limit` newest tournaments a user owns or is an arbiter of.
    pub fn for_user(
        conn: &mut DbConn,
        user: UserId,
        limit: i64,
    ) -> QueryResult<Vec<TournamentRow>> {
        let assigned = tournament_arbiters::table
            .filter(tournament_arbiters::user_id.eq(user))
            .select(tournament_arbiters::tournament_id);
        tournaments::table
            .filter(
                tournaments::owner_id
                    .eq(user)
                    .or(tournaments::id.eq_any(assigned)),
            )
            .order((tournaments::start_date.desc(), tournaments::id.desc()))
            .limit(limit)
            .select(TournamentRow::as_select())
            .load(conn)
    }

    /// The `limit` newest tournaments of all (administrators).
    pub fn all(conn: &mut DbConn, limit: i64) -> QueryResult<Vec<TournamentRow>> {
        tournaments::table
            .order((tournaments::start_date.desc(), tournaments::id.desc()))
            .limit(limit)
            .select(TournamentRow::as_select())
            .load(conn)
    }

    /// Publishes or hides the tournament.
    pub fn set_published(
        conn: &mut DbConn,
        id: TournamentId,
        published: bool,
    ) -> QueryResult<usize> {
        diesel::update(tournaments::table.find(id))
            .set(tournaments::published.eq(published))
            .execute(conn)
    }

    /// Sets the number of rounds (a round robin fixes it when round 1 is paired).
    pub fn set_rounds(conn: &mut DbConn, id: TournamentId, rounds: i32) -> QueryResult<usize> {
        diesel::update(tournaments::table.find(id))
            .set(tournaments::rounds.eq(rounds))
            .execute(conn)
    }

    /// Bumps the revision and returns the new one (`None`: no such tournament). As the first
    /// statement of a write transaction it also takes the tournament's write lock: the row
    /// lock on PostgreSQL, the database's on SQLite.
    pub fn bump_revision(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<i64>> {
        diesel::update(tournaments::table.find(id))
            .set(tournaments::revision.eq(tournaments::revision + 1))
            .returning(tournaments::revision)
            .get_result(conn)
            .optional()
    }

    /// The current revision of a tournament (`None`: no such tournament).
    pub fn revision(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<i64>> {
        tournaments::table
            .find(id)
            .select(tournaments::revision)
            .first(conn)
            .optional()
    }
}
