//! The public state of an event: the one versioned JSON document that the open API answers
//! (`GET /api/v1/events/{id}`), that a venue pushes to a public server, and that the public
//! server stores and serves again. Pure serde types: no database, no web.
//!
//! **Deterministic.** [`PublicState::to_json`] writes the fields in the order of the types, no
//! maps, no floating-point numbers (points and tie-break values are decimal strings, `"3.5"`,
//! `"28.25"`): the same state gives the same bytes, and [`PublicState::parse`] followed by
//! [`PublicState::to_json`] gives back the bytes parsed. The only field a public server
//! changes is [`PublicState::published_at`] (`null` on the venue, the time of the push on the
//! public server).
//!
//! **What is in it.** Only what an anonymous visitor of the venue's pages sees: the event, its
//! players (with FIDE and national ids), the rounds whose pairings are published with their
//! results, and the standings after the leading complete published rounds with the event's
//! C.07 tie-break values (the same computation as the public standings page). A team event
//! ([`Event::team`]) carries its teams with their squads, the matches a visitor sees (boards
//! only once both line-ups are in) and the team standings by its ranking list.
//!
//! The JSON Schema of the document is [`SCHEMA`] (served at `/api/v1/schema.json`).

use serde::{Deserialize, Serialize};

use crate::formats::round_pgn::{RoundGame, RoundTags, write_round};
use crate::tournament::model::{self, Color, GameResult, PlayerId, RoundEntry};
use crate::tournament::result::BoardResult;
use crate::tournament::scoring::{PointSystem, Points};
use crate::tournament::system::PairingSystem;
use crate::tournament::tiebreak::{Lots, TieBreak, TieBreakSettings};

/// The value of [`PublicState::format`].
pub const FORMAT: &str = "arbiter-public-state";

/// The version of the document this code writes and reads.
pub const VERSION: u32 = 1;

/// A new random public id: 32 lower-case hex digits.
pub fn new_public_id() -> String {
    use rand::RngCore;
    let mut random = [0u8; 16];
    rand::rng().fill_bytes(&mut random);
    hex::encode(random)
}

/// True for a public id as [`new_public_id`] makes them (and the database migration does).
pub fn is_public_id(text: &str) -> bool {
    text.len() == 32
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The public state of one event at one revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicState {
    /// Always [`FORMAT`].
    pub format: String,
    /// The document's version, [`VERSION`].
    pub version: u32,
    /// The event's stable public id (32 hex digits), the same on every server.
    pub id: String,
    /// The venue's revision of the event: every change raises it.
    pub revision: i64,
    /// When a public server accepted this revision (RFC 3339, UTC); `null` on the venue.
    pub published_at: Option<String>,
    /// The event.
    pub event: Event,
    /// The players, by starting number (players without one last).
    pub players: Vec<Player>,
    /// The rounds whose pairings are published, by number.
    pub rounds: Vec<RoundState>,
    /// The standings after the leading complete published rounds.
    pub standings: Standings,
    /// A team event's teams, by number (empty for an individual event).
    #[serde(default)]
    pub teams: Vec<TeamState>,
    /// A team event's matches a visitor sees, by round and home team: a league's whole
    /// schedule, a team Swiss's published rounds.
    #[serde(default)]
    pub matches: Vec<MatchState>,
    /// A team event's standings (`null` for an individual event).
    #[serde(default)]
    pub team_standings: Option<TeamStandings>,
    /// The prize list after the standings' rounds, when the organiser set prizes (left out
    /// when there is none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prizes: Vec<PrizeState>,
}

/// One line of the prize list: a prize and who takes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeState {
    /// The category's name as the organiser gave it (or a name the same in every language,
    /// `U14`); empty for a category named only by its kind; `null` for the whole field.
    pub category: Option<String>,
    /// The category's kind (`women`, `under`, `at_least`, `rating_below`, …), for a page to
    /// name an unnamed category in its language; `null` for the whole field.
    pub category_kind: Option<String>,
    /// The place in its group.
    pub place: u32,
    /// The prize as announced (amount or label); empty for a share beyond the last prize.
    pub prize: String,
    /// Who takes it (starting number), `null` when nobody is entitled.
    pub player: Option<u32>,
    /// Their points, a decimal; empty without a player.
    pub points: String,
    /// What is paid when players equal on points share; empty otherwise.
    pub paid: String,
    /// The shared places (`3–5`) when money was shared; empty otherwise.
    pub shared: String,
}

