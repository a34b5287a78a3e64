//! The tournament day's "done when", end to end in a real headless Chromium driven over
//! WebDriver (chromedriver). An organiser creates a FIDE (Dutch) Swiss of 7 rounds, sets its
//! categories and prizes and assigns an arbiter; the arbiter — not the organiser — runs the
//! whole day **on a 390 × 844 phone window**: imports 39 players by CSV and corrects a typo,
//! fills in the round schedule, records requested byes (a half-point bye for round 2, a
//! zero-point bye for round 3) on the Swiss page, pairs round 1, unpairs it and pairs it again,
//! checks players in on the live view — with default time 0 the board of the one absent
//! player is flagged and forfeited with one click (Laws Art. 6.7.1), which withdraws the
//! absentee by the tournament's setting —, enters every round's results by keyboard without a
//! reload, corrects a result, checks a PGN, sees a manual change that makes a rematch refused,
//! registers a late entry (the 40th player) before round 3, withdraws a player before round 4,
//! swaps two players in round 4, and plays all 7 rounds to the final prize list. After **every
//! page load** the test checks that the page is not an error page and that nothing scrolls
//! sideways: neither the page (`scrollWidth <= clientWidth`) nor any box inside it. At the end a
//! visitor opens the public pages on the phone (standings with every column, wallchart,
//! pairings, player card, prize list).
//!
//! A second test enters a 100-board round (200 players) by keyboard on the round page and
//! checks that the page was never reloaded and that all 100 results are stored.
//!
//! Screenshots (phone, and desktop for the main pages) go to `target/e2e-screenshots/`.
//! Without `chromium` and `chromedriver` the tests print `skipped: ...` and pass, unless
//! `ARBITER_E2E=1` (set by `.ci/run`), which makes a missing browser a failure.

mod common;
#[path = "day_support/day.rs"]
mod day;
#[path = "day_support/setup.rs"]
mod setup;
#[path = "day_support/webdriver.rs"]
mod webdriver;

use std::time::Instant;

use arbiter::db::domain::TournamentData;
use arbiter::db::models::{Game, PairingSystem, PlayerRowId, Role, TournamentId};
use arbiter::db::schema::tournaments;
use common::TestContext;
use day::{Day, PHONE, skip_without_browser};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
use serde_json::json;
use webdriver::Browser;

/// Rounds of the Swiss.
const ROUNDS: i32 = 7;

fn load(ctx: &TestContext, id: i32) -> TournamentData {
    ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    })
}

/// The games (boards with two players) of a round, in board order.
fn games(ctx: &TestContext, id: i32, round: i32) -> Vec<Game> {
    load(ctx, id)
        .games_of_round(round)
        .into_iter()
        .filter(|g| g.black_id.is_some())
        .cloned()
        .collect()
}

/// The row of `player` in a round (a game or a bye row).
fn seat_of(ctx: &TestContext, id: i32, round: i32, player: PlayerRowId) -> Option<Game> {
    load(ctx, id)
        .games_of_round(round)
        .into_iter()
        .find(|g| g.white_id == player || g.black_id == Some(player))
        .cloned()
}

/// The key typed for a board: odd boards White wins, even boards Black, a draw now and then.
fn key_for(round: i32, board: i32) -> &'static str {
    if (round + board) % 5 == 0 {
        "="
    } else if board % 2 == 1 {
        "1"
    } else {
        "0"
    }
}

/// Types every result of round `round` on its page by keyboard, board after board, and
/// waits until the page's count of missing results reaches 0; asserts that the page was
/// not reloaded. Boards that already have a result (a forfeit, a bye) are passed with
/// Enter.
fn enter_results(day: &Day, ctx: &TestContext, id: i32, round: i32) {
    let browser = day.browser;
    day.visit(&format!("/tournaments/{id}/rounds/{round}"));
    browser.script("window.arbiterNoReload = true; return 1;", json!([]));
    let boxes = browser.find_all("#pairings input.result-key");
    browser.click(&boxes[0]);
    for _ in 0..boxes.len() {
        let active = browser.script(
            "const e = document.activeElement; \
             return [e.closest('tr').id, e.value];",
            json!([]),
        );
        let row = active[0].as_str().unwrap_or_default().to_owned();
        let value = active[1].as_str().unwrap_or_default();
        let board: i32 = row
            .trim_start_matches("board-")
            .parse()
            .unwrap_or_else(|_| panic!("the focus is in a board's box, not {active}"));
        let keys = if value.is_empty() {
            format!("{}\u{E007}", key_for(round, board))
        } else {
            "\u{E007}".to_owned()
        };
        browser.session_keys(&keys);
    }
    day.assert_all_saved_without_reload(&format!("round {round}"), 20);
    day.fits_phone(&format!("round {round} with every result typed"));
    let data = load(ctx, id);
    let open: Vec<i32> = data
        .games_of_round(round)
        .iter()
        .filter(|g| g.result.is_none())
        .map(|g| g.board)
        .collect();
    assert!(
        open.is_empty(),
        "round {round}: boards without a result: {open:?}"
    );
}

