//! The public state of an event ([`PublicState`]) as the database holds it: what
//! `/api/v1/events/{id}` answers and what the venue's pusher sends (the list of events is
//! [`crate::db::read::events`]).
//!
//! An event of this server appears only while published, and only with what an anonymous
//! visitor of its pages sees: rounds whose pairings are published, the standings after the
//! leading complete published rounds (the computation of the public standings page:
//! [`Calculator::after_round`] and [`rank_with`] with the event's tie-break list). An event
//! pushed from a venue ([`PublishedEvent`]) is served as stored.

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::league::LeagueData;
use crate::db::models::PlayerRowId;
use crate::db::models::published_events::PublishedEvent;
use crate::db::models::team_matches::forfeit_name;
use crate::db::models::tournament_day::GameScore;
use crate::db::models::tournament_public_ids::{public_id_of, tournament_of};
use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::db::models::{GameId, TournamentId};
use crate::formats::public_state::{
    AdjustmentState, BoardState, Event, FORMAT, MatchBoardState, MatchState, Player, PrizeState,
    PublicState, RoundState, StandingRow, Standings, TeamStandingRow,
    TeamStandings as TeamStandingsState, TeamState, VERSION, date_text,
};
use crate::formats::round_pgn::bare_movetext;
use crate::rules::Lang;
use crate::rules::pgn::english_movetext;
use crate::tournament::prizes::{PrizeGroup, PrizeSetup, amount_text, prize_text};
use crate::tournament::scoring::PointSystem;
use crate::tournament::team::score::match_score;
use crate::tournament::tiebreak::{Calculator, TieBreakSettings, rank::rank_with};
use diesel::prelude::*;

