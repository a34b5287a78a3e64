//! A Swiss day end to end in a real headless Chromium, driven over WebDriver (chromedriver):
//! an organiser creates a 12-player FIDE (Dutch) Swiss and assigns an arbiter, who runs the
//! whole day: imports the players by CSV, pairs and publishes round 1, starts the round and
//! checks players in — with default time 0 (Laws Art. 6.7.1) the board of the one absent player
//! is flagged and forfeited with one click —, enters results (one board with its PGN, checked
//! by the rules core), pairs round 2 (the absentee withdrawn by the tournament's setting, so a
//! pairing-allocated bye), sees a manual change refused, withdraws a player on the Players page
//! and pairs round 3 without them (C.04.2 Art. 3.2); the arbiter cannot change the event's
//! settings. Finally a player opens the public standings on a phone-sized window.
//!
//! Screenshots of the main pages go to `target/e2e-screenshots/`. Without `chromium` and
//! `chromedriver` the test prints `skipped: ...` and passes, unless `ARBITER_E2E=1` (set by
//! `.ci/run`), which makes a missing browser a failure.

mod common;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use actix_web::HttpServer;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::{Role, TournamentId};
use arbiter::web::{self, AppState};
use common::{PASSWORD, TestContext};
use serde_json::json;
use webdriver::{Browser, browser_missing, free_port};

/// Serves the app on a free port in a thread of its own; returns the base URL.
fn serve(state: AppState) -> String {
    let port = free_port();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || web::app(state.clone()))
                .workers(1)
                .bind(("127.0.0.1", port))
                .expect("bind")
                .run()
                .await
        })
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the app did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    format!("http://127.0.0.1:{port}")
}

fn shots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/e2e-screenshots")
}

fn load(ctx: &TestContext, id: i32) -> TournamentData {
    ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    })
}

