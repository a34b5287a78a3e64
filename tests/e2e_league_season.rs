//! A Czech-style league season end to end in a real headless Chromium (chromedriver): an
//! organiser creates a team league (12 teams of 8 boards, 3/1/0, ranked by the Czech
//! competition rules' order: match points, game points, games won, mutual matches, results
//! against the 1st, 2nd, … team), imports the squad lists from one CSV list,
//! draws the schedule by the Berger tables and plays all 11 rounds through the match pages:
//! the first match by hand (every line-up select and result chosen and saved), the second by
//! the two captains' links on a phone (each line-up unseen by the other team and the public
//! until both are in, then revealed together; after the results both captains confirm them),
//! the others by posting the same forms from the page. One match is postponed in round 2 and played after
//! round 5, one team is short in round 4 (its bottom board forfeited), one match is forfeited
//! as a whole in round 3. The standings must equal the test's own account of the boards
//! entered; the match sheets come as a PDF; the TRF team file is exported, imported again and
//! exported unchanged. Then the public pages on a 390 px phone: nothing wider than the screen.
//!
//! Screenshots go to `target/e2e-screenshots/league-*.png`. Without `chromium` and
//! `chromedriver` the test prints `skipped: ...` and passes, unless `ARBITER_E2E=1` (set by
//! `.ci/run`), which makes a missing browser a failure.

mod common;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use arbiter::db::models::Role;
use common::{PASSWORD, TestContext};
use serde_json::{Value, json};
use webdriver::{Browser, base_url, browser_missing, serve, shots};

const TEAMS: usize = 12;
const BOARDS: usize = 8;
const SQUAD: usize = 10;

/// The result entered on board `b` of round `r`'s match between pairing numbers `home` and
/// `away` (a fixed pattern of wins, draws and losses).
fn result_for(r: usize, home: usize, away: usize, b: usize) -> &'static str {
    match (r + home * 3 + away + b * 5) % 7 {
        0 | 1 => "1-0",
        2 | 3 | 6 => "1/2-1/2",
        _ => "0-1",
    }
}

/// The home team's and the away team's game points (in halves) of a board's result, the home
/// team having White on odd boards.
fn board_halves(board: usize, code: &str) -> (u32, u32) {
    let (white, black) = match code {
        "1-0" => (2, 0),
        "0-1" => (0, 2),
        _ => (1, 1),
    };
    if board % 2 == 1 {
        (white, black)
    } else {
        (black, white)
    }
}

/// The team number of `ŠK Družstvo NN`.
fn number(name: &str) -> usize {
    name.trim()
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("team number in {name:?}"))
}

/// Fills and posts a match page's forms from the page itself (as the buttons would): both
/// line-ups (the top `home` and `away` squad players) and then `results`, board by board.
const PLAY: &str = r#"
const [homeCount, awayCount, results] = arguments;
window.__done = false; window.__error = null;
const page = async () => new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html');
const post = async (form) => {
  const r = await fetch(form.getAttribute('action'), {method: 'POST', body: new URLSearchParams(new FormData(form))});
  if (!r.ok) throw new Error(form.getAttribute('action') + ': ' + r.status + ' ' + (await r.text()).slice(0, 400));
};
(async () => {
  try {
    for (const [side, count] of [['home', homeCount], ['away', awayCount]]) {
      const form = (await page()).querySelector('#lineup-' + side);
      form.querySelectorAll('select').forEach((s, i) => { s.value = i < count ? s.options[i + 1].value : ''; });
      await post(form);
    }
    const forms = (await page()).querySelectorAll('form.inline-result');
    if (forms.length !== results.length) throw new Error('boards: ' + forms.length + ' forms for ' + results.length + ' results');
    for (let i = 0; i < forms.length; i++) {
      forms[i].querySelector('select').value = results[i];
      await post(forms[i]);
    }
  } catch (e) { window.__error = String(e); }
  window.__done = true;
})();
return true;
"#;

