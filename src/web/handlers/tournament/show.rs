//! `GET /tournaments/{id}`: the tournament's information (public when published), and for its
//! managers the next steps: publish, edit, arbiters, players, pairing.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::models::{PairingSystem, TournamentArbiter};
use crate::db::read::publishing::publishing_status;
use crate::web::access::{VisibleTournament, pair_blocked};
use crate::web::pages::publishing::PublishingSection;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One line of the information table: (label, value).
pub type InfoLine = (String, String);

/// The tournament page.
#[derive(Template)]
#[template(path = "tournament/show.html")]
pub struct TournamentPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The facts of the event.
    pub info: Vec<InfoLine>,
    /// The assigned arbiters' names (managers only).
    pub arbiters: Vec<String>,
    /// Players registered (not withdrawn).
    pub active_players: usize,
    /// The next round to pair, if any (managers only).
    pub next_round: Option<i32>,
    /// Why the next Swiss round cannot be paired yet (results missing).
    pub pair_blocked: Option<String>,
    /// Rounds of the schedule.
    pub total_rounds: i32,
    /// Paired by a Swiss system (the Swiss page pairs; round robin pairs here).
    pub swiss: bool,
    /// Publishing to a public server (shown to whoever runs the day).
    pub publishing: PublishingSection,
}

/// Shows the tournament.
pub async fn show_tournament(
    ctx: PageContext,
    tournament: VisibleTournament,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let VisibleTournament { data, access } = tournament;
    let t = &data.tournament;
    let arbiters = if access.manage {
        let tournament_id = t.id;
        state
            .db(move |conn| Ok(TournamentArbiter::arbiters_of(conn, tournament_id)?))
            .await?
            .into_iter()
            .map(|user| format!("{} ({})", user.display_name, user.username))
            .collect()
    } else {
        Vec::new()
    };
    let publishing = if access.run_day {
        let tournament_id = t.id;
        let status = state
            .db(move |conn| Ok(publishing_status(conn, tournament_id)?))
            .await?;
        PublishingSection::new(&ctx, &t.time_zone, status.as_ref())
    } else {
        PublishingSection::default()
    };
    let active_players = data.active_players();
    let total_rounds = data.announced_rounds();
    let next = data.rounds.len() as i32 + 1;
    let pair_blocked = access.run_day.then(|| pair_blocked(&ctx, &data)).flatten();
    let next_round = (access.run_day
        && !t.pairing_system.is_team()
        && next <= total_rounds
        && active_players >= 2
        && pair_blocked.is_none())
    .then_some(next);
    let points = t.point_system();
    let mut system = ctx.t(&format!("tournament.system.{}", t.pairing_system.as_str()));
    if t.pairing_system == PairingSystem::DoubleRoundRobin && t.swap_last_two_rounds {
        system = format!("{system} ({})", ctx.t("tournament.swap_short"));
    }
    let default_time = if t.default_time_minutes == 0 {
        ctx.t("tournament.default_time_none")
    } else {
        ctx.t_count("tournament.minutes", i64::from(t.default_time_minutes))
    };
    let schedule = match (data.schedule.first(), data.schedule.last()) {
        (Some(first), Some(last)) if first.round != last.round => format!(
            "{} – {}",
            data.round_start_text(first.round),
            data.round_start_text(last.round)
        ),
        (Some(first), _) => data.round_start_text(first.round),
        _ => ctx.t("schedule.none"),
    };
    let mut info: Vec<InfoLine> = vec![
        (ctx.t("tournament.place"), t.place.clone()),
        (ctx.t("tournament.federation"), t.federation.clone()),
        (ctx.t("tournament.chief_arbiter"), t.chief_arbiter.clone()),
        (ctx.t("tournament.time_control"), t.time_control.clone()),
        (ctx.t("tournament.pairing_system"), system),
        (ctx.t("tournament.rounds"), total_rounds.to_string()),
        (
            ctx.t("tournament.point_system"),
            format!("{} – {} – {}", points.win, points.draw, points.loss),
        ),
        (ctx.t("tournament.default_time"), default_time),
        (ctx.t("schedule.title"), schedule),
        (
            ctx.t("tournament.players_count"),
            active_players.to_string(),
        ),
    ];
    info.retain(|(_, value)| !value.is_empty());
    let page = TournamentPage {
        header: TournamentHeader::new(&data, access, "info"),
        ctx,
        info,
        arbiters,
        active_players,
        next_round,
        pair_blocked,
        total_rounds,
        swiss: t.pairing_system.is_swiss(),
        publishing,
    };
    render_page(&page, StatusCode::OK)
}
