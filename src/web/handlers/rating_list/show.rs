//! `GET /admin/rating-list`: the FIDE rating list loaded (file, players, when), the form that
//! uploads a new one, and the state of the import running or last run. While an import runs
//! the page follows it (`static/js/rating-list.js` polls `status.json`; without scripts the page
//! reloads itself every few seconds).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::models::{FidePlayer, FideRatingList};
use crate::web::extractors::Admin;
use crate::web::rating_import::{ImportProblem, ImportStatus};
use crate::web::{AppError, AppState, PageContext, render_page};

/// The page.
#[derive(Template)]
#[template(path = "rating_list/show.html")]
pub struct RatingListPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The list in force: file, players, when imported (UTC, `2026-11-27 09:12`).
    pub loaded: Option<(String, i64, String)>,
    /// The import running or last run.
    pub status: ImportStatus,
    /// The largest upload, in MB.
    pub limit_mb: u64,
}

impl RatingListPage {
    /// A refused import's problem in the page's language.
    pub fn problem_text(&self, problem: &ImportProblem) -> String {
        crate::web::i18n::ratings::problem_text(self.ctx.lang, problem)
    }

    /// The message of an import that ended well.
    pub fn done_text(&self) -> Option<String> {
        match &self.status {
            ImportStatus::Done {
                file,
                players,
                seconds,
            } => Some(self.ctx.lang.t_with(
                "ratings.done",
                &[
                    ("file", file),
                    ("players", &self.ctx.lang.counted("players", *players)),
                    ("seconds", &format!("{seconds:.0}")),
                ],
            )),
            _ => None,
        }
    }

    /// The largest upload, said.
    pub fn limit_text(&self) -> String {
        self.ctx.lang.t_with(
            "ratings.upload.limit",
            &[("limit", &self.limit_mb.to_string())],
        )
    }

    /// True while an import runs.
    pub fn running(&self) -> bool {
        matches!(self.status, ImportStatus::Running { .. })
    }

    /// The percentage read of the running import.
    pub fn percent(&self) -> u64 {
        match self.status {
            ImportStatus::Running { bytes, total, .. } if total > 0 => bytes * 100 / total,
            _ => 0,
        }
    }
}

/// Shows the page.
pub async fn show_rating_list(
    ctx: PageContext,
    _admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let loaded = state
        .db(|conn| {
            let latest = FideRatingList::latest(conn)?;
            let count = FidePlayer::count(conn)?;
            Ok(latest.map(|list| {
                let when = format!(
                    "{} {:02}:{:02}",
                    list.imported_at.date(),
                    list.imported_at.hour(),
                    list.imported_at.minute()
                );
                (list.source, count, when)
            }))
        })
        .await?;
    let page = RatingListPage {
        ctx,
        loaded,
        status: state.rating_import.status(),
        limit_mb: crate::web::rating_import::UPLOAD_LIMIT / (1024 * 1024),
    };
    render_page(&page, StatusCode::OK)
}
