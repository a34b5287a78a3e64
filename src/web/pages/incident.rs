//! The incident log's page (the arbiter's report): its items, form and the incidents loaded.

use crate::db::domain::TournamentData;
use crate::db::models::IncidentRow;
use crate::print::arbiter_report::IncidentLine;
use crate::tournament::incident::IncidentArticle;
use crate::web::access::Access;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};
use askama::Template;

/// One incident as listed.
#[derive(Debug, Clone)]
pub struct IncidentItem {
    /// The incident as printed.
    pub line: IncidentLine,
    /// The Article's name in the page's language.
    pub article_name: String,
    /// The game's id, for the link to the board.
    pub game_id: Option<i32>,
}

/// The form as typed (kept when it comes back with a problem).
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(default)]
pub struct IncidentForm {
    /// The round.
    pub round: String,
    /// The board (empty: of no board).
    pub board: String,
    /// When (`HH:MM`).
    pub time: String,
    /// The Article's code.
    pub article: String,
    /// The decision.
    pub decision: String,
    /// Its consequence for the clock or the score.
    pub consequence: String,
}

/// The incident log page.
#[derive(Template)]
#[template(path = "incident/list.html")]
pub struct IncidentsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The incidents, by round and time.
    pub incidents: Vec<IncidentItem>,
    /// The rounds paired (the form's choices).
    pub rounds: Vec<i32>,
    /// The Articles (code, label).
    pub articles: Vec<(String, String)>,
    /// The form as typed.
    pub form: IncidentForm,
    /// Problems of the form.
    pub errors: Vec<String>,
}

/// The incidents of `data` as printed and listed.
pub async fn load_incidents(
    ctx: &PageContext,
    state: &AppState,
    data: &TournamentData,
) -> Result<Vec<IncidentItem>, AppError> {
    let id = data.tournament.id;
    let rows = state
        .db(move |conn| Ok(IncidentRow::for_tournament(conn, id)?))
        .await?;
    Ok(rows
        .into_iter()
        .map(|(row, arbiter)| {
            let article = IncidentArticle::parse(&row.article);
            IncidentItem {
                line: IncidentLine {
                    round: u32::try_from(row.round).unwrap_or(0),
                    board: row.board.map(|b| b.to_string()).unwrap_or_default(),
                    time: row.occurred_at,
                    arbiter,
                    article: article.map_or(row.article.clone(), |a| a.citation()),
                    decision: row.decision,
                    consequence: row.consequence,
                },
                article_name: article.map(|a| ctx.t(&a.key())).unwrap_or_default(),
                game_id: row.game_id.map(|g| g.0),
            }
        })
        .collect())
}

impl IncidentsPage {
    /// The page of `data` with what was typed and the form's problems.
    pub async fn load(
        ctx: PageContext,
        state: &AppState,
        data: &TournamentData,
        access: Access,
        form: IncidentForm,
        errors: Vec<String>,
    ) -> Result<IncidentsPage, AppError> {
        let incidents = load_incidents(&ctx, state, data).await?;
        let articles = IncidentArticle::ALL
            .iter()
            .map(|a| (a.code(), format!("{} — {}", a.citation(), ctx.t(&a.key()))))
            .collect();
        Ok(IncidentsPage {
            header: TournamentHeader::new(data, access, "incidents"),
            incidents,
            rounds: data.rounds.iter().map(|r| r.number).collect(),
            articles,
            form,
            errors,
            ctx,
        })
    }
}
