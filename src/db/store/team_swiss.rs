//! The writes of a team Swiss (FIDE C.04.6) beyond a league's: pairing the next round
//! ([`swiss::plan_next_round`]), undoing the last one (the team branch of
//! [`super::unpair_last_round`]), and the arbiter's exchange of two teams.
//! Each is one store write ([`super::write`]): the revision bumped first, the preconditions
//! checked inside the transaction, every change audited. Line-ups, results, forfeits and
//! penalties are the league's writes ([`super::league`]).

use diesel::prelude::*;

use super::league::league_data;
use super::{CriterionBroken, MatchTeams, Refusal, StoreError, write};
use crate::day::team_swiss::{self as swiss, SwissRefusal};
use crate::db::DbConn;
use crate::db::models::rounds::NewRound;
use crate::db::models::team_matches::{TeamMatchId, TeamMatchRow};
use crate::db::models::teams::TeamRowId;
use crate::db::models::{NewAuditEntry, TournamentId, UserId};
use crate::tournament::team::TeamId;

/// Pairs the next round of a team Swiss by C.04.6 ([`swiss::plan_next_round`]): its matches,
/// the team with White on board 1 at home, the pairing-allocated bye as a match without a
/// second team, and its round (unpublished). Before round 1 the initial-colour is drawn from
/// `lots` (Art. 4.1) unless the organiser set it. Returns the round paired.
pub fn pair_team_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    lots: u64,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let mut data = league_data(conn, tournament)?;
        if !data.data.tournament.pairing_system.is_team_swiss() {
            return Err(Refusal::NotATeamSwiss.into());
        }
        if data.league.initial_colour().is_none() {
            let drawn = if lots.is_multiple_of(2) { "w" } else { "b" };
            data.league.initial_colour = drawn.into();
            data.league.save(conn)?;
            audit.push(NewAuditEntry {
                action: "initial_colour",
                detail: format!("drawn: {drawn} (C.04.6 Art. 4.1)"),
                ..NewAuditEntry::default()
            });
        }
        let rules = data.swiss_rules().ok_or(Refusal::NotATeamSwiss)?;
        let event = data.event();
        let present: Vec<TeamId> = event.teams.iter().map(|t| t.id).collect();
        let name = |id: TeamId| {
            event
                .team(id)
                .map_or_else(|| id.0.to_string(), |t| t.name.clone())
        };
        let plan =
            swiss::plan_next_round(&event, &rules, &present).map_err(|refusal| match refusal {
                SwissRefusal::AllRoundsPaired { rounds } => Refusal::TeamRoundsAllPaired { rounds },
                SwissRefusal::ResultsMissing { round, matches } => Refusal::TeamResultsMissing {
                    round,
                    matches: matches
                        .iter()
                        .map(|&(home, away)| MatchTeams {
                            home: name(home),
                            away: name(away),
                        })
                        .collect(),
                },
                SwissRefusal::TooFewTeams => Refusal::TooFewTeams,
                SwissRefusal::NoPairing(error) => Refusal::NoTeamPairing(error),
            })?;
        let row_of = |id: TeamId| {
            data.team_by_number(id)
                .map(|t| t.id)
                .ok_or(StoreError::NotFound)
        };
        let round = plan.round as i32;
        for pairing in &plan.matches {
            let away = pairing.black.map(row_of).transpose()?;
            TeamMatchRow::insert(conn, tournament, round, row_of(pairing.white)?, away)?;
        }
        NewRound {
            tournament_id: tournament,
            number: round,
            published: false,
        }
        .insert(conn)?;
        audit.push(NewAuditEntry {
            action: "pair",
            round: Some(round),
            detail: plan
                .matches
                .iter()
                .map(|p| match p.black {
                    Some(black) => format!("{} – {}", name(p.white), name(black)),
                    None => format!("{}: bye", name(p.white)),
                })
                .collect::<Vec<_>>()
                .join("; "),
            ..NewAuditEntry::default()
        });
        Ok(plan.round)
    })
}

