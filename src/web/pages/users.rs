//! The accounts page of an administrator: the users and the new-user form's values.

use crate::db::models::{Role, User};
use crate::web::pages::venue::VenueView;
use crate::web::{AppError, AppState, PageContext, role_label};
use askama::Template;

/// One account in the list.
#[derive(Debug, Clone)]
pub struct UserRow {
    /// Id (for the forms).
    pub id: i32,
    /// Login name.
    pub username: String,
    /// Name shown.
    pub display_name: String,
    /// Role, translated.
    pub role: String,
    /// Enabled?
    pub active: bool,
    /// Is this the administrator looking at the page (who cannot disable themselves)?
    pub is_self: bool,
}

/// Values of the creation form (shown again after an error).
#[derive(Debug, Clone, Default)]
pub struct NewUserValues {
    /// Login name.
    pub username: String,
    /// Name shown.
    pub display_name: String,
    /// Role code.
    pub role: String,
}

/// The accounts page.
#[derive(Template)]
#[template(path = "users/list.html")]
pub struct UsersPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Every account.
    pub users: Vec<UserRow>,
    /// Roles for the select: (code, label).
    pub roles: Vec<(&'static str, String)>,
    /// The creation form's values.
    pub form: NewUserValues,
    /// Errors of the creation form.
    pub errors: Vec<String>,
    /// A confirmation to show.
    pub notice: Option<String>,
    /// The machine: backups and the hall's address.
    pub venue: VenueView,
}

impl UsersPage {
    /// Loads the page.
    pub async fn load(
        ctx: PageContext,
        admin: &User,
        state: &AppState,
        form: NewUserValues,
        errors: Vec<String>,
        notice: Option<String>,
    ) -> Result<UsersPage, AppError> {
        let users = state.db(|conn| Ok(User::all(conn)?)).await?;
        let lang = ctx.lang;
        let venue = VenueView::of(&state.venue, lang);
        Ok(UsersPage {
            users: users
                .iter()
                .map(|user| UserRow {
                    id: user.id.0,
                    username: user.username.clone(),
                    display_name: user.display_name.clone(),
                    role: role_label(lang, user.role),
                    active: user.active,
                    is_self: user.id == admin.id,
                })
                .collect(),
            roles: Role::ALL
                .iter()
                .map(|role| (role.as_str(), role_label(lang, *role)))
                .collect(),
            ctx,
            form,
            errors,
            notice,
            venue,
        })
    }
}
