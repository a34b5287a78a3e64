//! From the database to the pure domain: a whole tournament read at once ([`TournamentData`])
//! and turned into what the pure core reads — the round planner's [`DayState`] and the engines'
//! [`model::Tournament`] — with players numbered by starting rank.
//!
//! Starting numbers are the positions of the ranked players in starting-rank order (1-based);
//! [`TournamentData::number_of`] and [`TournamentData::row_of`] convert between them and row
//! ids. This is the only place that does.

use std::collections::HashMap;

use crate::day::{DayState, Entrant};
use crate::db::DbConn;
use crate::db::models::tournament_day::{ByeRequestRow, ParticipationRow};
use crate::db::models::{
    Game, PlayerRow, PlayerRowId, PointAdjustmentRow, ReportColumns, Round, ScheduledRound,
    TournamentId, TournamentRow,
};
use crate::pairing::round_robin::rounds_count;
use crate::tournament::board::Board;
use crate::tournament::byes::{LateEntryPoints, Participation};
use crate::tournament::model;

/// A tournament with everything the pages need, read in one go.
#[derive(Debug, Clone)]
pub struct TournamentData {
    /// The tournament row.
    pub tournament: TournamentRow,
    /// Every player, by starting rank (players without one last).
    pub players: Vec<PlayerRow>,
    /// The paired rounds, by number.
    pub rounds: Vec<Round>,
    /// Every game of those rounds.
    pub games: Vec<Game>,
    /// Late entries and withdrawals (players without a row take part from round 1).
    pub participation: Vec<ParticipationRow>,
    /// Requested byes of rounds not yet paired.
    pub bye_requests: Vec<ByeRequestRow>,
    /// The date and start time of each round, as far as set.
    pub schedule: Vec<ScheduledRound>,
    /// What a rating report says beyond the settings (deputies, type, records kept).
    pub report: ReportColumns,
    /// Points given or taken outside the games (TRF-2026 `299`), oldest first.
    pub adjustments: Vec<PointAdjustmentRow>,
}

impl TournamentData {
    /// Loads tournament `id` with its players, rounds, games and participation.
    pub fn load(
        conn: &mut DbConn,
        id: TournamentId,
    ) -> diesel::QueryResult<Option<TournamentData>> {
        let Some(tournament) = TournamentRow::find(conn, id)? else {
            return Ok(None);
        };
        let players = PlayerRow::for_tournament(conn, id)?;
        let rounds = Round::for_tournament(conn, id)?;
        let round_ids: Vec<_> = rounds.iter().map(|round| round.id).collect();
        let games = Game::for_rounds(conn, &round_ids)?;
        let participation = ParticipationRow::for_tournament(conn, id)?;
        let bye_requests = ByeRequestRow::for_tournament(conn, id)?;
        let schedule = ScheduledRound::for_tournament(conn, id)?;
        let report = ReportColumns::find(conn, id)?;
        let adjustments = PointAdjustmentRow::for_tournament(conn, id)?;
        Ok(Some(TournamentData {
            tournament,
            players,
            rounds,
            games,
            participation,
            bye_requests,
            schedule,
            report,
            adjustments,
        }))
    }

    /// The games of round `number`, by board.
    pub fn games_of_round(&self, number: i32) -> Vec<&Game> {
        let Some(round) = self.rounds.iter().find(|round| round.number == number) else {
            return Vec::new();
        };
        let mut games: Vec<&Game> = self
            .games
            .iter()
            .filter(|game| game.round_id == round.id)
            .collect();
        games.sort_by_key(|game| game.board);
        games
    }

    /// The player with this row id.
    pub fn player(&self, id: PlayerRowId) -> Option<&PlayerRow> {
        self.players.iter().find(|player| player.id == id)
    }

    /// The players that have a starting rank, in starting-rank order.
    pub fn ranked_players(&self) -> Vec<&PlayerRow> {
        let mut ranked: Vec<&PlayerRow> = self
            .players
            .iter()
            .filter(|player| player.starting_rank.is_some())
            .collect();
        ranked.sort_by_key(|player| player.starting_rank);
        ranked
    }

    /// The starting number of a player (position in starting-rank order), if ranked.
    pub fn number_of(&self, id: PlayerRowId) -> Option<model::PlayerId> {
        self.ranked_players()
            .iter()
            .position(|player| player.id == id)
            .map(|index| model::PlayerId(index as u32 + 1))
    }

    /// The players taking part in the next round (not withdrawn).
    pub fn active_players(&self) -> usize {
        self.players
            .iter()
            .filter(|p| !self.participation_of(p.id).is_withdrawn(self.next_round()))
            .count()
    }