/// The page's text content.
fn body_text(browser: &Browser) -> String {
    browser
        .script("return document.body.innerText;", json!([]))
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn e2e_an_assigned_arbiter_runs_a_swiss_day_and_a_player_reads_standings_on_a_phone() {
    if let Some(reason) = browser_missing() {
        if std::env::var("ARBITER_E2E").is_ok_and(|v| v == "1") {
            panic!("ARBITER_E2E=1 but {reason}");
        }
        println!("skipped: {reason}");
        return;
    }
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    ctx.create_user("arno", Role::Arbiter);
    let base = serve(ctx.state.clone());
    let browser = Browser::start();
    let shot = |name: &str| browser.screenshot(&shots().join(name));

    let log_in = |username: &str| {
        browser.delete_cookies();
        browser.goto(&format!("{base}/login"));
        browser.type_into(&browser.find("input[name=username]"), username);
        browser.type_into(&browser.find("input[name=password]"), PASSWORD);
        browser.click_and_wait("#login-form button[type=submit]");
    };
    log_in("orga");
    browser.find("#new-tournament");

    // A 12-player Swiss, 5 rounds, default time 0.
    browser.goto(&format!("{base}/tournaments/new"));
    browser.type_into(&browser.find("input[name=name]"), "Brno Rapid Swiss");
    browser.type_into(&browser.find("input[name=place]"), "Brno");
    browser.type_into(&browser.find("input[name=federation]"), "CZE");
    browser.set_value("select[name=pairing_system]", "swiss_dutch");
    browser.type_into(&browser.find("input[name=rounds]"), "5");
    browser.type_into(&browser.find("input[name=default_time_minutes]"), "0");
    browser.click_on("input[name=published]");
    shot("01-new-swiss-tournament.png");
    browser.click_and_wait("#tournament-form button[type=submit]");
    browser.find("#tournament-info");
    let id: i32 = browser
        .url()
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the tournament page");
    assert!(body_text(&browser).contains("Dutch"), "system shown");

    // The organiser assigns the arbiter, who runs the day from here on.
    browser.type_into(&browser.find("#add-arbiter input[name=username]"), "arno");
    browser.click_and_wait("#add-arbiter button[type=submit]");
    browser.find("#arbiters");
    log_in("arno");
    browser.goto(&format!("{base}/tournaments/{id}"));
    browser.find("#manage");
    assert!(
        browser.try_find("#publish-tournament").is_none()
            && browser.try_find("#add-arbiter").is_none(),
        "the event's settings stay the organiser's"
    );
    browser.goto(&format!("{base}/tournaments/{id}/edit"));
    assert!(
        browser.try_find("#tournament-form").is_none(),
        "no settings form for the arbiter"
    );

    // Players by CSV: check, then import.
    browser.goto(&format!("{base}/tournaments/{id}/players/import"));
    let mut csv = String::from("name,fide_id,title,rating,federation,birth_year,sex,club\n");
    for i in 1..=12 {
        csv.push_str(&format!(
            "\"Hráč{i:02}, Jan\",,,{},CZE,1990,m,\n",
            2300 - 25 * i
        ));
    }
    browser.set_value("#csv-text", &csv);
    browser.click_and_wait("#import-form button[type=submit]");
    shot("02-csv-preview.png");
    browser.click_and_wait("#import-confirm button[type=submit]");
    assert!(
        browser.wait_until("return !location.pathname.endsWith('/import');", 10),
        "the import went through"
    );
    assert_eq!(load(&ctx, id).players.len(), 12);

    // A typo in a name: corrected on the player's own page, with a message.
    browser.goto(&format!("{base}/tournaments/{id}/players"));
    browser.click_and_wait("#players tbody tr:nth-child(3) td.actions a");
    browser.set_value("#edit-player input[name=name]", "Hráč03, Jana");
    shot("02b-edit-player.png");
    browser.click_and_wait("#edit-player button[type=submit]");
    browser.find(".notice");
    assert!(
        load(&ctx, id)
            .players
            .iter()
            .any(|p| p.name == "Hráč03, Jana"),
        "the correction is saved"
    );

    // Search on the list ignores case and diacritics.
    browser.goto(&format!("{base}/tournaments/{id}/players"));
    browser.type_into(&browser.find("input[data-filter]"), "hrac03");
    let visible = browser.script(
        "return Array.from(document.querySelectorAll('#players tbody tr')).filter(r => !r.hidden).length;",
        json!([]),
    );
    assert_eq!(visible, json!(1), "one row matches");

    // The round schedule: filled in from the first day, two rounds a day at 10:00, saved.
    browser.goto(&format!("{base}/tournaments/{id}/schedule"));
    browser.set_value("#fill-schedule input[name=per_day]", "2");
    browser.set_value("#fill-schedule input[name=time]", "10:00");
    browser.click_and_wait("#fill-schedule button[type=submit]");
    browser.click_and_wait("#save-schedule button[type=submit]");
    browser.find(".notice");
    shot("02c-schedule.png");
    assert_eq!(load(&ctx, id).schedule.len(), 5, "every round scheduled");

    // Pair round 1 from the tournament page: a preview, then publish.
    browser.goto(&format!("{base}/tournaments/{id}"));
    browser.click_and_wait("#pair-round button");
    browser.find("#unpair-round");
    assert_eq!(browser.find_all("#pairings tbody tr").len(), 6);
    shot("03-round-1-preview.png");
    browser.click_and_wait("#publish-round button");
    browser.find("#pairings");

    // The arbiter checks in everyone but Black on board 2, then starts the round: with
    // default time 0 the absent player's board is flagged at once (Art. 6.7.1).
    browser.goto(&format!("{base}/tournaments/{id}/rounds/1/live"));
    for board in 1..=6 {
        for colour in ["white", "black"] {
            if board == 2 && colour == "black" {
                continue;
            }
            let css =
                format!("#live-board-{board} form[data-check-in={colour}]:not([hidden]) button");
            browser.click_and_wait(&css);
            browser.find(&format!(
                "#live-board-{board} [data-present={colour}]:not([hidden])"
            ));
        }
    }
    browser.click_and_wait("#start-round button");
    browser.find("#round-started");
    assert!(
        browser.wait_until(
            "return document.querySelector('#live-board-2').dataset.state === 'flagged';",
            10
        ),
        "board 2 flagged"
    );
    let visible = |css: &str| {
        browser
            .script(
                "const e = document.querySelector(arguments[0]); \
                 return !!e && e.getClientRects().length > 0;",
                json!([css]),
            )
            .as_bool()
            .unwrap_or(false)
    };
    assert!(visible("#live-board-2 form[data-forfeit] button"));
    assert!(
        !visible("#live-board-1 form[data-forfeit] button"),
        "board 1 is playing"
    );
    assert!(
        !visible("#live-board-1 form[data-check-in=white] button"),
        "already arrived"
    );
    shot("04-live-flagged.png");
    browser.click_and_wait("#live-board-2 form[data-forfeit] button");
    browser.find("#live-boards");
    let data = load(&ctx, id);
    let board2 = data.games_of_round(1)[1].clone();
    assert_eq!(board2.result.map(|r| r.as_str()), Some("+/-"));
    let absentee = board2.black_id.expect("a game");

    // Results by keyboard, no reload: type into board 1's box, Enter moves on; board 2 was
    // forfeited on the live view (the box shows +/-, Enter keeps it); board 4 a draw typed `=`.
    browser.goto(&format!("{base}/tournaments/{id}/rounds/1"));
    browser.script("window.arbiterNoReload = true; return 1;", json!([]));
    browser.click(&browser.find("#board-1 input.result-key"));
    for key in ["1", "", "1", "=", "1", "1"] {
        let focused = browser.script("return document.activeElement.closest('tr').id;", json!([]));
        let active = browser.find(&format!(
            "#{} input.result-key",
            focused.as_str().unwrap_or("")
        ));
        if !key.is_empty() {
            browser.type_into(&active, key);
        }
        browser.session_keys("\u{E007}");
    }
    assert!(
        browser.wait_until(
            "return document.getElementById('missing-results').hidden === true;",
            10
        ),
        "the count of missing results reaches 0 without a reload"
    );
    assert_eq!(
        browser.script("return window.arbiterNoReload === true;", json!([])),
        json!(true),
        "the page was not reloaded"
    );
    shot("05b-results-by-keyboard.png");
    browser.click_and_wait("#board-1 a.score-link");
    browser.set_value(
        "textarea[name=movetext]",
        "[Event \"Brno Rapid Swiss\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
    );
    browser.click_and_wait("#score-form button[type=submit]");
    browser.find("#score-report");
    let check = browser.text(&browser.find("#result-check"));
    assert!(check.contains("1-0"), "{check}");
    assert!(
        browser
            .text(&browser.find("#report-termination"))
            .contains("5.1.1"),
        "checkmate found"
    );
    shot("05-score-report.png");

    // Round 2 from the Swiss page: the absentee is withdrawn, 11 players, one PAB.
    browser.goto(&format!("{base}/tournaments/{id}/swiss"));
    shot("06-swiss-page.png");
    browser.click_on("#swiss-players tbody tr:first-child details.row-menu summary");
    shot("06b-swiss-row-menu.png");
    browser.click_on("#swiss-players tbody tr:first-child details.row-menu summary");
    browser.click_and_wait("#pair-swiss button");
    if browser.try_find("#unpair-round").is_none() {
        // The error page says why.
        shot("06-pairing-refused.png");
        panic!("round 2 not paired: {}", body_text(&browser));
    }
    let data = load(&ctx, id);
    let round2 = data.games_of_round(2);
    assert_eq!(round2.len(), 7, "5 games, the PAB and the withdrawn player");
    assert_eq!(
        round2
            .iter()
            .filter(|g| g.result.map(|r| r.as_str()) == Some("U"))
            .count(),
        1
    );
    assert!(
        !round2
            .iter()
            .any(|g| g.black_id == Some(absentee)
                || (g.white_id == absentee && g.black_id.is_some())),
        "the absentee is not paired"
    );
    shot("07-round-2-preview.png");

    // A manual change that would repeat a round-1 game: the engine names the rule, nothing
    // is saved.
    let first = data.games_of_round(1)[0];
    let (a, x) = (first.white_id, first.black_id.expect("a game"));
    let seat = round2
        .iter()
        .find(|g| g.white_id == a || g.black_id == Some(a))
        .expect("a plays round 2");
    let opponent = if seat.white_id == a {
        seat.black_id.expect("game")
    } else {
        seat.white_id
    };
    let before: Vec<_> = round2.iter().map(|g| (g.white_id, g.black_id)).collect();
    browser.goto(&format!("{base}/tournaments/{id}/swiss"));
    browser.set_value("#swap-form select[name=first]", &opponent.0.to_string());
    browser.set_value("#swap-form select[name=second]", &x.0.to_string());
    browser.click_and_wait("#swap-form button[type=submit]");
    let refusal = body_text(&browser);
    assert!(refusal.contains("rematch"), "{refusal}");
    shot("07b-swap-refused.png");
    let after: Vec<_> = load(&ctx, id)
        .games_of_round(2)
        .iter()
        .map(|g| (g.white_id, g.black_id))
        .collect();
    assert_eq!(before, after, "nothing saved");
    browser.goto(&format!("{base}/tournaments/{id}/rounds/2"));
    browser.click_and_wait("#publish-round button");
    browser.find("#pairings");

    // Round 2's results, then a player withdraws on the Players page: never paired again.
    for game in load(&ctx, id).games_of_round(2) {
        if game.black_id.is_none() {
            continue;
        }
        let board = game.board;
        let box_ = browser.find(&format!("#board-{board} input.result-key"));
        browser.type_into(&box_, "1");
        browser.session_keys("\u{E007}");
        assert!(
            browser.wait_until(
                &format!(
                    "return document.querySelector('#board-{board}').classList.contains('saved');"
                ),
                10
            ),
            "board {board} saved"
        );
    }
    let leaver = load(&ctx, id)
        .games_of_round(2)
        .iter()
        .find(|g| g.black_id.is_some())
        .expect("a game")
        .white_id;
    browser.goto(&format!("{base}/tournaments/{id}/players"));
    browser.click_and_wait(&format!(
        "tr[data-player='{}'] form[action$='/withdraw'] button",
        leaver.0
    ));
    browser.find(&format!("tr[data-player='{}'].withdrawn", leaver.0));
    shot("08-players-withdrawn.png");
    browser.goto(&format!("{base}/tournaments/{id}/swiss"));
    browser.click_and_wait("#pair-swiss button");
    browser.find("#unpair-round");
    let round3 = load(&ctx, id)
        .games_of_round(3)
        .into_iter()
        .cloned()
        .collect::<Vec<_>>();
    let leaver_rows: Vec<_> = round3
        .iter()
        .filter(|g| g.white_id == leaver || g.black_id == Some(leaver))
        .collect();
    assert_eq!(leaver_rows.len(), 1, "one row for the withdrawn player");
    assert!(
        leaver_rows[0].black_id.is_none() && leaver_rows[0].result.map(|r| r.as_str()) == Some("Z"),
        "a zero-point row, not a game: {:?}",
        leaver_rows[0]
    );
    browser.click_and_wait("#publish-round button");
    browser.find("#pairings");

    // The arbiter's pages on a phone: nothing wider than the screen.
    browser.resize(390, 844);
    let fits_phone = |page: &str| {
        let overflow = browser.script(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            json!([]),
        );
        assert!(
            overflow.as_i64().unwrap_or(1) <= 0,
            "{page} is wider than the phone: {overflow}"
        );
    };
    for (page, path, name) in [
        ("players", "players", "08b-phone-players.png"),
        ("schedule", "schedule", "08c-phone-schedule.png"),
        ("swiss", "swiss", "08d-phone-swiss.png"),
        ("round 3", "rounds/3", "08e-phone-round-entry.png"),
    ] {
        browser.goto(&format!("{base}/tournaments/{id}/{path}"));
        browser.find("main");
        fits_phone(page);
        shot(name);
    }
    // The Swiss page: one compact row per player, the actions in a menu over the list.
    browser.goto(&format!("{base}/tournaments/{id}/swiss"));
    let rows = browser.find_all("#swiss-players > tbody > tr");
    assert_eq!(rows.len(), 12);
    let tall = browser.script(
        "return document.querySelector('#swiss-players tbody tr').getBoundingClientRect().height;",
        json!([]),
    );
    assert!(
        tall.as_f64().unwrap_or(999.0) < 90.0,
        "a compact row: {tall}"
    );
    browser.script(
        "document.querySelector('#swiss-players').scrollIntoView();",
        json!([]),
    );
    browser.click_on("#swiss-players tbody tr:first-child details.row-menu summary");
    let menu = browser.script(
        "var r = document.querySelector('#swiss-players tbody tr:first-child .menu-body').getBoundingClientRect(); return [r.left, r.right, window.innerWidth];",
        json!([]),
    );
    let menu: Vec<f64> = menu
        .as_array()
        .map(|v| v.iter().filter_map(|x| x.as_f64()).collect())
        .unwrap_or_default();
    assert!(
        menu.len() == 3 && menu[0] >= 0.0 && menu[1] <= menu[2],
        "the row menu fits the phone: {menu:?}"
    );
    fits_phone("swiss with a row menu open");
    shot("08f-phone-swiss-menu.png");
    // The status filter: the withdrawn player alone.
    browser.set_value("#swiss-status-filter", "withdrawn");
    browser.script(
        "document.querySelector('#swiss-status-filter').dispatchEvent(new Event('change'));",
        json!([]),
    );
    let visible = browser.script(
        "return Array.from(document.querySelectorAll('#swiss-players tbody tr')).filter(r => !r.hidden).length;",
        json!([]),
    );
    assert_eq!(
        visible,
        json!(2),
        "the absentee and the leaver are withdrawn"
    );
    browser.script(
        "document.querySelector('#swiss-players').scrollIntoView();",
        json!([]),
    );
    shot("08g-phone-swiss-withdrawn.png");

    // The organiser, on the phone: categories and prizes, then the prize list.
    log_in("orga");
    browser.goto(&format!("{base}/tournaments/{id}/prizes/edit"));
    browser.find("#prizes-form");
    fits_phone("prizes form");
    browser.script(
        "var kinds = document.querySelectorAll('select[name=category_kind]'); \
         var values = document.querySelectorAll('input[name=category_value]'); \
         kinds[0].value = 'rating'; values[0].value = '-2100'; \
         kinds[1].value = 'federation'; values[1].value = 'CZE'; \
         var amounts = document.querySelectorAll('input[name=prize_amount]'); \
         amounts[0].value = '3000'; amounts[1].value = '2000'; amounts[2].value = 'Pohár';",
        json!([]),
    );
    shot("08h-phone-prizes-form.png");
    browser.click_and_wait("#save-prizes");
    browser.find("#notes");
    browser.script(
        "var groups = document.querySelectorAll('select[name=prize_group]'); \
         groups[3].value = 'c1'; document.querySelectorAll('input[name=prize_amount]')[3].value = '500'; \
         document.querySelector('input[name=currency]').value = 'Kč';",
        json!([]),
    );
    browser.click_and_wait("#save-prizes");
    browser.goto(&format!("{base}/tournaments/{id}/prizes"));
    let prize_rows = browser.find_all("#prize-list > tbody > tr");
    assert_eq!(prize_rows.len(), 4);
    let list = body_text(&browser);
    assert!(
        list.contains("3000 Kč") && list.contains("≤ 2100"),
        "{list}"
    );
    fits_phone("prize list");
    shot("08i-phone-prize-list.png");
    browser.goto(&format!("{base}/tournaments/{id}/standings?category=1"));
    let in_category = browser.find_all("#standings > tbody > tr");
    assert!(
        !in_category.is_empty() && in_category.len() < 12,
        "a category's standings"
    );
    fits_phone("category standings");
    shot("08j-phone-category-standings.png");

    // A player on a phone: the public standings.
    browser.delete_cookies();
    browser.goto(&format!("{base}/tournaments/{id}/standings"));
    browser.find("#standings");
    assert!(
        browser.try_find("#swiss-tab").is_none(),
        "no organiser tabs"
    );
    let rows = browser.find_all("#standings > tbody > tr");
    assert_eq!(rows.len(), 12);
    let overflow = browser.script(
        "return document.documentElement.scrollWidth - window.innerWidth;",
        json!([]),
    );
    assert!(
        overflow.as_i64().unwrap_or(1) <= 0,
        "page wider than the phone: {overflow}"
    );
    shot("09-phone-standings.png");
    browser.goto(&format!("{base}/tournaments/{id}/rounds/3"));
    browser.find("#pairings");
    shot("10-phone-round-3.png");
}
