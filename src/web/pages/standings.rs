//! The standings as a visitor may see them: the tournament ranked after its counted rounds with
//! its C.07 tie-breaks, and the players' rows and norms the standings pages share.
//!
//! The Swiss crosstable (wallchart, [`render_wallchart`]) shown by `GET /tournaments/{id}/crosstable` for a Swiss
//! tournament: one row per player in starting-rank order, and per round the opponent's
//! starting number, the colour and the result (`12w½`), byes by their TRF letter
//! ([`crate::tournament::standings::result_symbol`], the symbols of the printed wallchart); then points,
//! the tie-break values and the place from the tournament's C.07 ranking.

use crate::db::domain::TournamentData;
use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::db::models::{PlayerRowId, User};
use crate::print::prize_list::category_name;
use crate::tournament::Points;
use crate::tournament::model;
use crate::tournament::model::Tournament;
use crate::tournament::standings::{ranked as rank_standings, wallchart_cell};
use crate::tournament::tiebreak::calculator::Working;
use crate::tournament::tiebreak::cut::Source;
use crate::tournament::tiebreak::{Calculator, rank::rank_with};
use crate::tournament::tiebreak::{Lots, TieBreakKind, TieBreakSettings, Value};
use crate::web::access::{Access, counted_rounds, load_visible};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

/// A tournament loaded for the standings pages: the rows, the visitor's rights, the rounds
/// counted, the pure model after those rounds and the tie-break settings.
pub struct Ranked {
    /// The stored tournament.
    pub data: TournamentData,
    /// What the visitor may do.
    pub access: Access,
    /// The leading complete rounds the visitor may count.
    pub after_round: u32,
    /// The tournament as the pure core sees it after `after_round` rounds.
    pub model: model::Tournament,
    /// The tie-break list (chosen or default) and the Art. 4.2 rule.
    pub settings: TieBreakSettings,
    /// The organiser chose the list (false: the default for the system).
    pub chosen: bool,
}

/// Loads tournament `id` for `user` with its ranking inputs (404 when not visible).
pub async fn load_ranked(
    state: &AppState,
    user: Option<User>,
    id: i32,
) -> Result<Ranked, AppError> {
    let (data, access) = load_visible(state, user, id).await?;
    let after_round = counted_rounds(&data, access);
    let loaded = data.clone();
    let (settings, chosen) = state
        .db(move |conn| Ok(TournamentTieBreaks::settings_for(conn, &loaded)?))
        .await?;
    let model = data.to_model(after_round);
    Ok(Ranked {
        data,
        access,
        after_round,
        model,
        settings,
        chosen,
    })
}

/// The database row id of the player with starting number `start` (for links), if any.
pub fn player_row_id(data: &TournamentData, start: u32) -> Option<i32> {
    let index = usize::try_from(start).ok()?.checked_sub(1)?;
    data.ranked_players().get(index).map(|player| player.id.0)
}

/// The starting number of the player whose database row id is `row_id`, if any (the inverse of
/// [`player_row_id`]).
pub fn player_start(data: &TournamentData, row_id: i32) -> Option<u32> {
    let index = data
        .ranked_players()
        .iter()
        .position(|player| player.id.0 == row_id)?;
    u32::try_from(index + 1).ok()
}

/// Every player's title norms (FIDE B.01, [`crate::tournament::norms`], the code behind
/// `arbiter norms`) after the rounds `ranked` counts: the host federation is the tournament's,
/// a round robin has its pairings fixed in advance.
pub fn norms_of(ranked: &Ranked) -> Vec<crate::tournament::norms::PlayerNorms> {
    crate::tournament::norms::evaluate(&ranked.model, &ranked.data.norm_settings())
}

/// One row of the wallchart.
#[derive(Debug, Clone)]
pub struct WallchartRow {
    /// Starting number.
    pub number: u32,
    /// The player's card (empty: no link).
    pub href: String,
    /// Name.
    pub name: String,
    /// Rating, empty when unrated.
    pub rating: String,
    /// One cell per round, e.g. `12w½` or `U`.
    pub cells: Vec<String>,
    /// Points.
    pub points: String,
    /// Tie-break values in list order.
    pub tie_breaks: Vec<String>,
    /// Place.
    pub rank: u32,
}

/// The wallchart page.
#[derive(Template)]
#[template(path = "standings/wallchart.html")]
pub struct WallchartPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// Round numbers (columns).
    pub rounds: Vec<u32>,
    /// Tie-break codes (columns).
    pub codes: Vec<String>,
    /// Rows by starting number.
    pub rows: Vec<WallchartRow>,
}

