//! The tables of the arbiter's record, beside the foundation's `schema.rs`
//! (`migrations/*/2026-11-30-0001xx_*`).

diesel::table! {
    /// Points given or taken outside the games (TRF-2026 `299`), with the arbiter's reason.
    point_adjustments (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The player.
        player_id -> Integer,
        /// The round from whose standings on it counts (NULL: from the start).
        round -> Nullable<Integer>,
        /// Points added, tenths (negative: deducted).
        points -> Integer,
        /// The arbiter's reason.
        reason -> Text,
    }
}

diesel::joinable!(point_adjustments -> super::schema::players (player_id));
use super::schema::{players, users};
diesel::allow_tables_to_appear_in_same_query!(point_adjustments, players);

diesel::table! {
    /// The incident log: the arbiters' decisions, each with its Article and consequence.
    incidents (id) {
        /// Row id.
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The round.
        round -> Integer,
        /// The board, if the incident is of one.
        board -> Nullable<Integer>,
        /// The game of that board, when it has one (no foreign key: unpairing keeps the log).
        game_id -> Nullable<Integer>,
        /// When it happened, `HH:MM` as written.
        occurred_at -> Text,
        /// The arbiter who decided.
        arbiter_id -> Integer,
        /// The Article (`7`, `11`, `12.9.1`…`12.9.9`, `A`, `B`, `G`).
        article -> Text,
        /// The decision.
        decision -> Text,
        /// Its consequence for the clock or the score.
        consequence -> Text,
    }
}

diesel::joinable!(incidents -> super::schema::users (arbiter_id));
diesel::allow_tables_to_appear_in_same_query!(incidents, users);
