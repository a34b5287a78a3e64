//! Sessions end on the server: a cookie copied before the end (a stolen cookie, a browser left
//! open elsewhere) stops working when its user logs out, when the password is changed or reset,
//! and when the account is disabled — and re-enabling the account does not bring it back.

mod common;

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use arbiter::db::models::{Role, User};
use common::{PASSWORD, TestContext};

/// A private page: 200 while logged in, a redirect to the login page otherwise.
const PRIVATE: &str = "/account/password";

/// Asserts that a browser holding `cookies` (a copy, a stolen cookie) is not logged in.
async fn assert_logged_out(ctx: &TestContext, cookies: &BTreeMap<String, String>) {
    let mut browser = ctx.client().await;
    browser.set_cookies(cookies.clone());
    browser
        .get(PRIVATE)
        .await
        .assert_redirect("/login?next=/account/password");
}

#[actix_web::test]
async fn logout_ends_the_session_on_the_server() {
    let ctx = TestContext::new();
    ctx.create_user("arno", Role::Arbiter);
    let mut browser = ctx.client().await;
    browser.login("arno", PASSWORD).await;
    let copied = browser.cookies().clone();
    browser.post("/logout", &[]).await.assert_redirect("/");

    assert_logged_out(&ctx, &copied).await;
}

#[actix_web::test]
async fn a_password_change_ends_every_other_session_of_the_user() {
    let ctx = TestContext::new();
    ctx.create_user("arno", Role::Arbiter);
    let mut laptop = ctx.client().await;
    laptop.login("arno", PASSWORD).await;
    let mut phone = ctx.client().await;
    phone.login("arno", PASSWORD).await;
    let copied = laptop.cookies().clone();

    let page = laptop
        .post(
            PRIVATE,
            &[
                ("current", PASSWORD),
                ("password", "a new password"),
                ("password_confirm", "a new password"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // Every other session, and the old cookie of this browser, are over ...
    assert_logged_out(&ctx, phone.cookies()).await;
    assert_logged_out(&ctx, &copied).await;
    // ... while the browser that changed it stays logged in, with a fresh session.
    assert_eq!(laptop.get(PRIVATE).await.status, StatusCode::OK);
    assert_ne!(laptop.cookies(), &copied, "a fresh session cookie");
}

/// An administrator `admin` and an organiser `olga` (returned).
fn admin_and_organiser(ctx: &TestContext) -> User {
    ctx.create_user("admin", Role::Admin);
    ctx.create_user("olga", Role::Organiser)
}

#[actix_web::test]
async fn an_administrators_password_reset_ends_the_users_sessions() {
    let ctx = TestContext::new();
    let olga = admin_and_organiser(&ctx);
    let mut admin = ctx.logged_in("admin").await;
    let mut organiser = ctx.logged_in("olga").await;
    assert_eq!(organiser.get(PRIVATE).await.status, StatusCode::OK);

    let page = admin
        .post(
            &format!("/admin/users/{}/password", olga.id),
            &[("password", "reset by admin")],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_logged_out(&ctx, organiser.cookies()).await;
    // The administrator's own session goes on.
    assert_eq!(admin.get("/admin/users").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn disabling_ends_the_sessions_and_enabling_again_does_not_revive_them() {
    let ctx = TestContext::new();
    let olga = admin_and_organiser(&ctx);
    let mut admin = ctx.logged_in("admin").await;
    let mut organiser = ctx.logged_in("olga").await;
    let copied = organiser.cookies().clone();

    let path = format!("/admin/users/{}/active", olga.id);
    admin
        .post(&path, &[("active", "false")])
        .await
        .assert_redirect("/admin/users");
    admin
        .post(&path, &[("active", "true")])
        .await
        .assert_redirect("/admin/users");
    let enabled = ctx
        .with_conn(|conn| User::find(conn, olga.id))
        .expect("read")
        .expect("account");
    assert!(enabled.active);

    assert_logged_out(&ctx, &copied).await;
    // A new login works.
    organiser.clear_cookies();
    organiser.login("olga", PASSWORD).await;
    assert_eq!(organiser.get(PRIVATE).await.status, StatusCode::OK);
}
