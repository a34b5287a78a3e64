//! `players`: registrations. Withdrawal, late entry and requested byes are participation
//! (`player_participation`, `bye_requests`), changed through [`crate::db::store`].

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{TournamentId, integer_id};
use crate::db::schema::players;
use crate::tournament::rating_basis::{PairingRating, RatingBasis, Ratings};
use crate::tournament::starting_rank::RankKey;

integer_id!(
    /// Id of a row in `players` (not the starting rank: see `PlayerRow::starting_rank`).
    PlayerRowId
);

/// A row of `players`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    /// Row id.
    pub id: PlayerRowId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Name as "Surname, Given".
    pub name: String,
    /// FIDE ID.
    pub fide_id: Option<i64>,
    /// FIDE title, empty if none.
    pub title: String,
    /// Rating, 0 = unrated.
    pub rating: i32,
    /// Federation.
    pub federation: String,
    /// Year of birth.
    pub birth_year: Option<i32>,
    /// `m`, `w` or empty.
    pub sex: String,
    /// Club.
    pub club: String,
    /// Starting rank (C.04.2 §2.2) once assigned.
    pub starting_rank: Option<i32>,
    /// When registered.
    pub created_at: time::PrimitiveDateTime,
    /// Full birth date, when known (refines `birth_year`; TRF columns 70–79).
    pub birth_date: Option<time::Date>,
    /// ID in the national federation's list, possibly empty.
    pub national_id: String,
    /// National rating, 0 = none (beside `rating`, the FIDE rating).
    pub national_rating: i32,
}

/// A new registration.
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = players)]
pub struct NewPlayer {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Name as "Surname, Given".
    pub name: String,
    /// FIDE ID.
    pub fide_id: Option<i64>,
    /// FIDE title.
    pub title: String,
    /// Rating, 0 = unrated.
    pub rating: i32,
    /// Federation.
    pub federation: String,
    /// Year of birth.
    pub birth_year: Option<i32>,
    /// `m`, `w` or empty.
    pub sex: String,
    /// Club.
    pub club: String,
    /// Full birth date, when known. `None` leaves a stored date as it is on update.
    pub birth_date: Option<time::Date>,
    /// ID in the national federation's list, possibly empty.
    pub national_id: String,
    /// National rating, 0 = none.
    pub national_rating: i32,
}

impl NewPlayer {
    /// A player of an event read from a file, for `tournament`: the name cut to 200
    /// characters, the year and the date of birth from the file's birth column.
    pub fn of_entrant(tournament: TournamentId, player: &crate::tournament::Player) -> NewPlayer {
        NewPlayer {
            tournament_id: tournament,
            name: player.name.chars().take(200).collect(),
            fide_id: player.fide_id.and_then(|id| i64::try_from(id).ok()),
            title: player.title.clone(),
            rating: i32::from(player.rating),
            federation: player.federation.clone(),
            birth_year: player.birth.get(..4).and_then(|y| y.parse().ok()),
            sex: player.sex.clone(),
            club: String::new(),
            birth_date: crate::formats::trf::date(&player.birth),
            national_id: String::new(),
            national_rating: 0,
        }
    }

    /// Inserts the player and returns it.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<PlayerRow> {
        diesel::insert_into(players::table)
            .values(self)
            .returning(players::all_columns)
            .get_result(conn)
    }

    /// Inserts all players in one transaction (all or nothing).
    pub fn insert_all(conn: &mut DbConn, new: &[NewPlayer]) -> QueryResult<Vec<PlayerRow>> {
        conn.transaction(|conn| new.iter().map(|player| player.insert(conn)).collect())
    }

    /// Overwrites the player `id` with these values.
    pub fn update(&self, conn: &mut DbConn, id: PlayerRowId) -> QueryResult<usize> {
        diesel::update(players::table.find(id))
            .set(self)
            .execute(conn)
    }
}

impl PlayerRow {
    /// The FIDE and national ratings (a rating outside `0..=65535` counts as unrated).
    pub fn ratings(&self) -> Ratings {
        Ratings {
            fide: u16::try_from(self.rating).unwrap_or(0),
            national: u16::try_from(self.national_rating).unwrap_or(0),
        }
    }

    /// The registration as the pure domain's player, rated as the tournament reports and
    /// ranked as it pairs (`basis`); starting number and rounds left for the caller to fill
    /// in.
    pub fn model_player(&self, basis: RatingBasis) -> crate::tournament::model::Player {
        let (reported, pairing) = (
            basis.reported.of(self.ratings()),
            basis.pairing.of(self.ratings()),
        );
        crate::tournament::model::Player {
            name: self.name.clone(),
            sex: self.sex.clone(),
            title: self.title.clone(),
            rating: reported,
            pairing_rating: (pairing != reported).then_some(pairing),
            federation: self.federation.clone(),
            fide_id: self.fide_id.and_then(|id| u64::try_from(id).ok()),
            birth: self.trf_birth(),
            ..crate::tournament::model::Player::default()
        }
    }

