//! A team Swiss (FIDE C.04.6) through the real app, as a school-teams championship runs one:
//! 9 teams of 4 boards over 5 rounds, paired round by round by the engine, each round checked
//! and published by the arbiter, one round unpaired and paired again, one match forfeited as a
//! whole, and the pairing-allocated bye of an odd field (C.04.6 Art. 1.4) scoring its value.
//!
//! What it proves:
//! - a round is hidden from the public until published; the next round is not paired while a
//!   match of the last has no result (422, naming the match), nor beyond the rounds announced;
//!   a round with a result cannot be unpaired (409); the system is fixed once round 1 is paired;
//! - the exported TRF-2026 team file (records 310, 320, 152, 192) re-paired by our checker gives
//!   every round as the app paired it, and, with `ARBITER_GACRUX_PYTHON` set, FIDE's own
//!   pairing checker (`gacrux.pairingchecker -m fideteam -c`) says `Check: True`;
//! - the file imported again is a team Swiss again and exports byte-identical.
//!
//! Runs on SQLite, or on PostgreSQL when `ARBITER_TEST_DATABASE_URL` is set (see `common`).

mod common;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use arbiter::formats::trf;
use arbiter::pairing::team_swiss::checker::check_rounds;
use arbiter::pairing::team_swiss::generator::options_of_code;
use arbiter::pairing::team_swiss::team_event_of;
use common::{Client, Page, TestContext, tournament_form};
use scraper::Selector;

const TEAMS: usize = 9;
const BOARDS: usize = 4;
const ROUNDS: usize = 5;

fn squads_csv() -> String {
    let mut csv = String::from("name,rating,team\n");
    for t in 1..=TEAMS {
        for p in 1..=BOARDS + 1 {
            csv.push_str(&format!(
                "\"Žák{t:02}, Hráč{p}\",{},ZŠ Družstvo {t:02}\n",
                1900 - 25 * t - 10 * p
            ));
        }
    }
    csv
}

/// The matches of a round page: (match id or empty for the bye, home, away).
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

/// A result of board `b` in a pattern with wins, draws and losses for both sides.
fn result_for(round: usize, index: usize, b: usize) -> &'static str {
    match (round * 5 + index * 3 + b) % 5 {
        0 | 1 => "1-0",
        2 => "1/2-1/2",
        _ => "0-1",
    }
}

/// Both line-ups (the top four of each squad) and every board's result of a match.
async fn lineups_and_results<S, B>(client: &mut Client<S>, url: &str, round: usize, index: usize)
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    for side in ["home", "away"] {
        let page = client.get(url).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let version =
            page.attrs(&format!("#lineup-{side} input[name=version]"), "value")[0].clone();
        let squad: Vec<String> = page
            .attrs(
                &format!("#lineup-{side} select[name=board_1] option"),
                "value",
            )
            .into_iter()
            .filter(|v| !v.is_empty())
            .collect();
        let mut form = vec![
            ("side".to_owned(), side.to_owned()),
            ("version".to_owned(), version),
        ];
        for (b, id) in squad.iter().take(BOARDS).enumerate() {
            form.push((format!("board_{}", b + 1), id.clone()));
        }
        let pairs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let saved = client.post(&format!("{url}/lineup"), &pairs).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    }
    let page = client.get(url).await;
    let html = page.html();
    let form = Selector::parse("#boards form.inline-result").expect("selector");
    let version = Selector::parse("input[name=version]").expect("selector");
    let boards: Vec<(String, String)> = html
        .select(&form)
        .filter_map(|f| {
            let v = f.select(&version).next()?.value().attr("value")?.to_owned();
            Some((f.value().attr("action")?.to_owned(), v))
        })
        .collect();
    assert_eq!(boards.len(), BOARDS);
    for (b, (action, version)) in boards.iter().enumerate() {
        let saved = client
            .post(
                action,
                &[
                    ("result", result_for(round, index, b)),
                    ("version", version),
                ],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    }
}

