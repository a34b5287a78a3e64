//! The writes of a team league: its settings, teams and squads, the schedule by the Berger
//! tables, line-ups, board results, whole-match forfeits and postponements, and the arbiter's
//! penalty points. Each is one store write ([`super::write`]): the revision is bumped first,
//! the preconditions are checked inside the transaction, every change is audited.

use std::collections::HashMap;

use diesel::prelude::*;

use super::{Refusal, StoreError, write};
use crate::day::import::{LeaguePlan, TeamFormat};
use crate::db::DbConn;
use crate::db::league::LeagueData;
use crate::db::models::ScheduledRound;
use crate::db::models::captain_confirmations::CaptainConfirmation;
use crate::db::models::captain_links::CaptainLink;
use crate::db::models::rounds::NewRound;
use crate::db::models::team_boards::TeamBoardRow;
use crate::db::models::team_leagues::LeagueRow;
use crate::db::models::team_matches::{TeamMatchId, TeamMatchRow};
use crate::db::models::team_members::TeamMember;
use crate::db::models::team_penalties::TeamPenaltyRow;
use crate::db::models::teams::{NewTeam, TeamRow, TeamRowId};
use crate::db::models::{NewAuditEntry, PlayerRowId, TournamentId, UserId};
use crate::db::schema::tournaments;
use crate::tournament::model::{Color, PlayerId};
use crate::tournament::personal_link::{LinkKey, LinkScope};
use crate::tournament::team::MatchForfeit;
use crate::tournament::team::lineup;

/// Saves the league's settings. The number of boards cannot change once a line-up is in.
pub fn save_league(
    conn: &mut DbConn,
    tournament: TournamentId,
    settings: LeagueRow,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        if settings.boards != data.league.boards
            && data.matches.iter().any(|m| m.home_lineup || m.away_lineup)
        {
            return Err(Refusal::LineupsGiven.into());
        }
        let swiss = data.data.tournament.pairing_system.is_team_swiss();
        if swiss
            && !data.matches.is_empty()
            && (settings.swiss_system != data.league.swiss_system
                || (!settings.initial_colour.is_empty()
                    && settings.initial_colour != data.league.initial_colour))
        {
            return Err(Refusal::SwissRulesFixed.into());
        }
        let settings = LeagueRow {
            tournament_id: tournament,
            // A team Swiss's colour history is its first board's (C.04.6 Art. 1.6.1): the
            // first-named team has White on the odd boards.
            colours: if swiss {
                crate::db::models::team_leagues::colours_name(
                    crate::tournament::team::BoardColours::HomeWhiteOnOdd,
                )
                .into()
            } else {
                settings.colours
            },
            initial_colour: if settings.initial_colour.is_empty() {
                data.league.initial_colour.clone()
            } else {
                settings.initial_colour
            },
            ..settings
        };
        settings.save(conn)?;
        audit.push(NewAuditEntry {
            action: "league_settings",
            detail: format!(
                "boards {}, colours {}, match points {}/{}/{}, ranking {}{}",
                settings.boards,
                settings.colours,
                settings.match_points_win,
                settings.match_points_draw,
                settings.match_points_loss,
                settings.tie_breaks,
                if swiss {
                    let (mp, gp) = settings.bye_value();
                    format!(
                        ", system {}, bye {mp}/{gp}, initial-colour {}",
                        settings.swiss_system, settings.initial_colour
                    )
                } else {
                    String::new()
                }
            ),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Adds a team with the next pairing number.
pub fn add_team(
    conn: &mut DbConn,
    tournament: TournamentId,
    name: &str,
    club: &str,
    by: UserId,
) -> Result<TeamRow, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        let team = Squads::of(&data).team(conn, name, club)?;
        audit.push(NewAuditEntry {
            action: "team",
            detail: format!("{} {}", team.number, team.name),
            ..NewAuditEntry::default()
        });
        Ok(team)
    })
}

/// A league's teams by name and the length of each squad, read once inside a write: a list
/// of registrations naming teams finds or adds each team ([`Squads::team`]) and joins each
/// squad ([`Squads::join`]) without reading the teams or squads again, so that importing it
/// is linear in its rows.
pub(super) struct Squads {
    tournament: TournamentId,
    /// The schedule is drawn: no team may be added.
    schedule_drawn: bool,
    /// The teams by name (the first of a name, as the list meets them).
    by_name: HashMap<String, TeamRow>,
    /// The highest pairing number given.
    last_number: i32,
    /// The last squad place of each team.
    last_position: HashMap<TeamRowId, i32>,
}

