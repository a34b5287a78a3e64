//! What one player list may create, and what a busy database answers.
//!
//! - A list with more players than one import registers, or (in a team competition) more
//!   teams than one import creates, is refused before anything is written, with the limit
//!   and the list's count in the visitor's language.
//! - A league list with a team column is imported with its teams numbered in order of
//!   appearance and each squad in the list's order (the import reads the teams and squads
//!   once, not once per row).
//! - Logins and results in another event go on while a league's list is imported (no 5xx);
//!   the figures of a large one are `benches/league_import.rs`'s.
//! - A database too busy to answer in time (SQLite's write lock held elsewhere, every pooled
//!   connection in use) gives 503 with `Retry-After`, never 500.

mod common;
mod load_support;
#[expect(
    dead_code,
    reason = "the import under load uses the server and clients, not the races"
)]
mod race_support;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use common::{Page, TestContext, tournament_form};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};

/// Players one list may register (the limit under test).
const PLAYER_LIMIT: usize = 20_000;
/// Teams one list may create (the limit under test).
const TEAM_LIMIT: usize = 10_000;

/// A list of `players` players; with `teams`, a team column spreading them over that many
/// teams in turn.
fn list(players: usize, teams: Option<usize>) -> String {
    let mut csv = String::from(if teams.is_some() {
        "name,rating,team\n"
    } else {
        "name,rating\n"
    });
    for number in 0..players {
        csv.push_str(&format!(
            "\"Player{number:05}, Test\",{}",
            2400 - number % 1000
        ));
        if let Some(teams) = teams {
            csv.push_str(&format!(",Team {:05}", number % teams));
        }
        csv.push('\n');
    }
    csv
}

/// A count read with plain SQL.
#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

fn count(ctx: &TestContext, sql: &str) -> i64 {
    ctx.with_conn(|conn| diesel::sql_query(sql).get_result::<Count>(conn))
        .expect("count")
        .count
}

/// Creates a tournament of `system` (9 rounds for a Swiss) through the form; its address.
async fn new_tournament<S, B>(client: &mut common::Client<S>, system: &str) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let created = client
        .post(
            "/tournaments",
            &tournament_form(&[("pairing_system", system), ("rounds", "9")]),
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    created.location.expect("the new tournament's address")
}

/// The error page's message.
fn message(page: &Page) -> String {
    page.text(".error-page .message").unwrap_or_default()
}

