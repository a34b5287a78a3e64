//! The tables of live games from electronic boards (`migrations/*/2026-12-12-000100_live_games`):
//! a tournament's feed key and broadcast delay, and each board's log.

diesel::table! {
    /// A tournament's live settings (none: no feed key, the default delay).
    live_settings (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// SHA-256 of the feed key (NULL: none or revoked).
        feed_key_hash -> Nullable<Text>,
        /// The public broadcast's delay in minutes.
        delay_minutes -> Integer,
    }
}

diesel::table! {
    /// Each board's log: board events and the arbiter's corrections, in order.
    live_events (id) {
        /// Row id (the log's order).
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The round.
        round -> Integer,
        /// The board number.
        board -> Integer,
        /// When the server received it, Unix milliseconds.
        received_at -> BigInt,
        /// The entry ([`crate::formats::live_feed::LogEntry`] as JSON).
        entry -> Text,
        /// Who made an operator's entry (NULL for the board's).
        user_id -> Nullable<Integer>,
    }
}

use super::schema::tournaments;
diesel::joinable!(live_settings -> tournaments (tournament_id));
diesel::joinable!(live_events -> tournaments (tournament_id));

diesel::table! {
    /// A round's games followed live at a venue, as it pushed them to this public server
    /// (`migrations/*/2026-12-12-000300_pushed_live`; [`crate::formats::public_live`]).
    pushed_live (public_id, round) {
        /// The event's public id.
        public_id -> Text,
        /// The round.
        round -> Integer,
        /// The document as received.
        document -> Text,
        /// When it was received, Unix milliseconds.
        received_at -> BigInt,
    }
}
