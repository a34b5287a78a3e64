//! A player's card: their rounds, points and norms (B.01) with what each norm still lacks, in words;
//! the rating figures of C.07 Art. 10.1–10.3 and B.02 Art. 8.1, 8.3 ([`CardPage::of`]).

use crate::tournament::model::{Color, PlayerId};
use crate::tournament::norms::Unmet;
use crate::tournament::rating::{InitialRating, player_card};
use crate::tournament::rating_basis::RatingBasis;
use crate::tournament::standings::result_symbol;
use crate::web::i18n::Lang;
use crate::web::pages::standings::{Ranked, norms_of, player_row_id};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, PageContext};
use askama::Template;
use askama_web::WebTemplate;

/// One round of the card.
#[derive(Debug, Clone)]
pub struct CardRound {
    /// Round number.
    pub round: u32,
    /// Opponent's starting number, empty for a bye.
    pub opponent_number: String,
    /// Opponent's name (or the kind of bye).
    pub opponent: String,
    /// Opponent's row id for the link, 0 for none.
    pub opponent_id: i32,
    /// Opponent's rating, empty when unrated.
    pub opponent_rating: String,
    /// `W`, `B` or empty.
    pub colour: String,
    /// `1`, `½`, `0`, `+`, `−`, or the bye letter (`U`, `F`, `H`, `Z`): the crosstable symbols.
    pub result: &'static str,
}

/// One title's norm verdict on the card (FIDE B.01 Art. 1.4).
#[derive(Debug, Clone)]
pub struct NormLine {
    /// The title (`GM`, `IM`, `WGM`, `WIM`).
    pub title: &'static str,
    /// The games make the norm.
    pub achieved: bool,
    /// Games counted (1.4.2), and the games the norm counts for (1.4.1c–d, 1.7).
    pub games: String,
    /// The score in those games.
    pub points: String,
    /// The opponents' average rating `Ra` (1.4.7).
    pub average: i32,
    /// The score in percent (1.4.9).
    pub percent: u32,
    /// The performance `Rp = Ra + dp` (1.4.8).
    pub performance: i32,
    /// Federations other than the player's (1.4.3).
    pub foreign_federations: usize,
    /// Title holders, and holders of the norm's title or higher (1.4.5).
    pub titled: String,
    /// Rounds left out to make the norm (1.4.1e–f).
    pub left_out: String,
    /// The rules not met, with their articles.
    pub shortfalls: String,
}

/// The card page.
#[derive(Template, WebTemplate)]
#[template(path = "player_card/show.html")]
pub struct CardPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// Starting number.
    pub number: u32,
    /// Name.
    pub name: String,
    /// Title, federation, FIDE id.
    pub details: String,
    /// Rating, empty when unrated; where the tournament uses national ratings, both named
    /// (`FIDE 1800 · Nat. 2100`).
    pub rating: String,
    /// Points.
    pub points: String,
    /// Games played over the board.
    pub games_played: usize,
    /// Rated games counted for ARO/TPR/rating change.
    pub rated_games: usize,
    /// ARO, `-` when none.
    pub average_rating: String,
    /// TPR, `-` when none.
    pub performance: String,
    /// PTP, `-` when none.
    pub perfect: String,
    /// Expected rating change, e.g. `+7.6 (K 20)`, or the provisional rating.
    pub rating_change: String,
    /// The working of the change: score − expected score.
    pub change_working: String,
    /// The rounds.
    pub rounds: Vec<CardRound>,
    /// The title norms the player could make, one verdict per title (FIDE B.01).
    pub norms: Vec<NormLine>,
    /// Points given or taken outside the games (TRF `299`): `-1 (2): reason`.
    pub adjustments: Vec<String>,
    /// The link to the IT1 certificate (FIDE B.01) when a norm is made and the visitor runs
    /// the day; empty otherwise.
    pub certificate: String,
}

