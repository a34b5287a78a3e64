//! Refreshing the registered players' ratings and titles from FIDE's rating list
//! ([`crate::db::rating_list`]) as one store write: the changes shown (old → new) are the
//! changes made, or nothing is. Before round 1 a refresh is ordinary registration work; once
//! round 1 is paired the starting ranks are fixed (C.04.2 Art. 2.2) and the ratings of the
//! event are those it started with, so a refresh then is refused unless the organiser
//! overrides explicitly, and the audit rows say it was an override.

use diesel::prelude::*;

use super::{Refusal, StoreError, write};
use crate::db::DbConn;
use crate::db::models::{NewAuditEntry, PlayerRow, PlayerRowId, TournamentId, UserId};
use crate::db::rating_list::refresh_plan;
use crate::db::schema::rounds;
use crate::tournament::rating_refresh::RefreshPlan;

/// Applies the refresh whose changes have digest `shown` ([`RefreshPlan::digest`]): refused
/// when the changes are now different ([`Refusal::RatingsChanged`]) and, once round 1 is
/// paired, unless `after_start` confirms the override ([`Refusal::RatingsAfterStart`]). Each
/// changed player gets an audit row (`refresh_rating`, or `refresh_rating_override` after
/// the start) with the old and new rating and title.
pub fn refresh_ratings(
    conn: &mut DbConn,
    tournament: TournamentId,
    shown: &str,
    after_start: bool,
    by: UserId,
) -> Result<RefreshPlan, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let paired: i64 = rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .count()
            .get_result(conn)?;
        if paired > 0 && !after_start {
            return Err(Refusal::RatingsAfterStart {
                paired: paired as u32,
            }
            .into());
        }
        let plan = refresh_plan(conn, tournament)?;
        if plan.digest() != shown {
            return Err(Refusal::RatingsChanged.into());
        }
        for update in &plan.updates {
            PlayerRow::set_rating_and_title(
                conn,
                PlayerRowId(update.player),
                i32::from(update.new_rating),
                &update.new_title,
            )?;
            audit.push(NewAuditEntry {
                action: if paired > 0 {
                    "refresh_rating_override"
                } else {
                    "refresh_rating"
                },
                round: (paired > 0).then_some(paired as i32),
                old_value: Some(rating_and_title(update.old_rating, &update.old_title)),
                new_value: Some(rating_and_title(update.new_rating, &update.new_title)),
                detail: format!("{} (FIDE ID {})", update.name, update.fide_id),
                ..NewAuditEntry::default()
            });
        }
        Ok(plan)
    })
}

/// A rating and title as the audit log shows them: `2411 IM`, or `2100` without a title.
fn rating_and_title(rating: u16, title: &str) -> String {
    format!("{rating} {title}").trim_end().to_owned()
}
