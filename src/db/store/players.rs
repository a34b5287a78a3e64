//! Registrations between rounds: registering players (a late entry once round 1 is paired),
//! correcting a registration, deleting one made in error. Each is one store write
//! ([`super::write`]) like the rest of the store.

use diesel::prelude::*;

use super::{Refusal, StoreError, write};
use crate::db::DbConn;
use crate::db::models::tournament_day::{ByeRequestRow, ParticipationRow};
use crate::db::models::{
    Game, NewAuditEntry, NewPlayer, PlayerRow, PlayerRowId, TournamentId, UserId,
};
use crate::db::schema::rounds;
use crate::tournament::entries::{self, EntryIds};

/// One registration: the player, and in a team competition the team whose squad they join
/// (at its bottom; a team not yet there is added with the next pairing number).
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    /// The player.
    pub player: NewPlayer,
    /// The team's name, in a team competition.
    pub team: Option<String>,
}

/// Registers players (the form). Once round 1 is paired they are late entries, first paired
/// in the next round (C.04.2 Art. 2.4). A list is imported by [`super::import_players`].
pub fn register_players(
    conn: &mut DbConn,
    tournament: TournamentId,
    players: &[Registration],
    by: UserId,
) -> Result<Vec<PlayerRow>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        insert_registrations(conn, tournament, players, audit)
    })
}

/// Inserts registrations inside the caller's write: late entries once round 1 is paired, a
/// team's squad joined in a team competition, one audit row each.
pub(super) fn insert_registrations(
    conn: &mut DbConn,
    tournament: TournamentId,
    players: &[Registration],
    audit: &mut Vec<NewAuditEntry>,
) -> Result<Vec<PlayerRow>, StoreError> {
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tournament))
        .count()
        .get_result(conn)?;
    let mut squads = match players.iter().any(|r| r.team.is_some()) {
        true => Some(super::league::Squads::of(&super::league::league_data(
            conn, tournament,
        )?)),
        false => None,
    };
    let registered = PlayerRow::for_tournament(conn, tournament)?;
    let duplicates = entries::duplicates(
        registered.iter().map(entry_ids),
        players.iter().map(|r| entry_ids_new(&r.player)),
    );
    if !duplicates.is_empty() {
        return Err(Refusal::AlreadyRegistered(duplicates).into());
    }
    let mut saved = Vec::with_capacity(players.len());
    for registration in players {
        let player = NewPlayer {
            tournament_id: tournament,
            ..registration.player.clone()
        }
        .insert(conn)?;
        if let (Some(team), Some(squads)) = (&registration.team, squads.as_mut()) {
            let team = squads.team(conn, team, &player.club)?;
            squads.join(conn, &team, player.id)?;
        }
        if paired > 0 {
            ParticipationRow {
                player_id: player.id,
                first_round: paired as i32 + 1,
                withdrawn_from: None,
                expelled: false,
            }
            .save(conn)?;
        }
        audit.push(NewAuditEntry {
            action: "register",
            round: (paired > 0).then_some(paired as i32 + 1),
            detail: player.name.clone(),
            ..NewAuditEntry::default()
        });
        saved.push(player);
    }
    Ok(saved)
}

/// The identity of a registration (C.04.2: one person, one entry).
fn entry_ids(player: &PlayerRow) -> EntryIds<'_> {
    EntryIds {
        name: &player.name,
        fide_id: player.fide_id,
        national_id: &player.national_id,
        birth_year: player.birth_year,
    }
}

/// The identity of a registration to be written.
fn entry_ids_new(player: &NewPlayer) -> EntryIds<'_> {
    EntryIds {
        name: &player.name,
        fide_id: player.fide_id,
        national_id: &player.national_id,
        birth_year: player.birth_year,
    }
}

/// What an edit of a registration changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerEdit {
    /// The fields changed, each as `field: old → new` (empty: nothing changed).
    pub changes: Vec<String>,
    /// The rating or title changed after round 1 was paired: starting ranks stay as they
    /// were fixed then (C.04.2 Art. 2.2).
    pub ranks_kept: bool,
}

