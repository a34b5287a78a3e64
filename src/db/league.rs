//! From the database to the pure team domain: a team league read at once ([`LeagueData`]) and
//! turned into the [`TeamEvent`] the scoring, standings, crosstable, match sheets and TRF
//! read.
//!
//! Players are numbered squad by squad: the teams in pairing-number order, each squad in
//! board order, then players in no squad ([`LeagueData::numbering`]). This is the only place
//! that numbers the players of a team event.

use std::collections::HashMap;

use crate::day::team_swiss::SwissRules;
use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::captain_confirmations::CaptainConfirmation;
use crate::db::models::team_boards::TeamBoardRow;
use crate::db::models::team_leagues::LeagueRow;
use crate::db::models::team_matches::{TeamMatchId, TeamMatchRow};
use crate::db::models::team_members::TeamMember;
use crate::db::models::team_penalties::TeamPenaltyRow;
use crate::db::models::teams::{TeamRow, TeamRowId};
use crate::db::models::{PlayerRow, PlayerRowId, TournamentId};
use crate::tournament::model::{self, PlayerId};
use crate::tournament::scoring::Points;
use crate::tournament::team::tiebreak::{self, TeamRanking, TeamStandings};
use crate::tournament::team::{MatchBoard, PenaltyPoints, Team, TeamEvent, TeamId, TeamMatch};
use crate::tournament::tiebreak::Lots;
use crate::tournament::time_zone;

/// A team league with everything its pages need.
#[derive(Debug, Clone)]
pub struct LeagueData {
    /// The tournament, its players and schedule.
    pub data: TournamentData,
    /// The league's settings (defaults until saved).
    pub league: LeagueRow,
    /// The teams by pairing number.
    pub teams: Vec<TeamRow>,
    /// The squad places, by team then place.
    pub members: Vec<TeamMember>,
    /// The scheduled matches, by round.
    pub matches: Vec<TeamMatchRow>,
    /// Their boards, by match then board.
    pub boards: Vec<TeamBoardRow>,
    /// The arbiter's penalties.
    pub penalties: Vec<TeamPenaltyRow>,
    /// The captains' words on the results of played matches.
    pub confirmations: Vec<CaptainConfirmation>,
}

impl LeagueData {
    /// Loads the league of tournament `id`.
    pub fn load(conn: &mut DbConn, id: TournamentId) -> diesel::QueryResult<Option<LeagueData>> {
        let Some(data) = TournamentData::load(conn, id)? else {
            return Ok(None);
        };
        LeagueData::load_for(conn, data).map(Some)
    }

    /// Loads the league rows of an already loaded tournament.
    pub fn load_for(conn: &mut DbConn, data: TournamentData) -> diesel::QueryResult<LeagueData> {
        let id = data.tournament.id;
        let league = LeagueRow::find(conn, id)?.unwrap_or_else(|| LeagueRow::default_for(id));
        let teams = TeamRow::for_tournament(conn, id)?;
        let members = TeamMember::for_tournament(conn, id)?;
        let matches = TeamMatchRow::for_tournament(conn, id)?;
        let ids: Vec<TeamMatchId> = matches.iter().map(|m| m.id).collect();
        let boards = TeamBoardRow::for_matches(conn, &ids)?;
        let penalties = TeamPenaltyRow::for_tournament(conn, id)?;
        let confirmations = CaptainConfirmation::of_matches(conn, &ids)?;
        Ok(LeagueData {
            data,
            league,
            teams,
            members,
            matches,
            boards,
            penalties,
            confirmations,
        })
    }

    /// The captain of `team`'s word on match `of`, and whether it was given at the match's
    /// present version (not stale).
    pub fn confirmation(
        &self,
        of: &TeamMatchRow,
        team: TeamRowId,
    ) -> Option<(&CaptainConfirmation, bool)> {
        self.confirmations
            .iter()
            .find(|c| c.match_id == of.id && c.team_id == team)
            .map(|c| (c, c.match_version == of.version))
    }

    /// The team with this row id.
    pub fn team(&self, id: TeamRowId) -> Option<&TeamRow> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// The team with pairing number `id` (the number of the pure core's [`TeamId`]).
    pub fn team_by_number(&self, id: TeamId) -> Option<&TeamRow> {
        self.teams
            .iter()
            .find(|t| u32::try_from(t.number).ok() == Some(id.0))
    }

    /// The pairing number of the team with this row id.
    pub fn team_number(&self, id: TeamRowId) -> Option<TeamId> {
        self.team(id)
            .and_then(|t| u32::try_from(t.number).ok())
            .map(TeamId)
    }

