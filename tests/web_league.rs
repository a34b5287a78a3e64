//! A team league through the real app, as the Czech Extraliga runs one: 12 teams of 8 boards
//! (squads of 10, imported from one CSV list with a team column), 3/1/0 match points, the
//! schedule by the Berger tables (C.05 Annex 1), every match's line-ups and board results
//! entered, one match postponed from round 2 and played after round 5, one short team (its
//! bottom board forfeited, C.07 Art. 11.1.2), one whole match forfeited, one penalty point.
//!
//! The test keeps its own account of every board it enters and computes the match and game
//! points of each team itself; the standings page must agree, and so must the TRF team file
//! the app exports, read back by the TRF reader and ranked by the pure core. Refusals: a
//! line-up out of squad order, a player named twice, a gap above a taken board, a result typed
//! on a page made before another result, a result on a forfeited match.
//!
//! Runs on SQLite, or on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set (see `common`).

mod common;

use std::collections::HashMap;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use arbiter::formats::trf;
use arbiter::tournament::team::TeamEvent;
use arbiter::tournament::team::tiebreak::{TeamOrder, TeamRanking, rank};
use arbiter::tournament::tiebreak::Lots;
use common::{Page, TestContext, tournament_form};
use scraper::Selector;

const TEAMS: usize = 12;
const BOARDS: usize = 8;
const SQUAD: usize = 10;

/// The squad lists: team `t` (1-based) has players `Hráč t/1` … `Hráč t/10`, rated downwards.
fn squads_csv() -> String {
    let mut csv = String::from("name,rating,club,team\n");
    for t in 1..=TEAMS {
        for p in 1..=SQUAD {
            csv.push_str(&format!(
                "\"Hráč{t:02}, Číslo{p:02}\",{},ŠK {t:02},ŠK Družstvo {t:02}\n",
                2400 - 10 * t - 5 * p
            ));
        }
    }
    csv
}

/// The result the test enters on board `b` of the match of round `r` between pairing
/// numbers `home` and `away`: a fixed pattern with wins, draws and losses for both sides.
fn result_for(r: usize, home: usize, away: usize, b: usize) -> &'static str {
    match (r + home * 3 + away + b * 5) % 7 {
        0 | 1 => "1-0",
        2 | 3 => "1/2-1/2",
        4 | 5 => "0-1",
        _ => "1/2-1/2",
    }
}

/// White's and Black's points of a result code, in halves.
fn halves(code: &str) -> (u32, u32) {
    match code {
        "1-0" | "+/-" => (2, 0),
        "0-1" | "-/+" => (0, 2),
        "1/2-1/2" => (1, 1),
        _ => (0, 0),
    }
}