/// Changes a registration (a typo in a name, a corrected rating). Once round 1 is paired the
/// starting ranks stay as they are; the audit row lists every changed field.
pub fn edit_player(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    new: &NewPlayer,
    by: UserId,
) -> Result<PlayerEdit, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        edit_within(conn, tournament, player, new, audit)
    })
}

/// The body of [`edit_player`] inside the caller's write (an entrant changing their entry
/// through their link changes their player the same way).
pub(super) fn edit_within(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    new: &NewPlayer,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<PlayerEdit, StoreError> {
    let old = PlayerRow::find(conn, player)?
        .filter(|row| row.tournament_id == tournament)
        .ok_or(StoreError::NotFound)?;
    let text = |value: Option<String>| value.unwrap_or_default();
    let fields = [
        ("name", old.name.clone(), new.name.clone()),
        (
            "fide_id",
            text(old.fide_id.map(|id| id.to_string())),
            text(new.fide_id.map(|id| id.to_string())),
        ),
        ("title", old.title.clone(), new.title.clone()),
        ("rating", old.rating.to_string(), new.rating.to_string()),
        ("federation", old.federation.clone(), new.federation.clone()),
        (
            "birth_year",
            text(old.birth_year.map(|y| y.to_string())),
            text(new.birth_year.map(|y| y.to_string())),
        ),
        ("sex", old.sex.clone(), new.sex.clone()),
        ("club", old.club.clone(), new.club.clone()),
        (
            "national_id",
            old.national_id.clone(),
            new.national_id.clone(),
        ),
        (
            "national_rating",
            old.national_rating.to_string(),
            new.national_rating.to_string(),
        ),
    ];
    // The same person twice: a FIDE ID or national ID another registration has.
    let others = PlayerRow::for_tournament(conn, tournament)?;
    let duplicates = entries::duplicates(
        others.iter().filter(|p| p.id != player).map(entry_ids),
        std::iter::once(entry_ids_new(new)),
    );
    if !duplicates.is_empty() {
        return Err(Refusal::AlreadyRegistered(duplicates).into());
    }
    let changed: Vec<&(&str, String, String)> = fields.iter().filter(|(_, a, b)| a != b).collect();
    let changes: Vec<String> = changed
        .iter()
        .map(|(field, a, b)| format!("{field}: {a} → {b}"))
        .collect();
    let ranks_kept = old.starting_rank.is_some()
        && changed
            .iter()
            .any(|(field, _, _)| matches!(*field, "rating" | "national_rating" | "title"));
    if !changes.is_empty() {
        NewPlayer {
            tournament_id: tournament,
            ..new.clone()
        }
        .update(conn, player)?;
        // A full birth date refines the year: a new year drops the old date.
        if old.birth_year != new.birth_year && old.birth_date.is_some() {
            PlayerRow::set_birth_date(conn, player, new.birth_date)?;
        }
        audit.push(NewAuditEntry {
            action: "edit_player",
            detail: format!("{}: {}", old.name, changes.join("; ")),
            ..NewAuditEntry::default()
        });
    }
    Ok(PlayerEdit {
        changes,
        ranks_kept,
    })
}

/// Deletes a registration made in error: only a player who was never paired and has no
/// starting rank (before round 1, or a late entry not yet paired); anyone else is withdrawn
/// instead, so that rounds and starting ranks stay as they were. Returns the name.
pub fn delete_player(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    by: UserId,
) -> Result<String, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        delete_within(conn, tournament, player, audit)
    })
}

/// The body of [`delete_player`] inside the caller's write (an entrant's withdrawal before
/// the start deletes their player the same way).
pub(super) fn delete_within(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<String, StoreError> {
    let old = PlayerRow::find(conn, player)?
        .filter(|row| row.tournament_id == tournament)
        .ok_or(StoreError::NotFound)?;
    if old.starting_rank.is_some() || Game::count_for_player(conn, player)? > 0 {
        return Err(Refusal::PlayerInPairings.into());
    }
    ByeRequestRow::delete_from(conn, player, 0)?;
    ParticipationRow::delete(conn, player)?;
    PlayerRow::delete(conn, player)?;
    audit.push(NewAuditEntry {
        action: "delete_player",
        detail: old.name.clone(),
        ..NewAuditEntry::default()
    });
    Ok(old.name)
}
