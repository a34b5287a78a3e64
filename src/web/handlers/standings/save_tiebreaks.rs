//! `POST /tournaments/{id}/tiebreaks`: saves the organiser's tie-break list (C.07 Art. 4.1)
//! and the Art. 4.2 rule, or goes back to the default list. A list that does not read is
//! shown again with the code at fault (422).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::db::store;
use crate::tournament::tiebreak::{Lots, TieBreak, TieBreakParseError, TieBreakSettings};
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::standings::load_ranked;
use crate::web::pages::standings::{TieBreaksPage, join_codes};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The most tie-breaks a list may hold.
pub const MAX_TIE_BREAKS: usize = 10;

/// The submitted form.
#[derive(Debug, serde::Deserialize)]
pub struct TieBreaksForm {
    /// The codes, comma-separated.
    #[serde(default)]
    pub codes: String,
    /// `lots` or `shared`.
    #[serde(default)]
    pub ties: String,
    /// Seed of the drawing of lots.
    #[serde(default)]
    pub seed: String,
    /// Present when the organiser asks for the default list.
    #[serde(default)]
    pub reset: Option<String>,
}

/// Saves the choice and goes to the standings; 422 with the form again on errors.
pub async fn save_tiebreaks(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<TieBreaksForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let user_id = user.id;
    let ranked = load_ranked(&state, Some(user.0), id).await?;
    if !ranked.access.manage {
        return Err(AppError::Forbidden);
    }
    let form = form.0;
    let tournament_id = ranked.data.tournament.id;
    if form.reset.is_some() {
        let by = user_id;
        state
            .write(&ctx, move |conn| {
                store::save_tie_breaks(conn, tournament_id, None, by)
            })
            .await?;
        return Ok(see_other(&format!("/tournaments/{id}/standings")));
    }
    let mut errors = Vec::new();
    let list = match TieBreak::parse_list(&form.codes) {
        Ok(list) if list.is_empty() => {
            errors.push(ctx.t("tiebreaks.error.empty"));
            Vec::new()
        }
        Ok(list) => list,
        Err(error) => {
            errors.push(format!(
                "{}: {}",
                ctx.t("tiebreaks.codes"),
                parse_error_text(&ctx, &error)
            ));
            Vec::new()
        }
    };
    if list.len() > MAX_TIE_BREAKS {
        errors.push(ctx.t_with_name("tiebreaks.error.too_many", &MAX_TIE_BREAKS.to_string()));
    }
    let mut seen = Vec::new();
    for tie_break in &list {
        if seen.contains(tie_break) {
            errors.push(ctx.t_with_name("tiebreaks.error.repeated", &tie_break.fide_code()));
        }
        seen.push(*tie_break);
    }
    let shared = form.ties == "shared";
    let seed = match form.seed.trim() {
        "" => 0,
        text => text.parse::<u32>().map(i64::from).unwrap_or_else(|_| {
            errors.push(ctx.t_with_name("tiebreaks.error.seed", text));
            0
        }),
    };
    if !errors.is_empty() {
        let settings = TieBreakSettings {
            list: Vec::new(),
            swiss: ranked.settings.swiss,
            lots: if shared {
                Lots::Shared
            } else {
                Lots::Draw { seed: seed as u64 }
            },
        };
        let header = TournamentHeader::new(&ranked.data, ranked.access, "tiebreaks");
        let mut page = TieBreaksPage::new(ctx, header, &settings, ranked.chosen);
        page.codes = form.codes;
        page.seed = form.seed;
        page.errors = errors;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let row = TournamentTieBreaks {
        tournament_id,
        codes: join_codes(&list).replace(' ', ""),
        shared_places: shared,
        lots_seed: seed,
    };
    let by = user_id;
    state
        .write(&ctx, move |conn| {
            store::save_tie_breaks(conn, tournament_id, Some(row), by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/standings")))
}

/// Why a tie-break code does not read, in the page's language.
fn parse_error_text(ctx: &PageContext, error: &TieBreakParseError) -> String {
    match error {
        TieBreakParseError::Empty => ctx.t("tiebreaks.error.empty_code"),
        TieBreakParseError::Unknown { code, part } => ctx
            .lang
            .t_with("tiebreaks.error.unknown", &[("code", code), ("part", part)]),
        TieBreakParseError::BadModifier { code, modifier } => ctx.lang.t_with(
            "tiebreaks.error.modifier",
            &[("code", code), ("modifier", modifier)],
        ),
    }
}
