//! `GET /report/{token}` and `POST /report/{token}`: a player's own result report through the
//! secret link of their QR code (no account). The token says which board and which colour; a
//! player may correct their report until the arbiter approves.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::db::models::tournament_day::BoardReport;
use crate::db::models::{Game, PlayerRow, Round, TournamentRow};
use crate::db::store;
use crate::tournament::model::Color;
use crate::tournament::self_report::ReportedResult;
use crate::web::extractors::CsrfForm;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The report page.
#[derive(Template, WebTemplate)]
#[template(path = "self_report/report.html")]
pub struct ReportPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The tournament's name.
    pub tournament: String,
    /// Round number.
    pub round: i32,
    /// Board number.
    pub board: i32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// `white` or `black`: who holds this link.
    pub colour: &'static str,
    /// The token (for the form's action).
    pub token: String,
    /// `open`, `one-reported`, `agreed`, `disputed`, `approved`.
    pub state: &'static str,
    /// This player's report.
    pub mine: String,
    /// The opponent's report.
    pub theirs: String,
    /// The approved result.
    pub approved: String,
}

impl ReportPage {
    /// The translation key of the state.
    pub fn state_key(&self) -> String {
        format!("day.report.state.{}", self.state)
    }
}

/// Everything the page needs about a token.
struct Found {
    row: BoardReport,
    colour: Color,
    game: Game,
    round: Round,
    tournament: TournamentRow,
    white: String,
    black: String,
}

fn find(conn: &mut crate::db::DbConn, token: &str) -> Result<Found, AppError> {
    if token.len() != 32 || !token.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(AppError::NotFound);
    }
    let row = BoardReport::by_token(conn, token)?.ok_or(AppError::NotFound)?;
    let colour = row.colour_of(token).ok_or(AppError::NotFound)?;
    let game = Game::find(conn, row.game_id)?.ok_or(AppError::NotFound)?;
    let round = Round::find(conn, game.round_id)?.ok_or(AppError::NotFound)?;
    let tournament = TournamentRow::find(conn, round.tournament_id)?.ok_or(AppError::NotFound)?;
    let name = |conn: &mut crate::db::DbConn, id| -> Result<String, AppError> {
        Ok(PlayerRow::find(conn, id)?
            .map(|p| p.name)
            .unwrap_or_default())
    };
    let white = name(conn, game.white_id)?;
    let black = match game.black_id {
        Some(b) => name(conn, b)?,
        None => String::new(),
    };
    Ok(Found {
        row,
        colour,
        game,
        round,
        tournament,
        white,
        black,
    })
}

/// Shows the board and the report buttons.
pub async fn report_form(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<ReportPage, AppError> {
    let token = path.into_inner();
    let lookup = token.clone();
    let found = state.db(move |conn| find(conn, &lookup)).await?;
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

/// The form: the result the player reports.
#[derive(Debug, serde::Deserialize)]
pub struct ReportForm {
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: String,
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
    let found = state.db(move |conn| find(conn, &lookup)).await?;
    let (tournament, game, colour) = (found.tournament.id, found.game.id, found.colour);
    state
        .write(&ctx, move |conn| {
            store::submit_report(conn, tournament, game, colour, result)
        })
        .await?;
    Ok(see_other(&format!("/report/{token}")))
}
