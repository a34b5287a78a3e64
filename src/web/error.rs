//! Handler errors and the error pages.
//!
//! Handlers return `Result<_, AppError>`. [`AppError`] only chooses the status and carries an
//! optional message (already translated, since handlers know the [`Lang`]); the
//! [`render_error_page`] middleware then renders `templates/error.html` in the visitor's language
//! for every 4xx/5xx response that is not already an HTML page — including actix's own 404 for
//! unknown routes and extractor failures. A handler that wants to re-show a form with its errors
//! returns its own HTML page with status 422, which the middleware leaves alone.

use actix_web::body::EitherBody;
use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

use crate::day::{DayRefusal, SettingChange, SettingRefusal};
use crate::db::store::{
    BoardRow, CriterionBroken, ListExcess, ListPart, MatchTeams, Refusal, StoreError,
};
use crate::pairing::team_swiss::{NoPairingReason, TeamPairingError};
use crate::tournament::byes::ByeRequestError;
use crate::tournament::entries::{DuplicateEntry, SharedId};
use crate::web::PageContext;
use crate::web::i18n::Lang;

/// What went wrong in a handler.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 404: no such page or record (or not visible to this visitor).
    #[error("not found")]
    NotFound,
    /// 403: the visitor is logged in but may not do this.
    #[error("forbidden")]
    Forbidden,
    /// Not logged in: redirect (303) to the login page, then back to `next`.
    #[error("login required")]
    LoginRequired {
        /// Where to go after logging in (a local path).
        next: String,
    },
    /// 403: the form's CSRF token is missing or wrong.
    #[error("invalid or missing CSRF token")]
    Csrf,
    /// 409: the record changed since it was read (message for the person).
    #[error("conflict: {0}")]
    Conflict(String),
    /// 422: the input is well-formed but not acceptable (message for the person).
    #[error("unprocessable: {0}")]
    Unprocessable(String),
    /// 429: too many attempts (message for the person).
    #[error("too many requests: {0}")]
    TooManyRequests(String),
    /// 503: the database is busy (SQLite's write lock held past `busy_timeout`, no pooled
    /// connection free in time, a PostgreSQL lock or serialization conflict): nothing was
    /// written, try again in [`BUSY_RETRY_AFTER_SECONDS`]. Logged, never shown in detail.
    #[error("database busy: {0}")]
    Busy(String),
    /// 500: a bug or an unavailable database; logged, never shown in detail.
    #[error("internal error: {0}")]
    Internal(String),
}

/// The `Retry-After` of a 503 for a busy database, in seconds.
pub const BUSY_RETRY_AFTER_SECONDS: u32 = 5;

/// True when a database error means "busy, try again" rather than a fault: SQLite's
/// `database is locked` / `database table is locked` (`SQLITE_BUSY`, `SQLITE_LOCKED`), a
/// PostgreSQL serialization failure, lock timeout or deadlock.
pub fn is_busy(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match error {
        Error::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => true,
        Error::DatabaseError(_, info) => {
            let message = info.message();
            message.contains("database is locked")
                || message.contains("database table is locked")
                || message.contains("lock timeout")
                || message.contains("deadlock detected")
        }
        _ => false,
    }
}

/// The message an [`AppError`] hands to the error page (stored in the response extensions).
#[derive(Debug, Clone)]
pub struct ErrorMessage(pub String);

/// The translation key of the CSRF explanation (shown on its 403 page).
const CSRF_MESSAGE_KEY: &str = "error.csrf";

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::LoginRequired { .. } => StatusCode::SEE_OTHER,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        match self {
            AppError::LoginRequired { next } => {
                let location = format!("/login?next={}", encode_query_value(next));
                return response
                    .insert_header((header::LOCATION, location))
                    .finish();
            }
            AppError::Internal(detail) => tracing::error!(%detail, "internal error"),
            AppError::Busy(detail) => {
                tracing::warn!(%detail, "database busy: answered 503");
                response.insert_header((header::RETRY_AFTER, BUSY_RETRY_AFTER_SECONDS.to_string()));
            }
            AppError::TooManyRequests(_) => {
                response.insert_header((header::RETRY_AFTER, "900"));
            }
            _ => {}
        }
        let mut response = response.finish();
        let message = match self {
            AppError::Conflict(message)
            | AppError::Unprocessable(message)
            | AppError::TooManyRequests(message) => Some(message.clone()),
            AppError::Csrf => Some(CSRF_MESSAGE_KEY.to_owned()),
            _ => None,
        };
        if let Some(message) = message {
            response.extensions_mut().insert(ErrorMessage(message));
        }
        response
    }
}

