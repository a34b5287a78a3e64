//! A player's card: their rounds, points and norms (B.01) with what each norm still lacks, in words.

use crate::tournament::norms::Unmet;
use crate::web::PageContext;
use crate::web::i18n::Lang;
use crate::web::pages::tournament::TournamentHeader;
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
