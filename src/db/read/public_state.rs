//! The public state of an event ([`PublicState`]) as the database holds it, and the list of
//! published events: what `/api/v1/events` and `/api/v1/events/{id}` answer and what the
//! venue's pusher sends.
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
use crate::db::models::published_events::{PublishedEvent, PublishedSummary};
use crate::db::models::team_matches::forfeit_name;
use crate::db::models::tournament_public_ids::{public_id_of, tournament_of};
use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::db::models::{TournamentId, like_pattern, lower};
use crate::db::schema::tournaments;
use crate::db::schema_publish::tournament_public_ids;
use crate::formats::public_state::{
    BoardState, Event, FORMAT, MatchBoardState, MatchState, Player, PublicState, RoundState,
    StandingRow, Standings, TeamStandingRow, TeamStandings as TeamStandingsState, TeamState,
    VERSION, date_text,
};
use crate::tournament::team::score::match_score;
use crate::tournament::tiebreak::{Calculator, TieBreakSettings, rank::rank_with};
use diesel::prelude::*;

/// The public state of tournament `id` now; `None` when there is no such tournament or it is
/// not published.
pub fn local_state(conn: &mut DbConn, id: TournamentId) -> QueryResult<Option<PublicState>> {
    // One snapshot: a write committed between two of the reads must not mix two revisions.
    type Loaded = (TournamentData, TieBreakSettings, String, Option<LeagueData>);
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
        Ok(Some((data, settings, public_id, league)))
    })?;
    Ok(loaded.map(|(data, settings, public_id, league)| {
        let mut state = state_of(&data, &settings, public_id);
        if let Some(league) = &league {
            add_teams(&mut state, league);
        }
        state
    }))
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

/// The public state of `data` (the event `public_id`) with the tie-break `settings`.
pub fn state_of(
    data: &TournamentData,
    settings: &TieBreakSettings,
    public_id: String,
) -> PublicState {
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

/// One event of the list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EventSummary {
    /// The stable public id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// The organising federation (three letters), possibly empty.
    pub federation: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// The revision served.
    pub revision: i64,
    /// `local` (run on this server) or `pushed` (published from a venue).
    pub source: &'static str,
}

/// A page of the list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EventPage {
    /// Events matching in all.
    pub total: i64,
    /// The first shown (0-based).
    pub offset: i64,
    /// At most this many shown.
    pub limit: i64,
    /// The events, newest first day first.
    pub events: Vec<EventSummary>,
}

/// Where an event stands on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventState {
    /// Under way: its first day is past or today, its last day today or to come.
    Current,
    /// Its first day is to come.
    Upcoming,
    /// Its last day is past.
    Finished,
}

impl EventState {
    /// `current`, `upcoming` or `finished`.
    pub fn parse(text: &str) -> Option<EventState> {
        match text {
            "current" => Some(EventState::Current),
            "upcoming" => Some(EventState::Upcoming),
            "finished" => Some(EventState::Finished),
            _ => None,
        }
    }
}

/// What the list of events is narrowed to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EventFilter {
    /// Text the name or place contains (ASCII case ignored); every event when empty.
    pub text: String,
    /// The organising federation (three letters), when given.
    pub federation: Option<String>,
    /// Events that end on this day or later.
    pub from: Option<time::Date>,
    /// Events that start on this day or earlier.
    pub to: Option<time::Date>,
    /// Current, upcoming or finished on `today`.
    pub state: Option<(EventState, time::Date)>,
}

/// The published events (of this server and pushed to it) that `filter` lets through, newest
/// first day first (then by id), the `limit` from the `offset`-th. Each source is read up to
/// `offset + limit` rows (and counted).
pub fn list_events(
    conn: &mut DbConn,
    filter: &EventFilter,
    offset: i64,
    limit: i64,
) -> QueryResult<EventPage> {
    use crate::db::schema_publish::published_events;
    let pattern = like_pattern(&filter.text);
    // Both sources are narrowed by the same conditions, on their own columns.
    macro_rules! narrowed {
        ($query:expr, $name:expr, $place:expr, $federation:expr, $start:expr, $end:expr) => {{
            let mut query = $query.filter(
                lower($name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower($place).like(pattern.clone()).escape('\\')),
            );
            if let Some(federation) = &filter.federation {
                query = query.filter($federation.eq(federation.clone()));
            }
            if let Some(from) = filter.from {
                query = query.filter($end.ge(from));
            }
            if let Some(to) = filter.to {
                query = query.filter($start.le(to));
            }
            match filter.state {
                Some((EventState::Current, today)) => {
                    query = query.filter($start.le(today)).filter($end.ge(today));
                }
                Some((EventState::Upcoming, today)) => query = query.filter($start.gt(today)),
                Some((EventState::Finished, today)) => query = query.filter($end.lt(today)),
                None => {}
            }
            query
        }};
    }
    let local = || {
        narrowed!(
            tournaments::table
                .inner_join(tournament_public_ids::table)
                .filter(tournaments::published.eq(true))
                .into_boxed(),
            tournaments::name,
            tournaments::place,
            tournaments::federation,
            tournaments::start_date,
            tournaments::end_date
        )
    };
    let pushed = || {
        narrowed!(
            published_events::table.into_boxed(),
            published_events::name,
            published_events::place,
            published_events::federation,
            published_events::start_date,
            published_events::end_date
        )
    };
    let local_total: i64 = local().count().get_result(conn)?;
    let window = offset.saturating_add(limit);
    type Row = (String, String, String, String, time::Date, time::Date, i64);
    let local_rows: Vec<Row> = local()
        .order((
            tournaments::start_date.desc(),
            tournament_public_ids::public_id.asc(),
        ))
        .limit(window)
        .select((
            tournament_public_ids::public_id,
            tournaments::name,
            tournaments::place,
            tournaments::federation,
            tournaments::start_date,
            tournaments::end_date,
            tournaments::revision,
        ))
        .load(conn)?;
    let pushed_total: i64 = pushed().count().get_result(conn)?;
    let pushed_rows: Vec<PublishedSummary> = pushed()
        .order((
            published_events::start_date.desc(),
            published_events::public_id.asc(),
        ))
        .limit(window)
        .select(PublishedSummary::as_select())
        .load(conn)?;
    let mut events: Vec<(time::Date, EventSummary)> = local_rows
        .into_iter()
        .map(|(id, name, place, federation, start, end, revision)| {
            (
                start,
                EventSummary {
                    id,
                    name,
                    place,
                    federation,
                    start_date: date_text(start),
                    end_date: date_text(end),
                    revision,
                    source: "local",
                },
            )
        })
        .chain(pushed_rows.into_iter().map(|row| {
            (
                row.start_date,
                EventSummary {
                    id: row.public_id,
                    name: row.name,
                    place: row.place,
                    federation: row.federation,
                    start_date: date_text(row.start_date),
                    end_date: date_text(row.end_date),
                    revision: row.revision,
                    source: "pushed",
                },
            )
        }))
        .collect();
    events.sort_by(|(a, left), (b, right)| b.cmp(a).then_with(|| left.id.cmp(&right.id)));
    let events = events
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(0))
        .map(|(_, event)| event)
        .collect();
    Ok(EventPage {
        total: local_total + pushed_total,
        offset,
        limit,
        events,
    })
}