#[actix_web::test]
async fn web_c04_6_team_swiss_paired_published_corrected_and_exported_as_fide_checks_it() {
    let context = TestContext::new();
    context.create_user("olga", Role::Organiser);
    let mut client = context.logged_in("olga").await;
    let created = client
        .post(
            "/tournaments",
            &tournament_form(&[
                ("name", "Přebor škol družstev 2026"),
                ("pairing_system", "team_swiss"),
                ("rounds", "5"),
                ("published", "on"),
            ]),
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let base = created.location.clone().expect("redirect");
    let csv = squads_csv();
    let imported = client
        .post(
            &format!("{base}/players/import"),
            &[("csv", &csv), ("action", "import")],
        )
        .await;
    assert_eq!(imported.status, StatusCode::SEE_OTHER, "{}", imported.body);
    let settings = [
        ("boards", "4"),
        ("colours", "home_white_odd"),
        ("win", "2"),
        ("draw", "1"),
        ("loss", "0"),
        ("tie_breaks", "fide"),
        ("swiss_system", "FIDE_TEAM_TYPEA_MP_GP"),
        ("bye_match_points", "2"),
        ("bye_game_points", "2"),
        ("initial_colour", "w"),
    ];
    let saved = client
        .post(&format!("{base}/league/settings"), &settings)
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let teams = client.get(&format!("{base}/teams")).await;
    assert!(teams.text("#pair-round").is_some(), "round 1 is offered");
    assert!(
        teams.text("#draw-schedule").is_none(),
        "a Swiss is not drawn"
    );

    // Round 1: paired, unpublished (hidden from the public), then published.
    let paired = client.post(&format!("{base}/league/pair"), &[]).await;
    paired.assert_redirect(&format!("{base}/league/rounds/1"));
    let round1 = client.get(&format!("{base}/league/rounds/1")).await;
    assert_eq!(
        matches_of(&round1).len(),
        TEAMS / 2 + 1,
        "four matches and the bye"
    );
    let mut visitor = context.client().await;
    let hidden = visitor.get(&format!("{base}/league/rounds/1")).await;
    assert_eq!(
        hidden.status,
        StatusCode::NOT_FOUND,
        "unpublished pairings are hidden"
    );
    let published = client
        .post(
            &format!("{base}/rounds/1/publish"),
            &[("published", "true")],
        )
        .await;
    published.assert_redirect(&format!("{base}/league/rounds/1"));
    let shown = visitor.get(&format!("{base}/league/rounds/1")).await;
    assert_eq!(
        shown.status,
        StatusCode::OK,
        "published pairings are public"
    );

    // The system and initial colour stand once round 1 is paired.
    let mut changed = settings.to_vec();
    changed.retain(|(k, _)| *k != "swiss_system");
    changed.push(("swiss_system", "FIDE_TEAM_TYPEB_MP_GP"));
    let refused = client
        .post(&format!("{base}/league/settings"), &changed)
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);

    for round in 1..=ROUNDS {
        let page = client.get(&format!("{base}/league/rounds/{round}")).await;
        assert_eq!(page.status, StatusCode::OK);
        let matches = matches_of(&page);
        let byes = matches.iter().filter(|m| m.2.is_empty()).count();
        assert_eq!(byes, 1, "round {round}: one pairing-allocated bye");
        if round == 1 {
            // The next round waits for every result of this one.
            let early = client.post(&format!("{base}/league/pair"), &[]).await;
            assert_eq!(
                early.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{}",
                early.body
            );
            assert!(
                early.body.contains(&matches[0].1),
                "names a match without a result"
            );
        }
        for (index, (id, _, away)) in matches.iter().enumerate() {
            if away.is_empty() {
                continue;
            }
            let url = format!("{base}/league/matches/{id}");
            if round == 2 && index == 1 {
                let status = client
                    .post(&format!("{url}/status"), &[("forfeit", "home")])
                    .await;
                assert_eq!(status.status, StatusCode::SEE_OTHER, "{}", status.body);
                continue;
            }
            lineups_and_results(&mut client, &url, round, index).await;
        }
        if round == ROUNDS {
            break;
        }
        let page = client.get(&format!("{base}/league/rounds/{round}")).await;
        assert!(
            page.text("#pair-next").is_some(),
            "round {round} done: the next is offered"
        );
        let next = client.post(&format!("{base}/league/pair"), &[]).await;
        next.assert_redirect(&format!("{base}/league/rounds/{}", round + 1));
        if round == 2 {
            // Round 3 is unpaired and paired again: the engine gives the same pairing.
            let first = matches_of(&client.get(&format!("{base}/league/rounds/3")).await);
            let undone = client.post(&format!("{base}/league/unpair"), &[]).await;
            assert_eq!(undone.status, StatusCode::SEE_OTHER, "{}", undone.body);
            let gone = client.get(&format!("{base}/league/rounds/3")).await;
            assert_eq!(gone.status, StatusCode::NOT_FOUND);
            let again = client.post(&format!("{base}/league/pair"), &[]).await;
            again.assert_redirect(&format!("{base}/league/rounds/3"));
            let second = matches_of(&client.get(&format!("{base}/league/rounds/3")).await);
            let names = |m: &[(String, String, String)]| -> Vec<(String, String)> {
                m.iter().map(|(_, h, a)| (h.clone(), a.clone())).collect()
            };
            assert_eq!(names(&first), names(&second));
            // A hand-made change that meets round 1's opponents again: C1 named in words, saved only
            // when confirmed; exchanged back, the round is the engine's again.
            let round1 = matches_of(&client.get(&format!("{base}/league/rounds/1")).await);
            let opponent_in_round1 = |team: &str| {
                round1
                    .iter()
                    .find_map(|(_, h, a)| {
                        if h == team {
                            Some(a.clone())
                        } else if a == team {
                            Some(h.clone())
                        } else {
                            None
                        }
                    })
                    .filter(|o| !o.is_empty())
            };
            let (home, away, old_opponent) = second
                .iter()
                .filter(|(_, _, a)| !a.is_empty())
                .find_map(|(_, h, a)| Some((h.clone(), a.clone(), opponent_in_round1(h)?)))
                .expect("a team of round 3 that played in round 1");
            let page = client.get(&format!("{base}/league/rounds/3")).await;
            let values = page.attrs("#swap-teams select[name=first] option", "value");
            let labels = page.texts("#swap-teams select[name=first] option");
            let id_of = |name: &str| {
                labels
                    .iter()
                    .position(|l| l.ends_with(name))
                    .map(|i| values[i].clone())
                    .expect("a team of the round")
            };
            let (x, y) = (id_of(&away), id_of(&old_opponent));
            let swap = [("first", x.as_str()), ("second", y.as_str())];
            let refused = client.post(&format!("{base}/league/swap"), &swap).await;
            assert_eq!(
                refused.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{}",
                refused.body
            );
            // The criterion in words, naming the two teams that would meet again.
            assert!(
                refused.body.contains("have already played each other (C1)")
                    && refused.body.contains(&home)
                    && refused.body.contains(&old_opponent),
                "{}",
                refused.body
            );
            let mut confirmed = swap.to_vec();
            confirmed.push(("confirm", "1"));
            let saved = client
                .post(&format!("{base}/league/swap"), &confirmed)
                .await;
            saved.assert_redirect(&format!("{base}/league/rounds/3"));
            let changed = matches_of(&client.get(&format!("{base}/league/rounds/3")).await);
            assert!(
                changed
                    .iter()
                    .any(|(_, h, a)| (*h == home && *a == old_opponent)
                        || (*a == home && *h == old_opponent)),
                "the rematch was made: {changed:?}"
            );
            let back = client.post(&format!("{base}/league/swap"), &swap).await;
            back.assert_redirect(&format!("{base}/league/rounds/3"));
            let restored = matches_of(&client.get(&format!("{base}/league/rounds/3")).await);
            assert_eq!(names(&restored), names(&second));
        }
        let publish = client
            .post(
                &format!("{base}/rounds/{}/publish", round + 1),
                &[("published", "true")],
            )
            .await;
        assert_eq!(publish.status, StatusCode::SEE_OTHER);
    }
    // A round with results is not unpaired; no round beyond the fifth.
    let refused = client.post(&format!("{base}/league/unpair"), &[]).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    let beyond = client.post(&format!("{base}/league/pair"), &[]).await;
    assert_eq!(
        beyond.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        beyond.body
    );

    // The standings count the bye's two match points and two game points.
    let standings = client.get(&format!("{base}/league/standings")).await;
    assert_eq!(standings.status, StatusCode::OK);
    assert_eq!(standings.texts("#standings tbody tr").len(), TEAMS);

    // The exported file re-pairs round by round as the app paired it.
    let export = client.get(&format!("{base}/league/export.trf")).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(
        export.body.contains("192 FIDE_TEAM_TYPEA_MP_GP"),
        "{}",
        export.body
    );
    assert!(
        export.body.lines().any(|l| l.starts_with("320")),
        "the byes (320)"
    );
    let tournament = trf::parse(&export.body).expect("the export reads back");
    let swiss = team_event_of(&tournament).expect("a team Swiss");
    assert_eq!(swiss.rounds_paired(), ROUNDS as u32);
    let options = options_of_code("FIDE_TEAM_TYPEA_MP_GP").expect("a C.04.6 code");
    assert_eq!(
        check_rounds(&swiss, options),
        vec![],
        "every round as the engine pairs it"
    );
    if let Ok(python) = std::env::var("ARBITER_GACRUX_PYTHON") {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("team-swiss.trf");
        std::fs::write(&file, &export.body).expect("write");
        let output = std::process::Command::new(&python)
            .args(["-m", "gacrux.pairingchecker", "-b", "utf-8", "-i"])
            .arg(&file)
            .args(["-m", "fideteam", "-c", "-d", "T"])
            .output()
            .expect("run gacrux");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.lines().rev().find(|l| !l.trim().is_empty()) == Some("Check: True"),
            "FIDE's pairing checker: {text}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    // Imported again: a team Swiss with the same file.
    let reimported = client
        .post("/tournaments/import", &[("trf", &export.body)])
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
        .expect("the new event's teams")
        .to_owned();
    let copy_trf = client.get(&format!("{copy}/league/export.trf")).await;
    assert_eq!(
        copy_trf.body, export.body,
        "imported and exported unchanged"
    );
    let beyond = client.post(&format!("{copy}/league/pair"), &[]).await;
    assert_eq!(
        beyond.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the copy is a team Swiss with its five rounds paired: {}",
        beyond.body
    );
}
