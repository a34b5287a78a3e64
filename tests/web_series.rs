//! A series over HTTP (issue "The players' desk": Series): four events — two of ours, played
//! in the app (create, players, pair, results, publish), and two TRF files other programs
//! wrote, imported into the series — ranked with every point traced back to the event and, on
//! the game-points scale, to the games. Best 3 of 4 and an exact tie (shared 1st place) on the
//! public page, a category, the PDF, a file that does not read (line and column, not a 500),
//! another organiser (404) and a POST without the CSRF token (refused).
//!
//! The scale: 10, 8, 6, 5 for places 1–4, best 3 of 4.
//!
//! | player | GP 1 (ours) | GP 2 (ours) | GP 3 (TRF) | GP 4 (TRF) | counted | all |
//! |---|---|---|---|---|---|---|
//! | Alpha, Anna (w) | 1st 10 | 4th 5 | 1st 10 | – | 25 | 25 |
//! | Delta, Dana (w) | 4th 5 | 1st 10 | – | 1st 10 | 25 | 25 |
//! | Beta, Boris | 2nd 8 | 3rd 6 | 2nd 8 | 4th (5) | 22 | 27 |
//! | Gama, Cyril | 3rd 6 | 2nd 8 | 3rd 6 | 3rd (6) | 20 | 26 |
//! | Epsilon, Emil | – | – | 4th 5 | 2nd 8 | 13 | 13 |
//!
//! Anna and Dana are equal in every criterion of the order (25 counted, 25 in all, best 10,
//! three events): they share 1st. Cyril has no FIDE id: GP 4 writes him `GAMA, Cyril`, found
//! by his name's letters and year of birth; GP 4 writes Dana `Delta, D.`, found by her FIDE id.
//!
//! Runs on SQLite, or on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set (see `common`).

mod common;

use std::process::Command;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use common::{Page, TestContext, multipart, tournament_form, upload};
use scraper::Selector;

const PLAYERS_CSV: &str = "name,fide_id,title,rating,federation,birth_year,sex,club\n\
\"Alpha, Anna\",31000001,,2300,CZE,1990,w,\n\
\"Beta, Boris\",31000002,,2200,CZE,1970,m,\n\
\"Gama, Cyril\",,,2100,CZE,2009,m,\n\
\"Delta, Dana\",31000004,,2000,SVK,2010,w,\n";

/// A TRF `001` record: rank, sex, name, rating, FIDE id, birth, points, rounds.
fn player_line(
    rank: u32,
    sex: char,
    name: &str,
    fide: &str,
    birth: &str,
    points: &str,
    rounds: &[(u32, char, char)],
) -> String {
    let mut line = format!(
        "001 {rank:>4} {sex}    {name:<33} {:>4} CZE {fide:>11} {birth:<10} {points:>4} {rank:>4}",
        2300 - 100 * rank
    );
    for (opponent, colour, result) in rounds {
        line.push_str(&format!("  {opponent:>4} {colour} {result}"));
    }
    line
}

/// GP 3: Anna 2½, Boris 2, Cyril 1, Emil ½.
fn gp3() -> String {
    [
        "012 Club GP 3".to_owned(),
        "022 Brno".to_owned(),
        "042 2026/03/01".to_owned(),
        player_line(
            1,
            'w',
            "Alpha, Anna",
            "31000001",
            "1990",
            "2.5",
            &[(4, 'w', '1'), (3, 'b', '='), (2, 'w', '1')],
        ),
        player_line(
            2,
            'm',
            "Beta, Boris",
            "31000002",
            "1970",
            "2.0",
            &[(3, 'w', '1'), (4, 'b', '1'), (1, 'b', '0')],
        ),
        player_line(
            3,
            'm',
            "Gama, Cyril",
            "",
            "2009/02/02",
            "1.0",
            &[(2, 'b', '0'), (1, 'w', '='), (4, 'w', '=')],
        ),
        player_line(
            4,
            'm',
            "Epsilon, Emil",
            "",
            "1980",
            "0.5",
            &[(1, 'b', '0'), (2, 'w', '0'), (3, 'b', '=')],
        ),
    ]
    .join("\n")
}

