//! Swiss tournament day management (issue 7): the organiser's Swiss page with the bye rules,
//! every player's participation (late entry, withdrawal, return) and requested byes
//! (C.04.2 Art. 2.4, 3.2, 3.3), pairing the next round by the Dutch system, and the TRF-2026
//! export of the whole tournament.

pub mod bye;
pub mod pair;
pub mod participation;
pub mod save_settings;
pub mod show;
pub mod swap;
pub mod trf_export;
pub mod unpair;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::tournament_day::{ByeRequestRow, ParticipationRow};
use crate::tournament::byes::Participation;

/// The pure participation of every ranked player of `data`, in starting-rank order (the
/// order of [`TournamentData::to_model`]).
pub fn participation_in_rank_order(
    conn: &mut DbConn,
    data: &TournamentData,
) -> diesel::QueryResult<Vec<Participation>> {
    let ranked = data.ranked_players();
    let ids: Vec<_> = ranked.iter().map(|p| p.id).collect();
    let rows = ParticipationRow::for_players(conn, &ids)?;
    let byes = ByeRequestRow::for_players(conn, &ids)?;
    Ok(ranked
        .iter()
        .map(|player| {
            let row = rows.iter().find(|r| r.player_id == player.id);
            let mut who = Participation::late_entry(row.map_or(1, |r| r.first_round.max(1) as u32));
            if let Some(from) = row.and_then(|r| r.withdrawn_from) {
                who.withdraw(from.max(1) as u32);
            }
            for bye in byes.iter().filter(|b| b.player_id == player.id) {
                who.byes.insert(bye.round.max(1) as u32, bye.bye_kind());
            }
            who
        })
        .collect())
}
