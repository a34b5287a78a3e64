//! What the player import keeps for its user between two pages: a spreadsheet uploaded for the
//! check, until the import ([`keep_upload`]), and the column mappings saved for lists of other
//! layouts ([`save_mapping`], [`delete_mapping`]). These belong to the organiser, not to the
//! tournament's record: no revision bump and no audit row, but one transaction each.

use rand::RngCore;

use super::StoreError;
use crate::db::models::kept_uploads::{KeptUpload, NewKeptUpload, token_hash};
use crate::db::models::{SavedMapping, TournamentId, UserId};
use crate::db::{DbConn, write_transaction};
use crate::formats::csv::ColumnMapping;

/// Keeps `bytes` (a spreadsheet) that `owner` uploaded to `tournament`, in
/// place of their earlier one there, and drops expired files. Returns the token the form
/// carries to find it again ([`KeptUpload::find`]).
pub fn keep_upload(
    conn: &mut DbConn,
    owner: UserId,
    tournament: TournamentId,
    bytes: &[u8],
) -> Result<String, StoreError> {
    let mut random = [0u8; 16];
    rand::rng().fill_bytes(&mut random);
    let token = hex::encode(random);
    write_transaction(conn, |conn| -> Result<(), StoreError> {
        KeptUpload::drop_old(conn, owner, tournament)?;
        NewKeptUpload {
            owner_id: owner,
            tournament_id: tournament,
            token_hash: token_hash(&token),
            bytes,
            created_at: crate::db::now(),
        }
        .insert(conn)?;
        Ok(())
    })?;
    Ok(token)
}

/// Saves `mapping` under `name` for `owner`, replacing their mapping of that name; then their
/// mappings. `Ok(None)`: not saved, they have [`crate::db::models::column_mappings::MAX_MAPPINGS`]
/// already.
pub fn save_mapping(
    conn: &mut DbConn,
    owner: UserId,
    name: &str,
    mapping: &ColumnMapping,
) -> Result<Option<Vec<SavedMapping>>, StoreError> {
    write_transaction(conn, |conn| {
        if !SavedMapping::save(conn, owner, name, mapping)? {
            return Ok(None);
        }
        Ok(Some(SavedMapping::of_owner(conn, owner)?))
    })
}

/// Deletes `owner`'s mapping `id`; its name, or `None` when they have no such mapping.
pub fn delete_mapping(
    conn: &mut DbConn,
    owner: UserId,
    id: i32,
) -> Result<Option<String>, StoreError> {
    write_transaction(conn, |conn| Ok(SavedMapping::delete(conn, owner, id)?))
}