#[test]
fn e2e_an_assigned_arbiter_runs_a_forty_player_seven_round_swiss_on_a_phone_to_the_prize_list() {
    if skip_without_browser() {
        return;
    }
    let started = Instant::now();
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    ctx.create_user("arno", Role::Arbiter);
    let browser = Browser::start();
    let day = Day::new(&browser, &ctx);
    let base = day.base.clone();

    // The organiser, on the desktop: a Swiss of 7 rounds, default time 0.
    day.log_in("orga");
    browser.find("#new-tournament");
    day.visit("/tournaments/new");
    browser.type_into(&browser.find("input[name=name]"), "Brno Rapid Swiss");
    browser.type_into(&browser.find("input[name=place]"), "Brno");
    browser.type_into(&browser.find("input[name=federation]"), "CZE");
    browser.set_value("select[name=pairing_system]", "swiss_dutch");
    browser.type_into(&browser.find("input[name=rounds]"), &ROUNDS.to_string());
    browser.type_into(&browser.find("input[name=default_time_minutes]"), "0");
    browser.click_on("input[name=published]");
    day.shot("01-new-swiss-tournament.png");
    day.submit("#tournament-form button[type=submit]");
    browser.find("#tournament-info");
    let id: i32 = browser
        .url()
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the tournament page");
    assert!(day.body_text().contains("Dutch"), "system shown");

    // Categories and prizes, on the phone: three places, a cup, a prize for players rated
    // up to 2100.
    day.set_phone(true);
    day.visit(&format!("/tournaments/{id}/prizes/edit"));
    browser.find("#prizes-form");
    browser.script(
        "var kinds = document.querySelectorAll('select[name=category_kind]'); \
         var values = document.querySelectorAll('input[name=category_value]'); \
         kinds[0].value = 'rating'; values[0].value = '-2100'; \
         kinds[1].value = 'federation'; values[1].value = 'CZE'; \
         var amounts = document.querySelectorAll('input[name=prize_amount]'); \
         amounts[0].value = '3000'; amounts[1].value = '2000'; amounts[2].value = 'Pohár';",
        json!([]),
    );
    day.shot("01b-phone-prizes-form.png");
    day.submit("#save-prizes");
    browser.find("#notes");
    browser.script(
        "var groups = document.querySelectorAll('select[name=prize_group]'); \
         groups[3].value = 'c1'; document.querySelectorAll('input[name=prize_amount]')[3].value = '500'; \
         document.querySelector('input[name=currency]').value = 'Kč';",
        json!([]),
    );
    day.submit("#save-prizes");
    for page in ["edit", "tiebreaks", "schedule"] {
        day.visit(&format!("/tournaments/{id}/{page}"));
    }
    day.set_phone(false);

    // The organiser assigns the arbiter, who runs the day from here on, on a phone.
    day.visit(&format!("/tournaments/{id}"));
    browser.type_into(&browser.find("#add-arbiter input[name=username]"), "arno");
    day.submit("#add-arbiter button[type=submit]");
    browser.find("#arbiters");
    day.log_in("arno");
    day.set_phone(true);
    day.visit(&format!("/tournaments/{id}"));
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

    // 39 players by CSV: check, then import.
    day.visit(&format!("/tournaments/{id}/players/import"));
    let mut csv = String::from("name,fide_id,title,rating,federation,birth_year,sex,club\n");
    for i in 1..=39 {
        csv.push_str(&format!(
            "\"Hráč{i:02}, Jan\",,,{},CZE,1990,m,\n",
            2400 - 15 * i
        ));
    }
    browser.set_value("#csv-text", &csv);
    day.submit("#import-form button[type=submit]");
    day.shot("02-phone-csv-preview.png");
    day.submit("#import-confirm button[type=submit]");
    assert!(
        !browser.url().ends_with("/import"),
        "the import went through"
    );
    assert_eq!(load(&ctx, id).players.len(), 39);

    // A typo in a name: corrected on the player's own page, with a message.
    day.visit(&format!("/tournaments/{id}/players"));
    day.submit("#players tbody tr:nth-child(3) td.actions a");
    browser.set_value("#edit-player input[name=name]", "Hráč03, Jana");
    day.shot("02b-phone-edit-player.png");
    day.submit("#edit-player button[type=submit]");
    browser.find(".notice");
    assert!(
        load(&ctx, id)
            .players
            .iter()
            .any(|p| p.name == "Hráč03, Jana"),
        "the correction is saved"
    );

    // Search on the list ignores case and diacritics.
    day.visit(&format!("/tournaments/{id}/players"));
    browser.type_into(&browser.find("input[data-filter]"), "hrac03");
    let visible = browser.script(
        "return Array.from(document.querySelectorAll('#players tbody tr')).filter(r => !r.hidden).length;",
        json!([]),
    );
    assert_eq!(visible, json!(1), "one row matches");

    // The round schedule: filled in from the first day, two rounds a day at 10:00, saved.
    day.visit(&format!("/tournaments/{id}/schedule"));
    browser.set_value("#fill-schedule input[name=per_day]", "2");
    browser.set_value("#fill-schedule input[name=time]", "10:00");
    day.submit("#fill-schedule button[type=submit]");
    day.submit("#save-schedule button[type=submit]");
    browser.find(".notice");
    day.shot("02c-phone-schedule.png");
    assert_eq!(
        load(&ctx, id).schedule.len(),
        ROUNDS as usize,
        "every round scheduled"
    );

    // Requested byes on the Swiss page's row menus: player 5 a half-point bye in round 2,
    // player 7 a zero-point bye in round 3.
    let data = load(&ctx, id);
    let half_bye = data.players[4].id;
    let zero_bye = data.players[6].id;
    for (player, round, kind) in [(half_bye, 2, "H"), (zero_bye, 3, "Z")] {
        day.visit(&format!("/tournaments/{id}/swiss"));
        let row = format!("#swiss-player-{}", player.0);
        browser.script(
            "document.querySelector(arguments[0]).scrollIntoView(); return 1;",
            json!([row]),
        );
        browser.click_on(&format!("{row} details.row-menu summary"));
        browser.set_value(
            &format!("{row} .bye-form input[name=round]"),
            &round.to_string(),
        );
        browser.set_value(&format!("{row} .bye-form select[name=kind]"), kind);
        if kind == "H" {
            day.fits_phone("the Swiss page with a row menu open");
            day.shot("03-phone-swiss-bye-menu.png");
        }
        day.submit(&format!("{row} .bye-form button[type=submit]"));
        browser.find(".notice");
        browser.find(&format!("{row} .bye-badge"));
    }
    let requested: Vec<_> = load(&ctx, id)
        .bye_requests
        .iter()
        .map(|b| (b.player_id, b.round))
        .collect();
    assert!(
        requested.contains(&(half_bye, 2)) && requested.contains(&(zero_bye, 3)),
        "{requested:?}"
    );

    // Pair round 1 from the tournament page: a preview. A correction before it is published:
    // unpair it and pair it again; then publish.
    day.visit(&format!("/tournaments/{id}"));
    day.submit("#pair-round button");
    browser.find("#unpair-round");
    assert_eq!(
        games(&ctx, id, 1).len(),
        19,
        "39 players: 19 games and a bye"
    );
    day.submit("#unpair-round button");
    assert!(load(&ctx, id).rounds.is_empty(), "round 1 unpaired");
    browser.find(".notice");
    day.visit(&format!("/tournaments/{id}"));
    day.submit("#pair-round button");
    browser.find("#unpair-round");
    day.shot_both("04-round-1-preview");
    day.publish();

    // The arbiter checks in everyone but Black on board 2, then starts the round: with
    // default time 0 the absent player's board is flagged at once (Art. 6.7.1). Each
    // check-in is saved in place: the page does not reload and stays where it was scrolled.
    let round1 = games(&ctx, id, 1);
    day.visit(&format!("/tournaments/{id}/rounds/1/live"));
    browser.script("window.__liveSamePage = true; return 1;", json!([]));
    let mut clicks = 0;
    for game in &round1 {
        for colour in ["white", "black"] {
            if game.board == 2 && colour == "black" {
                continue;
            }
            let board = game.board;
            day.scroll_to(&format!("#live-board-{board}"));
            let scrolled = browser.script("return window.scrollY;", json!([]));
            browser.click_on(&format!(
                "#live-board-{board} form[data-check-in={colour}]:not([hidden]) button"
            ));
            browser.find(&format!(
                "#live-board-{board} [data-present={colour}]:not([hidden])"
            ));
            clicks += 1;
            assert_eq!(
                browser.script("return window.__liveSamePage === true;", json!([])),
                json!(true),
                "board {board} {colour}: the check-in reloaded the page"
            );
            // The row may shrink as its button goes (the page ends a few pixels sooner), but
            // the page stays at the board.
            let now = browser.script("return window.scrollY;", json!([]));
            let moved = now.as_f64().unwrap_or(0.0) - scrolled.as_f64().unwrap_or(0.0);
            assert!(
                moved.abs() < 40.0,
                "board {board} {colour}: the check-in moved the page from {scrolled} to {now}"
            );
        }
    }
    let checked_in = ctx.with_conn(|conn| {
        use arbiter::db::schema_day::check_ins;
        use diesel::prelude::*;
        check_ins::table
            .count()
            .get_result::<i64>(conn)
            .expect("count")
    });
    assert_eq!(checked_in, clicks, "every check-in saved");
    day.submit("#start-round button");
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
    day.scroll_to("#live-boards");
    day.shot_both("05-live-flagged");
    day.submit("#live-board-2 form[data-forfeit] button");
    browser.find("#live-boards");
    let board2 = games(&ctx, id, 1)[1].clone();
    assert_eq!(board2.result.map(|r| r.as_str()), Some("+/-"));
    let absentee = board2.black_id.expect("a game");

    // Round 1's results by keyboard, no reload (board 2's forfeit is already in).
    enter_results(&day, &ctx, id, 1);
    day.scroll_to("#pairings");
    day.shot_both("06-results-by-keyboard");

    // A correction: board 3 was a white win; the arbiter types `=` over it.
    assert_eq!(
        games(&ctx, id, 1)[2].result.map(|r| r.as_str()),
        Some("1-0")
    );
    browser.script("window.arbiterNoReload = true; return 1;", json!([]));
    let box3 = browser.find("#board-3 input.result-key");
    browser.click(&box3);
    browser.type_into(&box3, "=");
    browser.session_keys("\u{E007}");
    assert!(
        browser.wait_until(
            "return document.querySelector('#board-3').classList.contains('saved');",
            10
        ),
        "the correction is saved"
    );
    assert_eq!(
        games(&ctx, id, 1)[2].result.map(|r| r.as_str()),
        Some("1/2-1/2")
    );

    // Board 1's game score, reached on the phone through the board's page: checked by the
    // rules core.
    day.submit("#board-1 td.board a");
    day.submit("#board-score-link");
    browser.set_value(
        "textarea[name=movetext]",
        "[Event \"Brno Rapid Swiss\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
    );
    day.submit("#score-form button[type=submit]");
    browser.find("#score-report");
    let check = browser.text(&browser.find("#result-check"));
    assert!(check.contains("1-0"), "{check}");
    assert!(
        browser
            .text(&browser.find("#report-termination"))
            .contains("5.1.1"),
        "checkmate found"
    );
    day.shot("07-phone-score-report.png");

    // Round 2 from the Swiss page: the absentee is withdrawn (the forfeit withdraws), player
    // 5 has the half-point bye; 37 players: 18 games and the pairing-allocated bye.
    day.visit(&format!("/tournaments/{id}/swiss"));
    day.shot_both("08-swiss-page");
    day.pair_next(id, 2);
    let data = load(&ctx, id);
    let round2 = data.games_of_round(2);
    assert_eq!(round2.iter().filter(|g| g.black_id.is_some()).count(), 18);
    let code = |g: &Game| g.result.map(|r| r.as_str().to_owned()).unwrap_or_default();
    assert_eq!(
        round2.iter().filter(|g| code(g) == "U").count(),
        1,
        "one PAB"
    );
    let absentee_row = seat_of(&ctx, id, 2, absentee).expect("a row");
    assert!(
        absentee_row.black_id.is_none() && code(&absentee_row) == "Z",
        "the absentee is not paired: {absentee_row:?}"
    );
    let bye_row = seat_of(&ctx, id, 2, half_bye).expect("a row");
    assert!(
        bye_row.black_id.is_none() && code(&bye_row) == "H",
        "the requested half-point bye: {bye_row:?}"
    );
    day.shot("09-phone-round-2-preview.png");

    // A manual change that would repeat a round-1 game: the engine names the rule, nothing
    // is saved, and the arbiter stays on the Swiss page.
    let first = &round1[0];
    let (a, x) = (first.white_id, first.black_id.expect("a game"));
    let seat = seat_of(&ctx, id, 2, a).expect("a plays round 2");
    let opponent = if seat.white_id == a {
        seat.black_id.expect("game")
    } else {
        seat.white_id
    };
    let before: Vec<_> = round2.iter().map(|g| (g.white_id, g.black_id)).collect();
    day.visit(&format!("/tournaments/{id}/swiss"));
    browser.set_value("#swap-form select[name=first]", &opponent.0.to_string());
    browser.set_value("#swap-form select[name=second]", &x.0.to_string());
    day.submit("#swap-form button[type=submit]");
    let refusal = day.body_text();
    assert!(refusal.contains("rematch"), "{refusal}");
    day.shot("09b-phone-swap-refused.png");
    let after: Vec<_> = load(&ctx, id)
        .games_of_round(2)
        .iter()
        .map(|g| (g.white_id, g.black_id))
        .collect();
    assert_eq!(before, after, "nothing saved");
    day.visit(&format!("/tournaments/{id}/rounds/2"));
    day.publish();
    enter_results(&day, &ctx, id, 2);

    // A late entry registers before round 3 on the Players page: the 40th player.
    day.visit(&format!("/tournaments/{id}/players"));
    browser.type_into(
        &browser.find("#register-player input[name=name]"),
        "Pozdní, Lucie",
    );
    browser.type_into(&browser.find("#register-player input[name=rating]"), "2150");
    browser.type_into(
        &browser.find("#register-player input[name=federation]"),
        "CZE",
    );
    browser.set_value("#register-player select[name=sex]", "w");
    day.submit("#register-player button[type=submit]");
    let late = load(&ctx, id)
        .players
        .iter()
        .find(|p| p.name == "Pozdní, Lucie")
        .expect("registered")
        .id;
    assert_eq!(load(&ctx, id).players.len(), 40);
    day.pair_next(id, 3);
    let late_seat = seat_of(&ctx, id, 3, late).expect("the late entry has a row");
    assert!(late_seat.black_id.is_some(), "the late entry plays round 3");
    for missed in 1..=2 {
        let row = seat_of(&ctx, id, missed, late).expect("a row for a missed round");
        assert!(row.black_id.is_none(), "not a game: {row:?}");
    }
    let zero_row = seat_of(&ctx, id, 3, zero_bye).expect("a row");
    assert!(
        zero_row.black_id.is_none() && code(&zero_row) == "Z",
        "the requested zero-point bye: {zero_row:?}"
    );
    day.visit(&format!("/tournaments/{id}/swiss"));
    browser.find(&format!("#swiss-player-{} .late-badge", late.0));
    day.visit(&format!("/tournaments/{id}/rounds/3"));
    day.publish();
    enter_results(&day, &ctx, id, 3);

    // A player withdraws on the Players page before round 4: never paired again.
    let leaver = games(&ctx, id, 3)[0].white_id;
    day.visit(&format!("/tournaments/{id}/players"));
    day.submit(&format!(
        "tr[data-player='{}'] form[action$='/withdraw'] button",
        leaver.0
    ));
    browser.find(&format!("tr[data-player='{}'].withdrawn", leaver.0));
    day.shot("10-phone-players-withdrawn.png");
    day.pair_next(id, 4);
    let leaver_row = seat_of(&ctx, id, 4, leaver).expect("a row");
    assert!(
        leaver_row.black_id.is_none() && code(&leaver_row) == "Z",
        "a zero-point row, not a game: {leaver_row:?}"
    );

    // A correction of round 4's pairing before it is published: Whites of boards 1 and 2
    // change places (saved anyway if the engine objects).
    let round4 = games(&ctx, id, 4);
    let (white1, white2) = (round4[0].white_id, round4[1].white_id);
    let black1 = round4[0].black_id;
    day.visit(&format!("/tournaments/{id}/swiss"));
    browser.set_value("#swap-form select[name=first]", &white1.0.to_string());
    browser.set_value("#swap-form select[name=second]", &white2.0.to_string());
    day.submit("#swap-form button[type=submit]");
    if seat_of(&ctx, id, 4, white2).map(|g| g.black_id) != Some(black1) {
        println!("swap refused at first: {}", day.body_text());
        browser.set_value("#swap-form select[name=first]", &white1.0.to_string());
        browser.set_value("#swap-form select[name=second]", &white2.0.to_string());
        browser.click_on("#swap-form input[name=confirm]");
        day.submit("#swap-form button[type=submit]");
    }
    assert_eq!(
        seat_of(&ctx, id, 4, white2).map(|g| g.black_id),
        Some(black1),
        "the swap is saved"
    );
    day.shot("11-phone-swapped.png");
    day.visit(&format!("/tournaments/{id}/rounds/4"));
    day.publish();
    enter_results(&day, &ctx, id, 4);

    // Rounds 5 to 7.
    for round in 5..=ROUNDS {
        day.pair_next(id, round);
        day.publish();
        enter_results(&day, &ctx, id, round);
    }
    assert_eq!(load(&ctx, id).complete_rounds(), ROUNDS as u32);

    // The arbiter's other pages of the day.
    for path in [
        format!("/tournaments/{id}"),
        format!("/tournaments/{id}/swiss"),
        format!("/tournaments/{id}/players"),
        format!("/tournaments/{id}/schedule"),
        format!("/tournaments/{id}/rounds/{ROUNDS}/live"),
        format!("/tournaments/{id}/rounds/{ROUNDS}/self-report"),
        format!("/tournaments/{id}/report"),
        format!("/tournaments/{id}/incidents"),
        format!("/tournaments/{id}/games/{}", round1[0].id.0),
    ] {
        day.visit(&path);
    }
    day.visit(&format!("/tournaments/{id}/rounds/1/self-report"));
    day.scroll_to("#self-report-boards");
    day.shot("12a-phone-qr-sheet.png");
    day.visit(&format!("/tournaments/{id}/players/import"));
    browser.set_value("#csv-text", "name,rating\n\"Nový, Petr\",abc\n");
    day.submit("#import-form button[type=submit]");
    // The browser sends the pasted text with CRLF line ends: the row is still line 2.
    let line = browser.text(&browser.find("#import-problems td.line"));
    assert_eq!(line, "2", "the file's line of the bad rating");
    day.shot("12b-phone-csv-problems.png");
    day.visit(&format!("/tournaments/{id}/swiss"));
    day.shot_both("12-swiss-final");

    // The final prize list: not provisional; the absentee and the leaver take no prize.
    day.visit(&format!("/tournaments/{id}/prizes"));
    assert!(
        browser.try_find("#prizes-provisional").is_none(),
        "the last round is complete"
    );
    let prize_rows = browser.find_all("#prize-list > tbody > tr");
    assert_eq!(prize_rows.len(), 4);
    let list = day.body_text();
    assert!(
        list.contains("3000 Kč") && list.contains("≤ 2100"),
        "{list}"
    );
    let data = load(&ctx, id);
    let name_of = |player: PlayerRowId| {
        data.players
            .iter()
            .find(|p| p.id == player)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let winners: Vec<String> = browser
        .find_all("#prize-list > tbody > tr td.name")
        .iter()
        .map(|cell| browser.text(cell))
        .collect();
    for gone in [absentee, leaver] {
        assert!(
            !winners.contains(&name_of(gone)),
            "{} withdrew and takes no prize: {winners:?}",
            name_of(gone)
        );
    }
    browser.find("#prizes-left-out");
    day.scroll_to("#prizes-title");
    day.shot_both("13-prize-list");
    day.visit(&format!("/tournaments/{id}/standings?category=1"));
    let in_category = browser.find_all("#standings > tbody > tr");
    assert!(
        !in_category.is_empty() && in_category.len() < 40,
        "a category's standings"
    );
    day.shot("14-phone-category-standings.png");

    // A visitor on the phone: the public pages.
    browser.delete_cookies();
    day.visit(&format!("/tournaments/{id}/standings"));
    assert!(
        browser.try_find("#swiss-tab").is_none(),
        "no organiser tabs"
    );
    assert_eq!(browser.find_all("#standings > tbody > tr").len(), 40);
    assert_eq!(
        browser.find_all("#standings > tbody > tr.withdrawn").len(),
        2,
        "the absentee and the leaver are marked"
    );
    day.scroll_to("#standings");
    day.shot_both("15-standings");
    // Every column: each row a card, still nothing sideways.
    browser.click_on("label.all-columns");
    let shown = browser.script(
        "return getComputedStyle(document.querySelector('#standings tbody td.wide')).display;",
        json!([]),
    );
    assert_ne!(shown, json!("none"), "every column shown");
    day.fits_phone("the standings with every column");
    day.scroll_to("#standings");
    day.shot("15b-phone-standings-every-column.png");
    day.visit(&format!("/tournaments/{id}/crosstable"));
    day.scroll_to("#wallchart");
    day.shot_both("16-wallchart");
    day.visit(&format!("/tournaments/{id}/rounds/{ROUNDS}"));
    browser.find("#pairings");
    day.scroll_to("#pairings");
    day.shot_both("17-pairings");
    let winner = data.players[0].id;
    day.visit(&format!("/tournaments/{id}/players/{}/card", winner.0));
    day.scroll_to("#card-rounds");
    day.shot_both("18-player-card");
    day.visit(&format!("/tournaments/{id}/prizes"));
    day.visit(&format!("/tournaments/{id}/players"));
    day.visit(&format!(
        "/tournaments/{id}/standings/working/{}?round={ROUNDS}",
        winner.0
    ));
    day.visit(&format!("/tournaments/{id}"));
    day.shot("19-phone-tournament.png");
    day.visit("/");
    // The same public pages in every other language: nothing sideways either (longer words,
    // Cyrillic names and headings).
    for lang in ["cs", "sk", "hu", "sr-Latn", "sr-Cyrl"] {
        day.visit(&format!("/lang/{lang}?next=/"));
        for path in [
            format!("/tournaments/{id}"),
            format!("/tournaments/{id}/standings"),
            format!("/tournaments/{id}/crosstable"),
            format!("/tournaments/{id}/rounds/{ROUNDS}"),
            format!("/tournaments/{id}/players/{}/card", winner.0),
            format!("/tournaments/{id}/prizes"),
            format!("/tournaments/{id}/players"),
            format!(
                "/tournaments/{id}/standings/working/{}?round={ROUNDS}",
                winner.0
            ),
        ] {
            day.visit(&path);
        }
        day.visit(&format!("/tournaments/{id}/rounds/{ROUNDS}"));
        day.scroll_to("#pairings");
        day.shot(&format!("21-phone-pairings-{lang}.png"));
        day.visit(&format!("/tournaments/{id}/players/{}/card", winner.0));
        day.shot(&format!("22-phone-card-{lang}.png"));
    }
    day.assert_all_fitted();
    println!(
        "a 40-player, {ROUNDS}-round Swiss run by the assigned arbiter: {} pages checked \
         (none an error page, none wider than {} px) in {:.1} s",
        day.pages.get(),
        PHONE.0,
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn e2e_a_hundred_board_round_goes_in_by_keyboard_without_a_page_reload() {
    if skip_without_browser() {
        return;
    }
    let ctx = TestContext::new();
    let names: Vec<String> = (1..=200).map(|i| format!("Hráč{i:03}, Jan")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let event = setup::event(&ctx, &names, 7, 0);
    let id = event.tournament.id.0;
    let boards: Vec<(usize, usize)> = (0..100).map(|i| (i, i + 100)).collect();
    ctx.with_conn(|conn| {
        diesel::update(tournaments::table.find(id))
            .set(tournaments::pairing_system.eq(PairingSystem::SwissDutch.as_str()))
            .execute(conn)
            .expect("a Swiss");
        setup::pair_round(conn, &event, 1, &boards);
    });
    let browser = Browser::start();
    let day = Day::new(&browser, &ctx);
    day.log_in("orga");
    day.set_phone(true);
    day.visit(&format!("/tournaments/{id}/rounds/1"));
    assert_eq!(browser.find_all("#pairings input.result-key").len(), 100);
    browser.script("window.arbiterNoReload = true; return 1;", json!([]));
    browser.click(&browser.find("#board-1 input.result-key"));
    let typing = Instant::now();
    for board in 1..=100 {
        browser.session_keys(&format!("{}\u{E007}", key_for(1, board)));
    }
    day.assert_all_saved_without_reload("the 100-board round", 60);
    let elapsed = typing.elapsed();
    assert_eq!(
        browser.find_all("#pairings tr.saved").len(),
        100,
        "every row marked saved"
    );
    day.fits_phone("the 100-board round");
    day.scroll_to("#pairings");
    day.shot("20-phone-100-boards.png");
    day.assert_all_fitted();
    let stored = games(&ctx, id, 1);
    assert_eq!(stored.len(), 100);
    for game in &stored {
        let expected = match key_for(1, game.board) {
            "1" => "1-0",
            "0" => "0-1",
            _ => "1/2-1/2",
        };
        assert_eq!(
            game.result.map(|r| r.as_str()),
            Some(expected),
            "board {}",
            game.board
        );
    }
    println!(
        "100 boards typed and saved by keyboard without a reload in {:.1} s (WebDriver typing \
         included)",
        elapsed.as_secs_f64()
    );
}

/// Entrant `n`'s year of birth: every third a junior (2012), every seventh a senior (1950),
/// the others 1990.
fn birth_year_of(n: usize) -> u32 {
    if n.is_multiple_of(3) {
        2012
    } else if n.is_multiple_of(7) {
        1950
    } else {
        1990
    }
}

/// The fee entrant `n` owes, in EUR (30; under 18: 15; 65 and older: 20).
fn fee_of(n: usize) -> i64 {
    match birth_year_of(n) {
        2012 => 15,
        1950 => 20,
        _ => 30,
    }
}

/// Fills the registration form (on `/tournaments/{id}/register`) and sends it.
fn register(day: &Day, id: i32, name: &str, birth_year: u32, national_id: &str) {
    let browser = day.browser;
    day.visit(&format!("/tournaments/{id}/register"));
    let form = "#register-form";
    browser.type_into(&browser.find(&format!("{form} input[name=name]")), name);
    browser.type_into(
        &browser.find(&format!("{form} input[name=birth_year]")),
        &birth_year.to_string(),
    );
    browser.type_into(
        &browser.find(&format!("{form} input[name=federation]")),
        "CZE",
    );
    browser.type_into(
        &browser.find(&format!("{form} input[name=club]")),
        "ŠK Brno",
    );
    browser.set_value(&format!("{form} select[name=sex]"), "m");
    if !national_id.is_empty() {
        browser.type_into(
            &browser.find(&format!("{form} input[name=national_id]")),
            national_id,
        );
    }
    day.submit(&format!("{form} button[type=submit]"));
}

/// The players' desk in the browser ("done when" of the players' desk): the organiser opens
/// registration with fees (junior, senior, titled) and check-in before round 1 with the rule
/// that those not checked in are not paired; 30 people register themselves **on a 390 px
/// phone**, each getting a personal link shown once with its QR code, and two who try to enter
/// again (the same name typed differently with the same year; another name with the same
/// national ID) are refused in words; the organiser marks fees and reads the totals; 28 check
/// in — 25 with their own link, two by tapping their name on the venue's check-in page (the QR
/// in the hall), one at the desk —; round 1 (C.04.2 Art. 3.3) pairs exactly those 28 and the
/// pairing page names the two left out; one player's bye request is approved and one refused,
/// each player reading the answer on their link; the hall screen shows round 1's pairings. The
/// desk and the players' pages are looked at on the phone in all six languages.
#[test]
fn e2e_c04_2_thirty_players_register_on_a_phone_check_in_and_round_1_pairs_the_checked_in() {
    if skip_without_browser() {
        return;
    }
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let browser = Browser::start();
    let day = Day::new(&browser, &ctx);

    // The organiser: a Swiss of 5 rounds, published, and the desk's settings.
    day.log_in("orga");
    day.visit("/tournaments/new");
    browser.type_into(&browser.find("input[name=name]"), "Brno Desk Open");
    browser.type_into(&browser.find("input[name=place]"), "Brno");
    browser.type_into(&browser.find("input[name=federation]"), "CZE");
    browser.set_value("select[name=pairing_system]", "swiss_dutch");
    browser.type_into(&browser.find("input[name=rounds]"), "5");
    browser.click_on("input[name=published]");
    day.submit("#tournament-form button[type=submit]");
    browser.find("#tournament-info");
    let id: i32 = browser
        .url()
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the tournament page");
    day.visit(&format!("/tournaments/{id}/desk"));
    let settings = "#settings-form";
    browser.click_on(&format!("{settings} input[name=registration_open]"));
    browser.set_value(&format!("{settings} input[name=deadline]"), "2099-12-31");
    browser.set_value(&format!("{settings} input[name=currency]"), "EUR");
    for (field, value) in [
        ("base_fee", "30"),
        ("junior_under", "18"),
        ("junior_fee", "15"),
        ("senior_from", "65"),
        ("senior_fee", "20"),
        ("titled_fee", "0"),
    ] {
        browser.set_value(&format!("{settings} input[name={field}]"), value);
    }
    browser.set_value(&format!("{settings} select[name=check_in]"), "first");
    browser.set_value(
        &format!("{settings} select[name=absent_rule]"),
        "not_paired",
    );
    day.shot("desk-01-settings.png");
    day.submit(&format!("{settings} button[type=submit]"));

    // 30 people register themselves on their phones (no account).
    browser.delete_cookies();
    day.set_phone(true);
    let mut tokens = Vec::new();
    for n in 1..=30usize {
        let national = if n.is_multiple_of(4) {
            format!("CZ{n:05}")
        } else {
            String::new()
        };
        register(
            &day,
            id,
            &format!("Hráč {n:02}, Jan"),
            birth_year_of(n),
            &national,
        );
        assert_eq!(
            browser.script(
                "return document.getElementById('entry-status').dataset.status;",
                json!([])
            ),
            json!("entered"),
            "entrant {n}: {}",
            day.body_text()
        );
        assert!(browser.try_find("#link-qr svg").is_some(), "the QR code");
        let url = browser.script(
            "return document.getElementById('link-url').getAttribute('href');",
            json!([]),
        );
        let token = url
            .as_str()
            .and_then(|u| u.rsplit('/').next())
            .expect("the personal link")
            .to_owned();
        if n == 1 {
            day.shot("desk-02-phone-registered.png");
        }
        tokens.push(token);
    }
    // Two try to enter again: refused in words, nothing stored.
    register(&day, id, "HRÁČ 05,  jan", birth_year_of(5), "");
    let errors = browser.text(&browser.find(".errors"));
    assert!(errors.contains("Hráč 05, Jan"), "{errors}");
    day.shot("desk-03-phone-entered-twice.png");
    register(&day, id, "Novák, Petr", 1985, "CZ00008");
    let errors = browser.text(&browser.find(".errors"));
    assert!(errors.contains("CZ00008"), "{errors}");
    assert_eq!(load(&ctx, id).players.len(), 30, "30 entries, none twice");

    // The organiser marks fees: the first ten paid, entrant 11 waived; the totals add up.
    day.set_phone(false);
    day.log_in("orga");
    day.visit(&format!("/tournaments/{id}/desk"));
    let rows = browser.script(
        "return Array.from(document.querySelectorAll('#entries tr[data-entry]')).map(tr => [tr.dataset.entry, tr.cells[0].innerText]);",
        json!([]),
    );
    let entry_of = |n: usize| -> String {
        rows.as_array()
            .expect("entries")
            .iter()
            .find(|row| {
                row[1]
                    .as_str()
                    .is_some_and(|name| name.starts_with(&format!("Hráč {n:02}, Jan")))
            })
            .and_then(|row| row[0].as_str())
            .unwrap_or_else(|| panic!("entrant {n} on the desk"))
            .to_owned()
    };
    for n in 1..=11 {
        let mark = if n == 11 { "waived" } else { "paid" };
        day.submit(&format!(
            "#entries tr[data-entry='{}'] .fee-form button[value={mark}]",
            entry_of(n)
        ));
    }
    let due: i64 = (1..=30).map(fee_of).sum();
    let paid: i64 = (1..=10).map(fee_of).sum();
    let waived = fee_of(11);
    let totals = browser.script(
        "return Array.from(document.querySelectorAll('#fee-totals dd')).map(dd => dd.innerText);",
        json!([]),
    );
    assert_eq!(
        totals,
        json!([
            format!("{due} EUR"),
            format!("{paid} EUR"),
            format!("{} EUR", due - paid - waived),
            format!("{waived} EUR"),
        ])
    );
    day.scroll_to("#fee-totals");
    day.shot("desk-04-fees.png");

    // The venue's check-in link (its QR hangs in the hall), made on the check-in desk.
    day.visit(&format!("/tournaments/{id}/check-in"));
    day.submit("#venue-link-form button[value=new]");
    let venue = browser
        .script(
            "return document.getElementById('link-url').getAttribute('href');",
            json!([]),
        )
        .as_str()
        .expect("the venue link")
        .to_owned();
    let venue_path = format!(
        "/tournaments/{}",
        venue.split_once("/tournaments/").expect("venue path").1
    );

    // 25 check in with their own link, on their phones.
    browser.delete_cookies();
    day.set_phone(true);
    for (n, token) in tokens.iter().enumerate().take(25) {
        day.visit(&format!("/tournaments/{id}/entry/{token}"));
        day.submit("#check-in form button[type=submit]");
        browser.find("#checked-in");
        if n == 0 {
            day.shot("desk-05-phone-checked-in.png");
        }
    }
    // Two at the venue page: search their name, tap it.
    for n in [26, 27] {
        day.visit(&format!(
            "{venue_path}?q={}",
            common::encode(&format!("hráč {n}"))
        ));
        let found = browser.find_all("#presence li");
        assert_eq!(found.len(), 1, "one player found for {n}");
        day.submit("#presence li button.big");
        if n == 26 {
            day.shot("desk-06-phone-venue.png");
        }
    }
    // One at the desk, by the organiser; 29 and 30 do not come.
    day.set_phone(false);
    day.log_in("orga");
    day.visit(&format!(
        "/tournaments/{id}/check-in?q={}",
        common::encode("hráč 28")
    ));
    day.submit("#presence li button.big");
    day.visit(&format!("/tournaments/{id}/check-in"));
    let missing = browser.script(
        "return Array.from(document.querySelectorAll('#presence li[data-present=false]')).map(li => li.innerText);",
        json!([]),
    );
    let missing: Vec<String> = missing
        .as_array()
        .expect("missing")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(missing.len(), 2, "{missing:?}");
    assert!(missing[0].contains("Hráč 29") && missing[1].contains("Hráč 30"));
    day.shot("desk-07-check-in-desk.png");

    // Round 1 pairs exactly the 28 checked in; the page says who was left out and why.
    day.visit(&format!("/tournaments/{id}/swiss"));
    day.submit("#pair-swiss button");
    let note = browser.text(&browser.find("#left-out"));
    assert!(
        note.contains("Hráč 29, Jan") && note.contains("Hráč 30, Jan"),
        "{note}"
    );
    let data = load(&ctx, id);
    let name_of = |row| data.player(row).map(|p| p.name.clone()).expect("name");
    let mut paired = std::collections::BTreeSet::new();
    for game in data.games_of_round(1) {
        if let Some(black) = game.black_id {
            paired.insert(name_of(game.white_id));
            paired.insert(name_of(black));
        }
    }
    let expected: std::collections::BTreeSet<String> =
        (1..=28).map(|n| format!("Hráč {n:02}, Jan")).collect();
    assert_eq!(paired, expected, "round 1 pairs the 28 checked in");
    day.publish();
    day.shot("desk-08-round-1.png");

    // Requests by link: entrant 1 asks for a half-point bye in round 2, entrant 2 in round 3.
    browser.delete_cookies();
    day.set_phone(true);
    for (n, round) in [(1usize, "2"), (2, "3")] {
        day.visit(&format!("/tournaments/{id}/entry/{}", tokens[n - 1]));
        browser.set_value("#bye-form select[name=round]", round);
        browser.set_value("#bye-form select[name=bye_kind]", "H");
        day.submit("#bye-form button[type=submit]");
    }
    day.set_phone(false);
    day.log_in("orga");
    day.visit(&format!("/tournaments/{id}/desk"));
    let pending = browser.script(
        "return Array.from(document.querySelectorAll('#requests li[data-state=pending]')).map(li => [li.dataset.request, li.innerText]);",
        json!([]),
    );
    let request_of = |n: usize| -> String {
        pending
            .as_array()
            .expect("requests")
            .iter()
            .find(|r| {
                r[1].as_str()
                    .is_some_and(|t| t.contains(&format!("Hráč {n:02}, Jan")))
            })
            .and_then(|r| r[0].as_str())
            .unwrap_or_else(|| panic!("entrant {n}'s request: {pending}"))
            .to_owned()
    };
    let (first, second) = (request_of(1), request_of(2));
    day.submit(&format!(
        "#requests li[data-request='{first}'] button[value=approve]"
    ));
    browser.type_into(
        &browser.find(&format!(
            "#requests li[data-request='{second}'] input[name=note]"
        )),
        "Kolo 3 je plné.",
    );
    day.submit(&format!(
        "#requests li[data-request='{second}'] button[value=refuse]"
    ));
    day.scroll_to("#requests-title");
    day.shot("desk-09-requests-answered.png");

    // The hall screen shows round 1's pairings.
    day.visit(&format!("/tournaments/{id}/screen"));
    let boards = browser.script(
        "return Array.from(document.querySelectorAll('table.boards tbody tr')).map(tr => tr.innerText);",
        json!([]),
    );
    let games: Vec<&str> = boards
        .as_array()
        .expect("boards")
        .iter()
        .filter_map(|row| row.as_str())
        .filter(|row| row.matches("Hráč").count() == 2)
        .collect();
    assert_eq!(
        games.len(),
        14,
        "the 14 games of the 28 on the hall screen: {boards}"
    );
    assert!(
        !games
            .iter()
            .any(|g| g.contains("Hráč 29") || g.contains("Hráč 30")),
        "{games:?}"
    );
    day.shot("desk-10-hall-screen.png");

    // Each player reads the answer on their link, on the phone, in every language.
    browser.delete_cookies();
    day.set_phone(true);
    let states = |n: usize| {
        day.visit(&format!("/tournaments/{id}/entry/{}", tokens[n - 1]));
        browser.script(
            "return Array.from(document.querySelectorAll('#my-requests li')).map(li => li.dataset.state);",
            json!([]),
        )
    };
    assert_eq!(states(1), json!(["approved"]));
    assert_eq!(states(2), json!(["refused"]));
    assert!(day.body_text().contains("Kolo 3 je plné."));
    // The players' pages and the organiser's desk on the phone in every language.
    day.log_in("orga");
    for lang in ["cs", "sk", "hu", "sr-Latn", "sr-Cyrl", "en"] {
        browser.goto(&format!("{}/lang/{lang}?next=/", day.base));
        for path in [
            format!("/tournaments/{id}/register"),
            venue_path.clone(),
            format!("/tournaments/{id}/desk"),
            format!("/tournaments/{id}/check-in"),
            format!("/tournaments/{id}/entry/{}", tokens[1]),
        ] {
            day.visit(&path);
        }
        day.shot(&format!("desk-11-phone-entry-{lang}.png"));
    }
    day.assert_all_fitted();
}
