//! Uploads on tournament day, through the real app with `multipart/form-data` bodies as a
//! browser sends them: a TRF-2026 file becomes a new tournament (players, rounds, results),
//! a bad one is refused with its line and column; a game score uploaded or pasted (PGN, or a
//! move list in the scoresheet's language, Laws Appendix C.3) shows the rules core's report
//! next to the result, a disagreement with the signed result is a warning and never changes it
//! (Art. 8.7), and the round's PGN export carries English letters.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::{Role, TournamentId, TournamentRow};
use arbiter::formats::trf;
use arbiter::tournament::model::GameResult;
use common::{PASSWORD, TestContext, multipart, multipart_bytes, upload};

#[actix_web::test]
async fn trf26_upload_creates_a_tournament_and_bad_files_say_line_and_column() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/dutch/n16_r9_s1/full.trf"
    ))
    .expect("sample");
    let source = trf::parse(&text).expect("valid sample");

    // A broken player line: the rating is not a number.
    let bad = text.replacen("2693", "26x3", 1);
    let refused = client.import_trf("bad.trf", &bad).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let message = refused.texts(".errors li").join(" ");
    assert!(message.starts_with("Line 2, column "), "{message}");
    assert_eq!(
        ctx.with_conn(|conn| TournamentRow::all(conn, i64::MAX).expect("list").len()),
        0,
        "nothing stored"
    );
    // A game named by one player only (round 1: player 1 names 5, who plays someone else):
    // refused with the line and column, in the visitor's language.
    let source_first = text
        .lines()
        .find(|line| line.starts_with("001"))
        .expect("player 1");
    let opponent = &source_first[91..95];
    let unmatched = text.replacen(
        source_first,
        &format!("{}{:>4}{}", &source_first[..91], 5, &source_first[95..]),
        1,
    );
    assert_ne!(
        opponent.trim(),
        "5",
        "the sample's player 1 meets another player in round 1"
    );
    client.accept_language = Some("cs".to_owned());
    let refused = client.import_trf("bad.trf", &unmatched).await;
    client.accept_language = None;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.texts(".errors li"),
        ["Řádek 2, sloupec 92: kolo 1: hráč 1 je nalosován proti 5, ale 5 není nalosován proti 1"]
    );
    // Without the CSRF token: refused.
    let forged = client
        .send(upload(
            "/tournaments/import",
            multipart(&[], Some(("file", "t.trf", &text))),
        ))
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);

    let created = client.import_trf("full.trf", &text).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    assert_eq!(data.tournament.name, "AutoTest Tournament 1");
    assert!(data.tournament.pairing_system.is_swiss());
    assert!(!data.tournament.published);
    assert_eq!(data.players.len(), source.players.len());
    assert_eq!(data.rounds.len(), 9);

    // Exported again, the tournament has the same results as the file.
    let export = client.get(&format!("/tournaments/{id}/export.trf")).await;
    let back = trf::parse(&export.body).expect("export parses");
    for (ours, theirs) in back.players.iter().zip(&source.players) {
        assert_eq!(ours.name, theirs.name);
        assert_eq!(ours.rounds.len(), theirs.rounds.len());
        for (a, b) in ours.rounds.iter().zip(&theirs.rounds) {
            assert_eq!(
                (a.opponent, a.result),
                (b.opponent, b.result),
                "{}",
                ours.name
            );
        }
    }
}