/// GP 4: Dana 3, Emil 2, Cyril 1, Boris 0.
fn gp4() -> String {
    [
        "012 Club GP 4".to_owned(),
        "022 Zlín".to_owned(),
        "042 2026/04/01".to_owned(),
        player_line(
            1,
            'm',
            "Beta, Boris",
            "31000002",
            "1970",
            "0.0",
            &[(4, 'w', '0'), (2, 'b', '0'), (3, 'w', '0')],
        ),
        player_line(
            2,
            'm',
            "Epsilon, Emil",
            "",
            "1980",
            "2.0",
            &[(3, 'b', '1'), (1, 'w', '1'), (4, 'w', '0')],
        ),
        player_line(
            3,
            'm',
            "GAMA, Cyril",
            "",
            "2009",
            "1.0",
            &[(2, 'w', '0'), (4, 'b', '0'), (1, 'b', '1')],
        ),
        player_line(
            4,
            'w',
            "Delta, D.",
            "31000004",
            "2010",
            "3.0",
            &[(1, 'b', '1'), (3, 'w', '1'), (2, 'b', '1')],
        ),
    ]
    .join("\n")
}

/// One board of a round page: (game id, white's starting rank, black's, version).
fn boards(page: &Page) -> Vec<(String, u32, u32, String)> {
    let html = page.html();
    let rows = Selector::parse("#pairings tbody tr").expect("selector");
    let white = Selector::parse("td.white .player").expect("selector");
    let black = Selector::parse("td.black .player").expect("selector");
    let version = Selector::parse("input[name=version]").expect("selector");
    // "Name (rank)" → rank.
    let rank = |element: Option<scraper::ElementRef<'_>>| -> u32 {
        let text: String = element.map(|e| e.text().collect()).unwrap_or_default();
        text.trim()
            .rsplit_once('(')
            .and_then(|(_, rest)| rest.trim_end_matches(')').parse().ok())
            .unwrap_or(0)
    };
    html.select(&rows)
        .filter_map(|row| {
            Some((
                row.value().attr("data-game")?.to_owned(),
                rank(row.select(&white).next()),
                rank(row.select(&black).next()),
                row.select(&version)
                    .next()?
                    .value()
                    .attr("value")?
                    .to_owned(),
            ))
        })
        .collect()
}

/// Plays one of our events in the app: a published round robin of the four players, every
/// round paired, its results entered (`stronger_wins`: the better starting rank wins every
/// game, else the other) and published. Returns the tournament's id.
async fn play_event<S, B>(client: &mut common::Client<S>, name: &str, stronger_wins: bool) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let page = client
        .post(
            "/tournaments",
            &tournament_form(&[("published", "on"), ("name", name)]),
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "body: {}", page.body);
    let id = page
        .location
        .as_deref()
        .and_then(|l| l.strip_prefix("/tournaments/"))
        .expect("the new tournament")
        .to_owned();
    let base = format!("/tournaments/{id}");
    client
        .post(
            &format!("{base}/players/import"),
            &[("csv", PLAYERS_CSV), ("action", "import")],
        )
        .await
        .assert_redirect(&format!("{base}/players"));
    for number in 1..=3 {
        client
            .post(&format!("{base}/rounds/pair"), &[])
            .await
            .assert_redirect(&format!("{base}/rounds/{number}"));
        let round = client.get(&format!("{base}/rounds/{number}")).await;
        let found = boards(&round);
        assert_eq!(found.len(), 2, "round {number}: {}", round.body);
        for (game, white, black, version) in found {
            let white_wins = (white < black) == stronger_wins;
            let result = if white_wins { "1-0" } else { "0-1" };
            let saved = client
                .post(
                    &format!("{base}/games/{game}"),
                    &[("result", result), ("version", &version), ("back", "round")],
                )
                .await;
            assert_eq!(saved.status, StatusCode::SEE_OTHER, "body: {}", saved.body);
        }
        client
            .post(
                &format!("{base}/rounds/{number}/publish"),
                &[("published", "true")],
            )
            .await
            .assert_redirect(&format!("{base}/rounds/{number}"));
    }
    id
}

/// Sends a TRF file to the series' import form with the session's CSRF token.
async fn import<S, B>(client: &mut common::Client<S>, series: &str, name: &str, text: &str) -> Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let token = client.csrf_token().await;
    client
        .send(upload(
            &format!("/series/{series}/import"),
            multipart(&[("csrf_token", &token)], Some(("file", name, text))),
        ))
        .await
}

/// The rules form: the place scale 10, 8, 6, 5 (or game points × `multiplier`), best 3, the
/// women's category.
fn rules<'a>(scale: &'a str, multiplier: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("name", "Club Grand Prix 2026"),
        ("scale_kind", scale),
        ("values", "10, 8, 6, 5"),
        ("beyond", "1"),
        ("multiplier", multiplier),
        ("best", "3"),
        ("category_kind", "women"),
        ("category_value", ""),
        ("category_name", ""),
        ("category_kind", ""),
        ("category_value", ""),
        ("category_name", ""),
    ]
}

