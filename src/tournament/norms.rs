//! Title norms: FIDE Title Regulations (B.01, edition effective from 1 January 2024), Art. 1.4.
//!
//! For each player and each title the player could gain by norms (GM and IM; WGM and WIM for
//! women; titles already held, or lower than one held, are left out):
//!
//! - **Games that count** (Art. 1.4.2): games played over the board against an opponent of a
//!   FIDE federation (`FID` included, 1.4.2a); not forfeits, byes or games not rated
//!   (1.4.2c); in a round robin, not games against an unrated opponent who scored zero against
//!   the rated ones (1.4.2b).
//! - **Number of games** (1.4.1): at least 9; in a 9-round event, 8 when the missing game is a
//!   forfeit win or the pairing-allocated bye (1.4.1c, counted as 9); each full point above
//!   the score the norm needs counts as one game more (1.4.1d), up to 13 (1.7).
//! - **Federations** (1.4.3, 1.4.4): at least two federations other than the player's; at
//!   most 3/5 of the opponents from the player's federation and 2/3 from any one federation
//!   (maximums rounded down); `FID` is no federation for these rules. The whole requirement is
//!   waived in a Swiss event where at least 20 FIDE-rated players not from the host federation,
//!   from at least 3 federations, at least 10 of them GM, IM, WGM or WIM, played every round
//!   but at most one (pairing-allocated byes not counted as missed) (1.4.3d), and in the
//!   events of 1.4.3a–c when the organiser says so ([`NormSettings::federation_exempt`]).
//! - **Titles** (1.4.5): at least half the opponents title holders (CM and WCM do not count),
//!   at least a third and at least 3 holding the norm's title or a higher one (minimums rounded
//!   up).
//! - **Ratings** (1.4.6–1.4.7): unrated opponents count as 1400; the lowest-rated opponent
//!   below the norm's rating floor (GM 2200, IM 2050, WGM 2000, WIM 1850) is raised to it, and
//!   only one; the average `Ra` is rounded to the nearest whole number, 0.5 up.
//! - **Performance** (1.4.8–1.4.9): `Rp = Ra + dp` (`dp` from the B.02 table, the score
//!   fraction rounded to whole percent, 0.5 up) at least GM 2600, IM 2450, WGM 2400, WIM 2250;
//!   `Ra` at least 2380, 2230, 2180, 2030; a score of at least 35 %.
//! - **Games that may be left out** (1.4.1e, 1.4.1f): when all the games do not make the norm,
//!   the games after the one that completes a norm (not in events with pairings fixed in
//!   advance) and games won may be disregarded, the rest still meeting every rule; the subset
//!   kept is reported.
//!
//! Pure: the tournament in, figures and verdicts out.

use crate::tournament::model::{GameResult, Player, PlayerId, Tournament};
use crate::tournament::rating::{average_rating, dp, fractional_score_percent};

mod figures;

pub use figures::figures;

/// The rating unrated opponents count with (Art. 1.4.6).
pub const UNRATED_OPPONENT_RATING: i32 = 1400;
/// The least number of games of a norm (Art. 1.4.1).
pub const MIN_GAMES: usize = 9;
/// A norm counts for at most this many games (Art. 1.7).
pub const MAX_COUNTED_GAMES: usize = 13;
/// The least score, in percent (Art. 1.4.8).
pub const MIN_SCORE_PERCENT: u32 = 35;
/// At most this many won games are tried in every combination when games are left out
/// (Art. 1.4.1f); with more, the wins against the lowest-rated opponents are left out first.
const EXHAUSTIVE_WINS: usize = 10;

/// A title gained by norms (Art. 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NormTitle {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// Woman Grandmaster.
    Wgm,
    /// Woman International Master.
    Wim,
}

impl NormTitle {
    /// Every title, strongest first.
    pub const ALL: [NormTitle; 4] = [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim];

