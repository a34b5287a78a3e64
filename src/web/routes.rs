//! Every route of the site, on one screen (lemmy `routes/src/lib.rs` style).
//!
//! Add a route: one line here pointing at `handlers::<resource>::<action>::<fn>`. GET pages
//! take `PageContext` (and a user extractor when private); POST handlers take a user extractor
//! and `CsrfForm<T>`.

use actix_web::web;

use crate::web::handlers::{
    api, assets, auth, desk, entry, game_score, home, incident, keys, lang, league, live, player,
    player_card, print, prizes, publishing, pushed, rating_list, report, result, round, schedule,
    self_report, standings, swiss, tournament, trf_import, users, venue,
};

/// Registers every route.
pub fn config(cfg: &mut web::ServiceConfig) {
    cfg
        // public
        .route("/", web::get().to(home::index::index))
        .route(
            "/static/{file:.*}",
            web::get().to(assets::serve::serve_asset),
        )
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
        )
        .route(
            "/admin/rating-list",
            web::get().to(rating_list::show::show_rating_list),
        )
        .route(
            "/admin/rating-list",
            web::post().to(rating_list::upload::upload_rating_list),
        )
        .route(
            "/admin/rating-list/status.json",
            web::get().to(rating_list::status::import_status),
        )
        // tournaments, players, rounds, results, standings (found2)
        .configure(tournament_routes)
        // standings, player cards, printing
        .configure(standings_routes)
        // team leagues
        .configure(league_routes)
        // the open API, publishing keys, publishing to a public server
        .configure(publishing_routes)
        // the players' desk: self-registration, entrants' links, check-in, requests
        .configure(desk_routes);
}

/// The players' desk: the organiser's desk and check-in desk, the public registration form,
/// the pages behind an entrant's personal link and the venue's check-in page.
fn desk_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/tournaments/{id}/desk",
        web::get().to(desk::show::show_desk),
    )
    .route(
        "/tournaments/{id}/desk/settings",
        web::post().to(desk::save_settings::save_settings),
    )
    .route(
        "/tournaments/{id}/entries/{entry}/fee",
        web::post().to(desk::mark_fee::mark_fee),
    )
    .route(
        "/tournaments/{id}/entries/{entry}/link",
        web::post().to(desk::entry_link::entry_link),
    )
    .route(
        "/tournaments/{id}/requests/{request}",
        web::post().to(desk::answer::answer_request),
    )
    .route(
        "/tournaments/{id}/check-in",
        web::get().to(desk::check_in_desk::show_check_in),
    )
    .route(
        "/tournaments/{id}/check-in",
        web::post().to(desk::check_in::check_in_player),
    )
    .route(
        "/tournaments/{id}/check-in/link",
        web::post().to(desk::venue_link::venue_link),
    )
    .route(
        "/tournaments/{id}/register",
        web::get().to(entry::register_form::register_form),
    )
    .route(
        "/tournaments/{id}/register",
        web::post().to(entry::register::register),
    )
    .route(
        "/tournaments/{id}/entry/{token}",
        web::get().to(entry::show::show_entry),
    )
    .route(
        "/tournaments/{id}/entry/{token}",
        web::post().to(entry::change::change_entry),
    )
    .route(
        "/tournaments/{id}/entry/{token}/withdraw",
        web::post().to(entry::withdraw::withdraw_entry),
    )
    .route(
        "/tournaments/{id}/entry/{token}/check-in",
        web::post().to(entry::check_in::check_in),
    )
    .route(
        "/tournaments/{id}/entry/{token}/request",
        web::post().to(entry::request::send_request),
    )
    .route(
        "/tournaments/{id}/venue/{token}",
        web::get().to(venue::page::venue_page),
    )
    .route(
        "/tournaments/{id}/venue/{token}",
        web::post().to(venue::check_in::venue_check_in),
    );
}

