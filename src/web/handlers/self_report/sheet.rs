//! `GET /tournaments/{id}/rounds/{number}/self-report`: the printable QR sheet of a round (one
//! code per player and board) with each board's report state and the arbiter's approve
//! buttons. Tokens are made on first view and kept; only result enterers see this page.

use actix_web::{HttpRequest, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::db::models::GameId;
use crate::db::models::tournament_day::BoardReport;
use crate::tournament::self_report::ReportState;
use crate::web::extractors::CurrentUser;
use crate::web::handlers::live::round_of;
use crate::web::handlers::round::show::player_label;
use crate::web::handlers::self_report::qr::qr_svg;
use crate::web::handlers::tournament::TournamentHeader;
use crate::web::handlers::tournament::load_for_day;
use crate::web::{AppError, AppState, PageContext, public_base_url};

/// One board on the sheet.
#[derive(Debug, Clone)]
pub struct SheetBoard {
    /// Game id.
    pub game_id: i32,
    /// Board number.
    pub board: i32,
    /// White.
    pub white: String,
    /// Black.
    pub black: String,
    /// White's link.
    pub white_url: String,
    /// Black's link.
    pub black_url: String,
    /// White's QR code (SVG).
    pub white_qr: String,
    /// Black's QR code (SVG).
    pub black_qr: String,
    /// `open`, `one-reported`, `agreed`, `disputed`, `approved`.
    pub state: &'static str,
    /// What White reported.
    pub white_report: String,
    /// What Black reported.
    pub black_report: String,
    /// The agreed result, if any.
    pub agreed: Option<&'static str>,
    /// The stored result.
    pub result: String,
    /// Optimistic-lock version.
    pub version: i32,
}

/// The sheet page.
#[derive(Template, WebTemplate)]
#[template(path = "self_report/sheet.html")]
pub struct SheetPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// Round number.
    pub number: i32,
    /// The boards.
    pub boards: Vec<SheetBoard>,
}

impl SheetPage {
    /// The translation key of a report state.
    pub fn state_key(&self, state: &str) -> String {
        format!("day.report.state.{state}")
    }
}

/// Shows the sheet, creating missing tokens.
pub async fn show_sheet(
    ctx: PageContext,
    user: CurrentUser,
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<SheetPage, AppError> {
    let (id, number) = path.into_inner();
    let (data, access) = load_for_day(&state, user.0, id).await?;
    round_of(&data, number)?;
    let header = TournamentHeader::new(&data, access, &format!("round-{number}"));
    let base = public_base_url(&req, &state.config);
    let boards = state
        .db(move |conn| {
            let games: Vec<_> = data
                .games_of_round(number)
                .into_iter()
                .filter(|g| g.black_id.is_some())
                .cloned()
                .collect();
            let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
            let reports = BoardReport::for_games_creating(conn, &ids)?;
            let mut boards = Vec::new();
            for game in &games {
                let Some(row) = reports.iter().find(|r| r.game_id == game.id) else {
                    continue;
                };
                let report = row.state();
                let state = report.state();
                let white_url = format!("{base}/report/{}", row.white_token);
                let black_url = format!("{base}/report/{}", row.black_token);
                boards.push(SheetBoard {
                    game_id: game.id.0,
                    board: game.board,
                    white: player_label(&data, game.white_id),
                    black: game
                        .black_id
                        .map(|b| player_label(&data, b))
                        .unwrap_or_default(),
                    white_qr: qr_svg(&white_url, 112).unwrap_or_default(),
                    black_qr: qr_svg(&black_url, 112).unwrap_or_default(),
                    white_url,
                    black_url,
                    state: state.name(),
                    white_report: report.white.map(|r| r.notation()).unwrap_or("").to_owned(),
                    black_report: report.black.map(|r| r.notation()).unwrap_or("").to_owned(),
                    agreed: match state {
                        ReportState::Agreed { result } => Some(result.notation()),
                        _ => None,
                    },
                    result: game
                        .result
                        .map(|r| r.as_str().to_owned())
                        .unwrap_or_default(),
                    version: game.version,
                });
            }
            Ok(boards)
        })
        .await?;
    Ok(SheetPage {
        ctx,
        header,
        number,
        boards,
    })
}