/// The wallchart's rows of `model` after `after_round` rounds ranked as `standings`, by
/// starting number; `href` gives a player's card from the starting number. The venue's
/// wallchart and a pushed event's ([`crate::web::pages::pushed`]) are built here.
pub fn wallchart_rows(
    ctx: &PageContext,
    model: &Tournament,
    after_round: u32,
    standings: &crate::tournament::tiebreak::Standings,
    href: impl Fn(u32) -> String,
) -> Vec<WallchartRow> {
    let white = ctx.t("wallchart.white_letter");
    let black = ctx.t("wallchart.black_letter");
    model
        .players
        .iter()
        .map(|player| {
            let line = standings.rows.iter().find(|row| row.player == player.id);
            WallchartRow {
                number: player.id.0,
                href: href(player.id.0),
                name: player.name.clone(),
                rating: if player.rating > 0 {
                    player.rating.to_string()
                } else {
                    String::new()
                },
                cells: player
                    .rounds
                    .iter()
                    .take(after_round as usize)
                    .map(|entry| wallchart_cell(entry, &white, &black))
                    .collect(),
                points: line.map(|l| l.points.to_string()).unwrap_or_default(),
                tie_breaks: line
                    .map(|l| l.values.iter().map(|v| value_text(*v)).collect())
                    .unwrap_or_default(),
                rank: line.map_or(0, |l| l.rank),
            }
        })
        .collect()
}

/// Renders the wallchart of `ranked`.
pub fn render_wallchart(ctx: PageContext, ranked: &Ranked) -> Result<HttpResponse, AppError> {
    let model = &ranked.model;
    let standings = rank_standings(model, ranked.after_round, &ranked.settings);
    let header = TournamentHeader::new(&ranked.data, ranked.access, "crosstable");
    let id = header.id;
    let rows = wallchart_rows(&ctx, model, ranked.after_round, &standings, |number| {
        player_row_id(&ranked.data, number)
            .map(|row| format!("/tournaments/{id}/players/{row}/card"))
            .unwrap_or_default()
    });
    let page = WallchartPage {
        header,
        ctx,
        after_round: ranked.after_round,
        rounds: (1..=ranked.after_round).collect(),
        codes: standings.tie_breaks.iter().map(|t| t.fide_code()).collect(),
        rows,
    };
    render_page(&page, StatusCode::OK)
}

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

/// The name of a tie-break in the page's language (C.07 Art. 5's name in English).
pub fn tie_break_name(ctx: &PageContext, kind: TieBreakKind) -> String {
    ctx.t(&format!("tiebreak.kind.{}", kind.code()))
}

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

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingRow {
    /// Place.
    pub rank: u32,
    /// Starting rank.
    pub starting_rank: u32,
    /// Player row id (for the card link).
    pub player_id: i32,
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Rating, empty when unrated.
    pub rating: String,
    /// Federation.
    pub federation: String,
    /// Points, e.g. `3.5`.
    pub points: String,
    /// Games played over the board.
    pub played: u32,
    /// The tie-break values, one per column.
    pub tie_breaks: Vec<String>,
    /// Position drawn by lot, empty unless lots decided.
    pub lot: String,
    /// Withdrawn before the next round.
    pub withdrawn: bool,
    /// Expelled from the competition (Laws Art. 12.9.9) before the next round.
    pub expelled: bool,
    /// The place in the category shown (0 when the whole field is shown).
    pub category_rank: u32,
    /// Points given or taken outside the games that the score counts (`-1`), empty if none.
    pub adjustment: String,
    /// Their reasons, one per decision.
    pub adjustment_reasons: String,
    /// The title norms made (FIDE B.01), e.g. `IM 2471`, for the arbiters' column.
    pub norms: String,
}

/// The query: which category to show.
#[derive(Debug, Default, serde::Deserialize)]
pub struct StandingsQuery {
    /// The category's number in the organiser's list (1-based); none or empty for all.
    #[serde(default)]
    pub category: Option<String>,
}

/// The standings page.
#[derive(Template)]
#[template(path = "standings/show.html")]
pub struct StandingsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// Tie-break column headings (FIDE codes).
    pub codes: Vec<String>,
    /// The organiser chose the list (else the default).
    pub chosen: bool,
    /// The seed of the drawing of lots, when lots are drawn.
    pub seed: String,
    /// The lines.
    pub rows: Vec<StandingRow>,
    /// The text of the link to a value's working (no-script fallback), in the page's language.
    pub show_working: String,
    /// Each tie-break column's code and name in the page's language.
    pub legend: Vec<(String, String)>,
    /// Some place was decided by lot.
    pub any_lot: bool,
    /// The organiser's categories: (number, name).
    pub categories: Vec<(usize, String)>,
    /// The category shown (0: the whole field).
    pub category: usize,
    /// The arbiters' column of title norms (FIDE B.01) is shown.
    pub show_norms: bool,
}

