//! The writes of publishing. On the public server: an organiser's publishing keys
//! ([`create_publishing_key`], [`revoke_publishing_key`]) and the state a venue pushes
//! ([`apply_push`]: in one transaction, never backwards). On the venue: a tournament's target
//! ([`set_publish_target`], [`remove_publish_target`], a store write like any other: revision
//! bump and audit row), the Publish-now button ([`publish_now`]) and the pusher's record of
//! each attempt ([`record_pushed`], [`record_failed`]).
//!
//! The outbox row of every change is written by the store's frame itself (`write_within` in
//! this module's parent): whenever a tournament with a target changes, its new revision is
//! queued in the same transaction.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

use super::StoreError;
use crate::db::models::publish_outbox;
use crate::db::models::publish_targets::PublishTarget;
use crate::db::models::published_events::PublishedEvent;
use crate::db::models::publishing_keys::{
    NewPublishingKey, PublishingKey, PublishingKeyId, new_key,
};
use crate::db::models::pushed_live::PushedLive;
use crate::db::models::tournament_public_ids::tournament_of;
use crate::db::models::{NewAuditEntry, TournamentId, TournamentRow, User, UserId};
use crate::db::{DbConn, write_transaction};
use crate::formats::public_live::PublicLive;
use crate::formats::public_state::PublicState;
use crate::tournament::self_report::token_digest;

/// The longest label of a key, in characters.
pub const MAX_KEY_LABEL: usize = 100;

/// Makes a publishing key for `owner` labelled `label`: the key in clear (shown once, never
/// stored) and its row.
pub fn create_publishing_key(
    conn: &mut DbConn,
    owner: UserId,
    label: &str,
) -> Result<(String, PublishingKey), StoreError> {
    let key = new_key();
    let label: String = label.trim().chars().take(MAX_KEY_LABEL).collect();
    let row = write_transaction(conn, |conn| {
        NewPublishingKey {
            owner_id: owner,
            label: &label,
            token_hash: token_digest(&key),
            created_at: crate::db::now(),
        }
        .insert(conn)
    })?;
    tracing::info!(owner = owner.0, key = row.id.0, "publishing key created");
    Ok((key, row))
}

/// Revokes `owner`'s key `id` (404 for another organiser's key or none); revoking a revoked
/// key changes nothing.
pub fn revoke_publishing_key(
    conn: &mut DbConn,
    owner: UserId,
    id: PublishingKeyId,
) -> Result<(), StoreError> {
    write_transaction(conn, |conn| {
        let key = PublishingKey::find(conn, id)?.ok_or(StoreError::NotFound)?;
        if key.owner_id != owner {
            return Err(StoreError::NotFound);
        }
        PublishingKey::revoke(conn, id)?;
        Ok(())
    })?;
    tracing::info!(owner = owner.0, key = id.0, "publishing key revoked");
    Ok(())
}

