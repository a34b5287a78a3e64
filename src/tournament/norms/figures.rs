//! The figures of one set of games for one title (FIDE B.01 Art. 1.4), step by step in the
//! article's order.

use super::*;

/// The figures of `games` for `title` (every rule of Art. 1.4 checked). `least_games` is 9,
/// or 8 under Art. 1.4.1c; `exemption` the article waiving the federation rules, if any.
///
/// The rules are checked in the order of the article, one step each: the number of games
/// (1.4.1), the federations (`federation_step`, 1.4.3–1.4.4), the titles (`title_step`,
/// 1.4.5), the rating floor and average (`rating_step`, 1.4.6–1.4.7), the score and
/// performance (`performance_step`, 1.4.8–1.4.9), and what the norm counts for
/// (`games_counted_for`, 1.4.1c–d, 1.7).
pub fn figures(
    player: &Player,
    title: NormTitle,
    games: &[CountedGame],
    least_games: usize,
    exemption: Option<&'static str>,
) -> NormFigures {
    let n = games.len();
    let half_points: u32 = games.iter().map(|g| g.half_points).sum();
    let mut shortfalls = Vec::new();

    // 1.4.1: the number of games.
    if n < least_games {
        shortfalls.push(Shortfall {
            article: "1.4.1",
            unmet: Unmet::TooFewGames {
                games: n,
                least: least_games,
            },
        });
    }
    let federations = federation_step(player, games, exemption, &mut shortfalls);
    let titles = title_step(title, games, &mut shortfalls);
    let ratings = rating_step(title, games, &mut shortfalls);
    let performance = performance_step(title, half_points, n, ratings.average, &mut shortfalls);
    if n == 0 {
        shortfalls.push(Shortfall {
            article: "1.4.1",
            unmet: Unmet::NoGames,
        });
    }
    let counts_as = if shortfalls.is_empty() {
        games_counted_for(title, half_points, n, ratings.average)
    } else {
        0
    };

    NormFigures {
        title,
        games: games.to_vec(),
        left_out: Vec::new(),
        half_points,
        foreign_federations: federations.foreign,
        own_federation: federations.own,
        largest_federation: federations.largest,
        federation_exemption: exemption,
        title_holders: titles.holders,
        norm_titled: titles.norm_titled,
        raised_to_floor: ratings.raised_to_floor,
        average: ratings.average,
        percent: performance.percent,
        dp: performance.dp,
        performance: performance.performance,
        counts_as,
        shortfalls,
    }
}

/// The opponents' federations (`FID` is none): how many foreign ones, how many of the player's
/// own, and the largest.
struct Federations {
    foreign: usize,
    own: usize,
    largest: Option<(String, usize)>,
}

/// Art. 1.4.3 (at least two federations other than the player's) and 1.4.4 (at most 3/5 of the
/// opponents from the player's federation, 2/3 from any one), unless `exemption` waives them.
fn federation_step(
    player: &Player,
    games: &[CountedGame],
    exemption: Option<&'static str>,
    shortfalls: &mut Vec<Shortfall>,
) -> Federations {
    let n = games.len();
    let own = player.federation.trim().to_ascii_uppercase();
    let mut by_federation: std::collections::BTreeMap<&str, usize> = Default::default();
    for game in games {
        if !is_fid(&game.federation) {
            *by_federation.entry(game.federation.as_str()).or_default() += 1;
        }
    }
    let foreign = by_federation.keys().filter(|f| **f != own).count();
    let own_count = by_federation.get(own.as_str()).copied().unwrap_or(0);
    let largest = by_federation
        .iter()
        .max_by_key(|(federation, count)| (**count, std::cmp::Reverse(**federation)))
        .map(|(federation, count)| ((*federation).to_owned(), *count));
    if exemption.is_none() && n > 0 {
        if foreign < 2 {
            shortfalls.push(Shortfall {
                article: "1.4.3",
                unmet: Unmet::TooFewFederations { foreign },
            });
        }
        let own_maximum = 3 * n / 5;
        if own_count > own_maximum {
            shortfalls.push(Shortfall {
                article: "1.4.4",
                unmet: Unmet::OwnFederation {
                    federation: own.clone(),
                    count: own_count,
                    maximum: own_maximum,
                    games: n,
                },
            });
        }
        let one_maximum = 2 * n / 3;
        if let Some((federation, count)) = &largest
            && *count > one_maximum
        {
            shortfalls.push(Shortfall {
                article: "1.4.4",
                unmet: Unmet::OneFederation {
                    federation: federation.clone(),
                    count: *count,
                    maximum: one_maximum,
                    games: n,
                },
            });
        }
    }
    Federations {
        foreign,
        own: own_count,
        largest,
    }
}

/// The titled opponents: holders of any title, and of the norm's title or a higher one.
struct Titles {
    holders: usize,
    norm_titled: usize,
}