    /// The title's code (`GM`, `IM`, `WGM`, `WIM`).
    pub fn code(self) -> &'static str {
        match self {
            NormTitle::Gm => "GM",
            NormTitle::Im => "IM",
            NormTitle::Wgm => "WGM",
            NormTitle::Wim => "WIM",
        }
    }

    /// The least performance rating (Art. 1.4.8).
    pub fn performance(self) -> i32 {
        match self {
            NormTitle::Gm => 2600,
            NormTitle::Im => 2450,
            NormTitle::Wgm => 2400,
            NormTitle::Wim => 2250,
        }
    }

    /// The least average rating of the opponents (Art. 1.4.8a).
    pub fn minimum_average(self) -> i32 {
        match self {
            NormTitle::Gm => 2380,
            NormTitle::Im => 2230,
            NormTitle::Wgm => 2180,
            NormTitle::Wim => 2030,
        }
    }

    /// The adjusted rating floor of one opponent (Art. 1.4.6).
    pub fn rating_floor(self) -> i32 {
        match self {
            NormTitle::Gm => 2200,
            NormTitle::Im => 2050,
            NormTitle::Wgm => 2000,
            NormTitle::Wim => 1850,
        }
    }

    /// True for the titles only women can gain.
    pub fn for_women(self) -> bool {
        matches!(self, NormTitle::Wgm | NormTitle::Wim)
    }

    /// True when an opponent holding `title` counts towards this norm's titled opponents
    /// (Art. 1.4.5b–e: the norm's title or a higher one).
    pub fn counted_title(self, title: &str) -> bool {
        let title = title.trim().to_ascii_uppercase();
        let accepted: &[&str] = match self {
            NormTitle::Gm => &["GM"],
            NormTitle::Im => &["GM", "IM"],
            NormTitle::Wgm => &["GM", "IM", "WGM"],
            NormTitle::Wim => &["GM", "IM", "WGM", "WIM"],
        };
        accepted.contains(&title.as_str())
    }

    /// True when a player holding `title` has no use for this norm: the same title or one
    /// that implies it.
    pub fn held_by(self, title: &str) -> bool {
        let title = title.trim().to_ascii_uppercase();
        match self {
            NormTitle::Gm => title == "GM",
            NormTitle::Im => matches!(title.as_str(), "GM" | "IM"),
            NormTitle::Wgm => matches!(title.as_str(), "GM" | "WGM"),
            NormTitle::Wim => matches!(title.as_str(), "GM" | "IM" | "WGM" | "WIM"),
        }
    }
}

/// True for a title holder in the sense of Art. 1.4.5a (CM and WCM excluded).
pub fn title_holder(title: &str) -> bool {
    matches!(
        title.trim().to_ascii_uppercase().as_str(),
        "GM" | "IM" | "FM" | "WGM" | "WIM" | "WFM"
    )
}

/// What the regulation needs to know beyond the results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NormSettings {
    /// The host federation (TRF `032`), for Art. 1.4.3d.
    pub host_federation: String,
    /// Pairings fixed in advance (round robin): no game may be left out after a norm
    /// (Art. 1.4.1e), and Art. 1.4.2b applies.
    pub round_robin: bool,
    /// The event is one of Art. 1.4.3a–c (final of a national championship, national team
    /// championship, zonal or sub-zonal): the federation rules do not apply.
    pub federation_exempt: bool,
}

/// Why a round does not count for norms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exclusion {
    /// A bye or an absence (Art. 1.4.2c: not played over the board).
    Bye,
    /// Won or lost by forfeit (Art. 1.4.2c).
    Forfeit,
    /// A game that is not rated, e.g. no move played (Art. 1.4.2c).
    NotRated,
    /// The opponent belongs to no FIDE federation (Art. 1.4.2a).
    NoFederation,
    /// Round robin: an unrated opponent who scored zero against rated opponents (Art. 1.4.2b).
    UnratedZeroScorer,
}

impl Exclusion {
    /// The article that excludes it.
    pub fn article(self) -> &'static str {
        match self {
            Exclusion::Bye | Exclusion::Forfeit | Exclusion::NotRated => "1.4.2c",
            Exclusion::NoFederation => "1.4.2a",
            Exclusion::UnratedZeroScorer => "1.4.2b",
        }
    }

    /// In words.
    pub fn describe(self) -> &'static str {
        match self {
            Exclusion::Bye => "bye or absence",
            Exclusion::Forfeit => "forfeit",
            Exclusion::NotRated => "game not rated",
            Exclusion::NoFederation => "opponent of no FIDE federation",
            Exclusion::UnratedZeroScorer => "unrated opponent who scored zero (round robin)",
        }
    }
}