/// What a norm lacks (FIDE B.01 Art. 1.4), with its figures, in the visitor's language.
pub fn unmet_text(lang: Lang, unmet: &Unmet) -> String {
    let n = |value: usize| value.to_string();
    match unmet {
        Unmet::TooFewGames { games, least } => lang.t_with(
            "norms.unmet.too_few_games",
            &[("games", &n(*games)), ("least", &n(*least))],
        ),
        Unmet::NoGames => lang.t("norms.unmet.no_games"),
        Unmet::TooFewFederations { foreign } => lang.t_with(
            "norms.unmet.too_few_federations",
            &[("foreign", &n(*foreign))],
        ),
        Unmet::OwnFederation {
            federation,
            count,
            maximum,
            games,
        } => lang.t_with(
            "norms.unmet.own_federation",
            &[
                ("federation", federation),
                ("count", &n(*count)),
                ("maximum", &n(*maximum)),
                ("games", &n(*games)),
            ],
        ),
        Unmet::OneFederation {
            federation,
            count,
            maximum,
            games,
        } => lang.t_with(
            "norms.unmet.one_federation",
            &[
                ("federation", federation),
                ("count", &n(*count)),
                ("maximum", &n(*maximum)),
                ("games", &n(*games)),
            ],
        ),
        Unmet::TitleHolders {
            holders,
            games,
            needed,
        } => lang.t_with(
            "norms.unmet.title_holders",
            &[
                ("holders", &n(*holders)),
                ("games", &n(*games)),
                ("needed", &n(*needed)),
            ],
        ),
        Unmet::NormTitled {
            titled,
            title,
            needed,
        } => lang.t_with(
            "norms.unmet.norm_titled",
            &[
                ("titled", &n(*titled)),
                ("title", title.code()),
                ("needed", &n(*needed)),
            ],
        ),
        Unmet::LowAverage { average, needed } => lang.t_with(
            "norms.unmet.low_average",
            &[
                ("average", &average.to_string()),
                ("needed", &needed.to_string()),
            ],
        ),
        Unmet::LowScore { percent, needed } => lang.t_with(
            "norms.unmet.low_score",
            &[
                ("percent", &percent.to_string()),
                ("needed", &needed.to_string()),
            ],
        ),
        Unmet::LowPerformance {
            performance,
            average,
            dp,
            needed,
        } => lang.t_with(
            "norms.unmet.low_performance",
            &[
                ("performance", &performance.to_string()),
                ("average", &average.to_string()),
                ("dp", &dp.to_string()),
                ("needed", &needed.to_string()),
            ],
        ),
    }
}