    /// The squad of a team, in board order.
    pub fn squad(&self, team: TeamRowId) -> Vec<&PlayerRow> {
        self.members
            .iter()
            .filter(|m| m.team_id == team)
            .filter_map(|m| self.data.player(m.player_id))
            .collect()
    }

    /// The team of a player.
    pub fn team_of(&self, player: PlayerRowId) -> Option<TeamRowId> {
        self.members
            .iter()
            .find(|m| m.player_id == player)
            .map(|m| m.team_id)
    }

    /// The match with this id.
    pub fn find_match(&self, id: TeamMatchId) -> Option<&TeamMatchRow> {
        self.matches.iter().find(|m| m.id == id)
    }

    /// Whether match `found` is played: forfeited as a whole, or both line-ups in and every
    /// board with both seats taken has its result (an empty seat is a forfeit).
    pub fn match_played(&self, found: &TeamMatchRow) -> bool {
        found.away_id.is_some()
            && (found.forfeit.is_some()
                || (found.home_lineup
                    && found.away_lineup
                    && self.boards_of(found.id).iter().all(|b| {
                        b.result.is_some() || b.white_id.is_none() || b.black_id.is_none()
                    })))
    }

    /// The boards of a match, by board.
    pub fn boards_of(&self, id: TeamMatchId) -> Vec<&TeamBoardRow> {
        self.boards.iter().filter(|b| b.match_id == id).collect()
    }

    /// When the captains' line-ups for `found` are due (UTC): the league's deadline before its
    /// round's scheduled start, read in the event's time zone. `None` without a deadline or a
    /// start time, and for a postponed match (its new date is not in the schedule).
    pub fn lineup_deadline(&self, found: &TeamMatchRow) -> Option<time::PrimitiveDateTime> {
        let minutes = self.league.lineup_deadline_minutes?;
        if found.postponed {
            return None;
        }
        let scheduled = self.data.scheduled(found.round)?;
        let start = scheduled.round_date.with_time(scheduled.start_time?);
        let utc = time_zone::utc_of(&self.data.tournament.time_zone, start)?;
        Some(utc - time::Duration::minutes(minutes.into()))
    }

    /// The line-up deadline of `found` has passed at `now` (UTC).
    pub fn lineup_deadline_passed(
        &self,
        found: &TeamMatchRow,
        now: time::PrimitiveDateTime,
    ) -> bool {
        self.lineup_deadline(found).is_some_and(|due| now >= due)
    }

    /// The line-ups of `found` are revealed at `now` (UTC): both are in, or the deadline has
    /// passed (then the one given is shown and the missing team's seats are empty), as a
    /// league's line-ups are exchanged.
    pub fn lineups_revealed(&self, found: &TeamMatchRow, now: time::PrimitiveDateTime) -> bool {
        (found.home_lineup && found.away_lineup) || self.lineup_deadline_passed(found, now)
    }

    /// The number of rounds scheduled (0 before the schedule is drawn); a team Swiss's are
    /// the rounds announced.
    pub fn rounds(&self) -> u32 {
        let paired = self.rounds_paired();
        let t = &self.data.tournament;
        if t.pairing_system.is_team_swiss() {
            paired.max(u32::try_from(t.rounds).unwrap_or(0))
        } else {
            paired
        }
    }

    /// The last round with a match.
    pub fn rounds_paired(&self) -> u32 {
        self.matches
            .iter()
            .map(|m| u32::try_from(m.round).unwrap_or(0))
            .max()
            .unwrap_or(0)
    }

    /// A team Swiss's pairing rules (C.04.6), once its initial-colour is drawn.
    pub fn swiss_rules(&self) -> Option<SwissRules> {
        Some(SwissRules {
            options: self.league.swiss_options(),
            initial_colour: self.league.initial_colour()?,
        })
    }

    /// Starting numbers of the team event: squad by squad, then players in no squad.
    pub fn numbering(&self) -> Vec<PlayerRowId> {
        let mut order: Vec<PlayerRowId> = self.members.iter().map(|m| m.player_id).collect();
        for player in &self.data.players {
            if !order.contains(&player.id) {
                order.push(player.id);
            }
        }
        order
    }

