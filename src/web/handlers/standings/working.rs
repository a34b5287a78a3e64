//! A tie-break value's working as the standings page shows it (C.07 Art. 8–10, 14, 16): per
//! round the opponent, the value it contributes, whether the opponent's score was adjusted for
//! their unplayed rounds (Art. 16.3), whether a dummy stood in for the player's own unplayed
//! round (Art. 16.4) and whether a modifier cut it (Art. 14, 16.5).

use crate::tournament::model::Tournament;
use crate::tournament::tiebreak::TieBreakKind;
use crate::tournament::tiebreak::calculator::Working;
use crate::tournament::tiebreak::cut::Source;
use crate::web::PageContext;

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
