//! Live games from electronic boards, through the app: the tournament's feed key (shown once,
//! revocable), the boards' events posted to the feed API and kept as received, the arbiter's
//! console (Art. 9.6.1 fivefold repetition ending a game, Art. 7.5.1 an illegal move that
//! stood, a claim hint of Art. 9.2 for the arbiter only), its Server-Sent Events, the arbiter's
//! correction (audited, refused when it does not fit the game), an alert confirmed, a held
//! press resolved by the arbiter, the ended game kept as the board's game score with its
//! proposed result on the round page, and the public broadcast (PGN and page) delayed by the
//! tournament's delay, without alerts or hints. Every refusal of the feed says
//! why (401, 404, 409, 422 naming the line).

mod common;
#[path = "day_support/live_feeds.rs"]
mod live_feeds;
#[path = "day_support/setup.rs"]
mod setup;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter::db::models::TournamentId;
use arbiter::formats::live_feed::{BoardEvent, feed_of_moves};
use arbiter::rules::san::{Lang, parse_move};
use arbiter::rules::{Color, Position, Square};
use common::TestContext;
use live_feeds::{board_event, illegal_move_feed};

/// The feed API's request for `board` of round 1 with `key` and `lines`.
fn feed(id: i32, board: i32, key: &str, lines: &str) -> test::TestRequest {
    test::TestRequest::post()
        .uri(&format!("/api/v1/live/{id}/rounds/1/boards/{board}"))
        .insert_header((header::AUTHORIZATION, format!("Bearer {key}")))
        .insert_header((header::CONTENT_TYPE, "application/x-ndjson"))
        .set_payload(lines.to_owned())
}

