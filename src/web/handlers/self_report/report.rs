//! `GET /report/{token}` and `POST /report/{token}`: a player's own result report through the
//! secret link of their QR code (no account). The token says which board and which colour; a
//! player may correct their report until the arbiter approves.

use actix_web::{HttpResponse, web};

use crate::db::read::self_report::reported_board;
use crate::db::store;
use crate::tournament::model::Color;
use crate::tournament::self_report::ReportedResult;
use crate::web::extractors::CsrfForm;
use crate::web::pages::self_report::{ReportForm, ReportPage};
use crate::web::{AppError, AppState, PageContext, see_other};

/// Shows the board and the report buttons.
pub async fn report_form(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<ReportPage, AppError> {
    let token = path.into_inner();
    let lookup = token.clone();
    let found = state
        .db(move |conn| reported_board(conn, &lookup)?.ok_or(AppError::NotFound))
        .await?;
    let report = found.row.state();
    let (mine, theirs) = match found.colour {
        Color::White => (report.white, report.black),
        Color::Black => (report.black, report.white),
    };
    Ok(ReportPage {
        ctx,
        tournament: found.tournament.name,
        round: found.round.number,
        board: found.game.board,
        white: found.white,
        black: found.black,
        colour: match found.colour {
            Color::White => "white",
            Color::Black => "black",
        },
        token,
        state: report.state().name(),
        mine: mine.map(|r| r.notation()).unwrap_or("").to_owned(),
        theirs: theirs.map(|r| r.notation()).unwrap_or("").to_owned(),
        approved: report
            .approved
            .map(|r| r.notation())
            .unwrap_or("")
            .to_owned(),
    })
}

/// Saves the player's report.
pub async fn submit_report(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: CsrfForm<ReportForm>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let Some(result) = ReportedResult::parse(&form.result) else {
        return Err(AppError::Unprocessable(ctx.t("day.report.bad_result")));
    };
    let lookup = token.clone();
    let found = state
        .db(move |conn| reported_board(conn, &lookup)?.ok_or(AppError::NotFound))
        .await?;
    let (tournament, game, colour) = (found.tournament.id, found.game.id, found.colour);
    state
        .write(&ctx, move |conn| {
            store::submit_report(conn, tournament, game, colour, result)
        })
        .await?;
    Ok(see_other(&format!("/report/{token}")))
}
