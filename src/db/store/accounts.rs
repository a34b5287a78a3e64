//! Accounts: the first administrator, accounts the administrator creates, deactivates and
//! gives a new password, and a user's own new password. These belong to no tournament: no
//! revision bump and no tournament audit row, but each is one transaction (the first
//! administrator is created at most once, however many setup forms arrive together).
//! Passwords arrive hashed (argon2, by the web layer).

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use super::StoreError;
use crate::db::models::{NewUser, Role, Setting, User, UserId};
use crate::db::{DbConn, write_transaction};

/// The setting written together with the first administrator; a second concurrent setup
/// fails on its primary key.
pub const SETUP_DONE_SETTING: &str = "setup_done";

/// Creates the first administrator, once: `None` when an account exists already (another
/// setup form won).
pub fn create_first_admin(
    conn: &mut DbConn,
    account: NewUser<'_>,
) -> Result<Option<User>, StoreError> {
    let created = write_transaction(conn, |conn| -> Result<Option<User>, DieselError> {
        if User::count(conn)? > 0 {
            return Ok(None);
        }
        diesel::insert_into(crate::db::schema::settings::table)
            .values(Setting {
                name: SETUP_DONE_SETTING.to_owned(),
                value: "1".to_owned(),
            })
            .execute(conn)?;
        let admin = NewUser {
            role: Role::Admin,
            ..account
        };
        Ok(Some(admin.insert(conn)?))
    });
    match created {
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(None),
        other => Ok(other?),
    }
}

/// Creates an account: `None` when the user name is taken.
pub fn create_account(conn: &mut DbConn, account: NewUser<'_>) -> Result<Option<User>, StoreError> {
    match write_transaction(conn, |conn| account.insert(conn)) {
        Ok(user) => Ok(Some(user)),
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(None),
        Err(error) => Err(error.into()),
    }
}

/// Activates or deactivates an account; `NotFound` when there is none.
pub fn set_account_active(conn: &mut DbConn, id: UserId, active: bool) -> Result<(), StoreError> {
    write_transaction(conn, |conn| match User::set_active(conn, id, active)? {
        0 => Err(StoreError::NotFound),
        _ => Ok(()),
    })
}

/// Gives an account a new password (hashed); the account, or `NotFound`.
pub fn set_password(
    conn: &mut DbConn,
    id: UserId,
    password_hash: &str,
) -> Result<User, StoreError> {
    write_transaction(conn, |conn| {
        let user = User::find(conn, id)?.ok_or(StoreError::NotFound)?;
        User::set_password_hash(conn, id, password_hash)?;
        Ok(user)
    })
}
