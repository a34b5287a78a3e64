//! The arbiter's record: what the chief arbiter adds to a tournament for its rating report
//! (FIDE TRF-2026 `102` chief arbiter, `132` round dates) and the points given or taken
//! outside the games (`299`), and the incident log of the chief arbiter's report.

use diesel::prelude::*;

use super::{Refusal, StoreError, load, write};
use crate::db::DbConn;
use crate::db::models::{
    NewAuditEntry, NewIncident, NewPointAdjustment, PlayerRowId, ScheduledRound, TournamentId,
    UserId,
};
use crate::db::schema::tournaments;
use crate::tournament::Points;
use crate::tournament::schedule::{self, RoundStart};

/// What a rating report lacked, as the arbiter gave it: the chief arbiter and dates of rounds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportDetails {
    /// The chief arbiter, when the tournament has none.
    pub chief_arbiter: Option<String>,
    /// The date of rounds that have none.
    pub round_dates: Vec<(u32, time::Date)>,
}

/// Completes the tournament's report details: the chief arbiter only where the tournament has
/// none, and a date only for a round without one (rounds already dated, and start times, are
/// kept as they are). The whole schedule is checked as [`super::save_schedule`] checks it
/// (rounds that exist, in order of dates), inside the transaction. Audited (`report_details`).
pub fn complete_report(
    conn: &mut DbConn,
    tournament: TournamentId,
    details: &ReportDetails,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let mut changes = Vec::new();
        if let Some(name) = &details.chief_arbiter
            && data.tournament.chief_arbiter.trim().is_empty()
            && !name.trim().is_empty()
        {
            diesel::update(tournaments::table.find(tournament))
                .set(tournaments::chief_arbiter.eq(name.trim()))
                .execute(conn)?;
            changes.push(format!("chief arbiter: {}", name.trim()));
        }
        let mut starts: Vec<RoundStart> = data.schedule.iter().map(|s| s.start()).collect();
        for &(round, date) in &details.round_dates {
            if starts.iter().all(|start| start.round != round) {
                starts.push(RoundStart {
                    round,
                    date,
                    time: None,
                });
                changes.push(format!("round {round}: {date}"));
            }
        }
        let total = u32::try_from(data.announced_rounds()).unwrap_or(0);
        schedule::check(&mut starts, total).map_err(Refusal::Schedule)?;
        ScheduledRound::replace(conn, tournament, &starts)?;
        audit.push(NewAuditEntry {
            action: "report_details",
            detail: changes.join("; "),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Gives `player` points outside the games, or takes them (negative `points`), with the
/// arbiter's written reason (TRF-2026 `299`, e.g. a deduction decided on appeal): counted in
/// the score from the standings after `round` on (`None`: from the start). The player must be
/// of the tournament and the round one it announces, checked inside the transaction. Audited
/// (`adjust_points`).
pub fn adjust_points(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    round: Option<u32>,
    points: Points,
    reason: &str,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let name = data
            .player(player)
            .ok_or(StoreError::NotFound)?
            .name
            .clone();
        let total = u32::try_from(data.announced_rounds()).unwrap_or(0);
        if let Some(round) = round
            && (round == 0 || round > total)
        {
            return Err(Refusal::AdjustmentRound { round, total }.into());
        }
        NewPointAdjustment {
            tournament_id: tournament,
            player_id: player,
            round: round.and_then(|r| i32::try_from(r).ok()),
            points: points.0,
            reason: reason.trim().to_owned(),
        }
        .insert(conn)?;
        audit.push(NewAuditEntry {
            action: "adjust_points",
            round: round.and_then(|r| i32::try_from(r).ok()),
            new_value: Some(points.to_string()),
            detail: format!("{name}: {}", reason.trim()),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Writes `incident` into the tournament's incident log. The round must be paired and the
/// board, when given, one of its boards; the incident is linked to that board's game. Both are
/// checked inside the transaction. Audited (`incident`).
pub fn log_incident(
    conn: &mut DbConn,
    mut incident: NewIncident,
    by: UserId,
) -> Result<(), StoreError> {
    let tournament = incident.tournament_id;
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let paired = data.rounds.len() as i32;
        if incident.round < 1 || incident.round > paired {
            return Err(Refusal::IncidentBoard {
                round: incident.round,
                board: incident.board,
            }
            .into());
        }
        incident.game_id = match incident.board {
            None => None,
            Some(board) => Some(
                data.games_of_round(incident.round)
                    .into_iter()
                    .find(|game| game.board == board)
                    .ok_or(Refusal::IncidentBoard {
                        round: incident.round,
                        board: Some(board),
                    })?
                    .id,
            ),
        };
        incident.insert(conn)?;
        audit.push(NewAuditEntry {
            action: "incident",
            round: Some(incident.round),
            board: incident.board,
            game_id: incident.game_id,
            new_value: Some(incident.article.clone()),
            detail: format!("{} — {}", incident.decision, incident.consequence),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}
