//! `POST /tournaments/import`: reads a TRF-2026 (or TRF16) file, uploaded as `file` or pasted
//! as `trf`, and creates an unpublished FIDE (Dutch) Swiss tournament with its players in
//! starting-rank order, its paired rounds (published) and results, and the byes requested and
//! absences announced for rounds not paired yet (a file written between rounds), all in one
//! store write ([`store::import_tournament`]); what the file's rounds and entries become is the
//! core's [`crate::day::import::ImportPlan`] ([`plan_import`]). A team file becomes a team
//! league or a team Swiss ([`store::import_league`]). A file that cannot be read is refused
//! with the line and column of the problem (422); nothing is stored. What the reader read with
//! a guess is shown on the next page.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::store;
use crate::web::extractors::Organiser;
use crate::web::pages::trf_import::{PlannedImport, TrfImportPage, plan_import};
use crate::web::upload::CsrfFields;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Imports the file and opens the new tournament.
pub async fn import_trf(
    req: HttpRequest,
    ctx: PageContext,
    organiser: Organiser,
    state: web::Data<AppState>,
    form: CsrfFields,
) -> Result<HttpResponse, AppError> {
    let (text, encoding) = if form.get("file").trim().is_empty() {
        (form.get("trf").to_owned(), None)
    } else {
        (form.get("file").to_owned(), form.encoding("file"))
    };
    let planned = match plan_import(&ctx, &text, encoding, organiser.id) {
        Ok(planned) => planned,
        Err(errors) => {
            let page = TrfImportPage { ctx, text, errors };
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let by = organiser.id;
    let (created, notes, landing) = match planned {
        PlannedImport::Teams {
            new,
            event,
            league,
            columns,
            notes,
        } => {
            let created = state
                .write(&ctx, move |conn| {
                    store::import_league(conn, &new, &event, &league, &columns, by)
                })
                .await?;
            (created, notes, "/teams")
        }
        PlannedImport::Individual {
            new,
            columns,
            plan,
            players,
            notes,
        } => {
            let created = state
                .write(&ctx, move |conn| {
                    store::import_tournament(conn, &new, &columns, &plan, &players, by)
                })
                .await?;
            (created, notes, "")
        }
    };
    PageContext::leave_notes(&req, &notes);
    tracing::info!(by = %organiser.username, tournament = created.id.0, "tournament imported from TRF");
    Ok(see_other(&format!("/tournaments/{}{landing}", created.id)))
}
