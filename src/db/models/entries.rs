//! `entries`: self-registrations. An entry that is in the tournament is a player of it
//! (`player_id`, written by the store's one player write); a waiting one is not yet. The
//! entrant's personal link ([`crate::tournament::personal_link`]) is stored as its SHA-256
//! only; revoking it clears the digest.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{NewPlayer, PlayerRowId, TournamentId, integer_id};
use crate::db::schema_desk::entries;
use crate::tournament::desk::{EntryStatus, FeeMark};

integer_id!(
    /// Id of a row in `entries`.
    EntryId
);

/// A row of `entries`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = entries)]
pub struct Entry {
    /// Row id.
    pub id: EntryId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The player the entry became.
    pub player_id: Option<PlayerRowId>,
    /// [`EntryStatus::code`].
    pub status: String,
    /// "Surname, Given".
    pub name: String,
    /// FIDE ID.
    pub fide_id: Option<i64>,
    /// National ID.
    pub national_id: String,
    /// Year of birth.
    pub birth_year: Option<i32>,
    /// `m`, `w` or empty.
    pub sex: String,
    /// FIDE title.
    pub title: String,
    /// Rating.
    pub rating: i32,
    /// Federation.
    pub federation: String,
    /// Club.
    pub club: String,
    /// The entrant's language.
    pub lang: String,
    /// Fee due (hundredths).
    pub fee_due: i64,
    /// [`FeeMark::code`].
    pub fee_mark: String,
    /// SHA-256 of the personal link (`None`: revoked).
    pub link_hash: Option<String>,
    /// When it came.
    pub created_at: time::PrimitiveDateTime,
}

/// The personal data of an entry (what the form and the entrant's link change).
#[derive(Debug, Clone, PartialEq, Default, Insertable, AsChangeset)]
#[diesel(table_name = entries, treat_none_as_null = true)]
pub struct EntryData {
    /// "Surname, Given".
    pub name: String,
    /// FIDE ID.
    pub fide_id: Option<i64>,
    /// National ID.
    pub national_id: String,
    /// Year of birth.
    pub birth_year: Option<i32>,
    /// `m`, `w` or empty.
    pub sex: String,
    /// FIDE title.
    pub title: String,
    /// Rating.
    pub rating: i32,
    /// Federation.
    pub federation: String,
    /// Club.
    pub club: String,
}

impl EntryData {
    /// The player this entry is, for the store's player write.
    pub fn player(&self, tournament: TournamentId) -> NewPlayer {
        NewPlayer {
            tournament_id: tournament,
            name: self.name.clone(),
            fide_id: self.fide_id,
            title: self.title.clone(),
            rating: self.rating,
            federation: self.federation.clone(),
            birth_year: self.birth_year,
            sex: self.sex.clone(),
            club: self.club.clone(),
            birth_date: None,
            national_id: self.national_id.clone(),
            national_rating: 0,
        }
    }
}

/// A new entry.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = entries)]
pub struct NewEntry {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The player, when entered.
    pub player_id: Option<PlayerRowId>,
    /// [`EntryStatus::code`].
    pub status: String,
    /// The entrant's language.
    pub lang: String,
    /// Fee due.
    pub fee_due: i64,
    /// SHA-256 of the personal link.
    pub link_hash: Option<String>,
    /// Now.
    pub created_at: time::PrimitiveDateTime,
    /// The personal data.
    #[diesel(embed)]
    pub data: EntryData,
}

impl NewEntry {
    /// Inserts the entry (inside the caller's transaction) and returns it.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<Entry> {
        diesel::insert_into(entries::table)
            .values(self)
            .execute(conn)?;
        entries::table
            .filter(entries::tournament_id.eq(self.tournament_id))
            .order(entries::id.desc())
            .select(Entry::as_select())
            .first(conn)
    }
}

impl Entry {
    /// The entry with this id.
    pub fn find(conn: &mut DbConn, id: EntryId) -> QueryResult<Option<Entry>> {
        entries::table
            .find(id)
            .select(Entry::as_select())
            .first(conn)
            .optional()
    }

    /// The entry whose personal link has the digest `digest` (a revoked link finds none).
    pub fn by_link(conn: &mut DbConn, digest: &str) -> QueryResult<Option<Entry>> {
        entries::table
            .filter(entries::link_hash.eq(digest))
            .select(Entry::as_select())
            .first(conn)
            .optional()
    }

    /// The entries of a tournament in the order they came.
    pub fn of_tournament(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<Entry>> {
        entries::table
            .filter(entries::tournament_id.eq(tournament))
            .order(entries::id.asc())
            .select(Entry::as_select())
            .load(conn)
    }

    /// Changes the personal data.
    pub fn set_data(conn: &mut DbConn, id: EntryId, data: &EntryData) -> QueryResult<usize> {
        diesel::update(entries::table.find(id))
            .set(data)
            .execute(conn)
    }

    /// Sets the status and the player.
    pub fn set_status(
        conn: &mut DbConn,
        id: EntryId,
        status: EntryStatus,
        player: Option<PlayerRowId>,
    ) -> QueryResult<usize> {
        diesel::update(entries::table.find(id))
            .set((
                entries::status.eq(status.code()),
                entries::player_id.eq(player),
            ))
            .execute(conn)
    }

    /// Sets the fee due.
    pub fn set_fee_due(conn: &mut DbConn, id: EntryId, fee: i64) -> QueryResult<usize> {
        diesel::update(entries::table.find(id))
            .set(entries::fee_due.eq(fee))
            .execute(conn)
    }

    /// Sets the organiser's fee mark.
    pub fn set_fee_mark(conn: &mut DbConn, id: EntryId, mark: FeeMark) -> QueryResult<usize> {
        diesel::update(entries::table.find(id))
            .set(entries::fee_mark.eq(mark.code()))
            .execute(conn)
    }

    /// Replaces (or, with `None`, revokes) the personal link.
    pub fn set_link(conn: &mut DbConn, id: EntryId, digest: Option<&str>) -> QueryResult<usize> {
        diesel::update(entries::table.find(id))
            .set(entries::link_hash.eq(digest))
            .execute(conn)
    }

    /// The status (an unknown code reads as withdrawn).
    pub fn status(&self) -> EntryStatus {
        EntryStatus::parse(&self.status).unwrap_or(EntryStatus::Withdrawn)
    }

    /// The fee mark (an unknown code reads as unpaid).
    pub fn fee_mark(&self) -> FeeMark {
        FeeMark::parse(&self.fee_mark).unwrap_or_default()
    }

    /// The personal data.
    pub fn data(&self) -> EntryData {
        EntryData {
            name: self.name.clone(),
            fide_id: self.fide_id,
            national_id: self.national_id.clone(),
            birth_year: self.birth_year,
            sex: self.sex.clone(),
            title: self.title.clone(),
            rating: self.rating,
            federation: self.federation.clone(),
            club: self.club.clone(),
        }
    }
}
