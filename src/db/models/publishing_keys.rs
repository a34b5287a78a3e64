//! `publishing_keys`: an organiser's keys for pushing events from a venue to this server (the
//! public server). A key is 32 random bytes shown once as 64 hex digits after the prefix
//! [`KEY_PREFIX`]; only its SHA-256 is stored ([`token_digest`], as the self-report codes and
//! kept uploads keep theirs). It publishes only its owner's events, and a revoked key stays
//! (with `revoked_at`) so that what it pushed keeps its author. Written by
//! [`crate::db::store::create_publishing_key`] and [`crate::db::store::revoke_publishing_key`].

use diesel::prelude::*;
use rand::RngCore;

use crate::db::DbConn;
use crate::db::models::{UserId, integer_id};
use crate::db::schema_publish::publishing_keys;
use crate::tournament::self_report::token_digest;

integer_id!(
    /// Id of a row in `publishing_keys`.
    PublishingKeyId
);

/// What every key starts with (so a key pasted in the wrong field is recognisable).
pub const KEY_PREFIX: &str = "arbk_";

/// A new key in clear: the prefix and 64 hex digits.
pub fn new_key() -> String {
    let mut random = [0u8; 32];
    rand::rng().fill_bytes(&mut random);
    format!("{KEY_PREFIX}{}", hex::encode(random))
}

/// A stored key.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = publishing_keys)]
pub struct PublishingKey {
    /// Row id.
    pub id: PublishingKeyId,
    /// The organiser whose events it publishes.
    pub owner_id: UserId,
    /// The organiser's name for it.
    pub label: String,
    /// When it was made.
    pub created_at: time::PrimitiveDateTime,
    /// When it was revoked.
    pub revoked_at: Option<time::PrimitiveDateTime>,
    /// When a push last used it.
    pub last_used_at: Option<time::PrimitiveDateTime>,
}

/// A key to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = publishing_keys)]
pub struct NewPublishingKey<'a> {
    /// Its owner.
    pub owner_id: UserId,
    /// Its label.
    pub label: &'a str,
    /// [`token_digest`] of the key.
    pub token_hash: String,
    /// Now.
    pub created_at: time::PrimitiveDateTime,
}

impl NewPublishingKey<'_> {
    /// Inserts the key (inside the caller's transaction) and returns its row.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<PublishingKey> {
        diesel::insert_into(publishing_keys::table)
            .values(self)
            .execute(conn)?;
        publishing_keys::table
            .filter(publishing_keys::token_hash.eq(&self.token_hash))
            .select(PublishingKey::as_select())
            .first(conn)
    }
}

impl PublishingKey {
    /// The key whose clear text is `key`, revoked or not.
    pub fn by_key(conn: &mut DbConn, key: &str) -> QueryResult<Option<PublishingKey>> {
        publishing_keys::table
            .filter(publishing_keys::token_hash.eq(token_digest(key)))
            .select(PublishingKey::as_select())
            .first(conn)
            .optional()
    }

    /// The key with this id.
    pub fn find(conn: &mut DbConn, id: PublishingKeyId) -> QueryResult<Option<PublishingKey>> {
        publishing_keys::table
            .find(id)
            .select(PublishingKey::as_select())
            .first(conn)
            .optional()
    }

    /// `owner`'s keys, newest first.
    pub fn of_owner(conn: &mut DbConn, owner: UserId) -> QueryResult<Vec<PublishingKey>> {
        publishing_keys::table
            .filter(publishing_keys::owner_id.eq(owner))
            .order(publishing_keys::id.desc())
            .select(PublishingKey::as_select())
            .load(conn)
    }

    /// Marks the key revoked now, unless it already is; the rows changed.
    pub fn revoke(conn: &mut DbConn, id: PublishingKeyId) -> QueryResult<usize> {
        diesel::update(
            publishing_keys::table
                .find(id)
                .filter(publishing_keys::revoked_at.is_null()),
        )
        .set(publishing_keys::revoked_at.eq(crate::db::now()))
        .execute(conn)
    }

    /// Notes that a push used the key now.
    pub fn touch(conn: &mut DbConn, id: PublishingKeyId) -> QueryResult<usize> {
        diesel::update(publishing_keys::table.find(id))
            .set(publishing_keys::last_used_at.eq(crate::db::now()))
            .execute(conn)
    }

    /// True while the key may publish.
    pub fn is_valid(&self) -> bool {
        self.revoked_at.is_none()
    }
}
