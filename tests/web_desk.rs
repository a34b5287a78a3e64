//! The players' desk through the real app (SQLite, and PostgreSQL with
//! `ARBITER_TEST_DATABASE_URL`): 30 self-registrations on the public form (two people entering
//! twice are refused in words), the capacity and its waiting list, the entry fees and the
//! treasurer's totals, check-in by personal link, by the venue's check-in page and at the desk,
//! round 1 pairing exactly the checked-in players (C.04.2 Art. 3.3: the others are absent for
//! the round, and the pairing page says so), players' bye requests approved and refused within
//! the bye rules; and every misuse of a personal link refused.

mod common;

use std::collections::BTreeSet;

use actix_web::http::StatusCode;
use arbiter::db::domain::TournamentData;
use arbiter::db::models::audit_log::AuditEntry;
use arbiter::db::models::entries::Entry;
use arbiter::db::models::tournament_day::ByeRequestRow;
use arbiter::db::models::{Role, TournamentId};
use arbiter::tournament::result::BoardResult;
use common::{PASSWORD, Page, TestContext, tournament_form};

/// The organiser `orga` and a published Swiss of five rounds with the desk set: open until
/// 2099, `capacity` places, fees (30 EUR; under 18: 15; 65 and older: 20; titled: free),
/// check-in before round 1 by `absent_rule`. Returns the tournament's id.
async fn desk_event(ctx: &TestContext, name: &str, capacity: &str, absent_rule: &str) -> i32 {
    let mut orga = ctx.logged_in("orga").await;
    let created = orga
        .post(
            "/tournaments",
            &tournament_form(&[
                ("name", name),
                ("pairing_system", "swiss_dutch"),
                ("rounds", "5"),
                ("published", "on"),
            ]),
        )
        .await;
    let id = created.created_id();
    orga.post(
        &format!("/tournaments/{id}/desk/settings"),
        &[
            ("registration_open", "true"),
            ("deadline", "2099-12-31"),
            ("capacity", capacity),
            ("currency", "EUR"),
            ("base_fee", "30"),
            ("junior_under", "18"),
            ("junior_fee", "15"),
            ("senior_from", "65"),
            ("senior_fee", "20"),
            ("titled_fee", "0"),
            ("check_in", "first"),
            ("absent_rule", absent_rule),
        ],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/desk"));
    id
}

/// Entrant `n`'s form: a name, a year of birth (every third a junior born 2012, every
/// seventh a senior born 1950, the others 1990), a federation, a club; every fourth also has
/// a national ID.
fn entrant(n: usize) -> Vec<(&'static str, String)> {
    let year = if n.is_multiple_of(3) {
        2012
    } else if n.is_multiple_of(7) {
        1950
    } else {
        1990
    };
    let mut form = vec![
        ("name", format!("Hráč {n:02}, Jan")),
        ("birth_year", year.to_string()),
        ("federation", "CZE".to_owned()),
        ("club", "ŠK Praha".to_owned()),
        ("sex", "m".to_owned()),
    ];
    if n.is_multiple_of(4) {
        form.push(("national_id", format!("CZ{n:05}")));
    }
    form
}

/// The fee entrant `n` owes, in EUR.
fn fee_of(n: usize) -> i64 {
    if n.is_multiple_of(3) {
        15
    } else if n.is_multiple_of(7) {
        20
    } else {
        30
    }
}

fn fields<'a>(form: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    form.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// The token of the personal link a registration page shows once.
fn token_of(page: &Page) -> String {
    let url = page
        .attrs("#link-url", "href")
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no link shown: {}", page.body));
    url.rsplit('/').next().expect("token").to_owned()
}

fn load(ctx: &TestContext, id: i32) -> TournamentData {
    ctx.with_conn(|conn| {
        TournamentData::load(conn, TournamentId(id))
            .expect("load")
            .expect("tournament")
    })
}

#[actix_web::test]
async fn c04_2_art_3_self_registration_fees_check_in_and_round_1_pairs_the_checked_in() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let id = desk_event(&ctx, "Open desk", "29", "not_paired").await;
    let mut orga = ctx.logged_in("orga").await;

    // 30 people register themselves on their phones (no account).
    let mut phone = ctx.client().await;
    let mut tokens = Vec::new();
    for n in 1..=30 {
        let page = phone
            .post(&format!("/tournaments/{id}/register"), &fields(&entrant(n)))
            .await;
        assert_eq!(
            page.status,
            StatusCode::CREATED,
            "entrant {n}: {}",
            page.body
        );
        let expected = if n <= 29 { "entered" } else { "waiting" };
        assert_eq!(
            page.attrs("#entry-status", "data-status"),
            [expected],
            "entrant {n}"
        );
        assert!(page.text("#link-qr").is_some() && page.body.contains("<svg"));
        tokens.push(token_of(&page));
    }
    // Two try to enter twice: the same name (typed differently) and year of birth; the same
    // national ID under another name. Refused in words, the form kept.
    let mut again = entrant(5);
    again[0].1 = "HRÁČ 05,  jan".to_owned();
    let refused = phone
        .post(&format!("/tournaments/{id}/register"), &fields(&again))
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    let errors = refused.texts(".errors li").join(" ");
    assert!(
        errors.contains("Hráč 05, Jan") && errors.contains("1990"),
        "{errors}"
    );
    let mut other_name = entrant(8);
    other_name[0].1 = "Novák, Petr".to_owned();
    other_name[1].1 = "1985".to_owned();
    let refused = phone
        .post(&format!("/tournaments/{id}/register"), &fields(&other_name))
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(refused.body.contains("CZ00008"), "{}", refused.body);
    // Bad input is said field by field, never a 500.
    let bad = phone
        .post(
            &format!("/tournaments/{id}/register"),
            &[
                ("name", ""),
                ("birth_year", "19x0"),
                ("federation", "CZECH"),
            ],
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.texts(".errors li").len(), 3, "{}", bad.body);

    let entries =
        ctx.with_conn(|conn| Entry::of_tournament(conn, TournamentId(id)).expect("entries"));
    assert_eq!(entries.len(), 30);
    assert_eq!(
        load(&ctx, id).players.len(),
        29,
        "entries within capacity are players"
    );

    // Entrant 3 withdraws before the start: entrant 30 moves up from the waiting list.
    phone
        .post(
            &format!("/tournaments/{id}/entry/{}/withdraw", tokens[2]),
            &[],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/entry/{}", tokens[2]));
    let moved = phone
        .get(&format!("/tournaments/{id}/entry/{}", tokens[29]))
        .await;
    assert_eq!(moved.attrs("#entry-status", "data-status"), ["entered"]);
    let players = load(&ctx, id).players;
    assert_eq!(players.len(), 29);
    assert!(!players.iter().any(|p| p.name == "Hráč 03, Jan"));

    // The organiser marks fees: the first ten paid, entrant 11 waived; the totals add up.
    let desk = orga.get(&format!("/tournaments/{id}/desk")).await;
    let entry_ids: Vec<String> = desk.attrs("#entries tr[data-entry]", "data-entry");
    assert_eq!(entry_ids.len(), 30);
    for (index, entry) in entry_ids.iter().enumerate().take(11) {
        let mark = if index == 10 { "waived" } else { "paid" };
        orga.post(
            &format!("/tournaments/{id}/entries/{entry}/fee"),
            &[("mark", mark)],
        )
        .await
        .assert_redirect(&format!("/tournaments/{id}/desk#entries"));
    }
    let in_event: Vec<usize> = (1..=30).filter(|n| *n != 3).collect();
    let due: i64 = in_event.iter().map(|n| fee_of(*n)).sum();
    let paid: i64 = (1..=10).filter(|n| *n != 3).map(fee_of).sum();
    let waived = fee_of(11);
    let desk = orga.get(&format!("/tournaments/{id}/desk")).await;
    assert_eq!(
        desk.texts("#fee-totals dd"),
        [
            format!("{due} EUR"),
            format!("{paid} EUR"),
            format!("{} EUR", due - paid - waived),
            format!("{waived} EUR"),
        ]
    );
    assert_eq!(
        desk.attrs("#entries tr[data-mark=paid]", "data-entry")
            .len(),
        10,
        "entrant 3 was marked too (withdrawn entries keep their mark, out of the totals)"
    );

    // Check-in before round 1: 24 by their link, two at the venue page, one at the desk;
    // entrants 28 and 29 do not come.
    let venue = orga
        .post(
            &format!("/tournaments/{id}/check-in/link"),
            &[("action", "new")],
        )
        .await;
    assert_eq!(venue.status, StatusCode::OK, "{}", venue.body);
    let venue_path = venue.attrs("#link-url", "href")[0]
        .split_once("/tournaments/")
        .map(|(_, path)| format!("/tournaments/{path}"))
        .expect("venue path");
    let checked_by_link: Vec<usize> = in_event.iter().copied().filter(|n| *n <= 25).collect();
    assert_eq!(checked_by_link.len(), 24);
    for n in &checked_by_link {
        phone
            .post(
                &format!("/tournaments/{id}/entry/{}/check-in", tokens[n - 1]),
                &[],
            )
            .await
            .assert_redirect(&format!("/tournaments/{id}/entry/{}", tokens[n - 1]));
    }
    let shown = phone
        .get(&format!("/tournaments/{id}/entry/{}", tokens[0]))
        .await;
    assert!(shown.text("#checked-in").is_some(), "{}", shown.body);
    let player_id = |name: &str| {
        load(&ctx, id)
            .players
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.id.0.to_string())
            .expect("player")
    };
    let mut hall = ctx.client().await;
    let found = hall
        .get(&format!("{venue_path}?q={}", common::encode("hráč 26")))
        .await;
    assert_eq!(
        found.attrs("#presence li", "data-player").len(),
        1,
        "{}",
        found.body
    );
    for name in ["Hráč 26, Jan", "Hráč 27, Jan"] {
        let page = hall
            .post(&venue_path, &[("player", &player_id(name)), ("q", "hráč")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    }
    orga.post(
        &format!("/tournaments/{id}/check-in"),
        &[("player", &player_id("Hráč 30, Jan"))],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/check-in?q="));
    let desk = orga.get(&format!("/tournaments/{id}/check-in")).await;
    let missing: Vec<String> = desk.texts("#presence li[data-present=false]");
    assert_eq!(missing.len(), 2, "{missing:?}");
    assert!(missing[0].contains("Hráč 28") && missing[1].contains("Hráč 29"));

    // Round 1 pairs exactly the 27 checked-in players; the two others are absent for the
    // round (a zero-point bye, C.04.2 Art. 3.3), and the pairing page says who and why.
    orga.post(&format!("/tournaments/{id}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1"));
    let data = load(&ctx, id);
    let name_of = |row| data.player(row).map(|p| p.name.clone()).expect("name");
    let mut paired = BTreeSet::new();
    let mut absent = BTreeSet::new();
    for game in data.games_of_round(1) {
        match (game.black_id, game.result) {
            (Some(black), _) => {
                paired.insert(name_of(game.white_id));
                paired.insert(name_of(black));
            }
            (None, Some(BoardResult::PairingAllocatedBye)) => {
                paired.insert(name_of(game.white_id));
            }
            (None, _) => {
                absent.insert(name_of(game.white_id));
            }
        }
    }
    let expected: BTreeSet<String> = in_event
        .iter()
        .filter(|n| !matches!(n, 28 | 29))
        .map(|n| format!("Hráč {n:02}, Jan"))
        .collect();
    assert_eq!(paired, expected);
    assert_eq!(
        absent,
        BTreeSet::from(["Hráč 28, Jan".to_owned(), "Hráč 29, Jan".to_owned()])
    );
    let round = orga.get(&format!("/tournaments/{id}/rounds/1")).await;
    let note = round
        .text("#left-out")
        .expect("the pairing page says who was left out");
    assert!(
        note.contains("Hráč 28, Jan") && note.contains("Hráč 29, Jan"),
        "{note}"
    );

    // Requests through the link: entrant 1 asks for a half-point bye in round 2 (approved),
    // entrant 2 for one in round 3 (refused by the arbiter), entrant 1 again in round 3
    // (approving it is refused: one half-point bye per player, C.04.2 Art. 3.3).
    for (n, round) in [(1, "2"), (2, "3"), (1, "3")] {
        phone
            .post(
                &format!("/tournaments/{id}/entry/{}/request", tokens[n - 1]),
                &[("kind", "bye"), ("round", round), ("bye_kind", "H")],
            )
            .await
            .assert_redirect(&format!(
                "/tournaments/{id}/entry/{}#requests-form",
                tokens[n - 1]
            ));
    }
    let desk = orga.get(&format!("/tournaments/{id}/desk")).await;
    let requests = desk.attrs("#requests li[data-state=pending]", "data-request");
    assert_eq!(requests.len(), 3);
    orga.post(
        &format!("/tournaments/{id}/requests/{}", requests[0]),
        &[("answer", "approve"), ("note", "")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/desk#requests-title"));
    orga.post(
        &format!("/tournaments/{id}/requests/{}", requests[1]),
        &[("answer", "refuse"), ("note", "Kolo 3 je plné.")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/desk#requests-title"));
    let over_limit = orga
        .post(
            &format!("/tournaments/{id}/requests/{}", requests[2]),
            &[("answer", "approve"), ("note", "")],
        )
        .await;
    assert_eq!(
        over_limit.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        over_limit.body
    );
    let first = player_id("Hráč 01, Jan");
    let byes =
        ctx.with_conn(|conn| ByeRequestRow::for_tournament(conn, TournamentId(id)).expect("byes"));
    assert_eq!(byes.len(), 1);
    assert_eq!((byes[0].player_id.0.to_string(), byes[0].round), (first, 2));
    // The players see the answers in their language.
    phone.accept_language = Some("cs".to_owned());
    let one = phone
        .get(&format!("/tournaments/{id}/entry/{}", tokens[0]))
        .await;
    let states = one.attrs("#my-requests li", "data-state");
    assert_eq!(states, ["pending", "approved"]);
    assert!(
        one.text("#my-requests")
            .expect("requests")
            .contains("schváleno")
    );
    let two = phone
        .get(&format!("/tournaments/{id}/entry/{}", tokens[1]))
        .await;
    let answer = two.text("#my-requests").expect("requests");
    assert!(
        answer.contains("zamítnuto") && answer.contains("Kolo 3 je plné."),
        "{answer}"
    );
    let audited: Vec<String> = ctx.with_conn(|conn| {
        AuditEntry::for_tournament(conn, TournamentId(id))
            .expect("audit")
            .into_iter()
            .map(|row| row.entry.action)
            .collect()
    });
    for action in [
        "self_register",
        "withdraw_entry",
        "entry_moved_up",
        "fee_mark",
        "presence",
        "not_checked_in",
        "player_request",
        "answer_request",
    ] {
        assert!(
            audited.iter().any(|a| a == action),
            "no {action} in the audit log"
        );
    }
}

#[actix_web::test]
async fn desk_check_in_paired_anyway_pairs_everyone_and_says_who_did_not_check_in() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let id = desk_event(&ctx, "Rapid", "", "paired").await;
    let mut phone = ctx.client().await;
    let mut tokens = Vec::new();
    for n in 1..=6 {
        let page = phone
            .post(&format!("/tournaments/{id}/register"), &fields(&entrant(n)))
            .await;
        tokens.push(token_of(&page));
    }
    for token in &tokens[..4] {
        phone
            .post(&format!("/tournaments/{id}/entry/{token}/check-in"), &[])
            .await
            .assert_redirect(&format!("/tournaments/{id}/entry/{token}"));
    }
    let mut orga = ctx.logged_in("orga").await;
    orga.post(&format!("/tournaments/{id}/swiss/pair"), &[])
        .await
        .assert_redirect(&format!("/tournaments/{id}/rounds/1"));
    let data = load(&ctx, id);
    assert_eq!(
        data.games_of_round(1)
            .iter()
            .filter(|g| g.black_id.is_some())
            .count(),
        3,
        "all six are paired"
    );
    let round = orga.get(&format!("/tournaments/{id}/rounds/1")).await;
    assert!(round.text("#left-out").is_none());
    let note = round.text("#paired-unchecked").expect("said, not silent");
    assert!(
        note.contains("Hráč 05, Jan") && note.contains("Hráč 06, Jan"),
        "{note}"
    );
    // Check-in of round 1 is over: a late tap is refused in words.
    let late = phone
        .post(
            &format!("/tournaments/{id}/entry/{}/check-in", tokens[5]),
            &[],
        )
        .await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
}

#[actix_web::test]
async fn personal_links_refuse_every_misuse() {
    let ctx = TestContext::new();
    ctx.create_user("orga", Role::Organiser);
    let id = desk_event(&ctx, "Open A", "", "not_paired").await;
    let other = desk_event(&ctx, "Open B", "", "not_paired").await;
    let mut phone = ctx.client().await;
    let mut tokens = Vec::new();
    for (tournament, n) in [(id, 1), (id, 2), (other, 3)] {
        let page = phone
            .post(
                &format!("/tournaments/{tournament}/register"),
                &fields(&entrant(n)),
            )
            .await;
        assert_eq!(page.status, StatusCode::CREATED, "{}", page.body);
        tokens.push(token_of(&page));
    }
    let (alice, bob, carol) = (tokens[0].clone(), tokens[1].clone(), tokens[2].clone());
    let mut client = ctx.client().await;
    let entry = |token: &str| format!("/tournaments/{id}/entry/{token}");

    // Another entry's link acts on that entry only: Alice's link with Bob's player named in
    // the form checks in Alice, never Bob.
    let data = load(&ctx, id);
    let bob_row = data
        .players
        .iter()
        .find(|p| p.name == "Hráč 02, Jan")
        .expect("bob")
        .id;
    client
        .post(
            &format!("{}/check-in", entry(&alice)),
            &[("player", &bob_row.0.to_string())],
        )
        .await
        .assert_redirect(&entry(&alice));
    let bob_page = client.get(&entry(&bob)).await;
    assert!(
        bob_page.text("#checked-in").is_none(),
        "Bob is not checked in"
    );
    assert!(
        client
            .get(&entry(&alice))
            .await
            .text("#checked-in")
            .is_some()
    );

    // A malformed link: 404 for pages and writes.
    let mut forged = bob.clone();
    forged.replace_range(0..1, if forged.starts_with('0') { "1" } else { "0" });
    for token in [
        "nope",
        "../../admin/users",
        &bob[..31],
        &forged,
        "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ",
    ] {
        let path = format!("/tournaments/{id}/entry/{}", common::encode(token));
        assert_eq!(
            client.get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{token}"
        );
        let write = client.post(&format!("{path}/withdraw"), &[]).await;
        assert_eq!(write.status, StatusCode::NOT_FOUND, "{token}");
    }

    // A link of another tournament: 404 under this tournament's address.
    assert_eq!(
        client.get(&entry(&carol)).await.status,
        StatusCode::NOT_FOUND
    );
    let cross = client
        .post(
            &format!("{}/request", entry(&carol)),
            &[("kind", "withdraw")],
        )
        .await;
    assert_eq!(cross.status, StatusCode::NOT_FOUND);
    assert_eq!(
        client
            .get(&format!("/tournaments/{other}/entry/{carol}"))
            .await
            .status,
        StatusCode::OK
    );

    // A POST without the CSRF token: 403, nothing written.
    let no_csrf = client
        .post_raw(&format!("{}/withdraw", entry(&bob)), &[])
        .await;
    assert_eq!(no_csrf.status, StatusCode::FORBIDDEN);
    let bad_csrf = client
        .post_raw(
            &format!("{}/withdraw", entry(&bob)),
            &[("csrf_token", "forged")],
        )
        .await;
    assert_eq!(bad_csrf.status, StatusCode::FORBIDDEN);
    assert_eq!(
        client
            .get(&entry(&bob))
            .await
            .attrs("#entry-status", "data-status"),
        ["entered"]
    );

    // A revoked link: 404; a new link works and the old one does not.
    let mut orga = ctx.logged_in("orga").await;
    let entries =
        ctx.with_conn(|conn| Entry::of_tournament(conn, TournamentId(id)).expect("entries"));
    let bob_entry = entries
        .iter()
        .find(|e| e.name == "Hráč 02, Jan")
        .expect("bob")
        .id
        .0;
    orga.post(
        &format!("/tournaments/{id}/entries/{bob_entry}/link"),
        &[("action", "revoke")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/desk#entries"));
    assert_eq!(client.get(&entry(&bob)).await.status, StatusCode::NOT_FOUND);
    let revoked = client
        .post(&format!("{}/request", entry(&bob)), &[("kind", "withdraw")])
        .await;
    assert_eq!(revoked.status, StatusCode::NOT_FOUND);
    let renewed = orga
        .post(
            &format!("/tournaments/{id}/entries/{bob_entry}/link"),
            &[("action", "new")],
        )
        .await;
    let new_token = token_of(&renewed);
    assert_ne!(new_token, bob);
    assert_eq!(client.get(&entry(&new_token)).await.status, StatusCode::OK);
    assert_eq!(client.get(&entry(&bob)).await.status, StatusCode::NOT_FOUND);
    // Only the digests are stored.
    assert!(
        ctx.with_conn(|conn| Entry::of_tournament(conn, TournamentId(id)).expect("entries"))
            .iter()
            .all(|e| e
                .link_hash
                .as_deref()
                .is_none_or(|h| h.len() == 64 && h != new_token))
    );

    // The venue page: an unknown or revoked link is 404; it takes no check-in for another
    // tournament's player.
    let venue = orga
        .post(
            &format!("/tournaments/{id}/check-in/link"),
            &[("action", "new")],
        )
        .await;
    let venue_token = token_of(&venue);
    let venue_path = format!("/tournaments/{id}/venue/{venue_token}");
    assert_eq!(client.get(&venue_path).await.status, StatusCode::OK);
    assert_eq!(
        client
            .get(&format!("/tournaments/{other}/venue/{venue_token}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let carol_row = load(&ctx, other).players[0].id.0.to_string();
    let foreign = client.post(&venue_path, &[("player", &carol_row)]).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    orga.post(
        &format!("/tournaments/{id}/check-in/link"),
        &[("action", "revoke")],
    )
    .await
    .assert_redirect(&format!("/tournaments/{id}/check-in"));
    assert_eq!(client.get(&venue_path).await.status, StatusCode::NOT_FOUND);

    // The organiser's actions need the organiser: a stranger's session is sent to log in or
    // refused, and another organiser gets 403.
    let stranger = client
        .post(
            &format!("/tournaments/{id}/entries/{bob_entry}/fee"),
            &[("mark", "paid")],
        )
        .await;
    assert_eq!(stranger.status, StatusCode::SEE_OTHER);
    assert!(
        stranger
            .location
            .as_deref()
            .is_some_and(|l| l.starts_with("/login"))
    );
    ctx.create_user("otto", Role::Organiser);
    let mut otto = ctx.logged_in("otto").await;
    let foreign = otto
        .post(
            &format!("/tournaments/{id}/entries/{bob_entry}/fee"),
            &[("mark", "paid")],
        )
        .await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    let _ = PASSWORD;
}
