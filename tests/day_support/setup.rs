//! Test data for the tournament-day tests, written straight into the database: an organiser,
//! a tournament with players in starting order, and paired rounds.
#![allow(dead_code)] // each test binary uses a different part

use arbiter::db::DbConn;
use arbiter::db::models::{
    Game, NewGame, NewPlayer, NewRound, NewTournament, PairingSystem, PlayerRow, Role, Round,
    TournamentRow, User,
};

use crate::common::TestContext;

/// A tournament made for a test.
pub struct Event {
    /// The organiser (password `common::PASSWORD`).
    pub organiser: User,
    /// The tournament.
    pub tournament: TournamentRow,
    /// Players by starting rank (index 0 = rank 1).
    pub players: Vec<PlayerRow>,
}

/// Creates an organiser and a published tournament with `names` as players ranked in that
/// order, `rounds` rounds and the given default time.
pub fn event(ctx: &TestContext, names: &[&str], rounds: i32, default_minutes: i32) -> Event {
    let organiser = ctx.create_user("orga", Role::Organiser);
    ctx.with_conn(|conn| {
        let date = time::macros::date!(2026 - 11 - 21);
        let tournament = NewTournament {
            name: "Open Day".to_owned(),
            place: "Brno".to_owned(),
            federation: "CZE".to_owned(),
            start_date: date,
            end_date: date,
            chief_arbiter: String::new(),
            time_control: "90+30".to_owned(),
            rounds,
            pairing_system: PairingSystem::RoundRobin,
            swap_last_two_rounds: false,
            points: arbiter::tournament::PointSystem::default().into(),
            default_time_minutes: default_minutes,
            published: true,
            owner_id: organiser.id,
            rating_type: arbiter::db::models::RatingKind::Standard,
            pairing_rating: arbiter::tournament::rating_basis::PairingRating::Fide,
            reported_rating: arbiter::tournament::rating_basis::ReportedRating::Fide,
            time_zone: String::new(),
        }
        .insert(conn)
        .expect("tournament");
        let mut players = Vec::new();
        for (index, name) in names.iter().enumerate() {
            let player = NewPlayer {
                tournament_id: tournament.id,
                name: (*name).to_owned(),
                fide_id: None,
                title: String::new(),
                rating: 2400 - 10 * index as i32,
                federation: "CZE".to_owned(),
                birth_year: None,
                sex: String::new(),
                club: String::new(),
                birth_date: None,
                national_id: String::new(),
                national_rating: 0,
            }
            .insert(conn)
            .expect("player");
            players.push(player);
        }
        let ranks: Vec<_> = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i as i32 + 1))
            .collect();
        PlayerRow::set_starting_ranks(conn, &ranks).expect("ranks");
        let players = players
            .iter()
            .map(|p| PlayerRow::find(conn, p.id).expect("read").expect("player"))
            .collect();
        Event {
            organiser,
            tournament,
            players,
        }
    })
}

/// Pairs round `number` by hand: boards as (white index, black index) into `event.players`,
/// published. Returns the round and its games in board order.
pub fn pair_round(
    conn: &mut DbConn,
    event: &Event,
    number: i32,
    boards: &[(usize, usize)],
) -> (Round, Vec<Game>) {
    let round = NewRound {
        tournament_id: event.tournament.id,
        number,
        published: true,
    }
    .insert(conn)
    .expect("round");
    let games = boards
        .iter()
        .enumerate()
        .map(|(i, (w, b))| {
            NewGame {
                round_id: round.id,
                board: i as i32 + 1,
                white_id: event.players[*w].id,
                black_id: Some(event.players[*b].id),
                result: None,
                colourless: false,
            }
            .insert(conn)
            .expect("game")
        })
        .collect();
    (round, games)
}
