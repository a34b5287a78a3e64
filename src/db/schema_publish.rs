//! The tables of publishing (`migrations/*/2026-12-05-000100_publishing`): on the public
//! server the organisers' keys and the pushed events, on the venue the target of each
//! tournament and the outbox.

diesel::table! {
    /// Each tournament's stable public id (one row per tournament, made with it).
    tournament_public_ids (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// 32 hex digits: the event in `/api/v1/events/{id}` on the venue and on every server
        /// it is published to.
        public_id -> Text,
    }
}

diesel::table! {
    /// An organiser's publishing keys (only their SHA-256 is kept).
    publishing_keys (id) {
        /// Row id.
        id -> Integer,
        /// The organiser whose events the key may publish.
        owner_id -> Integer,
        /// The organiser's name for it (the venue, the laptop).
        label -> Text,
        /// SHA-256 of the key, hex.
        token_hash -> Text,
        /// When it was made.
        created_at -> Timestamp,
        /// When it was revoked (NULL: valid).
        revoked_at -> Nullable<Timestamp>,
        /// When a push last used it.
        last_used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// The newest state a venue pushed of each event (the public server's copy).
    published_events (public_id) {
        /// The event's stable public id.
        public_id -> Text,
        /// The organiser who owns it (the key's owner at the first push).
        owner_id -> Integer,
        /// The key of the newest push.
        key_id -> Integer,
        /// The venue's revision of the document stored.
        revision -> BigInt,
        /// The event's name (for the list and its search).
        name -> Text,
        /// Its place.
        place -> Text,
        /// Its first day.
        start_date -> Date,
        /// Its last day.
        end_date -> Date,
        /// The document as served (canonical JSON, with its published-at stamp).
        document -> Text,
        /// When this revision was accepted.
        published_at -> Timestamp,
        /// The organising federation (three letters, possibly empty), for the list's filter.
        federation -> Text,
    }
}

diesel::table! {
    /// Where a venue's tournament is published to, and how its last pushes went.
    publish_targets (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// The public server's address (`https://chess.example.org`).
        url -> Text,
        /// The publishing key, as the public server gave it (the venue must send it).
        key -> Text,
        /// The newest revision the public server acknowledged.
        pushed_revision -> Nullable<BigInt>,
        /// When it did.
        pushed_at -> Nullable<Timestamp>,
        /// Since when pushes fail (NULL: the last one succeeded).
        failing_since -> Nullable<Timestamp>,
        /// Failed attempts since the last success.
        attempts -> Integer,
        /// Not before this time (the back-off), NULL: at once.
        next_attempt_at -> Nullable<Timestamp>,
        /// Why the last attempt failed.
        last_error -> Text,
    }
}

diesel::table! {
    /// The venue's outbox: a revision of a tournament waiting to be published.
    publish_outbox (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// Its revision after the change.
        revision -> BigInt,
        /// When the change was made.
        queued_at -> Timestamp,
    }
}

use super::schema::tournaments;
diesel::joinable!(tournament_public_ids -> tournaments (tournament_id));
diesel::allow_tables_to_appear_in_same_query!(tournament_public_ids, tournaments);
diesel::allow_tables_to_appear_in_same_query!(publish_targets, publish_outbox);