/// The open API (`/api/v1`: events, one event's public state, its schema, a venue's push), an
/// organiser's publishing keys, and a venue's tournament published to a public server.
fn publishing_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/v1/events", web::get().to(api::events::list))
        .route("/api/v1/events/{id}", web::get().to(api::event::show_event))
        .route(
            "/api/v1/schema.json",
            web::get().to(api::schema::show_schema),
        )
        .route("/api/v1/push", web::post().to(api::push::push))
        .route(
            "/events/{id}",
            web::get().to(pushed::show::show_pushed_event),
        )
        .route("/account/keys", web::get().to(keys::list::list_keys))
        .route("/account/keys", web::post().to(keys::create::create_key))
        .route(
            "/account/keys/{id}/revoke",
            web::post().to(keys::revoke::revoke_key),
        )
        .route(
            "/tournaments/{id}/publishing",
            web::post().to(publishing::save::save_target),
        )
        .route(
            "/tournaments/{id}/publishing/remove",
            web::post().to(publishing::remove::remove_target),
        )
        .route(
            "/tournaments/{id}/publishing/now",
            web::post().to(publishing::now::publish_now),
        );
}

/// A team league: teams and squads, settings, the schedule (a team Swiss: each round paired,
/// published, unpaired), matches, line-ups, results, penalties, standings, crosstable, match sheets and the TRF team file.
fn league_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/tournaments/{id}/teams",
        web::get().to(league::teams::show_teams),
    )
    .route(
        "/tournaments/{id}/teams",
        web::post().to(league::add_team::add_team),
    )
    .route(
        "/tournaments/{id}/teams/{team}/players",
        web::post().to(league::add_member::add_member),
    )
    .route(
        "/tournaments/{id}/teams/{team}/order",
        web::post().to(league::squad_order::move_player),
    )
    .route(
        "/tournaments/{id}/league/settings",
        web::post().to(league::settings::save_settings),
    )
    .route(
        "/tournaments/{id}/league/standings.pdf",
        web::get().to(league::print_tables::print_tables),
    )
    .route(
        "/tournaments/{id}/league/standings/{team}",
        web::get().to(league::working::show_working),
    )
    .route(
        "/tournaments/{id}/league/draw",
        web::post().to(league::draw::draw_schedule),
    )
    .route(
        "/tournaments/{id}/league/pair",
        web::post().to(league::pair::pair_team_round),
    )
    .route(
        "/tournaments/{id}/league/swap",
        web::post().to(league::swap::swap_teams),
    )
    .route(
        "/tournaments/{id}/league/unpair",
        web::post().to(round::unpair::unpair_last_round),
    )
    .route(
        "/tournaments/{id}/league/penalties",
        web::post().to(league::penalty::add_penalty),
    )
    .route(
        "/tournaments/{id}/league/rounds/{number}",
        web::get().to(league::round::show_round),
    )
    .route(
        "/tournaments/{id}/league/rounds/{number}/sheets.pdf",
        web::get().to(league::sheets::print_sheets),
    )
    .route(
        "/tournaments/{id}/league/matches/{match}",
        web::get().to(league::match_page::show_match),
    )
    .route(
        "/tournaments/{id}/league/matches/{match}/lineup",
        web::post().to(league::lineup::save_lineup),
    )
    .route(
        "/tournaments/{id}/league/matches/{match}/status",
        web::post().to(league::status::set_status),
    )
    .route(
        "/tournaments/{id}/league/boards/{board}",
        web::post().to(result::enter::enter_result),
    )
    .route(
        "/tournaments/{id}/league/boards/{board}/penalty",
        web::post().to(result::penalty::enter_penalty),
    )
    .route(
        "/tournaments/{id}/league/standings",
        web::get().to(league::standings::show_standings),
    )
    .route(
        "/tournaments/{id}/league/crosstable",
        web::get().to(league::crosstable::show_crosstable),
    )
    .route(
        "/tournaments/{id}/league/export.trf",
        web::get().to(league::export::export_league),
    );
}

