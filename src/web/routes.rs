//! Every route of the site, on one screen (lemmy `routes/src/lib.rs` style).
//!
//! Add a route: one line here pointing at `handlers::<resource>::<action>::<fn>`. GET pages
//! take `PageContext` (and a user extractor when private); POST handlers take a user extractor
//! and `CsrfForm<T>`.

use actix_web::web;

use crate::web::handlers::{assets, auth, home, lang, users};

/// Registers every route.
pub fn config(cfg: &mut web::ServiceConfig) {
    cfg
        // public
        .route("/", web::get().to(home::index::index))
        .route("/static/app.css", web::get().to(assets::css::stylesheet))
        .route("/lang/{code}", web::get().to(lang::switch::switch_language))
        // accounts
        .route("/setup", web::get().to(auth::setup::setup_form))
        .route("/setup", web::post().to(auth::setup::setup))
        .route("/login", web::get().to(auth::login::login_form))
        .route("/login", web::post().to(auth::login::login))
        .route("/logout", web::post().to(auth::logout::logout))
        .route(
            "/account/password",
            web::get().to(auth::password::password_form),
        )
        .route(
            "/account/password",
            web::post().to(auth::password::change_password),
        )
        // administration
        .route("/admin/users", web::get().to(users::list::list_users))
        .route("/admin/users", web::post().to(users::create::create_user))
        .route(
            "/admin/users/{id}/active",
            web::post().to(users::set_active::set_active),
        )
        .route(
            "/admin/users/{id}/password",
            web::post().to(users::reset_password::reset_password),
        );
}