/// A team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamState {
    /// Its pairing number.
    pub number: u32,
    /// Name.
    pub name: String,
    /// Its players' starting numbers in squad order (board order).
    pub players: Vec<u32>,
}

/// A match of a team event, or a team's bye (`away` `null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchState {
    /// The round.
    pub round: u32,
    /// The first-named (home) team's number.
    pub home: u32,
    /// The other team's number, `null` for a bye or a free round.
    pub away: Option<u32>,
    /// `played` (line-ups in, or a bye), `to_play` (line-ups not both in yet) or
    /// `forfeited` (the whole match, see `forfeit`).
    pub status: String,
    /// A whole-match forfeit: `home` (the home team wins), `away` or `both`; `null` when none.
    pub forfeit: Option<String>,
    /// The match's score, home then away game points (`"2.5"`), `null` until a result is in.
    pub score: Option<[String; 2]>,
    /// The boards once both line-ups are in (a line-up is not shown before the other's).
    pub boards: Vec<MatchBoardState>,
}

/// One board of a match: a seat may be empty (a short team).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchBoardState {
    /// Board number.
    pub board: u32,
    /// White's starting number, `null` for an empty seat.
    pub white: Option<u32>,
    /// Black's starting number, `null` for an empty seat.
    pub black: Option<u32>,
    /// The result's code (as [`BoardState::result`]), `null` while the game is on.
    pub result: Option<String>,
}

/// A team event's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamStandings {
    /// The rounds counted.
    pub after_round: u32,
    /// The ranking list in order (C.07 codes: `MPTS`, `GPTS`, `DE`, `BH:MP`, ...).
    pub tie_breaks: Vec<String>,
    /// The lines in rank order.
    pub rows: Vec<TeamStandingRow>,
}

/// One line of a team event's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamStandingRow {
    /// Place (shared places repeat).
    pub rank: u32,
    /// The team's number.
    pub team: u32,
    /// Match points, a decimal.
    pub match_points: String,
    /// Game points, a decimal.
    pub game_points: String,
    /// One value per entry of the ranking list, `null` when it cannot be computed.
    pub tie_breaks: Vec<Option<String>>,
}

/// The event's settings as announced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Organising federation (three letters), possibly empty.
    pub federation: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// The event's time zone (IANA name), empty: the venue's server's.
    pub time_zone: String,
    /// The pairing system's code (`swiss_dutch`, `round_robin`, `team_swiss`, ...).
    pub system: String,
    /// A team competition (its matches are not in this version of the document).
    pub team: bool,
    /// Rounds announced.
    pub rounds: u32,
    /// Time control as announced.
    pub time_control: String,
    /// Chief arbiter.
    pub chief_arbiter: String,
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Starting number (`null` before the starting list is fixed).
    pub number: Option<u32>,
    /// Name, `Surname, Given`.
    pub name: String,
    /// FIDE title (`GM`, `WIM`, ...), possibly empty.
    pub title: String,
    /// Federation, possibly empty.
    pub federation: String,
    /// FIDE rating, `null` when unrated.
    pub rating: Option<u32>,
    /// National rating, `null` when none.
    pub national_rating: Option<u32>,
    /// FIDE id.
    pub fide_id: Option<i64>,
    /// National id, `null` when none.
    pub national_id: Option<String>,
    /// Club, possibly empty.
    pub club: String,
    /// Year of birth, for a series' age categories; absent in the documents the open API and
    /// the venue's push write (only a series' own copy of an event carries it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u32>,
    /// Sex as the event registered it (`m`, `w`), for a series' women's category; absent as
    /// [`Player::birth_year`] is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<String>,
}