/// Parses the rows of a table: each row's cell texts.
fn rows(page: &Page, selector: &str) -> Vec<Vec<String>> {
    let html = page.html();
    let rows = Selector::parse(selector).expect("selector");
    let cells = Selector::parse("td").expect("selector");
    html.select(&rows)
        .map(|row| {
            row.select(&cells)
                .map(|c| {
                    c.text()
                        .collect::<String>()
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        })
        .collect()
}

/// The match ids of a round page, with home and away names.
fn matches_of(page: &Page) -> Vec<(String, String, String)> {
    let html = page.html();
    let row = Selector::parse("#matches tbody tr").expect("selector");
    let td = Selector::parse("td").expect("selector");
    html.select(&row)
        .filter_map(|tr| {
            let id = tr.value().attr("data-match")?.to_owned();
            let cells: Vec<String> = tr
                .select(&td)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            Some((
                id,
                cells[0].clone(),
                cells.get(2).cloned().unwrap_or_default(),
            ))
        })
        .collect()
}

/// A select's option values (non-empty), in order.
fn options(page: &Page, selector: &str) -> Vec<String> {
    page.attrs(selector, "value")
        .into_iter()
        .filter(|v| !v.is_empty())
        .collect()
}

/// Each board form of a match page: (board number, action, version).
fn board_forms(page: &Page) -> Vec<(usize, String, String)> {
    let html = page.html();
    let tr = Selector::parse("#boards tbody tr").expect("selector");
    let form = Selector::parse("form.inline-result").expect("selector");
    let version = Selector::parse("input[name=version]").expect("selector");
    html.select(&tr)
        .filter_map(|row| {
            let board = row.value().attr("data-board")?.parse().ok()?;
            let form = row.select(&form).next()?;
            let version = form
                .select(&version)
                .next()?
                .value()
                .attr("value")?
                .to_owned();
            Some((board, form.value().attr("action")?.to_owned(), version))
        })
        .collect()
}

/// The team number of a team name `ŠK Družstvo NN`.
fn number(name: &str) -> usize {
    name.rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("team number")
}

#[actix_web::test]
async fn web_league_czech_extraliga_season_standings_equal_the_boards_entered() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let created = client
        .post(
            "/tournaments",
            &tournament_form(&[
                ("name", "1. liga družstev 2026/27"),
                ("pairing_system", "team_round_robin"),
                ("published", "on"),
            ]),
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let base = created.location.clone().expect("redirect");

    // Squads from one CSV list with a team column: teams are made in order of appearance.
    let csv = squads_csv();
    let imported = client
        .post(
            &format!("{base}/players/import"),
            &[("csv", &csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    let teams = client.get(&format!("{base}/teams")).await;
    assert_eq!(teams.status, StatusCode::OK);
    assert_eq!(teams.texts("section.team h3").len(), TEAMS);
    assert_eq!(teams.texts("#team-3 table.squad tbody tr").len(), SQUAD);

    let saved = client
        .post(
            &format!("{base}/league/settings"),
            &[
                ("boards", "8"),
                ("colours", "home_white_odd"),
                ("win", "3"),
                ("draw", "1"),
                ("loss", "0"),
                ("tie_breaks", "match_points_first"),
            ],
        )
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let bogus = client
        .post(
            &format!("{base}/league/settings"),
            &[
                ("boards", "8"),
                ("colours", "home_white_odd"),
                ("win", "3"),
                ("draw", "1"),
                ("loss", "0"),
                ("tie_breaks", "match_points_first"),
                ("tie_break_list", "MPTS,GPTS,XYZ"),
            ],
        )
        .await;
    assert_eq!(
        bogus.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "an unknown tie-break code"
    );
    assert!(bogus.body.contains("MPTS,GPTS,XYZ"), "the list is named");
    let drawn = client.post(&format!("{base}/league/draw"), &[]).await;
    drawn.assert_redirect(&format!("{base}/league/rounds/1"));
    let again = client.post(&format!("{base}/league/draw"), &[]).await;
    assert_eq!(
        again.status,
        StatusCode::CONFLICT,
        "the schedule is drawn once"
    );
    // Once drawn, the league's system is fixed: a Swiss (or an individual system) is refused.
    let switched = client
        .post(
            &format!("{base}/edit"),
            &tournament_form(&[
                ("name", "1. liga družstev 2026/27"),
                ("pairing_system", "team_double_round_robin"),
                ("published", "on"),
            ]),
        )
        .await;
    assert_eq!(
        switched.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the system after the draw: {}",
        switched.body
    );

    // The test's own account: (mp, gp in halves) per team number.
    let mut mp = [0i32; TEAMS + 1];
    let mut gp = [0u32; TEAMS + 1];
    let mut account = |home: usize, away: usize, h: u32, a: u32| {
        gp[home] += h;
        gp[away] += a;
        let (hm, am) = match h.cmp(&a) {
            std::cmp::Ordering::Greater => (3, 0),
            std::cmp::Ordering::Equal => (1, 1),
            std::cmp::Ordering::Less => (0, 3),
        };
        mp[home] += hm;
        mp[away] += am;
    };

    let mut postponed: Option<(String, usize, usize)> = None;
    let mut checked_refusals = false;
    for round in 1..=11usize {
        let page = client.get(&format!("{base}/league/rounds/{round}")).await;
        assert_eq!(page.status, StatusCode::OK, "round {round}");
        let matches = matches_of(&page);
        assert_eq!(matches.len(), TEAMS / 2, "round {round}: six matches");
        for (index, (id, home_name, away_name)) in matches.iter().enumerate() {
            let (home, away) = (number(home_name), number(away_name));
            let url = format!("{base}/league/matches/{id}");
            if round == 2 && index == 0 {
                // Postponed: played after round 5.
                let status = client
                    .post(
                        &format!("{url}/status"),
                        &[("forfeit", ""), ("postponed", "1")],
                    )
                    .await;
                assert_eq!(status.status, StatusCode::SEE_OTHER, "{}", status.body);
                postponed = Some((id.clone(), home, away));
                continue;
            }
            if round == 3 && index == 1 {
                // The away team did not come: the home team wins 8:0.
                let status = client
                    .post(&format!("{url}/status"), &[("forfeit", "home")])
                    .await;
                assert_eq!(status.status, StatusCode::SEE_OTHER, "{}", status.body);
                account(home, away, 2 * BOARDS as u32, 0);
                let page = client.get(&url).await;
                assert!(
                    board_forms(&page).is_empty(),
                    "a forfeited match takes no board results"
                );
                continue;
            }
            let short = round == 4 && index == 2;
            play_match(
                &mut client,
                &url,
                round,
                home,
                away,
                short,
                !checked_refusals,
                &mut account,
            )
            .await;
            checked_refusals = true;
        }
        if round == 5 {
            let (id, home, away) = postponed.clone().expect("postponed match");
            let standings = client.get(&format!("{base}/league/standings")).await;
            let to_play: Vec<String> = standings.texts("#standings td.to-play");
            assert_eq!(
                to_play.iter().filter(|t| t.trim() == "1").count(),
                2,
                "two teams have a match to play"
            );
            let url = format!("{base}/league/matches/{id}");
            let status = client
                .post(&format!("{url}/status"), &[("forfeit", "")])
                .await;
            assert_eq!(status.status, StatusCode::SEE_OTHER);
            play_match(&mut client, &url, 2, home, away, false, false, &mut account).await;
        }
    }

    // A penalty: one match point taken from team 7, with the reason.
    let teams = client.get(&format!("{base}/teams")).await;
    let team7 = teams
        .attrs("#add-penalty select[name=team] option", "value")
        .get(6)
        .cloned()
        .expect("team 7");
    let penalty = client
        .post(
            &format!("{base}/league/penalties"),
            &[
                ("team", &team7),
                ("round", "6"),
                ("match_points", "-1"),
                ("reason", "Late line-up (competition rules 12.3)"),
            ],
        )
        .await;
    assert_eq!(penalty.status, StatusCode::SEE_OTHER, "{}", penalty.body);
    mp[7] -= 1;
    let no_reason = client
        .post(
            &format!("{base}/league/penalties"),
            &[("team", &team7), ("match_points", "-1"), ("reason", " ")],
        )
        .await;
    assert_eq!(no_reason.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The standings page agrees with the account, team by team.
    let standings = client.get(&format!("{base}/league/standings")).await;
    assert_eq!(standings.status, StatusCode::OK);
    let table = rows(&standings, "#standings tbody tr");
    assert_eq!(table.len(), TEAMS);
    let half = |halves: u32| {
        let (whole, half) = (halves / 2, halves % 2);
        match (whole, half) {
            (0, 1) => "½".to_owned(),
            (w, 1) => format!("{w}½"),
            (w, _) => w.to_string(),
        }
    };
    let mut previous = i32::MAX;
    for row in &table {
        let team = number(&row[1]);
        assert_eq!(
            row[3],
            mp[team].to_string(),
            "match points of team {team}: {row:?}"
        );
        assert_eq!(
            row[4],
            half(gp[team]),
            "game points of team {team}: {row:?}"
        );
        assert_eq!(row[2], "11", "team {team} played every match");
        assert!(mp[team] <= previous, "ranked by match points first");
        previous = mp[team];
    }

    // Every code of the list is named in the legend, and each team's values have a working:
    // the leader's page shows one block per entry of the list, its MP lines one per round.
    let legend = standings.texts("dl.legend dt");
    assert_eq!(legend, vec!["MPTS", "GPTS", "WIN", "DE:MP"]);
    let leader = number(&table[0][1]);
    let link = standings.attrs("#standings tbody tr a", "href");
    assert_eq!(link.len(), TEAMS, "every team links to its working");
    let working = client.get(&link[0]).await;
    assert_eq!(working.status, StatusCode::OK, "{}", working.body);
    assert_eq!(working.texts("section.working").len(), 4);
    let mp_lines = rows(&working, "#working-1 tbody tr");
    assert_eq!(mp_lines.len(), 11, "one line per round: {mp_lines:?}");
    let mp_sum: i32 = mp_lines
        .iter()
        .map(|line| line[2].parse::<i32>().expect("whole match points"))
        .sum();
    assert_eq!(
        mp_sum, mp[leader],
        "the lines add up to the leader's match points"
    );
    let unknown = client.get(&format!("{base}/league/standings/99")).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    // The exported TRF team file ranks the same.
    let trf_page = client.get(&format!("{base}/league/export.trf")).await;
    assert_eq!(trf_page.status, StatusCode::OK);
    let tournament = trf::parse(&trf_page.body).expect("the export reads back");
    if let Ok(path) = std::env::var("ARBITER_KEEP_TEAM_FILES") {
        std::fs::write(
            std::path::Path::new(&path).join("web-league.trf"),
            &trf_page.body,
        )
        .expect("keep the file");
    }
    let event = TeamEvent::from_tournament(&tournament).expect("a team file");
    assert_eq!(event.teams.len(), TEAMS);
    let ranking = TeamRanking {
        list: TeamOrder::MatchPointsFirst.list(),
        swiss: false,
        lots: Lots::Shared,
    };
    let from_file = rank(&event, &ranking, event.rounds_played());
    let by_name: HashMap<String, (String, String)> = table
        .iter()
        .map(|row| (row[1].clone(), (row[3].clone(), row[4].clone())))
        .collect();
    for row in &from_file.rows {
        let name = &event.team(row.team).expect("team").name;
        let page = &by_name[name];
        assert_eq!(
            (
                row.match_points.to_string(),
                half(u32::try_from(row.game_points.0 / 5).unwrap_or(0))
            ),
            (page.0.clone(), page.1.clone()),
            "{name}: the file's totals equal the page's"
        );
    }

    // FIDE's TieBreakServer reads the same file to the same values and ranks (when installed).
    if let Ok(python) = std::env::var("ARBITER_GACRUX_PYTHON") {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("league.trf");
        std::fs::write(&file, &trf_page.body).expect("write");
        let output = std::process::Command::new(&python)
            .args([
                "-m",
                "gacrux.tiebreakchecker",
                "-b",
                "utf-8",
                "-p",
                "-o",
                "-",
                "-d",
                ";",
                "-F",
                "TEXT",
                "-i",
            ])
            .arg(&file)
            .args(["-t", "MPTS", "GPTS", "WIN", "DE:MP"])
            .output()
            .expect("run gacrux");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "gacrux: {text}");
        let mut compared = 0;
        for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let start: usize = fields[0].parse().expect("start number");
            let row = table
                .iter()
                .find(|r| number(&r[1]) == start)
                .expect("team on the page");
            let as_number = |text: &str| {
                text.replace('½', ".5").parse::<f64>().unwrap_or_else(|_| {
                    let whole = text.trim_end_matches('½');
                    whole.parse::<f64>().unwrap_or(0.0) + 0.5
                })
            };
            assert_eq!(
                row[0], fields[1],
                "team {start}: rank as FIDE's checker gives it"
            );
            assert_eq!(
                as_number(&row[3]),
                fields[2].parse::<f64>().expect("MPTS"),
                "team {start}: MPTS"
            );
            assert_eq!(
                as_number(&row[4]),
                fields[3].parse::<f64>().expect("GPTS"),
                "team {start}: GPTS"
            );
            assert_eq!(row[5], fields[4], "team {start}: WIN");
            compared += 1;
        }
        assert_eq!(compared, TEAMS, "FIDE's checker ranked every team");
    }

    // The file imported again is the same league: its export is the same file.
    let reimported = client
        .post("/tournaments/import", &[("trf", &trf_page.body)])
        .await;
    assert_eq!(
        reimported.status,
        StatusCode::SEE_OTHER,
        "{}",
        reimported.body
    );
    let copy = reimported
        .location
        .as_deref()
        .and_then(|l| l.strip_suffix("/teams"))
        .expect("the new league's teams")
        .to_owned();
    let copy_trf = client.get(&format!("{copy}/league/export.trf")).await;
    assert_eq!(
        copy_trf.body, trf_page.body,
        "imported and exported unchanged"
    );
    let copy_standings = client.get(&format!("{copy}/league/standings")).await;
    assert_eq!(rows(&copy_standings, "#standings tbody tr"), table);

    // Match sheets of a round as PDF; the crosstable shows every meeting.
    let sheets = client
        .get(&format!("{base}/league/rounds/4/sheets.pdf"))
        .await;
    assert_eq!(sheets.status, StatusCode::OK);
    assert!(sheets.body.starts_with("%PDF"), "a PDF");
    let cross = client.get(&format!("{base}/league/crosstable")).await;
    let cells = rows(&cross, "#crosstable tbody tr");
    assert_eq!(cells.len(), TEAMS);
    assert!(
        cells
            .iter()
            .all(|row| row[2..].iter().filter(|c| c.is_empty()).count() == 0),
        "every pair met"
    );

    // The public sees the standings too.
    client.clear_cookies();
    let public = client.get(&format!("{base}/league/standings")).await;
    assert_eq!(public.status, StatusCode::OK);
    let denied = client.post(&format!("{base}/league/draw"), &[]).await;
    assert!(
        denied
            .location
            .as_deref()
            .is_some_and(|l| l.starts_with("/login"))
            || denied.status.is_client_error(),
        "a visitor cannot write: {:?} {:?}",
        denied.status,
        denied.location
    );
}

/// Enters both line-ups (the top 8 of each squad; a short home team brings 7) and every
/// board's result, recording the match in the account. With `refusals`, first tries the
/// line-ups and results the app must refuse.
#[allow(clippy::too_many_arguments)]
async fn play_match<S, B>(
    client: &mut common::Client<S>,
    url: &str,
    round: usize,
    home: usize,
    away: usize,
    short: bool,
    refusals: bool,
    account: &mut impl FnMut(usize, usize, u32, u32),
) where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let page = client.get(url).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let version = page.attrs("#lineup-home input[name=version]", "value")[0].clone();
    let home_squad = options(&page, "#lineup-home select[name=board_1] option");
    let away_squad = options(&page, "#lineup-away select[name=board_1] option");
    assert_eq!(home_squad.len(), SQUAD);
    let lineup = |side: &'static str, squad: &[String], players: usize, version: &str| {
        let mut form: Vec<(String, String)> = vec![
            ("side".into(), side.into()),
            ("version".into(), version.into()),
        ];
        for (b, id) in squad.iter().take(players).enumerate() {
            form.push((format!("board_{}", b + 1), id.clone()));
        }
        form
    };
    let post = |form: &[(String, String)]| -> Vec<(String, String)> { form.to_vec() };
    if refusals {
        // Squad order: the 9th player above the 1st.
        let mut wrong = lineup("home", &home_squad, BOARDS, &version);
        wrong[2].1 = home_squad[8].clone();
        let refused = send(client, &format!("{url}/lineup"), &post(&wrong)).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            refused.body
        );
        assert!(
            refused.body.contains("Board 1") || refused.body.contains("board 1"),
            "names the board: {}",
            refused.body
        );
        // Named twice.
        let mut twice = lineup("home", &home_squad, BOARDS, &version);
        twice[3].1 = home_squad[0].clone();
        let refused = send(client, &format!("{url}/lineup"), &twice).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        // A gap above a taken board.
        let mut gap = lineup("home", &home_squad, BOARDS, &version);
        gap[4].1 = String::new();
        let refused = send(client, &format!("{url}/lineup"), &gap).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let saved = send(
        client,
        &format!("{url}/lineup"),
        &lineup(
            "home",
            &home_squad,
            if short { BOARDS - 1 } else { BOARDS },
            &version,
        ),
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let page = client.get(url).await;
    let version = page.attrs("#lineup-away input[name=version]", "value")[0].clone();
    let saved = send(
        client,
        &format!("{url}/lineup"),
        &lineup("away", &away_squad, BOARDS, &version),
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);

    let page = client.get(url).await;
    let forms = board_forms(&page);
    assert_eq!(
        forms.len(),
        if short { BOARDS - 1 } else { BOARDS },
        "a short team's bottom board takes no result"
    );
    let (mut h, mut a) = (0, 0);
    for (board, action, version) in &forms {
        let code = result_for(round, home, away, *board);
        let saved = client
            .post(action, &[("result", code), ("version", version)])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let (white, black) = halves(code);
        // Home has White on odd boards.
        if board % 2 == 1 {
            h += white;
            a += black;
        } else {
            h += black;
            a += white;
        }
    }
    if refusals {
        // The first board's form, made before its result was saved: refused, not overwritten.
        let (_, action, version) = &forms[0];
        let stale = client
            .post(action, &[("result", "0-1"), ("version", version)])
            .await;
        assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    }
    if short {
        // Board 8: the home team's seat is empty, the away team wins it by forfeit.
        a += 2;
        let page = client.get(url).await;
        let board = page.text("#board-8").unwrap_or_default();
        assert!(
            board.contains("+/-") || board.contains("-/+"),
            "the empty seat's forfeit: {board}"
        );
    }
    account(home, away, h, a);
}

/// Posts a form given as owned pairs.
async fn send<S, B>(client: &mut common::Client<S>, path: &str, form: &[(String, String)]) -> Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let pairs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    client.post(path, &pairs).await
}

/// Squads are edited in the app: a player registered straight into a team goes to its bottom,
/// a player moved up takes the place and the others close up (audited); once the team has given
/// a line-up its order is fixed (409), while players can still join at the bottom.
/// A new team round robin of `ŠK Alfa` and `ŠK Beta` made by the logged-in `$client`, each
/// with `$players` players added on the Teams page (`Alfaová, Hráčka1`, …, rated downwards);
/// gives the tournament's path and the two squad forms' actions.
macro_rules! two_teams {
    ($client:expr, $players:expr) => {{
        let created = $client
            .post(
                "/tournaments",
                &tournament_form(&[
                    ("name", "Krajský přebor družstev"),
                    ("pairing_system", "team_round_robin"),
                ]),
            )
            .await;
        let base = created.location.clone().expect("redirect");
        for name in ["ŠK Alfa", "ŠK Beta"] {
            let added = $client
                .post(&format!("{base}/teams"), &[("name", name), ("club", "")])
                .await;
            assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
        }
        let teams = $client.get(&format!("{base}/teams")).await;
        let actions = teams.attrs("details.add-member form", "action");
        assert_eq!(actions.len(), 2, "a squad form per team");
        for (action, prefix) in actions.iter().zip(["Alfa", "Beta"]) {
            for p in 1..=$players {
                let name = format!("{prefix}ová, Hráčka{p}");
                let rating = (2100 - 20 * p).to_string();
                let added = $client
                    .post(
                        action,
                        &[("name", name.as_str()), ("rating", rating.as_str())],
                    )
                    .await;
                assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
            }
        }
        (base, actions)
    }};
}

/// Four boards (home White on the odd ones, 2/1/0, the Czech order) and the schedule drawn;
/// gives round 1's page.
macro_rules! four_boards_drawn {
    ($client:expr, $base:expr) => {{
        let saved = $client
            .post(
                &format!("{}/league/settings", $base),
                &[
                    ("boards", "4"),
                    ("colours", "home_white_odd"),
                    ("win", "2"),
                    ("draw", "1"),
                    ("loss", "0"),
                    ("tie_breaks", "czech"),
                ],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let drawn = $client.post(&format!("{}/league/draw", $base), &[]).await;
        assert_eq!(drawn.status, StatusCode::SEE_OTHER, "{}", drawn.body);
        $client.get(&format!("{}/league/rounds/1", $base)).await
    }};
}

#[actix_web::test]
async fn web_league_squads_are_edited_in_the_app_until_the_first_line_up() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let (base, actions) = two_teams!(client, 5);
    let bad = client
        .post(&actions[0], &[("name", "Nová, Eva"), ("rating", "x")])
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "a bad rating");
    let squad =
        |page: &Page| -> Vec<String> { page.texts("#team-1 table.squad tbody tr td:nth-child(2)") };
    let teams = client.get(&format!("{base}/teams")).await;
    assert_eq!(
        squad(&teams),
        (1..=5)
            .map(|p| format!("Alfaová, Hráčka{p}"))
            .collect::<Vec<_>>()
    );
    // The fourth player moves to the top board.
    let moves = teams.attrs("#team-1 form.move-player", "action");
    let players = teams.attrs("#team-1 form.move-player input[name=player]", "value");
    let moved = client
        .post(
            &moves[3],
            &[("player", players[3].as_str()), ("position", "1")],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    let teams = client.get(&format!("{base}/teams")).await;
    assert_eq!(
        squad(&teams),
        vec![
            "Alfaová, Hráčka4",
            "Alfaová, Hráčka1",
            "Alfaová, Hráčka2",
            "Alfaová, Hráčka3",
            "Alfaová, Hráčka5"
        ]
    );
    let nowhere = client
        .post(
            &moves[0],
            &[("player", players[3].as_str()), ("position", "0")],
        )
        .await;
    assert_eq!(nowhere.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Boards 4, the schedule, and team 1's line-up: its order is fixed from then on.
    let round = four_boards_drawn!(client, base);
    let match_url = round.attrs("a[href*='/league/matches/']", "href");
    assert!(
        !match_url.is_empty(),
        "round 1 lists its match: {}",
        round.body
    );
    let page = client.get(&match_url[0]).await;
    let side = if options(&page, "#lineup-home select[name=board_1] option").contains(&players[0]) {
        "home"
    } else {
        "away"
    };
    let version = page.attrs(&format!("#lineup-{side} input[name=version]"), "value")[0].clone();
    let choices = options(
        &page,
        &format!("#lineup-{side} select[name=board_1] option"),
    );
    let mut form = vec![
        ("side".to_string(), side.to_string()),
        ("version".into(), version),
    ];
    for (b, id) in choices.iter().take(4).enumerate() {
        form.push((format!("board_{}", b + 1), id.clone()));
    }
    let given = send(&mut client, &format!("{}/lineup", match_url[0]), &form).await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);
    let fixed = client
        .post(
            &moves[0],
            &[("player", players[0].as_str()), ("position", "2")],
        )
        .await;
    assert_eq!(fixed.status, StatusCode::CONFLICT, "the order is fixed now");
    let late = client
        .post(
            &actions[0],
            &[("name", "Alfaová, Hráčka6"), ("rating", "1900")],
        )
        .await;
    assert_eq!(late.status, StatusCode::SEE_OTHER, "{}", late.body);
    let teams = client.get(&format!("{base}/teams")).await;
    assert_eq!(squad(&teams).len(), 6);
    assert!(teams.attrs("#team-1 form.move-player", "action").is_empty());
}

/// FIDE Laws Art. 12.9.4–12.9.6 (and 11.3) on a team board: the arbiter enters a penalty score
/// (½-0, 0-0) with the article and a written reason through the board's penalty form, as on an
/// individual board; each side keeps its own score and the match's game points add them
/// (C.07 Art. 11.1.2). A score above a win, an ordinary result on the penalty form, a penalty
/// on the result form, a missing reason and a stale form are refused; the penalty is audited.
#[actix_web::test]
async fn art_12_9_penalty_results_on_team_boards_count_each_sides_own_score() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let (base, _) = two_teams!(client, 4);
    let round = four_boards_drawn!(client, base);
    let url = round.attrs("a[href*='/league/matches/']", "href")[0].clone();
    for side in ["home", "away"] {
        let page = client.get(&url).await;
        let version =
            page.attrs(&format!("#lineup-{side} input[name=version]"), "value")[0].clone();
        let squad = options(
            &page,
            &format!("#lineup-{side} select[name=board_1] option"),
        );
        let mut form = vec![
            ("side".to_string(), side.to_string()),
            ("version".into(), version),
        ];
        for (b, id) in squad.iter().take(4).enumerate() {
            form.push((format!("board_{}", b + 1), id.clone()));
        }
        let given = send(&mut client, &format!("{url}/lineup"), &form).await;
        assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);
    }
    let page = client.get(&url).await;
    let forms = board_forms(&page);
    assert_eq!(forms.len(), 4);
    let penalty_actions = page.attrs("details.penalty form", "action");
    assert_eq!(penalty_actions.len(), 4, "a penalty form per board");
    assert_eq!(penalty_actions[1], format!("{}/penalty", forms[1].1));
    let article_choices = options(&page, "#penalty-2 select[name=article] option");
    assert!(
        article_choices.contains(&"12.9.5".to_owned()),
        "{article_choices:?}"
    );

    // Board 1 (home White): an ordinary win for home.
    let saved = client
        .post(&forms[0].1, &[("result", "1-0"), ("version", &forms[0].2)])
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    // Refusals on board 2: a score above a win, an ordinary result on the penalty form, no
    // reason, a penalty through the result form.
    let penalty = |result: &'static str, reason: &'static str, version: String| {
        vec![
            ("result".to_string(), result.to_string()),
            ("article".to_string(), "12.9.5".to_string()),
            ("reason".to_string(), reason.to_string()),
            ("version".to_string(), version),
        ]
    };
    for (result, reason) in [("1-1", "both"), ("1-0", "ordinary"), ("1/2-0", "  ")] {
        let refused = send(
            &mut client,
            &penalty_actions[1],
            &penalty(result, reason, forms[1].2.clone()),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{result}: {}",
            refused.body
        );
    }
    let refused = client
        .post(
            &forms[1].1,
            &[("result", "1/2-0"), ("version", &forms[1].2)],
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    // Board 2 (away White): ½-0, White (away) keeps ½, Black (home) 0.
    let saved = send(
        &mut client,
        &penalty_actions[1],
        &penalty(
            "1/2-0",
            "Mobile phone rang in the playing venue",
            forms[1].2.clone(),
        ),
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    // A stale penalty form (made before that save) is refused, not overwritten.
    let stale = send(
        &mut client,
        &penalty_actions[1],
        &penalty("0-0", "again", forms[1].2.clone()),
    )
    .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    // Board 3 (home White): 0-0, not rated; board 4 (away White): a draw.
    let saved = send(
        &mut client,
        &penalty_actions[2],
        &penalty(
            "0-0 NR",
            "Both players agreed the result",
            forms[2].2.clone(),
        ),
    )
    .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let saved = client
        .post(
            &forms[3].1,
            &[("result", "1/2-1/2"), ("version", &forms[3].2)],
        )
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);

    // Home: 1 + 0 + 0 + ½ = 1½; away: 0 + ½ + 0 + ½ = 1.
    let page = client.get(&url).await;
    assert_eq!(
        page.text("#match-score").as_deref(),
        Some("1½ : 1"),
        "{}",
        page.body
    );
    assert!(
        page.text("#board-2").unwrap_or_default().contains("½–0")
            || page.text("#board-2").unwrap_or_default().contains("½-0"),
        "{:?}",
        page.text("#board-2")
    );
    // The exported team file carries each side's own code and ranks the same.
    let export = client.get(&format!("{base}/league/export.trf")).await;
    assert_eq!(export.status, StatusCode::OK);
    let read = trf::read(&export.body).expect("the export reads");
    let event = TeamEvent::from_tournament(&read.tournament).expect("a team file");
    let scored = arbiter::tournament::team::score::match_score(&event, &event.matches[0])
        .expect("the match is complete");
    assert_eq!(
        (scored.home_game_points.0, scored.away_game_points.0),
        (15, 10),
        "{}",
        export.body
    );
    // Audited with the article and the reason.
    let audit = context.with_conn(|conn| {
        let id = base
            .rsplit('/')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("id");
        arbiter::db::models::AuditEntry::for_tournament(conn, arbiter::db::models::TournamentId(id))
            .expect("audit")
    });
    let penalties: Vec<_> = audit
        .iter()
        .filter(|a| a.entry.action == "team_penalty")
        .collect();
    assert_eq!(penalties.len(), 2, "two penalties audited");
    assert!(
        penalties
            .iter()
            .any(|a| a.entry.detail.contains("Art. 12.9.5: Mobile phone rang")),
        "{:?}",
        penalties
            .iter()
            .map(|a| &a.entry.detail)
            .collect::<Vec<_>>()
    );
}

/// A league's TRF team file written in the middle of the season reads back as the same
/// season: the rounds still to play (the Berger schedule after round 2), the ranking list
/// (record 212), place, dates, chief arbiter, time control and round dates (022–132); no
/// player is written absent (`0000 - Z`) in a round not played yet; the file of the league
/// imported again is the same file.
#[actix_web::test]
async fn trf_team_file_of_a_league_mid_season_reads_back_as_the_same_season() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;

    // A league of six teams after round 2 of 5, as another program's file gives it.
    let event = common::small_league(6, 2, 11);
    let mut model = event.to_tournament();
    let day = |d: u8| time::Date::from_calendar_date(2026, time::Month::October, d).ok();
    let header = trf::ReportHeader {
        city: "Brno".into(),
        federation: "CZE".into(),
        start_date: day(3),
        end_date: day(31),
        chief_arbiter: "IA Jana Malá".into(),
        time_control: "90 min + 30 s".into(),
        round_dates: vec![day(3), day(10), day(17), day(24), day(31)],
        ..trf::ReportHeader::default()
    };
    model.other_records = header.records();
    model
        .other_records
        .push("212 MPTS,GPTS,GWIN,DE:MP,RTOP".into());
    let original = trf::write(&model);

    let first = import_team_file(&mut client, &original).await;
    let exported = client.get(&format!("{first}/league/export.trf")).await;
    assert_eq!(exported.status, StatusCode::OK);
    let file = exported.body.clone();
    for record in [
        "022 Brno",
        "042 2026/10/03",
        "052 2026/10/31",
        "102 IA Jana Malá",
        "122 90 min + 30 s",
        "142 5",
        "212 MPTS,GPTS,GWIN,DE:MP,RTOP",
    ] {
        assert!(
            file.lines().any(|line| line.trim_end() == record),
            "the file keeps `{record}`:\n{file}"
        );
    }
    assert!(
        file.lines().any(|line| line.starts_with("132")),
        "the round dates:\n{file}"
    );
    let scheduled: Vec<&str> = file
        .lines()
        .filter(|line| line.starts_with("### scheduled"))
        .collect();
    assert_eq!(
        scheduled.len(),
        9,
        "rounds 3 to 5, three matches each:\n{file}"
    );
    let read = trf::parse(&file).expect("the file reads back");
    assert!(
        read.players.iter().all(|p| p.rounds.len() <= 2),
        "no player is written in a round not played yet"
    );

    // Imported again: the same season, the same file.
    let second = import_team_file(&mut client, &file).await;
    let again = client.get(&format!("{second}/league/export.trf")).await;
    assert_eq!(again.body, file, "imported and exported unchanged");
    for round in 3..=5 {
        let page = client.get(&format!("{second}/league/rounds/{round}")).await;
        assert_eq!(page.status, StatusCode::OK, "round {round}");
        assert_eq!(matches_of(&page).len(), 3, "round {round} is scheduled");
    }
    let teams = client.get(&format!("{second}/teams")).await;
    assert_eq!(
        teams.attrs("select[name=tie_breaks] option[selected]", "value"),
        vec!["czech".to_owned()],
        "the Czech ranking list is the league's"
    );
    let standings = client.get(&format!("{first}/league/standings")).await;
    let copy = client.get(&format!("{second}/league/standings")).await;
    assert_eq!(
        rows(&copy, "#standings tbody tr"),
        rows(&standings, "#standings tbody tr")
    );
}

