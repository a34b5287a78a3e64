//! `GET /tournaments/{id}/rounds/{number}/self-report`: the printable QR sheet of a round (one
//! code per player and board) with each board's report state and the arbiter's approve
//! buttons; only result enterers see this page.
//!
//! A read: the codes issued when the round was paired are derived again under the server's
//! link key ([`BoardReport::tokens`]) and shown, the same on every view and print. Boards
//! without codes (a round imported, or paired before codes came with the pairing) say so and
//! the page offers to issue them; boards whose codes were made before they were derived say
//! so too. Both, and "new codes" for every board (which revokes the old ones), are the POST
//! of [`super::new_codes`].

use actix_web::{HttpRequest, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::db::models::tournament_day::BoardReport;
use crate::db::models::{Game, GameId, User};
use crate::tournament::self_report::{BoardTokens, ReportState};
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::live::round_of;
use crate::web::pages::round::player_label;
use crate::web::pages::self_report::qr_svg;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, public_base_url};

/// The two links of a board.
#[derive(Debug, Clone)]
pub struct BoardCodes {
    /// White's link.
    pub white_url: String,
    /// Black's link.
    pub black_url: String,
    /// White's QR code (SVG).
    pub white_qr: String,
    /// Black's QR code (SVG).
    pub black_qr: String,
}

impl BoardCodes {
    /// The links and QR codes of `tokens` on the site at `base`.
    fn new(base: &str, tokens: &BoardTokens) -> BoardCodes {
        let white_url = format!("{base}/report/{}", tokens.white);
        let black_url = format!("{base}/report/{}", tokens.black);
        BoardCodes {
            white_qr: qr_svg(&white_url, 112).unwrap_or_default(),
            black_qr: qr_svg(&black_url, 112).unwrap_or_default(),
            white_url,
            black_url,
        }
    }
}

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
    /// The links; `None` when the board has no codes, or codes that cannot be shown.
    pub codes: Option<BoardCodes>,
    /// The board has codes (shown, or made before they were derived).
    pub has_codes: bool,
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

    /// True when some board has no codes yet.
    pub fn codes_missing(&self) -> bool {
        self.boards.iter().any(|board| !board.has_codes)
    }

    /// True when some board has codes (that new codes would revoke).
    pub fn codes_issued(&self) -> bool {
        self.boards.iter().any(|board| board.has_codes)
    }

    /// The sheet of round `number` of tournament `id` for `user`, who must run its day: a read,
    /// nothing is written.
    pub async fn load(
        ctx: PageContext,
        req: &HttpRequest,
        state: &AppState,
        user: User,
        id: i32,
        number: i32,
    ) -> Result<SheetPage, AppError> {
        let (data, access) = load_for_day(state, user, id).await?;
        round_of(&data, number)?;
        let header = TournamentHeader::new(&data, access, &format!("round-{number}"));
        let base = public_base_url(req, &state.config);
        let key = state.config.link_key();
        let games: Vec<Game> = data
            .games_of_round(number)
            .into_iter()
            .filter(|g| g.black_id.is_some())
            .cloned()
            .collect();
        let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
        let reports = state
            .db(move |conn| Ok(BoardReport::for_games(conn, &ids)?))
            .await?;
        let mut boards = Vec::new();
        for game in &games {
            let row = reports.iter().find(|r| r.game_id == game.id);
            let codes = row
                .and_then(|row| row.tokens(&key))
                .map(|tokens| BoardCodes::new(&base, &tokens));
            let report = row.map(BoardReport::state).unwrap_or_default();
            let state = report.state();
            boards.push(SheetBoard {
                game_id: game.id.0,
                board: game.board,
                white: player_label(&data, game.white_id),
                black: game
                    .black_id
                    .map(|b| player_label(&data, b))
                    .unwrap_or_default(),
                codes,
                has_codes: row.is_some(),
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
        Ok(SheetPage {
            ctx,
            header,
            number,
            boards,
        })
    }
}

/// Shows the sheet.
pub async fn show_sheet(
    ctx: PageContext,
    user: CurrentUser,
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<SheetPage, AppError> {
    let (id, number) = path.into_inner();
    SheetPage::load(ctx, &req, &state, user.0, id, number).await
}
