//! `GET /`: sends a fresh installation to the administrator setup; otherwise the published
//! events (of this server and pushed to it by venues) under way, to come and recently
//! finished, read the same whatever the number of events held ([`home_events`]), or a page of
//! a search (`?q=…&state=…&federation=…&offset=N`); and, for a logged-in user, their own
//! tournaments.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::{Role, TournamentRow, User};
use crate::db::read::events::{EventOrder, EventState, browse_events, home_events};
use crate::web::extractors::MaybeUser;
use crate::web::pages::events::{
    EventLine, EventSection, EventsQuery, HomePage, MAX_OFFSET, SEARCH_PAGE, TournamentListItem,
    number,
};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Events in each of the home page's lists.
const EACH: i64 = 15;
/// A user's own tournaments shown.
const MINE: i64 = 50;

/// Shows the home page, or redirects to `/setup` while no account exists.
pub async fn index(
    req: HttpRequest,
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let query = web::Query::<EventsQuery>::from_query(req.query_string())
        .map(web::Query::into_inner)
        .unwrap_or_default();
    let today = crate::db::now().date();
    let searching = query.is_search();
    let (mut search, address) = query.search();
    let asked = query.filter(today).and_then(|filter| {
        Ok((
            filter,
            number("offset", query.offset.as_deref(), 0, MAX_OFFSET)?,
        ))
    });
    if let Err(problem) = &asked {
        search.problem = Some(problem.clone());
    }
    let user = user.0;
    let (accounts, sections, found, mine) = state
        .db(move |conn| {
            let accounts = User::count(conn)?;
            let (sections, found) = match asked {
                Ok((filter, offset)) if searching => {
                    let order = filter
                        .state
                        .map_or(EventOrder::StartsLast, |(state, _)| state.natural_order());
                    let found = browse_events(conn, &filter, order, offset, SEARCH_PAGE + 1)?;
                    (None, Some((offset, found)))
                }
                Err(_) => (None, Some((0, Vec::new()))),
                Ok(_) => (Some(home_events(conn, today, EACH)?), None),
            };
            let mine = match &user {
                Some(user) if user.role == Role::Admin => TournamentRow::all(conn, MINE)?,
                Some(user) => TournamentRow::for_user(conn, user.id, MINE)?,
                None => Vec::new(),
            };
            Ok((accounts, sections, found, mine))
        })
        .await?;
    if accounts == 0 {
        return Ok(see_other("/setup"));
    }
    let sections = sections.map(|home| {
        vec![
            EventSection::of(EventState::Current, &home.current),
            EventSection::of(EventState::Upcoming, &home.upcoming),
            EventSection::of(EventState::Finished, &home.finished),
        ]
    });
    if let Some((offset, mut events)) = found {
        let more = events.len() as i64 > SEARCH_PAGE;
        events.truncate(SEARCH_PAGE as usize);
        search.events = events.iter().map(EventLine::from).collect();
        search.previous = (offset > 0).then(|| address((offset - SEARCH_PAGE).max(0)));
        search.next = more.then(|| address(offset + SEARCH_PAGE));
    }
    let page = HomePage {
        ctx,
        sections: sections.unwrap_or_default(),
        searching: searching || search.problem.is_some(),
        search,
        mine_more: mine.len() as i64 >= MINE,
        mine: mine.iter().map(TournamentListItem::from).collect(),
    };
    render_page(&page, StatusCode::OK)
}