/// Imports a TRF team file; the new league's address.
async fn import_team_file<S, B>(client: &mut common::Client<S>, text: &str) -> String
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    let imported = client.post("/tournaments/import", &[("trf", text)]).await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    imported
        .location
        .as_deref()
        .and_then(|l| l.strip_suffix("/teams"))
        .expect("the league's teams")
        .to_owned()
}

/// A league's round day without dead ends: a refused line-up comes back on the match page with
/// its boards as chosen and the reason; the round page takes every board's result by keyboard
/// (JSON, as `results.js` posts it), one match after another; a postponed match once played is
/// no longer listed as postponed.
#[actix_web::test]
async fn a_league_round_refusals_come_back_and_results_are_typed_board_after_board() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let event = common::small_league(4, 0, 5);
    let base = import_team_file(&mut client, &trf::write(&event.to_tournament())).await;
    let round_page = format!("{base}/league/rounds/1");
    let page = client.get(&round_page).await;
    let matches = matches_of(&page);
    assert_eq!(matches.len(), 2, "two matches in round 1");

    // The first match's home line-up in the wrong order: back on the match page, as chosen.
    let (first, _, _) = &matches[0];
    let url = format!("{base}/league/matches/{first}");
    let page = client.get(&url).await;
    let version = page.attrs("#lineup-home input[name=version]", "value")[0].clone();
    let squad = options(&page, "#lineup-home select[name=board_1] option");
    assert_eq!(squad.len(), 3);
    let wrong = [
        ("side", "home"),
        ("version", version.as_str()),
        ("board_1", squad[2].as_str()),
        ("board_2", squad[0].as_str()),
    ];
    let refused = client
        .post_from(&url, &format!("{url}/lineup"), &wrong)
        .await;
    refused.assert_redirect(&url);
    let back = client.get(&url).await;
    assert!(back.text("#refusal").is_some(), "the reason on the page");
    assert_eq!(
        back.attrs(
            "#lineup-home select[name=board_1] option[selected]",
            "value"
        ),
        vec![squad[2].clone()],
        "board 1 as chosen"
    );
    assert_eq!(
        back.attrs(
            "#lineup-home select[name=board_2] option[selected]",
            "value"
        ),
        vec![squad[0].clone()],
        "board 2 as chosen"
    );

    // Both line-ups of both matches; the second match postponed first.
    for (index, (id, _, _)) in matches.iter().enumerate() {
        let url = format!("{base}/league/matches/{id}");
        if index == 1 {
            let status = client
                .post(
                    &format!("{url}/status"),
                    &[("forfeit", ""), ("postponed", "1")],
                )
                .await;
            assert_eq!(status.status, StatusCode::SEE_OTHER, "{}", status.body);
        }
        for side in ["home", "away"] {
            let page = client.get(&url).await;
            let version =
                page.attrs(&format!("#lineup-{side} input[name=version]"), "value")[0].clone();
            let squad = options(
                &page,
                &format!("#lineup-{side} select[name=board_1] option"),
            );
            let saved = client
                .post(
                    &format!("{url}/lineup"),
                    &[
                        ("side", side),
                        ("version", &version),
                        ("board_1", &squad[0]),
                        ("board_2", &squad[1]),
                    ],
                )
                .await;
            assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        }
    }

    // The round page lists every board of both matches for the keyboard.
    let page = client.get(&round_page).await;
    let actions = page.attrs("#round-results form.result-form", "action");
    let versions = page.attrs(
        "#round-results form.result-form input[name=version]",
        "value",
    );
    assert_eq!(actions.len(), 4, "two boards of two matches");
    for (index, (action, version)) in actions.iter().zip(&versions).enumerate() {
        let saved = client
            .post_json(action, &[("result", "="), ("version", version)])
            .await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
        let answer: serde_json::Value = serde_json::from_str(&saved.body).expect("JSON");
        assert_eq!(answer["label"], "½-½");
        assert_eq!(answer["missing"], if index % 2 == 0 { 1 } else { 0 });
        // The same form again (an old version): refused in words, nothing overwritten.
        let stale = client
            .post_json(action, &[("result", "1"), ("version", version)])
            .await;
        assert_eq!(stale.status, StatusCode::CONFLICT);
        let answer: serde_json::Value = serde_json::from_str(&stale.body).expect("JSON");
        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()));
        assert_eq!(answer["label"], "½-½");
    }
    let page = client.get(&round_page).await;
    let scores: Vec<String> = rows(&page, "#matches tbody tr")
        .iter()
        .map(|row| row[1].clone())
        .collect();
    assert_eq!(scores, vec!["1 : 1", "1 : 1"]);
    assert!(
        rows(&page, "#matches tbody tr")
            .iter()
            .all(|row| row[3].is_empty()),
        "a postponed match once played is not postponed any more"
    );
    assert!(page.text("ul.postponed").is_none(), "nor listed as such");
    let standings = client.get(&format!("{base}/league/standings")).await;
    assert!(
        standings.text(".postponed").is_none(),
        "no postponed match left on the standings page"
    );
}