    /// What C.04.2 Art. 2.2 ranks this registration by when the tournament pairs on
    /// `pairing` (a rating outside `0..=65535` counts as unrated, as in
    /// [`crate::db::domain`]'s model).
    pub fn rank_key(&self, pairing: PairingRating) -> RankKey<'_> {
        RankKey {
            rating: pairing.of(self.ratings()),
            title: &self.title,
            name: &self.name,
        }
    }

    /// Deletes the registration (its participation and bye requests first removed by the
    /// caller).
    pub fn delete(conn: &mut DbConn, id: PlayerRowId) -> QueryResult<usize> {
        diesel::delete(players::table.find(id)).execute(conn)
    }

    /// The player with this id.
    pub fn find(conn: &mut DbConn, id: PlayerRowId) -> QueryResult<Option<PlayerRow>> {
        players::table.find(id).first(conn).optional()
    }

    /// The players of a tournament: by starting rank, unranked ones last in registration order.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<PlayerRow>> {
        let mut list: Vec<PlayerRow> = players::table
            .filter(players::tournament_id.eq(tournament))
            .order(players::id.asc())
            .load(conn)?;
        list.sort_by_key(|player| (player.starting_rank.is_none(), player.starting_rank));
        Ok(list)
    }

    /// Sets or clears the full birth date (inside the caller's transaction).
    pub fn set_birth_date(
        conn: &mut DbConn,
        id: PlayerRowId,
        date: Option<time::Date>,
    ) -> QueryResult<usize> {
        diesel::update(players::table.find(id))
            .set(players::birth_date.eq(date))
            .execute(conn)
    }

    /// The birth date as TRF writes it (columns 70–79): the full date `YYYY/MM/DD` when known
    /// and of the stored year, else the year alone, else empty.
    pub fn trf_birth(&self) -> String {
        match (self.birth_date, self.birth_year) {
            (Some(date), Some(year)) if date.year() == year => slashed(date),
            (Some(date), None) => slashed(date),
            (_, Some(year)) => year.to_string(),
            (None, None) => String::new(),
        }
    }

    /// Sets the rating and title (a refresh from the rating list, inside the caller's
    /// transaction).
    pub fn set_rating_and_title(
        conn: &mut DbConn,
        id: PlayerRowId,
        rating: i32,
        title: &str,
    ) -> QueryResult<usize> {
        diesel::update(players::table.find(id))
            .set((players::rating.eq(rating), players::title.eq(title)))
            .execute(conn)
    }

    /// Stores starting ranks (inside the caller's transaction).
    pub fn set_starting_ranks(conn: &mut DbConn, ranks: &[(PlayerRowId, i32)]) -> QueryResult<()> {
        for (id, rank) in ranks {
            diesel::update(players::table.find(*id))
                .set(players::starting_rank.eq(Some(*rank)))
                .execute(conn)?;
        }
        Ok(())
    }
}

/// `date` as `YYYY/MM/DD`.
fn slashed(date: time::Date) -> String {
    format!(
        "{:04}/{:02}/{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

#[cfg(test)]
impl PlayerRow {
    /// A registration for unit tests: row `id` of tournament 1, named `name`, nothing else set.
    pub fn sample(id: i32, name: &str) -> PlayerRow {
        PlayerRow {
            id: PlayerRowId(id),
            tournament_id: TournamentId(1),
            name: name.to_owned(),
            fide_id: None,
            title: String::new(),
            rating: 0,
            federation: String::new(),
            birth_year: None,
            sex: String::new(),
            club: String::new(),
            starting_rank: None,
            created_at: crate::db::now(),
            birth_date: None,
            national_id: String::new(),
            national_rating: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registration(name: &str, title: &str, rating: i32) -> PlayerRow {
        PlayerRow {
            title: title.to_owned(),
            rating,
            ..PlayerRow::sample(1, name)
        }
    }

    #[test]
    fn c04_2_art_2_2_rank_key_of_a_registration() {
        let player = registration("Ђурић, Ана", "WFM", 2105);
        assert_eq!(
            player.rank_key(PairingRating::Fide),
            RankKey {
                rating: 2105,
                title: "WFM",
                name: "Ђурић, Ана"
            }
        );
        // A rating no list can have counts as unrated (ranks after every rated player).
        assert_eq!(
            registration("X", "", -1)
                .rank_key(PairingRating::Fide)
                .rating,
            0
        );
        assert_eq!(
            registration("X", "", 70_000)
                .rank_key(PairingRating::Fide)
                .rating,
            0
        );
    }

    #[test]
    fn c04_2_art_2_2_1_a_registration_ranks_by_the_pairing_rating_and_reports_another() {
        let player = PlayerRow {
            national_rating: 1920,
            ..registration("Dvořák, Petr", "", 1850)
        };
        assert_eq!(player.rank_key(PairingRating::National).rating, 1920);
        assert_eq!(player.rank_key(PairingRating::Fide).rating, 1850);
        let basis = RatingBasis {
            pairing: PairingRating::National,
            reported: crate::tournament::rating_basis::ReportedRating::Fide,
        };
        let model = player.model_player(basis);
        assert_eq!((model.rating, model.pairing_rating), (1850, Some(1920)));
        assert_eq!(model.rank_key().rating, 1920);
        let same = player.model_player(RatingBasis::default());
        assert_eq!((same.rating, same.pairing_rating), (1850, None));
    }
}
