//! From the database to the pure prize list ([`crate::tournament::prizes`]): the organiser's
//! categories, prizes and rule ([`load_rules`]), and the players as the categories see them
//! ([`entrants`]), together as a [`PrizeSetup`] ([`load_setup`]).

use diesel::QueryResult;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::TournamentId;
use crate::db::models::prize_categories::PrizeCategory;
use crate::db::models::prize_settings::PrizeSettings;
use crate::db::models::prizes::PrizeRow;
use crate::tournament::PlayerId;
use crate::tournament::prizes::{Entrant, PrizeRules, PrizeSetup};

/// The categories, prizes and rule of tournament `id` (empty lists and by tie-break when the
/// organiser saved none). A stored category that no longer reads is left out, and so are the
/// prizes that name it or a later one.
pub fn load_rules(conn: &mut DbConn, id: TournamentId) -> QueryResult<PrizeRules> {
    let settings = PrizeSettings::find(conn, id)?;
    let categories: Vec<_> = PrizeCategory::for_tournament(conn, id)?
        .iter()
        .map_while(PrizeCategory::category)
        .collect();
    let count = categories.len();
    let prizes = PrizeRow::for_tournament(conn, id)?
        .iter()
        .map(PrizeRow::prize)
        .filter(|prize| match prize.group {
            crate::tournament::prizes::PrizeGroup::Overall => true,
            crate::tournament::prizes::PrizeGroup::Category(index) => index < count,
        })
        .collect();
    Ok(PrizeRules {
        categories,
        prizes,
        shared: settings
            .as_ref()
            .map(PrizeSettings::shared)
            .unwrap_or_default(),
        currency: settings.map(|s| s.currency).unwrap_or_default(),
    })
}

/// Every ranked player as the categories see them, by starting number (the numbering of
/// [`TournamentData::to_model`]), each with their participation: withdrawn and expelled
/// players take no prize ([`Entrant::takes_prizes`]).
pub fn entrants(data: &TournamentData) -> Vec<Entrant> {
    data.ranked_players()
        .iter()
        .enumerate()
        .map(|(index, row)| Entrant {
            player: PlayerId(index as u32 + 1),
            birth_year: row
                .birth_year
                .or_else(|| row.birth_date.map(|date| date.year()))
                .and_then(|year| u16::try_from(year).ok()),
            sex: row.sex.clone(),
            // The rating the tournament reports (its rating categories are of that list).
            rating: data.tournament.reported_rating.of(row.ratings()),
            club: row.club.clone(),
            federation: row.federation.clone(),
            participation: data.participation_of(row.id),
        })
        .collect()
}

/// The prize setup of a loaded tournament: its rules, its players, its year.
pub fn load_setup(conn: &mut DbConn, data: &TournamentData) -> QueryResult<PrizeSetup> {
    Ok(PrizeSetup {
        rules: load_rules(conn, data.tournament.id)?,
        entrants: entrants(data),
        year: data.tournament.start_date.year(),
    })
}
