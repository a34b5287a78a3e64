//! Publishing to a public server, as pages show it: the section of the tournament page (the
//! target, "published up to revision N, X min ago" or "offline since 14:02, K changes
//! waiting", the Publish-now button) and the organiser's page of publishing keys.

use crate::db::models::publishing_keys::PublishingKey;
use crate::db::read::publishing::PublishingStatus;
use crate::tournament::time_zone::local_text;
use crate::web::PageContext;
use askama::Template;

/// The publishing section of the tournament page (its managers only).
#[derive(Debug, Clone, Default)]
pub struct PublishingSection {
    /// The public server's address, empty when not published anywhere.
    pub url: String,
    /// Where the pushes stand, in the page's language; empty when not published anywhere.
    pub status: String,
    /// Pushes are failing.
    pub offline: bool,
    /// The last failure's reason, empty if none.
    pub last_error: String,
}

impl PublishingSection {
    /// The section for `status` (`None`: not published anywhere) in the event's `zone`.
    pub fn new(ctx: &PageContext, zone: &str, status: Option<&PublishingStatus>) -> Self {
        let Some(status) = status else {
            return PublishingSection::default();
        };
        let target = &status.target;
        let waiting = u64::try_from(status.waiting.changes).unwrap_or(0);
        let text = match (
            target.failing_since,
            target.pushed_revision,
            target.pushed_at,
        ) {
            (Some(since), _, _) => ctx.lang.t_count(
                "publish.offline",
                waiting,
                &[("since", &local_text(zone, since))],
            ),
            (None, Some(revision), Some(at)) if waiting == 0 => {
                let minutes = (crate::db::now() - at).whole_minutes().max(0);
                ctx.lang.t_count(
                    "publish.pushed",
                    u64::try_from(minutes).unwrap_or(0),
                    &[("revision", &revision.to_string())],
                )
            }
            _ => ctx.lang.t_count("publish.waiting", waiting.max(1), &[]),
        };
        PublishingSection {
            url: target.url.clone(),
            status: text,
            offline: target.failing_since.is_some(),
            last_error: target.last_error.clone(),
        }
    }
}

/// One key on the keys page.
#[derive(Debug, Clone)]
pub struct KeyRow {
    /// Id (for the revoke form).
    pub id: i32,
    /// Label.
    pub label: String,
    /// When made, `2026-11-28 14:05` (UTC).
    pub created: String,
    /// When last used, empty if never.
    pub last_used: String,
    /// Revoked?
    pub revoked: bool,
}

impl From<&PublishingKey> for KeyRow {
    fn from(key: &PublishingKey) -> Self {
        KeyRow {
            id: key.id.0,
            label: key.label.clone(),
            created: local_text("UTC", key.created_at),
            last_used: key
                .last_used_at
                .map(|at| local_text("UTC", at))
                .unwrap_or_default(),
            revoked: key.revoked_at.is_some(),
        }
    }
}

/// The organiser's page of publishing keys (`/account/keys`).
#[derive(Template)]
#[template(path = "keys/list.html")]
pub struct KeysPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The organiser's keys, newest first.
    pub keys: Vec<KeyRow>,
    /// A key just made, shown this once.
    pub new_key: Option<String>,
    /// The address of this server, for the venue's settings.
    pub server_url: String,
}