fn lines(events: &[BoardEvent]) -> String {
    events
        .iter()
        .map(BoardEvent::to_line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Board 1's moves: the knights out and back four times — the starting position for the
/// fifth time at ply 16 (Art. 9.6.1); the third time at ply 8 makes a 9.2 claim correct.
const FIVEFOLD: [&str; 16] = [
    "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3",
    "Nf6", "Ng1", "Ng8",
];

#[actix_web::test]
async fn art_7_5_1_and_9_6_1_boards_fed_live_reach_the_console_and_the_public_only_delayed() {
    let ctx = TestContext::new();
    let event = setup::event(
        &ctx,
        &["Alfa, Anna", "Beta, Boris", "Gama, Gita", "Delta, Dan"],
        3,
        0,
    );
    let id = event.tournament.id.0;
    ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1), (2, 3)]));
    let mut orga = ctx.logged_in("orga").await;
    let mut visitor = ctx.client().await;
    let console = format!("/tournaments/{id}/rounds/1/console");

    // Nothing fed yet; no key: the feed is refused.
    let page = orga.get(&console).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.attrs("#console tbody tr", "data-state"),
        ["waiting", "waiting"]
    );
    let no_key = visitor
        .send(feed(id, 1, "0123456789abcdef0123456789abcdef", "{}"))
        .await;
    assert_eq!(no_key.status, StatusCode::UNAUTHORIZED, "{}", no_key.body);

    // The organiser issues the feed key: shown once.
    let issued = orga
        .post(
            &format!("/tournaments/{id}/live/key"),
            &[("action", "new"), ("round", "1")],
        )
        .await;
    assert_eq!(issued.status, StatusCode::OK, "{}", issued.body);
    let key = issued.text("#feed-key").expect("the key, shown once");
    assert!(!orga.get(&console).await.body.contains(&key), "shown once");

    // Board 1 in two parts (the game followed as it grows); board 2 with its illegal move.
    let board_1 = feed_of_moves("B1", &FIVEFOLD, 0, 1_000).expect("a feed");
    let first = visitor.send(feed(id, 1, &key, &lines(&board_1[..9]))).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let answer: serde_json::Value = serde_json::from_str(&first.body).expect("json");
    assert_eq!(
        (answer["kept"].as_u64(), answer["plies"].as_u64()),
        (Some(9), Some(8))
    );
    let rest = visitor.send(feed(id, 1, &key, &lines(&board_1[9..]))).await;
    let answer: serde_json::Value = serde_json::from_str(&rest.body).expect("json");
    assert_eq!(answer["state"], "ended", "{}", rest.body);
    let second = visitor
        .send(feed(id, 2, &key, &lines(&illegal_move_feed(&["e5"]))))
        .await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.body);

    // The console: board 1 ended by Art. 9.6.1 with the 9.2 hint; board 2's illegal move
    // (Art. 7.5.1, Black) queued at the top.
    let page = orga.get(&console).await;
    assert_eq!(
        page.attrs("#console tbody tr", "data-state"),
        ["ended", "playing"]
    );
    let row_1 = page.text("#board-1").expect("board 1");
    assert!(
        row_1.contains("Art. 9.6.1") && row_1.contains("½-½"),
        "{row_1}"
    );
    let claims = page.texts("#board-1 td.claims li");
    assert!(
        claims
            .iter()
            .any(|c| c.contains("Art. 9.2") && c.contains("third time")),
        "{claims:?}"
    );
    let queued = page.texts("#alerts li");
    assert_eq!(queued.len(), 1, "{queued:?}");
    assert!(
        queued[0].contains("Board 2")
            && queued[0].contains("Art. 7.5.1")
            && queued[0].contains("Black"),
        "{queued:?}"
    );
    assert!(
        page.text("#board-2 .last-move")
            .expect("move")
            .contains("1… e5")
    );

    // The arbiter confirms the illegal move (the position reinstated, the penalty given): it
    // leaves the queue, marked confirmed on its board, audited; an alert that is not there
    // is refused in words.
    orga.post(
        &format!("{console}/2/confirm"),
        &[
            ("ply", "2"),
            ("alert", "illegal_move"),
            ("reason", "Position reinstated, two minutes to White"),
        ],
    )
    .await
    .assert_redirect(&format!("{console}#board-2"));
    let page = orga.get(&console).await;
    assert!(page.texts("#alerts li").is_empty(), "{}", page.body);
    let confirmed = page.texts("#board-2 td.alerts li.confirmed");
    assert!(
        confirmed.len() == 1 && confirmed[0].contains("confirmed"),
        "{confirmed:?}"
    );
    let no_such = orga
        .post(
            &format!("{console}/2/confirm"),
            &[("ply", "9"), ("alert", "illegal_move")],
        )
        .await;
    assert_eq!(no_such.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        no_such.body.contains("no such alert at half-move 9"),
        "{}",
        no_such.body
    );

    // Board 1's game ended: it is the board's game score, and the round page proposes its
    // result to the arbiter (who still enters it) — not to the public.
    let (score, audited) = ctx.with_conn(|conn| {
        let round = arbiter::db::models::Round::by_number(conn, TournamentId(id), 1)
            .expect("round")
            .expect("round 1");
        let game = arbiter::db::models::Game::on_board(conn, round.id, 1)
            .expect("game")
            .expect("board 1");
        let score = arbiter::db::models::tournament_day::GameScore::get(conn, game.id)
            .expect("score")
            .expect("board 1's game score");
        let audited = arbiter::db::models::AuditEntry::for_tournament(conn, TournamentId(id))
            .expect("audit")
            .into_iter()
            .filter(|row| row.entry.action == "live_game_score")
            .count();
        (score, audited)
    });
    assert_eq!(score.source, "live");
    assert!(
        score.movetext.starts_with("1. Nf3 Nf6 2. Ng1 Ng8")
            && score.movetext.ends_with("8. Ng1 Ng8 1/2-1/2"),
        "{}",
        score.movetext
    );
    assert_eq!(
        (
            score.proposed_result.as_deref(),
            score.proposed_by.as_deref()
        ),
        (Some("1/2-1/2"), Some("fivefold"))
    );
    assert_eq!(audited, 1, "the score is written once");
    let round_page = orga.get(&format!("/tournaments/{id}/rounds/1")).await;
    let proposed = round_page.text("#proposed-1").expect("a proposed result");
    assert!(
        proposed.contains("½-½") && proposed.contains("Art. 9.6.1"),
        "{proposed}"
    );
    assert!(round_page.text("#proposed-2").is_none());
    // In Czech: the articles and the pieces in the Czech words and letters.
    orga.get("/lang/cs?next=/").await;
    let cs = orga.get(&console).await;
    assert!(cs.text("#board-1").expect("board 1").contains("čl. 9.6.1"));
    assert!(
        cs.text("#board-1 .last-move")
            .expect("move")
            .contains("8… Jg8")
    );
    orga.get("/lang/en?next=/").await;

    // The public: no console; the broadcast delayed by 15 minutes has no move yet.
    assert_ne!(visitor.get(&console).await.status, StatusCode::OK);
    assert_ne!(
        visitor.get(&format!("{console}/1")).await.status,
        StatusCode::OK
    );
    let pgn = visitor
        .get(&format!("/tournaments/{id}/rounds/1/broadcast.pgn"))
        .await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(!pgn.body.contains("1. Nf3"), "delayed: {}", pgn.body);
    let games = format!("/tournaments/{id}/rounds/1/games");
    let watch = visitor.get(&games).await;
    assert_eq!(watch.status, StatusCode::OK, "{}", watch.body);
    assert_eq!(watch.texts("#watch-1 ol.moves li").len(), 0, "delayed");
    assert!(watch.text("#watch-1 .empty").is_some());
    let public_round = visitor.get(&format!("/tournaments/{id}/rounds/1")).await;
    assert!(public_round.text("#live-games-link").is_some());
    assert!(
        public_round.text("#proposed-1").is_none(),
        "the arbiter's only"
    );
    // Without delay: the moves, never the alerts or the hints.
    orga.post(
        &format!("/tournaments/{id}/live/delay"),
        &[("minutes", "0"), ("round", "1")],
    )
    .await
    .assert_redirect(&console);
    let pgn = visitor
        .get(&format!("/tournaments/{id}/rounds/1/broadcast.pgn"))
        .await;
    assert!(
        pgn.body.contains("1. Nf3 Nf6 2. Ng1 Ng8") && pgn.body.contains("1. e4 e5"),
        "{}",
        pgn.body
    );
    assert!(pgn.body.contains("[White \"Alfa, Anna\"]"), "{}", pgn.body);
    for secret in ["9.6.1", "7.5.1", "claim"] {
        assert!(!pgn.body.contains(secret), "{secret} in {}", pgn.body);
    }
    let watch = visitor.get(&games).await;
    assert_eq!(
        watch.texts("#watch-1 ol.moves li")[..2],
        ["Nf3 Nf6", "Ng1 Ng8"]
    );
    assert_eq!(watch.texts("#watch-2 ol.moves li"), ["e4 e5"]);
    for secret in ["9.6.1", "7.5.1", "9.2", "claim", "proposed", "confirmed"] {
        assert!(!watch.body.contains(secret), "{secret} on the public page");
    }
    let bad_delay = orga
        .post(
            &format!("/tournaments/{id}/live/delay"),
            &[("minutes", "1441"), ("round", "1")],
        )
        .await;
    assert_eq!(bad_delay.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The arbiter corrects board 2 (the scoresheet says 1… c5): the mainline replaced,
    // audited; a correction that does not fit the game is refused; no CSRF, no write.
    let corrected = orga
        .post(
            &format!("{console}/2/correct"),
            &[
                ("from_ply", "2"),
                ("moves", "c5"),
                ("reason", "The scoresheet says c5"),
            ],
        )
        .await;
    corrected.assert_redirect(&format!("{console}/2"));
    let board = orga.get(&format!("{console}/2")).await;
    assert_eq!(board.texts("#moves li"), ["e4 c5"]);
    // The arbiter's two entries: the confirmation and the correction.
    assert!(board.texts("#log tr.operator").len() == 2, "{}", board.body);
    assert!(
        board.texts("#log tbody tr").len() >= 7,
        "the raw log is kept"
    );
    let wrong = orga
        .post(
            &format!("{console}/2/correct"),
            &[("from_ply", "2"), ("moves", "c5 Qxh8"), ("reason", "typo")],
        )
        .await;
    assert_eq!(
        wrong.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        wrong.body
    );
    assert!(wrong.body.contains("Qxh8"), "{}", wrong.body);
    let forged = orga
        .post_raw(
            &format!("{console}/2/correct"),
            &[("from_ply", "1"), ("moves", "d4"), ("reason", "x")],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let audited = ctx.with_conn(|conn| {
        arbiter::db::models::AuditEntry::for_tournament(conn, TournamentId(id))
            .expect("audit")
            .into_iter()
            .filter(|row| row.entry.action == "live_correction")
            .count()
    });
    assert_eq!(audited, 1);

    // The console's events: a move on board 2 reaches an open event stream.
    let port = webdriver::serve(ctx.state.clone());
    let cookie = orga
        .cookies()
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join("; ");
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        stream,
        "GET {console}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("request");
    let mut position = Position::new();
    for san in ["e4", "c5", "Nf3"] {
        let m = parse_move(&position, san, Lang::En).expect("a move");
        position.play_unchecked(m);
    }
    let nf3 = board_event(position.board(), Color::Black, 6_000);
    // The stream is open once its headers came back.
    let mut seen = String::new();
    let started = Instant::now();
    let mut buffer = [0u8; 4096];
    while !seen.contains("\r\n\r\n") {
        let read = stream.read(&mut buffer).expect("the headers");
        seen.push_str(&String::from_utf8_lossy(&buffer[..read]));
    }
    assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
    assert!(seen.contains("text/event-stream"), "{seen}");
    let moved = visitor.send(feed(id, 2, &key, &nf3.to_line())).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    while !seen.contains("event: board") {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no event: {seen}"
        );
        let read = stream.read(&mut buffer).expect("an event");
        seen.push_str(&String::from_utf8_lossy(&buffer[..read]));
    }
    let data = seen
        .split("event: board\ndata: ")
        .nth(1)
        .and_then(|rest| rest.split('\n').next())
        .expect("the event's data");
    let line: serde_json::Value = serde_json::from_str(data).expect("json");
    assert_eq!(line["board"], 2);
    assert_eq!(line["last_move"], "2. Nf3");

    // A held press: Black plays 2… d6 while a White pawn lies knocked over (no legal move's
    // placement); the console says "to confirm", the arbiter resolves it as the move.
    let mut knocked = position.clone();
    let d6 = parse_move(&knocked, "d6", Lang::En).expect("d6");
    knocked.play_unchecked(d6);
    let mut board = knocked.board().clone();
    board
        .remove_piece_at(Square::new(15).expect("h2"))
        .expect("the h-pawn");
    let held = visitor
        .send(feed(
            id,
            2,
            &key,
            &board_event(&board, Color::White, 7_000).to_line(),
        ))
        .await;
    let answer: serde_json::Value = serde_json::from_str(&held.body).expect("json");
    assert_eq!(answer["state"], "held", "{}", held.body);
    let page = orga.get(&format!("{console}/2")).await;
    assert_eq!(page.attrs("#board-state", "data-state"), ["held"]);
    let resolved = orga
        .post(
            &format!("{console}/2/resolve"),
            &[
                ("resolution", "move"),
                ("san", "d6"),
                ("reason", "The h-pawn was knocked over"),
            ],
        )
        .await;
    resolved.assert_redirect(&format!("{console}/2"));
    let page = orga.get(&format!("{console}/2")).await;
    assert_eq!(page.texts("#moves li"), ["e4 c5", "Nf3 d6"]);
    let nothing_held = orga
        .post(
            &format!("{console}/2/resolve"),
            &[("resolution", "none"), ("reason", "again")],
        )
        .await;
    assert_eq!(nothing_held.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Refusals of the feed, each saying why; a revoked key stops working.
    let broken = visitor
        .send(feed(
            id,
            2,
            &key,
            &format!("{}\n{{\"serialnr\": 5", nf3.to_line()),
        ))
        .await;
    assert_eq!(broken.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(broken.body.contains("line 2"), "{}", broken.body);
    let nowhere = visitor.send(feed(id, 9, &key, &nf3.to_line())).await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND, "{}", nowhere.body);
    orga.post(
        &format!("/tournaments/{id}/live/key"),
        &[("action", "revoke"), ("round", "1")],
    )
    .await
    .assert_redirect(&console);
    let revoked = visitor.send(feed(id, 2, &key, &nf3.to_line())).await;
    assert_eq!(revoked.status, StatusCode::UNAUTHORIZED, "{}", revoked.body);
}
