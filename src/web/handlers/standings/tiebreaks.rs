//! `GET /tournaments/{id}/tiebreaks`: the organiser's tie-break settings (FIDE C.07 Art. 4.1):
//! the ordered list of codes (`BH-C1, BH, SB, DE`, also accepted as TRF-2026 writes them,
//! `BH/C1`), and what happens to ties left after it (Art. 4.2): lots from a published seed, or
//! shared places. Lists every individual tie-break with its article as a reference.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::tiebreak::{Lots, TieBreakKind, TieBreakSettings};
use crate::web::extractors::Organiser;
use crate::web::pages::standings::load_ranked;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One tie-break of the reference list.
#[derive(Debug, Clone)]
pub struct KnownTieBreak {
    /// FIDE acronym.
    pub code: &'static str,
    /// Its name in the page's language (C.07 Art. 5 in English).
    pub name: String,
    /// The article.
    pub article: &'static str,
    /// Cut and Median modifiers apply (Art. 14).
    pub cuts: bool,
}

/// The settings page.
#[derive(Template)]
#[template(path = "standings/tiebreaks.html")]
pub struct TieBreaksPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The list as typed (or stored), e.g. `BH-C1, BH, SB, DE`.
    pub codes: String,
    /// The default list of this tournament's system.
    pub default_codes: String,
    /// Swiss (true) or round robin.
    pub swiss: bool,
    /// The organiser chose the list.
    pub chosen: bool,
    /// Ties left share the place.
    pub shared_places: bool,
    /// Seed of the drawing of lots.
    pub seed: String,
    /// Errors of a rejected form.
    pub errors: Vec<String>,
    /// Every individual tie-break.
    pub known: Vec<KnownTieBreak>,
}

impl TieBreaksPage {
    /// The page for `settings`, with `errors` of a rejected submission.
    pub fn new(
        ctx: PageContext,
        header: TournamentHeader,
        settings: &TieBreakSettings,
        chosen: bool,
    ) -> TieBreaksPage {
        let default = if settings.swiss {
            TieBreakSettings::swiss_default()
        } else {
            TieBreakSettings::round_robin_default()
        };
        let (shared_places, seed) = match settings.lots {
            Lots::Shared => (true, 0),
            Lots::Draw { seed } => (false, seed),
        };
        let known = TieBreakKind::ALL
            .iter()
            .map(|kind| KnownTieBreak {
                code: kind.code(),
                name: tie_break_name(&ctx, *kind),
                article: kind.article(),
                cuts: kind.accepts_cuts(),
            })
            .collect();
        TieBreaksPage {
            ctx,
            header,
            codes: join_codes(&settings.list),
            default_codes: join_codes(&default.list),
            swiss: settings.swiss,
            chosen,
            shared_places,
            seed: seed.to_string(),
            errors: Vec::new(),
            known,
        }
    }
}

/// A list written as FIDE writes it: `BH-C1, BH, SB, DE`.
pub fn join_codes(list: &[crate::tournament::tiebreak::TieBreak]) -> String {
    list.iter()
        .map(|t| t.fide_code())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Shows the form (organisers who manage the tournament only).
pub async fn tiebreaks_form(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let ranked = load_ranked(&state, Some(user.0), path.into_inner()).await?;
    if !ranked.access.manage {
        return Err(AppError::Forbidden);
    }
    let header = TournamentHeader::new(&ranked.data, ranked.access, "tiebreaks");
    let page = TieBreaksPage::new(ctx, header, &ranked.settings, ranked.chosen);
    render_page(&page, StatusCode::OK)
}

/// The name of a tie-break in the page's language (C.07 Art. 5's name in English).
pub fn tie_break_name(ctx: &PageContext, kind: TieBreakKind) -> String {
    ctx.t(&format!("tiebreak.kind.{}", kind.code()))
}
