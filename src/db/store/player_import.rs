//! Importing a player list (CSV or spreadsheet, [`crate::formats::csv`]) into a tournament:
//! a row that is a player registered already updates that player's national ID and national
//! rating (a national rating list read through a column mapping), every other row is a new
//! registration, unless the organiser asked to update registered players only. The FIDE rating
//! of a registered player is never touched here (the FIDE rating list does that,
//! [`super::refresh_ratings`]).
//!
//! Which registration a row is ([`RegisteredIndex::find`]): the one with the row's national ID,
//! else the one with its FIDE ID, else, for a row of a national list (it has a national ID),
//! the one player of its name who has no national ID yet and no FIDE ID other than the row's.
//! The preview shows the same plan ([`plan_import`]) that the import carries out inside its transaction.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;

use super::players::insert_registrations;
use super::{Refusal, Registration, StoreError, write};
use crate::db::DbConn;
use crate::db::models::{NewAuditEntry, NewPlayer, PlayerRow, PlayerRowId, TournamentId, UserId};
use crate::db::schema::players;

/// What the import does with one row of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportStep {
    /// Registers the row as a new player.
    Register,
    /// Leaves the row out: it is not registered, and the organiser asked to update registered
    /// players only.
    Skip,
    /// The row is the registered player `player`: their national ID and rating become these.
    Update {
        /// The registration.
        player: PlayerRowId,
        /// Their name as registered.
        name: String,
        /// The national rating before, and after.
        national_rating: (i32, i32),
        /// The national ID before, and after.
        national_id: (String, String),
    },
    /// The row is the registered player of this name, and brings nothing new.
    Unchanged {
        /// Their name as registered.
        name: String,
    },
}

/// The registrations of a tournament indexed for matching list rows ([`RegisteredIndex::find`]):
/// by national ID, by FIDE ID and by name, each built once, so that planning a list is linear
/// in its rows and the registrations.
pub struct RegisteredIndex<'a> {
    /// The first registration of each national ID.
    by_national_id: HashMap<&'a str, &'a PlayerRow>,
    /// The first registration of each FIDE ID.
    by_fide_id: HashMap<i64, &'a PlayerRow>,
    /// The registrations without a national ID, by [`name_key`], in registration order.
    by_name: HashMap<String, Vec<&'a PlayerRow>>,
}

impl<'a> RegisteredIndex<'a> {
    /// Indexes `registered`.
    pub fn new(registered: &'a [PlayerRow]) -> RegisteredIndex<'a> {
        let mut index = RegisteredIndex {
            by_national_id: HashMap::new(),
            by_fide_id: HashMap::new(),
            by_name: HashMap::new(),
        };
        for player in registered {
            if player.national_id.is_empty() {
                index
                    .by_name
                    .entry(name_key(&player.name))
                    .or_default()
                    .push(player);
            } else {
                index
                    .by_national_id
                    .entry(player.national_id.as_str())
                    .or_insert(player);
            }
            if let Some(fide_id) = player.fide_id {
                index.by_fide_id.entry(fide_id).or_insert(player);
            }
        }
        index
    }

    /// The registered player a list row is (see the module documentation), if any.
    pub fn find(&self, row: &NewPlayer) -> Option<&'a PlayerRow> {
        let national_id = row.national_id.trim();
        if !national_id.is_empty()
            && let Some(player) = self.by_national_id.get(national_id)
        {
            return Some(player);
        }
        if let Some(fide_id) = row.fide_id
            && let Some(player) = self.by_fide_id.get(&fide_id)
        {
            return Some(player);
        }
        if national_id.is_empty() {
            return None;
        }
        let mut same_name = self
            .by_name
            .get(&name_key(&row.name))
            .into_iter()
            .flatten()
            .filter(|p| p.fide_id.is_none() || row.fide_id.is_none() || p.fide_id == row.fide_id);
        match (same_name.next(), same_name.next()) {
            (Some(player), None) => Some(player),
            _ => None,
        }
    }
}