#[actix_web::test]
async fn art_8_7_score_upload_report_beside_the_result_and_pgn_export() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Alpha, Anna", "Beta, Bob"], 3, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let id = event.tournament.id.0;
    let game = games[0].id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    // The signed result: Black won.
    let entered = client
        .post(
            &format!("/tournaments/{id}/games/{game}"),
            &[("result", "0-1"), ("version", "0"), ("back", "round")],
        )
        .await;
    assert_eq!(entered.status, StatusCode::SEE_OTHER, "{}", entered.body);
    let score = format!("/tournaments/{id}/rounds/1/boards/{game}/score");

    // Uploaded as a file: White mates (Art. 5.1.1), so the signed 0-1 disagrees.
    let token = client.csrf_token().await;
    let saved = client
        .send(upload(
            &score,
            multipart(
                &[("csrf_token", &token), ("lang", "en"), ("movetext", "")],
                Some((
                    "file",
                    "game.pgn",
                    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
                )),
            ),
        ))
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let page = client.get(&score).await;
    assert_eq!(
        page.text("#score-result").as_deref(),
        Some("0-1"),
        "unchanged"
    );
    let warning = page.text("#result-check").expect("result check");
    assert!(
        warning.contains("does not agree") && warning.contains("8.7"),
        "{warning}"
    );
    assert!(
        page.text("#report-termination")
            .unwrap_or_default()
            .contains("5.1.1")
    );

    // A move list in Czech letters (J = knight, S = bishop, D = queen) with an illegal move.
    let pasted = client
        .post(
            &score,
            &[
                ("lang", "cs"),
                (
                    "movetext",
                    "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. Dxe5",
                ),
            ],
        )
        .await;
    assert_eq!(pasted.status, StatusCode::SEE_OTHER, "{}", pasted.body);
    let page = client.get(&score).await;
    let bad = page.text("#report-first-bad").expect("first bad move");
    assert!(bad.contains("ply 9") && bad.contains("Dxe5"), "{bad}");
    assert_eq!(page.text("#report-plies").as_deref(), Some("8"));
    // The same report for a Czech reader, in the words of the Czech Laws (Appendix C.3
    // letters on the scoresheet, the UI language from the browser).
    client.accept_language = Some("cs".to_owned());
    let page = client.get(&score).await;
    let bad = page.text("#report-first-bad").expect("first bad move");
    assert!(
        bad.starts_with(
            "půltah 9 (5. Dxe5): kámen toho druhu tam táhnout nemůže, kámen jiného druhu ano"
        ),
        "{bad}"
    );
    client.accept_language = None;
    assert_eq!(
        page.attrs("select[name=lang] option[selected]", "value"),
        vec!["cs".to_owned()]
    );
    // Text that is not a game score is not saved: the form comes back with the reason, the
    // text kept, the stored score unchanged.
    let garbage = client
        .post(
            &score,
            &[
                ("lang", "en"),
                ("movetext", "see you at the bar after round 3"),
            ],
        )
        .await;
    assert_eq!(
        garbage.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        garbage.body
    );
    assert!(
        garbage
            .texts(".errors li")
            .join(" ")
            .contains("not a game score"),
        "{}",
        garbage.body
    );
    assert_eq!(
        garbage.text("textarea[name=movetext]").as_deref(),
        Some("see you at the bar after round 3")
    );
    assert_eq!(
        client.get(&score).await.text("#report-plies").as_deref(),
        Some("8")
    );

    // A PGN naming other players, with a result tag that is not the signed one: each
    // difference is said (Art. 8.7: the signed result still stands).
    let other = "[White \"Carlsen, Magnus\"]\n[Black \"Beta, Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0";
    client
        .post(&score, &[("lang", "en"), ("movetext", other)])
        .await;
    let page = client.get(&score).await;
    let tags = page.texts("#report-tags li");
    assert_eq!(tags.len(), 2, "{tags:?}");
    assert!(
        tags[0].contains("White")
            && tags[0].contains("Carlsen, Magnus")
            && tags[0].contains("Alpha, Anna"),
        "{tags:?}"
    );
    assert!(
        tags[1].contains("Result") && tags[1].contains("1-0") && tags[1].contains("0-1"),
        "{tags:?}"
    );

    // An unknown language is refused.
    let unknown = client
        .post(&score, &[("lang", "xx"), ("movetext", "1. e4")])
        .await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);

    client
        .post(
            &score,
            &[
                ("lang", "cs"),
                (
                    "movetext",
                    "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. Dxe5",
                ),
            ],
        )
        .await;
    // The round's PGN: English letters, the signed result.
    let pgn = client
        .get(&format!("/tournaments/{id}/rounds/1/games.pgn"))
        .await;
    assert_eq!(pgn.status, StatusCode::OK);
    assert!(
        pgn.body.contains("2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6"),
        "{}",
        pgn.body
    );
    assert!(pgn.body.contains("[Result \"0-1\"]"), "{}", pgn.body);
}

/// A TRF-style file of `tests/data/trf-styles/`.
fn style_file(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/trf-styles/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("style file")
}