    /// The rounds the event will have: a round robin's follow from its players until round 1
    /// is paired (C.05 Annex 1), a Swiss's are the organiser's number.
    pub fn announced_rounds(&self) -> i32 {
        let t = &self.tournament;
        match t.pairing_system.cycles(t.swap_last_two_rounds) {
            Some(cycles) if self.rounds.is_empty() && !t.pairing_system.is_team() => {
                let players = u32::try_from(self.active_players()).unwrap_or(u32::MAX);
                i32::try_from(rounds_count(players, cycles)).unwrap_or(i32::MAX)
            }
            _ => t.rounds,
        }
    }

    /// For a Swiss, the earliest round with boards still without a result and those boards
    /// (the round planner's reason not to pair the next round, asked before offering it).
    pub fn results_missing(&self) -> Option<(u32, Vec<u32>)> {
        if !self.tournament.pairing_system.is_swiss() {
            return None;
        }
        self.day_state(LateEntryPoints::default()).missing_results()
    }

    /// When round `number` starts, if scheduled.
    pub fn scheduled(&self, number: i32) -> Option<&ScheduledRound> {
        self.schedule.iter().find(|row| row.round == number)
    }

    /// Round `number`'s date and start time as shown and printed (`2026-11-21 15:00`,
    /// or the date alone), empty when not scheduled.
    pub fn round_start_text(&self, number: i32) -> String {
        self.scheduled(number)
            .map_or_else(String::new, |row| match row.start_time {
                Some(time) => format!("{} {:02}:{:02}", row.round_date, time.hour(), time.minute()),
                None => row.round_date.to_string(),
            })
    }

    /// The row id of starting number `number`.
    pub fn row_of(&self, number: model::PlayerId) -> Option<PlayerRowId> {
        let index = (number.0 as usize).checked_sub(1)?;
        self.ranked_players().get(index).map(|player| player.id)
    }

    /// The report records of the tournament (TRF `022`–`132`): its settings, report columns
    /// and round schedule; the counts `062`/`072` of `model`'s players.
    pub fn report_header(&self, model: &model::Tournament) -> crate::formats::trf::ReportHeader {
        use crate::tournament::system::PairingSystem;
        let t = &self.tournament;
        let kind = if self.report.report_type.trim().is_empty() {
            match t.pairing_system {
                PairingSystem::RoundRobin => "Individual: Round-Robin",
                PairingSystem::DoubleRoundRobin => "Individual: Double Round-Robin",
                PairingSystem::SwissDutch | PairingSystem::SwissDutchBaku => {
                    "Individual: Swiss-System"
                }
                PairingSystem::TeamRoundRobin => "Team: Round-Robin",
                PairingSystem::TeamDoubleRoundRobin => "Team: Double Round-Robin",
                PairingSystem::TeamSwiss => "Team: Swiss-System",
            }
            .to_owned()
        } else {
            self.report.report_type.clone()
        };
        let rounds = usize::try_from(t.rounds).unwrap_or(0);
        let mut round_dates = vec![None; rounds];
        for scheduled in &self.schedule {
            if let Some(slot) = usize::try_from(scheduled.round)
                .ok()
                .and_then(|round| round.checked_sub(1))
                .and_then(|index| round_dates.get_mut(index))
            {
                *slot = Some(scheduled.round_date);
            }
        }
        crate::formats::trf::ReportHeader {
            city: t.place.clone(),
            federation: t.federation.clone(),
            start_date: Some(t.start_date),
            end_date: Some(t.end_date),
            players: u32::try_from(model.players.len()).ok(),
            rated_players: u32::try_from(model.players.iter().filter(|p| p.rating > 0).count())
                .ok(),
            kind,
            chief_arbiter: t.chief_arbiter.clone(),
            deputies: self.report.deputies(),
            time_control: t.time_control.clone(),
            round_dates,
        }
    }

    /// What FIDE B.01 needs beyond the results ([`crate::tournament::norms`]): the host
    /// federation is the tournament's; a round robin has its pairings fixed in advance.
    pub fn norm_settings(&self) -> crate::tournament::norms::NormSettings {
        crate::tournament::norms::NormSettings {
            host_federation: self.tournament.federation.clone(),
            round_robin: !self.tournament.pairing_system.is_swiss(),
            federation_exempt: false,
        }
    }

    /// The number of leading rounds whose every board has a result.
    pub fn complete_rounds(&self) -> u32 {
        let mut complete = 0;
        for round in &self.rounds {
            let games = self.games_of_round(round.number);
            if games.is_empty() || games.iter().any(|game| game.result.is_none()) {
                break;
            }
            complete += 1;
        }
        complete
    }