impl Squads {
    /// The teams and squads of `data`.
    pub(super) fn of(data: &LeagueData) -> Squads {
        let mut by_name = HashMap::with_capacity(data.teams.len());
        for team in &data.teams {
            by_name
                .entry(team.name.clone())
                .or_insert_with(|| team.clone());
        }
        let mut last_position: HashMap<TeamRowId, i32> = HashMap::new();
        for member in &data.members {
            let last = last_position.entry(member.team_id).or_insert(0);
            *last = (*last).max(member.position);
        }
        Squads {
            tournament: data.data.tournament.id,
            schedule_drawn: !data.matches.is_empty(),
            by_name,
            last_number: data.teams.iter().map(|t| t.number).max().unwrap_or(0),
            last_position,
        }
    }

    /// The team called `name`, added with the next number when there is none (refused once
    /// the schedule is drawn). Used by [`add_team`] and by registrations naming a team.
    pub(super) fn team(
        &mut self,
        conn: &mut DbConn,
        name: &str,
        club: &str,
    ) -> Result<TeamRow, StoreError> {
        if let Some(team) = self.by_name.get(name) {
            return Ok(team.clone());
        }
        if self.schedule_drawn {
            return Err(Refusal::ScheduleDrawn.into());
        }
        let team = NewTeam {
            tournament_id: self.tournament,
            number: self.last_number + 1,
            name: name.to_owned(),
            nickname: String::new(),
            club: club.to_owned(),
        }
        .insert(conn)?;
        self.last_number = team.number;
        self.by_name.insert(name.to_owned(), team.clone());
        Ok(team)
    }

    /// Puts a registered player at the bottom of a team's squad.
    pub(super) fn join(
        &mut self,
        conn: &mut DbConn,
        team: &TeamRow,
        player: PlayerRowId,
    ) -> Result<(), StoreError> {
        let last = self.last_position.entry(team.id).or_insert(0);
        *last += 1;
        TeamMember {
            player_id: player,
            team_id: team.id,
            position: *last,
        }
        .insert(conn)?;
        Ok(())
    }
}

