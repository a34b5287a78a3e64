//! `GET /`: sends a fresh installation to the administrator setup; otherwise the list of
//! published tournaments (and, for a logged-in user, their own).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::models::{Role, TournamentRow, User};
use crate::web::extractors::MaybeUser;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// One tournament in a list.
#[derive(Debug, Clone)]
pub struct TournamentListItem {
    /// Id (for links).
    pub id: i32,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Dates, formatted.
    pub dates: String,
    /// Published?
    pub published: bool,
}

impl From<&TournamentRow> for TournamentListItem {
    fn from(t: &TournamentRow) -> Self {
        let dates = if t.start_date == t.end_date {
            t.start_date.to_string()
        } else {
            format!("{} – {}", t.start_date, t.end_date)
        };
        TournamentListItem {
            id: t.id.0,
            name: t.name.clone(),
            place: t.place.clone(),
            dates,
            published: t.published,
        }
    }
}

/// The home page.
#[derive(Template)]
#[template(path = "home/index.html")]
pub struct HomePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Published tournaments.
    pub published: Vec<TournamentListItem>,
    /// The user's own tournaments (owned or assigned; all for an administrator).
    pub mine: Vec<TournamentListItem>,
}

/// Shows the home page, or redirects to `/setup` while no account exists.
pub async fn index(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let user = user.0;
    let (accounts, published, mine) = state
        .db(move |conn| {
            let accounts = User::count(conn)?;
            let published = TournamentRow::published(conn)?;
            let mine = match &user {
                Some(user) if user.role == Role::Admin => TournamentRow::all(conn)?,
                Some(user) => TournamentRow::for_user(conn, user.id)?,
                None => Vec::new(),
            };
            Ok((accounts, published, mine))
        })
        .await?;
    if accounts == 0 {
        return Ok(see_other("/setup"));
    }
    let page = HomePage {
        ctx,
        published: published.iter().map(TournamentListItem::from).collect(),
        mine: mine.iter().map(TournamentListItem::from).collect(),
    };
    render_page(&page, StatusCode::OK)
}