impl AppError {
    /// The message for the person (of a 409, 422 or 429), to show on the page a refused form
    /// came from.
    pub fn message(&self) -> Option<&str> {
        match self {
            AppError::Conflict(message)
            | AppError::Unprocessable(message)
            | AppError::TooManyRequests(message) => Some(message),
            _ => None,
        }
    }

    /// The answer to a store write that did not happen: 404 for a missing record, 409 for a
    /// conflict with the tournament's state (a round with results, a board changed meanwhile),
    /// 422 for a request the rules refuse, each with the reason in the visitor's language.
    /// This is the one place that words [`Refusal`]s.
    pub fn from_store(ctx: &PageContext, error: StoreError) -> AppError {
        let refusal = match error {
            StoreError::Db(error) => return error.into(),
            StoreError::NotFound => return AppError::NotFound,
            StoreError::Refused(refusal) => refusal,
        };
        let number = |n: u32| n.to_string();
        match refusal {
            Refusal::Day(DayRefusal::AllRoundsPaired) => {
                AppError::Conflict(ctx.t("day.pair.all_paired"))
            }
            Refusal::Day(DayRefusal::ResultsMissing { round, boards }) => {
                let boards: Vec<String> = boards.iter().map(|b| b.to_string()).collect();
                AppError::Conflict(ctx.lang.t_with(
                    "day.pair.results_missing_boards",
                    &[("round", &number(round)), ("boards", &boards.join(", "))],
                ))
            }
            Refusal::Day(DayRefusal::TooFewPlayers) => {
                AppError::Unprocessable(ctx.t("day.pair.too_few"))
            }
            Refusal::Day(DayRefusal::NoValidPairing) => {
                AppError::Unprocessable(ctx.t("day.pair.no_valid"))
            }
            Refusal::Day(DayRefusal::TooManyPlayers { players, limit }) => {
                AppError::Unprocessable(ctx.lang.t_with(
                    "day.pair.too_many",
                    &[
                        ("players", &players.to_string()),
                        ("limit", &limit.to_string()),
                    ],
                ))
            }
            Refusal::Day(DayRefusal::TeamCompetition) => {
                AppError::Conflict(ctx.t("day.refusal.team_competition"))
            }
            Refusal::Day(DayRefusal::NothingPaired) => {
                AppError::Conflict(ctx.t("day.pair.nothing_to_unpair"))
            }
            Refusal::Day(DayRefusal::RoundHasResults { .. }) => {
                AppError::Conflict(ctx.t("day.pair.has_results"))
            }
            Refusal::Day(DayRefusal::NotPaired { .. }) => {
                AppError::Unprocessable(ctx.t("day.swap.not_paired"))
            }
            Refusal::Day(DayRefusal::BreaksRules(violations)) => {
                let broken: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
                AppError::Unprocessable(format!(
                    "{} {}",
                    ctx.t("day.swap.breaks"),
                    broken.join("; ")
                ))
            }
            Refusal::ResultConflict(board) => AppError::Conflict(match *board {
                BoardRow::Game(_) => ctx.t("day.live.changed"),
                BoardRow::Team(_) => ctx.t("league.error.changed"),
            }),
            Refusal::ResultKind => AppError::Unprocessable(ctx.t("result.kind")),
            Refusal::PenaltyWithoutGrounds => {
                AppError::Unprocessable(ctx.t("penalty.without_grounds"))
            }
            Refusal::GameScoresEntered { round } => {
                AppError::Conflict(ctx.t_with_name("day.unpair.game_scores", &number(round)))
            }
            Refusal::Bye(error) => AppError::Unprocessable(bye_refusal(ctx, &error)),
            Refusal::RoundNotOpen { .. } => {
                AppError::Unprocessable(ctx.t("day.participation.round"))
            }
            Refusal::ParticipationUnchanged => {
                AppError::Conflict(ctx.t("day.participation.unchanged"))
            }
            Refusal::Expelled => AppError::Conflict(ctx.t("expel.already")),
            Refusal::NeedsConfirmation(changes) => {
                AppError::Conflict(settings_changes(ctx, &changes).join(" "))
            }
            Refusal::Settings(SettingRefusal::SystemAfterStart) => {
                AppError::Unprocessable(ctx.t("tournament.settings.system_fixed"))
            }
            Refusal::Settings(SettingRefusal::RoundRobinRounds) => {
                AppError::Unprocessable(ctx.t("tournament.settings.round_robin_rounds"))
            }
            Refusal::Settings(SettingRefusal::FewerRoundsThanPaired { paired }) => {
                AppError::Unprocessable(
                    ctx.t_count("tournament.settings.fewer_rounds", i64::from(paired)),
                )
            }
            Refusal::NotForfeitable => AppError::Conflict(ctx.t("day.live.not_flagged")),
            Refusal::NothingToApprove => AppError::Conflict(ctx.t("day.report.nothing_to_approve")),
            Refusal::ReportClosed => AppError::Conflict(ctx.t("day.report.closed")),
            Refusal::PlayerInPairings => AppError::Conflict(ctx.t("player.delete_paired")),
            Refusal::Schedule(error) => {
                AppError::Unprocessable(crate::web::pages::schedule::schedule_error(ctx, error))
            }
            Refusal::UnknownArbiter(username) => {
                AppError::Unprocessable(ctx.t_with_name("tournament.arbiter_unknown", &username))
            }
            Refusal::RatingsAfterStart { .. } => {
                AppError::Conflict(ctx.t("player.refresh.after_start"))
            }
            Refusal::RatingsChanged => AppError::Conflict(ctx.t("player.refresh.changed")),
            Refusal::Prizes(error) => {
                AppError::Unprocessable(crate::web::pages::prizes::prize_error(ctx, &error))
            }
            Refusal::IncidentBoard { round, board } => AppError::Unprocessable(ctx.lang.t_with(
                "incident.no_board",
                &[
                    ("round", &round.to_string()),
                    ("board", &board.map_or_else(String::new, |b| b.to_string())),
                ],
            )),
            Refusal::ListTooLarge(excess) => AppError::Unprocessable(
                excess
                    .iter()
                    .map(|excess| list_excess(ctx, excess))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Refusal::AlreadyRegistered(duplicates) => AppError::Conflict(
                duplicates
                    .iter()
                    .map(|duplicate| duplicate_entry(ctx, duplicate))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Refusal::AdjustmentRound { round, total } => AppError::Unprocessable(ctx.lang.t_with(
                "adjust.bad_round",
                &[("round", &round.to_string()), ("total", &total.to_string())],
            )),
            Refusal::MatchChanged { .. } => AppError::Conflict(ctx.t("league.error.changed")),
            Refusal::ScheduleDrawn => AppError::Conflict(ctx.t("league.error.schedule_drawn")),
            Refusal::LineupsGiven => AppError::Conflict(ctx.t("league.error.lineups_given")),
            Refusal::MatchHasResults => AppError::Conflict(ctx.t("league.error.match_has_results")),
            Refusal::LineupsRevealed => AppError::Conflict(ctx.t("captain.error.revealed")),
            Refusal::LineupDeadlinePassed => AppError::Conflict(ctx.t("captain.error.deadline")),
            Refusal::MatchNotPlayed => AppError::Conflict(ctx.t("captain.error.not_played")),
            Refusal::BroadcastDelay => AppError::Unprocessable(ctx.t("console.error.delay")),
            Refusal::LiveEntry(error) => AppError::Unprocessable(ctx.lang.t_with(
                "console.error.entry",
                &[(
                    "reason",
                    &crate::web::pages::console::entry_error_text(ctx, &error),
                )],
            )),
            Refusal::MatchForfeited => AppError::Conflict(ctx.t("league.error.match_forfeited")),
            Refusal::SquadOrderFixed => AppError::Conflict(ctx.t("league.error.squad_order_fixed")),
            Refusal::SwissRulesFixed => AppError::Conflict(ctx.t("league.error.swiss_rules_fixed")),
            Refusal::NotALeague => AppError::Unprocessable(ctx.t("league.error.not_a_league")),
            Refusal::Series(refusal) => {
                AppError::Conflict(ctx.t(&format!("series.refusal.{}", refusal.key())))
            }
            Refusal::TooFewTeams => AppError::Unprocessable(ctx.t("league.error.too_few_teams")),
            Refusal::Lineup(error) => {
                AppError::Unprocessable(crate::web::pages::league::lineup_message(ctx, &error))
            }
            Refusal::LineupsMissing => {
                AppError::Unprocessable(ctx.t("league.error.lineups_missing"))
            }
            Refusal::EmptySeat => AppError::Unprocessable(ctx.t("league.error.empty_seat")),
            Refusal::NotAGameResult => {
                AppError::Unprocessable(ctx.t("league.error.not_a_game_result"))
            }
            Refusal::FreeRound => AppError::Unprocessable(ctx.t("league.error.free_round")),
            Refusal::ReasonMissing => AppError::Unprocessable(ctx.t("league.error.reason_missing")),
            Refusal::NotInSquad => AppError::Unprocessable(ctx.t("league.error.not_in_squad")),
            Refusal::NotATeamSwiss => AppError::Unprocessable(ctx.t("league.error.not_team_swiss")),
            Refusal::TeamRoundsAllPaired { rounds } => AppError::Unprocessable(ctx.lang.t_with(
                "league.error.all_rounds_paired",
                &[("rounds", &rounds.to_string())],
            )),
            Refusal::TeamResultsMissing { round, matches } => {
                let matches: Vec<String> = matches.iter().map(match_teams).collect();
                AppError::Unprocessable(ctx.lang.t_with(
                    "league.error.results_missing",
                    &[
                        ("round", &round.to_string()),
                        ("matches", &matches.join(", ")),
                    ],
                ))
            }
            Refusal::NoTeamPairing(error) => AppError::Unprocessable(ctx.lang.t_with(
                "league.error.no_pairing",
                &[("reason", &team_pairing_text(ctx.lang, &error))],
            )),
            Refusal::NoTeamRoundPaired => {
                AppError::Unprocessable(ctx.t("league.error.nothing_paired"))
            }
            Refusal::NotInRound => AppError::Unprocessable(ctx.t("league.error.not_in_round")),
            Refusal::Desk(refusal) => desk_refusal(ctx, &refusal),
            Refusal::BreaksAbsoluteCriteria(broken) => {
                let broken: Vec<String> = broken
                    .iter()
                    .map(|criterion| match criterion {
                        CriterionBroken::Rematch(teams) => ctx.lang.t_with(
                            "league.error.criterion_rematch",
                            &[("home", &teams.home), ("away", &teams.away)],
                        ),
                        CriterionBroken::ByeBarred(team) => ctx
                            .lang
                            .t_with("league.error.criterion_bye_barred", &[("team", team)]),
                    })
                    .collect();
                AppError::Unprocessable(
                    ctx.lang
                        .t_with("league.error.breaks", &[("breaks", &broken.join("; "))]),
                )
            }
        }
    }
}

/// Why the team Swiss engine found no pairing, in the reader's language (the engine's
/// `Display` says it in English for the command line).
fn team_pairing_text(lang: Lang, error: &TeamPairingError) -> String {
    match error {
        TeamPairingError::NoPairing(reason) => match reason {
            NoPairingReason::Bracket => lang.t("league.error.no_pairing.bracket"),
            NoPairingReason::LeftUnpaired { teams } => lang.t_with(
                "league.error.no_pairing.left_unpaired",
                &[("teams", &teams.to_string())],
            ),
            NoPairingReason::NoBye => lang.t("league.error.no_pairing.no_bye"),
            NoPairingReason::ScoreGroup { teams, points } => lang.t_with(
                "league.error.no_pairing.score_group",
                &[
                    ("teams", &teams.to_string()),
                    ("points", &lang.decimal(&points.to_string())),
                ],
            ),
        },
        TeamPairingError::DuplicateTeam(team) => lang.t_with(
            "league.error.no_pairing.duplicate_team",
            &[("team", &team.to_string())],
        ),
        TeamPairingError::TooLarge(teams) => lang.t_with(
            "league.error.no_pairing.too_large",
            &[("teams", &teams.to_string())],
        ),
    }
}

/// A match's two teams as a refusal names them: `home – away`.
fn match_teams(teams: &MatchTeams) -> String {
    format!("{} – {}", teams.home, teams.away)
}

/// What a player list has too many of for one import, with its count and the limit.
fn list_excess(ctx: &PageContext, excess: &ListExcess) -> String {
    let key = match excess.part {
        ListPart::Players => "player.import_too_many_players",
        ListPart::Teams => "player.import_too_many_teams",
    };
    ctx.lang.t_with(
        key,
        &[
            ("count", &excess.count.to_string()),
            ("limit", &excess.limit.to_string()),
        ],
    )
}

/// A refusal of the players' desk, in the visitor's language.
fn desk_refusal(ctx: &PageContext, refusal: &crate::db::store::DeskRefusal) -> AppError {
    use crate::db::store::DeskRefusal;
    use crate::tournament::desk::RegistrationClosed;
    match refusal {
        DeskRefusal::Closed(RegistrationClosed::NotOpen) => {
            AppError::Conflict(ctx.t("desk.refused.closed"))
        }
        DeskRefusal::Closed(RegistrationClosed::DeadlinePassed { deadline }) => AppError::Conflict(
            ctx.lang
                .t_with("desk.refused.deadline", &[("date", &deadline.to_string())]),
        ),
        DeskRefusal::CheckInClosed => AppError::Conflict(ctx.t("desk.refused.check_in_closed")),
        DeskRefusal::EntryWithdrawn => AppError::Conflict(ctx.t("desk.refused.withdrawn")),
        DeskRefusal::ChangesByRequest => AppError::Conflict(ctx.t("desk.refused.by_request")),
        DeskRefusal::RequestAnswered => AppError::Conflict(ctx.t("desk.refused.answered")),
        DeskRefusal::NotPlaying => AppError::Conflict(ctx.t("desk.refused.not_playing")),
    }
}

/// A registration refused as a second entry of the same person, in the visitor's language.
fn duplicate_entry(ctx: &PageContext, duplicate: &DuplicateEntry) -> String {
    let (key, id) = match &duplicate.id {
        SharedId::Fide(id) => ("player.duplicate_fide_id", id.to_string()),
        SharedId::National(id) => ("player.duplicate_national_id", id.clone()),
        SharedId::NameAndBirthYear(year) => ("desk.duplicate_name_year", year.to_string()),
    };
    ctx.lang.t_with(
        key,
        &[
            ("name", &duplicate.name),
            ("existing", &duplicate.existing),
            ("id", &id),
        ],
    )
}

/// Why a requested bye is refused (C.04.2 Art. 3.3), in the visitor's language.
fn bye_refusal(ctx: &PageContext, error: &ByeRequestError) -> String {
    match error {
        ByeRequestError::NoSuchRound { .. } => ctx.t("day.bye.no_such_round"),
        ByeRequestError::AlreadyPaired { .. } => ctx.t("day.bye.already_paired"),
        ByeRequestError::HalfPointNotOffered => ctx.t("day.bye.half_not_offered"),
        ByeRequestError::LimitReached { limit, .. } => {
            ctx.t_with_name("day.bye.limit", &limit.to_string())
        }
        ByeRequestError::InLastRounds { last_rounds } => {
            ctx.t_count("day.bye.last_rounds", i64::from(*last_rounds))
        }
        ByeRequestError::Duplicate { .. } => ctx.t("day.bye.duplicate"),
        ByeRequestError::NotParticipating { .. } => ctx.t("day.bye.not_participating"),
    }
}

/// What a change of settings after the start does, one sentence per change.
pub fn settings_changes(ctx: &PageContext, changes: &[SettingChange]) -> Vec<String> {
    changes
        .iter()
        .map(|change| match change {
            SettingChange::Points { rounds } => {
                ctx.t_with_name("tournament.settings.rescored", &rounds.to_string())
            }
            SettingChange::Rounds { from, to } => ctx.lang.t_with(
                "tournament.settings.rounds_changed",
                &[("from", &from.to_string()), ("to", &to.to_string())],
            ),
        })
        .collect()
}

impl From<diesel::result::Error> for AppError {
    fn from(error: diesel::result::Error) -> Self {
        if is_busy(&error) {
            AppError::Busy(format!("database: {error}"))
        } else {
            AppError::Internal(format!("database: {error}"))
        }
    }
}

/// The pool answers an error only when no connection was free within its
/// `connection_timeout` (every one in use, or the server refusing new ones): busy.
impl From<diesel::r2d2::PoolError> for AppError {
    fn from(error: diesel::r2d2::PoolError) -> Self {
        AppError::Busy(format!("database pool: {error}"))
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        AppError::Internal(format!("blocking task: {error}"))
    }
}

impl From<askama::Error> for AppError {
    fn from(error: askama::Error) -> Self {
        AppError::Internal(format!("template: {error}"))
    }
}

impl AppError {
    /// A document that cannot be printed: the font is the build's fault (500); a round not
    /// paired or a player not there is not found (404); anything else is the request's (422),
    /// with the reason in the visitor's language.
    pub fn from_print(ctx: &PageContext, error: crate::print::PrintError) -> AppError {
        use crate::print::PrintError;
        let n = |value: u32| value.to_string();
        let message = match error {
            PrintError::Font(message) => return AppError::Internal(message),
            PrintError::NotPaired(_) | PrintError::NoSuchRound { .. } => {
                return AppError::NotFound;
            }
            PrintError::UnknownPlayer { board, player } => ctx.lang.t_with(
                "printing.error.unknown_player",
                &[("board", &n(board)), ("player", &n(player))],
            ),
            PrintError::UnknownStandingsPlayer(player) | PrintError::NoSuchPlayer(player) => {
                ctx.t_with_name("printing.error.no_such_player", &n(player))
            }
            PrintError::NotATeamCompetition(_) => ctx.t("printing.error.not_a_team_competition"),
            PrintError::NoGames(round) => ctx.t_with_name("printing.error.no_games", &n(round)),
            PrintError::NoPlayers => ctx.t("printing.error.no_players"),
            PrintError::NoPlayerGiven => ctx.t("printing.error.no_player_given"),
            PrintError::NoNorm(_) => ctx.t("norms.no_certificate"),
        };
        AppError::Unprocessable(message)
    }
}

/// Percent-encodes a value for a query string.
pub fn encode_query_value(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                encoded.push(char::from(byte))
            }
            _ => encoded.push_str(&format!("%{byte:02X}")),
        }
    }
    encoded
}

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    /// Layout context.
    pub ctx: PageContext,
    /// HTTP status code.
    pub status: u16,
    /// Short title ("Page not found").
    pub title: String,
    /// What happened and what to do.
    pub message: String,
}