/// A round that does not count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExcludedRound {
    /// The round (1-based).
    pub round: u32,
    /// The opponent, if any.
    pub opponent: Option<PlayerId>,
    /// Why.
    pub why: Exclusion,
}

/// A game that counts, with the opponent's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountedGame {
    /// The round (1-based).
    pub round: u32,
    /// The opponent.
    pub opponent: PlayerId,
    /// The opponent's federation.
    pub federation: String,
    /// The opponent's title.
    pub title: String,
    /// The opponent's rating (0 = unrated).
    pub rating: u16,
    /// The player's score in half points (2, 1 or 0).
    pub half_points: u32,
}

/// A rule of Art. 1.4 a set of games does not meet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    /// The article (e.g. `1.4.5b`).
    pub article: &'static str,
    /// What is short, with the figures (the words are the caller's: [`Shortfall::reason`] in
    /// English, the web in the visitor's language).
    pub unmet: Unmet,
}

/// What a set of games lacks for a norm, with the figures (Art. 1.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmet {
    /// Art. 1.4.1: too few games count.
    TooFewGames {
        /// Games that count.
        games: usize,
        /// Games a norm needs (9, or 8 under 1.4.1c).
        least: usize,
    },
    /// Art. 1.4.1: no game counts.
    NoGames,
    /// Art. 1.4.3: opponents from fewer than two federations other than the player's.
    TooFewFederations {
        /// Federations other than the player's.
        foreign: usize,
    },
    /// Art. 1.4.4: more than 3/5 of the opponents from the player's own federation.
    OwnFederation {
        /// The player's federation.
        federation: String,
        /// Opponents from it.
        count: usize,
        /// The maximum (3/5 of the games, rounded down).
        maximum: usize,
        /// Games counted.
        games: usize,
    },
    /// Art. 1.4.4: more than 2/3 of the opponents from one federation.
    OneFederation {
        /// The federation.
        federation: String,
        /// Opponents from it.
        count: usize,
        /// The maximum (2/3 of the games, rounded down).
        maximum: usize,
        /// Games counted.
        games: usize,
    },
    /// Art. 1.4.5a: fewer than half the opponents hold a title.
    TitleHolders {
        /// Title holders among the opponents.
        holders: usize,
        /// Games counted.
        games: usize,
        /// Title holders needed.
        needed: usize,
    },
    /// Art. 1.4.5b–e: too few opponents hold the norm's title or a higher one.
    NormTitled {
        /// Opponents with the norm's title or higher.
        titled: usize,
        /// The norm's title.
        title: NormTitle,
        /// How many are needed (a third, at least 3).
        needed: usize,
    },
    /// Art. 1.4.8a: the opponents' average rating is too low.
    LowAverage {
        /// `Ra`.
        average: i32,
        /// The least `Ra`.
        needed: i32,
    },
    /// Art. 1.4.8b: the score is below 35 %.
    LowScore {
        /// The score in percent.
        percent: u32,
        /// The least percentage.
        needed: u32,
    },
    /// Art. 1.4.8: the performance is too low.
    LowPerformance {
        /// `Rp`.
        performance: i32,
        /// `Ra`.
        average: i32,
        /// `dp`.
        dp: i32,
        /// The least `Rp`.
        needed: i32,
    },
}

