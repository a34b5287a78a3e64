//! `GET /tournaments/{id}/players/{player}/card`: a player's card, public when the tournament
//! is: every round (opponent, colour, result), points, games played, the average rating of
//! rated opponents (C.07 Art. 10.1), the performance rating (Art. 10.2, B.02 Art. 8.1 dp
//! table), the perfect performance (Art. 10.3) and the expected rating change (B.02 Art. 8.3).
//! Counts the same rounds as the standings.

use actix_web::web;

use crate::tournament::model::{Color, PlayerId};
use crate::tournament::rating::{InitialRating, player_card};
use crate::tournament::rating_basis::RatingBasis;
use crate::tournament::standings::result_symbol;
use crate::web::extractors::MaybeUser;
use crate::web::pages::player_card::{CardPage, CardRound, NormLine, unmet_text};
use crate::web::pages::standings::{load_ranked, norms_of, player_row_id};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};

/// Shows the card; 404 for a player without a starting number or of another tournament.
pub async fn show_card(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<CardPage, AppError> {
    let (id, player_id) = path.into_inner();
    let ranked = load_ranked(&state, user.0, id).await?;
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
    let norms: Vec<NormLine> = norms_of(&ranked)
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
        .filter(|a| a.player == PlayerId(number) && a.round.is_none_or(|r| r <= ranked.after_round))
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