impl StandingsPage {
    /// The standings of `ranked` (the leading complete rounds the visitor may count), of the
    /// organiser's `category`-th category (0: the whole field) of `setup`: the players in the
    /// order of the whole field by points, the C.07 tie-breaks and lots, with their place in the
    /// category; the arbiters' norm column when the visitor runs the day.
    pub fn of(
        ctx: PageContext,
        ranked: &Ranked,
        setup: &crate::tournament::prizes::PrizeSetup,
        category: usize,
    ) -> StandingsPage {
        let in_category = |player| {
            category == 0
                || setup
                    .entrants
                    .iter()
                    .find(|e| e.player == player)
                    .is_some_and(|e| {
                        setup.rules.categories[category - 1]
                            .rule
                            .includes(e, setup.year)
                    })
        };
        let model = &ranked.model;
        let calculator = Calculator::after_round(model, ranked.settings.swiss, ranked.after_round);
        let standings = rank_with(&calculator, &ranked.settings);
        // The arbiters' column: the norms made so far (B.01), with the performance.
        let show_norms = ranked.access.run_day;
        let norms = if show_norms {
            norms_of(ranked)
        } else {
            Vec::new()
        };
        let norms_text = |player| {
            norms
                .iter()
                .filter(|n| n.player == player)
                .flat_map(|n| n.verdicts.iter().filter(|v| v.achieved()))
                .map(|v| format!("{} {}", v.title.code(), v.performance))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut rows: Vec<StandingRow> = standings
            .rows
            .iter()
            .filter(|row| in_category(row.player))
            .filter_map(|row| {
                let player = model.player(row.player)?;
                let tie_breaks = row.values.iter().copied().map(value_text).collect();
                Some(StandingRow {
                    rank: row.rank,
                    starting_rank: row.player.0,
                    player_id: player_row_id(&ranked.data, row.player.0).unwrap_or_default(),
                    name: player.name.clone(),
                    title: player.title.clone(),
                    rating: if player.rating > 0 {
                        player.rating.to_string()
                    } else {
                        String::new()
                    },
                    federation: player.federation.clone(),
                    points: row.points.to_string(),
                    played: player
                        .rounds
                        .iter()
                        .filter(|entry| entry.result.is_played())
                        .count() as u32,
                    tie_breaks,
                    lot: row.lot.map(|lot| lot.to_string()).unwrap_or_default(),
                    withdrawn: player_row_id(&ranked.data, row.player.0)
                        .and_then(|id| ranked.data.withdrawn_from(PlayerRowId(id)))
                        .is_some_and(|from| i64::from(from) <= i64::from(ranked.after_round) + 1),
                    expelled: player_row_id(&ranked.data, row.player.0)
                        .and_then(|id| ranked.data.expelled_from(PlayerRowId(id)))
                        .is_some_and(|from| i64::from(from) <= i64::from(ranked.after_round) + 1),
                    category_rank: 0,
                    adjustment: match model.adjustment(row.player, ranked.after_round) {
                        Points(0) => String::new(),
                        points => format!("{}{points}", if points.0 > 0 { "+" } else { "" }),
                    },
                    adjustment_reasons: model
                        .adjustments
                        .iter()
                        .filter(|a| {
                            a.player == row.player
                                && a.round.is_none_or(|round| round <= ranked.after_round)
                        })
                        .map(|a| format!("{}: {}", a.points, a.reason))
                        .collect::<Vec<_>>()
                        .join("; "),
                    norms: norms_text(row.player),
                })
            })
            .collect();
        if category > 0 {
            for (index, row) in rows.iter_mut().enumerate() {
                row.category_rank = index as u32 + 1;
            }
        }
        let categories = setup
            .rules
            .categories
            .iter()
            .enumerate()
            .map(|(index, c)| (index + 1, category_name(ctx.lang_code(), c)))
            .collect();
        let show_working = ctx.t("working.show");
        let legend = standings
            .tie_breaks
            .iter()
            .map(|t| (t.fide_code(), tie_break_name(&ctx, t.kind)))
            .collect();
        let any_lot = rows.iter().any(|row| !row.lot.is_empty());
        StandingsPage {
            header: TournamentHeader::new(&ranked.data, ranked.access, "standings"),
            ctx,
            after_round: ranked.after_round,
            codes: standings.tie_breaks.iter().map(|t| t.fide_code()).collect(),
            chosen: ranked.chosen,
            seed: standings.seed.map(|s| s.to_string()).unwrap_or_default(),
            rows,
            show_working,
            legend,
            any_lot,
            categories,
            category,
            show_norms,
        }
    }
}