#[actix_web::test]
async fn trf_written_between_rounds_imports_the_paired_rounds_and_the_byes_requested_ahead() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    // Swiss-Manager after round 5 of 7: player 3 asked for a half-point bye in round 6,
    // player 7 announced an absence (`0000 - H`, `0000 - Z` in a sixth column); player 5
    // asks for one in round 8 (rounds 6 and 7 are blank for them, not absences); player 1 is
    // given a full-point bye in round 6 (TRF-2026 `240 F`: the tournament rules give one).
    let text = style_file("swiss-manager-trf16.trf") + "240 H 008    5\r\n240 F 006    1\r\n";
    let created = client.import_trf("sm.trf", &text).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let location = created.location.expect("location");
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    // Five rounds, not a sixth round of byes only.
    assert_eq!(data.rounds.len(), 5);
    let requests: Vec<(u32, i32, String)> = data
        .bye_requests
        .iter()
        .map(|bye| {
            let number = data.number_of(bye.player_id).expect("player").0;
            (number, bye.round, bye.kind.clone())
        })
        .collect();
    assert_eq!(
        requests,
        [
            (1, 6, "F".to_owned()),
            (3, 6, "H".to_owned()),
            (7, 6, "Z".to_owned()),
            (5, 8, "H".to_owned())
        ]
    );
    // The next page says what was imported, once.
    let page = client.get(&location).await;
    let notes = page.texts("#notes li");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("10 players") && n.contains("5 paired rounds")),
        "{notes:?}"
    );
    let again = client.get(&location).await;
    assert!(again.texts("#notes li").is_empty());

    // Round 6 is paired without the three: player 1 scores the full point of his bye.
    let paired = client
        .post(&format!("/tournaments/{id}/swiss/pair"), &[])
        .await;
    assert_eq!(paired.status, StatusCode::SEE_OTHER, "{}", paired.body);
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    let model = data.to_model(6);
    let round_6 = |number: usize| model.players[number - 1].rounds[5].result;
    assert_eq!(round_6(1), GameResult::FullPointBye);
    assert_eq!(round_6(3), GameResult::HalfPointBye);
    assert_eq!(round_6(7), GameResult::ZeroPointBye);
}

#[actix_web::test]
async fn windows_1250_trf_and_csv_uploads_are_read_and_the_encoding_named() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let text = style_file("swiss-manager-trf16.trf");
    let bytes = encoding_rs::WINDOWS_1250.encode(&text).0.into_owned();
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8 any more");
    let token = client.csrf_token().await;
    let created = client
        .send(upload(
            "/tournaments/import",
            multipart_bytes(&[("csrf_token", &token)], ("file", "sm.trf", &bytes)),
        ))
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let location = created.location.expect("location");
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    assert_eq!(data.tournament.name, "Velká cena Brna 2026");
    let names: Vec<&str> = data.players.iter().map(|p| p.name.as_str()).collect();
    for name in [
        "Dvořák, Jan",
        "Šťastný, Petr",
        "Őry, Gábor",
        "Ďurica, Martin",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let page = client.get(&location).await;
    assert!(
        page.texts("#notes li")
            .iter()
            .any(|n| n.contains("windows-1250")),
        "{:?}",
        page.texts("#notes li")
    );

    // A player list saved by a spreadsheet in Windows-1250 with semicolons: the preview shows
    // the names as written and says how the file was read.
    let csv = "name;rating;club\r\nČermák, Luboš;1920;ŠK Dvořák\r\nŽilinský, Ľubomír;1850;\r\n";
    let bytes = encoding_rs::WINDOWS_1250.encode(csv).0.into_owned();
    let token = client.csrf_token().await;
    let preview = client
        .send(upload(
            &format!("/tournaments/{id}/players/import"),
            multipart_bytes(
                &[("csrf_token", &token), ("action", "preview")],
                ("file", "players.csv", &bytes),
            ),
        ))
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.body);
    assert_eq!(
        preview.texts("#import-preview td.name"),
        ["Čermák, Luboš", "Žilinský, Ľubomír"]
    );
    assert!(
        preview.texts("#import-encoding")[0].contains("windows-1250"),
        "{:?}",
        preview.texts("#import-encoding")
    );
}

