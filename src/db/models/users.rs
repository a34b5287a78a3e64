//! `users`: accounts and their roles.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{UserSession, integer_id, text_enum};
use crate::db::schema::users;

integer_id!(
    /// Id of a row in `users`.
    UserId
);

/// What an account may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, diesel::AsExpression, diesel::FromSqlRow)]
#[diesel(sql_type = diesel::sql_types::Text)]
pub enum Role {
    /// Manages accounts; may also do everything an organiser does.
    Admin,
    /// Creates and owns tournaments, assigns arbiters to them.
    Organiser,
    /// Enters and corrects results of the tournaments they are assigned to.
    Arbiter,
}

impl Role {
    /// Every role, most powerful first.
    pub const ALL: [Role; 3] = [Role::Admin, Role::Organiser, Role::Arbiter];

    /// The stored name (`admin`, `organiser`, `arbiter`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organiser => "organiser",
            Role::Arbiter => "arbiter",
        }
    }

    /// Parses a stored name.
    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.as_str() == text)
    }

    /// True for roles that may create tournaments (organiser and administrator).
    pub fn can_organise(self) -> bool {
        matches!(self, Role::Admin | Role::Organiser)
    }
}

text_enum!(Role);

/// A row of `users`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users)]
pub struct User {
    /// Row id.
    pub id: UserId,
    /// Login name.
    pub username: String,
    /// Name shown on pages.
    pub display_name: String,
    /// argon2 PHC string.
    pub password_hash: String,
    /// What the account may do.
    pub role: Role,
    /// False when disabled by the administrator.
    pub active: bool,
    /// When created.
    pub created_at: time::PrimitiveDateTime,
}

/// A new account.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    /// Login name (unique).
    pub username: &'a str,
    /// Name shown on pages.
    pub display_name: &'a str,
    /// argon2 PHC string (see `web::auth::hash_password`).
    pub password_hash: &'a str,
    /// Role.
    pub role: Role,
}

impl NewUser<'_> {
    /// Inserts the account and returns it. A taken user name is a
    /// `DatabaseError(UniqueViolation, _)`.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<User> {
        diesel::insert_into(users::table)
            .values(self)
            .returning(users::all_columns)
            .get_result(conn)
    }
}

impl User {
    /// How many accounts exist (0 until the first administrator is set up).
    pub fn count(conn: &mut DbConn) -> QueryResult<i64> {
        users::table.count().get_result(conn)
    }

    /// The account with this id.
    pub fn find(conn: &mut DbConn, id: UserId) -> QueryResult<Option<User>> {
        users::table.find(id).first(conn).optional()
    }

    /// The account with this login name.
    pub fn by_username(conn: &mut DbConn, username: &str) -> QueryResult<Option<User>> {
        users::table
            .filter(users::username.eq(username))
            .first(conn)
            .optional()
    }

    /// Every account, by user name.
    pub fn all(conn: &mut DbConn) -> QueryResult<Vec<User>> {
        users::table.order(users::username.asc()).load(conn)
    }

    /// Active accounts with a role, by display name (e.g. arbiters to assign).
    pub fn active_with_role(conn: &mut DbConn, role: Role) -> QueryResult<Vec<User>> {
        users::table
            .filter(users::role.eq(role))
            .filter(users::active.eq(true))
            .order(users::display_name.asc())
            .load(conn)
    }

    /// Enables or disables an account. Disabling ends every session of it
    /// ([`UserSession::end_all`]), so enabling it again brings none back.
    pub fn set_active(conn: &mut DbConn, id: UserId, active: bool) -> QueryResult<usize> {
        conn.transaction(|conn| {
            let changed = diesel::update(users::table.find(id))
                .set(users::active.eq(active))
                .execute(conn)?;
            if !active {
                UserSession::end_all(conn, id)?;
            }
            Ok(changed)
        })
    }

    /// Replaces the password hash and ends every session of the account
    /// ([`UserSession::end_all`]): whoever logged in with the old password is out.
    pub fn set_password_hash(
        conn: &mut DbConn,
        id: UserId,
        password_hash: &str,
    ) -> QueryResult<usize> {
        conn.transaction(|conn| {
            let changed = diesel::update(users::table.find(id))
                .set(users::password_hash.eq(password_hash))
                .execute(conn)?;
            UserSession::end_all(conn, id)?;
            Ok(changed)
        })
    }
}
