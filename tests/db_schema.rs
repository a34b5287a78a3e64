//! The data layer (issue 2 "Data layer"): migrations, every table written and read back through
//! the models, transactions, the optimistic lock on results and its audit trail — on SQLite,
//! and on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set.

mod common;

use arbiter::db::models::tournament_day::ParticipationRow;
use arbiter::db::models::*;
use arbiter::db::store::{self, Refusal, StoreError};
use arbiter::db::{self, Backend, write_transaction};
use arbiter::tournament::result::BoardResult;
use arbiter::tournament::scoring::{PointSystem, Points};
use common::{PG_ENV, TestContext};
use time::macros::date;

fn tournament(owner: UserId) -> NewTournament {
    NewTournament {
        name: "Memoriál Jana Nováka".into(),
        place: "Brno".into(),
        federation: "CZE".into(),
        start_date: date!(2026 - 03 - 01),
        end_date: date!(2026 - 03 - 03),
        chief_arbiter: "IA Petra Svobodová".into(),
        time_control: "90'/40 + 30' + 30\"".into(),
        rounds: 5,
        pairing_system: PairingSystem::RoundRobin,
        swap_last_two_rounds: false,
        points: PointSystem::three_one_zero().into(),
        default_time_minutes: 30,
        published: false,
        owner_id: owner,
        rating_type: arbiter::db::models::RatingKind::Standard,
        pairing_rating: arbiter::tournament::rating_basis::PairingRating::Fide,
        reported_rating: arbiter::tournament::rating_basis::ReportedRating::Fide,
        time_zone: String::new(),
    }
}

fn player(tournament: TournamentId, name: &str, rating: i32) -> NewPlayer {
    NewPlayer {
        tournament_id: tournament,
        name: name.into(),
        fide_id: Some(312_345_678),
        title: "FM".into(),
        rating,
        federation: "HUN".into(),
        birth_year: Some(1990),
        sex: "m".into(),
        club: "ŠK Dunajská Streda".into(),
        birth_date: None,
        national_id: String::new(),
        national_rating: 0,
    }
}

#[test]
fn backend_is_chosen_by_the_url_scheme() {
    assert_eq!(Backend::from_url("postgres://u@h/db"), Backend::Postgres);
    assert_eq!(Backend::from_url("postgresql://u@h/db"), Backend::Postgres);
    assert_eq!(Backend::from_url("arbiter.db"), Backend::Sqlite);
    assert_eq!(Backend::from_url("sqlite://./x.db"), Backend::Sqlite);
    // A PostgreSQL URL that cannot connect is an error, never an SQLite file named like it.
    assert!(db::establish("postgres://nobody@127.0.0.1:1/none").is_err());
}

#[test]
fn tests_run_on_the_backend_the_environment_asks_for() {
    let ctx = TestContext::new();
    let wanted = std::env::var(PG_ENV).is_ok_and(|url| !url.trim().is_empty());
    assert_eq!(ctx.db.is_postgres(), wanted);
    let conn = ctx.conn();
    match &*conn {
        DbConnKind::Pg(_) => assert!(wanted),
        DbConnKind::Sqlite(_) => assert!(!wanted),
    }
}

use arbiter::db::DbConn as DbConnKind;

#[test]
fn migrations_are_idempotent_and_sqlite_pragmas_are_set() {
    let ctx = TestContext::new();
    // Running them again on the migrated database does nothing.
    ctx.with_conn(db::run_migrations).unwrap();
    if !ctx.db.is_postgres() {
        use diesel::prelude::*;
        use diesel::sql_types::{BigInt, Text};
        #[derive(QueryableByName)]
        struct Mode {
            #[diesel(sql_type = Text)]
            journal_mode: String,
        }
        #[derive(QueryableByName)]
        struct Keys {
            #[diesel(sql_type = BigInt)]
            foreign_keys: i64,
        }
        let mut conn = ctx.conn();
        let mode: Mode = diesel::sql_query("PRAGMA journal_mode")
            .get_result(&mut *conn)
            .unwrap();
        assert_eq!(mode.journal_mode, "wal");
        let keys: Keys = diesel::sql_query("PRAGMA foreign_keys")
            .get_result(&mut *conn)
            .unwrap();
        assert_eq!(keys.foreign_keys, 1);
    }
}