/// The public state of tournament `id` now; `None` when there is no such tournament or it is
/// not published.
pub fn local_state(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<PublicState>> {
    build_state(conn, id, false)
}

/// The public state of tournament `id` as a series reads it ([`crate::db::read::series`]):
/// the same document as [`local_state`] (published only, the published rounds), with each
/// player's year of birth and sex for the series' categories. An individual event's only:
/// `None` for a team event.
pub fn series_state(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<PublicState>> {
    build_state(conn, id, true)
}

/// [`local_state`]; with `personal`, the players' years of birth and sex too (individual
/// events only).
fn build_state(
    conn: &mut DbConn,
    id: TournamentId,
    personal: bool,
) -> QueryResult<Option<PublicState>> {
    // One snapshot: a write committed between two of the reads must not mix two revisions.
    type Loaded = (
        TournamentData,
        TieBreakSettings,
        String,
        Option<LeagueData>,
        Vec<GameScore>,
        PrizeSetup,
    );
    let loaded = crate::db::read_snapshot(conn, |conn| -> QueryResult<Option<Loaded>> {
        let Some(data) = TournamentData::load(conn, id)? else {
            return Ok(None);
        };
        if !data.tournament.published {
            return Ok(None);
        }
        let (settings, _) = TournamentTieBreaks::settings_for(conn, &data)?;
        let public_id = public_id_of(conn, id)?.unwrap_or_default();
        let league = if data.tournament.pairing_system.is_team() {
            Some(LeagueData::load_for(conn, data.clone())?)
        } else {
            None
        };
        // The game scores of the published rounds.
        let games: Vec<GameId> = data
            .rounds
            .iter()
            .filter(|round| round.published)
            .flat_map(|round| data.games_of_round(round.number))
            .map(|game| game.id)
            .collect();
        let scores = GameScore::for_games(conn, &games)?;
        let prizes = crate::db::prize_list::load_setup(conn, &data)?;
        Ok(Some((data, settings, public_id, league, scores, prizes)))
    })?;
    Ok(loaded
        .map(|(data, settings, public_id, league, scores, prizes)| {
            let mut state = state_of(&data, &settings, public_id, &scores, &prizes);
            if let Some(league) = &league {
                add_teams(&mut state, league);
            } else if personal {
                // `state_of` lists the players in the order of `data.players`.
                for (player, row) in state.players.iter_mut().zip(&data.players) {
                    player.birth_year = row.birth_year.and_then(|y| u32::try_from(y).ok());
                    player.sex = Some(row.sex.trim().to_lowercase()).filter(|s| !s.is_empty());
                }
            }
            state
        })
        .filter(|state| !(personal && state.event.team)))
}

/// A team event's part of the document: its teams, the matches a visitor sees and the team
/// standings, with the players numbered as the team event numbers them (squad by squad, as
/// its TRF file does).
fn add_teams(state: &mut PublicState, league: &LeagueData) {
    let order = league.numbering();
    let number_of = |id: PlayerRowId| {
        order
            .iter()
            .position(|row| *row == id)
            .map(|index| index as u32 + 1)
    };
    // The players in the team event's numbering.
    let mut players: Vec<(Option<u32>, Player)> = league
        .data
        .players
        .iter()
        .zip(std::mem::take(&mut state.players))
        .map(|(row, player)| {
            let number = number_of(row.id);
            (number, Player { number, ..player })
        })
        .collect();
    players.sort_by_key(|(number, _)| number.unwrap_or(u32::MAX));
    state.players = players.into_iter().map(|(_, player)| player).collect();
    let mut event = league.event();
    // A team Swiss shows the rounds whose pairings are published; a league its schedule.
    if league.data.tournament.pairing_system.is_team_swiss() {
        let published: Vec<u32> = league
            .data
            .rounds
            .iter()
            .filter(|round| round.published)
            .filter_map(|round| u32::try_from(round.number).ok())
            .collect();
        event.matches.retain(|m| published.contains(&m.round));
    }
    state.teams = event
        .teams
        .iter()
        .map(|team| TeamState {
            number: team.id.0,
            name: team.name.clone(),
            players: team.squad.iter().map(|p| p.0).collect(),
        })
        .collect();
    state.matches = event
        .matches
        .iter()
        .map(|m| {
            let score = match_score(&event, m);
            let status = if m.forfeit.is_some() {
                "forfeited"
            } else if m.unplayed {
                "to_play"
            } else {
                "played"
            };
            MatchState {
                round: m.round,
                home: m.home.0,
                away: m.away.map(|team| team.0),
                status: status.to_owned(),
                forfeit: m.forfeit.map(|f| forfeit_name(f).to_owned()),
                score: score.map(|s| {
                    [
                        s.home_game_points.to_string(),
                        s.away_game_points.to_string(),
                    ]
                }),
                // A line-up is not shown before the other team's is in.
                boards: if m.unplayed || m.forfeit.is_some() {
                    Vec::new()
                } else {
                    m.boards
                        .iter()
                        .map(|board| MatchBoardState {
                            board: board.number,
                            white: board.white.map(|p| p.0),
                            black: board.black.map(|p| p.0),
                            result: board.result.map(|r| r.as_str().to_owned()),
                        })
                        .collect()
                },
            }
        })
        .collect();
    let standings = league.standings(&event);
    state.team_standings = Some(TeamStandingsState {
        after_round: standings.rounds,
        tie_breaks: standings.tie_breaks.iter().map(|t| t.code()).collect(),
        rows: standings
            .rows
            .iter()
            .map(|row| TeamStandingRow {
                rank: row.rank,
                team: row.team.0,
                match_points: row.match_points.to_string(),
                game_points: row.game_points.to_string(),
                tie_breaks: row.values.iter().map(|v| Some(v.display())).collect(),
            })
            .collect(),
    });
}

/// The public state of `data` (the event `public_id`) with the tie-break `settings` and the
/// game `scores` entered (each board's moves, in English letters as PGN writes them).
pub fn state_of(
    data: &TournamentData,
    settings: &TieBreakSettings,
    public_id: String,
    scores: &[GameScore],
    prizes: &PrizeSetup,
) -> PublicState {
    let moves_of = |game: GameId| {
        scores
            .iter()
            .find(|score| score.game_id == game)
            .map(|score| {
                let lang = Lang::from_code(&score.lang).unwrap_or_default();
                bare_movetext(&english_movetext(&score.movetext, lang))
            })
            .filter(|moves| !moves.is_empty())
    };
    let t = &data.tournament;
    let positive = |value: i32| u32::try_from(value).ok().filter(|v| *v > 0);
    let players = data
        .players
        .iter()
        .map(|player| Player {
            number: data.number_of(player.id).map(|number| number.0),
            name: player.name.clone(),
            title: player.title.clone(),
            federation: player.federation.clone(),
            rating: positive(player.rating),
            national_rating: positive(player.national_rating),
            fide_id: player.fide_id,
            national_id: Some(player.national_id.trim().to_owned()).filter(|id| !id.is_empty()),
            club: player.club.clone(),
            birth_year: None,
            sex: None,
        })
        .collect();
    let rounds = data
        .rounds
        .iter()
        .filter(|round| round.published)
        .map(|round| {
            let scheduled = data.scheduled(round.number);
            RoundState {
                number: u32::try_from(round.number).unwrap_or(0),
                date: scheduled.map(|row| date_text(row.round_date)),
                start: scheduled
                    .and_then(|row| row.start_time)
                    .map(|time| format!("{:02}:{:02}", time.hour(), time.minute())),
                boards: data
                    .games_of_round(round.number)
                    .into_iter()
                    .filter_map(|game| {
                        Some(BoardState {
                            board: u32::try_from(game.board).ok()?,
                            white: data.number_of(game.white_id)?.0,
                            black: match game.black_id {
                                Some(black) => Some(data.number_of(black)?.0),
                                None => None,
                            },
                            result: game.result.map(|result| result.as_str().to_owned()),
                            moves: moves_of(game.id),
                        })
                    })
                    .collect(),
            }
        })
        .collect();
    let after_round = data.public_rounds();
    let model = data.to_model(after_round);
    let calculator = Calculator::after_round(&model, settings.swiss, after_round);
    let ranked = rank_with(&calculator, settings);
    let ranking: Vec<_> = ranked
        .rows
        .iter()
        .map(|row| (row.player, row.points))
        .collect();
    let prizes = if prizes.rules.prizes.is_empty() {
        Vec::new()
    } else {
        let rules = &prizes.rules;
        let category = |group: PrizeGroup| match group {
            PrizeGroup::Overall => None,
            PrizeGroup::Category(index) => rules.categories.get(index),
        };
        prizes
            .awards(&ranking)
            .into_iter()
            .map(|award| PrizeState {
                category: category(award.group).map(|c| {
                    if c.name.trim().is_empty() {
                        c.rule.neutral_name().unwrap_or_default()
                    } else {
                        c.name.trim().to_owned()
                    }
                }),
                category_kind: category(award.group).map(|c| c.rule.kind().to_owned()),
                place: award.place,
                prize: award
                    .prize
                    .and_then(|index| rules.prizes.get(index))
                    .map(|prize| prize_text(prize, &rules.currency))
                    .unwrap_or_default(),
                player: award.player.map(|p| p.0),
                points: award
                    .player
                    .map(|_| award.points.to_string())
                    .unwrap_or_default(),
                paid: award
                    .paid
                    .map(|paid| amount_text(paid, &rules.currency))
                    .unwrap_or_default(),
                shared: award
                    .shared
                    .map(|(first, last)| format!("{first}–{last}"))
                    .unwrap_or_default(),
            })
            .collect()
    };
    let standings = Standings {
        after_round,
        tie_breaks: ranked.tie_breaks.iter().map(|t| t.fide_code()).collect(),
        rows: ranked
            .rows
            .iter()
            .map(|row| StandingRow {
                rank: row.rank,
                player: row.player.0,
                points: row.points.to_string(),
                tie_breaks: row
                    .values
                    .iter()
                    .map(|value| value.map(|v| v.display()))
                    .collect(),
            })
            .collect(),
        point_system: if model.points == PointSystem::default() {
            Vec::new()
        } else {
            model
                .points
                .scores()
                .iter()
                .map(|s| s.to_string())
                .collect()
        },
        adjustments: model
            .adjustments
            .iter()
            .map(|a| AdjustmentState {
                player: a.player.0,
                round: a.round,
                points: a.points.to_string(),
            })
            .collect(),
    };
    PublicState {
        format: FORMAT.to_owned(),
        version: VERSION,
        id: public_id,
        revision: t.revision,
        published_at: None,
        event: Event {
            name: t.name.clone(),
            place: t.place.clone(),
            federation: t.federation.clone(),
            start_date: date_text(t.start_date),
            end_date: date_text(t.end_date),
            time_zone: t.time_zone.clone(),
            system: t.pairing_system.as_str().to_owned(),
            team: t.pairing_system.is_team(),
            rounds: u32::try_from(data.announced_rounds()).unwrap_or(0),
            time_control: t.time_control.clone(),
            chief_arbiter: t.chief_arbiter.clone(),
        },
        players,
        rounds,
        standings,
        teams: Vec::new(),
        matches: Vec::new(),
        team_standings: None,
        prizes,
    }
}

/// The document of event `public_id` as this server serves it: a published tournament of this
/// server (built now), else the state a venue pushed (as stored); `None` when neither.
pub fn served_document(conn: &mut DbConn, public_id: &str) -> QueryResult<Option<String>> {
    if let Some(id) = tournament_of(conn, public_id)? {
        return Ok(local_state(conn, id)?.map(|state| state.to_json()));
    }
    Ok(PublishedEvent::find(conn, public_id)?.map(|event| event.document))
}