/// Tie-break settings, categories and prizes, player cards and printed documents.
fn standings_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/tournaments/{id}/tiebreaks",
        web::get().to(standings::tiebreaks::tiebreaks_form),
    )
    .route(
        "/tournaments/{id}/tiebreaks",
        web::post().to(standings::save_tiebreaks::save_tiebreaks),
    )
    .route(
        "/tournaments/{id}/players/{player}/card",
        web::get().to(player_card::show::show_card),
    )
    .route(
        "/tournaments/{id}/prizes",
        web::get().to(prizes::show::show_prizes),
    )
    .route(
        "/tournaments/{id}/prizes",
        web::post().to(prizes::save::save_prizes),
    )
    .route(
        "/tournaments/{id}/prizes/edit",
        web::get().to(prizes::edit::edit_prizes),
    )
    .route(
        "/tournaments/{id}/print/{document}",
        web::get().to(print::document::print_document),
    );
}

/// The tournament pages: create/edit/publish, players (form, CSV import/export, withdrawals),
/// round-robin pairing and publishing, results, standings and crosstable.
fn tournament_routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/tournaments/new",
        web::get().to(tournament::new::new_tournament),
    )
    // before `/tournaments/{id}`, which would take `import` for an id
    .route(
        "/tournaments/import",
        web::get().to(trf_import::form::import_form),
    )
    .route(
        "/tournaments/import",
        web::post().to(trf_import::import::import_trf),
    )
    .route(
        "/tournaments",
        web::post().to(tournament::create::create_tournament),
    )
    .route(
        "/tournaments/{id}",
        web::get().to(tournament::show::show_tournament),
    )
    .route(
        "/tournaments/{id}/edit",
        web::get().to(tournament::edit::edit_tournament),
    )
    .route(
        "/tournaments/{id}/edit",
        web::post().to(tournament::update::update_tournament),
    )
    .route(
        "/tournaments/{id}/publish",
        web::post().to(tournament::publish::publish_tournament),
    )
    .route(
        "/tournaments/{id}/arbiters",
        web::post().to(tournament::add_arbiter::add_arbiter),
    )
    .route(
        "/tournaments/{id}/players",
        web::get().to(player::list::list_players),
    )
    .route(
        "/tournaments/{id}/players",
        web::post().to(player::register::register_player),
    )
    .route(
        "/tournaments/{id}/players.csv",
        web::get().to(player::export::export_players),
    )
    .route(
        "/tournaments/{id}/players/import",
        web::get().to(player::import_form::import_form),
    )
    .route(
        "/tournaments/{id}/players/import",
        web::post().to(player::import::import_players),
    )
    .route(
        "/tournaments/{id}/players/mappings/{mapping}/delete",
        web::post().to(player::delete_mapping::delete_mapping),
    )
    .route(
        "/tournaments/{id}/players/lookup",
        web::get().to(player::lookup::lookup_player),
    )
    .route(
        "/tournaments/{id}/players/lookup.json",
        web::get().to(player::lookup_names::lookup_names),
    )
    .route(
        "/tournaments/{id}/players/refresh-ratings",
        web::get().to(player::refresh_form::refresh_form),
    )
    .route(
        "/tournaments/{id}/players/refresh-ratings",
        web::post().to(player::refresh::refresh_ratings),
    )
    .route(
        "/tournaments/{id}/players/{player}/withdraw",
        web::post().to(player::withdraw::withdraw_player),
    )
    .route(
        "/tournaments/{id}/players/{player}/expel",
        web::post().to(player::expel::expel_player),
    )
    .route(
        "/tournaments/{id}/players/{player}/points",
        web::post().to(player::adjust_points::adjust_points),
    )
    .route(
        "/tournaments/{id}/schedule",
        web::get().to(schedule::show::show_schedule),
    )
    .route(
        "/tournaments/{id}/schedule",
        web::post().to(schedule::save::save_schedule),
    )
    .route(
        "/tournaments/{id}/players/{player}/edit",
        web::get().to(player::edit_form::edit_form),
    )
    .route(
        "/tournaments/{id}/players/{player}/edit",
        web::post().to(player::update::update_player),
    )
    .route(
        "/tournaments/{id}/players/{player}/delete",
        web::post().to(player::delete::delete_player),
    )
    .route(
        "/tournaments/{id}/rounds/pair",
        web::post().to(round::pair::pair_next_round),
    )
    .route(
        "/tournaments/{id}/rounds/{number}",
        web::get().to(round::show::show_round),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/publish",
        web::post().to(round::publish::publish_round),
    )
    .route(
        "/tournaments/{id}/games/{game}",
        web::get().to(result::board::show_board),
    )
    .route(
        "/tournaments/{id}/games/{game}",
        web::post().to(result::enter::enter_result),
    )
    .route(
        "/tournaments/{id}/games/{game}/penalty",
        web::post().to(result::penalty::enter_penalty),
    )
    .route(
        "/tournaments/{id}/standings",
        web::get().to(standings::show::show_standings),
    )
    .route(
        "/tournaments/{id}/standings/working/{player}",
        web::get().to(standings::working::show_working),
    )
    .route(
        "/tournaments/{id}/crosstable",
        web::get().to(standings::crosstable::show_crosstable),
    )
    // tournament day: Swiss management, live round view, self-reports, game scores
    .route(
        "/tournaments/{id}/swiss",
        web::get().to(swiss::show::show_swiss),
    )
    .route(
        "/tournaments/{id}/swiss/pair",
        web::post().to(round::pair::pair_next_round),
    )
    .route(
        "/tournaments/{id}/swiss/settings",
        web::post().to(swiss::save_settings::save_settings),
    )
    .route(
        "/tournaments/{id}/swiss/unpair",
        web::post().to(round::unpair::unpair_last_round),
    )
    .route(
        "/tournaments/{id}/swiss/swap",
        web::post().to(swiss::swap::swap_players),
    )
    .route(
        "/tournaments/{id}/swiss/players/{player}/bye",
        web::post().to(swiss::bye::request_bye),
    )
    .route(
        "/tournaments/{id}/swiss/players/{player}/participation",
        web::post().to(swiss::participation::change_participation),
    )
    .route(
        "/tournaments/{id}/export.trf",
        web::get().to(swiss::trf_export::export_trf),
    )
    .route(
        "/tournaments/{id}/report",
        web::get().to(report::show::show_report),
    )
    .route(
        "/tournaments/{id}/report",
        web::post().to(report::complete::complete_report),
    )
    .route(
        "/tournaments/{id}/report.trf",
        web::get().to(report::download::download_report),
    )
    .route(
        "/tournaments/{id}/report/it3.pdf",
        web::get().to(report::norm_report::print_norm_report),
    )
    .route(
        "/tournaments/{id}/players/{player}/it1.pdf",
        web::get().to(report::certificate::print_certificate),
    )
    .route(
        "/tournaments/{id}/incidents",
        web::get().to(incident::list::list_incidents),
    )
    .route(
        "/tournaments/{id}/incidents",
        web::post().to(incident::add::add_incident),
    )
    .route(
        "/tournaments/{id}/arbiter-report.pdf",
        web::get().to(incident::report::print_arbiter_report),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/live",
        web::get().to(live::show::show_live),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/live.json",
        web::get().to(live::status::live_status),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/start",
        web::post().to(live::start::start_round),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/boards/{game}/check-in",
        web::post().to(live::check_in::check_in),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/boards/{game}/forfeit",
        web::post().to(live::forfeit::confirm_forfeit),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/self-report",
        web::get().to(self_report::sheet::show_sheet),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/self-report/codes",
        web::post().to(self_report::new_codes::issue_new_codes),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/boards/{game}/approve",
        web::post().to(self_report::approve::approve_report),
    )
    .route(
        "/report/{token}",
        web::get().to(self_report::report::report_form),
    )
    .route(
        "/report/{token}",
        web::post().to(self_report::report::submit_report),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/boards/{game}/score",
        web::get().to(game_score::edit::edit_score),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/boards/{game}/score",
        web::post().to(game_score::save::save_score),
    )
    .route(
        "/tournaments/{id}/rounds/{number}/games.pgn",
        web::get().to(game_score::export::export_round_pgn),
    );
}
