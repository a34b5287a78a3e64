//! `desk_settings`: the organiser's settings of the players' desk — the registration window,
//! the entry fees, the check-in rule and the venue check-in page's link. No row: the form
//! closed, no fee, no check-in (everyone registered is paired, as before the desk).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_desk::desk_settings;
use crate::tournament::desk::{AbsentRule, CheckInRule, FeeRules, Window};

/// A row of `desk_settings`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = desk_settings, treat_none_as_null = true)]
pub struct DeskSettings {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The public form takes entries.
    pub registration_open: bool,
    /// The last day of registration.
    pub deadline: Option<time::Date>,
    /// The most players entered.
    pub capacity: Option<i32>,
    /// Printed after amounts.
    pub currency: String,
    /// Base fee (hundredths).
    pub base_fee: i64,
    /// Juniors are under this age (0: none).
    pub junior_under: i32,
    /// Juniors' fee.
    pub junior_fee: i64,
    /// Seniors are this age or more (0: none).
    pub senior_from: i32,
    /// Seniors' fee.
    pub senior_fee: i64,
    /// Titled players' fee.
    pub titled_fee: Option<i64>,
    /// [`CheckInRule::code`].
    pub check_in: String,
    /// [`AbsentRule::code`].
    pub absent_rule: String,
    /// SHA-256 of the venue check-in page's link.
    pub check_in_link: Option<String>,
}

impl DeskSettings {
    /// The settings of a tournament without a row.
    pub fn default_for(tournament: TournamentId) -> DeskSettings {
        DeskSettings {
            tournament_id: tournament,
            registration_open: false,
            deadline: None,
            capacity: None,
            currency: String::new(),
            base_fee: 0,
            junior_under: 0,
            junior_fee: 0,
            senior_from: 0,
            senior_fee: 0,
            titled_fee: None,
            check_in: CheckInRule::NotRequired.code().to_owned(),
            absent_rule: AbsentRule::NotPaired.code().to_owned(),
            check_in_link: None,
        }
    }

    /// The row of `tournament`, or the defaults.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<DeskSettings> {
        Ok(desk_settings::table
            .find(tournament)
            .select(DeskSettings::as_select())
            .first(conn)
            .optional()?
            .unwrap_or_else(|| DeskSettings::default_for(tournament)))
    }

    /// The tournament whose venue check-in link has this digest.
    pub fn by_check_in_link(conn: &mut DbConn, digest: &str) -> QueryResult<Option<DeskSettings>> {
        desk_settings::table
            .filter(desk_settings::check_in_link.eq(digest))
            .select(DeskSettings::as_select())
            .first(conn)
            .optional()
    }

    /// Saves the row (insert or update), inside the caller's transaction.
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        let updated = diesel::update(desk_settings::table.find(self.tournament_id))
            .set(self)
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(desk_settings::table)
                .values(self)
                .execute(conn)?;
        }
        Ok(())
    }

    /// The registration window.
    pub fn window(&self) -> Window {
        Window {
            open: self.registration_open,
            deadline: self.deadline,
            capacity: self.capacity.and_then(|c| u32::try_from(c).ok()),
        }
    }

    /// The fee rules.
    pub fn fees(&self) -> FeeRules {
        FeeRules {
            base: self.base_fee,
            junior_under: u8::try_from(self.junior_under).unwrap_or(0),
            junior_fee: self.junior_fee,
            senior_from: u8::try_from(self.senior_from).unwrap_or(0),
            senior_fee: self.senior_fee,
            titled_fee: self.titled_fee,
        }
    }

    /// The check-in rule (an unknown code counts as none).
    pub fn check_in_rule(&self) -> CheckInRule {
        CheckInRule::parse(&self.check_in).unwrap_or_default()
    }

    /// What pairing does with those who did not check in.
    pub fn absent_rule(&self) -> AbsentRule {
        AbsentRule::parse(&self.absent_rule).unwrap_or_default()
    }
}
