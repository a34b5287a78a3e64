//! Who may see or run a tournament: the visitor's rights on one tournament ([`Access`]), the
//! loads every tournament page starts with (404 when the visitor may not see it, 403 when they
//! lack the right) and what the rights decide on a page (counted rounds, the Pair button).
//!
//! Who sees what: anyone sees a published tournament; its owner, an administrator and its
//! assigned arbiters also see it unpublished. The tournament's settings (the event, its Swiss
//! rules, tie-breaks, arbiters, publishing the event) are for the owner and administrators;
//! running its day (registering late entries, pairing, publishing rounds, unpairing, swaps,
//! byes, withdrawals, results, default-time forfeits) also for its assigned arbiters.

use std::marker::PhantomData;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::series::SeriesId;
use crate::db::models::{Role, TournamentId, TournamentRow, User};
use crate::db::read::series::SeriesData;
use crate::db::store::SeriesEditor;
use crate::web::auth::{may_manage, may_run_day};
use crate::web::extractors::{CurrentUser, MaybeUser, app_state};
use crate::web::{AppError, AppState, PageContext};

/// What the visitor may do with one tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Access {
    /// Owner or administrator: the event's settings, its arbiters, publishing the event.
    pub manage: bool,
    /// May run the tournament day: register, pair, publish rounds, unpair, swap, byes,
    /// withdrawals, results, forfeits (managers and assigned arbiters).
    pub run_day: bool,
}

impl Access {
    /// The rights of `user` (anonymous when `None`) on `tournament`.
    pub fn of(
        conn: &mut DbConn,
        user: Option<&User>,
        tournament: &TournamentRow,
    ) -> diesel::QueryResult<Access> {
        match user {
            None => Ok(Access::default()),
            Some(user) => Ok(Access {
                manage: may_manage(user, tournament),
                run_day: may_run_day(conn, user, tournament)?,
            }),
        }
    }

    /// True when the visitor has the right `need` says.
    pub fn allows(self, need: Need) -> bool {
        match need {
            Need::Day => self.run_day,
            Need::Manage => self.manage,
        }
    }

    /// True when the visitor may see the tournament at all.
    pub fn can_see(self, tournament: &TournamentRow) -> bool {
        tournament.published || self.run_day
    }
}

/// Loads tournament `id` for `user`: 404 when it does not exist or is not visible to them.
pub async fn load_visible(
    state: &AppState,
    user: Option<User>,
    id: i32,
) -> Result<(TournamentData, Access), AppError> {
    state
        .db(move |conn| {
            let data = TournamentData::load(conn, TournamentId(id))?.ok_or(AppError::NotFound)?;
            let access = Access::of(conn, user.as_ref(), &data.tournament)?;
            if !access.can_see(&data.tournament) {
                return Err(AppError::NotFound);
            }
            Ok((data, access))
        })
        .await
}

/// Loads tournament `id` and its round `number` for `user`: 404 as [`load_visible`], and when
/// the round is not paired, or not published and the user does not run the day.
pub async fn load_visible_round(
    state: &AppState,
    user: Option<User>,
    id: i32,
    number: i32,
) -> Result<(TournamentData, Access), AppError> {
    let (data, access) = load_visible(state, user, id).await?;
    let round = data
        .rounds
        .iter()
        .find(|round| round.number == number)
        .ok_or(AppError::NotFound)?;
    if !round.published && !access.run_day {
        return Err(AppError::NotFound);
    }
    Ok((data, access))
}

/// Like [`load_visible`], but 403 unless the user may manage the tournament.
pub async fn load_managed(
    state: &AppState,
    user: User,
    id: i32,
) -> Result<(TournamentData, Access), AppError> {
    load_with(state, user, id, Need::Manage).await
}

/// What a handler needs of the visitor's rights before a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Running the day (assigned arbiters, the owner, administrators).
    Day,
    /// The event's settings (the owner, administrators).
    Manage,
}

/// Checks that `user` may do what `need` says on tournament `id` without loading the
/// tournament's games: 404 when it is not visible to them, 403 when they lack the right.
pub async fn authorise(
    state: &AppState,
    user: &User,
    id: i32,
    need: Need,
) -> Result<TournamentId, AppError> {
    let user = user.clone();
    state
        .db(move |conn| {
            let tournament =
                TournamentRow::find(conn, TournamentId(id))?.ok_or(AppError::NotFound)?;
            let access = Access::of(conn, Some(&user), &tournament)?;
            if !access.can_see(&tournament) {
                return Err(AppError::NotFound);
            }
            if !access.allows(need) {
                return Err(AppError::Forbidden);
            }
            Ok(tournament.id)
        })
        .await
}