/// Art. 1.4.5a (at least half the opponents title holders) and 1.4.5b–e (at least a third, and
/// at least three, holding the norm's title or a higher one).
fn title_step(title: NormTitle, games: &[CountedGame], shortfalls: &mut Vec<Shortfall>) -> Titles {
    let n = games.len();
    let holders = games.iter().filter(|g| title_holder(&g.title)).count();
    let norm_titled = games
        .iter()
        .filter(|g| title.counted_title(&g.title))
        .count();
    let holders_needed = n.div_ceil(2);
    if holders < holders_needed {
        shortfalls.push(Shortfall {
            article: "1.4.5a",
            unmet: Unmet::TitleHolders {
                holders,
                games: n,
                needed: holders_needed,
            },
        });
    }
    let titled_needed = n.div_ceil(3).max(3);
    if norm_titled < titled_needed {
        let article = match title {
            NormTitle::Gm => "1.4.5b",
            NormTitle::Im => "1.4.5c",
            NormTitle::Wgm => "1.4.5d",
            NormTitle::Wim => "1.4.5e",
        };
        shortfalls.push(Shortfall {
            article,
            unmet: Unmet::NormTitled {
                titled: norm_titled,
                title,
                needed: titled_needed,
            },
        });
    }
    Titles {
        holders,
        norm_titled,
    }
}

/// The ratings counted: the opponent raised to the floor, and the average `Ra`.
struct Ratings {
    raised_to_floor: Option<(PlayerId, i32, i32)>,
    average: i32,
}

/// Art. 1.4.6 (an unrated opponent counts as [`UNRATED_OPPONENT_RATING`]; the one lowest-rated
/// opponent is raised to the title's floor) and 1.4.7 (the average), checked against the
/// title's minimum average (1.4.8a).
fn rating_step(
    title: NormTitle,
    games: &[CountedGame],
    shortfalls: &mut Vec<Shortfall>,
) -> Ratings {
    let mut ratings: Vec<i32> = games
        .iter()
        .map(|g| {
            if g.rating == 0 {
                UNRATED_OPPONENT_RATING
            } else {
                i32::from(g.rating)
            }
        })
        .collect();
    let floor = title.rating_floor();
    let lowest = ratings
        .iter()
        .enumerate()
        .min_by_key(|(index, rating)| (**rating, *index))
        .map(|(index, rating)| (index, *rating));
    let raised_to_floor = match lowest {
        Some((index, rating)) if rating < floor => {
            ratings[index] = floor;
            Some((games[index].opponent, rating, floor))
        }
        _ => None,
    };
    let average = average_rating(&ratings).unwrap_or(0);
    if !games.is_empty() && average < title.minimum_average() {
        shortfalls.push(Shortfall {
            article: "1.4.8a",
            unmet: Unmet::LowAverage {
                average,
                needed: title.minimum_average(),
            },
        });
    }
    Ratings {
        raised_to_floor,
        average,
    }
}

/// The score fraction, its `dp` and the performance `Rp = Ra + dp`.
struct Performance {
    percent: u32,
    dp: i32,
    performance: i32,
}

/// Art. 1.4.8b (at least [`MIN_SCORE_PERCENT`] %) and 1.4.8–1.4.9 (the performance the title
/// needs).
fn performance_step(
    title: NormTitle,
    half_points: u32,
    n: usize,
    average: i32,
    shortfalls: &mut Vec<Shortfall>,
) -> Performance {
    let percent = fractional_score_percent(half_points, n).unwrap_or(0);
    if n > 0 && percent < MIN_SCORE_PERCENT {
        shortfalls.push(Shortfall {
            article: "1.4.8b",
            unmet: Unmet::LowScore {
                percent,
                needed: MIN_SCORE_PERCENT,
            },
        });
    }
    let dp_value = dp(percent);
    let performance = average + dp_value;
    if n > 0 && performance < title.performance() {
        shortfalls.push(Shortfall {
            article: "1.4.8",
            unmet: Unmet::LowPerformance {
                performance,
                average,
                dp: dp_value,
                needed: title.performance(),
            },
        });
    }
    Performance {
        percent,
        dp: dp_value,
        performance,
    }
}

/// Art. 1.4.1c, 1.4.1d and 1.7: the number of games a norm made counts for — eight games count
/// as nine, and each whole point above the least score that makes the norm adds a game, up to
/// [`MAX_COUNTED_GAMES`].
fn games_counted_for(title: NormTitle, half_points: u32, n: usize, average: i32) -> usize {
    let least_score = (0..=2 * n as u32)
        .find(|&h| {
            fractional_score_percent(h, n)
                .is_some_and(|p| p >= MIN_SCORE_PERCENT && average + dp(p) >= title.performance())
        })
        .unwrap_or(half_points);
    let extra = (half_points.saturating_sub(least_score) / 2) as usize;
    // 1.4.1c: eight games count as nine.
    let base = if n < MIN_GAMES { MIN_GAMES } else { n };
    (base + extra).min(MAX_COUNTED_GAMES)
}