/// A name compared without letter case and with runs of spaces as one.
fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// What importing `rows` into a tournament with the `registered` players does, row by row.
pub fn plan_import(
    registered: &[PlayerRow],
    rows: &[Registration],
    update_only: bool,
) -> Vec<ImportStep> {
    let index = RegisteredIndex::new(registered);
    rows.iter()
        .map(|row| match index.find(&row.player) {
            None if update_only => ImportStep::Skip,
            None => ImportStep::Register,
            Some(player) => {
                let new = &row.player;
                let national_id = match new.national_id.trim() {
                    "" => player.national_id.clone(),
                    id => id.to_owned(),
                };
                // A national list's row says the national rating, 0 = none; a row of another
                // list changes it only when it has one.
                let national_rating = match (new.national_id.trim().is_empty(), new.national_rating)
                {
                    (true, 0) => player.national_rating,
                    (_, rating) => rating,
                };
                if national_id == player.national_id && national_rating == player.national_rating {
                    ImportStep::Unchanged {
                        name: player.name.clone(),
                    }
                } else {
                    ImportStep::Update {
                        player: player.id,
                        name: player.name.clone(),
                        national_rating: (player.national_rating, national_rating),
                        national_id: (player.national_id.clone(), national_id),
                    }
                }
            }
        })
        .collect()
}

/// The most players one list may register ([`check_list_size`]).
pub const MAX_IMPORT_PLAYERS: usize = 20_000;
/// The most teams one list may name, in a team competition ([`check_list_size`]).
pub const MAX_IMPORT_TEAMS: usize = 10_000;

/// What a list has too many of for one import.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListPart {
    /// Rows (players), at most [`MAX_IMPORT_PLAYERS`].
    Players,
    /// Distinct team names, at most [`MAX_IMPORT_TEAMS`].
    Teams,
}

/// A list beyond one of the import's limits: which, how many the list has, the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListExcess {
    /// What the list has too many of.
    pub part: ListPart,
    /// How many the list has.
    pub count: usize,
    /// The most one import takes.
    pub limit: usize,
}