/// The line-up form of a captain's page for its first match: (action, form fields with the
/// squad's first `boards` players in order, or in the order `order` gives).
fn captain_form(page: &Page, boards: usize, order: &[usize]) -> (String, Vec<(String, String)>) {
    let action = page.attrs("form.lineup", "action").remove(0);
    let side = page
        .attrs("form.lineup input[name=side]", "value")
        .remove(0);
    let version = page
        .attrs("form.lineup input[name=version]", "value")
        .remove(0);
    let squad = options(page, "form.lineup select[name=board_1] option");
    let mut form = vec![("side".to_string(), side), ("version".to_string(), version)];
    for board in 0..boards {
        let pick = order.get(board).copied().unwrap_or(board);
        form.push((format!("board_{}", board + 1), squad[pick].clone()));
    }
    (action, form)
}

/// A league's captains give their teams' line-ups through their personal links: each sees
/// only their own until both are in, then both are revealed together (to the captains and the
/// public) and stand — a captain can no longer change theirs; the squad order is checked as
/// for the arbiter; a link speaks for its own team only, is shown once and stops working when
/// revoked or replaced; every captain's line-up is audited.
#[actix_web::test]
async fn captains_give_line_ups_by_their_links_revealed_together_and_fixed_then() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let (base, _) = two_teams!(client, 5);
    let round = four_boards_drawn!(client, base);
    let published = client
        .post(&format!("{base}/publish"), &[("published", "true")])
        .await;
    assert_eq!(
        published.status,
        StatusCode::SEE_OTHER,
        "{}",
        published.body
    );
    let match_url = round.attrs("a[href*='/league/matches/']", "href").remove(0);
    let teams = client.get(&format!("{base}/teams")).await;
    let link_forms = teams.attrs("form.captain-link", "action");
    assert_eq!(link_forms.len(), 2, "a captain's link per team");
    let mut tokens = Vec::new();
    for action in &link_forms {
        let issued = client.post(action, &[("action", "new")]).await;
        assert_eq!(issued.status, StatusCode::OK, "{}", issued.body);
        let url = issued.text("#link-url").expect("the link, shown once");
        tokens.push(
            url.split("/captain/")
                .nth(1)
                .expect("a captain's link")
                .to_owned(),
        );
    }
    let teams = client.get(&format!("{base}/teams")).await;
    assert!(
        tokens
            .iter()
            .all(|token| !teams.body.contains(token.as_str())),
        "shown only once"
    );
    let (alfa, beta) = (tokens[0].clone(), tokens[1].clone());

    // Alfa's captain gives the line-up; Beta's captain and the public see that it is in, not
    // who plays.
    let mut alfa_captain = context.client().await;
    let mut beta_captain = context.client().await;
    let page = alfa_captain.get(&format!("/captain/{alfa}")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Alfaová, Hráčka1") && !page.body.contains("Betaová"));
    let (alfa_action, alfa_form) = captain_form(&page, 4, &[]);
    let given = send(&mut alfa_captain, &alfa_action, &alfa_form).await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);
    let page = beta_captain.get(&format!("/captain/{beta}")).await;
    assert!(!page.body.contains("Alfaová"), "{}", page.body);
    assert_eq!(page.texts(".captain-match .badge").len(), 2);
    let mut visitor = context.client().await;
    let public = visitor.get(&match_url).await;
    assert_eq!(public.status, StatusCode::OK, "{}", public.body);
    assert!(!public.body.contains("Alfaová, Hráčka1"), "{}", public.body);

    // A link acts for its own team only: Beta's captain cannot give Alfa's line-up.
    let (beta_action, _) = captain_form(&page, 4, &[]);
    let mut alfa_side = alfa_form.clone();
    alfa_side[1].1 = page
        .attrs("form.lineup input[name=version]", "value")
        .remove(0);
    let other = send(&mut beta_captain, &beta_action, &alfa_side).await;
    assert_eq!(other.status, StatusCode::NOT_FOUND, "{}", other.body);

    // The squad order is checked as for the arbiter.
    let (_, swapped) = captain_form(&page, 4, &[1, 0, 2, 3]);
    let refused = send(&mut beta_captain, &beta_action, &swapped).await;
    assert!(refused.status.is_client_error(), "{}", refused.status);
    let (_, beta_form) = captain_form(&page, 4, &[]);
    let given = send(&mut beta_captain, &beta_action, &beta_form).await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);

    // Both in: revealed together, to both captains and the public, and fixed for captains.
    for (captain, token) in [(&mut alfa_captain, &alfa), (&mut beta_captain, &beta)] {
        let page = captain.get(&format!("/captain/{token}")).await;
        let boards = page.texts("table.revealed tbody tr");
        assert_eq!(boards.len(), 4, "{}", page.body);
        assert!(
            boards
                .iter()
                .all(|b| b.contains("Alfaová") && b.contains("Betaová"))
        );
        assert!(
            page.attrs("form.lineup", "action").is_empty(),
            "no form now"
        );
    }
    let public = visitor.get(&match_url).await;
    assert!(public.body.contains("Alfaová, Hráčka1"), "{}", public.body);
    let late = send(&mut alfa_captain, &alfa_action, &{
        let mut form = alfa_form.clone();
        form[1].1 = public
            .attrs("input[name=version]", "value")
            .first()
            .cloned()
            .unwrap_or_default();
        form
    })
    .await;
    assert!(late.status.is_client_error(), "{}", late.status);
    assert_eq!(
        context
            .with_conn(|conn| {
                use diesel::prelude::*;
                arbiter::db::schema::audit_log::table
                    .filter(arbiter::db::schema::audit_log::action.eq("captain_lineup"))
                    .count()
                    .get_result::<i64>(conn)
            })
            .expect("audit"),
        2
    );

    // The match played (the arbiter enters every board): the captains give their word — Alfa
    // confirms, Beta disputes (a dispute needs a note) — shown to the arbiter on the match
    // page; a result changed afterwards makes both words stale.
    let page = alfa_captain.get(&format!("/captain/{alfa}")).await;
    assert!(
        page.attrs("form[id^=confirm-]", "action").is_empty(),
        "nothing to confirm before the results"
    );
    let arbiter_page = client.get(&match_url).await;
    let forms = board_forms(&arbiter_page);
    assert_eq!(forms.len(), 4);
    for (board, action, version) in &forms {
        let code = if board % 2 == 1 { "1-0" } else { "1/2-1/2" };
        let entered = client
            .post(action, &[("result", code), ("version", version.as_str())])
            .await;
        assert_eq!(entered.status, StatusCode::SEE_OTHER, "{}", entered.body);
    }
    let word = |page: &Page| {
        (
            page.attrs("form[id^=confirm-]", "action").remove(0),
            page.attrs("form[id^=confirm-] input[name=version]", "value")
                .remove(0),
        )
    };
    let (confirm, version) = word(&alfa_captain.get(&format!("/captain/{alfa}")).await);
    let agreed = alfa_captain
        .post(
            &confirm,
            &[("word", "agree"), ("version", version.as_str())],
        )
        .await;
    assert_eq!(agreed.status, StatusCode::SEE_OTHER, "{}", agreed.body);
    let (confirm, version) = word(&beta_captain.get(&format!("/captain/{beta}")).await);
    let bare = beta_captain
        .post(
            &confirm,
            &[("word", "dispute"), ("version", version.as_str())],
        )
        .await;
    assert_eq!(
        bare.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a dispute needs a note"
    );
    let disputed = beta_captain
        .post(
            &confirm,
            &[
                ("word", "dispute"),
                ("note", "Board 2 was a win for us"),
                ("version", version.as_str()),
            ],
        )
        .await;
    assert_eq!(disputed.status, StatusCode::SEE_OTHER, "{}", disputed.body);
    let words = client.get(&match_url).await.texts("#captains-words li");
    assert_eq!(
        words,
        [
            "ŠK Alfa: confirmed",
            "ŠK Beta: disputed: Board 2 was a win for us"
        ]
    );
    let (board, action, version) = board_forms(&client.get(&match_url).await).remove(1);
    assert_eq!(board, 2);
    let corrected = client
        .post(&action, &[("result", "0-1"), ("version", version.as_str())])
        .await;
    assert_eq!(
        corrected.status,
        StatusCode::SEE_OTHER,
        "{}",
        corrected.body
    );
    let words = client.get(&match_url).await.texts("#captains-words li");
    assert!(
        words
            .iter()
            .all(|w| w.contains("confirmed before a result changed")),
        "{words:?}"
    );

    // Revoked: the link no longer opens; a new one replaces the old.
    let revoked = client.post(&link_forms[0], &[("action", "revoke")]).await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER, "{}", revoked.body);
    assert_eq!(
        alfa_captain.get(&format!("/captain/{alfa}")).await.status,
        StatusCode::NOT_FOUND
    );
    client.post(&link_forms[1], &[("action", "new")]).await;
    assert_eq!(
        beta_captain.get(&format!("/captain/{beta}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        visitor.get("/captain/not-a-token").await.status,
        StatusCode::NOT_FOUND
    );
}

/// A league's line-up deadline (minutes before the round's scheduled start): before it, a
/// captain's line-up stays hidden from the other team and the public; once it has passed, the
/// one given is revealed (the other team's seats empty), the captains' forms are closed and a
/// late captain is refused in words, while the arbiter can still give the missing line-up. A
/// deadline that is not a number of minutes is refused on the settings form.
#[actix_web::test]
async fn captains_line_ups_are_revealed_when_the_deadline_before_the_round_passes() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let (base, _) = two_teams!(client, 5);
    let round = four_boards_drawn!(client, base);
    let settings = |deadline: &'static str| {
        [
            ("boards", "4"),
            ("colours", "home_white_odd"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("tie_breaks", "czech"),
            ("lineup_deadline", deadline),
        ]
    };
    let bad = client
        .post(&format!("{base}/league/settings"), &settings("an hour"))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(bad.body.contains("10080"), "{}", bad.body);
    let saved = client
        .post(&format!("{base}/league/settings"), &settings("60"))
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let schedule = |date: &'static str| [("date_1", date), ("time_1", "10:00")];
    let scheduled = client
        .post(&format!("{base}/schedule"), &schedule("2099-06-01"))
        .await;
    assert_eq!(scheduled.status, StatusCode::OK, "{}", scheduled.body);
    client
        .post(&format!("{base}/publish"), &[("published", "true")])
        .await;
    let match_url = round.attrs("a[href*='/league/matches/']", "href").remove(0);
    let teams = client.get(&format!("{base}/teams")).await;
    let mut tokens = Vec::new();
    for action in teams.attrs("form.captain-link", "action") {
        let issued = client.post(&action, &[("action", "new")]).await;
        let url = issued.text("#link-url").expect("the link");
        tokens.push(url.split("/captain/").nth(1).expect("token").to_owned());
    }
    let (alfa, beta) = (tokens[0].clone(), tokens[1].clone());

    // Before the deadline: Alfa's line-up is in and hidden; both pages say when it is due.
    let mut alfa_captain = context.client().await;
    let mut beta_captain = context.client().await;
    let page = alfa_captain.get(&format!("/captain/{alfa}")).await;
    assert_eq!(
        page.attrs("p.deadline", "data-passed"),
        ["false"],
        "{}",
        page.body
    );
    assert!(page.text("p.deadline").expect("due").contains("2099-06-01"));
    let (action, form) = captain_form(&page, 4, &[]);
    let given = send(&mut alfa_captain, &action, &form).await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);
    let beta_page = beta_captain.get(&format!("/captain/{beta}")).await;
    assert!(!beta_page.body.contains("Alfaová"), "{}", beta_page.body);
    let (beta_action, beta_form) = captain_form(&beta_page, 4, &[]);
    let mut visitor = context.client().await;
    assert!(
        !visitor
            .get(&match_url)
            .await
            .body
            .contains("Alfaová, Hráčka1")
    );

    // The round moved to a day gone by: the deadline has passed.
    let moved = client
        .post(&format!("{base}/schedule"), &schedule("2026-11-20"))
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let public = visitor.get(&match_url).await;
    assert!(public.body.contains("Alfaová, Hráčka1"), "{}", public.body);
    assert!(!public.body.contains("Betaová"), "{}", public.body);
    let beta_page = beta_captain.get(&format!("/captain/{beta}")).await;
    assert_eq!(beta_page.attrs("p.deadline", "data-passed"), ["true"]);
    assert!(
        beta_page.attrs("form.lineup", "action").is_empty(),
        "closed"
    );
    let boards = beta_page.texts("table.revealed tbody tr");
    assert_eq!(boards.len(), 4, "{}", beta_page.body);
    assert!(
        boards
            .iter()
            .all(|b| b.contains("Alfaová") && !b.contains("Betaová"))
    );
    let late = send(&mut beta_captain, &beta_action, &beta_form).await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
    assert!(late.body.contains("deadline"), "{}", late.body);

    // The arbiter still gives Beta's line-up (handed in on paper).
    let arbiter_page = client.get(&match_url).await;
    let action = arbiter_page.attrs("#lineup-away", "action").remove(0);
    let version = arbiter_page
        .attrs("#lineup-away input[name=version]", "value")
        .remove(0);
    let squad = options(&arbiter_page, "#lineup-away select[name=board_1] option");
    let mut form = vec![
        ("side".to_owned(), "away".to_owned()),
        ("version".to_owned(), version),
    ];
    for (board, player) in squad.iter().take(4).enumerate() {
        form.push((format!("board_{}", board + 1), player.clone()));
    }
    let given = send(&mut client, &action, &form).await;
    assert_eq!(given.status, StatusCode::SEE_OTHER, "{}", given.body);
    assert!(
        visitor
            .get(&match_url)
            .await
            .body
            .contains("Betaová, Hráčka1")
    );
}