/// A published round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundState {
    /// Its number.
    pub number: u32,
    /// Its date, `YYYY-MM-DD`, when scheduled.
    pub date: Option<String>,
    /// Its start, `HH:MM`, when scheduled.
    pub start: Option<String>,
    /// The boards, by number.
    pub boards: Vec<BoardState>,
}

/// One board: two players, or one player and a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardState {
    /// Board number.
    pub board: u32,
    /// White's starting number (the player of a bye row).
    pub white: u32,
    /// Black's starting number, `null` on a bye row.
    pub black: Option<u32>,
    /// The result's code (`1-0`, `1/2-1/2`, `0-1`, `+/-`, `-/+`, `-/-`, `U`, `F`, `H`, `Z`,
    /// penalty codes such as `1/2-0`; the table of [`crate::tournament::BoardResult`]),
    /// `null` while the game is on.
    pub result: Option<String>,
    /// The game's moves as entered by the arbiter (PGN movetext in English letters, without
    /// tags or result), when a game score was entered; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
}

/// The standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standings {
    /// The rounds counted.
    pub after_round: u32,
    /// The tie-breaks in order (FIDE codes, C.07: `BH-C1`, `SB`, `DE`, ...).
    pub tie_breaks: Vec<String>,
    /// The lines in rank order.
    pub rows: Vec<StandingRow>,
    /// The announced point system when it is not the default one (1, ½, 0): the nine scores
    /// of [`PointSystem::SCORE_NAMES`] as decimals; absent for the default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub point_system: Vec<String>,
    /// Points given or taken outside the games that the standings count; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjustments: Vec<AdjustmentState>,
}

/// Points given or taken outside the games (a penalty or a bonus), counted in the score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentState {
    /// The player's starting number.
    pub player: u32,
    /// The round from whose standings on it counts, `null`: from the start.
    pub round: Option<u32>,
    /// The points added, a decimal (negative for a deduction).
    pub points: String,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingRow {
    /// Place (shared places repeat).
    pub rank: u32,
    /// The player's starting number.
    pub player: u32,
    /// Points, a decimal (`"3.5"`).
    pub points: String,
    /// One value per tie-break, a decimal with at most two places, `null` when it cannot be
    /// computed.
    pub tie_breaks: Vec<Option<String>>,
}

/// Why a document was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PublicStateError {
    /// Not JSON, or not this document's shape: where and why.
    #[error("malformed document at line {line}, column {column}: {reason}")]
    Malformed {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        reason: String,
    },
    /// `format` is not [`FORMAT`].
    #[error("the document's format is {0:?}, not {FORMAT:?}")]
    Format(String),
    /// A version this code does not read.
    #[error("document version {0} is not supported (this server reads version {VERSION})")]
    Version(u32),
    /// The public id is not 32 lower-case hex digits.
    #[error("the event id {0:?} is not 32 lower-case hex digits")]
    Id(String),
    /// A negative revision.
    #[error("the revision {0} is negative")]
    Revision(i64),
    /// A date that is not `YYYY-MM-DD`.
    #[error("the event's {field} {value:?} is not a date (YYYY-MM-DD)")]
    Date {
        /// Which date.
        field: &'static str,
        /// What was sent.
        value: String,
    },
}

/// The `YYYY-MM-DD` format of the document's dates.
const DATE: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

/// A date as the document writes it.
pub fn date_text(date: time::Date) -> String {
    date.format(DATE).unwrap_or_default()
}