#[test]
fn every_table_round_trips_through_its_model() {
    let ctx = TestContext::new();
    let owner = ctx.create_user("olga", Role::Organiser);
    let arbiter_user = ctx.create_user("arno", Role::Arbiter);
    let mut conn = ctx.conn();
    let conn = &mut *conn;

    let t = tournament(owner.id).insert(conn).unwrap();
    assert_eq!(t.name, "Memoriál Jana Nováka");
    assert_eq!(t.pairing_system, PairingSystem::RoundRobin);
    assert_eq!(t.point_system(), PointSystem::three_one_zero());
    assert_eq!(t.point_system().draw, Points(10));
    assert_eq!(t.start_date, date!(2026 - 03 - 01));
    assert!(!t.published);
    assert_eq!(TournamentRow::find(conn, t.id).unwrap(), Some(t.clone()));
    TournamentRow::set_published(conn, t.id, true).unwrap();
    assert!(TournamentRow::find(conn, t.id).unwrap().unwrap().published);

    TournamentArbiter::assign(conn, t.id, arbiter_user.id).unwrap();
    TournamentArbiter::assign(conn, t.id, arbiter_user.id).unwrap();
    assert!(TournamentArbiter::is_assigned(conn, t.id, arbiter_user.id).unwrap());
    assert!(!TournamentArbiter::is_assigned(conn, t.id, owner.id).unwrap());
    let arbiters = TournamentArbiter::arbiters_of(conn, t.id).unwrap();
    assert_eq!(
        arbiters
            .iter()
            .map(|u| u.username.as_str())
            .collect::<Vec<_>>(),
        ["arno"]
    );
    assert_eq!(
        TournamentRow::for_user(conn, arbiter_user.id, 50)
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        TournamentRow::for_user(conn, owner.id, 50).unwrap().len(),
        1
    );

    let players = NewPlayer::insert_all(
        conn,
        &[
            player(t.id, "Erdős, Pál", 2100),
            player(t.id, "Шаровић, Душан", 2200),
        ],
    )
    .unwrap();
    assert_eq!(players[1].name, "Шаровић, Душан");
    assert_eq!(players[0].fide_id, Some(312_345_678));
    PlayerRow::set_starting_ranks(conn, &[(players[1].id, 1), (players[0].id, 2)]).unwrap();
    ParticipationRow {
        player_id: players[0].id,
        first_round: 1,
        withdrawn_from: Some(2),
        expelled: false,
    }
    .save(conn)
    .unwrap();
    let listed = PlayerRow::for_tournament(conn, t.id).unwrap();
    assert_eq!(
        listed.iter().map(|p| p.starting_rank).collect::<Vec<_>>(),
        [Some(1), Some(2)]
    );
    assert_eq!(
        ParticipationRow::for_tournament(conn, t.id).unwrap()[0].withdrawn_from,
        Some(2)
    );

    let round = NewRound {
        tournament_id: t.id,
        number: 1,
        published: false,
    }
    .insert(conn)
    .unwrap();
    assert!(
        NewRound {
            tournament_id: t.id,
            number: 1,
            published: false
        }
        .insert(conn)
        .is_err()
    );
    Round::set_published(conn, round.id, true).unwrap();
    assert!(Round::by_number(conn, t.id, 1).unwrap().unwrap().published);

    let games: Vec<Game> = [
        NewGame {
            round_id: round.id,
            board: 1,
            white_id: players[1].id,
            black_id: Some(players[0].id),
            result: None,
            colourless: false,
        },
        NewGame {
            round_id: round.id,
            board: 2,
            white_id: players[0].id,
            black_id: None,
            result: Some(BoardResult::PairingAllocatedBye),
            colourless: false,
        },
    ]
    .iter()
    .map(|game| game.insert(conn).unwrap())
    .collect();
    assert_eq!(Game::for_round(conn, round.id).unwrap(), games);
    assert_eq!(Game::for_rounds(conn, &[round.id]).unwrap().len(), 2);

    assert_eq!(Setting::get(conn, "x").unwrap(), None);
    assert_eq!(Setting::get_or_insert(conn, "x", "1").unwrap(), "1");
    assert_eq!(Setting::get_or_insert(conn, "x", "2").unwrap(), "1");
    Setting::set(conn, "x", "3").unwrap();
    assert_eq!(Setting::get(conn, "x").unwrap().as_deref(), Some("3"));
}

