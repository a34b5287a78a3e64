//! Live games from sources of moves, through the app: a PGN game posted to a board as it grows
//! (the same moves from three readings; a reading polled again adds nothing to the log; the
//! source correcting itself; an illegal move refused by name), a LiveChess Cloud game file on a
//! board, a board fed by a source refusing an electronic board's events (and the reverse), a
//! round's PGN whose games are linked to their boards by the `Board` tag or by the players'
//! names (a game of unknown players reported, not an error for the others), the source's result
//! proposed on the console — and `arbiter live relay --once` posting a folder of PGN files to a
//! server on a local port.

mod common;
#[path = "day_support/setup.rs"]
mod setup;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use std::process::Command;

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter::db::models::live_events::LiveEventRow;
use arbiter::formats::live_feed::feed_of_moves;
use common::TestContext;

const PLAYERS: [&str; 6] = [
    "Novák, Jan",
    "Kovács, Péter",
    "Šťastná, Eva",
    "Jovanović, Dušan",
    "Horváth, Anna",
    "Dvořák, Petr",
];

/// A post of `body` as `content_type` to `path` with the feed key.
fn post(path: &str, key: &str, content_type: &str, body: &str) -> test::TestRequest {
    test::TestRequest::post()
        .uri(path)
        .insert_header((header::AUTHORIZATION, format!("Bearer {key}")))
        .insert_header((header::CONTENT_TYPE, content_type.to_owned()))
        .set_payload(body.to_owned())
}

/// One PGN game between board 1's players with `moves` (movetext) and `result`.
fn board_1_pgn(moves: &str, result: &str) -> String {
    format!(
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
    )
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"))
}

/// The round paired 1–2, 3–4, 5–6 on boards 1 to 3, and the tournament's feed key.
async fn paired_with_key(ctx: &TestContext) -> (i32, String) {
    let event = setup::event(ctx, &PLAYERS, 3, 0);
    let id = event.tournament.id.0;
    ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3), (4, 5)]));
    let mut orga = ctx.logged_in("orga").await;
    let issued = orga
        .post(
            &format!("/tournaments/{id}/live/key"),
            &[("action", "new"), ("round", "1")],
        )
        .await;
    assert_eq!(issued.status, StatusCode::OK, "{}", issued.body);
    (id, issued.text("#feed-key").expect("the key, shown once"))
}

fn log_length(ctx: &TestContext, id: i32, board: i32) -> usize {
    ctx.with_conn(|conn| {
        LiveEventRow::of_board(
            conn,
            arbiter::db::models::TournamentId(id),
            1,
            board,
            0,
            None,
        )
        .expect("the log")
        .len()
    })
}