impl PublicState {
    /// The player with starting number `number`.
    pub fn player(&self, number: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.number == Some(number))
    }

    /// The team with pairing number `number`.
    pub fn team(&self, number: u32) -> Option<&TeamState> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// Round `number`'s games as PGN ([`crate::formats::round_pgn`]: one game per board with
    /// two players, the moves when the document has them, the result recorded); a team event's
    /// are the boards of its matches, numbered on through the round. `None` when the document
    /// has no such round.
    pub fn round_pgn(&self, number: u32) -> Option<String> {
        let player = |number: u32| self.players.iter().find(|p| p.number == Some(number));
        let name = |number: u32| player(number).map(|p| p.name.clone()).unwrap_or_default();
        let elo = |number: u32| {
            player(number)
                .and_then(|p| p.rating)
                .and_then(|rating| u16::try_from(rating).ok())
                .unwrap_or(0)
        };
        let game = |board: u32, white: u32, black: u32, result: &Option<String>, moves| RoundGame {
            board,
            white: name(white),
            black: name(black),
            white_elo: elo(white),
            black_elo: elo(black),
            result: result.clone().unwrap_or_else(|| "*".to_owned()),
            movetext: moves,
        };
        let round = self.rounds.iter().find(|round| round.number == number);
        let games: Vec<RoundGame> = if self.event.team {
            let boards = self
                .matches
                .iter()
                .filter(|m| m.round == number)
                .flat_map(|m| &m.boards)
                .filter_map(|board| Some((board.white?, board.black?, &board.result)));
            (1..)
                .zip(boards)
                .map(|(at, (white, black, result))| game(at, white, black, result, String::new()))
                .collect()
        } else {
            round?
                .boards
                .iter()
                .filter_map(|board| {
                    Some(game(
                        board.board,
                        board.white,
                        board.black?,
                        &board.result,
                        board.moves.clone().unwrap_or_default(),
                    ))
                })
                .collect()
        };
        if self.event.team && !self.matches.iter().any(|m| m.round == number) {
            return None;
        }
        let tags = RoundTags {
            event: self.event.name.clone(),
            site: self.event.place.clone(),
            date: round
                .and_then(|round| round.date.as_deref())
                .map(|date| date.replace('-', "."))
                .unwrap_or_default(),
            round: number,
        };
        Some(write_round(&tags, &games))
    }

    /// The tournament as the pure core sees it after the rounds the standings count
    /// ([`Standings::after_round`]): the players by starting number (a gap filled by a nameless
    /// player), per round the entry the round's boards give (a player on no board of a
    /// counted round was not paired: a zero-point bye), the point system and the points given
    /// outside the games. The venue's own model of those rounds, so that its tie-break
    /// computations (working, crosstable) run here on the same input. An individual event's
    /// only: a team event's boards are in its matches.
    pub fn tournament(&self) -> model::Tournament {
        let after_round = self.standings.after_round;
        let count = self
            .players
            .iter()
            .filter_map(|p| p.number)
            .max()
            .unwrap_or(0);
        let mut players: Vec<model::Player> = (1..=count)
            .map(|number| model::Player {
                id: PlayerId(number),
                name: self
                    .player(number)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                title: self
                    .player(number)
                    .map(|p| p.title.clone())
                    .unwrap_or_default(),
                federation: self
                    .player(number)
                    .map(|p| p.federation.clone())
                    .unwrap_or_default(),
                rating: self
                    .player(number)
                    .and_then(|p| p.rating)
                    .and_then(|r| u16::try_from(r).ok())
                    .unwrap_or(0),
                fide_id: self
                    .player(number)
                    .and_then(|p| p.fide_id)
                    .and_then(|id| u64::try_from(id).ok()),
                ..model::Player::default()
            })
            .collect();
        let unpaired = RoundEntry {
            opponent: None,
            color: None,
            result: GameResult::ZeroPointBye,
        };
        for round in 1..=after_round {
            for player in &mut players {
                player.rounds.push(unpaired);
            }
            let boards = self
                .rounds
                .iter()
                .filter(|r| r.number == round)
                .flat_map(|r| &r.boards);
            for board in boards {
                let Some(result) = board.result.as_deref().and_then(BoardResult::from_code) else {
                    continue;
                };
                let (white, black) = result.game_results();
                let mut set = |number: u32, entry: RoundEntry| {
                    let index = usize::try_from(number).ok().and_then(|n| n.checked_sub(1));
                    if let Some(player) = index.and_then(|index| players.get_mut(index))
                        && let Some(last) = player.rounds.last_mut()
                    {
                        *last = entry;
                    }
                };
                match (board.black, black) {
                    (Some(other), Some(black)) => {
                        set(
                            board.white,
                            RoundEntry {
                                opponent: Some(PlayerId(other)),
                                color: Some(Color::White),
                                result: white,
                            },
                        );
                        set(
                            other,
                            RoundEntry {
                                opponent: Some(PlayerId(board.white)),
                                color: Some(Color::Black),
                                result: black,
                            },
                        );
                    }
                    _ => set(
                        board.white,
                        RoundEntry {
                            opponent: None,
                            color: None,
                            result: white,
                        },
                    ),
                }
            }
        }
        let points = self.point_system().unwrap_or_default();
        model::Tournament {
            name: self.event.name.clone(),
            total_rounds: self.event.rounds,
            players,
            points,
            adjustments: self
                .standings
                .adjustments
                .iter()
                .filter_map(|a| {
                    Some(model::PointAdjustment {
                        player: PlayerId(a.player),
                        round: a.round,
                        points: Points::parse(&a.points)?,
                        reason: String::new(),
                    })
                })
                .collect(),
            ..model::Tournament::default()
        }
    }

    /// The announced point system ([`Standings::point_system`]); `None` when the document
    /// gives none (the default) or not nine decimals.
    pub fn point_system(&self) -> Option<PointSystem> {
        let scores: Vec<Points> = self
            .standings
            .point_system
            .iter()
            .map(|score| Points::parse(score))
            .collect::<Option<_>>()?;
        Some(PointSystem::from_scores(scores.try_into().ok()?))
    }

    /// The standings' tie-break settings: the list of [`Standings::tie_breaks`] (a code this
    /// version does not know is left out), Swiss or not by the event's system; ties left share
    /// the place (the places themselves are the document's).
    pub fn tie_break_settings(&self) -> TieBreakSettings {
        TieBreakSettings {
            list: self
                .standings
                .tie_breaks
                .iter()
                .filter_map(|code| TieBreak::parse(code).ok())
                .collect(),
            swiss: PairingSystem::parse(&self.event.system).is_some_and(PairingSystem::is_swiss),
            lots: Lots::Shared,
        }
    }

    /// The canonical bytes: compact JSON, fields in the types' order (see the module doc).
    pub fn to_json(&self) -> String {
        // Serialising these types cannot fail: no maps with non-string keys, no floats.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads and checks a document: JSON of this shape, [`FORMAT`] and [`VERSION`], a public
    /// id, a revision of zero or more and real dates.
    pub fn parse(bytes: &[u8]) -> Result<PublicState, PublicStateError> {
        let state: PublicState =
            serde_json::from_slice(bytes).map_err(|error| PublicStateError::Malformed {
                line: error.line(),
                column: error.column(),
                reason: error.to_string(),
            })?;
        if state.format != FORMAT {
            return Err(PublicStateError::Format(state.format));
        }
        if state.version != VERSION {
            return Err(PublicStateError::Version(state.version));
        }
        if !is_public_id(&state.id) {
            return Err(PublicStateError::Id(state.id));
        }
        if state.revision < 0 {
            return Err(PublicStateError::Revision(state.revision));
        }
        state.start_date()?;
        state.end_date()?;
        Ok(state)
    }

    /// The event's first day.
    pub fn start_date(&self) -> Result<time::Date, PublicStateError> {
        parse_date("start_date", &self.event.start_date)
    }

    /// The event's last day.
    pub fn end_date(&self) -> Result<time::Date, PublicStateError> {
        parse_date("end_date", &self.event.end_date)
    }
}

fn parse_date(field: &'static str, value: &str) -> Result<time::Date, PublicStateError> {
    time::Date::parse(value, DATE).map_err(|_| PublicStateError::Date {
        field,
        value: value.to_owned(),
    })
}

/// The JSON Schema (draft 2020-12) of [`PublicState`], served at `/api/v1/schema.json`.
pub const SCHEMA: &str = include_str!("public_state.schema.json");

#[cfg(test)]
#[path = "public_state_tests.rs"]
mod tests;