/// Moves a player of a team's squad to `position` (1 = first board; beyond the end means
/// last), the others closing up in their order. Refused once the team has given a line-up:
/// line-ups were checked against the order as it stood.
pub fn move_in_squad(
    conn: &mut DbConn,
    tournament: TournamentId,
    team: TeamRowId,
    player: PlayerRowId,
    position: u32,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        let team_row = data.team(team).ok_or(StoreError::NotFound)?.clone();
        let lineup_given = data.matches.iter().any(|m| {
            (m.home_id == team && m.home_lineup) || (m.away_id == Some(team) && m.away_lineup)
        });
        if lineup_given {
            return Err(Refusal::SquadOrderFixed.into());
        }
        let mut squad: Vec<PlayerRowId> = TeamMember::for_tournament(conn, tournament)?
            .into_iter()
            .filter(|m| m.team_id == team)
            .map(|m| m.player_id)
            .collect();
        let from = squad
            .iter()
            .position(|p| *p == player)
            .ok_or(Refusal::NotInSquad)?;
        squad.remove(from);
        let to = (position.max(1) as usize - 1).min(squad.len());
        squad.insert(to, player);
        TeamMember::renumber(conn, team, &squad)?;
        let name = data
            .data
            .player(player)
            .map_or(String::new(), |p| p.name.clone());
        audit.push(NewAuditEntry {
            action: "squad order",
            detail: format!("{}: {name} {} → {}", team_row.name, from + 1, to + 1),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Draws the schedule: every round's matches by the Berger tables over the teams' pairing
/// numbers (C.05 Annex 1; double round robin when the tournament is one), the first-named team
/// at home. With `lots`, the pairing numbers are drawn first from that seed.
pub fn draw_schedule(
    conn: &mut DbConn,
    tournament: TournamentId,
    lots: Option<u64>,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        if !data.matches.is_empty() {
            return Err(Refusal::ScheduleDrawn.into());
        }
        if data.teams.len() < 2 {
            return Err(Refusal::TooFewTeams.into());
        }
        let t = &data.data.tournament;
        let cycles = t
            .pairing_system
            .cycles(t.swap_last_two_rounds)
            .ok_or(Refusal::NotALeague)?;
        let mut order: Vec<TeamRowId> = data.teams.iter().map(|t| t.id).collect();
        if let Some(seed) = lots {
            shuffle(&mut order, seed);
            renumber(conn, &order)?;
        }
        let count = u32::try_from(order.len()).unwrap_or(u32::MAX);
        let schedule =
            crate::day::league::schedule(count, cycles).map_err(|_| Refusal::TooFewTeams)?;
        for (index, round) in schedule.iter().enumerate() {
            let number = index as i32 + 1;
            for &(home, away) in round {
                let row = |id: crate::tournament::team::TeamId| order[id.0 as usize - 1];
                TeamMatchRow::insert(conn, tournament, number, row(home), away.map(row))?;
            }
        }
        let rounds = schedule.len() as u32;
        diesel::update(tournaments::table.find(tournament))
            .set(tournaments::rounds.eq(rounds as i32))
            .execute(conn)?;
        audit.push(NewAuditEntry {
            action: "league_schedule",
            detail: format!(
                "{} teams, {rounds} rounds{}",
                order.len(),
                lots.map(|s| format!(", numbers drawn (seed {s})"))
                    .unwrap_or_default()
            ),
            ..NewAuditEntry::default()
        });
        Ok(rounds)
    })
}

/// Gives the teams in `order` the pairing numbers 1, 2, … (two passes: the numbers are unique).
fn renumber(conn: &mut DbConn, order: &[TeamRowId]) -> Result<(), StoreError> {
    use crate::db::schema_team::teams;
    for (index, id) in order.iter().enumerate() {
        diesel::update(teams::table.find(*id))
            .set(teams::number.eq(-(index as i32) - 1))
            .execute(conn)?;
    }
    for (index, id) in order.iter().enumerate() {
        diesel::update(teams::table.find(*id))
            .set(teams::number.eq(index as i32 + 1))
            .execute(conn)?;
    }
    Ok(())
}

/// Fisher–Yates with a small xorshift generator: the same seed gives the same draw.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    for i in (1..items.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = (state % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// Who gives a line-up: someone who runs the day (any team's, at any time before a result),
/// or a team's captain through their personal link (their own team's only, and only until
/// both line-ups are in: then the two are revealed together and stand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineupBy {
    /// The arbiter or organiser.
    Arbiter(UserId),
    /// The captain of this team.
    Captain(TeamRowId),
}

