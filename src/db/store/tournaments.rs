//! The organiser's writes of a tournament as a whole: creating it from the form, and its
//! tie-break list (C.07) with the rule for ties left after it.

use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::db::models::{NewAuditEntry, NewTournament, TournamentId, UserId};
use crate::db::store::{StoreError, write, write_within};
use crate::db::{DbConn, write_transaction};

/// Creates the tournament of the organiser's form and writes its first audit row
/// (`create_tournament`, with its name), in one transaction; the new tournament's id.
pub fn create_tournament(
    conn: &mut DbConn,
    new: &NewTournament,
    by: UserId,
) -> Result<TournamentId, StoreError> {
    write_transaction(conn, |conn| {
        let created = new.insert(conn)?;
        write_within(conn, created.id, Some(by), |_, audit| {
            audit.push(NewAuditEntry {
                action: "create_tournament",
                new_value: Some(created.name.clone()),
                ..NewAuditEntry::default()
            });
            Ok(())
        })?;
        Ok(created.id)
    })
}

/// Saves the organiser's tie-break list for `tournament` (`Some`), or forgets it (`None`: the
/// default of the tournament's system applies again); audited as `tiebreaks` with the codes
/// before and after.
pub fn save_tie_breaks(
    conn: &mut DbConn,
    tournament: TournamentId,
    choice: Option<TournamentTieBreaks>,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let before = TournamentTieBreaks::find(conn, tournament)?;
        match &choice {
            Some(row) => row.save(conn)?,
            None => {
                TournamentTieBreaks::delete(conn, tournament)?;
            }
        }
        audit.push(NewAuditEntry {
            action: "tiebreaks",
            old_value: before.map(|row| row.codes),
            new_value: choice.map(|row| row.codes),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}