impl Shortfall {
    /// What is short, in English with the figures (the command line's words).
    pub fn reason(&self) -> String {
        match &self.unmet {
            Unmet::TooFewGames { games, least } => {
                format!("{games} games count; a norm needs at least {least}")
            }
            Unmet::NoGames => "no game counts".to_owned(),
            Unmet::TooFewFederations { foreign } => format!(
                "opponents from {foreign} federation(s) other than the player's; at least 2 needed"
            ),
            Unmet::OwnFederation {
                federation,
                count,
                maximum,
                games,
            } => format!(
                "{count} opponents from the player's federation ({federation}); at most {maximum} of {games} (3/5)"
            ),
            Unmet::OneFederation {
                federation,
                count,
                maximum,
                games,
            } => format!(
                "{count} opponents from {federation}; at most {maximum} of {games} from one federation (2/3)"
            ),
            Unmet::TitleHolders {
                holders,
                games,
                needed,
            } => format!(
                "{holders} title holders among {games} opponents; at least {needed} (half) needed"
            ),
            Unmet::NormTitled {
                titled,
                title,
                needed,
            } => format!(
                "{titled} opponents with the title {} or higher; at least {needed} (a third, at least 3) needed",
                title.code()
            ),
            Unmet::LowAverage { average, needed } => {
                format!("average rating of the opponents {average}; at least {needed} needed")
            }
            Unmet::LowScore { percent, needed } => {
                format!("score {percent} %; at least {needed} % needed")
            }
            Unmet::LowPerformance {
                performance,
                average,
                dp,
                needed,
            } => format!(
                "performance {performance} (Ra {average} + dp {dp}); at least {needed} needed"
            ),
        }
    }
}

/// The figures of one set of games for one title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormFigures {
    /// The title.
    pub title: NormTitle,
    /// The games counted.
    pub games: Vec<CountedGame>,
    /// Rounds of counted games left out to make the norm (Art. 1.4.1e, 1.4.1f).
    pub left_out: Vec<u32>,
    /// The score in half points.
    pub half_points: u32,
    /// Distinct federations of the opponents other than the player's and `FID`.
    pub foreign_federations: usize,
    /// Opponents of the player's own federation.
    pub own_federation: usize,
    /// The federation with most opponents (`FID` aside) and their number.
    pub largest_federation: Option<(String, usize)>,
    /// The federation rules waived (Art. 1.4.3a–d), and by which article.
    pub federation_exemption: Option<&'static str>,
    /// Opponents holding a title (Art. 1.4.5a).
    pub title_holders: usize,
    /// Opponents holding the norm's title or a higher one (Art. 1.4.5b–e).
    pub norm_titled: usize,
    /// The opponent raised to the rating floor: (opponent, rating counted before, floor).
    pub raised_to_floor: Option<(PlayerId, i32, i32)>,
    /// The opponents' average rating `Ra` (Art. 1.4.7).
    pub average: i32,
    /// The score fraction in percent (Art. 1.4.9).
    pub percent: u32,
    /// `dp` for it.
    pub dp: i32,
    /// `Rp = Ra + dp`.
    pub performance: i32,
    /// The number of games the norm counts for (Art. 1.4.1c, 1.4.1d, 1.7); 0 when no norm.
    pub counts_as: usize,
    /// The rules not met; empty when this is a norm.
    pub shortfalls: Vec<Shortfall>,
}

impl NormFigures {
    /// True when the games make the norm.
    pub fn achieved(&self) -> bool {
        self.shortfalls.is_empty()
    }
}

/// One player's norms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerNorms {
    /// The player.
    pub player: PlayerId,
    /// The rounds that do not count, and why.
    pub excluded: Vec<ExcludedRound>,
    /// One verdict per title considered: the figures of the games that make the norm, or of
    /// all the games when none does.
    pub verdicts: Vec<NormFigures>,
}

/// The tournament-wide counts of Art. 1.4.3d.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SwissExemption {
    /// FIDE-rated players not from the host federation (nor `FID`) who missed at most one
    /// round.
    pub foreigners: usize,
    /// Their federations.
    pub federations: usize,
    /// Those of them holding GM, IM, WGM or WIM.
    pub titled: usize,
}

impl SwissExemption {
    /// True when the counts waive the federation rules.
    pub fn applies(&self) -> bool {
        self.foreigners >= 20 && self.federations >= 3 && self.titled >= 10
    }
}

/// `FID` (FIDE flag): accepted as an opponent, but no federation for 1.4.3, 1.4.4 and 1.4.3d.
fn is_fid(federation: &str) -> bool {
    federation.trim().eq_ignore_ascii_case("FID")
}

