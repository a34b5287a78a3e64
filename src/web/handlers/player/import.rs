//! `POST /tournaments/{id}/players/import`: checks a player list, uploaded as `file` (CSV read
//! in the encoding it was saved in, which the preview names, or a spreadsheet, `.xlsx`/`.ods`,
//! whose first sheet or the sheet named in `sheet` is read) or pasted as `csv`, and shows a
//! preview (`action=preview`), or imports it (`action=import`) through
//! [`store::import_players`]: rows of registered players update their national ID and rating,
//! the others are registered (none with `update_only`). Every row with a problem is listed
//! with its line (a spreadsheet's sheet, row and cell) and column, and nothing is imported
//! until the whole file is clean; the import is one transaction.
//!
//! A list of another layout (a national rating list) is read through a column mapping: the
//! preview lists the file's columns, each with the field it fills (`map_header_N`,
//! `map_field_N`), or a saved mapping is applied (`mapping_id`); `mapping_name` saves the
//! mapping in use under that name for the visitor. The preview of a clean list carries its
//! players on as CSV text in our own columns, which the import reads. An uploaded spreadsheet
//! is kept ([`store::keep_upload`]) and the form names it (`kept`), so that checking it again
//! with a mapping or another sheet needs no second upload.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::SavedMapping;
use crate::db::models::column_mappings::MAX_MAPPING_NAME;
use crate::db::models::kept_uploads::KeptUpload;
use crate::db::store;
use crate::formats::csv::{headers_of, read_players, write_players};
use crate::formats::spreadsheet::read_players_spreadsheet;
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::player::registration;
use crate::web::pages::player_import::{
    ImportPage, PreviewRow, mapping_of, problem_row, step_text,
};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::upload::CsrfUpload;
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// Previews or imports the list.
pub async fn import_players(
    ctx: PageContext,
    user: CurrentUser,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfUpload,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let owner = user.id;
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let saved = state
        .db(move |conn| Ok(SavedMapping::of_owner(conn, owner)?))
        .await?;
    let mapping = mapping_of(&form, &saved);
    let update_only = !form.get("update_only").is_empty();
    let registrations =
        |records: &[crate::formats::csv::PlayerRecord]| -> Vec<store::Registration> {
            records
                .iter()
                .map(|record| registration(data.tournament.id, record))
                .collect()
        };
    let name = form.get("mapping_name").trim().to_owned();
    let saved = if name.is_empty() || mapping.is_empty() {
        saved
    } else if name.chars().count() > MAX_MAPPING_NAME {
        return Err(AppError::Unprocessable(ctx.lang.t_with(
            "player.mapping_name_too_long",
            &[("max", &MAX_MAPPING_NAME.to_string())],
        )));
    } else {
        let (to_save, mapping_name) = (mapping.clone(), name.clone());
        state
            .write(&ctx, move |conn| {
                store::save_mapping(conn, owner, &mapping_name, &to_save)
            })
            .await?
            .ok_or_else(|| AppError::Unprocessable(ctx.t("player.mapping_too_many")))?
    };
    // A spreadsheet is kept between the check and the import (the browser does not send a
    // file input again): a new one replaces it, else the one the form names is read again.
    let tournament = data.tournament.id;
    let spreadsheet = match form.binary("file") {
        Some(bytes) => {
            let bytes = bytes.to_vec();
            let kept = bytes.clone();
            let token = state
                .write(&ctx, move |conn| {
                    store::keep_upload(conn, owner, tournament, &kept)
                })
                .await?;
            Some((bytes, token))
        }
        None if form.get("file").trim().is_empty() && !form.get("kept").is_empty() => {
            let token = form.get("kept").to_owned();
            let asked = token.clone();
            let found = state
                .db(move |conn| Ok(KeptUpload::find(conn, owner, tournament, &asked)?))
                .await?;
            match found {
                Some(kept) => Some((kept.bytes, token)),
                None => return Err(AppError::Unprocessable(ctx.t("player.import_kept_expired"))),
            }
        }
        None => None,
    };
    let mut page = ImportPage::new(ctx, TournamentHeader::new(&data, access, "players"), &saved);
    page.checked = true;
    page.update_only = update_only;
    if !name.is_empty() && !mapping.is_empty() {
        page.notice = Some(page.ctx.t_with_name("player.mapping_saved", &name));
    }
    // A chosen file wins over the text area; the preview sends the text back as `csv`.
    let (parsed, headers) = if let Some((bytes, token)) = spreadsheet {
        page.kept = Some(token);
        match read_players_spreadsheet(&bytes, Some(form.get("sheet")), &mapping) {
            Ok(list) => {
                page.sheet = Some(list.sheet);
                page.sheets = list.sheets;
                if let Ok(records) = &list.players {
                    page.csv = write_players(records);
                }
                (list.players, list.headers)
            }
            Err(error) => (Err(vec![error]), Vec::new()),
        }
    } else {
        if form.get("file").trim().is_empty() {
            page.csv = form.get("csv").to_owned();
        } else {
            page.csv = form.get("file").to_owned();
            page.encoding = form.encoding("file");
        }
        let parsed = read_players(&page.csv, &mapping);
        let headers = headers_of(&page.csv);
        // Read through a mapping, the list goes on in our own columns.
        if let (Ok(records), false) = (&parsed, mapping.is_empty()) {
            page.csv = write_players(records);
        }
        (parsed, headers)
    };
    page.set_mapping(&headers, &mapping);
    match parsed {
        Err(errors) => {
            page.problems = errors
                .iter()
                .map(|error| problem_row(&page.ctx, error))
                .collect();
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Ok(records) if form.get("action") == "import" => {
            let rows = registrations(&records);
            let tournament = data.tournament.id;
            let outcome = state
                .write(&page.ctx, move |conn| {
                    store::import_players(conn, tournament, &rows, update_only, owner)
                })
                .await?;
            tracing::info!(tournament = id, ?outcome, "player list imported");
            let notice = page.ctx.lang.t_with(
                "player.import_done",
                &[
                    ("registered", &outcome.registered.to_string()),
                    ("updated", &outcome.updated.to_string()),
                    ("unchanged", &outcome.unchanged.to_string()),
                    ("skipped", &outcome.skipped.to_string()),
                ],
            );
            Ok(see_other_with_notice(
                &session,
                &format!("/tournaments/{id}/players"),
                notice,
            ))
        }
        Ok(records) => {
            let rows = registrations(&records);
            store::check_list_size(&rows)
                .map_err(|refusal| AppError::from_store(&page.ctx, refusal.into()))?;
            let steps = store::plan_import(&data.players, &rows, update_only);
            page.preview = records
                .into_iter()
                .zip(steps)
                .map(|(record, step)| PreviewRow {
                    step: step_text(&page.ctx, &step),
                    record,
                })
                .collect();
            render_page(&page, StatusCode::OK)
        }
    }
}
