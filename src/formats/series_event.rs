//! An event's public state document ([`PublicState`]) as a series reads it: its final (or
//! present) standings with each player's identity and games ([`EventStandings`]). The one
//! reading for this server's events and for the TRF files a series keeps
//! ([`PublicState::from_trf`]).

use crate::formats::public_state::PublicState;
use crate::tournament::scoring::Points;
use crate::tournament::series::{EventRow, EventStandings, GameLine, Person};

/// The standings of `state` as a series reads them: the standings' lines in rank order, each
/// with the player's identity, place, points and the games of the rounds counted.
pub fn series_event(state: &PublicState) -> EventStandings {
    let model = state.tournament();
    let name = |number: u32| state.player(number).map(|p| p.name.clone());
    let rows = state
        .standings
        .rows
        .iter()
        .map(|row| {
            let player = state.player(row.player);
            let games = model
                .player(crate::tournament::PlayerId(row.player))
                .map(|p| {
                    p.rounds
                        .iter()
                        .zip(1..)
                        .map(|(entry, round)| GameLine {
                            round,
                            opponent: entry.opponent.and_then(|o| name(o.0)),
                            color: entry.color,
                            result: entry.result.trf_code(),
                            points: model.points.score(entry.result),
                        })
                        .collect()
                })
                .unwrap_or_default();
            EventRow {
                person: Person {
                    name: player.map(|p| p.name.clone()).unwrap_or_default(),
                    fide_id: player
                        .and_then(|p| p.fide_id)
                        .and_then(|id| u64::try_from(id).ok())
                        .filter(|id| *id > 0),
                    birth_year: player
                        .and_then(|p| p.birth_year)
                        .and_then(|y| u16::try_from(y).ok()),
                    sex: player.and_then(|p| p.sex.clone()).unwrap_or_default(),
                    federation: player.map(|p| p.federation.clone()).unwrap_or_default(),
                    rating: player
                        .and_then(|p| p.rating)
                        .and_then(|r| u16::try_from(r).ok())
                        .unwrap_or(0),
                    club: player.map(|p| p.club.clone()).unwrap_or_default(),
                },
                number: row.player,
                place: row.rank,
                points: Points::parse(&row.points).unwrap_or_default(),
                games,
            }
        })
        .collect();
    EventStandings {
        title: state.event.name.clone(),
        rows,
    }
}