#[test]
fn a_pairing_is_saved_whole_or_not_at_all() {
    let ctx = TestContext::new();
    let owner = ctx.create_user("olga", Role::Organiser);
    let mut conn = ctx.conn();
    let conn = &mut *conn;
    let t = tournament(owner.id).insert(conn).unwrap();
    let p = NewPlayer::insert_all(conn, &[player(t.id, "A", 1), player(t.id, "B", 2)]).unwrap();
    let round = NewRound {
        tournament_id: t.id,
        number: 1,
        published: false,
    }
    .insert(conn)
    .unwrap();
    // The second board repeats board number 1: the whole pairing is refused.
    let board = |n| NewGame {
        round_id: round.id,
        board: n,
        white_id: p[0].id,
        black_id: Some(p[1].id),
        result: None,
        colourless: false,
    };
    let saved: Result<(), diesel::result::Error> = write_transaction(conn, |conn| {
        board(1).insert(conn)?;
        board(1).insert(conn)?;
        Ok(())
    });
    assert!(saved.is_err());
    assert!(Game::for_round(conn, round.id).unwrap().is_empty());
    // Foreign keys are enforced (no game for a player that does not exist).
    let ghost = NewGame {
        round_id: round.id,
        board: 3,
        white_id: PlayerRowId(9999),
        black_id: None,
        result: None,
        colourless: false,
    };
    assert!(ghost.insert(conn).is_err());
}