/// The counts of Art. 1.4.3d for `tournament`, whose host federation is `host`.
pub fn swiss_exemption(tournament: &Tournament, host: &str) -> SwissExemption {
    let rounds = tournament.rounds_paired() as usize;
    let mut federations = std::collections::BTreeSet::new();
    let mut counts = SwissExemption::default();
    for player in &tournament.players {
        let federation = player.federation.trim().to_ascii_uppercase();
        if player.rating == 0
            || federation.is_empty()
            || is_fid(&federation)
            || federation.eq_ignore_ascii_case(host.trim())
        {
            continue;
        }
        let missed = (0..rounds)
            .filter(|&index| {
                player.rounds.get(index).is_none_or(|entry| {
                    entry.result != GameResult::PairingAllocatedBye
                        && !entry.result.is_played()
                        && entry.result != GameResult::ForfeitWin
                })
            })
            .count();
        if missed > 1 {
            continue;
        }
        counts.foreigners += 1;
        federations.insert(federation);
        if matches!(
            player.title.trim().to_ascii_uppercase().as_str(),
            "GM" | "IM" | "WGM" | "WIM"
        ) {
            counts.titled += 1;
        }
    }
    counts.federations = federations.len();
    counts
}

/// The player's half points in a result.
fn half_points(result: GameResult) -> u32 {
    match result {
        GameResult::Win | GameResult::UnratedWin => 2,
        GameResult::Draw | GameResult::UnratedDraw => 1,
        _ => 0,
    }
}

/// True when `player` is unrated and scored nothing against rated opponents (Art. 1.4.2b).
fn unrated_zero_scorer(tournament: &Tournament, player: &Player) -> bool {
    player.rating == 0
        && player.rounds.iter().all(|entry| {
            let rated_opponent = entry
                .opponent
                .and_then(|o| tournament.player(o))
                .is_some_and(|o| o.rating > 0);
            !rated_opponent || half_points(entry.result) == 0 || !entry.result.is_played()
        })
}

/// The games of `player` that count and the rounds that do not (Art. 1.4.2).
pub fn counted_games(
    tournament: &Tournament,
    player: &Player,
    settings: &NormSettings,
) -> (Vec<CountedGame>, Vec<ExcludedRound>) {
    let mut games = Vec::new();
    let mut excluded = Vec::new();
    for (round, entry) in (1u32..).zip(&player.rounds) {
        let opponent = entry.opponent.and_then(|o| tournament.player(o));
        let why = match (entry.result, opponent) {
            (result, _) if result.is_bye() => Some(Exclusion::Bye),
            (GameResult::ForfeitWin | GameResult::ForfeitLoss, _) => Some(Exclusion::Forfeit),
            (GameResult::UnratedWin | GameResult::UnratedDraw | GameResult::UnratedLoss, _) => {
                Some(Exclusion::NotRated)
            }
            (_, None) => Some(Exclusion::Bye),
            (_, Some(o)) if o.federation.trim().is_empty() => Some(Exclusion::NoFederation),
            (_, Some(o)) if settings.round_robin && unrated_zero_scorer(tournament, o) => {
                Some(Exclusion::UnratedZeroScorer)
            }
            _ => None,
        };
        match (why, opponent) {
            (None, Some(o)) => games.push(CountedGame {
                round,
                opponent: o.id,
                federation: o.federation.trim().to_ascii_uppercase(),
                title: o.title.trim().to_ascii_uppercase(),
                rating: o.rating,
                half_points: half_points(entry.result),
            }),
            (why, _) => excluded.push(ExcludedRound {
                round,
                opponent: entry.opponent,
                why: why.unwrap_or(Exclusion::Bye),
            }),
        }
    }
    (games, excluded)
}

