//! The writes of a tournament as a whole: creating it from the form or from a file, its
//! settings, Swiss rules, schedule, publication, arbiters, and its tie-break list (C.07) with
//! the rule for ties left after it.

use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::db::models::{NewAuditEntry, NewTournament, TournamentId, UserId};
use crate::db::store::{StoreError, write, write_within};
use crate::db::{DbConn, write_transaction};

use super::*;

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

/// Saves the round schedule (replacing the one before), checked against the tournament's
/// number of rounds as it is inside the transaction ([`schedule::check`]).
pub fn save_schedule(
    conn: &mut DbConn,
    tournament: TournamentId,
    mut rounds: Vec<RoundStart>,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let total = u32::try_from(load(conn, tournament)?.announced_rounds()).unwrap_or(0);
        schedule::check(&mut rounds, total).map_err(Refusal::Schedule)?;
        ScheduledRound::replace(conn, tournament, &rounds)?;
        audit.push(NewAuditEntry {
            action: "schedule",
            detail: rounds
                .iter()
                .map(|start| match start.time {
                    Some(time) => format!("{}: {} {time}", start.round, start.date),
                    None => format!("{}: {}", start.round, start.date),
                })
                .collect::<Vec<_>>()
                .join("; "),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Creates a tournament from an imported file: players in starting-rank order, the rounds
/// (published) and their boards, the byes requested for rounds not paired yet, the report
/// columns and the round dates, in one transaction. The file is the record: the byes are not
/// checked against a bye policy.
pub fn import_tournament(
    conn: &mut DbConn,
    new: &NewTournament,
    columns: &ReportColumns,
    plan: &ImportPlan,
    players: &[NewPlayer],
    by: UserId,
) -> Result<TournamentRow, StoreError> {
    write_transaction(conn, |conn| {
        let id = new.insert(conn)?.id;
        write_within(conn, id, Some(by), |conn, audit| {
            columns.save(conn, id)?;
            ScheduledRound::replace(conn, id, &plan.schedule)?;
            let mut rows = Vec::with_capacity(players.len());
            for (rank, player) in (1..).zip(players) {
                let row = NewPlayer {
                    tournament_id: id,
                    ..player.clone()
                }
                .insert(conn)?;
                PlayerRow::set_starting_ranks(conn, &[(row.id, rank)])?;
                rows.push(row.id);
            }
            for (number, boards) in (1..).zip(&plan.rounds) {
                insert_round(conn, id, number, true, boards, &rows)?;
            }
            for adjustment in &plan.adjustments {
                let index = (adjustment.player.0 as usize)
                    .checked_sub(1)
                    .ok_or(StoreError::NotFound)?;
                NewPointAdjustment {
                    tournament_id: id,
                    player_id: *rows.get(index).ok_or(StoreError::NotFound)?,
                    round: adjustment.round.and_then(|r| i32::try_from(r).ok()),
                    points: adjustment.points.0,
                    reason: adjustment.reason.clone(),
                }
                .insert(conn)?;
            }
            for &(player, round) in &plan.expulsions {
                let Some(&row) = rows.get(player) else {
                    return Err(StoreError::NotFound);
                };
                ParticipationRow {
                    player_id: row,
                    first_round: 1,
                    withdrawn_from: Some(i32::try_from(round).map_err(|_| StoreError::NotFound)?),
                    expelled: true,
                }
                .save(conn)?;
            }
            for &(player, round) in &plan.withdrawals {
                let Some(&row) = rows.get(player) else {
                    return Err(StoreError::NotFound);
                };
                ParticipationRow {
                    player_id: row,
                    first_round: 1,
                    withdrawn_from: Some(i32::try_from(round).map_err(|_| StoreError::NotFound)?),
                    expelled: false,
                }
                .save(conn)?;
            }
            for bye in &plan.byes {
                let Some(&row) = rows.get(bye.player) else {
                    return Err(StoreError::NotFound);
                };
                let round = i32::try_from(bye.round).map_err(|_| StoreError::NotFound)?;
                ByeRequestRow::insert(conn, row, round, bye.kind)?;
            }
            audit.push(NewAuditEntry {
                action: "import",
                detail: format!(
                    "{} players, {} rounds, {} byes requested",
                    players.len(),
                    plan.rounds.len(),
                    plan.byes.len()
                ),
                ..NewAuditEntry::default()
            });
            TournamentRow::find(conn, id)?.ok_or(StoreError::NotFound)
        })
    })
}

/// Saves the tournament's settings. Once round 1 is paired, a change of the point system or
/// of a Swiss's number of rounds is saved only when `confirmed` (otherwise
/// [`Refusal::NeedsConfirmation`] lists what it would change), and a change of the pairing
/// system or of a round robin's rounds is refused ([`settings_change`]).
pub fn update_settings(
    conn: &mut DbConn,
    tournament: TournamentId,
    new: &NewTournament,
    confirmed: bool,
    by: UserId,
) -> Result<Vec<SettingChange>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let old = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        let paired: i64 = rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .count()
            .get_result(conn)?;
        // A league's drawn schedule counts as its paired rounds: its system is fixed by then.
        let drawn: Option<i32> = team_matches::table
            .filter(team_matches::tournament_id.eq(tournament))
            .select(diesel::dsl::max(team_matches::round))
            .first(conn)?;
        let paired = paired + i64::from(drawn.unwrap_or(0));
        let settings = |system, swap, rounds: i32, points| DaySettings {
            system,
            swap_last_two_rounds: swap,
            total_rounds: u32::try_from(rounds).unwrap_or(0),
            points,
        };
        let new_points = new.point_system();
        let changes = settings_change(
            &settings(
                old.pairing_system,
                old.swap_last_two_rounds,
                old.rounds,
                old.point_system(),
            ),
            &settings(
                new.pairing_system,
                new.swap_last_two_rounds,
                new.rounds,
                new_points,
            ),
            paired as u32,
        )
        .map_err(Refusal::Settings)?;
        if !changes.is_empty() && !confirmed {
            return Err(Refusal::NeedsConfirmation(changes).into());
        }
        NewTournament {
            owner_id: old.owner_id,
            ..new.clone()
        }
        .update(conn, tournament)?;
        audit.push(NewAuditEntry {
            action: "settings",
            detail: changes
                .iter()
                .map(|change| format!("{change:?}"))
                .collect::<Vec<_>>()
                .join("; "),
            ..NewAuditEntry::default()
        });
        Ok(changes)
    })
}

/// Saves the Swiss rules (byes, late entries, forfeits).
pub fn save_swiss_settings(
    conn: &mut DbConn,
    settings: &SwissSettings,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, settings.tournament_id, Some(by), |conn, audit| {
        settings.save(conn)?;
        audit.push(NewAuditEntry {
            action: "swiss_settings",
            detail: format!("{settings:?}"),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Publishes or hides the tournament.
pub fn publish_tournament(
    conn: &mut DbConn,
    tournament: TournamentId,
    published: bool,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        TournamentRow::set_published(conn, tournament, published)?;
        audit.push(NewAuditEntry {
            action: if published {
                "publish_event"
            } else {
                "hide_event"
            },
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Assigns the active account `username` as an arbiter of the tournament (a second
/// assignment changes nothing).
pub fn add_arbiter(
    conn: &mut DbConn,
    tournament: TournamentId,
    username: &str,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let arbiter = User::by_username(conn, username)?
            .filter(|user| user.active)
            .ok_or_else(|| Refusal::UnknownArbiter(username.to_owned()))?;
        TournamentArbiter::assign(conn, tournament, arbiter.id)?;
        audit.push(NewAuditEntry {
            action: "add_arbiter",
            new_value: Some(arbiter.username),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}
