//! The tables of the players' desk (`migrations/*/2026-12-07-000100_players_desk`):
//! self-registration, check-in before a round, players' requests.

diesel::table! {
    /// The organiser's settings of the desk (one row per tournament; none: all off).
    desk_settings (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// The public form takes entries.
        registration_open -> Bool,
        /// The last day of registration.
        deadline -> Nullable<Date>,
        /// The most players entered; beyond it entries wait.
        capacity -> Nullable<Integer>,
        /// The currency of the fees.
        currency -> Text,
        /// The base fee (hundredths).
        base_fee -> BigInt,
        /// Juniors are under this age (0: no junior fee).
        junior_under -> Integer,
        /// The juniors' fee.
        junior_fee -> BigInt,
        /// Seniors are this age or more (0: no senior fee).
        senior_from -> Integer,
        /// The seniors' fee.
        senior_fee -> BigInt,
        /// Titled players' fee (NULL: the others' rules).
        titled_fee -> Nullable<BigInt>,
        /// `none`, `first` or `every` ([`crate::tournament::desk::CheckInRule`]).
        check_in -> Text,
        /// `not_paired` or `paired` ([`crate::tournament::desk::AbsentRule`]).
        absent_rule -> Text,
        /// SHA-256 of the venue check-in page's link (NULL: none or revoked).
        check_in_link -> Nullable<Text>,
    }
}

diesel::table! {
    /// Self-registrations.
    entries (id) {
        /// Row id (the order entries came in).
        id -> Integer,
        /// The tournament.
        tournament_id -> Integer,
        /// The player the entry became (NULL while waiting, or after a withdrawal before the start).
        player_id -> Nullable<Integer>,
        /// `entered`, `waiting` or `withdrawn`.
        status -> Text,
        /// "Surname, Given".
        name -> Text,
        /// FIDE ID.
        fide_id -> Nullable<BigInt>,
        /// National ID.
        national_id -> Text,
        /// Year of birth.
        birth_year -> Nullable<Integer>,
        /// `m`, `w` or empty.
        sex -> Text,
        /// FIDE title.
        title -> Text,
        /// Rating (0: unrated).
        rating -> Integer,
        /// Federation.
        federation -> Text,
        /// Club.
        club -> Text,
        /// The entrant's language (the answers to their requests are shown in it).
        lang -> Text,
        /// The fee due (hundredths).
        fee_due -> BigInt,
        /// `unpaid`, `paid` or `waived`.
        fee_mark -> Text,
        /// SHA-256 of the entrant's personal link (NULL: revoked).
        link_hash -> Nullable<Text>,
        /// When the entry came.
        created_at -> Timestamp,
    }
}

diesel::table! {
    /// Presence confirmed before a round.
    round_presence (player_id, round) {
        /// The player.
        player_id -> Integer,
        /// The round.
        round -> Integer,
        /// Unix seconds.
        checked_at -> BigInt,
        /// `link`, `venue` or `desk`.
        via -> Text,
    }
}

diesel::table! {
    /// Players' requests to the arbiter.
    player_requests (id) {
        /// Row id.
        id -> Integer,
        /// The entry asking.
        entry_id -> Integer,
        /// `bye`, `withdraw` or `correction`.
        kind -> Text,
        /// The round of a bye.
        round -> Nullable<Integer>,
        /// `H` or `Z` for a bye.
        bye_kind -> Text,
        /// The correction asked for, in the player's words.
        detail -> Text,
        /// `pending`, `approved` or `refused`.
        state -> Text,
        /// The arbiter's note with the answer.
        answer -> Text,
        /// When it was asked.
        created_at -> Timestamp,
    }
}

use super::schema::{players, tournaments};
diesel::joinable!(desk_settings -> tournaments (tournament_id));
diesel::joinable!(entries -> tournaments (tournament_id));
diesel::joinable!(round_presence -> players (player_id));
diesel::joinable!(player_requests -> entries (entry_id));
diesel::allow_tables_to_appear_in_same_query!(entries, player_requests);
diesel::allow_tables_to_appear_in_same_query!(round_presence, players);
