//! `GET /tournaments/{id}/standings/working/{player}?round=N`: the working of a player's
//! tie-break values as the standings show them (C.07 Art. 8–10, 14, 16): per round the
//! opponent, the value it contributes, whether the opponent's score was adjusted for their
//! unplayed rounds (Art. 16.3), whether a dummy stood in for the player's own unplayed round
//! (Art. 16.4) and whether a modifier cut it (Art. 14, 16.5).
//!
//! The standings page carries only the values; a value's `<details>` links here. Without
//! `code` the answer is the player's page with every tie-break of the list; with `&code=BH-C1`
//! it is the bare fragment of that one tie-break, which `static/js/working.js` puts into the
//! `<details>` when a visitor opens it. `{player}` is the player's id (as on the card), `round`
//! the round the standings were counted after (default: the last the visitor may count), so a
//! page opened before the next round was completed still gets the working of its own values.
//! Anonymous answers go through the page cache ([`crate::web::cache`]): once per revision,
//! language and address.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::model::Tournament;
use crate::tournament::tiebreak::calculator::Working;
use crate::tournament::tiebreak::cut::Source;
use crate::tournament::tiebreak::{Calculator, TieBreak, TieBreakKind, Value, rank::rank_with};
use crate::web::extractors::MaybeUser;
use crate::web::pages::standings::{load_ranked, player_start};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One element of a working.
#[derive(Debug, Clone)]
pub struct WorkingLine {
    /// The round (empty for values not tied to a round).
    pub round: String,
    /// The opponent: starting number and name, or empty.
    pub opponent: String,
    /// The value it contributes, in the tie-break's unit.
    pub value: String,
    /// How the value was obtained, in words.
    pub how: String,
    /// Adjusted for unplayed rounds (opponent's score or a dummy).
    pub adjusted: bool,
    /// Removed by a modifier.
    pub cut: bool,
}

/// The working of one value.
#[derive(Debug, Clone)]
pub struct WorkingView {
    /// The code, e.g. `BH-C1`.
    pub code: String,
    /// The article, e.g. `8.1`.
    pub article: &'static str,
    /// The value as shown.
    pub value: String,
    /// A note (e.g. how DE is decided), empty if none.
    pub note: String,
    /// The elements.
    pub lines: Vec<WorkingLine>,
}

/// Describes `working` for a visitor, names from `tournament`.
pub fn working_view(
    ctx: &PageContext,
    tournament: &Tournament,
    working: &Working,
    value: String,
) -> WorkingView {
    let name_of = |number: u32| {
        tournament
            .player(crate::tournament::PlayerId(number))
            .map(|p| format!("{number} {}", p.name))
            .unwrap_or_else(|| number.to_string())
    };
    let lines = working
        .elements
        .iter()
        .map(|element| {
            let (how, adjusted) = match element.source {
                Source::Played { real_score: None } => (ctx.t("working.played"), false),
                Source::Played {
                    real_score: Some(real),
                } => (ctx.t_with_name("working.adjusted", &real.to_string()), true),
                Source::Dummy { category, own, cap } => (
                    ctx.t("working.dummy")
                        .replace("%{article}", category.article())
                        .replace("%{own}", &own.to_string())
                        .replace("%{cap}", &cap.to_string()),
                    true,
                ),
                Source::Own => (ctx.t("working.own"), false),
                Source::Whole => (String::new(), false),
            };
            WorkingLine {
                round: if element.round == 0 {
                    String::new()
                } else {
                    element.round.to_string()
                },
                opponent: element.opponent.map(name_of).unwrap_or_default(),
                value: working.element_value(element).display(),
                how,
                adjusted,
                cut: element.cut,
            }
        })
        .collect();
    let note = if working.tie_break.kind == TieBreakKind::DirectEncounter {
        ctx.t("working.direct_encounter")
    } else {
        String::new()
    };
    WorkingView {
        code: working.tie_break.fide_code(),
        article: working.tie_break.kind.article(),
        value,
        note,
        lines,
    }
}

/// A tie-break value as the standings print it (`-` when it has none).
pub fn value_text(value: Option<Value>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.display())
}

/// Query parameters.
#[derive(Debug, Default, serde::Deserialize)]
pub struct WorkingQuery {
    /// The round the standings were counted after.
    pub round: Option<u32>,
    /// One tie-break's FIDE code: answer with its fragment only.
    pub code: Option<String>,
}

/// The player's page: every tie-break's working.
#[derive(Template)]
#[template(path = "standings/working.html")]
pub struct WorkingPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// The player's starting rank.
    pub start: u32,
    /// The player's name.
    pub name: String,
    /// The player's points.
    pub points: String,
    /// One working per tie-break of the list.
    pub tie_breaks: Vec<WorkingView>,
}

/// One tie-break's working alone, for the `<details>` of the standings.
#[derive(Template)]
#[template(path = "standings/working_fragment.html")]
pub struct WorkingFragment {
    /// Layout context (the language).
    pub ctx: PageContext,
    /// The working.
    pub tb: WorkingView,
}

/// Shows the working of player `{player}`'s values, all of them or one (`code`).
pub async fn show_working(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    query: web::Query<WorkingQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, player_id) = path.into_inner();
    let query = query.into_inner();
    let ranked = load_ranked(&state, user.0, id).await?;
    let start = player_start(&ranked.data, player_id).ok_or(AppError::NotFound)?;
    let after_round = match query.round {
        None => ranked.after_round,
        Some(round) if round <= ranked.after_round => round,
        Some(_) => return Err(AppError::NotFound),
    };
    let model = if after_round == ranked.after_round {
        ranked.model
    } else {
        ranked.data.to_model(after_round)
    };
    let calculator = Calculator::after_round(&model, ranked.settings.swiss, after_round);
    let standings = rank_with(&calculator, &ranked.settings);
    let row = standings
        .rows
        .iter()
        .find(|row| row.player.0 == start)
        .ok_or(AppError::NotFound)?;
    let index = start as usize - 1;
    let view = |tie_break: &TieBreak, value: &Option<Value>| {
        working_view(
            &ctx,
            &model,
            &calculator.working(index, tie_break),
            value_text(*value),
        )
    };
    let mut list = standings.tie_breaks.iter().zip(&row.values);
    if let Some(code) = query.code {
        let (tie_break, value) = list
            .find(|(tie_break, _)| tie_break.fide_code() == code)
            .ok_or(AppError::NotFound)?;
        let tb = view(tie_break, value);
        return render_page(&WorkingFragment { ctx, tb }, StatusCode::OK);
    }
    let tie_breaks = list
        .map(|(tie_break, value)| view(tie_break, value))
        .collect();
    let page = WorkingPage {
        header: TournamentHeader::new(&ranked.data, ranked.access, "standings"),
        after_round,
        start,
        name: model
            .player(row.player)
            .map(|player| player.name.clone())
            .unwrap_or_default(),
        points: row.points.to_string(),
        tie_breaks,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