/// Art. 8 with Art. 7.5.5: a score whose White move cannot be made (`4. Ke3`) is unreadable
/// from that move on; Black's reply is no "second illegal move", the loss is no verdict of the
/// Laws, and a report with any doubt (a warning, a file naming other players) is never shown
/// under the green "agrees" banner.
#[actix_web::test]
async fn art_8_mistyped_move_is_no_second_illegal_move_and_no_green_banner() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Alpha, Anna", "Beta, Bob"], 3, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let id = event.tournament.id.0;
    let game = games[0].id.0;
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let entered = client
        .post(
            &format!("/tournaments/{id}/games/{game}"),
            &[("result", "0-1"), ("version", "0"), ("back", "round")],
        )
        .await;
    assert_eq!(entered.status, StatusCode::SEE_OTHER, "{}", entered.body);
    let score = format!("/tournaments/{id}/rounds/1/boards/{game}/score");
    let pasted = client
        .post(
            &score,
            &[
                ("lang", "en"),
                (
                    "movetext",
                    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke3 Nf6 5. d3 d6 6. O-O O-O 0-1",
                ),
            ],
        )
        .await;
    assert_eq!(pasted.status, StatusCode::SEE_OTHER, "{}", pasted.body);
    let page = client.get(&score).await;
    assert_eq!(
        page.text("#report-illegal"),
        None,
        "no illegal move verdict"
    );
    let check = page.attrs("#result-check", "class").join(" ");
    assert!(!check.contains("ok"), "no green banner: {check}");
    let bad = page.text("#report-first-bad").expect("first bad move");
    assert!(bad.contains("ply 7") && bad.contains("Ke3"), "{bad}");

    // A game that agrees with the signed result, in a file naming other players: a warning.
    let other_names = "[White \"Carlsen, Magnus\"]\n[Black \"Beta, Bob\"]\n\n\
                       1. f3 e5 2. g4 Qh4# 0-1";
    let pasted = client
        .post(&score, &[("lang", "en"), ("movetext", other_names)])
        .await;
    assert_eq!(pasted.status, StatusCode::SEE_OTHER, "{}", pasted.body);
    let page = client.get(&score).await;
    let check = page.attrs("#result-check", "class").join(" ");
    assert!(check.contains("warning"), "names differ: {check}");
    // The same game under its board's names: all clear.
    let clean = "[White \"Alpha, Anna\"]\n[Black \"Beta, Bob\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";
    let pasted = client
        .post(&score, &[("lang", "en"), ("movetext", clean)])
        .await;
    assert_eq!(pasted.status, StatusCode::SEE_OTHER, "{}", pasted.body);
    let page = client.get(&score).await;
    let check = page.attrs("#result-check", "class").join(" ");
    assert!(check.contains("ok"), "all clear: {check}");
}

/// A file whose points column disagrees with the results (as some programs write it) is
/// imported, not refused: the note names the line, and the standings rank by the results.
#[actix_web::test]
async fn trf_points_column_that_disagrees_is_imported_with_a_note_naming_the_line() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/trf-styles/vega-points-column-off.trf"
    ))
    .expect("style file");
    let created = client.import_trf("vega.trf", &text).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let page = client.get(&format!("/tournaments/{id}")).await;
    let notes = page.texts("#notes li").join("\n");
    assert!(
        notes.contains("6") && notes.contains("81") && notes.contains("2"),
        "{notes}"
    );
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    assert_eq!(data.players.len(), 3);
    // Exported again, the points column is the results' (Bruno lost his one game).
    let export = client.get(&format!("/tournaments/{id}/export.trf")).await;
    let back = trf::read(&export.body).expect("export reads");
    assert_eq!(
        back.tournament.players[1]
            .declared_points
            .map(|p| p.to_string()),
        Some("0".to_owned()),
        "{}",
        export.body
    );
}