#[test]
fn e2e_a_czech_league_season_is_run_in_the_browser_and_read_on_a_phone() {
    if let Some(reason) = browser_missing() {
        if std::env::var("ARBITER_E2E").is_ok_and(|v| v == "1") {
            panic!("ARBITER_E2E=1 but {reason}");
        }
        println!("skipped: {reason}");
        return;
    }
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let base = base_url(serve(ctx.state.clone()));
    let browser = Browser::start();
    let shot = |name: &str| browser.screenshot(&shots().join(name));
    let text = |script: &str| -> String {
        browser
            .script(script, json!([]))
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };

    browser.goto(&format!("{base}/login"));
    browser.type_into(&browser.find("input[name=username]"), "orga");
    browser.type_into(&browser.find("input[name=password]"), PASSWORD);
    browser.click_and_wait("#login-form button[type=submit]");

    // The league: a team round robin, published.
    browser.goto(&format!("{base}/tournaments/new"));
    browser.type_into(&browser.find("input[name=name]"), "1. liga 2026/27");
    browser.type_into(&browser.find("input[name=place]"), "Praha");
    browser.type_into(&browser.find("input[name=federation]"), "CZE");
    browser.set_value("select[name=pairing_system]", "team_round_robin");
    browser.click_on("input[name=published]");
    browser.click_and_wait("#tournament-form button[type=submit]");
    browser.find("#tournament-info");
    let id: i32 = browser
        .url()
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the tournament page");
    let league = format!("{base}/tournaments/{id}");

    // Squad lists: one CSV list with a team column, in board order.
    browser.goto(&format!("{league}/players/import"));
    let mut csv = String::from("name,rating,club,team\n");
    for t in 1..=TEAMS {
        for p in 1..=SQUAD {
            csv.push_str(&format!(
                "\"Hráč{t:02}, Číslo{p:02}\",{},ŠK {t:02},ŠK Družstvo {t:02}\n",
                2400 - 10 * t - 5 * p
            ));
        }
    }
    browser.set_value("#csv-text", &csv);
    browser.click_and_wait("#import-form button[type=submit]");
    browser.click_and_wait("#import-confirm button[type=submit]");

    // Settings: 8 boards, 3/1/0, the Czech order; then the schedule.
    browser.goto(&format!("{league}/teams"));
    assert_eq!(browser.find_all("section.team").len(), TEAMS);
    browser.set_value("#league-settings input[name=boards]", "8");
    browser.set_value("#league-settings input[name=win]", "3");
    browser.set_value("#league-settings input[name=draw]", "1");
    browser.set_value("#league-settings input[name=loss]", "0");
    browser.set_value("#league-settings select[name=tie_breaks]", "czech");
    browser.click_and_wait("#league-settings button[type=submit]");
    browser.find(".notice");
    shot("league-01-teams.png");
    browser.click_and_wait("#draw-schedule button[type=submit]");
    browser.find("#matches");
    assert!(browser.url().ends_with("/league/rounds/1"));
    shot("league-02-round-1.png");

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
    // Plays a match from its page: line-ups and results, into the account.
    let play = |url: &str, round: usize, home: usize, away: usize, short: bool| -> (u32, u32) {
        browser.goto(url);
        browser.find("#lineup-home");
        let boards = if short { BOARDS - 1 } else { BOARDS };
        let results: Vec<&str> = (1..=boards)
            .map(|b| result_for(round, home, away, b))
            .collect();
        browser.script(PLAY, json!([boards, BOARDS, results]));
        assert!(
            browser.wait_until("return window.__done === true;", 60),
            "the match at {url} was not entered"
        );
        let error = browser.script("return window.__error;", json!([]));
        assert_eq!(error, Value::Null, "{url}");
        let (mut h, mut a) = (0, 0);
        for (b, code) in results.iter().enumerate() {
            let (x, y) = board_halves(b + 1, code);
            h += x;
            a += y;
        }
        if short {
            a += 2;
        }
        (h, a)
    };

    let mut postponed = None;
    for round in 1..=11usize {
        browser.goto(&format!("{league}/league/rounds/{round}"));
        browser.find("#matches");
        let matches = browser.script(
            "return Array.from(document.querySelectorAll('#matches tbody tr')).map(tr => [tr.dataset.match, tr.cells[0].innerText, tr.cells[2].innerText]);",
            json!([]),
        );
        let matches: Vec<(String, usize, usize)> = matches
            .as_array()
            .expect("matches")
            .iter()
            .map(|m| {
                (
                    m[0].as_str().unwrap_or_default().to_owned(),
                    number(m[1].as_str().unwrap_or_default()),
                    number(m[2].as_str().unwrap_or_default()),
                )
            })
            .collect();
        assert_eq!(matches.len(), TEAMS / 2, "round {round}");
        for (index, (match_id, home, away)) in matches.iter().enumerate() {
            let url = format!("{league}/league/matches/{match_id}");
            if round == 1 && index == 0 {
                // By hand: every select chosen, every form saved with its button.
                browser.goto(&url);
                for side in ["home", "away"] {
                    for b in 1..=BOARDS {
                        let select = format!("#lineup-{side} select[name=board_{b}]");
                        let value = browser.script(
                            "return document.querySelector(arguments[0]).options[arguments[1]].value;",
                            json!([select, b]),
                        );
                        browser.set_value(&select, value.as_str().unwrap_or_default());
                    }
                    browser.click_and_wait(&format!("#lineup-{side} button[type=submit]"));
                    browser.find(".notice");
                }
                shot("league-03-lineups.png");
                let (mut h, mut a) = (0, 0);
                for b in 1..=BOARDS {
                    let code = result_for(round, *home, *away, b);
                    browser.set_value(&format!("#board-{b} select[name=result]"), code);
                    browser.click_and_wait(&format!("#board-{b} button[type=submit]"));
                    let (x, y) = board_halves(b, code);
                    h += x;
                    a += y;
                }
                shot("league-04-match-entered.png");
                let score = text("return document.querySelector('#match-score').innerText;");
                assert!(!score.is_empty(), "the match score is shown");
                account(*home, *away, h, a);
                continue;
            }
            if round == 1 && index == 1 {
                // By the captains' links: each gives the line-up on a phone, unseen by the
                // other and the public until both are in; then revealed together. After the
                // arbiter's results both captains confirm them.
                let mut links = Vec::new();
                for team in [home, away] {
                    browser.goto(&format!("{league}/teams"));
                    browser.click_and_wait(&format!(
                        "#team-{team} form.captain-link button[value=new]"
                    ));
                    let link = text("return document.getElementById('link-url').innerText;");
                    assert!(link.contains("/captain/"), "{link}");
                    links.push(link);
                }
                browser.delete_cookies();
                browser.resize(390, 844);
                let home_name = format!("ŠK Družstvo {home:02}");
                let first_of = |team: usize| format!("Hráč{team:02}, Číslo01");
                for (side, link) in links.iter().enumerate() {
                    browser.goto(link);
                    browser.find(&format!("#match-{match_id} form.lineup"));
                    let page = text("return document.body.innerText;");
                    let other = if side == 0 { *away } else { *home };
                    assert!(
                        !page.contains(&first_of(other)),
                        "the other line-up is hidden"
                    );
                    for b in 1..=BOARDS {
                        let select =
                            format!("#match-{match_id} form.lineup select[name=board_{b}]");
                        let value = browser.script(
                            "return document.querySelector(arguments[0]).options[arguments[1]].value;",
                            json!([select, b]),
                        );
                        browser.set_value(&select, value.as_str().unwrap_or_default());
                    }
                    shot(&format!("league-03b-phone-captain-{side}.png"));
                    browser.click_and_wait(&format!(
                        "#match-{match_id} form.lineup button[type=submit]"
                    ));
                    if side == 0 {
                        browser.goto(&url);
                        let public = text("return document.body.innerText;");
                        assert!(
                            public.contains(&home_name) && !public.contains(&first_of(*home)),
                            "the public does not see a line-up alone"
                        );
                    }
                }
                for link in &links {
                    browser.goto(link);
                    let seats = browser
                        .script(
                            "return Array.from(document.querySelectorAll(arguments[0])).map(tr => tr.innerText).join('\\n');",
                            json!([format!("#match-{match_id} table.revealed tbody tr")]),
                        )
                        .as_str()
                        .unwrap_or_default()
                        .to_owned();
                    assert!(
                        seats.contains(&first_of(*home)) && seats.contains(&first_of(*away)),
                        "both line-ups revealed together: {seats}"
                    );
                    assert!(
                        browser
                            .try_find(&format!("#match-{match_id} form.lineup"))
                            .is_none(),
                        "the form is closed"
                    );
                }
                browser.resize(1280, 900);
                browser.goto(&format!("{base}/login"));
                browser.type_into(&browser.find("input[name=username]"), "orga");
                browser.type_into(&browser.find("input[name=password]"), PASSWORD);
                browser.click_and_wait("#login-form button[type=submit]");
                browser.goto(&url);
                let (mut h, mut a) = (0, 0);
                for b in 1..=BOARDS {
                    let code = result_for(round, *home, *away, b);
                    browser.set_value(&format!("#board-{b} select[name=result]"), code);
                    browser.click_and_wait(&format!("#board-{b} button[type=submit]"));
                    let (x, y) = board_halves(b, code);
                    h += x;
                    a += y;
                }
                account(*home, *away, h, a);
                browser.delete_cookies();
                for link in &links {
                    browser.goto(link);
                    browser.click_and_wait(&format!("#confirm-{match_id} button[value=agree]"));
                }
                shot("league-03c-captain-confirmed.png");
                browser.goto(&format!("{base}/login"));
                browser.type_into(&browser.find("input[name=username]"), "orga");
                browser.type_into(&browser.find("input[name=password]"), PASSWORD);
                browser.click_and_wait("#login-form button[type=submit]");
                browser.goto(&url);
                let words = text(
                    "return Array.from(document.querySelectorAll('#captains-words li')).map(li => li.innerText).join('|');",
                );
                assert_eq!(words.matches("confirmed").count(), 2, "{words}");
                continue;
            }
            if round == 2 && index == 0 {
                browser.goto(&url);
                browser.click_on("#match-status-form input[name=postponed]");
                browser.click_and_wait("#match-status-form button[type=submit]");
                postponed = Some((url.clone(), *home, *away));
                continue;
            }
            if round == 3 && index == 1 {
                browser.goto(&url);
                browser.set_value("#match-status-form select[name=forfeit]", "home");
                browser.click_and_wait("#match-status-form button[type=submit]");
                assert!(browser.find_all("form.inline-result").is_empty());
                account(*home, *away, 2 * BOARDS as u32, 0);
                continue;
            }
            let short = round == 4 && index == 2;
            let (h, a) = play(&url, round, *home, *away, short);
            if short {
                shot("league-05-short-team.png");
            }
            account(*home, *away, h, a);
        }
        if round == 5 {
            browser.goto(&format!("{league}/league/standings"));
            let owing = browser.script(
                "return Array.from(document.querySelectorAll('#standings td.to-play')).filter(td => td.innerText.trim() === '1').length;",
                json!([]),
            );
            assert_eq!(
                owing,
                json!(2),
                "the postponed match is still to play for two teams"
            );
            let (url, home, away) = postponed.clone().expect("postponed");
            browser.goto(&url);
            browser.click_on("#match-status-form input[name=postponed]");
            browser.click_and_wait("#match-status-form button[type=submit]");
            let (h, a) = play(&url, 2, home, away, false);
            account(home, away, h, a);
        }
    }

    // The standings equal the account, ranked by match points first.
    browser.goto(&format!("{league}/league/standings"));
    browser.find("#standings");
    shot("league-06-standings.png");
    let rows = browser.script(
        "return Array.from(document.querySelectorAll('#standings tbody tr')).map(tr => Array.from(tr.cells).map(c => c.innerText.trim()));",
        json!([]),
    );
    let rows = rows.as_array().expect("rows");
    assert_eq!(rows.len(), TEAMS);
    let half = |halves: u32| match (halves / 2, halves % 2) {
        (0, 1) => "½".to_owned(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    };
    let mut previous = i32::MAX;
    for row in rows {
        let cell = |i: usize| row[i].as_str().unwrap_or_default().to_owned();
        let team = number(&cell(1));
        assert_eq!(cell(3), mp[team].to_string(), "MP of team {team}");
        assert_eq!(cell(4), half(gp[team]), "GP of team {team}");
        assert!(mp[team] <= previous, "ranked by match points");
        previous = mp[team];
    }

    // The leader's working: one block per step of the Czech order.
    browser.click_and_wait("#standings tbody tr:first-child a");
    assert_eq!(browser.find_all("section.working").len(), 5);
    let titles = text(
        "return Array.from(document.querySelectorAll('section.working h3')).map(h => h.innerText).join('|');",
    );
    for code in ["MPTS", "GPTS", "GWIN", "DE:MP", "RTOP"] {
        assert!(titles.contains(code), "{code} in {titles}");
    }
    shot("league-06b-working.png");

    // Match sheets as PDF, fetched by the browser.
    let pdf = browser.script(
        "window.__pdf = null; fetch(arguments[0]).then(async r => { const b = new Uint8Array(await r.arrayBuffer()); window.__pdf = r.headers.get('content-type') + ' ' + String.fromCharCode(...b.slice(0, 4)); }); return true;",
        json!([format!("{league}/league/rounds/4/sheets.pdf")]),
    );
    assert_eq!(pdf, json!(true));
    assert!(browser.wait_until("return window.__pdf !== null;", 30));
    assert_eq!(
        text("return window.__pdf;"),
        "application/pdf %PDF",
        "the round's match sheets"
    );

    // The TRF team file: exported, imported again as a new league, exported unchanged.
    browser.script(
        "window.__trf = null; fetch(arguments[0]).then(r => r.text()).then(t => window.__trf = t); return true;",
        json!([format!("{league}/league/export.trf")]),
    );
    assert!(browser.wait_until("return window.__trf !== null;", 30));
    let exported = text("return window.__trf;");
    assert!(exported.contains("\n310 "), "team records");
    browser.goto(&format!("{base}/tournaments/import"));
    browser.set_value("#trf-import textarea[name=trf]", &exported);
    browser.click_and_wait("#trf-import button[type=submit]");
    browser.find("section.team");
    let copy = browser.url();
    let copy = copy
        .strip_suffix("/teams")
        .expect("the imported league's teams");
    browser.script(
        "window.__trf = null; fetch(arguments[0]).then(r => r.text()).then(t => window.__trf = t); return true;",
        json!([format!("{copy}/league/export.trf")]),
    );
    assert!(browser.wait_until("return window.__trf !== null;", 30));
    assert_eq!(
        text("return window.__trf;"),
        exported,
        "imported and exported unchanged"
    );

    // A player on a phone: the public pages fit the screen.
    browser.delete_cookies();
    browser.resize(390, 844);
    let fits_phone = |path: &str, lang: &str| {
        browser.goto(&format!("{league}/{path}"));
        browser.find("main");
        let overflow = browser.script(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            json!([]),
        );
        assert!(
            overflow.as_i64().unwrap_or(1) <= 0,
            "{path} in {lang} is wider than the phone: {overflow}"
        );
    };
    for (path, name) in [
        ("league/standings", "league-07-phone-standings.png"),
        ("league/standings/1", "league-07b-phone-working.png"),
        ("league/crosstable", "league-08-phone-crosstable.png"),
        ("league/rounds/4", "league-09-phone-round.png"),
        ("teams", "league-10-phone-teams.png"),
    ] {
        fits_phone(path, "en");
        shot(name);
    }
    // The same public pages in every other language (longer words, Cyrillic).
    for lang in ["cs", "sk", "hu", "sr-Latn", "sr-Cyrl"] {
        browser.goto(&format!("{base}/lang/{lang}?next=/"));
        for path in [
            "league/standings",
            "league/standings/1",
            "league/crosstable",
            "league/rounds/4",
            "teams",
        ] {
            fits_phone(path, lang);
        }
        shot(&format!("league-10b-phone-teams-{lang}.png"));
    }
    browser.goto(&format!("{base}/lang/en?next=/"));
    browser.goto(&format!("{league}/league/rounds/4"));
    let first_match = browser.script(
        "return document.querySelector('#matches a').getAttribute('href');",
        json!([]),
    );
    browser.goto(&format!(
        "{base}{}",
        first_match.as_str().unwrap_or_default()
    ));
    browser.find("#boards");
    assert!(
        browser.try_find("#lineup-home").is_none(),
        "no line-up forms for the public"
    );
    shot("league-11-phone-match.png");
}

/// A team Swiss (C.04.6) in the browser: 7 teams of 4 boards over 3 rounds. The organiser
/// chooses the system, the arbiter pairs round 1 with the button, checks it (unpublished: the
/// public does not see it), publishes it, enters the matches from their pages and pairs the
/// next round from the round page; the teams and round pages are looked at on a desktop and on
/// a 390 px phone (arbiter's controls included), nothing wider than the screen.
#[test]
fn e2e_a_team_swiss_round_is_paired_checked_and_published_in_the_browser() {
    if let Some(reason) = browser_missing() {
        if std::env::var("ARBITER_E2E").is_ok_and(|v| v == "1") {
            panic!("ARBITER_E2E=1 but {reason}");
        }
        println!("skipped: {reason}");
        return;
    }
    const SWISS_TEAMS: usize = 7;
    const SWISS_BOARDS: usize = 4;
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let base = base_url(serve(ctx.state.clone()));
    let browser = Browser::start();
    let shot = |name: &str| browser.screenshot(&shots().join(name));
    let fits = |what: &str| {
        let overflow = browser.script(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            json!([]),
        );
        assert!(
            overflow.as_i64().unwrap_or(1) <= 0,
            "{what} is wider than the phone: {overflow}"
        );
    };
    browser.goto(&format!("{base}/login"));
    browser.type_into(&browser.find("input[name=username]"), "orga");
    browser.type_into(&browser.find("input[name=password]"), PASSWORD);
    browser.click_and_wait("#login-form button[type=submit]");

    browser.goto(&format!("{base}/tournaments/new"));
    browser.type_into(&browser.find("input[name=name]"), "Přebor škol 2026");
    browser.set_value("select[name=pairing_system]", "team_swiss");
    browser.set_value("input[name=rounds]", "3");
    browser.click_on("input[name=published]");
    browser.click_and_wait("#tournament-form button[type=submit]");
    browser.find("#tournament-info");
    let event = browser.url();

    browser.goto(&format!("{event}/players/import"));
    let mut csv = String::from("name,rating,team\n");
    for t in 1..=SWISS_TEAMS {
        for p in 1..=SWISS_BOARDS + 1 {
            csv.push_str(&format!(
                "\"Žák{t:02}, Hráč{p}\",{},ZŠ Družstvo {t:02}\n",
                1900 - 25 * t - 10 * p
            ));
        }
    }
    browser.set_value("#csv-text", &csv);
    browser.click_and_wait("#import-form button[type=submit]");
    browser.click_and_wait("#import-confirm button[type=submit]");

    browser.goto(&format!("{event}/teams"));
    browser.find("#swiss-settings");
    assert!(
        browser.try_find("#draw-schedule").is_none(),
        "a Swiss is not drawn"
    );
    browser.set_value("#league-settings input[name=win]", "2");
    browser.set_value("#league-settings input[name=draw]", "1");
    browser.set_value("#league-settings input[name=loss]", "0");
    browser.set_value("#league-settings select[name=tie_breaks]", "fide");
    browser.click_and_wait("#league-settings button[type=submit]");
    browser.find(".notice");
    browser.script(
        "document.querySelector('#swiss-settings').scrollIntoView(); return true;",
        json!([]),
    );
    shot("team-swiss-01-teams-settings.png");
    browser.click_and_wait("#pair-round button[type=submit]");
    browser.find("#swiss-round");
    assert!(browser.url().ends_with("/league/rounds/1"));
    assert_eq!(
        browser.find_all("#matches tbody tr").len(),
        SWISS_TEAMS / 2 + 1,
        "three matches and the bye"
    );
    shot("team-swiss-02-round-1-unpublished.png");
    browser.click_and_wait("#publish-round");

    for round in 1..=3usize {
        let page = format!("{event}/league/rounds/{round}");
        browser.goto(&page);
        let links = browser.script(
            "return Array.from(document.querySelectorAll('#matches a')).map(a => a.getAttribute('href'));",
            json!([]),
        );
        let links: Vec<String> = links
            .as_array()
            .expect("links")
            .iter()
            .filter_map(|l| l.as_str().map(str::to_owned))
            .collect();
        assert_eq!(
            links.len(),
            SWISS_TEAMS / 2,
            "round {round}: three matches to play"
        );
        for (index, link) in links.iter().enumerate() {
            browser.goto(&format!("{base}{link}"));
            browser.find("#lineup-home");
            let results: Vec<&str> = (1..=SWISS_BOARDS)
                .map(|b| result_for(round, index, index + 1, b))
                .collect();
            browser.script(PLAY, json!([SWISS_BOARDS, SWISS_BOARDS, results]));
            assert!(browser.wait_until("return window.__done === true;", 60));
            assert_eq!(
                browser.script("return window.__error;", json!([])),
                Value::Null
            );
        }
        browser.goto(&page);
        if round < 3 {
            browser.click_and_wait("#pair-next");
            browser.find("#swiss-round");
            browser.click_and_wait("#publish-round");
        } else {
            assert!(
                browser.try_find("#pair-next").is_none(),
                "no round beyond the third"
            );
            shot("team-swiss-03-round-3-desktop.png");
        }
    }
    browser.resize(390, 844);
    for (path, name) in [
        ("teams", "team-swiss-04-phone-teams.png"),
        ("league/rounds/3", "team-swiss-05-phone-round-arbiter.png"),
        ("league/standings", "team-swiss-06-phone-standings.png"),
    ] {
        browser.goto(&format!("{event}/{path}"));
        browser.find("main");
        fits(path);
        shot(name);
    }
    browser.delete_cookies();
    browser.goto(&format!("{event}/league/rounds/2"));
    browser.find("#matches");
    assert!(
        browser.try_find("#swiss-round").is_none(),
        "no controls for the public"
    );
    fits("the public round page");
    shot("team-swiss-07-phone-round-public.png");
}