/// The ranking's lines: (place, name, series points).
fn ranking(page: &Page) -> Vec<(String, String, String)> {
    let html = page.html();
    let row = Selector::parse("#series-ranking tbody tr").expect("selector");
    let cell = |s: &str| Selector::parse(s).expect("selector");
    let text = |e: scraper::ElementRef<'_>| e.text().collect::<String>().trim().to_owned();
    html.select(&row)
        .map(|tr| {
            let first = |s: &str| tr.select(&cell(s)).next().map(text).unwrap_or_default();
            (first("td.rank"), first("td.name a"), first("td.total"))
        })
        .collect()
}

#[actix_web::test]
async fn series_of_four_events_best_3_of_4_a_shared_first_place_and_every_point_traced() {
    let ctx = TestContext::new();
    ctx.create_user("olga", Role::Organiser);
    ctx.create_user("otto", Role::Organiser);
    let mut olga = ctx.logged_in("olga").await;
    let gp1 = play_event(&mut olga, "Club GP 1", true).await;
    let gp2 = play_event(&mut olga, "Club GP 2", false).await;

    // The series: made, its rules, two of ours, two files.
    let made = olga.post("/series", &[("name", "Club Grand Prix")]).await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "body: {}", made.body);
    let edit = made.location.clone().expect("to the edit page");
    let id = edit
        .strip_prefix("/series/")
        .and_then(|rest| rest.strip_suffix("/edit"))
        .expect("/series/{id}/edit")
        .to_owned();
    let saved = olga.post(&edit, &rules("place", "1")).await;
    saved.assert_redirect(&edit);
    for tournament in [&gp1, &gp2] {
        olga.post(
            &format!("/series/{id}/events"),
            &[("tournament", tournament)],
        )
        .await
        .assert_redirect(&edit);
    }
    let again = olga
        .post(&format!("/series/{id}/events"), &[("tournament", &gp1)])
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "a tournament once only");
    import(&mut olga, &id, "gp3.trf", &gp3())
        .await
        .assert_redirect(&edit);
    import(&mut olga, &id, "gp4.trf", &gp4())
        .await
        .assert_redirect(&edit);
    let page = olga.get(&edit).await;
    assert_eq!(
        page.texts("#series-events li .title"),
        ["Club GP 1", "Club GP 2", "Club GP 3", "Club GP 4"]
    );
    let public = page.attrs("#public-link", "href")[0].clone();

    // The public ranking: Anna and Dana share 1st (equal in every criterion, by name).
    let mut visitor = ctx.client().await;
    visitor.accept_language = Some("en".into());
    let shown = visitor.get(&public).await;
    assert_eq!(shown.status, StatusCode::OK, "body: {}", shown.body);
    let expected = [
        ("1", "Alpha, Anna", "25"),
        ("1", "Delta, Dana", "25"),
        ("3", "Beta, Boris", "22"),
        ("4", "Gama, Cyril", "20"),
        ("5", "Epsilon, Emil", "13"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(ranking(&shown), expected);
    // Best 3 of 4: Boris's 5 in GP 4 and Cyril's 6 in GP 4 are shown, not counted.
    assert_eq!(
        shown.texts("#series-ranking td.score.not-counted"),
        ["5", "6"]
    );
    // The women's category: Anna and Dana, sharing 1st.
    let women = visitor.get(&format!("{public}?category=1")).await;
    assert_eq!(ranking(&women), expected[..2].to_vec());

    // Boris's trace: every score back to its event, the worst not counted.
    let boris = visitor.get(&format!("{public}/players/3")).await;
    assert_eq!(boris.status, StatusCode::OK);
    assert_eq!(boris.text("#player-name").as_deref(), Some("Beta, Boris"));
    assert_eq!(
        boris.texts("#series-trace tr.counted td.event"),
        ["Club GP 1", "Club GP 2", "Club GP 3"]
    );
    assert_eq!(
        boris.texts("#series-trace tr.not-counted td.event"),
        ["Club GP 4"]
    );
    assert_eq!(
        boris.texts("#series-trace td.place"),
        ["2.", "3.", "2.", "4."]
    );
    assert_eq!(
        boris.texts("#series-trace td.series-points"),
        ["8", "6", "8", "5"]
    );

    // Every language: the ranking and the trace in the reader's words (none left in English).
    for language in ["cs", "sk", "hu", "sr-Latn", "sr-Cyrl"] {
        let mut reader = ctx.client().await;
        reader.accept_language = Some(language.into());
        let page = reader.get(&public).await;
        assert_eq!(page.status, StatusCode::OK, "{language}");
        assert_eq!(ranking(&page), expected, "{language}");
        let place = page.texts("#series-ranking thead th");
        assert!(
            !place.is_empty() && place[0] != "Place",
            "{language}: {place:?}"
        );
        let trace = reader.get(&format!("{public}/players/3")).await;
        assert_eq!(trace.status, StatusCode::OK, "{language}");
        let status = trace.texts("#series-trace td.status");
        assert!(
            !status.contains(&"not counted".to_owned()),
            "{language}: {status:?}"
        );
        let pdf = reader.get(&format!("{public}/series.pdf")).await;
        assert!(pdf.bytes.starts_with(b"%PDF"), "{language}");
    }

    // The PDF: the ranking with the trace, titled with the series' name.
    let pdf = visitor.get(&format!("{public}/series.pdf")).await;
    assert_eq!(pdf.status, StatusCode::OK);
    assert!(pdf.bytes.starts_with(b"%PDF"), "a PDF");
    if let Some(text) = pdf_text("series.pdf", &pdf.bytes) {
        assert!(text.contains("Club Grand Prix 2026"), "{text}");
        assert!(text.contains("Epsilon, Emil"), "{text}");
        assert!(text.contains("Club GP 4"), "{text}");
    } else {
        eprintln!("pdftotext not installed: the PDF's text was not checked");
    }

    // The game-points scale (× 2): Cyril's trace shows the games of each event.
    olga.post(&edit, &rules("game_points", "2"))
        .await
        .assert_redirect(&edit);
    let shown = visitor.get(&public).await;
    let cyril = ranking(&shown)
        .iter()
        .position(|(_, name, _)| name == "Gama, Cyril")
        .expect("Cyril is ranked")
        + 1;
    // Cyril scored 1, 2, 1, 1: × 2 = 2, 4, 2, 2; best 3 = 8.
    assert_eq!(ranking(&shown)[cyril - 1].2, "8");
    let trace = visitor.get(&format!("{public}/players/{cyril}")).await;
    let games = trace.texts("#series-trace ul.series-games li.game");
    assert_eq!(
        games.len(),
        12,
        "three games in each of four events: {games:?}"
    );
    // GP 3 (the imported file): round 1 lost to Boris with Black, round 2 drew Anna with White.
    let squash = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(squash(&games[6]), "Round 1: Beta, Boris (Black) 0 = 0");
    assert_eq!(squash(&games[7]), "Round 2: Alpha, Anna (White) ½ = 0.5");
}

#[actix_web::test]
async fn a_file_that_does_not_read_is_refused_with_its_line_and_column_and_strangers_cannot_edit() {
    let ctx = TestContext::new();
    ctx.create_user("olga", Role::Organiser);
    ctx.create_user("otto", Role::Organiser);
    let mut olga = ctx.logged_in("olga").await;
    let made = olga.post("/series", &[("name", "Cup")]).await;
    let edit = made.location.clone().expect("to the edit page");
    let id = edit
        .strip_prefix("/series/")
        .and_then(|rest| rest.strip_suffix("/edit"))
        .expect("/series/{id}/edit")
        .to_owned();

    // A rating that is not a number on line 2: 422 with the line and column, nothing stored.
    let broken = "012 Broken\n001    1 m    Alpha, Anna                       2x00 CZE";
    let refused = import(&mut olga, &id, "broken.trf", broken).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "body: {}",
        refused.body
    );
    let errors = refused.texts(".errors li").join(" ");
    assert!(errors.contains("Line 2, column"), "{errors}");
    assert!(olga.get(&edit).await.texts("#series-events li").is_empty());

    // Another organiser: the series does not exist for them, to read or to write.
    let mut otto = ctx.logged_in("otto").await;
    assert_eq!(otto.get(&edit).await.status, StatusCode::NOT_FOUND);
    let foreign = otto.post(&edit, &rules("place", "1")).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let foreign = import(&mut otto, &id, "gp3.trf", &gp3()).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);

    // A POST without the CSRF token is refused, and changes nothing.
    let forged = olga
        .post_raw(
            &edit,
            &[("name", "Forged"), ("scale_kind", "place"), ("values", "1")],
        )
        .await;
    assert_eq!(
        forged.status,
        StatusCode::FORBIDDEN,
        "body: {}",
        forged.body
    );
    assert_eq!(
        olga.get(&edit).await.text("#series-name").as_deref(),
        Some("Cup")
    );
}

/// Writes `pdf` and returns its text (`None` without poppler-utils).
fn pdf_text(name: &str, pdf: &[u8]) -> Option<String> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp/web_series");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(name);
    std::fs::write(&path, pdf).expect("write pdf");
    let output = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .ok()?;
    assert!(output.status.success(), "pdftotext failed on {name}");
    Some(String::from_utf8(output.stdout).expect("UTF-8"))
}