/// Sets where `tournament` is published (the public server's `url` and the organiser's `key`
/// there), replacing the target before; its revision is queued at once.
pub fn set_publish_target(
    conn: &mut DbConn,
    tournament: TournamentId,
    url: &str,
    key: &str,
    by: Option<UserId>,
) -> Result<(), StoreError> {
    super::write(conn, tournament, by, |conn, audit| {
        let before = PublishTarget::find(conn, tournament)?;
        PublishTarget::set(conn, tournament, url, key)?;
        audit.push(NewAuditEntry {
            action: "publish_target",
            old_value: before.map(|target| target.url),
            new_value: Some(url.to_owned()),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Stops publishing `tournament` (its waiting revisions are dropped).
pub fn remove_publish_target(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: UserId,
) -> Result<(), StoreError> {
    super::write(conn, tournament, Some(by), |conn, audit| {
        let before = PublishTarget::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        PublishTarget::remove(conn, tournament)?;
        let revision = TournamentRow::revision(conn, tournament)?.unwrap_or(0);
        publish_outbox::acknowledge(conn, tournament, revision)?;
        audit.push(NewAuditEntry {
            action: "publish_target",
            old_value: Some(before.url),
            new_value: None,
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// The Publish-now button: the tournament's current revision is queued (even when nothing
/// waits) and the back-off lifted, so the pusher sends it at its next turn.
pub fn publish_now(conn: &mut DbConn, tournament: TournamentId) -> Result<(), StoreError> {
    write_transaction(conn, |conn| {
        if !PublishTarget::exists(conn, tournament)? {
            return Err(StoreError::NotFound);
        }
        let revision = TournamentRow::revision(conn, tournament)?.ok_or(StoreError::NotFound)?;
        publish_outbox::queue(conn, tournament, revision)?;
        PublishTarget::due_now(conn, tournament)?;
        Ok(())
    })
}

/// The pusher's record of an acknowledged push of `revision`: the outbox rows up to it go.
pub fn record_pushed(
    conn: &mut DbConn,
    tournament: TournamentId,
    revision: i64,
) -> Result<(), StoreError> {
    write_transaction(conn, |conn| {
        PublishTarget::pushed(conn, tournament, revision, crate::db::now())?;
        publish_outbox::acknowledge(conn, tournament, revision)?;
        Ok(())
    })
}

/// The pusher's record of a failed attempt: the next after `delay`, the first failure's time
/// kept.
pub fn record_failed(
    conn: &mut DbConn,
    tournament: TournamentId,
    delay: time::Duration,
    error: &str,
) -> Result<(), StoreError> {
    write_transaction(conn, |conn| {
        let target = PublishTarget::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        let now = crate::db::now();
        let since = target.failing_since.unwrap_or(now);
        let error: String = error.chars().take(500).collect();
        PublishTarget::failed(conn, tournament, since, now + delay, &error)?;
        Ok(())
    })
}

/// What became of a push.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PushOutcome {
    /// The revision is newer than the one stored: it is now the one served.
    Applied {
        /// The revision stored before (`None`: the event's first push).
        previous: Option<i64>,
    },
    /// The revision is not newer than the one stored: nothing changed.
    Ignored {
        /// The revision stored.
        stored: i64,
    },
}

/// Why a push was refused; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PushRefusal {
    /// No such key.
    UnknownKey,
    /// The key was revoked.
    RevokedKey,
    /// The key's organiser is disabled.
    DisabledOrganiser,
    /// The event was first published by another organiser.
    OtherOrganiser,
    /// The event is run on this server itself: a push cannot replace it.
    LocalEvent,
    /// Another push of the event was being applied at the same moment: send it again.
    Busy,
    /// Live games of an event whose state was never pushed here.
    NotPushed,
}

/// A push refused, or the database failing.
#[derive(Debug)]
pub enum PushError {
    /// The database failed.
    Db(DieselError),
    /// Refused; nothing written.
    Refused(PushRefusal),
}

impl From<DieselError> for PushError {
    fn from(error: DieselError) -> Self {
        PushError::Db(error)
    }
}

/// The publishing key `key` of a push of event `id`, checked inside the push's transaction:
/// known, not revoked, its organiser active, and the event not one run on this server.
fn pushing_key(conn: &mut DbConn, key: &str, id: &str) -> Result<PublishingKey, PushError> {
    let refuse = |refusal| Err(PushError::Refused(refusal));
    let Some(key) = PublishingKey::by_key(conn, key)? else {
        return refuse(PushRefusal::UnknownKey);
    };
    if !key.is_valid() {
        return refuse(PushRefusal::RevokedKey);
    }
    if !User::find(conn, key.owner_id)?.is_some_and(|owner| owner.active) {
        return refuse(PushRefusal::DisabledOrganiser);
    }
    if tournament_of(conn, id)?.is_some() {
        return refuse(PushRefusal::LocalEvent);
    }
    Ok(key)
}

/// Applies a venue's push of `state` (already checked by [`PublicState::parse`]) under the
/// publishing key `key`, in one transaction: the key must be valid and its owner's the event
/// (the organiser of its first push); a revision not newer than the stored one is
/// acknowledged and ignored; a newer one replaces it whole, stamped `published_at` = now.
pub fn apply_push(
    conn: &mut DbConn,
    key: &str,
    state: &PublicState,
) -> Result<PushOutcome, PushError> {
    let start_date = state.start_date().unwrap_or(time::Date::MIN);
    let end_date = state.end_date().unwrap_or(time::Date::MIN);
    let outcome = write_transaction(conn, |conn| {
        let refuse = |refusal| Err(PushError::Refused(refusal));
        let key = pushing_key(conn, key, &state.id)?;
        let stored = PublishedEvent::find(conn, &state.id)?;
        if let Some(stored) = &stored {
            if stored.owner_id != key.owner_id {
                return refuse(PushRefusal::OtherOrganiser);
            }
            if stored.revision >= state.revision {
                return Ok(PushOutcome::Ignored {
                    stored: stored.revision,
                });
            }
        }
        let now = crate::db::now();
        let mut served = state.clone();
        served.published_at = Some(stamp(now));
        let row = PublishedEvent {
            public_id: state.id.clone(),
            owner_id: key.owner_id,
            key_id: key.id,
            revision: state.revision,
            name: state.event.name.clone(),
            place: state.event.place.clone(),
            start_date,
            end_date,
            document: served.to_json(),
            published_at: now,
            federation: state.event.federation.clone(),
        };
        let previous = stored.as_ref().map(|stored| stored.revision);
        match previous {
            None => {
                row.insert(conn)?;
            }
            Some(revision) => {
                if row.replace_if_older(conn, state.revision)? == 0 {
                    return Ok(PushOutcome::Ignored { stored: revision });
                }
            }
        }
        PublishingKey::touch(conn, key.id)?;
        Ok(PushOutcome::Applied { previous })
    });
    match outcome {
        Err(PushError::Db(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _))) => {
            Err(PushError::Refused(PushRefusal::Busy))
        }
        other => other,
    }
}

/// Applies a venue's push of a round's live games (already checked by [`PublicLive::parse`])
/// under the publishing key `key`, in one transaction: the key must be valid, its owner the
/// event's, and the event's state pushed here before; the round's document replaces the one
/// before. Nothing else changes (no revision: the page cache is not concerned, these pages
/// are read as they are asked for).
pub fn apply_live_push(conn: &mut DbConn, key: &str, live: &PublicLive) -> Result<(), PushError> {
    write_transaction(conn, |conn| {
        let refuse = |refusal| Err(PushError::Refused(refusal));
        let key = pushing_key(conn, key, &live.id)?;
        let Some(stored) = PublishedEvent::find(conn, &live.id)? else {
            return refuse(PushRefusal::NotPushed);
        };
        if stored.owner_id != key.owner_id {
            return refuse(PushRefusal::OtherOrganiser);
        }
        PushedLive {
            public_id: live.id.clone(),
            round: i32::try_from(live.round).unwrap_or(i32::MAX),
            document: live.to_json(),
            received_at: crate::db::now_millis(),
        }
        .save(conn)?;
        Ok(())
    })
}

/// A moment as the document's `published_at` writes it: RFC 3339 in UTC, whole seconds.
pub fn stamp(at: time::PrimitiveDateTime) -> String {
    let format =
        time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");
    at.format(format).unwrap_or_default()
}