/// Saves one team's line-up for a match (board 1 first): checked against the squad order
/// ([`lineup::seat`]), seated by the league's colour rule; a short team's bottom boards stay
/// empty. Refused once a board of the match has a result, or when the match changed since
/// the form was made; a captain's also for another team or once both line-ups are in.
#[allow(clippy::too_many_arguments)]
pub fn save_lineup(
    conn: &mut DbConn,
    tournament: TournamentId,
    of: TeamMatchId,
    home: bool,
    players: &[PlayerRowId],
    expected_version: i32,
    by: LineupBy,
) -> Result<(), StoreError> {
    let user = match by {
        LineupBy::Arbiter(user) => Some(user),
        LineupBy::Captain(_) => None,
    };
    write(conn, tournament, user, |conn, audit| {
        let data = league_data(conn, tournament)?;
        let found = data.find_match(of).ok_or(StoreError::NotFound)?.clone();
        if found.version != expected_version {
            return Err(Refusal::MatchChanged {
                version: found.version,
            }
            .into());
        }
        let team = if home {
            Some(found.home_id)
        } else {
            found.away_id
        };
        let (Some(team), Some(_)) = (team, found.away_id) else {
            return Err(Refusal::FreeRound.into());
        };
        if let LineupBy::Captain(captain) = by {
            if captain != team {
                return Err(StoreError::NotFound);
            }
            if found.home_lineup && found.away_lineup {
                return Err(Refusal::LineupsRevealed.into());
            }
            if data.lineup_deadline_passed(&found, crate::db::now()) {
                return Err(Refusal::LineupDeadlinePassed.into());
            }
        }
        if found.forfeit.is_some() {
            return Err(Refusal::MatchForfeited.into());
        }
        if data.boards_of(of).iter().any(|b| b.result.is_some()) {
            return Err(Refusal::MatchHasResults.into());
        }
        let squad: Vec<PlayerId> = data
            .squad(team)
            .iter()
            .map(|p| PlayerId(p.id.0 as u32))
            .collect();
        let named: Vec<PlayerId> = players.iter().map(|p| PlayerId(p.0 as u32)).collect();
        let boards = u32::try_from(data.league.boards).unwrap_or(0);
        let seats = lineup::seat(&squad, &named, boards).map_err(Refusal::Lineup)?;
        let colours = data.league.board_colours();
        let round = u32::try_from(found.round).unwrap_or(0);
        for (index, seat) in seats.iter().enumerate() {
            let board = index as u32 + 1;
            let home_white = colours.home_colour(board, round) == Color::White;
            let white_side = home == home_white;
            let player = seat.map(|p| PlayerRowId(p.0 as i32));
            TeamBoardRow::seat(conn, of, board as i32, white_side, player)?;
        }
        TeamMatchRow::set_lineup_given(conn, of, home)?;
        let names: Vec<String> = players
            .iter()
            .filter_map(|p| data.data.player(*p).map(|p| p.name.clone()))
            .collect();
        audit.push(NewAuditEntry {
            action: match by {
                LineupBy::Arbiter(_) => "lineup",
                LineupBy::Captain(_) => "captain_lineup",
            },
            round: Some(found.round),
            detail: format!(
                "{}: {}",
                data.team(team).map_or("", |t| t.name.as_str()),
                names.join("; ")
            ),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// A captain's word on the board results of their team's played match (all boards decided,
/// or the match forfeited): agreed, or disputed with a note for the arbiter, who settles it.
/// Given at the match's version, so that a result changed since shows the word as stale.
/// Refused for another team's match, a match not played yet, a dispute without a note and a
/// page made before the match changed.
#[allow(clippy::too_many_arguments)]
pub fn confirm_results(
    conn: &mut DbConn,
    tournament: TournamentId,
    of: TeamMatchId,
    team: TeamRowId,
    agrees: bool,
    note: &str,
    expected_version: i32,
) -> Result<(), StoreError> {
    write(conn, tournament, None, |conn, audit| {
        let data = league_data(conn, tournament)?;
        let found = data.find_match(of).ok_or(StoreError::NotFound)?.clone();
        if found.home_id != team && found.away_id != Some(team) {
            return Err(StoreError::NotFound);
        }
        if found.version != expected_version {
            return Err(Refusal::MatchChanged {
                version: found.version,
            }
            .into());
        }
        if !data.match_played(&found) {
            return Err(Refusal::MatchNotPlayed.into());
        }
        let note = note.trim();
        if !agrees && note.is_empty() {
            return Err(Refusal::ReasonMissing.into());
        }
        CaptainConfirmation {
            match_id: of,
            team_id: team,
            agrees,
            note: note.to_owned(),
            match_version: found.version,
        }
        .save(conn)?;
        audit.push(NewAuditEntry {
            action: if agrees {
                "captain_confirm"
            } else {
                "captain_dispute"
            },
            round: Some(found.round),
            detail: format!(
                "{}: {}",
                data.team(team).map_or("", |t| t.name.as_str()),
                note
            ),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Issues a new captain's link for `team` (replacing the old one) or revokes it; the token
/// of a new link, to be shown once.
pub fn issue_captain_link(
    conn: &mut DbConn,
    tournament: TournamentId,
    team: TeamRowId,
    revoke: bool,
    key: &LinkKey,
    by: UserId,
) -> Result<Option<String>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let row = TeamRow::find(conn, team)?
            .filter(|row| row.tournament_id == tournament)
            .ok_or(StoreError::NotFound)?;
        let token = if revoke {
            CaptainLink::set(conn, team, None)?;
            None
        } else {
            let link = key.issue(
                LinkScope::Captain {
                    team: i64::from(team.0),
                },
                &mut rand::rng(),
            );
            CaptainLink::set(conn, team, Some(&link.digest))?;
            Some(link.token)
        };
        audit.push(NewAuditEntry {
            action: if revoke {
                "revoke_captain_link"
            } else {
                "new_captain_link"
            },
            detail: row.name,
            ..NewAuditEntry::default()
        });
        Ok(token)
    })
}

/// Sets a whole-match forfeit (or takes it back) and whether the match is postponed.
pub fn set_match_status(
    conn: &mut DbConn,
    tournament: TournamentId,
    of: TeamMatchId,
    forfeit: Option<MatchForfeit>,
    postponed: bool,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        let found = data.find_match(of).ok_or(StoreError::NotFound)?;
        if found.away_id.is_none() {
            return Err(Refusal::FreeRound.into());
        }
        if forfeit.is_some() && data.boards_of(of).iter().any(|b| b.result.is_some()) {
            return Err(Refusal::MatchHasResults.into());
        }
        TeamMatchRow::set_status(conn, of, forfeit, postponed)?;
        audit.push(NewAuditEntry {
            action: "match_status",
            round: Some(found.round),
            old_value: Some(status_text(found.match_forfeit(), found.postponed)),
            new_value: Some(status_text(forfeit, postponed)),
            detail: match_label(&data, found),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Gives or takes match and game points (tenths) with the arbiter's written reason.
pub fn add_penalty(
    conn: &mut DbConn,
    tournament: TournamentId,
    team: TeamRowId,
    round: Option<i32>,
    points: (i32, i32),
    reason: &str,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = league_data(conn, tournament)?;
        let row = data.team(team).ok_or(StoreError::NotFound)?;
        if reason.trim().is_empty() {
            return Err(Refusal::ReasonMissing.into());
        }
        TeamPenaltyRow::insert(conn, tournament, team, round, points, reason.trim())?;
        audit.push(NewAuditEntry {
            action: "team_penalty",
            round,
            new_value: Some(format!("{} MP, {} GP", points.0, points.1)),
            detail: format!("{}: {}", row.name, reason.trim()),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

fn status_text(forfeit: Option<MatchForfeit>, postponed: bool) -> String {
    let forfeit = forfeit.map_or("played", crate::db::models::team_matches::forfeit_name);
    if postponed {
        format!("{forfeit}, postponed")
    } else {
        forfeit.to_owned()
    }
}

fn match_label(data: &LeagueData, found: &TeamMatchRow) -> String {
    let name = |id: TeamRowId| data.team(id).map_or(String::new(), |t| t.name.clone());
    format!(
        "{} – {}",
        name(found.home_id),
        found.away_id.map(name).unwrap_or_default()
    )
}

pub(super) fn league_data(
    conn: &mut DbConn,
    tournament: TournamentId,
) -> Result<LeagueData, StoreError> {
    let data = LeagueData::load(conn, tournament)?.ok_or(StoreError::NotFound)?;
    if !data.data.tournament.pairing_system.is_team() {
        return Err(Refusal::NotALeague.into());
    }
    Ok(data)
}

/// Creates a team league from a team competition read from a file ([`TeamEvent`](crate::tournament::team::TeamEvent)): the
/// tournament, its players in the event's numbering, the teams with their squads, every match
/// with its boards (line-ups counted as given where the match has a board), whole-match
/// forfeits and penalties; the league's settings from the event; the pairing system of its
/// `format`. One transaction.
pub fn import_league(
    conn: &mut DbConn,
    new: &crate::db::models::NewTournament,
    event: &crate::tournament::team::TeamEvent,
    plan: &LeaguePlan,
    columns: &crate::db::models::ReportColumns,
    by: UserId,
) -> Result<crate::db::models::TournamentRow, StoreError> {
    use crate::db::models::team_leagues::{colours_name, order_name, stored_list};
    use crate::tournament::team::tiebreak::TeamOrder;
    let format = &plan.format;
    let swiss = match format {
        TeamFormat::Swiss {
            system,
            initial_colour,
        } => Some((system, *initial_colour)),
        TeamFormat::RoundRobin | TeamFormat::DoubleRoundRobin => None,
    };
    let new = crate::db::models::NewTournament {
        pairing_system: format.pairing_system(),
        ..new.clone()
    };
    super::write_transaction(conn, |conn| {
        let id = new.insert(conn)?.id;
        super::write_within(conn, id, Some(by), |conn, audit| {
            let mut players = Vec::with_capacity(event.players.len());
            for player in &event.players {
                let row = crate::db::models::NewPlayer::of_entrant(id, player).insert(conn)?;
                players.push(row.id);
            }
            let row_of = |p: Option<PlayerId>| {
                p.and_then(|p| players.get((p.0 as usize).checked_sub(1)?).copied())
            };
            LeagueRow {
                tournament_id: id,
                boards: i32::try_from(event.boards).unwrap_or(0),
                colours: colours_name(event.colours).into(),
                match_points_win: event.match_points.win.0,
                match_points_draw: event.match_points.draw.0,
                match_points_loss: event.match_points.loss.0,
                tie_breaks: plan.ranking.as_deref().map_or_else(
                    || order_name(TeamOrder::MatchPointsFirst).to_owned(),
                    stored_list,
                ),
                swiss_system: swiss.map_or_else(
                    || LeagueRow::default_for(id).swiss_system,
                    |(system, _)| system.clone(),
                ),
                bye_match_points: event.bye_value.map_or(20, |(mp, _)| mp.0),
                bye_game_points: event.bye_value.map(|(_, gp)| gp.0),
                initial_colour: swiss
                    .map(|(_, colour)| match colour {
                        Color::White => "w",
                        Color::Black => "b",
                    })
                    .unwrap_or_default()
                    .into(),
                lineup_deadline_minutes: None,
            }
            .save(conn)?;
            let mut teams = std::collections::HashMap::new();
            for team in &event.teams {
                let row = NewTeam {
                    tournament_id: id,
                    number: i32::try_from(team.id.0).unwrap_or(i32::MAX),
                    name: team.name.chars().take(100).collect(),
                    nickname: team.nickname.clone(),
                    club: String::new(),
                }
                .insert(conn)?;
                for (place, player) in (1..).zip(&team.squad) {
                    if let Some(player) = row_of(Some(*player)) {
                        TeamMember {
                            player_id: player,
                            team_id: row.id,
                            position: place,
                        }
                        .insert(conn)?;
                    }
                }
                teams.insert(team.id, row.id);
            }
            let team_row = |t| teams.get(&t).copied().ok_or(StoreError::NotFound);
            for m in &event.matches {
                let row = TeamMatchRow::insert(
                    conn,
                    id,
                    i32::try_from(m.round).unwrap_or(i32::MAX),
                    team_row(m.home)?,
                    m.away.map(team_row).transpose()?,
                )?;
                if m.forfeit.is_some() {
                    TeamMatchRow::set_status(conn, row.id, m.forfeit, false)?;
                }
                // A match still to play has no line-ups yet.
                if m.away.is_some() && !m.unplayed && !m.boards.is_empty() {
                    for board in &m.boards {
                        let number = i32::try_from(board.number).unwrap_or(i32::MAX);
                        TeamBoardRow::seat(conn, row.id, number, true, row_of(board.white))?;
                        TeamBoardRow::seat(conn, row.id, number, false, row_of(board.black))?;
                        if board.result.is_some() {
                            let stored = TeamBoardRow::for_matches(conn, &[row.id])?;
                            if let Some(b) = stored.iter().find(|b| b.board == number) {
                                TeamBoardRow::set_result_if_version(
                                    conn,
                                    b.id,
                                    b.version,
                                    board.result,
                                )?;
                            }
                        }
                    }
                    TeamMatchRow::set_lineup_given(conn, row.id, true)?;
                    TeamMatchRow::set_lineup_given(conn, row.id, false)?;
                }
            }
            for penalty in &event.penalties {
                TeamPenaltyRow::insert(
                    conn,
                    id,
                    team_row(penalty.team)?,
                    penalty.round.and_then(|r| i32::try_from(r).ok()),
                    (penalty.match_points.0, penalty.game_points.0),
                    &penalty.reason,
                )?;
            }
            let mut rounds = event.matches.iter().map(|m| m.round).max().unwrap_or(0);
            if swiss.is_some() {
                // A team Swiss's rounds are paired one by one: those of the file are published.
                for number in 1..=rounds {
                    NewRound {
                        tournament_id: id,
                        number: i32::try_from(number).unwrap_or(i32::MAX),
                        published: true,
                    }
                    .insert(conn)?;
                }
            }
            rounds = rounds.max(event.total_rounds);
            columns.save(conn, id)?;
            ScheduledRound::replace(conn, id, &plan.schedule)?;
            diesel::update(tournaments::table.find(id))
                .set(tournaments::rounds.eq(rounds as i32))
                .execute(conn)?;
            audit.push(NewAuditEntry {
                action: "import",
                detail: format!(
                    "{} teams, {} players, {} matches",
                    event.teams.len(),
                    event.players.len(),
                    event.matches.len()
                ),
                ..NewAuditEntry::default()
            });
            crate::db::models::TournamentRow::find(conn, id)?.ok_or(StoreError::NotFound)
        })
    })
}
