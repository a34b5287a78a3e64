//! `POST /series/{id}/import`: an event another program ran, uploaded as its TRF file
//! (`file`, or pasted as `trf`). The project's one TRF reader ([`trf::read`]) reads it and the
//! one conversion ([`PublicState::from_trf`]) makes it a public state document, kept frozen in
//! the series ([`store::import_series_event`]): the file does not become one of the
//! organiser's tournaments. A file that cannot be read is refused with the line and column of
//! the problem (422), as the tournament import refuses it; a team file is refused (a series
//! ranks individual events).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::formats::public_state::{PublicState, new_public_id};
use crate::formats::trf;
use crate::web::access::load_editable_series;
use crate::web::extractors::Organiser;
use crate::web::i18n::trf::trf_problem_text;
use crate::web::pages::series::{SeriesEditPage, offered_tournaments};
use crate::web::upload::CsrfFields;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The longest event name kept, in characters.
const MAX_TITLE: usize = 200;

/// Reads the file and adds the event, or shows the edit page with why not.
pub async fn import_event(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfFields,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, editor) = load_editable_series(&state, &user, id).await?;
    let text = if form.get("file").trim().is_empty() {
        form.get("trf").to_owned()
    } else {
        form.get("file").to_owned()
    };
    let refusal = if text.trim().is_empty() {
        Some(ctx.t("day.trf.empty"))
    } else {
        None
    };
    let read = match refusal {
        Some(message) => Err(message),
        None => trf::read(&text).map_err(|error| {
            ctx.lang.t_with(
                "day.trf.error",
                &[
                    ("line", &error.line.to_string()),
                    ("column", &error.column.to_string()),
                    ("reason", &trf_problem_text(ctx.lang, &error.problem)),
                ],
            )
        }),
    };
    let read = read.and_then(|read| {
        if !read.tournament.teams.teams.is_empty() {
            Err(ctx.t("series.error.team_file"))
        } else if read.tournament.players.is_empty() {
            Err(ctx.t("day.trf.no_players"))
        } else {
            Ok(read)
        }
    });
    let read = match read {
        Ok(read) => read,
        Err(message) => {
            let tournaments = offered_tournaments(&state, &data).await?;
            let mut page = SeriesEditPage::stored(ctx, &data, tournaments);
            page.errors.push(message);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let (header, _) = trf::ReportHeader::read(&read);
    let document = PublicState::from_trf(
        &read.tournament,
        &header,
        new_public_id(),
        crate::db::now().date(),
    );
    let title: String = if document.event.name.is_empty() {
        ctx.t("day.trf.unnamed")
    } else {
        document.event.name.chars().take(MAX_TITLE).collect()
    };
    let json = document.to_json();
    let series = data.series.id;
    state
        .write(&ctx, move |conn| {
            store::import_series_event(conn, series, title, json, editor)
        })
        .await?;
    Ok(see_other(&format!("/series/{id}/edit")))
}