#[actix_web::test]
async fn a_pgn_growing_on_a_board_a_livechess_cloud_game_and_a_rounds_pgn_linked_by_tag_and_name() {
    let ctx = TestContext::new();
    let (id, key) = paired_with_key(&ctx).await;
    let mut feed = ctx.client().await;
    let board_1 = format!("/api/v1/live/{id}/rounds/1/boards/1");
    const PGN: &str = "application/x-chess-pgn";

    // Three readings of a growing PGN: the same moves; the third polled again adds nothing.
    for (moves, plies, kept) in [
        ("1. e4 {[%clk 1:29:50]} e5", 2, 1),
        ("1. e4 e5 2. Nf3 (2. Nc3) Nc6", 4, 1),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 {[%clk 1:25:00]} a6", 6, 1),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 {[%clk 1:25:00]} a6", 6, 0),
    ] {
        let answer = feed
            .send(post(&board_1, &key, PGN, &board_1_pgn(moves, "*")))
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        let answer = json(&answer.body);
        assert_eq!(
            (answer["plies"].as_u64(), answer["kept"].as_u64()),
            (Some(plies), Some(kept)),
            "{moves}: {answer}"
        );
    }
    assert_eq!(log_length(&ctx, id, 1), 3);

    // The source corrects itself: 3… a6 becomes 3… Nf6, no leftover variation.
    let corrected = feed
        .send(post(
            &board_1,
            &key,
            PGN,
            &board_1_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O", "*"),
        ))
        .await;
    assert_eq!(json(&corrected.body)["plies"], 7, "{}", corrected.body);

    // An illegal move is refused by name, and nothing is kept.
    let illegal = feed
        .send(post(
            &board_1,
            &key,
            PGN,
            &board_1_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Ke6", "*"),
        ))
        .await;
    assert_eq!(
        illegal.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        illegal.body
    );
    assert!(illegal.body.contains("Ke6"), "{}", illegal.body);
    assert_eq!(log_length(&ctx, id, 1), 4);

    // A board fed by a source refuses an electronic board's events.
    let events = feed_of_moves("B1", &["e4"], 0, 1_000).expect("a feed");
    let lines: Vec<String> = events.iter().map(|e| e.to_line()).collect();
    let mixed = feed
        .send(post(
            &board_1,
            &key,
            "application/x-ndjson",
            &lines.join("\n"),
        ))
        .await;
    assert_eq!(
        mixed.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        mixed.body
    );
    assert!(mixed.body.contains("source of moves"), "{}", mixed.body);

    // Board 2 from its electronic board refuses a source's moves.
    let board_2 = format!("/api/v1/live/{id}/rounds/1/boards/2");
    let by_board = feed
        .send(post(
            &board_2,
            &key,
            "application/x-ndjson",
            &lines.join("\n"),
        ))
        .await;
    assert_eq!(by_board.status, StatusCode::OK, "{}", by_board.body);
    let lcc = r#"{"live": true, "result": null, "clock": {"run": true, "white": 5390, "black": 5400},
        "moves": ["e4 5999+30", "c5 5980+30"]}"#;
    let refused = feed
        .send(post(&board_2, &key, "application/json", lcc))
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("electronic board"),
        "{}",
        refused.body
    );

    // A LiveChess Cloud game file on board 3, then its result: proposed, shown on the console.
    let board_3 = format!("/api/v1/live/{id}/rounds/1/boards/3");
    let answer = feed
        .send(post(&board_3, &key, "application/json", lcc))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(json(&answer.body)["plies"], 2);
    let ended = lcc
        .replace("\"result\": null", "\"result\": \"DRAW\"")
        .replace("\"live\": true", "\"live\": false");
    let answer = feed
        .send(post(&board_3, &key, "application/json", &ended))
        .await;
    assert_eq!(json(&answer.body)["state"], "ended", "{}", answer.body);
    let mut orga = ctx.logged_in("orga").await;
    let console = orga
        .get(&format!("/tournaments/{id}/rounds/1/console"))
        .await;
    assert_eq!(console.status, StatusCode::OK, "{}", console.body);
    assert_eq!(
        console.attrs("#board-3 td.alerts li", "data-kind"),
        ["source_result"]
    );
    let row_3 = console.text("#board-3").expect("board 3");
    assert!(row_3.contains("½-½"), "{row_3}");

    // Board 2's clock stopped during the game (Art. 6.11.2): the arbiter is called, queued at
    // the top of the console, once however many stopped readings come.
    let mut stopped = events.last().expect("an event").clone();
    if let Some(clock) = stopped.clock.as_mut() {
        clock.run = None;
    }
    let twice = [stopped.to_line(), stopped.to_line()].join("\n");
    let answer = feed
        .send(post(&board_2, &key, "application/x-ndjson", &twice))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let console = orga
        .get(&format!("/tournaments/{id}/rounds/1/console"))
        .await;
    let queued = console.texts("#alerts li");
    assert_eq!(queued.len(), 1, "{queued:?}");
    assert!(
        queued[0].contains("Board 2")
            && queued[0].contains("Art. 6.11.2")
            && queued[0].contains("arbiter's assistance"),
        "{queued:?}"
    );

    // A round's PGN: a game with its Board tag, one linked by the players' names (written
    // without accents, given name first), one of players the round does not have.
    let round_pgn = concat!(
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Board \"1\"]\n\n",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 *\n\n",
        "[White \"Eva Stastna\"]\n[Black \"JOVANOVIC, Dusan\"]\n\n1. d4 *\n\n",
        "[White \"Doe, John\"]\n[Black \"Roe, Jane\"]\n\n1. c4 *\n\n",
    );
    let answer = feed
        .send(post(
            &format!("/api/v1/live/{id}/rounds/1/pgn"),
            &key,
            PGN,
            round_pgn,
        ))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let games = json(&answer.body)["games"].clone();
    assert_eq!(games[0]["board"], 1, "{games}");
    assert_eq!(games[0]["plies"], 8, "{games}");
    // Board 2 is fed by its electronic board: linked, and refused with the reason.
    assert_eq!(games[1]["board"], 2, "{games}");
    assert!(
        games[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("electronic board")),
        "{games}"
    );
    assert_eq!(games[2]["board"], serde_json::Value::Null, "{games}");
    assert!(
        games[2]["error"]
            .as_str()
            .is_some_and(|e| e.contains("not linked") && e.contains("Doe, John")),
        "{games}"
    );

    // The same key and refusals as the board endpoint.
    let no_key = feed
        .send(post(
            &format!("/api/v1/live/{id}/rounds/1/pgn"),
            "0123456789abcdef0123456789abcdef",
            PGN,
            round_pgn,
        ))
        .await;
    assert_eq!(no_key.status, StatusCode::UNAUTHORIZED);
    let unpaired = feed
        .send(post(
            &format!("/api/v1/live/{id}/rounds/2/pgn"),
            &key,
            PGN,
            round_pgn,
        ))
        .await;
    assert_eq!(unpaired.status, StatusCode::NOT_FOUND, "{}", unpaired.body);
    let empty = feed
        .send(post(
            &format!("/api/v1/live/{id}/rounds/1/pgn"),
            &key,
            PGN,
            "  \n",
        ))
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let two = feed.send(post(&board_1, &key, PGN, round_pgn)).await;
    assert_eq!(two.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", two.body);
}

