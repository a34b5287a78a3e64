//! Data migrations carry what earlier releases stored: a database made by the migrations up to
//! `2026-11-22-000200` (withdrawal and late entry as flags on players, result changes in
//! `result_audit`) is migrated by `2026-11-25-000300_one_day_store` into the one participation
//! model and the one audit log, nothing lost. Runs on SQLite, and on PostgreSQL in CI.

mod common;

use arbiter::db::domain::TournamentData;
use arbiter::db::models::{AuditEntry, TournamentId};
use arbiter::db::{self, run_migrations, run_migrations_through};
use common::TestDb;
use diesel::connection::SimpleConnection;

#[test]
fn migration_one_day_store_moves_player_flags_and_result_history() {
    let test_db = TestDb::new();
    let mut conn = db::establish(&test_db.url).expect("connect");
    run_migrations_through(&mut conn, "2026-11-22-000200_game_score_lang").expect("old schema");
    conn.batch_execute(
        "INSERT INTO users (id, username, display_name, password_hash, role, active, created_at)
             VALUES (1, 'olga', 'Olga', 'x', 'organiser', TRUE, '2026-11-21 10:00:00');
         INSERT INTO tournaments (id, name, start_date, end_date, rounds, pairing_system,
                                  owner_id, created_at)
             VALUES (1, 'Open', '2026-11-21', '2026-11-23', 7, 'swiss_dutch', 1,
                     '2026-11-21 10:00:00');
         INSERT INTO players (id, tournament_id, name, starting_rank, late_entry, withdrawn,
                              created_at)
             VALUES (1, 1, 'Alpha, A', 1, FALSE, FALSE, '2026-11-21 10:00:00'),
                    (2, 1, 'Beta, B', 2, FALSE, TRUE, '2026-11-21 10:00:00'),
                    (3, 1, 'Gamma, C', NULL, TRUE, FALSE, '2026-11-21 10:00:00'),
                    (4, 1, 'Delta, D', 3, FALSE, TRUE, '2026-11-21 10:00:00');
         INSERT INTO player_participation (player_id, first_round, withdrawn_from)
             VALUES (4, 1, 5);
         INSERT INTO rounds (id, tournament_id, number, published)
             VALUES (1, 1, 1, TRUE), (2, 1, 2, FALSE);
         INSERT INTO games (id, round_id, board, white_id, black_id, result, version, updated_at)
             VALUES (1, 1, 1, 1, 2, '1-0', 2, '2026-11-21 12:00:00'),
                    (2, 2, 1, 2, 1, NULL, 0, '2026-11-21 12:00:00');
         INSERT INTO result_audit (game_id, user_id, changed_at, old_result, new_result)
             VALUES (1, 1, '2026-11-21 11:00:00', NULL, '0-1'),
                    (1, 1, '2026-11-21 11:05:00', '0-1', '1-0');",
    )
    .expect("data as the earlier release stored it");
    run_migrations(&mut conn).expect("migrated");

    let data = TournamentData::load(&mut conn, TournamentId(1))
        .expect("load")
        .expect("the tournament");
    assert_eq!(data.tournament.revision, 0);
    let withdrawn: Vec<(i32, Option<i32>)> = data
        .players
        .iter()
        .map(|p| (p.id.0, data.withdrawn_from(p.id)))
        .collect();
    // Beta was withdrawn by the flag only: from the next unpaired round (3). Delta had both a
    // flag and a row: the row's round stays.
    assert_eq!(
        withdrawn,
        [(1, None), (2, Some(3)), (4, Some(5)), (3, None)]
    );
    let gamma = data.players.iter().find(|p| p.id.0 == 3).expect("Gamma");
    assert_eq!(
        data.participation_of(gamma.id).first_round,
        3,
        "late entry from round 3"
    );

    let history = AuditEntry::for_game(&mut conn, arbiter::db::models::GameId(1)).expect("read");
    let trail: Vec<_> = history
        .iter()
        .map(|row| {
            (
                row.user_name.as_str(),
                row.entry.round,
                row.entry.board,
                row.entry.old_value.as_deref(),
                row.entry.new_value.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        trail,
        [
            ("Olga", Some(1), Some(1), None, Some("0-1")),
            ("Olga", Some(1), Some(1), Some("0-1"), Some("1-0"))
        ]
    );
}