    /// The team event of the pure core, with every match and board as stored.
    pub fn event(&self) -> TeamEvent {
        let order = self.numbering();
        let number: HashMap<PlayerRowId, PlayerId> = order
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, PlayerId(i as u32 + 1)))
            .collect();
        let team_id = |row: TeamRowId| {
            self.team(row)
                .map_or(TeamId(0), |t| TeamId(u32::try_from(t.number).unwrap_or(0)))
        };
        let players = order
            .iter()
            .enumerate()
            .filter_map(|(i, id)| {
                let row = self.data.player(*id)?;
                Some(model::Player {
                    id: PlayerId(i as u32 + 1),
                    ..row.model_player(self.data.tournament.rating_basis())
                })
            })
            .collect();
        let teams = self
            .teams
            .iter()
            .map(|t| Team {
                id: team_id(t.id),
                name: t.name.clone(),
                nickname: t.nickname.clone(),
                squad: self
                    .members
                    .iter()
                    .filter(|m| m.team_id == t.id)
                    .filter_map(|m| number.get(&m.player_id).copied())
                    .collect(),
            })
            .collect();
        let boards = u32::try_from(self.league.boards).unwrap_or(0);
        let swiss = self.data.tournament.pairing_system.is_team_swiss();
        let matches = self
            .matches
            .iter()
            .map(|m| {
                let stored = self.boards_of(m.id);
                let boards = (1..=boards)
                    .map(|n| {
                        let row = stored
                            .iter()
                            .find(|b| u32::try_from(b.board).ok() == Some(n));
                        MatchBoard {
                            number: n,
                            white: row
                                .and_then(|b| b.white_id)
                                .and_then(|p| number.get(&p).copied()),
                            black: row
                                .and_then(|b| b.black_id)
                                .and_then(|p| number.get(&p).copied()),
                            result: row.and_then(|b| b.result),
                        }
                    })
                    .collect();
                TeamMatch {
                    round: u32::try_from(m.round).unwrap_or(0),
                    home: team_id(m.home_id),
                    away: m.away_id.map(team_id),
                    boards: if m.away_id.is_some() {
                        boards
                    } else {
                        Vec::new()
                    },
                    forfeit: m.match_forfeit(),
                    // A team Swiss's bye has no line-ups and scores its value.
                    unplayed: !(m.home_lineup && m.away_lineup || swiss && m.away_id.is_none()),
                }
            })
            .collect();
        let penalties = self
            .penalties
            .iter()
            .map(|p| PenaltyPoints {
                team: team_id(p.team_id),
                round: p.round.and_then(|r| u32::try_from(r).ok()),
                match_points: Points(p.match_points),
                game_points: Points(p.game_points),
                reason: p.reason.clone(),
            })
            .collect();
        let t = &self.data.tournament;
        TeamEvent {
            name: t.name.clone(),
            players,
            teams,
            total_rounds: self.rounds(),
            boards,
            game_points: t.point_system(),
            match_points: self.league.match_points(),
            colours: self.league.board_colours(),
            matches,
            penalties,
            forfeit_win: None,
            bye_value: swiss.then(|| self.league.bye_value()),
        }
    }

    /// The team file of the event (TRF-2026): [`TeamEvent::to_tournament`] with the event's
    /// report records (022–132: place, dates, chief arbiter, time control, round dates), the
    /// records an imported file had that this program does not interpret, the ranking list
    /// (record 212: the primary score and the tie-breaks), and for a team Swiss its system
    /// code (record 192) and initial-colour (record 152).
    pub fn team_file(&self) -> model::Tournament {
        let mut tournament = self.event().to_tournament();
        let header = self.data.report_header(&tournament);
        let mut records = header.records();
        records.extend(self.data.report.records());
        records.push(format!(
            "212 {}",
            self.league
                .tie_break_list()
                .iter()
                .map(|tie_break| tie_break.code())
                .collect::<Vec<_>>()
                .join(",")
        ));
        records.append(&mut tournament.other_records);
        tournament.other_records = records;
        if self.data.tournament.pairing_system.is_team_swiss() {
            tournament.setup.initial_color = self.league.initial_colour();
            tournament
                .other_records
                .push(format!("192 {}", self.league.swiss_system));
        }
        tournament
    }

    /// The matches scheduled but not played in their round, as (round, match).
    pub fn postponed(&self) -> Vec<&TeamMatchRow> {
        self.matches.iter().filter(|m| m.postponed).collect()
    }

    /// The standings after every round with a result, ranked by the league's list.
    pub fn standings(&self, event: &TeamEvent) -> TeamStandings {
        tiebreak::rank(event, &self.ranking(), event.rounds_played())
    }

    /// The ranking settings: the list, league or Swiss rules (C.07 Art. 15.2), shared ranks
    /// where the list ends in a tie.
    pub fn ranking(&self) -> TeamRanking {
        TeamRanking {
            list: self.league.tie_break_list(),
            swiss: self.data.tournament.pairing_system.is_team_swiss(),
            lots: Lots::Shared,
        }
    }
}
