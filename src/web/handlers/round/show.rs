//! `GET /tournaments/{id}/rounds/{number}`: the pairings and results of a round (public once
//! the round is published); arbiters and managers get a result form on every board.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::models::PlayerRowId;
use crate::tournament::standings::points_after;
use crate::web::access::load_visible;
use crate::web::extractors::MaybeUser;
use crate::web::pages::console::proposed_text;
use crate::web::pages::round::{BoardRow, board_row};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The round page.
#[derive(Template)]
#[template(path = "round/show.html")]
pub struct RoundPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// Round number.
    pub number: i32,
    /// When the round starts (`2026-11-21 15:00`), empty when not scheduled.
    pub starts: String,
    /// Published?
    pub published: bool,
    /// The boards.
    pub boards: Vec<BoardRow>,
    /// Boards without a result.
    pub missing: usize,
    /// A Swiss round that is the last one paired and has no game result yet: the organiser may
    /// unpair it or change it by hand.
    pub swiss_open: bool,
    /// Who the check-in rule left out of the round, or paired without a check-in.
    pub check_in: crate::db::read::desk::CheckInNote,
    /// Some board of the round is followed live: the public page of its games is linked.
    pub followed_live: bool,
}

/// Shows the round.
pub async fn show_round(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, access) = load_visible(&state, user.0, id).await?;
    let run_day = access.run_day;
    let (data, check_in, live) = state
        .db(move |conn| {
            let note = crate::db::read::desk::check_in_note(conn, &data, number)?;
            let live = crate::db::read::live::round_live(conn, &data, number, run_day)?;
            Ok((data, note, live))
        })
        .await?;
    let round = data
        .rounds
        .iter()
        .find(|round| round.number == number)
        .filter(|round| round.published || access.run_day)
        .ok_or(AppError::NotFound)?;
    // Each player's rating and points before the round, as on the printed pairing list.
    let before_round = u32::try_from(number - 1).unwrap_or(0);
    let before = data.to_model(before_round);
    let standing = |id: PlayerRowId| -> String {
        let Some(player) = data.number_of(id).and_then(|n| before.player(n)) else {
            return String::new();
        };
        let points = points_after(&before, player, before_round);
        if player.rating > 0 {
            format!("{} · {points}", player.rating)
        } else {
            points.to_string()
        }
    };
    let proposal = |game: &crate::db::models::Game| {
        live.proposed
            .get(&game.id)
            .filter(|_| game.result.is_none())
            .map(|(result, by)| proposed_text(&ctx, result, by))
            .unwrap_or_default()
    };
    let boards: Vec<BoardRow> = data
        .games_of_round(number)
        .into_iter()
        .map(|game| (game, proposal(game)))
        .map(|(game, (proposed, proposed_why))| BoardRow {
            white_standing: standing(game.white_id),
            black_standing: game.black_id.map(standing).unwrap_or_default(),
            proposed,
            proposed_why,
            ..board_row(&ctx, &data, game)
        })
        .collect();
    let missing = boards.iter().filter(|b| b.code.is_empty()).count();
    let swiss_open = data.tournament.pairing_system.is_swiss()
        && data.rounds.iter().all(|r| r.number <= number)
        && boards.iter().all(|b| b.is_bye || b.code.is_empty());
    let page = RoundPage {
        check_in,
        header: TournamentHeader::new(&data, access, &format!("round-{number}")),
        ctx,
        number,
        starts: data.round_start_text(number),
        published: round.published,
        boards,
        missing,
        swiss_open,
        followed_live: live.followed,
    };
    render_page(&page, StatusCode::OK)
}
