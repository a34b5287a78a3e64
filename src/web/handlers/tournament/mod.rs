//! Tournaments: create, edit, show, publish, assign arbiters; and the access
//! rules every tournament page shares.
//!
//! Who sees what: anyone sees a published tournament; its owner, an administrator and its
//! assigned arbiters also see it unpublished. The tournament's settings (the event, its Swiss
//! rules, tie-breaks, arbiters, publishing the event) are for the owner and administrators;
//! running its day (registering late entries, pairing, publishing rounds, unpairing, swaps,
//! byes, withdrawals, results, default-time forfeits) also for its assigned arbiters.

pub mod add_arbiter;
pub mod create;
pub mod edit;
pub mod new;
pub mod publish;
pub mod show;
pub mod update;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::{TournamentId, TournamentRow, User};
use crate::web::auth::{may_manage, may_run_day};
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

    /// True when the visitor may see the tournament at all.
    pub fn can_see(self, tournament: &TournamentRow) -> bool {
        tournament.published || self.run_day
    }
}

/// The tournament's name and tabs, shown above every tournament page.
#[derive(Debug, Clone)]
pub struct TournamentHeader {
    /// Id (for links).
    pub id: i32,
    /// Name.
    pub name: String,
    /// Place and dates.
    pub subtitle: String,
    /// Published?
    pub published: bool,
    /// The visitor may manage it.
    pub manage: bool,
    /// The visitor may run the tournament day.
    pub run_day: bool,
    /// The round numbers the visitor may open.
    pub rounds: Vec<i32>,
    /// Paired by a Swiss system (whoever runs the day gets the Swiss tab).
    pub swiss: bool,
    /// A team competition: the Teams tab, and rounds, standings and crosstable of the league.
    pub team: bool,
    /// Which tab is open (`info`, `players`, `round-N`, `standings`, `crosstable`).
    pub active: String,
}

impl TournamentHeader {
    /// The header of `data` for a visitor with `access`, with tab `active` open.
    pub fn new(data: &TournamentData, access: Access, active: &str) -> TournamentHeader {
        let t = &data.tournament;
        let dates = if t.start_date == t.end_date {
            t.start_date.to_string()
        } else {
            format!("{} – {}", t.start_date, t.end_date)
        };
        let subtitle = if t.place.is_empty() {
            dates
        } else {
            format!("{} · {}", t.place, dates)
        };
        TournamentHeader {
            id: t.id.0,
            name: t.name.clone(),
            subtitle,
            published: t.published,
            manage: access.manage,
            run_day: access.run_day,
            rounds: if t.pairing_system.is_team() && !t.pairing_system.is_team_swiss() {
                // A league's rounds are its schedule, public with the tournament; a team
                // Swiss's, like an individual Swiss's, once paired and published.
                (1..=t.rounds).collect()
            } else {
                data.rounds
                    .iter()
                    .filter(|round| round.published || access.run_day)
                    .map(|round| round.number)
                    .collect()
            },
            swiss: t.pairing_system.is_swiss(),
            team: t.pairing_system.is_team(),
            active: active.to_owned(),
        }
    }

    /// True when `tab` is the open one.
    pub fn is_active(&self, tab: &str) -> bool {
        self.active == tab
    }

    /// The tab name of round `number`.
    pub fn round_tab(&self, number: &i32) -> String {
        format!("round-{number}")
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

/// Like [`load_visible`], but 403 unless the user may manage the tournament.
pub async fn load_managed(
    state: &AppState,
    user: User,
    id: i32,
) -> Result<(TournamentData, Access), AppError> {
    let (data, access) = load_visible(state, Some(user), id).await?;
    if !access.manage {
        return Err(AppError::Forbidden);
    }
    Ok((data, access))
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
            let allowed = match need {
                Need::Day => access.run_day,
                Need::Manage => access.manage,
            };
            if !allowed {
                return Err(AppError::Forbidden);
            }
            Ok(tournament.id)
        })
        .await
}

/// Like [`load_visible`], but 403 unless the user may run the tournament's day.
pub async fn load_for_day(
    state: &AppState,
    user: User,
    id: i32,
) -> Result<(TournamentData, Access), AppError> {
    let (data, access) = load_visible(state, Some(user), id).await?;
    if !access.run_day {
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