/// Exchanges teams `a` and `b` (row ids) in the last round of a team Swiss, before any line-up
/// or result of their matches ([`swiss::exchange`]): on one match its colours, across matches
/// their opponents, with the bye who gets it. A change that breaks an absolute criterion
/// (C1 rematch, C2 a second bye) is saved only when `confirmed` (C.04.6 Art. 3.3.3: the
/// Chief Arbiter decides). Returns the round and the criteria broken.
pub fn swap_teams(
    conn: &mut DbConn,
    tournament: TournamentId,
    a: TeamRowId,
    b: TeamRowId,
    confirmed: bool,
    by: UserId,
) -> Result<(u32, Vec<swiss::AbsoluteBreak>), StoreError> {
    use crate::db::schema_team::team_matches;
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        if !data.data.tournament.pairing_system.is_team_swiss() {
            return Err(Refusal::NotATeamSwiss.into());
        }
        let rules = data.swiss_rules().ok_or(Refusal::NoTeamRoundPaired)?;
        let round = data.rounds_paired();
        let rows: Vec<&TeamMatchRow> = data
            .matches
            .iter()
            .filter(|m| m.round == round as i32)
            .collect();
        if rows.is_empty() {
            return Err(Refusal::NoTeamRoundPaired.into());
        }
        let number = |row: TeamRowId| data.team_number(row).ok_or(StoreError::NotFound);
        let row_of = |id: TeamId| {
            data.team_by_number(id)
                .map(|t| t.id)
                .ok_or(StoreError::NotFound)
        };
        let (team_a, team_b) = (number(a)?, number(b)?);
        let touched = |m: &&&TeamMatchRow| {
            [a, b]
                .iter()
                .any(|t| m.home_id == *t || m.away_id == Some(*t))
        };
        if rows
            .iter()
            .filter(touched)
            .any(|m| m.home_lineup || m.away_lineup || m.forfeit.is_some())
        {
            return Err(Refusal::MatchHasResults.into());
        }
        let mut current = Vec::with_capacity(rows.len());
        for m in &rows {
            current.push(crate::pairing::team_swiss::TeamPairing {
                white: number(m.home_id)?,
                black: m.away_id.map(number).transpose()?,
            });
        }
        let changed = swiss::exchange(&current, team_a, team_b).ok_or(Refusal::NotInRound)?;
        let breaks = swiss::absolute_breaks(&data.event(), &rules, round, &changed);
        if !breaks.is_empty() && !confirmed {
            let name = |id: TeamId| {
                data.team_by_number(id)
                    .map_or_else(|| id.0.to_string(), |t| t.name.clone())
            };
            let named = breaks
                .iter()
                .map(|b| match *b {
                    swiss::AbsoluteBreak::Rematch(x, y) => CriterionBroken::Rematch(MatchTeams {
                        home: name(x),
                        away: name(y),
                    }),
                    swiss::AbsoluteBreak::ByeBarred(x) => CriterionBroken::ByeBarred(name(x)),
                })
                .collect();
            return Err(Refusal::BreaksAbsoluteCriteria(named).into());
        }
        for (row, pairing) in rows.iter().zip(&changed) {
            let home = row_of(pairing.white)?;
            let away = pairing.black.map(row_of).transpose()?;
            if row.home_id != home || row.away_id != away {
                diesel::update(team_matches::table.find(row.id))
                    .set((
                        team_matches::home_id.eq(home),
                        team_matches::away_id.eq(away),
                        team_matches::version.eq(row.version + 1),
                    ))
                    .execute(conn)?;
            }
        }
        audit.push(NewAuditEntry {
            action: "swap",
            round: Some(round as i32),
            detail: format!(
                "teams {} and {} exchanged{}",
                team_a.0,
                team_b.0,
                if breaks.is_empty() {
                    String::new()
                } else {
                    format!(" ({} absolute criteria broken, confirmed)", breaks.len())
                }
            ),
            ..NewAuditEntry::default()
        });
        Ok((round, breaks))
    })
}

/// The team Swiss's branch of [`super::unpair_last_round`]: removes its last round while
/// none of its boards has a result and no match was forfeited (line-ups given are dropped with
/// it), checked inside the caller's transaction. Returns the round removed.
pub(super) fn unpair_team_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<u32, StoreError> {
    use crate::db::schema::rounds;
    use crate::db::schema_team::{team_boards, team_matches};
    let data = league_data(conn, tournament)?;
    if !data.data.tournament.pairing_system.is_team_swiss() {
        return Err(Refusal::NotATeamSwiss.into());
    }
    let last = data.rounds_paired();
    if last == 0 {
        return Err(Refusal::NoTeamRoundPaired.into());
    }
    let matches: Vec<&TeamMatchRow> = data
        .matches
        .iter()
        .filter(|m| m.round == last as i32)
        .collect();
    let ids: Vec<TeamMatchId> = matches.iter().map(|m| m.id).collect();
    let scored = data
        .boards
        .iter()
        .any(|b| ids.contains(&b.match_id) && b.result.is_some());
    if scored || matches.iter().any(|m| m.forfeit.is_some()) {
        return Err(Refusal::MatchHasResults.into());
    }
    diesel::delete(team_boards::table.filter(team_boards::match_id.eq_any(&ids))).execute(conn)?;
    diesel::delete(team_matches::table.filter(team_matches::id.eq_any(&ids))).execute(conn)?;
    diesel::delete(
        rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .filter(rounds::number.eq(last as i32)),
    )
    .execute(conn)?;
    audit.push(NewAuditEntry {
        action: "unpair",
        round: Some(last as i32),
        detail: format!("{} matches removed", matches.len()),
        ..NewAuditEntry::default()
    });
    Ok(last)
}
