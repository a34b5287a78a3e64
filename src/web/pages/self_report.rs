//! What the self-report pages share: the QR code of a board's report link, as inline SVG (the
//! `qrcode` crate without its renderers): one `<rect>` per dark module, a 4-module quiet zone,
//! crisp at any print size.

use crate::db::models::tournament_day::BoardReport;
use crate::db::models::{Game, GameId, User};
use crate::tournament::self_report::{BoardTokens, ReportState};
use crate::web::access::load_for_day;
use crate::web::pages::live::round_of;
use crate::web::pages::round::player_label;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, public_base_url};
use actix_web::HttpRequest;
use askama::Template;
use askama_web::WebTemplate;
use qrcode::{Color as QrColor, EcLevel, QrCode};

/// The SVG of a QR code for `text`, `size` pixels wide; `None` if the text is too long.
pub fn qr_svg(text: &str, size: u32) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let quiet = 4;
    let total = width + 2 * quiet;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {total} {total}\" width=\"{size}\" height=\"{size}\" shape-rendering=\"crispEdges\" role=\"img\"><rect width=\"{total}\" height=\"{total}\" fill=\"#fff\"/><path fill=\"#000\" d=\""
    );
    for (index, color) in colors.iter().enumerate() {
        if *color == QrColor::Dark {
            let x = index % width + quiet;
            let y = index / width + quiet;
            svg.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    svg.push_str("\"/></svg>");
    Some(svg)
}

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

/// The form: the result the player reports.
#[derive(Debug, serde::Deserialize)]
pub struct ReportForm {
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_svg_draws_modules_with_quiet_zone() {
        let svg = qr_svg("https://example.org/report/0123456789abcdef", 120).expect("fits");
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("width=\"120\""));
        // Version 3 (29 modules) + 8 quiet modules.
        assert!(svg.contains("viewBox=\"0 0 37 37\""), "{}", &svg[..120]);
        assert!(svg.matches("h1v1h-1z").count() > 100);
        assert!(qr_svg(&"x".repeat(5000), 100).is_none());
    }
}