/// The norms of every player of `tournament`, in starting order.
pub fn evaluate(tournament: &Tournament, settings: &NormSettings) -> Vec<PlayerNorms> {
    let exemption = if settings.federation_exempt {
        Some("1.4.3a–c")
    } else if !settings.round_robin
        && !settings.host_federation.trim().is_empty()
        && swiss_exemption(tournament, &settings.host_federation).applies()
    {
        Some("1.4.3d")
    } else {
        None
    };
    let rounds = tournament.total_rounds.max(tournament.rounds_paired());
    tournament
        .players
        .iter()
        .map(|player| {
            let (games, excluded) = counted_games(tournament, player, settings);
            // 1.4.1c: a 9-round event, one game missing for a forfeit win or the
            // pairing-allocated bye.
            let least_games = if rounds == 9
                && games.len() == 8
                && player.rounds.iter().any(|e| {
                    matches!(
                        e.result,
                        GameResult::ForfeitWin | GameResult::PairingAllocatedBye
                    )
                }) {
                8
            } else {
                MIN_GAMES
            };
            let verdicts = NormTitle::ALL
                .into_iter()
                .filter(|title| !title.held_by(&player.title))
                .filter(|title| !title.for_women() || player.sex.trim().eq_ignore_ascii_case("w"))
                .map(|title| best(player, title, &games, least_games, exemption, settings))
                .collect();
            PlayerNorms {
                player: player.id,
                excluded,
                verdicts,
            }
        })
        .collect()
}

/// The figures of all the games if they make the norm; else of the largest set left after
/// leaving out later games (1.4.1e) and games won (1.4.1f) that does; else of all the games.
fn best(
    player: &Player,
    title: NormTitle,
    games: &[CountedGame],
    least_games: usize,
    exemption: Option<&'static str>,
    settings: &NormSettings,
) -> NormFigures {
    let all = figures(player, title, games, least_games, exemption);
    if all.achieved() {
        return all;
    }
    // Leaving games out never adds a federation or a titled opponent.
    let hopeless = all.shortfalls.iter().any(|s| s.article == "1.4.3")
        || all.norm_titled < 3
        || all.title_holders * 2 < least_games;
    if hopeless {
        return all;
    }
    // 1.4.1f in a round robin: only when the mix of the whole event makes a norm possible.
    let mix_whole = all.shortfalls.iter().all(|s| {
        !s.article.starts_with("1.4.3")
            && !s.article.starts_with("1.4.4")
            && !s.article.starts_with("1.4.5")
    });
    if settings.round_robin && !mix_whole {
        return all;
    }
    let prefixes: Vec<usize> = if settings.round_robin {
        vec![games.len()]
    } else {
        (MIN_GAMES.min(least_games)..=games.len()).rev().collect()
    };
    let mut found: Option<NormFigures> = None;
    for prefix in prefixes {
        let kept = &games[..prefix];
        let mut wins: Vec<usize> = (0..kept.len())
            .filter(|&i| kept[i].half_points == 2)
            .collect();
        wins.sort_by_key(|&i| (kept[i].rating, kept[i].round));
        let subsets: Vec<Vec<usize>> = if wins.len() <= EXHAUSTIVE_WINS {
            let mut subsets: Vec<Vec<usize>> = (0u32..1 << wins.len())
                .map(|mask| {
                    (0..wins.len())
                        .filter(|bit| mask & (1 << bit) != 0)
                        .map(|bit| wins[bit])
                        .collect()
                })
                .collect();
            subsets.sort_by_key(Vec::len);
            subsets
        } else {
            (0..=wins.len()).map(|k| wins[..k].to_vec()).collect()
        };
        for dropped in subsets {
            if kept.len() - dropped.len() < least_games {
                continue;
            }
            let rest: Vec<CountedGame> = kept
                .iter()
                .enumerate()
                .filter(|(i, _)| !dropped.contains(i))
                .map(|(_, g)| g.clone())
                .collect();
            let mut candidate = figures(player, title, &rest, least_games, exemption);
            if !candidate.achieved() {
                continue;
            }
            let mut left_out: Vec<u32> = games[prefix..].iter().map(|g| g.round).collect();
            left_out.extend(dropped.iter().map(|&i| kept[i].round));
            left_out.sort_unstable();
            candidate.left_out = left_out;
            let better = found.as_ref().is_none_or(|f| {
                (
                    candidate.counts_as,
                    candidate.games.len(),
                    candidate.performance,
                ) > (f.counts_as, f.games.len(), f.performance)
            });
            if better {
                found = Some(candidate);
            }
        }
    }
    found.unwrap_or(all)
}