#[test]
fn a_stale_result_edit_is_a_conflict_and_every_change_is_audited() {
    let ctx = TestContext::new();
    let owner = ctx.create_user("olga", Role::Organiser);
    let arno = ctx.create_user("arno", Role::Arbiter);
    let mut conn = ctx.conn();
    let conn = &mut *conn;
    let t = tournament(owner.id).insert(conn).unwrap();
    let p = NewPlayer::insert_all(conn, &[player(t.id, "A", 1), player(t.id, "B", 2)]).unwrap();
    let round = NewRound {
        tournament_id: t.id,
        number: 1,
        published: true,
    }
    .insert(conn)
    .unwrap();
    let game = NewGame {
        round_id: round.id,
        board: 1,
        white_id: p[0].id,
        black_id: Some(p[1].id),
        result: None,
        colourless: false,
    }
    .insert(conn)
    .unwrap();
    assert_eq!(game.version, 0);

    // Both read version 0; Olga saves first, Arno's save is refused and changes nothing.
    let saved = store::set_result(
        conn,
        t.id,
        game.id,
        0,
        Some(BoardResult::WhiteWins),
        Some(owner.id),
    )
    .expect("saved");
    assert_eq!(
        (saved.result(), saved.version()),
        (Some(BoardResult::WhiteWins), 1)
    );
    match store::set_result(
        conn,
        t.id,
        game.id,
        0,
        Some(BoardResult::BlackWins),
        Some(arno.id),
    ) {
        Err(StoreError::Refused(Refusal::ResultConflict(now))) => {
            assert_eq!(now.result(), Some(BoardResult::WhiteWins))
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    // Arno reloads (version 1) and corrects it.
    assert!(
        store::set_result(
            conn,
            t.id,
            game.id,
            1,
            Some(BoardResult::Draw),
            Some(arno.id)
        )
        .is_ok()
    );
    assert!(matches!(
        store::set_result(conn, t.id, GameId(9999), 0, None, Some(arno.id)),
        Err(StoreError::NotFound)
    ));
    // A game of another tournament is not found through this one.
    let other = tournament(owner.id).insert(conn).unwrap();
    assert!(matches!(
        store::set_result(conn, other.id, game.id, 2, None, Some(arno.id)),
        Err(StoreError::NotFound)
    ));

    let audit = AuditEntry::for_game(conn, game.id).unwrap();
    let trail: Vec<_> = audit
        .iter()
        .map(|a| {
            (
                a.user_name.as_str(),
                a.entry.old_value.as_deref(),
                a.entry.new_value.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        trail,
        [
            ("olga", None, Some("1-0")),
            ("arno", Some("1-0"), Some("1/2-1/2"))
        ]
    );
}

#[test]
fn one_result_write_saves_a_team_board_and_a_game_and_audits_both() {
    use arbiter::day::import::{LeaguePlan, TeamFormat};
    use arbiter::day::league::sample::{LeagueShape, league};
    use arbiter::db::models::team_boards::TeamBoardRow;
    use arbiter::db::models::team_matches::TeamMatchRow;
    use arbiter::db::store::BoardRef;
    use arbiter::tournament::system::Cycles;
    use arbiter::tournament::team::{BoardColours, MatchPoints};

    let ctx = TestContext::new();
    let owner = ctx.create_user("olga", Role::Organiser);
    let mut conn = ctx.conn();
    let conn = &mut *conn;

    // An individual event with one game.
    let solo = tournament(owner.id).insert(conn).unwrap();
    let p =
        NewPlayer::insert_all(conn, &[player(solo.id, "A", 1), player(solo.id, "B", 2)]).unwrap();
    let round = NewRound {
        tournament_id: solo.id,
        number: 1,
        published: true,
    }
    .insert(conn)
    .unwrap();
    let game = NewGame {
        round_id: round.id,
        board: 1,
        white_id: p[0].id,
        black_id: Some(p[1].id),
        result: None,
        colourless: false,
    }
    .insert(conn)
    .unwrap();

    // A team league with round 1 played, its line-ups given.
    let event = league(&LeagueShape {
        teams: 4,
        boards: 2,
        reserves: 0,
        cycles: Cycles::Single,
        match_points: MatchPoints::three_one_zero(),
        colours: BoardColours::HomeWhiteOnOdd,
        rounds_played: Some(1),
        incident_rate: 0.0,
        seed: 7,
    })
    .expect("league");
    let new = NewTournament {
        pairing_system: PairingSystem::TeamRoundRobin,
        ..tournament(owner.id)
    };
    let plan = LeaguePlan {
        format: TeamFormat::RoundRobin,
        ranking: None,
        ranking_problem: None,
        schedule: Vec::new(),
    };
    let team = store::import_league(
        conn,
        &new,
        &event,
        &plan,
        &ReportColumns::default(),
        owner.id,
    )
    .expect("imported");
    let matches: Vec<_> = TeamMatchRow::for_tournament(conn, team.id)
        .unwrap()
        .into_iter()
        .filter(|m| m.round == 1 && m.away_id.is_some())
        .map(|m| m.id)
        .collect();
    let board = TeamBoardRow::for_matches(conn, &matches).unwrap()[0].clone();
    assert!(board.white_id.is_some() && board.black_id.is_some());

    // The same store call saves both boards, each under its version lock.
    let boards = [
        (solo.id, BoardRef::Game(game.id), game.version),
        (team.id, BoardRef::Team(board.id), board.version),
    ];
    for (tournament, board, version) in boards {
        let saved = store::set_result(
            conn,
            tournament,
            board,
            version,
            Some(BoardResult::Draw),
            Some(owner.id),
        )
        .expect("saved");
        assert_eq!(
            (saved.result(), saved.version()),
            (Some(BoardResult::Draw), version + 1)
        );
        match store::set_result(
            conn,
            tournament,
            board,
            version,
            Some(BoardResult::WhiteWins),
            Some(owner.id),
        ) {
            Err(StoreError::Refused(Refusal::ResultConflict(now))) => {
                assert_eq!(now.result(), Some(BoardResult::Draw))
            }
            other => panic!("expected a conflict, got {other:?}"),
        }
    }
    // A team board is not found through the individual event, nor a game through the league.
    assert!(matches!(
        store::set_result(conn, solo.id, board.id, 0, None, Some(owner.id)),
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        store::set_result(conn, team.id, game.id, 0, None, Some(owner.id)),
        Err(StoreError::NotFound)
    ));

    let mut last_result = |tournament, action: &str| {
        AuditEntry::for_tournament(conn, tournament)
            .unwrap()
            .into_iter()
            .rfind(|a| a.entry.action == action)
            .map(|a| {
                (
                    a.user_name,
                    a.entry.round,
                    a.entry.board,
                    a.entry.game_id,
                    a.entry.old_value,
                    a.entry.new_value,
                )
            })
    };
    assert_eq!(
        last_result(solo.id, "result"),
        Some((
            "olga".to_owned(),
            Some(1),
            Some(1),
            Some(game.id),
            None,
            Some("1/2-1/2".to_owned())
        ))
    );
    assert_eq!(
        last_result(team.id, "team_result"),
        Some((
            "olga".to_owned(),
            Some(1),
            Some(board.board),
            None,
            board.result.map(|r| r.as_str().to_owned()),
            Some("1/2-1/2".to_owned())
        ))
    );
    let saved = TeamBoardRow::find(conn, board.id).unwrap().expect("board");
    assert_eq!(saved.result, Some(BoardResult::Draw));
}
