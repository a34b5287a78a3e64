//! Where a tournament of the venue stands with its publishing: its target and what waits in
//! the outbox (the status line of the tournament page).

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::models::publish_outbox::{Waiting, waiting};
use crate::db::models::publish_targets::PublishTarget;

/// A tournament's target and its outbox.
#[derive(Debug, Clone, PartialEq)]
pub struct PublishingStatus {
    /// The target.
    pub target: PublishTarget,
    /// What waits.
    pub waiting: Waiting,
}

/// The publishing status of `tournament`; `None` when it is not published anywhere.
pub fn publishing_status(
    conn: &mut DbConn,
    tournament: TournamentId,
) -> diesel::QueryResult<Option<PublishingStatus>> {
    let Some(target) = PublishTarget::find(conn, tournament)? else {
        return Ok(None);
    };
    let waiting = waiting(conn, tournament)?;
    Ok(Some(PublishingStatus { target, waiting }))
}