/// A file written during round 2 (Swiss-Manager style: opponent and colour, no result yet) is
/// imported with round 2 under way: the finished game with its result, the other one to
/// play; the notes name each line read so.
#[actix_web::test]
async fn trf_written_mid_round_is_imported_with_the_round_under_way() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/trf-styles/swiss-manager-mid-round.trf"
    ))
    .expect("style file");
    let created = client.import_trf("mid-round.trf", &text).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let id = created.created_id();
    let page = client.get(&format!("/tournaments/{id}")).await;
    let notes = page.texts("#notes li").join("\n");
    for line in ["3", "5"] {
        assert!(
            notes
                .lines()
                .any(|note| note.contains(line) && note.contains("no result yet")),
            "line {line}: {notes}"
        );
    }
    let data = ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    });
    assert_eq!(data.rounds.len(), 2);
    let round_2 = data.games_of_round(2);
    assert_eq!(round_2.len(), 2, "{round_2:?}");
    let name = |player| {
        data.players
            .iter()
            .find(|p| p.id == player)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let boards: Vec<(String, Option<String>, bool)> = round_2
        .iter()
        .map(|g| (name(g.white_id), g.black_id.map(name), g.result.is_some()))
        .collect();
    assert!(
        boards.contains(&("Gama, Gita".into(), Some("Alfa, Adam".into()), false)),
        "{boards:?}"
    );
    assert!(
        boards.contains(&("Beta, Bruno".into(), Some("Delta, Dan".into()), true)),
        "{boards:?}"
    );
}

/// A team file's `240` records name teams (TRF-2026 Bye Section). A team's absence announced
/// for a round not paired yet has no place in the event yet: the import refuses the file in
/// words, naming the round and the team, rather than drop it. Without that record it is
/// imported, the teams that sat out round 2 without a match there.
#[actix_web::test]
async fn trf_team_byes_name_teams_and_one_ahead_is_refused_in_words() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let mut client = ctx.client().await;
    client.login("orga", PASSWORD).await;
    let text = style_file("vega-trf26-team-byes.trf");
    let refused = client.import_trf("teams.trf", &text).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let said = refused.texts(".errors li").join("\n");
    assert!(
        said.contains("Round 3: team 1 has a zero-point bye (240)"),
        "{said}"
    );

    let text = text.replace("240 Z 003    1    2\n", "");
    let created = client.import_trf("teams.trf", &text).await;
    let id = team_event_id(&created);
    let export = client
        .get(&format!("/tournaments/{id}/league/export.trf"))
        .await;
    assert_eq!(export.status, StatusCode::OK);
    let back = trf::read(&export.body).expect("export reads").tournament;
    let event = arbiter::tournament::team::TeamEvent::from_tournament(&back).expect("teams");
    let round_2: Vec<(u32, Option<u32>)> = event
        .matches_of_round(2)
        .map(|m| (m.home.0, m.away.map(|t| t.0)))
        .collect();
    assert_eq!(round_2, [(1, Some(3)), (2, Some(4))], "{}", export.body);

    // The same file written during round 2, one board without a result yet: imported with
    // that board seated and still to play.
    let text = text
        .replace("8 b =\n", "8 b  \n")
        .replace("4 w =\n", "4 w  \n");
    let created = client.import_trf("teams.trf", &text).await;
    let id = TournamentId(team_event_id(&created));
    let boards = ctx.with_conn(|conn| {
        use arbiter::db::models::team_boards::TeamBoardRow;
        use arbiter::db::models::team_matches::TeamMatchRow;
        let matches: Vec<_> = TeamMatchRow::for_tournament(conn, id)
            .expect("matches")
            .into_iter()
            .filter(|m| m.round == 2)
            .map(|m| m.id)
            .collect();
        TeamBoardRow::for_matches(conn, &matches).expect("boards")
    });
    assert_eq!(boards.len(), 4, "{boards:?}");
    let open: Vec<_> = boards.iter().filter(|b| b.result.is_none()).collect();
    assert_eq!(open.len(), 1, "{boards:?}");
    assert!(open[0].white_id.is_some() && open[0].black_id.is_some());
}

/// The id of a team event an import created: the import answers with its teams page,
/// `/tournaments/{id}/teams`.
fn team_event_id(created: &common::Page) -> i32 {
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    created
        .location
        .as_deref()
        .and_then(|location| location.strip_prefix("/tournaments/"))
        .and_then(|rest| rest.strip_suffix("/teams"))
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("not a team event's page: {:?}", created.location))
}
