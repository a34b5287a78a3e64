//! Accounts and their rules, through the real app (issue 2 §1, §2, §10): first-visit setup,
//! login and sessions, roles, CSRF, login rate limiting, account management, error pages.

mod common;

use actix_web::http::StatusCode;
use arbiter::db::models::{LoginAttempt, Role, User};
use arbiter::web::auth::MAX_FAILURES_PER_USERNAME;
use common::{PASSWORD, TestContext};

#[actix_web::test]
async fn setup_form_creates_the_first_administrator_once() {
    let ctx = TestContext::new();
    let mut client = ctx.client().await;

    client.get("/").await.assert_redirect("/setup");
    let form = client.get("/setup").await;
    assert_eq!(form.status, StatusCode::OK);
    assert_eq!(form.attrs("form#setup-form", "action"), vec!["/setup"]);

    // Mismatched passwords: the form again with the reason, nothing created.
    let page = client
        .post(
            "/setup",
            &[
                ("username", "anna"),
                ("display_name", "Anna Nováková"),
                ("password", "long enough 1"),
                ("password_confirm", "long enough 2"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts(".errors li"),
        vec!["The two passwords are not the same."]
    );
    assert_eq!(ctx.with_conn(User::count).unwrap(), 0);

    let page = client
        .post(
            "/setup",
            &[
                ("username", "anna"),
                ("display_name", "Anna Nováková"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    page.assert_redirect("/admin/users");
    let admin = ctx
        .with_conn(|c| User::by_username(c, "anna"))
        .unwrap()
        .expect("created");
    assert_eq!(admin.role, Role::Admin);
    assert_eq!(admin.display_name, "Anna Nováková");
    assert_ne!(admin.password_hash, PASSWORD, "stored hashed");

    // Logged in at once: the accounts page lists her.
    let users = client.get("/admin/users").await;
    assert_eq!(users.status, StatusCode::OK);
    assert_eq!(
        users.attrs("#users tbody tr", "data-username"),
        vec!["anna"]
    );

    // The form is gone for good, even for another visitor who tries to post it.
    let mut other = ctx.client().await;
    other.get("/setup").await.assert_redirect("/login");
    other
        .post(
            "/setup",
            &[
                ("username", "mallory"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await
        .assert_redirect("/login");
    assert_eq!(ctx.with_conn(User::count).unwrap(), 1);
}

#[actix_web::test]
async fn anonymous_writes_are_refused() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let mut client = ctx.client().await;

    // A valid CSRF token but nobody logged in: sent to the login page, nothing created.
    let page = client
        .post(
            "/admin/users",
            &[
                ("username", "eve"),
                ("role", "admin"),
                ("password", PASSWORD),
            ],
        )
        .await;
    page.assert_redirect("/login?next=/");
    assert!(
        ctx.with_conn(|c| User::by_username(c, "eve"))
            .unwrap()
            .is_none()
    );

    let page = client.get("/admin/users").await;
    page.assert_redirect("/login?next=/admin/users");
    let page = client.get("/account/password").await;
    page.assert_redirect("/login?next=/account/password");
}

#[actix_web::test]
async fn wrong_role_is_refused_with_a_403_page() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    ctx.create_user("olga", Role::Organiser);
    ctx.create_user("arno", Role::Arbiter);

    for name in ["olga", "arno"] {
        let mut client = ctx.client().await;
        client.login(name, PASSWORD).await;
        let page = client.get("/admin/users").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{name}");
        assert_eq!(page.text("h1").as_deref(), Some("403 Not allowed"));
        // The error page still knows who is logged in (name and a working "Log out").
        assert_eq!(page.text(".user-name").as_deref(), Some(name));
        assert!(
            page.body.contains("action=\"/logout\""),
            "log-out form on the 403 page"
        );
        let page = client
            .post(
                "/admin/users",
                &[
                    ("username", "eve"),
                    ("role", "admin"),
                    ("password", PASSWORD),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{name}");
        let page = client
            .post("/admin/users/1/active", &[("active", "false")])
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{name}");
    }
    assert!(
        ctx.with_conn(|c| User::by_username(c, "eve"))
            .unwrap()
            .is_none()
    );
    let admin = ctx
        .with_conn(|c| User::by_username(c, "admin"))
        .unwrap()
        .unwrap();
    assert!(admin.active);
}

#[actix_web::test]
async fn post_without_or_with_a_wrong_csrf_token_is_refused() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let mut client = ctx.client().await;
    client.login("admin", PASSWORD).await;

    let fields = [
        ("username", "olga"),
        ("role", "organiser"),
        ("password", PASSWORD),
    ];
    let page = client.post_raw("/admin/users", &fields).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(page.text("h1").as_deref(), Some("403 Not allowed"));
    assert!(page.text("p.message").unwrap().contains("form has expired"));

    let mut forged = vec![(
        "csrf_token",
        "0000000000000000000000000000000000000000000000000000000000000000",
    )];
    forged.extend_from_slice(&fields);
    let page = client.post_raw("/admin/users", &forged).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);

    // Another session's token is no good either.
    let mut other = ctx.client().await;
    let other_token = other.csrf_token().await;
    let mut stolen = vec![("csrf_token", other_token.as_str())];
    stolen.extend_from_slice(&fields);
    let page = client.post_raw("/admin/users", &stolen).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);

    // Logout and login are forms too.
    let page = client.post_raw("/logout", &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let mut anonymous = ctx.client().await;
    let page = anonymous
        .post_raw("/login", &[("username", "admin"), ("password", PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);

    assert!(
        ctx.with_conn(|c| User::by_username(c, "olga"))
            .unwrap()
            .is_none()
    );
    // With the token it works.
    let page = client.post("/admin/users", &fields).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        ctx.with_conn(|c| User::by_username(c, "olga"))
            .unwrap()
            .is_some()
    );
}

#[actix_web::test]
async fn login_is_rate_limited_per_user_name() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    ctx.create_user("olga", Role::Organiser);
    let mut client = ctx.client().await;

    for attempt in 0..MAX_FAILURES_PER_USERNAME {
        let page = client
            .post(
                "/login",
                &[("username", "admin"), ("password", "wrong password")],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "attempt {attempt}"
        );
        assert_eq!(
            page.text(".errors p").as_deref(),
            Some("Wrong user name or password.")
        );
    }
    // Now even the right password is not checked from this address for a while.
    let page = client
        .post("/login", &[("username", "admin"), ("password", PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        page.text(".errors p")
            .unwrap()
            .starts_with("Too many wrong passwords for this account from here")
    );
    assert_eq!(
        client.get("/admin/users").await.status,
        StatusCode::SEE_OTHER
    );
    // The owner at another address is not locked out by them.
    let mut elsewhere = ctx.client().await;
    elsewhere.peer = "198.51.100.7:50000".to_owned();
    elsewhere.login("admin", PASSWORD).await;

    // Another account is not affected.
    client.login("olga", PASSWORD).await;

    // After the window has passed (simulated by ageing the records) the login works again.
    ctx.with_conn(|c| {
        use arbiter::db::schema::login_attempts::dsl::*;
        use diesel::prelude::*;
        let old =
            arbiter::db::now() - arbiter::web::auth::LOGIN_WINDOW - time::Duration::minutes(1);
        diesel::update(login_attempts)
            .set(attempted_at.eq(old))
            .execute(c)
    })
    .unwrap();
    let mut fresh = ctx.client().await;
    // The failures are older than the window: the right password is checked again.
    fresh.login("admin", PASSWORD).await;
    let failures = ctx
        .with_conn(|c| {
            LoginAttempt::failures_for_username(
                c,
                "admin",
                arbiter::db::now() - time::Duration::days(2),
            )
        })
        .unwrap();
    assert_eq!(failures, 0, "a successful login clears the user's failures");
}

#[actix_web::test]
async fn login_is_rate_limited_per_client_address() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let mut client = ctx.client().await;
    client.peer = "203.0.113.5:1000".to_owned();
    for index in 0..arbiter::web::auth::MAX_FAILURES_PER_CLIENT {
        let name = format!("nobody{index}");
        let page = client
            .post("/login", &[("username", name.as_str()), ("password", "x")])
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let page = client
        .post("/login", &[("username", "admin"), ("password", PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS);
    // The same account from elsewhere is fine.
    client.peer = "203.0.113.6:1000".to_owned();
    client.login("admin", PASSWORD).await;
}

#[actix_web::test]
async fn admin_creates_accounts_that_can_log_in_and_disables_them() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let mut admin = ctx.client().await;
    admin.login("admin", PASSWORD).await;

    let page = admin
        .post(
            "/admin/users",
            &[
                ("username", "olga"),
                ("display_name", "Olga Horváth"),
                ("role", "organiser"),
                ("password", "olga's secret"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.text("p.notice").as_deref(),
        Some("The account olga has been created.")
    );
    assert_eq!(
        page.attrs("#users tbody tr", "data-username"),
        vec!["admin", "olga"]
    );

    // Taken name, bad role, short password: 422 with every reason.
    let page = admin
        .post(
            "/admin/users",
            &[
                ("username", "olga"),
                ("role", "organiser"),
                ("password", "another secret"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts(".errors li"),
        vec!["The user name olga is already taken."]
    );
    let page = admin
        .post(
            "/admin/users",
            &[("username", "x y"), ("role", "king"), ("password", "short")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.texts(".errors li").len(), 3);

    let olga = ctx
        .with_conn(|c| User::by_username(c, "olga"))
        .unwrap()
        .unwrap();
    assert_eq!(olga.role, Role::Organiser);
    let mut organiser = ctx.client().await;
    organiser.login("olga", "olga's secret").await;
    assert_eq!(
        organiser.get("/account/password").await.status,
        StatusCode::OK
    );

    // Disabled: the open session ends and logging in fails.
    let path = format!("/admin/users/{}/active", olga.id);
    admin
        .post(&path, &[("active", "false")])
        .await
        .assert_redirect("/admin/users");
    organiser
        .get("/account/password")
        .await
        .assert_redirect("/login?next=/account/password");
    let page = organiser
        .post(
            "/login",
            &[("username", "olga"), ("password", "olga's secret")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The administrator cannot disable themselves.
    let me = ctx
        .with_conn(|c| User::by_username(c, "admin"))
        .unwrap()
        .unwrap();
    let page = admin
        .post(
            &format!("/admin/users/{}/active", me.id),
            &[("active", "false")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // Unknown account.
    let page = admin
        .post("/admin/users/9999/active", &[("active", "true")])
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);

    // Re-enabled with a new password.
    admin
        .post(&path, &[("active", "true")])
        .await
        .assert_redirect("/admin/users");
    let page = admin
        .post(
            &format!("/admin/users/{}/password", olga.id),
            &[("password", "brand new pw")],
        )
        .await;
    assert_eq!(
        page.text("p.notice").as_deref(),
        Some("The password of olga has been set.")
    );
    let mut again = ctx.client().await;
    again.login("olga", "brand new pw").await;
}

#[actix_web::test]
async fn users_change_their_own_password_and_log_out() {
    let ctx = TestContext::new();
    ctx.create_user("arno", Role::Arbiter);
    let mut client = ctx.client().await;
    client.login("arno", PASSWORD).await;

    let page = client
        .post(
            "/account/password",
            &[
                ("current", "not it"),
                ("password", "new password!"),
                ("password_confirm", "new password!"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts(".errors li"),
        vec!["The current password is wrong."]
    );

    let page = client
        .post(
            "/account/password",
            &[
                ("current", PASSWORD),
                ("password", "new password!"),
                ("password_confirm", "new password!"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.text("p.notice").as_deref(),
        Some("Your password has been changed.")
    );

    client.post("/logout", &[]).await.assert_redirect("/");
    client
        .get("/account/password")
        .await
        .assert_redirect("/login?next=/account/password");
    let page = client
        .post("/login", &[("username", "arno"), ("password", PASSWORD)])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    client.login("arno", "new password!").await;
}

#[actix_web::test]
async fn two_app_instances_on_one_database_share_logins() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let mut first = ctx.client().await;
    first.login("admin", PASSWORD).await;

    // A second instance: its own state, the session key read from the same database.
    let second_state = {
        let mut conn = ctx.conn();
        arbiter::web::AppState {
            pool: ctx.pool.clone(),
            config: arbiter::web::AppConfig {
                secure_cookies: false,
                trust_forwarded_for: false,
                session_key: arbiter::web::session_key_from_database(&mut conn).unwrap(),
                public_url: None,
            },
            pages: Default::default(),
            rating_import: Default::default(),
            logins: Default::default(),
            venue: Default::default(),
            live: Default::default(),
        }
    };
    assert_eq!(
        second_state.config.session_key,
        ctx.state.config.session_key
    );
    let mut second =
        common::Client::new(actix_web::test::init_service(arbiter::web::app(second_state)).await);
    second.set_cookies(first.cookies().clone());
    let page = second.get("/admin/users").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.attrs("#users tbody tr", "data-username"),
        vec!["admin"]
    );
}

#[actix_web::test]
async fn unknown_pages_and_bad_ids_give_a_translated_404_page() {
    let ctx = TestContext::new();
    ctx.create_user("admin", Role::Admin);
    let mut client = ctx.client().await;

    let page = client.get("/no/such/page").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert_eq!(page.text("h1").as_deref(), Some("404 Page not found"));
    assert_eq!(page.attrs("html", "lang"), vec!["en"]);

    client.accept_language = Some("cs-CZ,cs;q=0.9,en;q=0.5".to_owned());
    let page = client.get("/no/such/page").await;
    assert_eq!(page.text("h1").as_deref(), Some("404 Stránka nenalezena"));
    assert_eq!(page.attrs("html", "lang"), vec!["cs"]);

    // The switcher beats Accept-Language and goes back where it was.
    client
        .get("/lang/sr-Cyrl?next=/login")
        .await
        .assert_redirect("/login");
    let page = client.get("/login").await;
    assert_eq!(page.attrs("html", "lang"), vec!["sr-Cyrl"]);
    assert_eq!(page.text("h1").as_deref(), Some("Пријава"));
    // No open redirect, no unknown language.
    client
        .get("/lang/hu?next=//evil.example")
        .await
        .assert_redirect("/");
    assert_eq!(client.get("/lang/xx").await.status, StatusCode::NOT_FOUND);

    client.login("admin", PASSWORD).await;
    let page = client
        .post("/admin/users/abc/active", &[("active", "true")])
        .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    // A malformed form value is a 422 page, not a 500.
    let page = client
        .post("/admin/users/1/active", &[("active", "maybe")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    // (the switcher above chose Hungarian last)
    assert_eq!(
        page.text("h1").as_deref(),
        Some("422 Ellenőrizze a megadott adatokat")
    );
    // Wrong method.
    let page = client.get("/logout").await;
    assert!(page.status.is_client_error());
    assert_eq!(
        page.content_type.as_deref(),
        Some("text/html; charset=utf-8")
    );
}