/// Imports `csv` into a new tournament of `system` in each of `languages`; asserts the 422
/// and that its message names the list's `count`, the `limit` and the word given for the
/// language; then that no player nor team was stored.
async fn refused_saying_so(
    system: &str,
    csv: &str,
    count_and_limit: (usize, usize),
    languages: &[(&str, &str)],
) {
    let ctx = TestContext::new();
    ctx.create_user("olga", Role::Organiser);
    let mut client = ctx.logged_in("olga").await;
    let base = new_tournament(&mut client, system).await;
    let (listed, limit) = count_and_limit;
    for (language, word) in languages {
        client.accept_language = Some((*language).to_owned());
        let page = client
            .post(
                &format!("{base}/players/import"),
                &[("csv", csv), ("action", "import")],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{language}");
        let text = message(&page);
        assert!(
            text.contains(&listed.to_string())
                && text.contains(&limit.to_string())
                && text.contains(word),
            "{language}: the message names the limit and the list's count: {text:?}"
        );
    }
    assert_eq!(count(&ctx, "SELECT COUNT(*) AS count FROM players"), 0);
    assert_eq!(count(&ctx, "SELECT COUNT(*) AS count FROM teams"), 0);
}

#[actix_web::test]
async fn a_list_with_more_players_than_one_import_registers_is_refused_saying_so() {
    refused_saying_so(
        "swiss_dutch",
        &list(PLAYER_LIMIT + 1, None),
        (PLAYER_LIMIT + 1, PLAYER_LIMIT),
        &[("en", "players"), ("cs", "hráčů")],
    )
    .await;
}

#[actix_web::test]
async fn a_league_list_with_more_teams_than_one_import_creates_is_refused_saying_so() {
    refused_saying_so(
        "team_round_robin",
        &list(TEAM_LIMIT + 1, Some(TEAM_LIMIT + 1)),
        (TEAM_LIMIT + 1, TEAM_LIMIT),
        &[("en", "teams"), ("hu", "csapat")],
    )
    .await;
}

/// A team, its number and its squad (player names in squad order).
#[derive(QueryableByName)]
struct SquadPlace {
    #[diesel(sql_type = Integer)]
    number: i32,
    #[diesel(sql_type = Text)]
    team: String,
    #[diesel(sql_type = Integer)]
    position: i32,
    #[diesel(sql_type = Text)]
    player: String,
}

#[actix_web::test]
async fn a_league_list_makes_its_teams_in_order_and_squads_in_list_order() {
    const TEAMS: usize = 300;
    const SQUAD: usize = 3;
    let ctx = TestContext::new();
    ctx.create_user("olga", Role::Organiser);
    let mut client = ctx.logged_in("olga").await;
    let base = new_tournament(&mut client, "team_round_robin").await;
    // Two lists: the second adds a fourth player to every squad and one new team.
    let mut second = String::from("name,rating,team\n");
    for team in 0..=TEAMS {
        second.push_str(&format!("\"Late{team:05}, Test\",1500,Team {team:05}\n"));
    }
    for csv in [list(TEAMS * SQUAD, Some(TEAMS)), second] {
        let imported = client
            .post(
                &format!("{base}/players/import"),
                &[("csv", &csv), ("action", "import")],
            )
            .await;
        assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    }
    let places: Vec<SquadPlace> = ctx
        .with_conn(|conn| {
            diesel::sql_query(
                "SELECT t.number AS number, t.name AS team, m.position AS position, \
                 p.name AS player FROM team_members m JOIN teams t ON t.id = m.team_id \
                 JOIN players p ON p.id = m.player_id ORDER BY t.number, m.position",
            )
            .load(conn)
        })
        .expect("the squads");
    assert_eq!(places.len(), TEAMS * (SQUAD + 1) + 1);
    let mut expected = Vec::new();
    for team in 0..=TEAMS {
        let mut squad: Vec<String> = (0..SQUAD)
            .map(|place| place * TEAMS + team)
            .filter(|_| team < TEAMS)
            .map(|number| format!("Player{number:05}, Test"))
            .collect();
        squad.push(format!("Late{team:05}, Test"));
        for (position, player) in (1..).zip(squad) {
            expected.push((team as i32 + 1, format!("Team {team:05}"), position, player));
        }
    }
    let found: Vec<(i32, String, i32, String)> = places
        .into_iter()
        .map(|p| (p.number, p.team, p.position, p.player))
        .collect();
    assert_eq!(found, expected);
}

/// Asserts the answer of a busy database: 503, `Retry-After`, the page's message.
fn assert_busy(what: &str, page: &Page) {
    println!("{what}: {}", page.status);
    assert_eq!(
        page.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{what}: {}",
        page.body
    );
    assert!(page.retry_after.is_some(), "{what}: Retry-After is given");
    assert!(!message(page).is_empty(), "{what}: the page says why");
}

/// A busy database: every pooled connection in use, and (SQLite) the write lock held by
/// another program. The answer is 503 with `Retry-After`, and the page says to try again.
#[actix_web::test]
async fn a_busy_database_answers_503_with_retry_after_not_500() {
    let ctx = TestContext::new();
    ctx.create_user("olga", Role::Organiser);
    let mut client = ctx.logged_in("olga").await;
    let base = new_tournament(&mut client, "swiss_dutch").await;

    if !ctx.db.is_postgres() {
        // Another program holds SQLite's write lock longer than a writer waits for it.
        let mut other = arbiter::db::establish(&ctx.db.url).expect("a second connection");
        other
            .batch_execute("BEGIN IMMEDIATE")
            .expect("take the lock");
        let page = client
            .post(
                &format!("{base}/players"),
                &[("name", "Novák, Jan"), ("rating", "2000")],
            )
            .await;
        other.batch_execute("ROLLBACK").expect("release the lock");
        assert_busy("SQLite write lock held", &page);
    }

    // Every connection of the pool in use.
    let held: Vec<_> = (0..4)
        .map(|_| ctx.pool.get().expect("a connection"))
        .collect();
    let page = client.get(&base).await;
    drop(held);
    assert_busy("pool exhausted", &page);
    // And the database answers again.
    assert_eq!(client.get(&base).await.status, StatusCode::OK);
}

/// Teams in the list imported under load (the benchmark imports 10,000).
const LOAD_TEAMS: usize = 2_000;

#[test]
fn logins_and_results_in_another_event_go_on_during_a_league_import() {
    let mut race = race_support::Race::start(common::TestDb::new());
    let figures = load_support::league_import_under_load(&mut race, LOAD_TEAMS);
    print!("{}", figures.report());
    assert_eq!(figures.import_status, 303, "the list is imported");
    assert_eq!(
        figures.server_errors(),
        0,
        "no login or result answered 5xx"
    );
}