impl CardPage {
    /// The card of the player with row id `player_id` in `ranked` (the standings' rounds);
    /// `NotFound` for a player without a starting number or of another tournament.
    pub fn of(ctx: PageContext, ranked: &Ranked, player_id: i32) -> Result<CardPage, AppError> {
        let id = ranked.data.tournament.id.0;
        let ranked_players = ranked.data.ranked_players();
        let index = ranked_players
            .iter()
            .position(|p| p.id.0 == player_id)
            .ok_or(AppError::NotFound)?;
        let (row, number) = (ranked_players[index], index as u32 + 1);
        // Where the tournament uses national ratings, both are named (FIDE's and the national
        // one); otherwise the one rating.
        let rating = if ranked.data.tournament.rating_basis() == RatingBasis::default() {
            (row.rating > 0).then(|| row.rating.to_string())
        } else {
            let national = ctx.t("player.national_rating_short");
            Some(
                [
                    ("FIDE", row.rating),
                    (national.as_str(), row.national_rating),
                ]
                .iter()
                .filter(|(_, value)| *value > 0)
                .map(|(label, value)| format!("{label} {value}"))
                .collect::<Vec<_>>()
                .join(" · "),
            )
        }
        .unwrap_or_default();
        let model = &ranked.model;
        let player = model.player(PlayerId(number)).ok_or(AppError::NotFound)?;
        let card = player_card(model, PlayerId(number), None).ok_or(AppError::NotFound)?;
        let dash = |value: Option<i32>| value.map_or_else(|| "-".to_string(), |v| v.to_string());
        let (rating_change, change_working) = match (&card.change, &card.initial) {
            (Some(change), _) => {
                let sign = if change.change_hundredths >= 0 {
                    "+"
                } else {
                    "-"
                };
                let magnitude = change.change_hundredths.abs();
                (
                    format!(
                        "{sign}{}.{:02} ({}: {:+})",
                        magnitude / 100,
                        magnitude % 100,
                        ctx.t("card.rounded"),
                        change.change
                    ),
                    format!(
                        "K = {} · {} = {} · ΣPD = {}.{:02} · Δ = {:+}.{:02}",
                        change.k,
                        ctx.t("card.score"),
                        crate::tournament::Points(change.half_points as i32 * 5),
                        change.expected / 100,
                        change.expected % 100,
                        change.delta / 100,
                        (change.delta % 100).abs()
                    ),
                )
            }
            (None, Some(initial)) => (
                match initial {
                    InitialRating::Disregarded => ctx.t("card.initial_disregarded"),
                    InitialRating::TooFewGames { games, provisional } => ctx
                        .t("card.initial_too_few")
                        .replace("%{games}", &ctx.lang.counted("rated_games", *games as u64))
                        .replace("%{rating}", &provisional.to_string()),
                    InitialRating::BelowFloor { provisional } => {
                        ctx.t_with_name("card.initial_below_floor", &provisional.to_string())
                    }
                    InitialRating::Rated(rating) => {
                        ctx.t_with_name("card.initial_rated", &rating.to_string())
                    }
                },
                ctx.t("card.initial_working"),
            ),
            (None, None) => ("-".to_string(), String::new()),
        };
        let white = ctx.t("crosstable.white_short");
        let black = ctx.t("crosstable.black_short");
        let rounds = player
            .rounds
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let opponent = entry.opponent.and_then(|o| model.player(o));
                CardRound {
                    round: index as u32 + 1,
                    opponent_number: entry.opponent.map(|o| o.0.to_string()).unwrap_or_default(),
                    opponent: opponent.map(|o| o.name.clone()).unwrap_or_else(|| {
                        if entry.result.is_bye() {
                            ctx.t("card.bye")
                        } else {
                            String::new()
                        }
                    }),
                    opponent_id: entry
                        .opponent
                        .and_then(|o| player_row_id(&ranked.data, o.0))
                        .unwrap_or_default(),
                    opponent_rating: opponent
                        .filter(|o| o.rating > 0)
                        .map(|o| o.rating.to_string())
                        .unwrap_or_default(),
                    colour: match entry.color {
                        Some(Color::White) => white.clone(),
                        Some(Color::Black) => black.clone(),
                        None => String::new(),
                    },
                    result: result_symbol(entry.result),
                }
            })
            .collect();
        let details = [
            player.title.clone(),
            player.federation.clone(),
            player
                .fide_id
                .map(|id| format!("FIDE ID {id}"))
                .unwrap_or_default(),
        ]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
        let norms: Vec<NormLine> = norms_of(ranked)
            .into_iter()
            .filter(|n| n.player == PlayerId(number))
            .flat_map(|n| n.verdicts)
            .map(|verdict| NormLine {
                title: verdict.title.code(),
                achieved: verdict.achieved(),
                games: if verdict.counts_as > verdict.games.len() {
                    format!("{} (= {})", verdict.games.len(), verdict.counts_as)
                } else {
                    verdict.games.len().to_string()
                },
                points: crate::tournament::Points(verdict.half_points as i32 * 5).to_string(),
                average: verdict.average,
                percent: verdict.percent,
                performance: verdict.performance,
                foreign_federations: verdict.foreign_federations,
                titled: format!("{} / {}", verdict.title_holders, verdict.norm_titled),
                left_out: verdict
                    .left_out
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                shortfalls: verdict
                    .shortfalls
                    .iter()
                    .map(|s| format!("{}: {}", s.article, unmet_text(ctx.lang, &s.unmet)))
                    .collect::<Vec<_>>()
                    .join("; "),
            })
            .collect();
        let certificate = if ranked.access.run_day && norms.iter().any(|n: &NormLine| n.achieved) {
            format!("/tournaments/{id}/players/{player_id}/it1.pdf")
        } else {
            String::new()
        };
        let adjustments = model
            .adjustments
            .iter()
            .filter(|a| {
                a.player == PlayerId(number) && a.round.is_none_or(|r| r <= ranked.after_round)
            })
            .map(|a| {
                let sign = if a.points.0 > 0 { "+" } else { "" };
                match a.round {
                    Some(round) => format!("{sign}{} ({round}): {}", a.points, a.reason),
                    None => format!("{sign}{}: {}", a.points, a.reason),
                }
            })
            .collect();
        Ok(CardPage {
            adjustments,
            certificate,
            norms,
            header: TournamentHeader::new(&ranked.data, ranked.access, "standings"),
            after_round: ranked.after_round,
            number,
            name: player.name.clone(),
            details,
            rating,
            points: card.points.to_string(),
            games_played: card.games_played,
            rated_games: card.rated_games.len(),
            average_rating: dash(card.average_rating),
            performance: dash(card.performance),
            perfect: dash(card.perfect),
            rating_change,
            change_working,
            rounds,
            ctx,
        })
    }
}