/// Middleware handler (`ErrorHandlers::default_handler`): renders every 4xx/5xx response that
/// is not already HTML (or JSON a script asked for, such as the keyboard entry's refusals) as
/// the error page, in the visitor's language.
pub fn render_error_page<B>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let already_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value.starts_with("text/html") || value.starts_with("application/json")
        });
    let status = res.status();
    if already_html || !(status.is_client_error() || status.is_server_error()) {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let lang = Lang::of_request(res.request());
    let code = status.as_u16();
    let known = matches!(
        code,
        400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 422 | 429 | 503
    );
    let key = if known {
        format!("error.{code}")
    } else if status.is_server_error() {
        "error.500".to_owned()
    } else {
        "error.400".to_owned()
    };
    let detail = res
        .response()
        .extensions()
        .get::<ErrorMessage>()
        .map(|message| message.0.clone());
    let message = match detail {
        Some(text) if text == CSRF_MESSAGE_KEY => lang.t(CSRF_MESSAGE_KEY),
        Some(text) => text,
        None => lang.t(&format!("{key}.message")),
    };
    let page = ErrorPage {
        ctx: PageContext::for_error(res.request()),
        status: code,
        title: lang.t(&format!("{key}.title")),
        message,
    };
    let html = page.render().unwrap_or_else(|error| {
        tracing::error!(%error, "cannot render the error page");
        format!("<!doctype html><title>{code}</title><h1>{code}</h1>")
    });
    let (req, old) = res.into_parts();
    let mut response = HttpResponse::build(status);
    for (name, value) in old.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            response.append_header((name.clone(), value.clone()));
        }
    }
    let response = response
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ))
        .body(html);
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(req, response).map_into_right_body(),
    ))
}

/// Type of the response body after [`render_error_page`].
pub type ErrorPageBody<B> = EitherBody<B>;