/// Refuses a list with more rows than [`MAX_IMPORT_PLAYERS`] or more distinct teams than
/// [`MAX_IMPORT_TEAMS`] before anything is read or written, so that no one import holds the
/// database for longer than the largest list allowed takes.
pub fn check_list_size(rows: &[Registration]) -> Result<(), Refusal> {
    let teams: HashSet<&str> = rows.iter().filter_map(|row| row.team.as_deref()).collect();
    let excess: Vec<ListExcess> = [
        (ListPart::Players, rows.len(), MAX_IMPORT_PLAYERS),
        (ListPart::Teams, teams.len(), MAX_IMPORT_TEAMS),
    ]
    .into_iter()
    .filter(|(_, count, limit)| count > limit)
    .map(|(part, count, limit)| ListExcess { part, count, limit })
    .collect();
    if excess.is_empty() {
        Ok(())
    } else {
        Err(Refusal::ListTooLarge(excess))
    }
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImportOutcome {
    /// New registrations.
    pub registered: usize,
    /// Registered players whose national ID or rating changed.
    pub updated: usize,
    /// Rows of registered players that changed nothing.
    pub unchanged: usize,
    /// Rows left out (not registered, update only).
    pub skipped: usize,
}

/// Imports a checked list: refuses one beyond the limits ([`check_list_size`]), plans it
/// ([`plan_import`]) against the registrations as they are inside the transaction, registers
/// the new players (late entries once round 1 is paired) and updates the national ID and
/// rating of the registered ones. All or nothing; linear in the list and the registrations.
pub fn import_players(
    conn: &mut DbConn,
    tournament: TournamentId,
    rows: &[Registration],
    update_only: bool,
    by: UserId,
) -> Result<ImportOutcome, StoreError> {
    check_list_size(rows)?;
    write(conn, tournament, Some(by), |conn, audit| {
        let registered = PlayerRow::for_tournament(conn, tournament)?;
        let steps = plan_import(&registered, rows, update_only);
        let mut outcome = ImportOutcome::default();
        let mut new = Vec::new();
        for (row, step) in rows.iter().zip(&steps) {
            match step {
                ImportStep::Register => new.push(row.clone()),
                ImportStep::Skip => outcome.skipped += 1,
                ImportStep::Unchanged { .. } => outcome.unchanged += 1,
                ImportStep::Update {
                    player,
                    name,
                    national_rating,
                    national_id,
                } => {
                    diesel::update(players::table.find(*player))
                        .set((
                            players::national_rating.eq(national_rating.1),
                            players::national_id.eq(&national_id.1),
                        ))
                        .execute(conn)?;
                    audit.push(NewAuditEntry {
                        action: "national_rating",
                        detail: format!(
                            "{name}: {} → {} ({} → {})",
                            national_rating.0, national_rating.1, national_id.0, national_id.1
                        ),
                        ..NewAuditEntry::default()
                    });
                    outcome.updated += 1;
                }
            }
        }
        outcome.registered = insert_registrations(conn, tournament, &new, audit)?.len();
        Ok(outcome)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registered(id: i32, name: &str, fide_id: Option<i64>, national_id: &str) -> PlayerRow {
        PlayerRow {
            fide_id,
            rating: 1900,
            federation: "CZE".into(),
            national_id: national_id.to_owned(),
            ..PlayerRow::sample(id, name)
        }
    }

    fn row(name: &str, fide_id: Option<i64>, national_id: &str, national: i32) -> Registration {
        Registration {
            player: NewPlayer {
                tournament_id: TournamentId(1),
                name: name.to_owned(),
                fide_id,
                title: String::new(),
                rating: 0,
                federation: String::new(),
                birth_year: None,
                sex: String::new(),
                club: String::new(),
                birth_date: None,
                national_id: national_id.to_owned(),
                national_rating: national,
            },
            team: None,
        }
    }

    #[test]
    fn a_national_list_meets_registrations_by_national_id_fide_id_then_unique_name() {
        let players = [
            registered(1, "Dvořák, Petr", Some(310_999), ""),
            registered(2, "Nováková, Eva", None, "23456"),
            registered(3, "Svoboda, Jan", None, ""),
            registered(4, "Král, Tomáš", None, ""),
            registered(5, "Král,  Tomáš", None, ""),
            registered(6, "Horák, Jiří", Some(111), ""),
        ];
        let rows = [
            row("Dvorak, Petr", Some(310_999), "12345", 1835),
            row("Nováková, Eva", None, "23456", 1610),
            row("svoboda,  jan", None, "34567", 1502),
            row("Král, Tomáš", None, "45678", 1400),
            row("Beneš, Karel", None, "56789", 1700),
            row("Svoboda, Jan", None, "", 0),
            row("Horák, Jiří", None, "67890", 1600),
            row("Horák, Jiří", Some(222), "67891", 1650),
        ];
        let plan = plan_import(&players, &rows, false);
        assert!(
            matches!(&plan[0], ImportStep::Update { player, national_rating: (0, 1835), national_id, .. }
            if *player == PlayerRowId(1) && national_id.1 == "12345")
        );
        assert!(
            matches!(&plan[1], ImportStep::Update { player, national_rating: (0, 1610), .. }
            if *player == PlayerRowId(2))
        );
        assert!(matches!(&plan[2], ImportStep::Update { player, .. } if *player == PlayerRowId(3)));
        assert_eq!(
            plan[3],
            ImportStep::Register,
            "two players of that name: no guess"
        );
        assert_eq!(plan[4], ImportStep::Register);
        assert_eq!(
            plan[5],
            ImportStep::Register,
            "a row without IDs is never matched by name"
        );
        assert!(
            matches!(&plan[6], ImportStep::Update { player, .. } if *player == PlayerRowId(6)),
            "a row without a FIDE ID meets a player who has one by name"
        );
        assert_eq!(
            plan[7],
            ImportStep::Register,
            "another FIDE ID: another player"
        );
        let update_only = plan_import(&players, &rows, true);
        assert_eq!(update_only[4], ImportStep::Skip);
    }

    #[test]
    fn a_list_beyond_the_limits_is_refused_naming_each_limit_and_its_count() {
        let rows = |players: usize, teams: usize| -> Vec<Registration> {
            (0..players)
                .map(|n| Registration {
                    team: (teams > 0).then(|| format!("Team {}", n % teams)),
                    ..row(&format!("P{n}"), None, "", 0)
                })
                .collect()
        };
        assert_eq!(
            check_list_size(&rows(MAX_IMPORT_PLAYERS, MAX_IMPORT_TEAMS)),
            Ok(())
        );
        assert_eq!(
            check_list_size(&rows(MAX_IMPORT_PLAYERS + 1, MAX_IMPORT_TEAMS + 1)),
            Err(Refusal::ListTooLarge(vec![
                ListExcess {
                    part: ListPart::Players,
                    count: MAX_IMPORT_PLAYERS + 1,
                    limit: MAX_IMPORT_PLAYERS
                },
                ListExcess {
                    part: ListPart::Teams,
                    count: MAX_IMPORT_TEAMS + 1,
                    limit: MAX_IMPORT_TEAMS
                },
            ]))
        );
    }

    #[test]
    fn a_row_without_national_data_leaves_the_national_rating_alone() {
        let mut player = registered(1, "Dvořák, Petr", Some(310_999), "12345");
        player.national_rating = 1835;
        let plan = plan_import(
            &[player],
            &[row("Dvořák, Petr", Some(310_999), "", 0)],
            false,
        );
        assert_eq!(
            plan,
            [ImportStep::Unchanged {
                name: "Dvořák, Petr".into()
            }]
        );
    }
}
