//! The tournament-day tables, beside the foundation's `schema.rs`; same migrations
//! folder (`migrations/*/2026-11-21-000070_tournament_day`). Times are Unix seconds (UTC).

diesel::table! {
    /// Swiss rules of a tournament: bye limits, late-entry points, forfeit → withdrawal.
    swiss_settings (tournament_id) {
        /// The tournament.
        tournament_id -> Integer,
        /// Half-point byes per player (0 = not offered).
        max_half_point_byes -> Integer,
        /// Zero-point byes per player (NULL = no limit).
        max_zero_point_byes -> Nullable<Integer>,
        /// No half-point byes in the last this-many rounds.
        no_half_point_byes_in_last_rounds -> Integer,
        /// `zero`, `half` or `half:N` (C.04.2 Art. 2.4).
        late_entry_points -> Text,
        /// A forfeit without notice withdraws the player from later rounds.
        forfeit_withdraws -> Bool,
    }
}

diesel::table! {
    /// When a player takes part: first round (late entry) and withdrawal.
    player_participation (player_id) {
        /// The player.
        player_id -> Integer,
        /// First round the player is paired in.
        first_round -> Integer,
        /// First round the player is no longer paired in (NULL = not withdrawn).
        withdrawn_from -> Nullable<Integer>,
        /// Expelled from the competition (Laws Art. 12.9.9): withdrawn for good.
        expelled -> Bool,
    }
}

diesel::table! {
    /// Requested byes for rounds not yet paired.
    bye_requests (id) {
        /// Row id.
        id -> Integer,
        /// The player.
        player_id -> Integer,
        /// The round.
        round -> Integer,
        /// `H` or `Z`.
        kind -> Text,
    }
}

diesel::table! {
    /// When the arbiter started a round (Art. 6.7 counts from here).
    round_starts (round_id) {
        /// The round.
        round_id -> Integer,
        /// Unix seconds.
        started_at -> BigInt,
    }
}

diesel::table! {
    /// A player's arrival at the board.
    check_ins (game_id, colour) {
        /// The game.
        game_id -> Integer,
        /// `white` or `black`.
        colour -> Text,
        /// Unix seconds.
        checked_at -> BigInt,
    }
}

diesel::table! {
    /// Players' own result reports, with the per-board secret tokens.
    board_reports (game_id) {
        /// The game.
        game_id -> Integer,
        /// SHA-256 (hex) of White's secret token (the token itself is never stored).
        white_token -> Text,
        /// SHA-256 (hex) of Black's secret token.
        black_token -> Text,
        /// White's report (`1-0`, `1/2-1/2`, `0-1`).
        white_report -> Nullable<Text>,
        /// Black's report.
        black_report -> Nullable<Text>,
        /// The result the arbiter approved.
        approved -> Nullable<Text>,
        /// The nonce the tokens were derived from ([`crate::tournament::self_report::LinkKey`]);
        /// NULL for tokens made before they were derived.
        token_nonce -> Nullable<Text>,
    }
}

diesel::table! {
    /// The game score (PGN movetext or a move list) entered for a game.
    game_scores (game_id) {
        /// The game.
        game_id -> Integer,
        /// As entered.
        movetext -> Text,
        /// The piece letters it was written with (`en`, `cs`, ...; migration 2026-11-22-000200).
        lang -> Text,
        /// `entered` (by the arbiter) or `live` (the board's log; migration 2026-12-12-000200).
        source -> Text,
        /// The result a live game proposes (`1-0`, `0-1`, `1/2-1/2`).
        proposed_result -> Nullable<Text>,
        /// The alert that ended the live game (`checkmate`, `fivefold`, ...).
        proposed_by -> Nullable<Text>,
    }
}

diesel::table! {
    /// The date and start time of each round (migration 2026-11-27-000500).
    round_schedule (tournament_id, round) {
        /// The tournament.
        tournament_id -> Integer,
        /// The round (1-based).
        round -> Integer,
        /// Its date.
        round_date -> Date,
        /// Its start time, when announced.
        start_time -> Nullable<Time>,
    }
}

diesel::joinable!(check_ins -> super::schema::games (game_id));
diesel::joinable!(board_reports -> super::schema::games (game_id));
diesel::joinable!(game_scores -> super::schema::games (game_id));
diesel::joinable!(player_participation -> super::schema::players (player_id));
diesel::joinable!(bye_requests -> super::schema::players (player_id));
use super::schema::players;
diesel::allow_tables_to_appear_in_same_query!(player_participation, players);
diesel::allow_tables_to_appear_in_same_query!(bye_requests, players);