#[actix_web::test]
async fn arbiter_live_relay_once_posts_a_folder_of_pgn_files_and_the_server_keeps_only_what_changed()
 {
    let ctx = TestContext::new();
    let (id, key) = paired_with_key(&ctx).await;
    let port = webdriver::serve(ctx.state.clone());
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(
        dir.path().join("board1.pgn"),
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Round \"1.1\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .expect("written");
    std::fs::write(
        dir.path().join("others.pgn"),
        concat!(
            "[White \"Šťastná, Eva\"]\n[Black \"Jovanović, Dušan\"]\n\n",
            "1. d4 {[%clk 1:30:00]} d5 {[%clk 1:29:00]} *\n\n",
            "[White \"Doe, John\"]\n[Black \"Roe, Jane\"]\n[WhiteFideId \"1\"]\n\n1. c4 *\n",
        ),
    )
    .expect("written");
    std::fs::write(dir.path().join("notes.txt"), "not a PGN").expect("written");
    let relay = |dir: &std::path::Path| {
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["live", "relay", "--once", "--pgn"])
            .arg(dir)
            .args(["--to", &webdriver::base_url(port)])
            .args(["--tournament", &id.to_string(), "--round", "1"])
            .env("ARBITER_FEED_KEY", &key)
            .output()
            .expect("arbiter runs");
        assert!(
            output.status.success(),
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let printed = relay(dir.path());
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 3, "{printed}");
    assert!(lines[0].starts_with("board 1: 3 plies"), "{printed}");
    assert!(lines[1].starts_with("board 2: 2 plies"), "{printed}");
    // Players the round does not have (and a FIDE id nobody has): not linked, said why.
    assert!(
        lines[2].contains("others.pgn#2") && lines[2].contains("no board"),
        "{printed}"
    );
    assert_eq!(log_length(&ctx, id, 1), 1);
    assert_eq!(log_length(&ctx, id, 2), 1);
    assert_eq!(log_length(&ctx, id, 3), 0);
    // Each --once run starts afresh and posts everything again: the server keeps nothing new.
    relay(dir.path());
    assert_eq!(log_length(&ctx, id, 1), 1);
    // One file, grown: its game posted, kept once more.
    let file = dir.path().join("board1.pgn");
    std::fs::write(
        &file,
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Round \"1.1\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
    )
    .expect("written");
    let printed = relay(&file);
    assert!(printed.starts_with("board 1: 4 plies"), "{printed}");
    assert_eq!(log_length(&ctx, id, 1), 2);
}

#[actix_web::test]
async fn arbiter_live_relay_follows_a_livechess_cloud_folder_and_posts_only_what_changed() {
    let ctx = TestContext::new();
    let (id, key) = paired_with_key(&ctx).await;
    let port = webdriver::serve(ctx.state.clone());
    let dir = tempfile::tempdir().expect("a folder");
    let round = dir.path().join("round-1");
    std::fs::create_dir_all(&round).expect("a folder");
    std::fs::write(
        dir.path().join("tournament.json"),
        r#"{"name": "Open Day", "rounds": [{"count": 3, "live": 2}, {"count": 0, "live": 0}]}"#,
    )
    .expect("written");
    std::fs::write(
        round.join("index.json"),
        r#"{"pairings": [
            {"white": {"fname": "Jan", "lname": "Novák", "fideid": 0}, "black": {"fname": "Péter", "lname": "Kovács", "fideid": 0}, "result": "*"},
            {"white": {"fname": "Eva", "lname": "Šťastná"}, "black": {"fname": "Dušan", "lname": "Jovanović"}, "result": "*"},
            {"white": {"fname": "Anna", "lname": "Horváth"}, "black": {"fname": "Petr", "lname": "Dvořák"}, "result": "*"}]}"#,
    )
    .expect("written");
    let game = |moves: &str| {
        let moves: Vec<String> = moves
            .split_whitespace()
            .map(|san| format!("\"{san} 5400+30\""))
            .collect();
        format!(
            r#"{{"live": true, "result": null, "clock": {{"run": true, "white": 5300, "black": 5350}}, "moves": [{}]}}"#,
            moves.join(", ")
        )
    };
    std::fs::write(round.join("game-1.json"), game("e4 e5 Nf3")).expect("written");
    std::fs::write(round.join("game-2.json"), game("d4")).expect("written");
    // Board 3 has not started: no game file yet.
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["live", "relay", "--every", "1", "--livechesscloud"])
        .arg(dir.path())
        .args(["--to", &webdriver::base_url(port)])
        .args(["--tournament", &id.to_string(), "--round", "1"])
        .args(["--key", &key])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    let stdout = child.stdout.take().expect("its output");
    let (sender, lines) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            let _ = sender.send(line);
        }
    });
    let next = || {
        lines
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("a line from the relay")
    };
    let first = [next(), next()];
    assert!(
        first[0].starts_with("board 1: 3 plies (Novák, Jan – Kovács, Péter)"),
        "{first:?}"
    );
    assert!(first[1].starts_with("board 2: 1 plies"), "{first:?}");
    // Board 2 grows: only it is posted again.
    std::fs::write(round.join("game-2.json"), game("d4 d5")).expect("written");
    let grown = next();
    assert!(grown.starts_with("board 2: 2 plies"), "{grown}");
    std::thread::sleep(std::time::Duration::from_millis(2_500));
    let extra: Vec<String> = lines.try_iter().collect();
    child.kill().expect("the relay stops");
    let _ = child.wait();
    assert!(extra.is_empty(), "{extra:?}");
    assert_eq!(log_length(&ctx, id, 1), 1);
    assert_eq!(log_length(&ctx, id, 2), 2);
    assert_eq!(log_length(&ctx, id, 3), 0);
}
