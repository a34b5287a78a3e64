//! `GET /tournaments/{id}/rounds/{number}/live`: the live round view (Art. 6.7). Arbiters get
//! the start button, check-in buttons and the one-click forfeit; anyone who may see the round
//! gets the read-only hall screen. `static/js/live.js` keeps it current.

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use time::OffsetDateTime;

use crate::web::access::load_visible_round;
use crate::web::extractors::MaybeUser;
use crate::web::pages::live::{LiveBoard, LiveRound, live_round};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};

/// The live page.
#[derive(Template, WebTemplate)]
#[template(path = "live/show.html")]
pub struct LivePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The round's live state.
    pub live: LiveRound,
}

impl LivePage {
    /// `mm:ss` of a number of seconds.
    pub fn clock(&self, seconds: &Option<i64>) -> String {
        match seconds {
            Some(s) => format!("{}:{:02}", (*s).max(0) / 60, (*s).max(0) % 60),
            None => String::new(),
        }
    }

    /// The two players of a board as (colour, name, present).
    pub fn sides(&self, board: &LiveBoard) -> Vec<(&'static str, String, bool)> {
        vec![
            ("white", board.white.clone(), board.white_present),
            ("black", board.black.clone(), board.black_present),
        ]
    }

    /// The translated label of a board state.
    pub fn state_label(&self, state: &str) -> String {
        self.ctx.t(&format!("day.live.state.{state}"))
    }
}

/// Shows the live view.
pub async fn show_live(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<LivePage, AppError> {
    let (id, number) = path.into_inner();
    let (data, access) = load_visible_round(&state, user.0, id, number).await?;
    let header = TournamentHeader::new(&data, access, &format!("round-{number}"));
    let live = state
        .db(move |conn| live_round(conn, &data, number, OffsetDateTime::now_utc()))
        .await?;
    Ok(LivePage { ctx, header, live })
}