/// Like [`load_visible`], but 403 unless the user may run the tournament's day.
///
/// (`load_managed` and `load_for_day` are [`load_with`] for [`Need::Manage`] and [`Need::Day`].)
pub async fn load_for_day(
    state: &AppState,
    user: User,
    id: i32,
) -> Result<(TournamentData, Access), AppError> {
    load_with(state, user, id, Need::Day).await
}

/// Like [`load_visible`], but 403 unless the user has the right `need` says.
pub async fn load_with(
    state: &AppState,
    user: User,
    id: i32,
    need: Need,
) -> Result<(TournamentData, Access), AppError> {
    let (data, access) = load_visible(state, Some(user), id).await?;
    if !access.allows(need) {
        return Err(AppError::Forbidden);
    }
    Ok((data, access))
}

/// The rounds of `data` whose results a visitor with `access` may count: the leading complete
/// rounds, and for the public only those already published.
pub fn counted_rounds(data: &TournamentData, access: Access) -> u32 {
    if access.run_day {
        return data.complete_rounds();
    }
    data.public_rounds()
}

/// Why the next round of a Swiss cannot be paired yet, in the page's language: the round and
/// the boards still without a result (the Pair button is not offered then).
pub fn pair_blocked(ctx: &PageContext, data: &TournamentData) -> Option<String> {
    let (round, boards) = data.results_missing()?;
    let boards: Vec<String> = boards.iter().map(u32::to_string).collect();
    Some(ctx.lang.t_with(
        "day.pair.results_missing_boards",
        &[
            ("round", &round.to_string()),
            ("boards", &boards.join(", ")),
        ],
    ))
}

/// The tournament id of the request's path (its `{id}`): 404 when it is not a number, as the
/// path extractor answers.
fn path_id(req: &HttpRequest) -> Result<i32, AppError> {
    req.match_info()
        .get("id")
        .and_then(|id| id.parse().ok())
        .ok_or(AppError::NotFound)
}

/// The tournament of the path's `{id}` as anyone may see it: 404 when it does not exist or the
/// visitor may not see it. A handler that takes it cannot show a hidden tournament.
#[derive(Debug, Clone)]
pub struct VisibleTournament {
    /// The tournament with its players, rounds and games.
    pub data: TournamentData,
    /// What the visitor may do with it.
    pub access: Access,
}

impl FromRequest for VisibleTournament {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let MaybeUser(user) = MaybeUser::extract(&req).await?;
            let id = path_id(&req)?;
            let state = app_state(&req)?;
            let (data, access) = load_visible(&state, user, id).await?;
            Ok(VisibleTournament { data, access })
        })
    }
}

/// A right a handler needs on its tournament, as a type: [`RunsDay`] or [`Manages`].
pub trait Right {
    /// The right, as [`authorise`] checks it.
    const NEED: Need;
}

/// Running the tournament day (assigned arbiters, the owner, administrators).
#[derive(Debug, Clone, Copy)]
pub struct RunsDay;

impl Right for RunsDay {
    const NEED: Need = Need::Day;
}

/// The event's settings (the owner, administrators).
#[derive(Debug, Clone, Copy)]
pub struct Manages;

impl Right for Manages {
    const NEED: Need = Need::Manage;
}

/// The tournament of the path's `{id}` for a logged-in user with the right `R`: anonymous →
/// the login page, 404 when they may not see it, 403 without the right. A handler that takes
/// `ManagedTournament<RunsDay>` cannot run for a visitor who may not run the day.
#[derive(Debug, Clone)]
pub struct ManagedTournament<R: Right> {
    /// The user.
    pub user: User,
    /// The tournament with its players, rounds and games.
    pub data: TournamentData,
    /// What the user may do with it.
    pub access: Access,
    right: PhantomData<R>,
}

impl<R: Right + 'static> FromRequest for ManagedTournament<R> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let CurrentUser(user) = CurrentUser::extract(&req).await?;
            let id = path_id(&req)?;
            let state = app_state(&req)?;
            let (data, access) = load_with(&state, user.clone(), id, R::NEED).await?;
            Ok(ManagedTournament {
                user,
                data,
                access,
                right: PhantomData,
            })
        })
    }
}

/// Loads series `id` for `user` to edit: 404 when it does not exist or `user` is neither its
/// organiser nor an administrator (another organiser's series is not shown to exist). The
/// store re-checks the same inside each write ([`SeriesEditor`]).
pub async fn load_editable_series(
    state: &AppState,
    user: &User,
    id: i32,
) -> Result<(SeriesData, SeriesEditor), AppError> {
    let editor = SeriesEditor {
        user: user.id,
        admin: user.role == Role::Admin,
    };
    state
        .db(move |conn| {
            let data = SeriesData::load(conn, SeriesId(id))?.ok_or(AppError::NotFound)?;
            if !data.editable_by(editor.user, editor.admin) {
                return Err(AppError::NotFound);
            }
            Ok((data, editor))
        })
        .await
}