    /// The rounds an anonymous visitor counts in the standings: the leading complete rounds
    /// that are also published.
    pub fn public_rounds(&self) -> u32 {
        let published = self
            .rounds
            .iter()
            .take_while(|round| round.published)
            .count() as u32;
        self.complete_rounds().min(published)
    }

    /// The number of the next round to pair.
    pub fn next_round(&self) -> u32 {
        self.rounds.len() as u32 + 1
    }

    /// The participation of one player: late entry, withdrawal, requested byes.
    pub fn participation_of(&self, id: PlayerRowId) -> Participation {
        let row = self.participation.iter().find(|row| row.player_id == id);
        let mut who = Participation::late_entry(row.map_or(1, |r| r.first_round.max(1) as u32));
        if let Some(from) = row.and_then(|r| r.withdrawn_from) {
            if row.is_some_and(|r| r.expelled) {
                who.expel(from.max(1) as u32);
            } else {
                who.withdraw(from.max(1) as u32);
            }
        }
        for bye in self.bye_requests.iter().filter(|bye| bye.player_id == id) {
            who.byes.insert(bye.round.max(1) as u32, bye.bye_kind());
        }
        who
    }

    /// The round a player is expelled from (Laws Art. 12.9.9), if expelled.
    pub fn expelled_from(&self, id: PlayerRowId) -> Option<i32> {
        self.participation
            .iter()
            .find(|row| row.player_id == id && row.expelled)
            .and_then(|row| row.withdrawn_from)
    }

    /// The round a player is withdrawn from, if withdrawn.
    pub fn withdrawn_from(&self, id: PlayerRowId) -> Option<i32> {
        self.participation
            .iter()
            .find(|row| row.player_id == id)
            .and_then(|row| row.withdrawn_from)
    }

    /// Starting numbers by row id.
    fn numbering(&self) -> HashMap<PlayerRowId, model::PlayerId> {
        self.ranked_players()
            .iter()
            .enumerate()
            .map(|(index, player)| (player.id, model::PlayerId(index as u32 + 1)))
            .collect()
    }

    /// The boards of round `number` in starting numbers (boards of unranked players, which
    /// cannot exist once paired, are left out).
    pub fn boards_of_round(&self, number: i32) -> Vec<Board> {
        self.boards_numbered(number, &self.numbering())
    }

    fn boards_numbered(
        &self,
        number: i32,
        numbering: &HashMap<PlayerRowId, model::PlayerId>,
    ) -> Vec<Board> {
        self.games_of_round(number)
            .into_iter()
            .filter_map(|game| {
                Some(Board {
                    number: u32::try_from(game.board).ok()?,
                    white: *numbering.get(&game.white_id)?,
                    black: match game.black_id {
                        Some(black) => Some(*numbering.get(&black)?),
                        None => None,
                    },
                    result: game.result,
                    colourless: game.colourless,
                })
            })
            .collect()
    }

    /// What the round planner reads: entrants in the order of [`TournamentData::players`].
    pub fn day_state(&self, late_entry: LateEntryPoints) -> DayState {
        let t = &self.tournament;
        DayState {
            system: t.pairing_system,
            swap_last_two_rounds: t.swap_last_two_rounds,
            total_rounds: u32::try_from(t.rounds).unwrap_or(0),
            points: t.point_system(),
            late_entry,
            entrants: self
                .players
                .iter()
                .map(|player| Entrant {
                    player: player.model_player(t.rating_basis()),
                    starting_rank: player.starting_rank.and_then(|r| u32::try_from(r).ok()),
                    participation: self.participation_of(player.id),
                })
                .collect(),
            rounds: {
                let numbering = self.numbering();
                self.rounds
                    .iter()
                    .map(|round| self.boards_numbered(round.number, &numbering))
                    .collect()
            },
        }
    }

    /// The tournament as the pure domain sees it, with the first `rounds` rounds: players with
    /// a starting rank, numbered by it; a player without a board in a round gets a zero-point
    /// bye there.
    pub fn to_model(&self, rounds: u32) -> model::Tournament {
        let mut model = self.day_state(LateEntryPoints::Zero).model(rounds);
        model.name = self.tournament.name.clone();
        let numbering = self.numbering();
        model.adjustments = self
            .adjustments
            .iter()
            .filter_map(|row| {
                Some(model::PointAdjustment {
                    player: *numbering.get(&row.player_id)?,
                    round: row.round.and_then(|round| u32::try_from(round).ok()),
                    points: crate::tournament::Points(row.points),
                    reason: row.reason.clone(),
                })
            })
            .collect();
        model
    }
}
